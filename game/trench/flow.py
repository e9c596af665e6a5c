"""The flow of play: who decides now, the legal actions, and applying one.

Setup (TW-3), rounds (TW-4: wind, day and night, lingering gas, plot, execute,
sinking) and turns (TW-5) are a state machine over ``state.phase``; decisions
owed outside that flow (consolation, handing over weapons, sinking penalty,
gas deflection ...) wait in ``state.pending`` and come first.
"""

from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.protocol import CHANCE, TERMINAL
from ..core.rng import Rng
from . import casualties, gas, handling, movement, setup, vision, weapons
from .actions import CATEGORY, Action, make_action
from .geometry import CELLS, DIRECTIONS, cell_name, parse_cell
from .model import BOARD, BOAT, evolve, make_event
from .state import ACTION_CARDS, WIND_CARDS, Pending, Turn, next_seat, seat_order_from

PHASE_NAMES = ("first", "arm", "place", "base", "extra", "wind", "plot", "turn", "over")


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
        return list(_wind_outcomes(state.wind_deck))
    return []


_WIND_OUTCOMES: dict = {}


def _wind_outcomes(deck: tuple) -> list:
    """The wind draws from a deck and their probabilities (shared: copy before changing)."""
    outcomes = _WIND_OUTCOMES.get(deck)
    if outcomes is None:
        total = WIND_CARDS.size(deck)
        outcomes = _WIND_OUTCOMES[deck] = [(_WIND[k], WIND_CARDS.count(deck, k) / total)
                                           for k in WIND_CARDS.present(deck)]
    return outcomes


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
        outcomes = _wind_outcomes(state.wind_deck)  # read only here: no copy needed
    else:
        outcomes = chance_outcomes(state)
    if not outcomes:
        raise IllegalActionError("not a chance node")
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
    if phase in ("first", "wind"):
        return [a for a, _ in chance_outcomes(state)]
    if phase == "arm":
        seat = state.queue[0]
        return [make_action(seat, "arm", kinds) for kinds in setup.arm_options(state, seat)]
    if phase == "place":
        sid = state.queue[0]
        return [make_action(sid, "boat", (cell_name(c),)) for c in setup.boat_options(state, sid)]
    if phase == "base":
        seat = state.queue[0]
        return [make_action(seat, "base", (cell_name(c),)) for c in setup.base_options(state, seat)]
    if phase == "extra":
        seat = state.queue[0]
        table = _placements(seat)
        return [table[option] for option in setup.extra_options(state, seat)]
    if phase == "plot":
        seat = state.queue[0]
        return _plot_actions(state, seat)
    if phase == "turn":
        return turn_actions(state) + give_actions(state)
    return []


_PLACEMENTS: dict = {}


def _placements(seat: str) -> dict:
    """TW-3.6 placement actions of a seat by ``(verb, cell)`` (``("pass", None)`` too)."""
    table = _PLACEMENTS.get(seat)
    if table is None:
        table = _PLACEMENTS[seat] = {("pass", None): make_action(seat, "pass")}
        for verb in ("food", "cube", "civilian", "village"):
            for c in CELLS:
                table[verb, c] = make_action(seat, verb, (cell_name(c),))
    return table


_PLOT_CACHE: dict = {}
_PLOT_ACTIONS: dict = {}


def _plot_key(state, seat: str) -> tuple:
    """What a seat's plotting choices depend on: its hand and whether it may plot Interrupt."""
    can_interrupt = (seat not in state.interrupt_used
                     and any(s.drugs for s in state.living(seat)))
    return state.hands[seat], can_interrupt


def plot_options(state, seat: str) -> list[tuple]:
    """TW-4.3/TW-6.10: one or two cards, 1st then 2nd; Interrupt only with a drug."""
    key = _plot_key(state, seat)
    cached = _PLOT_CACHE.get(key)
    if cached is None:
        cached = _PLOT_CACHE[key] = _plot_options(*key)
    return cached


