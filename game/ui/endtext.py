"""Why the game ended, in words, with every seat's score (TW-9).

Reads only a ``TrenchView`` whose ``result`` is set (the result is public) and, for the
points by source, the viewer's log tally (``game.ui.logtext.Log.tally``).

Public API::

    end_lines(view, tally=None) -> list[str]
        # first the winner(s), then the reason: the target reached, or judgement (the dead
        # reached the limit / the round limit / no soldier left) and which step of the
        # tie-break chain decided it (points, rows advanced, carried enemy corpses, surviving
        # soldiers, ammunition spent, later in the turn order), then one line per seat.
    deciding_step(view) -> tuple[str, tuple] | None
        # judgement only: (step key, ((seat, value), ...)) of the step that decided;
        # step keys: "points", "rows", "corpses", "survivors", "spent", "order"
"""
