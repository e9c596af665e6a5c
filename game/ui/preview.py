"""Telegraphing: the outcome of an action computed from the viewer's own view (TW-6, TW-8).

``preview(view, action)`` plays the action on a scratch copy of a ``TrenchView`` (never the
full state) with the rules core's own functions (``movement``, ``handling``, ``weapons``,
``gas``) and reads what would happen from the events they emit.  Where a hidden part
matters (the acting weapon is one the viewer has not seen) nothing is simulated: the
preview says ``unknown`` and guesses nothing.

Public API::

    preview(view, action) -> Preview
        # view: game.trench.view.TrenchView (a full TrenchState is refused: TypeError)
        # action: an Action or its text ("S1 step n", "S1 fire destroy", "S gas left", ...)

    @dataclass(frozen=True) Preview:
        action: str
        actor: str | None           # the acting soldier (or seat for seat actions)
        unknown: tuple[str, ...]    # what a hidden part leaves open: () or ("weapon",)
        valid: bool                 # False: the rules refuse it in this view (see ``reason``)
        reason: str | None          # the core's message (rule id first) when not valid
        path: tuple[int, ...]       # the acting piece's cells, start first (step, dash, tunnel)
        escape: bool                # the piece leaves over the far edge (TW-9)
        shifts: tuple[Shift, ...]   # cubes and allies moved, built, collected, dug
        line: tuple[int, ...]       # gun: the cells the shot crosses, in order
        stop: int | None            # gun: the cell where the shot stops (a soldier or a cube)
        target: int | None          # bomb / gas / build / remote-dig cell
        kills: tuple[Kill, ...]     # who would die
        destroyed: tuple[int, ...]  # cells that lose a cube to a shot, bomb or assault
        pickups: tuple[tuple[str, int], ...]   # (sid, cell): items or corpses taken
        gas: tuple[GasRoute, ...]   # where gas tokens go: one route per token and deflection side
        exposed: tuple[Exposure, ...]          # soldiers exposed to gas and the cells where
        choices: tuple[str, ...]    # deflection sides asked of a gas owner: () or ("left","right")
        lines: tuple[str, ...]      # the outcome in words (from TEXT)

    Shift(what, frm, to, sid)       # what: "cube" | "ally"; frm/to cells (None: from/to a stock)
    Kill(sid, cell, cause, side)    # cause: gun, bomb, gas, assault, ...; side: None, "left", "right"
    GasRoute(gid, owner, side, cells, leaves)
        # cells: ((cell, layer), ...) from where it starts; leaves: it blows off the board
    Exposure(sid, cell, outcome, side)      # outcome: "dies" | "mask" (a mask is used up)

    exposure_cells(view, sid) -> tuple[int, ...]
        # the cells where soldier ``sid`` would be exposed to gas if it entered them now:
        # cells holding resting gas (for highlighting while moving)

When a gas token would meet a deflection choice, the action is simulated once for each
choice (the owner's left, then right; later choices in the same movement follow the same
side, as ``game.ui.forecast`` does); results that are the same for both are reported once
(``side`` None).
"""