def _plot_actions(state, seat: str) -> list:
    key = (seat,) + _plot_key(state, seat)
    cached = _PLOT_ACTIONS.get(key)
    if cached is None:
        cached = _PLOT_ACTIONS[key] = [make_action(seat, "plot", cards)
                                       for cards in plot_options(state, seat)]
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
    out = [s for s in state.soldiers if s.seat == seat and s.status in (BOARD, BOAT)]
    if state.rules.civilians:
        civ_cats = ("move", "turn") + (("fire", "dig") if state.rules.guerrillas else ())
        if category in civ_cats:
            out += [s for s in state.soldiers if s.seat == "C" and s.status == BOARD]
    return out


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
    for s in _actors(state, seat, category):
        if only is not None and s.sid != only:
            continue
        if s.sid in t.dashed or (s.sid, category) in t.acted:
            continue
        sid = s.sid
        if category == "move":
            for d in DIRECTIONS:
                if movement.check_step(state, s, d) is None:
                    out.append(make_action(sid, "step", (d,)))
                if s.status == BOARD and movement.check_tunnel(state, s, d) is None:
                    out.append(make_action(sid, "tunnel", (d,)))
            if movement.check_dash(state, s) is None:
                out.append(make_action(sid, "dash"))
        elif category == "turn":
            for d, carry, via in handling.turn_options(state, s):
                out.append(make_action(sid, "turn", (d,) + (("carry",) if carry else ()) +
                                  ((via,) if via else ())))
        elif category == "build":
            if s.status == BOARD and not s.mask_on:
                if s.cubes:
                    for c in CELLS:
                        if handling.check_build(state, s, c) is None:
                            out.append(make_action(sid, "build", (cell_name(c),)))
                if handling.check_collect(state, s) is None:
                    out.append(make_action(sid, "collect"))
        elif category == "dig":
            if handling.check_dig(state, s) is None:
                out.append(make_action(sid, "dig"))
        elif category in ("fire", "equip"):
            out += weapons.actions(state, s, category)
    if category == "dig" and first_use and t.slot == 0 and t.uses == 0 and not t.extra and only is None:
        if any(s.status == BOARD for s in state.living(seat)):
            out += [make_action(seat, "dig", (cell_name(c),)) for c in CELLS
                    if handling.check_remote_dig(state, c) is None]
    return out


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
            out.append(make_action(seat, "reveal"))
        out.append(make_action(seat, "pass"))
    elif t.slot == 1 and t.uses == 0:
        out = options if options is not None else category_actions(state, seat, card, first_use=False)
    out = out + weapons.drug_actions(state)
    return out


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


# == apply =======================================================================
def apply(state, action) -> list:
    """Validate and apply one action; return the events it caused.

    Raises NotationError for malformed text and IllegalActionError (naming the
    rule) for an action the rules forbid now.
    """
    a = Action.parse(action)
    if state.result is not None:
        raise IllegalActionError(f"the game is over; {a} is not possible")
    legal = legal_actions(state)
    for candidate in legal:  # identity first: the usual caller passes an action from the list
        if candidate is a:
            break
    else:
        if a not in legal:
            raise IllegalActionError(explain(state, a))
    events: list = []
    state.legal_cache = None
    if a.actor == "chance":
        rng = Rng(state.rng)
        rng.next_u64()  # the draw sample_chance makes
        state.rng = rng.state
    _dispatch(state, a, events)
    advance(state, events)  # leaves legal_cache None, or filled for the decision now due
    if any(e.kind not in _SIGHT_UNCHANGED for e in events):
        vision.update(state, events)  # TW-10: what every soldier sees now
    return events


#: Event kinds that move no piece, cube or belonging: after only these, nobody can
#: see anything new, so the vision update (the costliest step of a turn) is skipped.
_SIGHT_UNCHANGED = frozenset((
    "plot", "plot-detail", "reveal", "turn-start", "turn-end", "pass", "wasted", "forecast",
    "wind", "round", "first", "shuffle", "eclipse", "no-cards", "skip", "camp", "interrupt",
    "wait", "drug-card", "drug", "penalty", "score", "mask", "end", "eat", "seen", "arm"))


