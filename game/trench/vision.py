"""TW-10 vision and the gun's line of fire (TW-6.6a), which vision shares.

Soldier A sees B when B is orthogonally adjacent, or stands where A's shot could
hit it on A's facing line, at any range, with no cube between (the gun's layer
rules: from ground the line runs in L2 over trenches; from a trench along a
connected trench in L1, or over the rim when the front cell is ground or wall).
Soldiers never block sight.  Seeing an enemy soldier tells the viewer's player
its weapons (and, hidden teams, its side).  A soldier on a boat sees along its
landing line and is adjacent to its edge cell only [I].
"""

from __future__ import annotations

from . import variants
from .geometry import NEIGHBOUR, cell_name
from .model import BOARD, BOAT, evolve, make_event
from .movement import front_cell, level


def fire_line(state, s, limit: int | None = None):
    """The cells of ``s``'s line of fire: ``(cells, stop)``.

    ``cells`` lists ``(cell, hittable)`` in order (``hittable``: a soldier there
    would be hit; False for a trench cell passed over in L2); ``stop`` is the
    ``(cell, index)`` of the cube that stops the line (index 0 ground layer,
    1 surface layer), or None when it runs out of range or off the board.
    """
    front = front_cell(s)
    if front is None:
        return [], None
    columns = state.columns
    layer = 2 if (level(state, s) == 1 or columns[front]) else 1
    cells = []
    c = front
    while c is not None and (limit is None or len(cells) < limit):
        h = len(columns[c])
        if layer == 2:
            if h >= 2:
                return cells, (c, 1)
            cells.append((c, h == 1))
        else:
            if h >= 1:
                return cells, (c, 0)
            cells.append((c, True))
        c = NEIGHBOUR[c][s.facing]
    return cells, None


def _adjacent(s) -> set:
    """Cells ``s`` sees without a line of fire: its neighbours, or from a boat its edge cell."""
    if s.status == BOAT:
        return {s.cell}
    if s.status == BOARD:
        return {n for n in NEIGHBOUR[s.cell].values() if n is not None}
    return set()


def sight(state, s) -> set:
    """Board cells whose occupant ``s`` sees (TW-10)."""
    if s.status not in (BOARD, BOAT):
        return set()
    seen = _adjacent(s)
    cells, _ = fire_line(state, s)
    seen.update(c for c, hittable in cells if hittable)
    return seen


def sees(state, a, b) -> bool:
    """Does soldier ``a`` see soldier ``b``?"""
    if b.status == BOARD:
        return b.cell in sight(state, a)
    if b.status == BOAT and a.status == BOARD:
        return a.cell == b.cell
    return False


def update(state, events: list) -> None:
    """Tell every player what its soldiers see now: weapons and hidden sides (TW-10)."""
    pieces = []
    on_board = False
    for s in state.soldiers:
        status = s.status
        if (status == BOARD or status == BOAT) and s.seat != "C":
            pieces.append(s)
            if status == BOARD:
                on_board = True
    # Sight needs a piece on the board: from a boat one sees only board cells (TW-10 [I]).
    if len(pieces) < 2 or not on_board:
        return
    # For each seat, the enemy pieces it still has news of (as the pieces stood when the update
    # began: learning only ever removes news, and learning something already known does
    # nothing), in piece order; only that seat's pieces need to look.
    seats = state.seats
    teams = state.teams
    is_ally = state.is_ally
    targets: dict = {}
    for b in pieces:
        owner = b.seat
        side = teams.get(owner) if teams else None
        side_known = None if side is None or side[2] else side[1]  # who knows a hidden side
        for seat in seats:
            # News of b for seat: a weapon not yet public that seat has not seen, or b's side.
            if seat == owner or is_ally(seat, owner):
                continue
            if side_known is None or seat in side_known:
                for w in b.weapons:
                    if not w.public and seat not in w.known:
                        break
                else:
                    continue
            found = targets.get(seat)
            if found is None:
                targets[seat] = [b]
            else:
                found.append(b)
    if not targets:
        return
    for a in pieces:
        seat = a.seat
        found = targets.get(seat)
        if found is None:
            continue
        reach = cells = None  # computed only when a target stands where ``a`` might see it
        for b in found:
            if b.status == BOARD:
                if reach is None:
                    reach = _reach(a)
                if b.cell not in reach:
                    continue
                if cells is None:
                    cells = sight(state, a)
                if b.cell not in cells:
                    continue
            elif not (b.status == BOAT and a.status == BOARD and a.cell == b.cell):
                continue
            learn(state, seat, b.sid, events)


_REACH: dict = {}


def _reach(s) -> frozenset:
    """The cells ``s`` could see on a board without cubes: a superset of ``sight``
    (cubes only cut its line of fire short), fixed by status, cell and facing."""
    key = (s.status, s.cell, s.facing, s.seat)
    reach = _REACH.get(key)
    if reach is None:
        cells = _adjacent(s)
        if s.status in (BOARD, BOAT):
            c = front_cell(s)
            while c is not None:
                cells.add(c)
                c = NEIGHBOUR[c][s.facing]
        reach = _REACH[key] = frozenset(cells)
    return reach


def learn(state, seat: str, sid: str, events: list) -> None:
    """``seat`` learns what soldier ``sid`` holds (and its side, hidden teams)."""
    b = state.soldier(sid)
    new = tuple(w if (w.public or seat in w.known) else evolve(w, known=w.known | {seat})
                for w in b.weapons)
    if new != b.weapons:
        state.put(evolve(b, weapons=new))
        learned = [w.kind for w, old in zip(new, b.weapons) if old is not w]
        events.append(make_event("seen", "" if state.quiet else
                                         f"{seat} sees that {sid} holds {' and '.join(learned)}",
                                 seat=seat, sid=sid, weapons=tuple(learned), cell=b.cell,
                                 seen_by=frozenset({seat})))
    variants.team_seen(state, seat, b.seat, events)


__all__ = ["cell_name", "fire_line", "learn", "sees", "sight", "update"]
