"""TW-6.6 fire, TW-6.8 equip (mask, drug, switch), TW-6.10 interrupt, TW-9 empty-gun bonus.

Action forms (see docs/notation.md):

- ``S1 fire`` (gun: the shot spares a cube that stops it), ``S1 fire destroy``
  (gun: spend the extra round on the cube that stops the shot; offered only when
  the shot will stop at a cube and the gun has the rounds).  The board is public,
  so where the shot stops is known before firing: the choice is an argument,
  never a pending decision.
- ``S1 fire here`` / ``S1 fire front`` (gas), ``S1 fire c5`` (bomb target; the own
  cell by its name).
- Farmer guerrillas (TW-11): ``C1 fire S:gun [destroy|here|front|CELL]`` spends the
  active weapon ``S:gun`` of one of the acting player's living soldiers.
- ``S1 mask``, ``S1 drug``, ``S1 switch N:gun`` (Equip).
- After ``S1 drug``: ``S1 drug CARD`` plays a card for one of S1's two extra actions
  (from the discard pile if it holds one [I], else from hand; to the discard);
  the next action is then S1's action of that category (``S dig CELL``, the
  remote dig, takes both extra actions).
- ``S interrupt S2`` (declare, paying S2's drug) or ``S wait``, asked before each
  turn of every player who has not acted yet and could hold a plotted Interrupt by
  public information (Interrupt not used, a drug to pay): one who did not plot it
  may only wait, so the question reveals nothing (TW-10).
- ``S gas left|right``: the owner's deflection choice (TW-8).
"""

from __future__ import annotations

from . import casualties, flow, gas, legal, scoring
from .actions import Action, make_action
from .geometry import cell_name, parse_cell
from .handling import drop_occupant
from .model import BOARD, BOAT, evolve, make_event
from .movement import front_cell, level
from .state import ACTION_CARDS, Pending
from .vision import fire_line

SOLDIER_CATEGORIES = ("move", "turn", "build", "fire", "dig", "equip")


# == weapons held ==================================================================
def gun_range(state, s) -> int:
    r = state.rules
    return r.gun_range - (0 if state.day else r.night_range_penalty) - (r.mask_range_penalty if s.mask_on else 0)


def _source(state, s, tile: str | None):
    """``(holder, weapon)`` that ``s`` fires, or a reason string."""
    if s.seat == "C":
        seat = state.turn.seat if state.turn else None
        if tile is None:
            return "TW-11: a guerrilla fires a weapon of one of the acting player's soldiers: name it"
        for h in state.soldiers:
            if h.seat == seat and h.status in (BOARD, BOAT) and h.weapons and h.weapons[0].tile == tile:
                return h, h.weapons[0]
        return f"TW-11: no living soldier of {seat} has {tile} as its active weapon"
    if tile is not None:
        return "TW-6.6: a soldier fires its own active weapon (name no tile)"
    if not s.weapons:
        return f"TW-6.6: {s.sid} holds no weapon"
    return s, s.weapons[0]


def _split(args):
    if args and ":" in args[0]:
        return args[0], args[1:]
    return None, args


def shot(state, s, limit: int):
    """Where a gun shot stops: ``("hit", sid)``, ``("cube", cell, index)`` or ``("none",)``."""
    cells, stop = fire_line(state, s, limit)
    for c, hittable in cells:
        if hittable:
            occ = state.occupant(c)
            if occ is not None:
                return ("hit", occ.sid), cells
    if stop is not None:
        return ("cube", stop[0], stop[1]), cells
    return ("none",), cells


def bomb_targets(state, s) -> list[int]:
    """TW-6.6c: own cell, or 1..range cells ahead; from a trench not past a wall."""
    out = [s.cell]
    feet = level(state, s)
    c = s.cell
    for dist in range(1, state.rules.bomb_range + 1):
        prev = c
        c = state.neighbour(c, s.facing)
        if c is None:
            break
        if dist > 1 and len(state.columns[prev]) > feet + 1:
            break  # the bomb cannot clear the cell in between
        out.append(c)
    return out