def _dispatch(state, a: Action, events: list) -> None:
    if state.pending:
        _resolve_pending(state, a, events)
        return
    phase = state.phase
    verb = a.verb
    if a.actor == "chance":
        if verb == "first":
            state.first = a.args[0]
            state.phase = "arm"
            state.queue = setup.start_order(state)
            events.append(make_event("first", f"{state.first} is the first player", seat=state.first))
        elif verb == "teams":
            from .variants import assign_teams
            assign_teams(state, a.args[0], events)
        else:
            card = a.args[0]
            state.wind_deck = WIND_CARDS.remove(state.wind_deck, card)
            state.forecasts = state.forecasts + (card,)
            events.append(make_event("forecast", f"wind forecast: {card}", card=card))
        return
    if phase == "arm":
        setup.do_arm(state, a.actor, a.args, events)
        state.queue = state.queue[1:]
    elif phase == "place":
        setup.do_boat(state, a.actor, parse_cell(a.args[0]), events)
        state.queue = state.queue[1:]
    elif phase == "base":
        setup.do_base(state, a.actor, parse_cell(a.args[0]), events)
        state.queue = state.queue[1:]
    elif phase == "extra":
        setup.do_extra(state, a.actor, verb, parse_cell(a.args[0]) if a.args else None, events)
        state.queue = state.queue[1:]
    elif phase == "plot":
        seat = a.actor
        hand = state.hands[seat]
        for card in a.args:
            hand = ACTION_CARDS.remove(hand, card)
        state.hands[seat] = hand
        state.plots[seat] = a.args
        state.queue = state.queue[1:]
        events.append(make_event("plot", f"{seat} plots {len(a.args)} card(s)", seat=seat,
                                 count=len(a.args)))
        events.append(make_event("plot-detail", f"{seat} plots {' '.join(a.args)}", seat=seat,
                                 cards=a.args, seen_by=frozenset({seat})))
    elif phase == "turn":
        _turn_action(state, a, events)


def _turn_action(state, a: Action, events: list) -> None:
    t = state.turn
    verb = a.verb
    if verb == "give":
        handling_give(state, a, events)
        return
    if verb == "pass":
        events.append(make_event("pass", f"{t.seat} passes", seat=t.seat))
        end_turn(state, events)
        return
    if verb == "reveal":
        _reveal(state, 1, events)
        return
    if weapons.is_drug_action(state, a):
        weapons.do_drug_action(state, a, events)
        return
    category = a.category
    sid = a.soldier
    acted = t.acted + (((sid, category),) if sid else ())
    dashed = t.dashed + ((sid,) if verb == "dash" else ())
    uses = t.uses + (2 if (verb == "dig" and not sid) else 1)
    state.turn = evolve(t, acted=acted, dashed=dashed, uses=uses,
                         camped=t.camped or verb == "camp")
    perform(state, a, events)


def perform(state, a: Action, events: list) -> None:
    """Carry out a checked category action (also used for drug actions)."""
    verb = a.verb
    s = state.soldier(a.actor) if a.soldier else None
    if verb == "step":
        movement.do_step(state, s, a.args[0], events)
    elif verb == "tunnel":
        movement.do_tunnel(state, s, a.args[0], events)
    elif verb == "dash":
        movement.do_dash(state, s, events)
    elif verb == "turn":
        handling.do_turn(state, s, a.args[0], len(a.args) > 1, events)
    elif verb == "build":
        handling.do_build(state, s, parse_cell(a.args[0]), events)
    elif verb == "collect":
        handling.do_collect(state, s, events)
    elif verb == "dig":
        if s is not None:
            handling.do_dig(state, s, events)
        else:
            handling.do_remote_dig(state, a.actor, parse_cell(a.args[0]), events)
    elif verb == "camp":
        card = a.args[2] if len(a.args) > 2 else None
        handling.do_camp(state, a.actor, a.args[0], a.args[1], card, events)
    else:
        weapons.perform(state, a, events)


