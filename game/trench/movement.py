"""TW-6.1 step (push, ally push, climb, tunnel, escape), TW-6.2 dash, TW-7.1 assault.

Each ``check_*`` returns None when the move is legal, else the reason (naming
the rule); each ``do_*`` performs a move already checked.
"""

from __future__ import annotations

from . import casualties, gas, scoring
from .geometry import INWARD, NEIGHBOUR, cell_name
from .model import BASE_KINDS, BOARD, BOAT, NATURAL, VILLAGE, evolve, make_event
from .state import ground_problem


def level(state, s) -> int:
    """Height a soldier stands at: 1 on ground or a boat, 0 in a trench."""
    if s.status == BOAT:
        return 1
    return 1 if state.columns[s.cell] else 0


def next_cell(s, direction: str) -> int | None:
    """The cell a soldier reaches going ``direction`` (from a boat only inward)."""
    if s.status == BOAT:
        return s.cell if direction == INWARD[s.seat] else None
    return NEIGHBOUR[s.cell][direction]


def front_cell(s) -> int | None:
    return next_cell(s, s.facing)


def is_enemy_cube(state, kind: str | None, seat: str) -> bool:
    """A base of another side, or the village: entered only by assault (TW-7.1)."""
    if kind == VILLAGE:
        return True
    return kind in BASE_KINDS and not state.is_ally(kind, seat)


def _victim_ok(state, mover, victim) -> bool:
    return victim.seat == "C" or not state.is_ally(victim.seat, mover.seat)


def plain_entry_reason(state, target: int | None) -> str | None:
    """Can a piece walk into ``target`` with no push, assault or tunnel (from any level)?"""
    if target is None:
        return "off the board"
    h = len(state.columns[target])
    if h == 2:
        return f"{cell_name(target)} is a wall"
    if state.occupant(target) is not None:
        return f"a soldier stands on {cell_name(target)}"
    top = state.top(target)
    if top is not None and top != NATURAL:
        return f"{cell_name(target)} holds a coloured cube"
    return None


def plan_entry(state, s, from_level: int, target: int | None, direction: str, *,
               pushing: bool, dash: bool = False):
    """Work out what entering ``target`` means.  Returns ``(plan, reason)``.

    plan kinds: ``("enter",)``, ``("assault", victim_sid)``, ``("base",)``,
    ``("push-cube", beyond)``, ``("push-ally", ally_sid, beyond)``, ``("escape",)``.
    """
    civilian = s.seat == "C"
    rule = "TW-6.2" if dash else "TW-6.1"
    if target is None:
        if civilian or direction != INWARD[s.seat] or s.status == BOAT:
            return None, f"{rule}: {s.sid} cannot step off the board here: only over the edge opposite its own side (TW-9)"
        if len(state.living(s.seat)) == 1 and state.score(s.seat) == 0:
            return None, f"TW-9: {s.sid} cannot escape: a player's last soldier cannot escape with no points"
        return ("escape",), None
    h = len(state.columns[target])
    top = state.columns[target][-1] if h else None
    facing = direction == s.facing
    if h == 2 and from_level == 0:
        return None, f"{rule}: {s.sid} cannot climb out onto the wall {cell_name(target)} from a trench"
    if h >= 1 and is_enemy_cube(state, top, s.seat):
        if civilian:
            return None, f"TW-11: a civilian cannot assault {cell_name(target)}"
        if not facing:
            return None, f"TW-7.1: {s.sid} cannot enter {cell_name(target)}: it must face the {('base' if top != VILLAGE else 'village')} to assault it"
        return ("base",), None
    if h == 2:
        if dash:
            return None, f"TW-6.2: {s.sid} cannot dash onto {cell_name(target)}: a dash never pushes a cube"
        if top in BASE_KINDS:
            return None, f"TW-6.1: cannot push the base on {cell_name(target)}"
        if not facing:
            return None, f"TW-6.1: {s.sid} cannot step onto {cell_name(target)}: a wall is only pushed forward"
        if civilian or not pushing:
            return None, f"TW-6.1: {s.sid} cannot push the cube on {cell_name(target)}" + (
                " while masked" if s.mask_on else "")
        beyond = NEIGHBOUR[target][direction]
        if beyond is None:
            return None, f"TW-6.1: cannot push the cube on {cell_name(target)} off the board"
        if len(state.columns[beyond]) >= 2:
            return None, f"TW-6.1: cannot push the cube onto {cell_name(beyond)}: it is already a wall"
        if state.has_something(beyond):
            return None, (f"TW-6.1: cannot push the cube onto {cell_name(beyond)}: "
                          f"a soldier, item or gas is there")
        return ("push-cube", beyond), None
    occ = state.occupant(target)
    if occ is not None:
        if from_level == 0 and h == 1:
            return None, f"{rule}: {s.sid} cannot climb out onto {cell_name(target)}: a soldier stands there"
        if civilian:
            return None, f"TW-11: a civilian cannot enter {cell_name(target)}: {occ.sid} stands there"
        if _victim_ok(state, s, occ):
            if not facing:
                return None, (f"TW-7.1: {s.sid} cannot enter {cell_name(target)}: {occ.sid} stands there "
                              f"and {s.sid} is not facing it")
            return ("assault", occ.sid), None
        if dash:
            return None, f"TW-6.2: {s.sid} cannot dash onto {cell_name(target)}: a dash never pushes an ally"
        if not facing:
            return None, f"TW-6.1: {s.sid} cannot step onto {cell_name(target)}: ally {occ.sid} is only pushed forward"
        if not pushing:
            return None, f"TW-6.1: {s.sid} cannot push ally {occ.sid}" + (" while masked" if s.mask_on else "")
        beyond = NEIGHBOUR[target][direction]
        why = plain_entry_reason(state, beyond)
        if why:
            return None, f"TW-6.1: cannot push ally {occ.sid} {direction}: {why}"
        return ("push-ally", occ.sid, beyond), None
    return ("enter",), None