def fire_reason(state, s, args) -> str | None:
    tile, rest = _split(args)
    if s.seat == "C" and not state.rules.guerrillas:
        return "TW-11: a civilian only steps and turns"
    if s.status != BOARD:
        return f"TW-2: {s.sid} cannot fire from a boat"
    src = _source(state, s, tile)
    if isinstance(src, str):
        return src
    holder, w = src
    if not w.ammo:
        return f"TW-6.6: {w.tile if holder.seat == s.seat or s.seat == 'C' else 'the weapon'} has no ammunition left"
    arg = rest[0] if rest else None
    if w.kind == "gun":
        if arg not in (None, "destroy"):
            return "TW-6.6a: a gun fires as 'fire' or 'fire destroy'"
        rng = gun_range(state, s)
        if rng < 1 or front_cell(s) is None:
            return f"TW-6.6a: {s.sid} has no line of fire (range {rng})"
        if arg == "destroy":
            result, _ = shot(state, s, rng)
            if result[0] != "cube":
                return "TW-6.6a: 'destroy' needs a shot that stops at a cube"
            need = 1 + state.rules.destroy_extra_rounds
            if w.ammo < need:
                return f"TW-6.6a: destroying the cube needs {need} rounds; {w.ammo} left"
        return None
    if w.kind == "gas":
        if arg not in ("here", "front"):
            return "TW-6.6b: gas is fired 'here' (own cell) or 'front'"
        if arg == "front":
            front = front_cell(s)
            if state.rules.gas_range < 1:
                return "TW-6.6b: gas range is 0: only 'here'"
            if front is None:
                return "TW-6.6b: the front cell is off the board"
            if len(state.columns[front]) >= 2:
                return "TW-6.6b: gas is never put on a wall"
        return None
    if w.kind == "bomb":
        if arg is None or arg in ("here", "front", "destroy"):
            return "TW-6.6c: a bomb names its target cell"
        if parse_cell(arg) not in bomb_targets(state, s):
            return (f"TW-6.6c: {arg} is not a bomb target of {s.sid}: the own cell or up to "
                    f"{state.rules.bomb_range} cells ahead, and from a trench never behind a wall")
        return None
    return f"TW-6.6: unknown weapon {w.kind}"


def fire_options(state, s) -> list[tuple]:
    if s.status != BOARD or (s.seat == "C" and not state.rules.guerrillas):
        return []
    if s.seat == "C":
        seat = state.turn.seat if state.turn else None
        tiles = [h.weapons[0].tile for h in state.soldiers
                 if h.seat == seat and h.status in (BOARD, BOAT) and h.weapons and h.weapons[0].ammo]
    else:
        tiles = [None]
    out = []
    for tile in tiles:
        src = _source(state, s, tile)
        if isinstance(src, str):
            continue
        w = src[1]
        prefix = (tile,) if tile else ()
        if w.kind == "gun":
            cands = [(), ("destroy",)]
        elif w.kind == "gas":
            cands = [("here",), ("front",)]
        else:
            cands = [(cell_name(c),) for c in bomb_targets(state, s)]
        out += [prefix + c for c in cands if fire_reason(state, s, prefix + c) is None]
    return out


def _spend(state, holder, w, n: int, seat: str) -> None:
    h = state.soldier(holder.sid)
    new = evolve(w, ammo=w.ammo - n, public=True)
    state.put(evolve(h, weapons=tuple(new if x.tile == w.tile else x for x in h.weapons)))
    state.spent[seat] = state.spent.get(seat, 0) + n


def _held(holder, s) -> dict:
    """A guerrilla's fire names the soldier whose weapon it spends (TW-11): that tile turns public."""
    return {"holder": holder.sid} if holder.sid != s.sid else {}


