"""The game log in words: redacted events -> short sentences grouped by round and turn.

Reads only what ``game.trench.view.redact_events(events, viewer)`` returns for one viewer:
nothing here can tell more than those events hold (hidden information, TW-10).

Public API::

    @dataclass(frozen=True) LogEntry:
        round: int                 # the round it happened in (0: setup)
        seat: str | None           # whose turn it happened in (None: outside a turn)
        kind: str                  # the event kind that opened the entry ("move", "death", ...)
        key: str                   # the template key in TEXT ("move.step.push", ...)
        args: tuple                # the template's arguments as (name, value) pairs
        text: str                  # TEXT[key].format(**args): the sentence shown
        cells: tuple[int, ...]     # board cells it concerns (ints x + 7*y, as in the core)

    @dataclass(frozen=True) LogGroup:
        round: int
        seat: str | None           # the turn's seat, None for setup / round start / between turns
        title: str                 # "Round 5", "Round 5 - S's turn", "Setup"
        entries: tuple[LogEntry, ...]

    class Log:
        Log()                      # an empty log; feed it every redacted event from the game's start
        add(events) -> list[LogEntry]      # append a batch (one applied action's redacted events);
                                           # returns the new entries
        entries -> list[LogEntry]          # all entries so far (property)
        groups() -> list[LogGroup]         # entries grouped by round and turn, oldest first
        tally() -> dict[str, dict[str, int]]
            # points by source seen in the events, per seat: {"kills", "bases", "penalties"}
            # (escapes, the bonus and carried corpses are read from the view: see sheet.py)
        deaths() -> list[LogEntry]         # the death entries ("why did N2 die?")

    describe_events(events) -> list[LogEntry]   # a fresh Log fed with ``events``: its entries
    group_entries(entries) -> list[LogGroup]

Sentences merge the events of one happening: a push and the step that caused it are one
entry ("S1 stepped north to c4, pushing a cube to c5"); a death names its cause, killer and
where the killer stood ("N2 died on d5: shot by S1 from d2", "... gassed by gas 3 of S, fired
by S2 on c4").  The log tracks where pieces stand from the move events it has seen, so a log
fed from the game's start can say where a shooter stood; fed mid-game it leaves that out.

Every player-visible string is a keyed template in ``TEXT`` (named placeholders, one whole
sentence each) so a translation can reorder it.
"""