def check_step(state, s, direction: str) -> str | None:
    plan, why = plan_entry(state, s, level(state, s), next_cell(s, direction), direction,
                           pushing=not s.mask_on)
    return why


def do_step(state, s, direction: str, events: list) -> None:
    target = next_cell(s, direction)
    plan, _ = plan_entry(state, s, level(state, s), target, direction, pushing=not s.mask_on)
    _execute(state, s, target, direction, plan, events, how="step", path=(s.cell,))


def _execute(state, s, target, direction, plan, events, how, path, from_boat=None):
    """Carry out an entry plan for soldier ``s`` moving into ``target``; ``from_boat`` says whether the
    whole move began on a boat (a dash's second step starts from a probe already on the board)."""
    kind = plan[0]
    if from_boat is None:
        from_boat = s.status == BOAT
    before = level(state, s)
    if kind == "escape":
        _leave_boat(state, s, events)
        events.append(make_event("move", "" if state.quiet else f"{s.sid} steps off the board", sid=s.sid,
                                 path=path, from_boat=from_boat, how="escape"))
        casualties.escape(state, s.sid, events)
        return
    changed = ()  # cells whose terrain changed: their gas moves once the mover has arrived (TW-8)
    if kind == "assault":
        casualties.kill(state, plan[1], s.seat, "assault", events)
    elif kind == "base":
        scoring.destroy_top(state, target, s.seat, "assault", events, reflow=False)
        changed = (target,)
    elif kind == "push-cube":
        beyond = plan[1]
        state.columns[target] = state.columns[target][:-1]
        state.columns[beyond] += NATURAL
        events.append(make_event("cube", "" if state.quiet else
                                         f"{s.sid} pushes the cube from {cell_name(target)} to "
                                         f"{cell_name(beyond)}", how="push", frm=target, to=beyond,
                                 sid=s.sid))
        changed = (target, beyond)
    elif kind == "push-ally":
        ally = state.soldier(plan[1])
        beyond = plan[2]
        state.put(evolve(ally, cell=beyond))
        events.append(make_event("move", "" if state.quiet else
                                         f"{s.sid} pushes {ally.sid} to {cell_name(beyond)}",
                                 sid=ally.sid, path=(target, beyond), from_boat=False, how="pushed"))
        casualties.arrive(state, ally.sid, beyond, events)
    if state.result is not None:
        return
    s = state.soldier(s.sid)
    if s.alive:
        _leave_boat(state, s, events)
        state.put(evolve(state.soldier(s.sid), status=BOARD, cell=target))
        after = 1 if state.columns[target] else 0
        if how == "step":
            how = "drop" if after < before else ("climb" if after > before else "step")
        text = "" if state.quiet else (f"{s.sid} {how}s to {cell_name(target)}" if how != "dash"
                                        else f"{s.sid} dashes to {cell_name(target)}")
        events.append(make_event("move", text, sid=s.sid, path=path + (target,), from_boat=from_boat,
                                 how=how))
        casualties.arrive(state, s.sid, target, events)
    if changed and state.result is None:
        gas.terrain_changed(state, changed, events)


def _leave_boat(state, s, events) -> None:
    """A boat leaves the game when its soldier leaves it (TW-2)."""
    if s.status == BOAT:
        state.out += 1
        events.append(make_event("cube", "" if state.quiet else
                                         f"{s.sid}'s boat is removed", how="boat", frm=None, to=None,
                                 sid=s.sid, cell=s.cell))
        state.put(evolve(state.soldier(s.sid), status=BOARD))