def handling_give(state, a: Action, events: list) -> None:
    casualties.transfer(state, a.actor, a.args[0], a.args[1], events)


def _resolve_pending(state, a: Action, events: list) -> None:
    p = state.pending[0]
    state.pending = state.pending[1:]
    if p.kind == "console":
        if a.args[0] != "none":
            casualties.transfer(state, p.data[0], a.args[0], a.args[1], events)
        casualties.consoled(state, p.data[0], events)
    elif p.kind == "handover":
        casualties.hand_over(state, p.data[0], a.args[0], events)
    elif p.kind == "sink":
        _sink_penalty(state, a.args[0], a.args[1], events)
    elif p.kind == "penalty":
        if a.args[0] == "point":
            state.points[a.actor] -= state.rules.civilian_penalty
        else:
            state.skip = state.skip | {a.actor}
        events.append(make_event("penalty", f"{a.actor} takes the penalty: {a.args[0]}",
                                 seat=a.actor, choice=a.args[0]))
    else:
        weapons.resolve_pending(state, p, a, events)


def _sink_penalty(state, sid: str, kind: str, events: list) -> None:
    """TW-4.6: discard one whole kind of equipment from a surviving soldier."""
    s = state.soldier(sid)
    if ":" in kind:
        s = evolve(s, weapons=tuple(w for w in s.weapons if w.tile != kind))
    elif kind == "mask":
        s = evolve(s, masks=0, mask_on=False)
    elif kind == "cube":
        state.out += s.cubes
        s = evolve(s, cubes=0)
    else:
        s = evolve(s, **{"drugs" if kind == "drug" else "food": 0})
    state.put(s)
    events.append(make_event("discard", f"{sid} discards its {kind}", sid=sid, what=kind))


# == automatic progress ==============================================================
def advance(state, events: list) -> None:
    """Run every step that needs no decision, until one is needed."""
    while state.result is None and not state.pending:
        phase = state.phase
        if phase in ("first",):
            return
        if phase in ("arm", "place", "base", "extra", "plot"):
            if state.queue:
                return
            _next_phase(state, events)
            continue
        if phase == "wind":
            if not _advance_wind(state, events):
                return
            continue
        if phase == "turn":
            if not _advance_turn(state, events):
                return
            continue
        return


def _next_phase(state, events: list) -> None:
    phase = state.phase
    order = setup.start_order(state) if state.first else ()
    if phase == "arm":
        state.phase = "place"
        state.queue = tuple(f"{seat}{k + 1}" for k in range(state.rules.soldiers_per_player)
                            for seat in (order if k % 2 == 0 else tuple(reversed(order))))
    elif phase == "place":
        state.phase = "base"
        state.queue = order
    elif phase == "base":
        state.phase = "extra"
        state.queue = setup.snake(order, state.rules.placement_rounds)
    elif phase == "extra":
        state.round = 1
        state.day = True
        state.start = state.first
        state.phase = "wind"
        events.append(make_event("round", "round 1 (day)", round=1, day=True, start=state.start))
    elif phase == "plot":
        state.phase = "turn"
        state.order = tuple(s for s in seat_order_from(state.seats, state.start)
                            if state.plots[s] or s in state.queue)
        state.turn = None
        state.declared = ()


