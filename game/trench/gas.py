"""TW-8 gas: placing, flowing with the wind, deflection choices, exposure, masks.

A token moves cell by cell.  It prefers the wind; when the next cell is blocked
(L2: a wall; L1: any cell with a cube, the trench sides), it goes left or right
of the wind (never upwind), the owner choosing when both sides are open; after
such a step it prefers the wind again.  It never enters a cell it visited in the
same movement (one stroke).  Off the board it leaves the game; with no way left,
or in calm, it rests.  L2 gas crossing a hole drops into the trench (L1) and
never climbs out.

Interpretations [I]: the wind card names the direction the gas moves toward
(wind ``n`` carries gas north); a side step off the board is an open side (the
token leaves); a soldier is exposed once per cell per movement (entering and
stopping in the same cell is one exposure); a token that does not move at all
(calm, or boxed in) exposes nobody again; any terrain change on or beside a
resting token makes it move again under the current wind, with a fresh stroke.

A pending deflection choice is ``Pending("gas", owner, (gid, visited, firer, rest))``:
``visited`` the cells of this movement so far (comma-separated names, first the
cell it started from), ``firer`` the soldier that just fired it (or ``-``), and
``rest`` the gids still to move after it (comma-separated, or ``-``).
"""

from __future__ import annotations

from . import casualties
from .geometry import LEFT_OF, NEIGHBOUR, RIGHT_OF, cell_name, parse_cell
from .model import BOARD, GasToken, evolve, make_event
from .state import Pending

WINDS = ("n", "e", "s", "w")


# == pure movement rules =========================================================
def blocked(columns, cell: int, layer: int) -> bool:
    """TW-8: L2 is blocked by a wall (h 2); L1 by any cube (h >= 1)."""
    h = len(columns[cell])
    return h >= 2 if layer == 2 else h >= 1


def _open(columns, cell, layer, visited, direction):
    """``(True, next_or_None)`` if the token can go ``direction`` (None: off the board)."""
    nxt = NEIGHBOUR[cell][direction]
    if nxt is None:
        return True, None
    if nxt in visited or blocked(columns, nxt, layer):
        return False, nxt
    return True, nxt


def step_choices(columns, cell: int, layer: int, visited, wind: str | None):
    """The next step of a moving token.

    Returns ``("rest",)``, ``("go", direction, next_or_None)`` or
    ``("choose", {"left": next_or_None, "right": next_or_None})``.
    """
    if wind not in WINDS:
        return ("rest",)
    ok, nxt = _open(columns, cell, layer, visited, wind)
    if ok:
        return ("go", wind, nxt)
    sides = {}
    for name, d in (("left", LEFT_OF[wind]), ("right", RIGHT_OF[wind])):
        ok, nxt = _open(columns, cell, layer, visited, d)
        if ok:
            sides[name] = (d, nxt)
    if not sides:
        return ("rest",)
    if len(sides) == 1:
        (d, nxt), = sides.values()
        return ("go", d, nxt)
    return ("choose", sides)


def layer_in(columns, cell: int, layer: int) -> int:
    """A token entering a hole drops into L1; L1 stays L1."""
    return 1 if not columns[cell] else layer


def predict_path(st, token, wind=None, policy="left") -> list:
    """Where a token would go under ``wind`` (default: the current wind).

    ``st`` is a state or a view (only the board is read); ``token`` a
    :class:`GasToken` or ``(cell, layer)``; ``policy`` answers deflection
    choices: ``"left"``, ``"right"`` or a callable ``(cell, layer, options) ->
    "left"|"right"``.  Returns ``[(cell, layer), ...]`` from the start; a final
    ``None`` means the token leaves the board.  Nothing is changed.
    """
    cell, layer = (token.cell, token.layer) if isinstance(token, GasToken) else token
    wind = st.wind if wind is None else wind
    columns = st.columns
    path = [(cell, layer)]
    visited = {cell}
    while True:
        choice = step_choices(columns, cell, layer, visited, wind)
        if choice[0] == "rest":
            return path
        if choice[0] == "choose":
            pick = policy(cell, layer, choice[1]) if callable(policy) else policy
            d, nxt = choice[1][pick if pick in choice[1] else sorted(choice[1])[0]]
        else:
            _, d, nxt = choice
        if nxt is None:
            path.append(None)
            return path
        layer = layer_in(columns, nxt, layer)
        cell = nxt
        visited.add(cell)
        path.append((cell, layer))


