"""Who decides now, the chance outcomes and the legal actions (TW-3 to TW-6).

The query side of the flow of play: nothing here changes the state except the
cache of the current legal list.  ``flow.py`` applies actions and advances.
"""

from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.protocol import CHANCE, TERMINAL
from ..core.rng import Rng, Weighted
from . import casualties, handling, movement, setup, weapons
from .actions import Action, make_action
from .geometry import CELLS, DIRECTIONS, cell_name
from .model import BOARD, BOAT
from .state import ACTION_CARDS, WIND_CARDS, Pending


# == who decides ===============================================================
def current_player(state) -> str:
    if state.result is not None:
        return TERMINAL
    if state.pending:
        return state.pending[0].seat
    phase = state.phase
    if phase in ("first", "wind"):
        return CHANCE
    if phase == "place":
        return state.queue[0][0]
    if phase == "turn":
        return state.turn.seat
    return state.queue[0]


# == chance ======================================================================
def chance_outcomes(state) -> list:
    """``[(Action, probability), ...]`` at a chance node (TW-3.1 first player, TW-4.1 wind)."""
    if state.result is not None or state.pending:
        return []
    if state.phase == "first":
        if state.rules.hidden_teams and not state.teams:  # TW-11: secret sides first
            from .variants import team_outcomes
            return team_outcomes(state)
        return [(_FIRST[s], 1 / len(state.seats)) for s in state.seats]
    if state.phase == "wind":
        return list(_wind_draws(state.wind_deck)[0])
    return []


_WIND_DRAWS: dict = {}


def _wind_draws(deck: tuple) -> tuple:
    """``(outcomes, actions, table)`` of a wind deck: its draws with their probabilities, the
    draws alone (the legal list) and the outcomes ready for drawing (:class:`Weighted`).  The
    same few decks recur in every game: each is worked out once (shared: copy before changing)."""
    draws = _WIND_DRAWS.get(deck)
    if draws is None:
        total = WIND_CARDS.size(deck)
        outcomes = [(_WIND[k], WIND_CARDS.count(deck, k) / total) for k in WIND_CARDS.present(deck)]
        draws = _WIND_DRAWS[deck] = (outcomes, tuple(a for a, _ in outcomes), Weighted(tuple(outcomes)))
    return draws


# Chance outcomes are constants, so a sampled outcome is the very object in the legal list.
_FIRST = {s: Action("chance", "first", (s,)) for s in "SWNE"}
_WIND = {k: Action("chance", "wind", (k,)) for k in WIND_CARDS.kinds}


def sample_chance(state) -> Action:
    """The chance outcome the state's seeded generator draws now.

    The generator advances when a chance outcome is *applied* (whether it was
    sampled here or given explicitly), so replaying recorded actions
    reproduces the state exactly, ``rng:`` line included.
    """
    if state.phase == "wind" and state.result is None and not state.pending:
        draws = _wind_draws(state.wind_deck)
        if draws[1]:
            return draws[2].draw(state.rng)
    outcomes = chance_outcomes(state)
    if not outcomes:
        raise IllegalActionError(f"TW-4: not a chance node: {current_player(state)} decides")
    return Rng(state.rng).weighted(outcomes)


# == legal actions =================================================================
def legal_actions(state) -> list:
    if state.legal_cache is not None:
        return state.legal_cache
    state.legal_cache = _legal(state)
    return state.legal_cache


def _legal(state) -> list:
    if state.result is not None:
        return []
    if state.pending:
        return pending_actions(state, state.pending[0])
    phase = state.phase
    if phase == "wind":
        return list(_wind_draws(state.wind_deck)[1])
    if phase == "first":
        return [a for a, _ in chance_outcomes(state)]
    if phase == "arm":
        seat = state.queue[0]
        return _listed(seat, "arm", tuple(setup.arm_options(state, seat)), False)
    if phase == "place":
        sid = state.queue[0]
        return _listed(sid, "boat", tuple(setup.boat_options(state, sid)), True)
    if phase == "base":
        seat = state.queue[0]
        return _listed(seat, "base", tuple(setup.base_options(state, seat)), True)
    if phase == "extra":
        seat = state.queue[0]
        return setup.extra_options(state, seat, _placements(seat))
    if phase == "plot":
        seat = state.queue[0]
        return _plot_actions(state, seat)
    if phase == "turn":
        return turn_actions(state) + give_actions(state)
    return []


_LISTS: dict = {}


def _listed(actor: str, verb: str, options: tuple, cells: bool) -> list:
    """``[actor verb option ...]`` for setup options (cells named when ``cells``): the same few
    lists recur in every game, so each is made once (a fresh list is returned: callers may
    change it)."""
    key = (actor, verb, options)
    cached = _LISTS.get(key)
    if cached is None:
        cached = _LISTS[key] = [make_action(actor, verb, (cell_name(o),) if cells else o) for o in options]
    return list(cached)


_PLACEMENTS: dict = {}