def do_fire(state, s, args, events: list) -> None:
    tile, rest = _split(args)
    holder, w = _source(state, s, tile)
    seat = state.turn.seat if s.seat == "C" else s.seat
    arg = rest[0] if rest else None
    if w.kind == "gun":
        rng = gun_range(state, s)
        result, cells = shot(state, s, rng)
        destroy = arg == "destroy"
        _spend(state, holder, w, 1 + (state.rules.destroy_extra_rounds if destroy else 0), seat)
        path = tuple(c for c, _ in cells)
        events.append(make_event("fire", "" if state.quiet else f"{s.sid} fires {w.tile}" + (
            f" at {cell_name(result[1] if result[0] == 'cube' else state.soldier(result[1]).cell)}"
            if result[0] != "none" else ""), sid=s.sid, seat=seat, weapon="gun", tile=w.tile,
            path=path, hit=result[1] if result[0] == "hit" else None,
            stop=result[1] if result[0] == "cube" else None, destroy=destroy, **_held(holder, s)))
        if result[0] == "hit":
            casualties.kill(state, result[1], seat, "gun", events)
        elif result[0] == "cube" and destroy:
            cell, index = result[1], result[2]
            scoring.remove_cube(state, cell, index, "shot", seat, events, reflow=False)
            if index == 0 and not state.columns[cell]:
                drop_occupant(state, cell, events)
            casualties.check_end(state, events)
            if state.result is None:
                gas.terrain_changed(state, cell, events)  # TW-8: once the cube is gone and all dropped
    elif w.kind == "gas":
        cell = s.cell if arg == "here" else front_cell(s)
        _spend(state, holder, w, 1, seat)
        events.append(make_event("fire", "" if state.quiet else
                                         f"{s.sid} fires {w.tile} on {cell_name(cell)}", sid=s.sid,
                                 seat=seat, weapon="gas", tile=w.tile, target=cell,
                                 **_held(holder, s)))
        gas.fire(state, s.sid, seat, cell, events)
    else:
        cell = parse_cell(arg)
        _spend(state, holder, w, 1, seat)
        events.append(make_event("fire", "" if state.quiet else
                                         f"{s.sid} throws {w.tile} at {cell_name(cell)}", sid=s.sid,
                                 seat=seat, weapon="bomb", tile=w.tile, target=cell,
                                 **_held(holder, s)))
        occ = state.occupant(cell)
        if occ is not None:
            casualties.kill(state, occ.sid, seat, "bomb", events)
        if state.result is None and state.columns[cell]:
            scoring.destroy_top(state, cell, seat, "bomb", events)
    if state.result is None:
        _empty_bonus(state, seat, w.tile, events)


def _tile_ammo(state, tile: str):
    for s in state.soldiers:
        for w in s.weapons:
            if w.tile == tile:
                return w.ammo
    return None


def _empty_bonus(state, seat: str, fired: str, events: list) -> None:
    """TW-9 (revision 2): the destruction-king bonus is earned by the firing, once per player:
    a firing by one of the player's soldiers of the last round of its own starting gun (two
    players: a firing of its own gun or gas that leaves both empty).  A weapon emptied by
    another player's soldier earns nobody the bonus."""
    two = len(state.seats) == 2
    if seat in state.bonus or fired not in ((f"{seat}:gun", f"{seat}:gas") if two else (f"{seat}:gun",)):
        return
    if _tile_ammo(state, f"{seat}:gun") != 0:
        return
    if len(state.seats) == 2 and _tile_ammo(state, f"{seat}:gas") not in (0, None):
        return
    points = state.rules.empty_gun_points
    state.bonus = state.bonus | {seat}
    state.points[seat] += points
    events.append(make_event("score", "" if state.quiet else
                                      f"{seat} +{points} for emptying its gun", seat=seat,
                             points=points, why="empty-gun"))
    casualties.check_end(state, events)


# == equip ============================================================================
def equip_reason(state, s, a) -> str | None:
    if s.seat == "C":
        return "TW-11: a civilian only steps and turns"
    if s.status not in (BOARD, BOAT):
        return f"TW-5: {s.sid} is not in play"
    if s.mask_on:
        return f"TW-6: {s.sid} cannot equip while masked"
    if a.verb == "mask":
        return None if s.masks else f"TW-6.8: {s.sid} has no mask"
    if a.verb == "drug":
        return None if s.drugs else f"TW-6.8: {s.sid} has no drug"
    if a.verb == "switch":
        if any(w.tile == a.args[0] for w in s.weapons[1:]):
            return None
        return f"TW-6.8: {s.sid} holds no other weapon {a.args[0]} to switch to"
    return None


