"""Two Mists' table: the front-end that shows a seat's view of 2つの霧 (game/mists) in the shell.

Modules: ``words`` (names of seats, characters, cards), ``logtext`` (the log in sentences),
``endtext`` (the end explained), ``deduce`` (the deduction aid, TM-12.6), ``hints`` (greyed
cards with their reasons, previews of a take), ``rules_text`` (the Rules screen's pages).
Each reads only a seat's view (or the spectator's) and redacted events.
"""
