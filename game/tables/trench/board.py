"""Trench War's side of the input map: which cell a click means for each action (pure).

A soldier's action is reached by clicking the soldier, then the cell it points at:
where a step, tunnel or dash ends, the cell turned towards, the build cell, the
front cell for a gun shot, a gas shot ahead or a collect, the soldier's own cell
for what it does to itself (dig, mask, drug, switch, gas here, escape), the ally
a belonging goes to.  Seat actions naming a cell (base, placements, remote dig,
a boat's landing cell) are clicked directly.  Everything else is a button.
"""

from __future__ import annotations

from game.trench.geometry import NEIGHBOUR, parse_cell

_CELL_VERBS = ("base", "food", "cube", "civilian", "village", "dig", "boat")


def _soldier(view, sid):
    for s in view.soldiers:
        if s.sid == sid:
            return s
    return None


def _ahead(cell, d, n=1):
    for _ in range(n):
        if cell is None:
            return None
        cell = NEIGHBOUR[cell][d]
    return cell


def target_of(action, view):
    """``("board", actor, cell)``, ``("plot", cards)`` or ``("button",)`` for a Trench War action."""
    verb, args = action.verb, action.args
    if verb == "plot":
        return ("plot", args)
    sid = action.soldier
    if sid is None:  # a seat acts
        if verb in _CELL_VERBS and args and len(args[0]) == 2 and args[0][0] in "abcdefg":
            return ("board", None, parse_cell(args[0]))
        return ("button",)
    s = _soldier(view, sid)
    if s is None or s.cell is None or s.status not in ("board", "boat"):
        if args and isinstance(args[0], str) and len(args[0]) == 2 and args[0][0] in "abcdefg":
            return ("board", None, parse_cell(args[0]))  # e.g. ``S1 boat c1`` during setup
        return ("button",)
    own = s.cell
    boat = s.status == "boat"
    front = own if boat else (_ahead(own, s.facing) if s.facing else None)
    cell = own
    if verb in ("step", "tunnel"):
        cell = own if boat else _ahead(own, args[0])
    elif verb == "dash":
        cell = _ahead(own, s.facing, 1 if boat else 2)
    elif verb == "turn":
        cell = own if boat else _ahead(own, args[0])
    elif verb == "build":
        cell = parse_cell(args[0])
    elif verb == "collect":
        cell = front
    elif verb == "fire":
        last = args[-1] if args else ""
        if last == "here":
            cell = own
        elif len(last) == 2 and last[0] in "abcdefg":
            cell = parse_cell(last)
        else:
            cell = front
    elif verb == "give":
        other = _soldier(view, args[0])
        cell = other.cell if other is not None and other.cell is not None else own
    return ("board", sid, own if cell is None else cell)


def soldier_targets(actions, view, sid) -> set:
    """The cells a click on after soldier ``sid`` would reach among ``actions`` (the viewer's and
    the game screen's highlights alike: one reading of :func:`target_of`)."""
    cells = set()
    for a in actions:
        where = target_of(a, view)
        if where[0] == "board" and where[1] == sid:
            cells.add(where[2])
    return cells