# == exposure =====================================================================
def expose(state, sid: str, owner: str, gid: int | None, events: list) -> None:
    """TW-8: unmasked, the soldier dies (the gas's owner kills); masked, the mask is used up."""
    s = state.soldier(sid)
    if s.status != BOARD:
        return
    if s.mask_on:
        own_turn = state.turn is not None and state.turn.seat == s.seat
        state.put(evolve(s, mask_on=False, gas_check=2 if own_turn else 1))
        events.append(make_event("mask-used", "" if state.quiet else
                                              f"{sid}'s mask is used up by gas on {cell_name(s.cell)}",
                                 sid=sid, cell=s.cell, gid=gid))
        return
    casualties.kill(state, sid, owner, "gas", events)


def expose_arrival(state, sid: str, cell: int, events: list) -> None:
    """A soldier entered ``cell``: gas resting there exposes it (TW-8)."""
    for token in state.gas:
        if token.cell == cell:
            # One exposure per entry, however many tokens pool there [I].
            expose(state, sid, token.owner, token.gid, events)
            return


def _expose_cell(state, cell: int, token: GasToken, events: list, skip: str | None = None) -> None:
    occ = state.occupant(cell)
    if occ is not None and occ.sid != skip:
        expose(state, occ.sid, token.owner, token.gid, events)


# == moving tokens on the state ======================================================
def _token(state, gid: int) -> GasToken | None:
    for t in state.gas:
        if t.gid == gid:
            return t
    return None


def _set_token(state, token: GasToken | None, gid: int) -> None:
    state.gas = tuple(sorted([t for t in state.gas if t.gid != gid] + ([token] if token else []),
                             key=lambda t: t.gid))


def _names(cells) -> str:
    return ",".join(cell_name(c) for c in cells) if cells else "-"


def _cells(text) -> list:
    text = str(text)
    return [] if text == "-" else [parse_cell(c) for c in text.split(",")]


def _gids(text) -> list:
    text = str(text)
    return [] if text == "-" else [int(g) for g in text.split(",")]


def _move(state, gid: int, visited: list, firer: str | None, rest: list, events: list,
          side: str | None = None) -> bool:
    """Move token ``gid`` until it rests, leaves or needs a choice.  False if a choice is due."""
    token = _token(state, gid)
    if token is None:
        return True
    path = [token.cell]
    while state.result is None:
        cell, layer = token.cell, token.layer
        choice = step_choices(state.columns, cell, layer, set(visited), state.wind)
        if choice[0] == "choose":
            if side is None:
                _flush(state, token, path, events)
                state.pending = state.pending + (Pending("gas", token.owner, (
                    gid, _names(visited), firer or "-", ",".join(map(str, rest)) or "-")),)
                events.append(make_event("gas-choice", "" if state.quiet else
                                                       f"{token.owner} chooses where gas {gid} turns "
                                                       f"on {cell_name(cell)}", gid=gid, cell=cell,
                                         seat=token.owner))
                return False
            d, nxt = choice[1][side]
            side = None
        elif choice[0] == "rest":
            _flush(state, token, path, events)
            start = visited[0]
            if firer and token.cell == start:
                s = state.soldier(firer)
                if s.status == BOARD and s.cell == start:
                    expose(state, firer, token.owner, gid, events)
            return True
        else:
            _, d, nxt = choice
        if nxt is None:
            _flush(state, token, path, events)
            _set_token(state, None, gid)
            events.append(make_event("gas", "" if state.quiet else
                                            f"gas {gid} leaves the board from {cell_name(cell)}",
                                     gid=gid, owner=token.owner, path=(cell,), how="leave",
                                     layer=layer, direction=d))
            return True
        token = evolve(token, cell=nxt, layer=layer_in(state.columns, nxt, layer))
        _set_token(state, token, gid)
        visited.append(nxt)
        path.append(nxt)
        _expose_cell(state, nxt, token, events)
    return True


def _flush(state, token: GasToken, path: list, events: list) -> None:
    """Report the cells a token crossed since the last report."""
    if len(path) > 1:
        events.append(make_event("gas", "" if state.quiet else
                                        f"gas {token.gid} drifts {' '.join(cell_name(c) for c in path)}",
                                 gid=token.gid, owner=token.owner, path=tuple(path), how="flow",
                                 layer=token.layer))
        del path[:-1]


def _run(state, gids: list, events: list) -> None:
    """Move tokens one after another (fresh strokes) until all rest or a choice is due."""
    gids = list(gids)
    while gids and state.result is None:
        gid = gids.pop(0)
        token = _token(state, gid)
        if token is None:
            continue
        if not _move(state, gid, [token.cell], None, gids, events):
            return


def _queue_or_run(state, gids: list, events: list) -> None:
    """Flow ``gids``, or add them to the rest of a gas choice already pending."""
    for i, p in enumerate(state.pending):
        if p.kind == "gas":
            moving = int(p.data[0])
            rest = _gids(p.data[3])
            extra = [g for g in gids if g != moving and g not in rest]
            if extra:
                data = p.data[:3] + (",".join(map(str, rest + extra)),)
                state.pending = state.pending[:i] + (evolve(p, data=data),) + state.pending[i + 1:]
            return
    _run(state, gids, events)


