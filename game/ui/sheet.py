"""A soldier's sheet and each seat's points by source, as the viewer knows them (TW-9, TW-10).

Reads only a ``TrenchView`` (and optionally the points tally of the viewer's log,
``game.ui.logtext.Log.tally``).  Unseen weapons are ``?``.

Public API::

    soldier_sheet(view, sid) -> Sheet
    @dataclass(frozen=True) Sheet:
        sid, seat, status, cell (int | None), facing
        weapons: tuple[WeaponLine, ...]   # the active one first
        masks: int, mask_on: bool, mask_countdown: int  # turn-ends left to get out of gas (0: none)
        drugs: int, food: int, cubes: int
        corpses: tuple[str, ...]          # carried corpses (sids)
        carrier: str | None               # for a carried corpse: who carries it
        lines: tuple[str, ...]            # the sheet in words (from TEXT)

    WeaponLine(tile, kind, ammo, active, fired)
        # unseen: tile "?", kind "?", ammo None; fired: revealed to all by firing

    seat_scores(view, tally=None) -> list[SeatScore]      # one per seat, in seat order
    @dataclass(frozen=True) SeatScore:
        seat, total,                      # total = the points that count now (view.score)
        kills, bases, corpses, escapes, bonus, penalties, other
        # kills/bases/penalties come from ``tally`` (the log's score and penalty events);
        # without it (or when it does not add up, a log begun mid-game) the rest is ``other``.
        # corpses: carried enemy corpses (0 when they count only at judgement);
        # penalties is a positive number of points lost.
        lines: tuple[str, ...]            # "S: 2 points (kills 1, corpses carried 1)"

    score_line(score) -> str
"""