def _placements(seat: str) -> dict:
    """TW-3.6 placement actions of a seat: ``{"pass": action, verb: [action by cell]}``."""
    table = _PLACEMENTS.get(seat)
    if table is None:
        table = _PLACEMENTS[seat] = {"pass": make_action(seat, "pass")}
        for verb in ("food", "cube", "civilian", "village"):
            table[verb] = [make_action(seat, verb, (cell_name(c),)) for c in CELLS]
    return table


_PLOT_CACHE: dict = {}
_PLOT_ACTIONS: dict = {}
_PLOTS: dict = {}  # seat -> {cards: its plot action}


def can_interrupt(state, seat: str) -> bool:
    """May ``seat`` plot an Interrupt: not used yet, and a living soldier's drug to pay (TW-6.10)?

    Public information only: the seats asked to declare or wait before a turn (TW-4.4) are
    exactly these.
    """
    if seat in state.interrupt_used:
        return False
    for s in state.soldiers:
        if s.drugs and s.seat == seat and (s.status == BOARD or s.status == BOAT):
            return True
    return False


def _capped(hand: tuple) -> tuple:
    """Which cards a hand holds once and which twice or more: all a plot list depends on."""
    return tuple(n if n < 2 else 2 for n in hand)


def plot_options(state, seat: str) -> list[tuple]:
    """TW-4.3/TW-6.10: one or two cards, 1st then 2nd; Interrupt only with a drug."""
    key = (state.hands[seat], can_interrupt(state, seat))
    cached = _PLOT_CACHE.get(key)
    if cached is None:
        # hands differ in many ways, capped hands in few: each list is made once per capped hand
        capped = (_capped(key[0]), key[1])
        cached = _PLOT_CACHE.get(capped)
        if cached is None:
            cached = _PLOT_CACHE[capped] = _plot_options(*capped)
        _PLOT_CACHE[key] = cached
    return cached


def _plot_actions(state, seat: str) -> list:
    key = (seat, state.hands[seat], can_interrupt(state, seat))
    cached = _PLOT_ACTIONS.get(key)
    if cached is None:
        capped = (seat, _capped(key[1]), key[2])
        cached = _PLOT_ACTIONS.get(capped)
        if cached is None:
            plots = _PLOTS.get(seat)
            if plots is None:
                plots = _PLOTS[seat] = {}
            cached = []
            for cards in plot_options(state, seat):
                a = plots.get(cards)
                if a is None:
                    a = plots[cards] = make_action(seat, "plot", cards)
                cached.append(a)
            _PLOT_ACTIONS[capped] = cached
        _PLOT_ACTIONS[key] = cached
    return list(cached)


def _plot_options(hand: tuple, can_interrupt: bool) -> list[tuple]:
    kinds = [k for k in ACTION_CARDS.present(hand) if k != "interrupt" or can_interrupt]
    out = []
    for a in kinds:
        out.append((a,))
        for b in kinds:
            if b == a and ACTION_CARDS.count(hand, a) < 2:
                continue
            if a == "interrupt" and b == "interrupt":
                continue
            out.append((a, b))
    return out


def _actors(state, seat: str, category: str):
    """Pieces the seat may use for a card category (own soldiers; civilians, TW-11)."""
    out = state.living(seat)
    if state.rules.civilians:
        out += _civilian_actors(state, category)
    return out


def _civilian_actors(state, category: str) -> list:
    """The civilians any seat may use for a card category (TW-11: move and turn; with
    guerrillas fire and dig too), none without civilians."""
    if state.rules.civilians:
        civ_cats = ("move", "turn") + (("fire", "dig") if state.rules.guerrillas else ())
        if category in civ_cats:
            return [s for s in state.soldiers if s.seat == "C" and s.status == BOARD]
    return []


def category_actions(state, seat: str, category: str, first_use: bool, only: str | None = None) -> list:
    """Every action of one card category the seat may take now (TW-5, TW-6).

    ``only``: a soldier's sid; just that soldier's actions (the list filtered by actor).
    """
    t = state.turn
    out = []
    if category == "camp":
        if t.camped or only is not None:
            return []
        return [make_action(seat, "camp", (p, src) + ((c,) if c else ())) for p, src, c in
                handling.camp_options(state, seat)]
    if category == "interrupt":
        return []
    if only is not None:  # one soldier (a drug's extra action): no list of the others made
        s = state.soldier(only)
        if s.seat == seat and (s.status == BOARD or s.status == BOAT) or s in _civilian_actors(state, category):
            actors = (s,)
        else:
            actors = ()
    else:
        actors = _actors(state, seat, category)
    for s in actors:
        sid = s.sid
        if sid in t.dashed or (sid, category) in t.acted:
            continue
        if category == "move":
            moves = _moves(sid)
            for d, step, tunnel in moves[0]:
                if movement.check_step(state, s, d) is None:
                    out.append(step)
                if s.status == BOARD and movement.check_tunnel(state, s, d) is None:
                    out.append(tunnel)
            if movement.check_dash(state, s) is None:
                out.append(moves[1])
        elif category == "turn":
            turns = _turns(sid)
            for option in handling.turn_options(state, s):
                a = turns.get(option)
                if a is None:
                    d, carry, via = option
                    a = turns[option] = make_action(sid, "turn", (d,) + (("carry",) if carry else ()) +
                                                    ((via,) if via else ()))
                out.append(a)
        elif category == "build":
            if s.status == BOARD and not s.mask_on:
                if s.cubes:
                    builds = _by_cell(sid, "build")
                    for c in CELLS:
                        if handling.check_build(state, s, c) is None:
                            out.append(builds[c])
                if handling.check_collect(state, s) is None:
                    out.append(make_action(sid, "collect"))
        elif category == "dig":
            if handling.check_dig(state, s) is None:
                out.append(make_action(sid, "dig"))
        elif category in ("fire", "equip"):
            out += weapons.actions(state, s, category)
    if category == "dig" and first_use and t.slot == 0 and t.uses == 0 and not t.extra and only is None:
        if any(s.status == BOARD for s in state.living(seat)):
            out += remote_dig_actions(state, seat)
    return out