# -- tunnel (TW-6.1) ---------------------------------------------------------
def check_tunnel(state, s, direction: str) -> str | None:
    if s.status != BOARD or level(state, s) != 0:
        return f"TW-6.1: {s.sid} can only tunnel from a trench"
    if s.seat == "C" and not state.rules.guerrillas:
        return "TW-11: a civilian cannot tunnel"
    target = NEIGHBOUR[s.cell][direction]
    if target is None:
        return f"TW-6.1: {s.sid} cannot tunnel off the board"
    problem = ground_problem(state.columns[target])
    if problem == "coloured":
        return f"TW-6.1: {s.sid} cannot tunnel under the coloured cube on {cell_name(target)}"
    if problem:
        return (f"TW-6.1: {s.sid} cannot tunnel into {cell_name(target)}: "
                + ("it is already a trench" if problem == "hole" else "cannot dig under a wall"))
    return None


def do_tunnel(state, s, direction: str, events: list) -> None:
    target = NEIGHBOUR[s.cell][direction]
    state.columns[target] = ""
    state.out += 1
    events.append(make_event("cube", "" if state.quiet else
                                     f"{s.sid} tunnels into {cell_name(target)}", how="dig",
                             frm=target, to=None, sid=s.sid))
    above = state.occupant(target)
    path = (s.cell, target)
    if above is not None:
        # The soldier standing there falls onto the tunneller, who dies (no one scores) [I].
        events.append(make_event("move", "" if state.quiet else
                                         f"{above.sid} falls into {cell_name(target)}", sid=above.sid,
                                 path=(target, target), from_boat=False, how="drop"))
        state.put(evolve(s, cell=target))
        casualties.kill(state, s.sid, None, "buried by a falling soldier", events)
        if state.result is None:
            casualties.arrive(state, above.sid, target, events)
    else:
        state.put(evolve(s, cell=target))
        events.append(make_event("move", "" if state.quiet else
                                         f"{s.sid} tunnels to {cell_name(target)}", sid=s.sid,
                                 path=path, from_boat=False, how="tunnel"))
        casualties.arrive(state, s.sid, target, events)
    if state.result is None:  # TW-8: the gas moves once the tunneller has arrived (revision 2)
        gas.terrain_changed(state, target, events)


# -- dash (TW-6.2) -------------------------------------------------------------
def _dash_route(state, s):
    """``(first, level_at_first, jumped, second, plan)`` or ``(None, reason)``."""
    if s.mask_on:
        return None, f"TW-6: {s.sid} cannot dash while masked"
    if s.seat == "C":
        return None, "TW-11: a civilian only steps and turns"
    first = front_cell(s)
    if first is None:
        return None, f"TW-6.2: {s.sid} cannot dash off the board"
    h1 = len(state.columns[first])
    if h1 == 2:
        return None, f"TW-6.2: {s.sid} cannot dash: {cell_name(first)} is a wall"
    if state.occupant(first) is not None:
        return None, f"TW-6.2: {s.sid} cannot dash: a soldier stands on {cell_name(first)}"
    start = level(state, s)
    if h1 and state.columns[first][-1] != NATURAL:
        return None, f"TW-6.2: {s.sid} cannot dash over the coloured cube on {cell_name(first)}"
    jumped = start == 1 and h1 == 0
    at_first = 1 if (start == 1 or h1 == 1) else 0
    second = NEIGHBOUR[first][s.facing]
    probe = evolve(s, status=BOARD, cell=first)
    plan, why = plan_entry(state, probe, at_first, second, s.facing, pushing=False, dash=True)
    if why:
        return None, why.replace("step", "dash")
    return (first, at_first, jumped, second, plan), None


def check_dash(state, s) -> str | None:
    return _dash_route(state, s)[1]


def do_dash(state, s, events: list) -> None:
    (first, at_first, jumped, second, plan), _ = _dash_route(state, s)
    from_boat = s.status == BOAT
    start_cell = s.cell
    _leave_boat(state, s, events)
    s = state.soldier(s.sid)
    if not jumped:
        # Running through the first cell takes its items and meets its gas.
        state.put(evolve(s, status=BOARD, cell=first))
        casualties.arrive(state, s.sid, first, events)
        if state.result is not None or not state.soldier(s.sid).alive:
            events.append(make_event("move", "" if state.quiet else
                                             f"{s.sid} dashes to {cell_name(first)}", sid=s.sid,
                                     path=(start_cell, first), from_boat=from_boat, how="dash"))
            return
    probe = evolve(state.soldier(s.sid), status=BOARD, cell=first)
    state.put(probe)
    if plan[0] == "escape":
        events.append(make_event("move", "" if state.quiet else f"{s.sid} dashes off the board", sid=s.sid,
                                 path=(start_cell, first), from_boat=from_boat, how="escape"))
        casualties.escape(state, s.sid, events)
        return
    _execute(state, probe, second, s.facing, plan, events, how="dash", path=(start_cell, first),
             from_boat=from_boat)
