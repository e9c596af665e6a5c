"""TW-6.3 turn (with carry), TW-6.4/6.5 build and collect, TW-6.7 dig, TW-6.9 camp,
TW-7.5 handing belongings between allies.

``check_*`` returns None or the reason (naming the rule); ``do_*`` performs it.
"""

from __future__ import annotations

from . import casualties, gas
from .geometry import DIRECTIONS, LEFT_OF, NEIGHBOUR, OPPOSITE, RIGHT_OF, cell_name
from .model import BOARD, GONE, NATURAL, evolve, make_event
from .movement import front_cell, level, plain_entry_reason
from .state import ACTION_CARDS, ground_problem


# -- turn and carry (TW-6.3) ----------------------------------------------------
def carried_thing(state, s):
    """What a Turn may carry: ``("ally", sid)``, ``("cube", cell)`` or None (TW-6.3)."""
    if s.status != BOARD:
        return None
    front = front_cell(s)
    if front is None:
        return None
    lvl = level(state, s)
    occ = state.occupant(front)
    if occ is not None:
        if occ.seat != "C" and state.is_ally(occ.seat, s.seat) and level(state, occ) == lvl:
            return ("ally", occ.sid)
        return None
    col = state.columns[front]
    # The front cube is the cube in the carrier's body layer; it must be the column top.
    if len(col) == lvl + 1 and col[-1] == NATURAL and not state.has_items(front) \
            and not state.has_gas(front):
        return ("cube", front)
    return None


def _carry_target_reason(state, s, thing, cell) -> str | None:
    if cell is None:
        return "off the board"
    if thing[0] == "ally":
        return plain_entry_reason(state, cell)
    if state.has_something(cell):
        return f"a soldier, item or gas is on {cell_name(cell)}"
    if len(state.columns[cell]) > level(state, s):
        return f"{cell_name(cell)} is too high"
    return None


def check_turn(state, s, direction: str, carry: bool, via: str | None) -> str | None:
    if direction == s.facing:
        return f"TW-6.3: {s.sid} already faces {direction}"
    if not carry:
        if via:
            return "TW-6.3: a side is named only for a 180° carry"
        return None
    if s.mask_on:
        return f"TW-6: {s.sid} cannot carry while masked"
    if s.seat == "C":
        return "TW-11: a civilian cannot carry"
    thing = carried_thing(state, s)
    if thing is None:
        return f"TW-6.3: {s.sid} has no top cube or ally in front to carry"
    return _carry_reason(state, s, thing, direction, via)


def _carry_reason(state, s, thing, direction: str, via: str | None) -> str | None:
    """Why ``s`` cannot turn to ``direction`` carrying ``thing`` (its ``carried_thing``), or None."""
    half_turn = direction == OPPOSITE[s.facing]
    if half_turn and via not in (LEFT_OF[s.facing], RIGHT_OF[s.facing]):
        return "TW-6.3: a 180° carry must name the side it sweeps (a direction at right angles)"
    if not half_turn and via:
        return "TW-6.3: a side is named only for a 180° carry"
    if half_turn:
        why = _carry_target_reason(state, s, thing, NEIGHBOUR[s.cell][via])
        if why:
            return f"TW-6.3: cannot carry past {via}: {why}"
    why = _carry_target_reason(state, s, thing, NEIGHBOUR[s.cell][direction])
    if why:
        return f"TW-6.3: cannot carry to {direction}: {why}"
    return None


def turn_options(state, s):
    """Every legal (direction, carry, via) for a Turn by ``s``."""
    out = []
    thing = carried_thing(state, s) if (not s.mask_on and s.seat != "C") else None
    for d in DIRECTIONS:
        if d == s.facing:
            continue
        out.append((d, False, None))
        if thing is None:
            continue
        if d == OPPOSITE[s.facing]:
            for via in (LEFT_OF[s.facing], RIGHT_OF[s.facing]):
                if _carry_reason(state, s, thing, d, via) is None:
                    out.append((d, True, via))
        elif _carry_reason(state, s, thing, d, None) is None:
            out.append((d, True, None))
    return out