def _advance_wind(state, events: list) -> bool:
    """TW-4.1: settle the current wind card and the open forecasts; False if a draw is due."""
    want = state.rules.forecast_count(len(state.seats))
    while True:
        if state.round > 1 and state.wind_card is None:
            if not state.forecasts:
                return _wind_draw_due(state, events)
            card = state.forecasts[0]
            state.forecasts = state.forecasts[1:]
            if card == "eclipse":
                state.wind_discard = WIND_CARDS.add(state.wind_discard, "eclipse")
                state.eclipse = True
                events.append(make_event("eclipse", "eclipse: day and night stay as they are"))
                continue
            state.wind_card = card
            # "same": the previous round's wind continues; calm if there was none [I].
            state.wind = (state.wind or "calm") if card == "same" else card
            continue
        if len(state.forecasts) < want:
            return _wind_draw_due(state, events)
        break
    if state.round > 1 and not state.eclipse:
        state.day = not state.day
    events.append(make_event("wind", f"round {state.round}: {'day' if state.day else 'night'}, "
                                     f"wind {state.wind or 'none'}, forecast {' '.join(state.forecasts)}",
                             round=state.round, day=state.day, wind=state.wind,
                             card=state.wind_card, forecasts=state.forecasts,
                             eclipse=state.eclipse))
    gas.linger(state, events)
    if state.result is not None:  # the lingering gas ended the game (TW-9 judgement)
        return True
    state.phase = "plot"
    plotters = []
    for seat in seat_order_from(state.seats, state.start):
        if seat in state.skip:
            state.skip = state.skip - {seat}
            events.append(make_event("skip", f"{seat} skips this round's turn", seat=seat))
            continue
        if state.living(seat):
            if plot_options(state, seat):
                plotters.append(seat)
            else:
                events.append(make_event("no-cards", f"{seat} has no card to plot", seat=seat))
    state.queue = tuple(plotters)
    if not plotters and not any(state.living(s) for s in state.seats):
        casualties.judge(state, "no-soldiers", events, "no soldier is left")
    return True


def _wind_draw_due(state, events: list) -> bool:
    """A wind card must be drawn (a chance node); an empty deck is remade from the discards."""
    if WIND_CARDS.size(state.wind_deck) == 0:
        state.wind_deck = state.wind_discard
        state.wind_discard = WIND_CARDS.empty()
        events.append(make_event("shuffle", "the wind discards become the deck"))
    return False


def _reveal(state, slot: int, events: list) -> None:
    t = state.turn
    card = t.cards[slot]
    seat = t.seat
    plot = list(state.plots[seat])
    plot.remove(card)
    state.plots[seat] = tuple(plot)
    state.discards[seat] = ACTION_CARDS.add(state.discards[seat], card)
    state.turn = evolve(t, slot=slot, uses=0)
    events.append(make_event("reveal", f"{seat} reveals {card}", seat=seat, card=card, slot=slot + 1))


def start_turn(state, seat: str, events: list) -> None:
    cards = tuple(c for c in state.plots[seat] if c != "interrupt")
    state.turn = Turn(seat, cards)
    events.append(make_event("turn-start", f"{seat}'s turn", seat=seat))


def _advance_turn(state, events: list) -> bool:
    """Start turns, reveal cards, skip unusable ones, end finished turns; False at a decision."""
    t = state.turn
    if t is None:
        seat = weapons.next_turn_seat(state)
        if seat is None:
            if state.pending:
                return False
            end_round(state, events)
            return True
        if not state.living(seat):
            state.hands[seat] = ACTION_CARDS.merge(state.hands[seat], _pile(state.plots[seat]))
            state.plots[seat] = ()
            state.order = tuple(s for s in state.order if s != seat)
            return True
        if seat in state.skip:
            # TW-9: a penalty taken before this round's turn (gas flowing during another
            # player's turn) skips that very turn: its plotted cards go back to hand.
            state.skip = state.skip - {seat}
            state.hands[seat] = ACTION_CARDS.merge(state.hands[seat], _pile(state.plots[seat]))
            state.plots[seat] = ()
            state.order = tuple(s for s in state.order if s != seat)
            events.append(make_event("skip", f"{seat} skips this round's turn", seat=seat))
            return True
        start_turn(state, seat, events)
        t = state.turn
        if not t.cards:
            end_turn(state, events)
            return True
        _reveal(state, 0, events)
        t = state.turn
    if t.slot is None:
        _reveal(state, 0, events)
        return True
    if t.extra_card:
        return False  # the action of a played drug card is due (TW-6.8)
    options = None
    if not (t.slot == 0 and t.uses >= 2 or t.slot == 1 and t.uses >= 1):
        options = category_actions(state, t.seat, t.cards[t.slot], first_use=(t.slot == 0 and t.uses == 0))
        if t.uses == 0 and not options:
            card = t.cards[t.slot]
            events.append(make_event("wasted", f"{t.seat}'s {card} card has no legal action",
                                     seat=t.seat, card=card))
            if t.slot == 0 and len(t.cards) > 1:
                _reveal(state, 1, events)
                return True
            options = None
        elif t.slot == 0 and t.uses == 1 and not options and len(t.cards) == 1:
            options = None
        if options is None:  # the plotted cards are spent; drug actions may remain
            state.turn = t = evolve(t, uses=2 if t.slot == 0 else 1)
    if options is None:
        if t.extra and weapons.drug_actions(state):
            return False
        end_turn(state, events)
        return True
    # A decision is due: keep the legal list just computed.
    state.legal_cache = turn_actions(state, options) + give_actions(state)
    return False