def equip_options(state, s) -> list[Action]:
    cands = [make_action(s.sid, "mask"), make_action(s.sid, "drug")]
    cands += [make_action(s.sid, "switch", (w.tile,)) for w in s.weapons[1:]]
    return [a for a in cands if equip_reason(state, s, a) is None]


def do_equip(state, s, a, events: list) -> None:
    if a.verb == "mask":
        state.put(evolve(s, masks=s.masks - 1, mask_on=True))
        events.append(make_event("mask", "" if state.quiet else f"{s.sid} puts on a gas mask", sid=s.sid))
    elif a.verb == "drug":
        state.put(evolve(s, drugs=s.drugs - 1))
        t = state.turn
        state.turn = evolve(t, extra=tuple(x for x in t.extra if x[0] != s.sid) + ((s.sid, 2),))
        events.append(make_event("drug", "" if state.quiet else
                                         f"{s.sid} takes a drug: two extra actions", sid=s.sid))
    else:
        tile = a.args[0]
        w = next(x for x in s.weapons if x.tile == tile)
        state.put(evolve(s, weapons=(w,) + tuple(x for x in s.weapons if x.tile != tile)))
        events.append(make_event("switch", "" if state.quiet else f"{s.sid} switches weapons", sid=s.sid))
        events.append(make_event("switch-detail", "" if state.quiet else
                                                  f"{s.sid} switches to {tile}", sid=s.sid, tile=tile,
                                 seen_by=None if w.public else frozenset(w.known)))


# == hooks called by flow =================================================================
def actions(state, s, category: str) -> list:
    """Fire or Equip actions soldier ``s`` may take now."""
    if category == "fire":
        return [make_action(s.sid, "fire", args) for args in fire_options(state, s)]
    if s.seat == "C":
        return []
    return equip_options(state, s)


def check(state, s, a) -> str | None:
    if a.verb == "fire":
        return fire_reason(state, s, a.args)
    if a.verb in ("mask", "drug", "switch"):
        if a.verb == "drug" and a.args:
            return "TW-6.8: a drug card is played only for a soldier that took a drug this turn"
        return equip_reason(state, s, a)
    return f"TW-5: {a} is not legal now"


def perform(state, a, events: list) -> None:
    s = state.soldier(a.actor)
    if a.verb == "fire":
        do_fire(state, s, a.args, events)
    elif a.verb in ("mask", "drug", "switch"):
        do_equip(state, s, a, events)
    else:
        raise NotImplementedError(a.verb)


# == drugs (TW-6.8) ==========================================================================
def _extra_left(t, sid: str) -> int:
    for x, n in t.extra:
        if x == sid:
            return n
    return 0


def _drug_category_actions(state, sid: str, card: str) -> list:
    t = state.turn
    out = legal.category_actions(state, t.seat, card, first_use=False, only=sid)
    if card == "dig" and _extra_left(t, sid) >= 2 and state.soldier(sid).status == BOARD:
        out += legal.remote_dig_actions(state, t.seat)
    return out


def drug_actions(state) -> list:
    """Extra actions granted by a drug this turn (TW-6.8)."""
    t = state.turn
    if t is None or not t.extra:
        return []
    if t.extra_card:
        sid, card = t.extra_card.split(":")
        got = _drug_category_actions(state, sid, card)
        return got or [legal.seat_action(t.seat, "pass")]
    out = []
    pool = ACTION_CARDS.merge(state.hands[t.seat], state.discards[t.seat])
    for sid, n in t.extra:
        if n <= 0:
            continue
        s = state.soldier(sid)
        if s.status not in (BOARD, BOAT) or sid in t.dashed:
            continue
        for card in SOLDIER_CATEGORIES:
            if not ACTION_CARDS.count(pool, card) or (sid, card) in t.acted:
                continue
            if _drug_category_actions(state, sid, card):
                out.append(make_action(sid, "drug", (card,)))
    if out and t.plotted_done:
        out.append(legal.seat_action(t.seat, "pass"))
    return out


def is_drug_action(state, a) -> bool:
    t = state.turn
    if t is None or not t.extra:
        return False
    if t.extra_card:
        return a.verb not in ("pass", "give")
    return a.verb == "drug" and bool(a.args)


