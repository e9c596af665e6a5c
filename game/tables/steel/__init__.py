"""Smoke Blood Steel's table: the front-end that shows a seat's view of 煙血鋼撃 (game/steel) in the shell.

Modules: ``words`` (seats, distances, sides, names from the card data), ``faces`` (what each card
face shows, drawn from the card data), ``telegraph`` (what a command card or half would do at
the current distance, SB-5.3), ``resolution`` (the turn's items as numbered steps), ``logtext``
(the log in sentences), ``endtext`` (the end explained), ``rules_text`` (the Rules screen).
Each reads only a seat's view (or the spectator's) and redacted events.
"""