def do_turn(state, s, direction: str, carry: bool, events: list) -> None:
    before = s.facing
    thing = carried_thing(state, s) if carry else None
    state.put(evolve(s, facing=direction))
    events.append(make_event("turn", "" if state.quiet else
                                     f"{s.sid} turns {direction}", sid=s.sid, before=before,
                             after=direction))
    if thing is None:
        return
    target = NEIGHBOUR[s.cell][direction]
    if thing[0] == "cube":
        src = thing[1]
        state.columns[src] = state.columns[src][:-1]
        state.columns[target] += NATURAL
        events.append(make_event("cube", "" if state.quiet else
                                         f"{s.sid} carries a cube from {cell_name(src)} to "
                                         f"{cell_name(target)}", how="carry", frm=src, to=target,
                                 sid=s.sid, pivot=s.cell))
        gas.terrain_changed(state, (src, target), events)
    else:
        ally = state.soldier(thing[1])
        state.put(evolve(ally, cell=target))
        events.append(make_event("move", "" if state.quiet else
                                         f"{s.sid} carries {ally.sid} to {cell_name(target)}",
                                 sid=ally.sid, path=(ally.cell, target), from_boat=False,
                                 how="carried", pivot=s.cell))
        casualties.arrive(state, ally.sid, target, events)


# -- build: place and collect (TW-6.4, TW-6.5) ----------------------------------
def check_build(state, s, cell: int) -> str | None:
    if s.mask_on:
        return f"TW-6: {s.sid} cannot build while masked"
    if s.status != BOARD:
        return f"TW-2: {s.sid} cannot build from a boat"
    if s.cubes < 1:
        return f"TW-6.4: {s.sid} carries no cube"
    if len(state.columns[cell]) >= 2:
        return f"TW-6.4: cannot build on {cell_name(cell)}: no column is taller than 2"
    if state.has_something(cell):
        return f"TW-6.4: cannot build on {cell_name(cell)}: a soldier, item or gas is there"
    return None


def do_build(state, s, cell: int, events: list) -> None:
    state.put(evolve(s, cubes=s.cubes - 1))
    state.columns[cell] += NATURAL
    events.append(make_event("cube", "" if state.quiet else
                                     f"{s.sid} builds on {cell_name(cell)}", how="place", frm=None,
                             to=cell, sid=s.sid))
    gas.terrain_changed(state, cell, events)


def collect_index(state, s):
    """``(cell, index)`` of the cube a Collect would take, or a reason string."""
    if s.mask_on:
        return f"TW-6: {s.sid} cannot build while masked"
    if s.status != BOARD:
        return f"TW-2: {s.sid} cannot collect from a boat"
    if s.cubes >= state.rules.max_cubes_carried:
        return f"TW-6.5: {s.sid} already carries {s.cubes} cubes"
    front = front_cell(s)
    if front is None:
        return f"TW-6.5: {s.sid} faces off the board"
    col = state.columns[front]
    lvl = level(state, s)
    if len(col) <= lvl:
        return f"TW-6.5: there is no cube in front of {s.sid}"
    index = lvl  # the cube in the body layer: top of a wall, or a trench side
    if col[index] != NATURAL:
        return f"TW-6.5: bases and the village cannot be collected ({cell_name(front)})"
    return front, index


def check_collect(state, s) -> str | None:
    got = collect_index(state, s)
    return got if isinstance(got, str) else None


def do_collect(state, s, events: list) -> None:
    cell, index = collect_index(state, s)
    col = state.columns[cell]
    state.columns[cell] = col[:index] + col[index + 1:]
    state.put(evolve(s, cubes=s.cubes + 1))
    events.append(make_event("cube", "" if state.quiet else
                                     f"{s.sid} collects the cube from {cell_name(cell)}",
                             how="collect", frm=cell, to=None, sid=s.sid, layer=index + 1))
    if index < len(col) - 1:
        events.append(make_event("cube", "" if state.quiet else
                                         f"the wall on {cell_name(cell)} drops (daruma)", how="drop",
                                 frm=cell, to=cell, layer=index + 2))
    elif not state.columns[cell]:
        drop_occupant(state, cell, events)
    gas.terrain_changed(state, cell, events)


def drop_occupant(state, cell: int, events: list) -> None:
    """A soldier on a ground cube that was just taken away drops into the new hole."""
    occ = state.occupant(cell)
    if occ is not None:
        events.append(make_event("move", "" if state.quiet else f"{occ.sid} drops into the hole", sid=occ.sid,
                                 path=(cell, cell), from_boat=False, how="drop"))


# -- dig (TW-6.7) -------------------------------------------------------------
def check_dig(state, s) -> str | None:
    if s.status != BOARD:
        return f"TW-2: {s.sid} cannot dig on a boat"
    if s.seat == "C" and not state.rules.guerrillas:
        return "TW-11: a civilian only steps and turns"
    col = state.columns[s.cell]
    if not col:
        return f"TW-6.7: {s.sid} is already in a hole"
    if col != NATURAL:
        return f"TW-6.7: cannot dig the coloured cube under {s.sid}"
    return None


def do_dig(state, s, events: list) -> None:
    _remove_ground(state, s.cell, s.sid, events)