def _pile(cards) -> tuple:
    pile = ACTION_CARDS.empty()
    for c in cards:
        pile = ACTION_CARDS.add(pile, c)
    return pile


def end_turn(state, events: list) -> None:
    """TW-5: unrevealed cards go back to hand; the next player's turn follows."""
    t = state.turn
    seat = t.seat
    # Cards still plotted were never revealed (an undeclared Interrupt too): back to hand.
    state.hands[seat] = ACTION_CARDS.merge(state.hands[seat], _pile(state.plots[seat]))
    state.plots[seat] = ()
    state.turn = None
    state.order = tuple(s for s in state.order if s != seat)
    events.append(make_event("turn-end", f"{seat}'s turn ends", seat=seat))
    gas.end_of_turn(state, seat, events)


def end_round(state, events: list) -> None:
    """TW-4.6: sinking after round 3, then the start player passes clockwise."""
    if state.round == state.rules.sink_after_round:
        owed: dict = {}
        for s in list(state.soldiers):
            if s.status == BOAT:
                casualties.sink(state, s.sid, events)
                owed[s.seat] = owed.get(s.seat, 0) + 1
        for seat in seat_order_from(state.seats, state.start):
            for _ in range(owed.get(seat, 0)):
                if state.living(seat) and pending_actions(state, Pending("sink", seat)):
                    state.pending = state.pending + (Pending("sink", seat),)
        casualties.check_end(state, events)
        if state.result is not None:
            return
    if state.round >= state.rules.round_limit:
        casualties.judge(state, "round-limit", events, f"round {state.round} was the last")
        return
    state.start = next_seat(state.seats, state.start)
    state.round += 1
    if state.wind_card is not None:
        state.wind_discard = WIND_CARDS.add(state.wind_discard, state.wind_card)
    state.wind_card = None
    state.eclipse = False
    state.order = ()
    state.phase = "wind"
    events.append(make_event("round", f"round {state.round}", round=state.round, start=state.start))


# == explaining an illegal action ======================================================
def explain(state, a: Action) -> str:
    """Why ``a`` is not legal now, naming the rule where one applies."""
    cp = current_player(state)
    legal = legal_actions(state)
    if cp == CHANCE:
        if a.actor != "chance":
            return f"a chance outcome is due now ({state.phase}), e.g. '{legal[0]}'"
        return f"chance outcome {a} is not possible now"
    if a.actor == "chance":
        return f"no chance outcome is due now: {cp} decides"
    acting_seat = a.seat if a.seat else (state.turn.seat if state.turn else None)
    if a.actor[0] == "C" and state.turn:
        acting_seat = state.turn.seat
    if acting_seat != cp:
        return f"not {acting_seat}'s decision: {cp} decides now ({state.phase})"
    if state.pending:
        p = state.pending[0]
        return f"{cp} must first decide {p.kind}, e.g. '{legal[0]}'" if legal else f"{cp} owes {p.kind}"
    phase = state.phase
    if phase != "turn":
        if legal and a.verb != legal[-1].verb and a.verb not in {x.verb for x in legal}:
            return f"TW-3: '{a.verb}' is not a decision of the {phase} phase (e.g. '{legal[0]}')"
        return _explain_setup(state, a)
    return _explain_turn(state, a)