def do_drug_action(state, a, events: list) -> None:
    t = state.turn
    seat = t.seat
    if not t.extra_card:
        card = a.args[0]
        if ACTION_CARDS.count(state.discards[seat], card):
            where = "discard"
        else:
            where = "hand"
            state.hands[seat] = ACTION_CARDS.remove(state.hands[seat], card)
            state.discards[seat] = ACTION_CARDS.add(state.discards[seat], card)
        state.turn = evolve(t, extra_card=f"{a.actor}:{card}")
        events.append(make_event("drug-card", "" if state.quiet else
                                              f"{a.actor} plays {card} from the {where} (drug)",
                                 sid=a.actor, card=card, source=where, seat=seat))
        return
    sid, card = t.extra_card.split(":")
    used = 2 if (a.verb == "dig" and not a.soldier) else 1
    extra = tuple((x, n - used if x == sid else n) for x, n in t.extra)
    state.turn = evolve(t, extra=extra, extra_card=None, acted=t.acted + ((sid, card),),
                         dashed=t.dashed + ((sid,) if a.verb == "dash" else ()))
    flow.perform(state, a, events)


# == interrupt (TW-4.4, TW-6.10) ===========================================================
def next_turn_seat(state):
    """The seat whose turn comes next this round; asks plotted interrupters first (TW-4.4)."""
    if not state.order:
        return None
    # Everyone who could hold a plotted Interrupt, judging by public information only, is
    # asked (and may only wait if it did not plot it), so the question itself reveals
    # nothing about the face-down cards (TW-10).
    declared = state.declared
    for seat in state.order[1:]:
        if seat not in declared and legal.can_interrupt(state, seat):
            state.pending = state.pending + (Pending("interrupt", seat),)
            return None
    if state.declared:
        # Only a declarer moves forward; a seat that waited (with or without the card
        # plotted) keeps its place.  Declaring marks the Interrupt as used (TW-6.10).
        jumped = [s for s in state.order if s in state.declared and s in state.interrupt_used]
        state.order = tuple(jumped) + tuple(s for s in state.order if s not in jumped)
        state.declared = ()
    return state.order[0]


def _interrupt_actions(state, seat: str) -> list:
    out = []
    if "interrupt" in state.plots.get(seat, ()):
        out = [make_action(seat, "interrupt", (s.sid,)) for s in state.living(seat) if s.drugs]
    return out + [legal.seat_action(seat, "wait")]


def _declare(state, seat: str, payer: str, events: list) -> None:
    s = state.soldier(payer)
    state.put(evolve(s, drugs=s.drugs - 1))
    plot = list(state.plots[seat])
    plot.remove("interrupt")
    state.plots[seat] = tuple(plot)
    state.interrupt_used = state.interrupt_used | {seat}
    state.declared = state.declared + (seat,)
    events.append(make_event("interrupt", "" if state.quiet else
                                          f"{seat} interrupts, paying {payer}'s drug", seat=seat,
                             payer=payer))


# == pending decisions ==========================================================================
def pending_actions(state, p) -> list:
    if p.kind == "gas":
        return [make_action(p.seat, "gas", (side,)) for side in gas.choice_options(state, p)]
    if p.kind == "interrupt":
        return _interrupt_actions(state, p.seat)
    return []


def resolve_pending(state, p, a, events: list) -> None:
    if p.kind == "gas":
        gas.choose(state, p, a.args[0], events)
    elif p.kind == "interrupt":
        if a.verb == "interrupt":
            _declare(state, p.seat, a.args[0], events)
        else:
            state.declared = state.declared + (p.seat,)
            events.append(make_event("wait", "" if state.quiet else
                                             f"{p.seat} does not interrupt now", seat=p.seat))
    else:
        raise NotImplementedError(p.kind)


__all__ = [
    "actions",
    "bomb_targets",
    "check",
    "do_drug_action",
    "drug_actions",
    "fire_options",
    "fire_reason",
    "gun_range",
    "is_drug_action",
    "next_turn_seat",
    "pending_actions",
    "perform",
    "resolve_pending",
    "shot",
]
