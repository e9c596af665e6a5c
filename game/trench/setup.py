"""TW-3 setup: a new game, and every setup step as a decision of the players.

Order: chance picks the first player; each player assigns weapons (secretly);
soldiers go on boats in snake order with automatic cover cubes; bases; two
placement rounds in snake order.  Then round 1 starts (TW-3.7).
"""

from __future__ import annotations

from itertools import permutations

from ..core.errors import RulesetError
from ..core.rng import check_seed
from .geometry import (
    CELLS,
    INWARD,
    OPPOSITE_SEAT,
    SEATS_FOR_PLAYERS,
    boat_cells,
    cell_name,
    cell_xy,
    is_corner,
    parse_cell,
    xy_cell,
)
from .model import (
    BOARD,
    BOAT,
    CORPSE,
    NATURAL,
    UNPLACED,
    VILLAGE,
    Soldier,
    Weapon,
    make_event,
)
from .ruleset import Ruleset, check_players, make_ruleset
from .state import (
    ACTION_CARDS,
    FULL_WIND_DECK,
    START_HAND,
    WIND_CARDS,
    TrenchState,
    seat_order_from,
)

#: The board as laid (TW-2): a natural cube on every cell, two on the corners.
_START_COLUMNS = [NATURAL * (2 if is_corner(c) else 1) for c in CELLS]
_START_CUBES = sum(len(c) for c in _START_COLUMNS)

#: ``setup_left`` indices: neutral food tokens, civilians, village cubes not yet placed.
FOOD, CIVILIANS, VILLAGES = 0, 1, 2


def new_game(players: int = 2, seed: int = 0, rules: Ruleset | None = None) -> TrenchState:
    """A game at the start of setup: the board laid, nothing placed (TW-1, TW-2)."""
    rules = rules or make_ruleset()
    if players not in SEATS_FOR_PLAYERS:
        raise RulesetError(f"TW-1: 2 to 4 players, not {players}")
    check_players(rules, players)
    seats = SEATS_FOR_PLAYERS[players]
    st = object.__new__(TrenchState)
    st.rules = rules
    st.seats = seats
    st.rng = check_seed(seed)
    st.phase = "first"
    st.quiet = False
    st.queue = ()
    st.first = None
    st.round = 0
    st.day = True
    st.eclipse = False
    st.start = None
    st.wind_deck = FULL_WIND_DECK
    st.wind_discard = WIND_CARDS.empty()
    st.wind_card = None
    st.wind = None
    st.forecasts = ()
    st.columns = _START_COLUMNS[:]
    st.items = {}
    if rules.centre_drug:
        st.items[parse_cell("d4")] = ("drug",)
    soldiers = []
    for seat in seats:
        for i in range(1, rules.soldiers_per_player + 1):
            soldiers.append(Soldier(f"{seat}{i}", seat, facing=INWARD[seat],
                                    masks=rules.masks_per_soldier, drugs=rules.drugs_per_soldier,
                                    food=rules.food_per_soldier))
    if rules.civilians:
        soldiers += [Soldier("C1", "C"), Soldier("C2", "C")]
    st.soldiers = soldiers
    st.index = {s.sid: i for i, s in enumerate(soldiers)}
    st.gas = ()
    st.next_gid = 1
    st.supply = rules.natural_cubes - _START_CUBES
    st.out = 0
    st.hands = {s: START_HAND for s in seats}
    st.discards = {s: ACTION_CARDS.empty() for s in seats}
    st.plots = {s: () for s in seats}
    st.interrupt_used = frozenset()
    st.points = {s: 0 for s in seats}
    st.spent = {s: 0 for s in seats}
    st.bonus = frozenset()
    st.dead = 0
    st.order = ()
    st.turn = None
    st.pending = ()
    st.skip = frozenset()
    st.result = None
    st.declared = ()
    st.teams = {}  # hidden teams (TW-11): seat -> (team, seats that know it, public)
    st.setup_left = (rules.setup_food, 2 if rules.civilians else 0, 1 if rules.civilians else 0)
    st.legal_cache = None
    return st


def snake(order: tuple, rounds: int) -> tuple:
    """Catan order: forward, backward, forward ... for ``rounds`` rounds."""
    out = []
    for r in range(rounds):
        out.extend(order if r % 2 == 0 else tuple(reversed(order)))
    return tuple(out)


# -- weapons (TW-3.2) ------------------------------------------------------------
def arm_options(state, seat: str) -> list[tuple]:
    kinds = state.rules.weapon_kinds()
    orders = _ARM_ORDERS.get(kinds)
    if orders is None:  # the same few for every game
        orders = _ARM_ORDERS[kinds] = tuple(sorted(set(permutations(kinds))))
    return list(orders)


_ARM_ORDERS: dict = {}


def do_arm(state, seat: str, kinds: tuple, events: list) -> None:
    for i, kind in enumerate(kinds, start=1):
        weapon = Weapon(f"{seat}:{kind}", kind, state.rules.ammo(kind), frozenset({seat}))
        state.update(f"{seat}{i}", weapons=(weapon,))
    events.append(make_event("arm", "" if state.quiet else f"{seat} arms its soldiers", seat=seat))


# -- boats (TW-3.3, TW-3.4) --------------------------------------------------------
def boat_options(state, sid: str) -> list[int]:
    boats = {s.cell for s in state.soldiers if s.status == BOAT}
    return [c for c in boat_cells(sid[0]) if c not in boats]


def take_from_supply(state, n: int = 1) -> None:
    """Take ``n`` natural cubes from the supply, which never goes below 0 (TW-1)."""
    if state.supply < n:
        raise RulesetError(f"TW-0: the cube supply is empty: natural_cubes={state.rules.natural_cubes} "
                           f"is too few for the board and the boats")
    state.supply -= n