def check_remote_dig(state, cell: int) -> str | None:
    problem = ground_problem(state.columns[cell])
    if problem == "coloured":
        return f"TW-6.7: cannot dig the coloured cube on {cell_name(cell)}"
    if problem:
        return (f"TW-6.7: cannot dig {cell_name(cell)}: "
                + ("it is already a hole" if problem == "hole" else "never under a wall"))
    return None


def do_remote_dig(state, seat: str, cell: int, events: list) -> None:
    _remove_ground(state, cell, seat, events)


def _remove_ground(state, cell: int, who: str, events: list) -> None:
    state.columns[cell] = ""
    state.out += 1
    events.append(make_event("cube", "" if state.quiet else
                                     f"{who} digs {cell_name(cell)}", how="dig", frm=cell, to=None,
                             sid=who if len(who) == 2 else None))
    drop_occupant(state, cell, events)
    gas.terrain_changed(state, cell, events)


# -- camp (TW-6.9) ------------------------------------------------------------
def camp_options(state, seat: str):
    """Every legal ``(payer_sid, source, card_or_None)`` for Camp."""
    payers = []
    for s in state.living(seat):
        if s.food:
            payers.append((s.sid, "food"))
        for c in s.corpses:
            payers.append((s.sid, c))
    if not payers:
        return []
    cards = [None]
    if state.day:
        # The Camp card itself comes back anyway; by day choose one more discarded card.
        discard = state.discards[seat]
        if ACTION_CARDS.count(discard, "camp"):
            discard = ACTION_CARDS.remove(discard, "camp")
        cards = [k for k in ACTION_CARDS.present(discard) if k != "interrupt"] or [None]
    return [(sid, src, card) for sid, src in payers for card in cards]


def check_camp(state, seat: str, payer: str, source: str, card: str | None) -> str | None:
    if (payer, source, card) in camp_options(state, seat):
        return None
    s = state.index.get(payer) is not None and state.soldier(payer)
    if not s or s.seat != seat or not s.alive:
        return f"TW-6.9: {payer} is not a living soldier of {seat}"
    if source == "food" and not s.food:
        return f"TW-6.9: {payer} has no food"
    if source != "food" and source not in s.corpses:
        return f"TW-6.9: {payer} carries no corpse {source}"
    if not state.day and card:
        return "TW-6.9: at night every discarded card returns: name no card"
    return f"TW-6.9: by day, name one discarded card other than Camp and Interrupt ({card} is not)"


def do_camp(state, seat: str, payer: str, source: str, card: str | None, events: list) -> None:
    s = state.soldier(payer)
    if source == "food":
        state.put(evolve(s, food=s.food - 1))
    else:
        state.put(evolve(s, corpses=tuple(c for c in s.corpses if c != source)))
        state.update(source, status=GONE, carrier=None)
    discard = state.discards[seat]
    if state.day:
        back = ACTION_CARDS.make({"camp": 1} if ACTION_CARDS.count(discard, "camp") else {})
        if card:
            back = ACTION_CARDS.add(back, card)
    else:
        back = discard
    state.discards[seat] = tuple(a - b for a, b in zip(discard, back))
    state.hands[seat] = ACTION_CARDS.merge(state.hands[seat], back)
    events.append(make_event("camp", "" if state.quiet else
                                     f"{seat} camps ({'day' if state.day else 'night'}): "
                                     f"{ACTION_CARDS.format(back)} back to hand",
                             seat=seat, payer=payer, source=source, back=ACTION_CARDS.format(back)))


# -- handing belongings between allies (TW-7.5) ------------------------------------
def give_options(state, seat: str):
    out = []
    mine = [s for s in state.soldiers if s.seat == seat and s.status == BOARD]
    for g in mine:
        for t in mine:
            if t is g or t.cell not in NEIGHBOUR[g.cell].values():
                continue
            for what in casualties.belongings_of(g):
                if what == "cube" and t.cubes >= state.rules.max_cubes_carried:
                    continue
                if what == "mask" and not g.masks:
                    continue  # TW-6: a worn mask stays on until gas uses it up
                out.append((g.sid, t.sid, what))
    return out


def check_give(state, seat: str, giver: str, taker: str, what: str) -> str | None:
    if (giver, taker, what) in give_options(state, seat):
        return None
    return (f"TW-7.5: {giver} cannot hand {what} to {taker}: both must be {seat}'s soldiers on "
            f"adjacent cells, and {giver} must hold it (and {taker} have room)")


__all__ = ["check_turn", "do_turn", "turn_options", "check_build", "do_build", "check_collect",
           "do_collect", "check_dig", "do_dig", "check_remote_dig", "do_remote_dig", "camp_options",
           "check_camp", "do_camp", "give_options", "check_give"]