def fire(state, sid: str, owner: str, cell: int, events: list) -> None:
    """TW-6.6b: put a token on ``cell`` in its top layer, expose it (not the firer), then flow."""
    layer = 1 if not state.columns[cell] else 2
    gid = state.next_gid
    state.next_gid += 1
    token = GasToken(gid, owner, cell, layer)
    _set_token(state, token, gid)
    events.append(make_event("gas", "" if state.quiet else
                                    f"gas {gid} is released on {cell_name(cell)}", gid=gid, owner=owner,
                             path=(cell,), how="place", layer=layer))
    _expose_cell(state, cell, token, events, skip=sid)
    if state.result is None:
        _move(state, gid, [cell], sid, [], events)


def choose(state, p: Pending, side: str, events: list) -> None:
    """Resolve a pending deflection choice and keep the token moving."""
    gid = int(p.data[0])
    visited = _cells(p.data[1])
    firer = None if p.data[2] == "-" else str(p.data[2])
    rest = _gids(p.data[3])
    token = _token(state, gid)
    if token is not None:
        events.append(make_event("gas-turn", "" if state.quiet else
                                             f"{p.seat} turns gas {gid} {side}", gid=gid, side=side,
                                 seat=p.seat))
        if not _move(state, gid, visited, firer, rest, events, side=side):
            return
    _run(state, rest, events)


def resume(state, p: Pending, events: list) -> None:
    """A pending deflection with no choice left (its token gone, or the terrain changed):
    the token moves on by itself, then the tokens queued after it."""
    gid = int(p.data[0])
    rest = _gids(p.data[3])
    if _token(state, gid) is not None:
        firer = None if p.data[2] == "-" else str(p.data[2])
        if not _move(state, gid, _cells(p.data[1]), firer, rest, events):
            return
    _run(state, rest, events)


def choice_options(state, p: Pending) -> list[str]:
    token = _token(state, int(p.data[0]))
    if token is None:
        return []
    choice = step_choices(state.columns, token.cell, token.layer, set(_cells(p.data[1])), state.wind)
    return sorted(choice[1]) if choice[0] == "choose" else []


# == hooks called by the rest of the core ==============================================
def terrain_changed(state, cells, events: list) -> None:
    """The terrain at ``cells`` (one cell or a tuple) changed; gas resting on or beside them
    moves again, once, in one batch (TW-8).  Called when the action that changed the terrain
    is complete (revision 2: the mover has arrived, the cube has landed)."""
    if not state.gas:
        return
    near = set()
    for cell in ((cells,) if isinstance(cells, int) else cells):
        near.add(cell)
        near.update(n for n in NEIGHBOUR[cell].values() if n is not None)
    gids = []
    for t in state.gas:
        if t.cell in near:
            if t.layer == 2 and not state.columns[t.cell]:
                _set_token(state, evolve(t, layer=1), t.gid)
                events.append(make_event("gas", "" if state.quiet else
                                                f"gas {t.gid} drops into the trench on {cell_name(t.cell)}",
                                         gid=t.gid, owner=t.owner, path=(t.cell,), how="drop", layer=1))
            gids.append(t.gid)
    if gids and state.wind in WINDS:
        _queue_or_run(state, gids, events)


def linger(state, events: list) -> None:
    """TW-4.2: every gas token on the board moves with the new wind."""
    if state.gas and state.wind in WINDS:
        _queue_or_run(state, [t.gid for t in state.gas], events)


def end_of_turn(state, seat: str, events: list) -> None:
    """TW-8: a masked soldier exposed to gas must be out of it by the end of its owner's next turn."""
    for s in list(state.soldiers):
        if s.seat != seat or not s.gas_check:
            continue
        if s.status != BOARD:
            state.put(evolve(s, gas_check=0))
            continue
        left = s.gas_check - 1
        state.put(evolve(s, gas_check=left))
        if left:
            continue
        here = [t for t in state.gas if t.cell == s.cell]
        if here:
            events.append(make_event("gas-check", "" if state.quiet else
                                                  f"{s.sid} is still in gas on {cell_name(s.cell)}",
                                     sid=s.sid, cell=s.cell))
            casualties.kill(state, s.sid, here[0].owner, "gas", events)
            if state.result is not None:
                return


__all__ = [
    "blocked",
    "choice_options",
    "choose",
    "end_of_turn",
    "expose",
    "expose_arrival",
    "fire",
    "linger",
    "predict_path",
    "step_choices",
    "terrain_changed",
]