def remote_dig_actions(state, seat: str) -> list:
    """TW-6.7: ``SEAT dig CELL`` for every cell a remote dig may take now."""
    digs = _by_cell(seat, "dig")
    return [digs[c] for c in CELLS if handling.check_remote_dig(state, c) is None]


# Action tables: the legal lists pick ready-made actions from these instead of making them.
_MOVES: dict = {}
_BY_CELL: dict = {}


def _moves(sid: str) -> tuple:
    """``(((direction, step, tunnel), ...), dash)``: a soldier's move actions."""
    table = _MOVES.get(sid)
    if table is None:
        table = _MOVES[sid] = (tuple((d, make_action(sid, "step", (d,)), make_action(sid, "tunnel", (d,)))
                                     for d in DIRECTIONS), make_action(sid, "dash"))
    return table


_TURNS: dict = {}


def _turns(sid: str) -> dict:
    """A soldier's Turn actions by ``(direction, carry, via)`` option (filled as they occur)."""
    table = _TURNS.get(sid)
    if table is None:
        table = _TURNS[sid] = {}
    return table


_SEAT_ACTIONS: dict = {}


def seat_action(seat: str, verb: str):
    """``make_action(seat, verb)`` for the argument-less decisions asked again and again
    (``reveal``, ``pass``, ``wait``), from a table by seat and verb."""
    key = seat + verb
    a = _SEAT_ACTIONS.get(key)
    if a is None:
        a = _SEAT_ACTIONS[key] = make_action(seat, verb)
    return a


def _by_cell(actor: str, verb: str) -> list:
    """``[actor verb CELL for each cell]``, indexed by cell."""
    key = (actor, verb)
    table = _BY_CELL.get(key)
    if table is None:
        table = _BY_CELL[key] = [make_action(actor, verb, (cell_name(c),)) for c in CELLS]
    return table


def turn_actions(state, options: list | None = None) -> list:
    """Decisions of the player whose turn it is (TW-5), free actions excluded.

    ``options``: the category actions of the card in use, when already computed.
    """
    t = state.turn
    seat = t.seat
    if t.extra_card:
        return weapons.drug_actions(state)  # a drug card was played: its action comes now (TW-6.8)
    card = t.cards[t.slot]
    out = []
    if t.slot == 0 and t.uses == 0:
        out = options if options is not None else category_actions(state, seat, card, first_use=True)
    elif t.slot == 0 and t.uses == 1:
        out = list(options) if options is not None else category_actions(state, seat, card, first_use=False)
        if len(t.cards) > 1:
            out.append(seat_action(seat, "reveal"))
        out.append(seat_action(seat, "pass"))
    elif t.slot == 1 and t.uses == 0:
        out = options if options is not None else category_actions(state, seat, card, first_use=False)
    return out + weapons.drug_actions(state) if t.extra else out[:]


def give_actions(state) -> list:
    seat = state.turn.seat
    return [make_action(g, "give", (t, what)) for g, t, what in handling.give_options(state, seat)]


def pending_actions(state, p: Pending) -> list:
    seat = p.seat
    if p.kind == "console":
        corpse = state.soldier(p.data[0])
        out = [make_action(seat, "console", ("none",))]
        for t in state.living(seat):
            for what in casualties.belongings_of(corpse):
                if what == "cube" and t.cubes >= state.rules.max_cubes_carried:
                    continue
                out.append(make_action(seat, "console", (t.sid, what)))
        return out
    if p.kind == "handover":
        return [make_action(seat, "handover", (t.sid,)) for t in state.living(seat)]
    if p.kind == "sink":
        out = []
        for t in state.living(seat):
            kinds = [w.tile for w in t.weapons]
            kinds += [k for k, n in (("mask", t.masks + t.mask_on), ("drug", t.drugs),
                                     ("food", t.food), ("cube", t.cubes)) if n]
            out += [make_action(seat, "sink", (t.sid, k)) for k in kinds]
        return out
    if p.kind == "penalty":
        return [make_action(seat, "penalty", ("point",)), make_action(seat, "penalty", ("skip",))]
    return weapons.pending_actions(state, p)