def do_boat(state, sid: str, cell: int, events: list) -> None:
    seat = sid[0]
    take_from_supply(state)
    state.update(sid, status=BOAT, cell=cell, facing=INWARD[seat])
    events.append(make_event("place", "" if state.quiet else
                                      f"{sid} lands on a boat beside {cell_name(cell)}", sid=sid,
                             cell=cell))
    _cover(state, sid, events)


def _cover(state, sid: str, events: list) -> None:
    """TW-3.4: a cube at the midpoint of a firing line shared with the opposite side."""
    me = state.soldier(sid)
    other = OPPOSITE_SEAT[me.seat]
    x, y = cell_xy(me.cell)
    for s in state.soldiers:
        if s.seat != other or s.status != BOAT:
            continue
        ox, oy = cell_xy(s.cell)
        if me.seat in "SN" and ox == x:
            mid = xy_cell(x, 3)
        elif me.seat in "WE" and oy == y:
            mid = xy_cell(3, y)
        else:
            continue
        # Cover never takes a cube a boat still to be placed will need.
        boats_to_come = sum(1 for t in state.soldiers if t.status == UNPLACED and t.seat != "C")
        if len(state.columns[mid]) == 1 and not state.has_items(mid) and state.supply > boats_to_come:
            state.columns[mid] += NATURAL
            take_from_supply(state)
            events.append(make_event("cube", "" if state.quiet else
                                             f"cover cube on {cell_name(mid)}", how="place",
                                     frm=None, to=mid, sid=None))


# -- bases (TW-3.5) ----------------------------------------------------------------
def base_options(state, seat: str) -> list[int]:
    return [c for c in boat_cells(seat) if state.columns[c] == NATURAL and not state.has_items(c)]


def do_base(state, seat: str, cell: int, events: list) -> None:
    state.columns[cell] += seat
    events.append(make_event("cube", "" if state.quiet else
                                     f"{seat} builds its base on {cell_name(cell)}", how="place",
                             frm=None, to=cell, sid=None, kind=seat))


# -- placement rounds (TW-3.6) -----------------------------------------------------
def extra_options(state, seat: str, actions: dict | None = None) -> list:
    """TW-3.6: pass, or one thing on a legal cell: ``(verb, cell)`` pairs, ``("pass", None)``
    first.  ``actions`` (``{"pass": action, verb: [action by cell]}``): the same options as
    those actions instead (the legal list)."""
    food, civilians, villages = state.setup_left
    taken = set(state.items)
    enemy_fronts = set()
    for s in state.soldiers:
        status = s.status
        if status == BOARD or status == CORPSE:
            taken.add(s.cell)
        elif status == BOAT and not state.is_ally(s.seat, seat):
            enemy_fronts.add(s.cell)
    # The per-cell options, in this order: food, cube, civilian, village.
    empty = tuple(kind for kind, left in (("cube", state.supply > 0), ("civilian", civilians),
                                          ("village", villages)) if left)
    if actions is None:
        actions = _option_pairs()
    out = [actions["pass"]]
    food_at = actions["food"]
    per_cell = _per_cell(actions, empty)
    columns = state.columns
    # A cell takes something when nothing stands or lies on it and it is ground or a hole
    # (food only on ground); only food goes in front of an enemy boat.
    for cell in [c for c in CELLS if len(columns[c]) < 2 and c not in taken]:
        if food and columns[cell]:
            out.append(food_at[cell])
        if cell not in enemy_fronts:
            out += per_cell[cell]
    return out


_PAIRS: dict = {}


def _option_pairs() -> dict:
    """``extra_options``'s table of options as ``(verb, cell)`` pairs (the shape of the action
    table ``legal`` passes)."""
    if not _PAIRS:
        _PAIRS["pass"] = ("pass", None)
        for verb in ("food", "cube", "civilian", "village"):
            _PAIRS[verb] = [(verb, cell) for cell in CELLS]
    return _PAIRS


_PER_CELL: dict = {}


def _per_cell(actions: dict, kinds: tuple) -> list:
    """Per cell, the placement actions of ``kinds`` on it (made once per seat and kinds)."""
    key = (actions["pass"], kinds)
    table = _PER_CELL.get(key)
    if table is None:
        table = _PER_CELL[key] = [tuple(actions[kind][cell] for kind in kinds) for cell in CELLS]
    return table


def do_extra(state, seat: str, verb: str, cell: int | None, events: list) -> None:
    food, civilians, villages = state.setup_left
    if verb == "pass":
        events.append(make_event("pass", "" if state.quiet else f"{seat} places nothing", seat=seat))
        return
    if verb == "food":
        state.items[cell] = state.items.get(cell, ()) + ("food",)
        state.setup_left = (food - 1, civilians, villages)
    elif verb == "cube":
        state.columns[cell] += NATURAL
        take_from_supply(state)
    elif verb == "village":
        state.columns[cell] += VILLAGE
        state.setup_left = (food, civilians, villages - 1)
    elif verb == "civilian":
        sid = "C1" if state.soldier("C1").status != BOARD else "C2"
        state.update(sid, status=BOARD, cell=cell, facing=INWARD[seat])
        state.setup_left = (food, civilians - 1, villages)
    events.append(make_event("place", "" if state.quiet else
                                      f"{seat} places a {verb} on {cell_name(cell)}", seat=seat,
                             what=verb, cell=cell))


def start_order(state) -> tuple:
    return seat_order_from(state.seats, state.first)


__all__ = ["new_game", "snake", "arm_options", "do_arm", "boat_options", "do_boat", "base_options",
           "do_base", "extra_options", "do_extra", "start_order"]