def _explain_setup(state, a: Action) -> str:
    phase = state.phase
    if phase == "place":
        if a.actor != state.queue[0]:
            return f"TW-3.3: {state.queue[0]} is placed now, not {a.actor}"
        return f"TW-3.3: {a.actor} cannot land beside {a.args[0]}: a free non-corner edge cell of its side is needed"
    if phase == "base":
        return f"TW-3.5: a base goes on a free non-corner ground cell of {a.actor}'s first row, not {a.args[0]}"
    if phase == "extra":
        return (f"TW-3.6: cannot place a {a.verb} on {a.args[0] if a.args else '?'}: the cell must be "
                f"empty, a column never exceeds 2, no cube in front of an enemy boat, and the stock must last")
    if phase == "plot":
        return (f"TW-4.3: {a.actor} cannot plot {' '.join(a.args)}: the cards must be in hand "
                f"(Interrupt needs a drug and can be used once)")
    if phase == "arm":
        return f"TW-3.2: each soldier gets one of {', '.join(state.rules.weapon_kinds())}"
    return f"{a} is not legal now"


def _explain_turn(state, a: Action) -> str:
    t = state.turn
    card = t.cards[t.slot] if t.slot is not None else None
    if a.verb == "reveal":
        return "TW-5: the 2nd card is revealed only after one action with the 1st" if len(t.cards) > 1 \
            else "TW-5: no 2nd card was plotted"
    if a.verb == "pass":
        return "TW-5: a player passes only after one action" if t.uses == 0 or t.slot == 1 else \
            "TW-5: cannot pass now"
    if a.verb == "give":
        return handling.check_give(state, t.seat, a.actor, a.args[0], a.args[1]) or f"{a} is not legal now"
    category = CATEGORY.get(a.verb)
    if category != card:
        return f"TW-5: the card in use is {card}; '{a.verb}' is a {category} action"
    if a.soldier:
        try:
            s = state.soldier(a.actor)
        except KeyError:
            return f"there is no soldier {a.actor}"
        if not s.alive:
            return f"{a.actor} is not in play ({s.status})"
        if s.sid in t.dashed:
            return f"TW-5: {s.sid} dashed and does nothing more this turn"
        if (s.sid, category) in t.acted:
            return f"TW-5: {s.sid} already did a {category} action this turn"
        why = _check(state, s, a)
        if why:
            return why
    if a.verb == "dig" and not a.soldier:
        if not (t.slot == 0 and t.uses == 0):
            return "TW-5: a remote dig takes both actions: only as the 1st card, before any action"
        return handling.check_remote_dig(state, parse_cell(a.args[0])) or f"{a} is not legal now"
    if a.verb == "camp":
        if t.camped:
            return "TW-6.9: camp once per turn"
        return handling.check_camp(state, a.actor, a.args[0], a.args[1],
                                   a.args[2] if len(a.args) > 2 else None)
    return f"{a} is not legal now"


def _check(state, s, a: Action) -> str | None:
    v = a.verb
    if v == "step":
        return movement.check_step(state, s, a.args[0])
    if v == "tunnel":
        return movement.check_tunnel(state, s, a.args[0])
    if v == "dash":
        return movement.check_dash(state, s)
    if v == "turn":
        return handling.check_turn(state, s, a.args[0], len(a.args) > 1,
                                   a.args[2] if len(a.args) > 2 else None)
    if v == "build":
        return handling.check_build(state, s, parse_cell(a.args[0]))
    if v == "collect":
        return handling.check_collect(state, s)
    if v == "dig":
        return handling.check_dig(state, s)
    return weapons.check(state, s, a)
