"""The flow of play: applying an action, and everything that follows by itself.

Setup (TW-3), rounds (TW-4: wind, day and night, lingering gas, plot, execute,
sinking) and turns (TW-5) are a state machine over ``state.phase``; decisions
owed outside that flow (consolation, handing over weapons, sinking penalty,
gas deflection ...) wait in ``state.pending`` and come first.  Who decides and
the legal actions are in ``legal.py``; the messages of illegal actions in ``explain.py``.
"""

from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.records import evolver
from ..core.rng import next_state
from . import casualties, gas, handling, movement, setup, vision, weapons
from .actions import CATEGORY, Action
from .explain import explain
from .geometry import parse_cell
from .legal import (
    category_actions,
    give_actions,
    legal_actions,
    pending_actions,
    plot_options,
    turn_actions,
)
from .model import BOAT, evolve, make_event
from .state import ACTION_CARDS, WIND_CARDS, Pending, Turn, next_seat, seat_order_from


_evolve_turn = evolver(Turn)  # the turn record is replaced on every action: no generic dispatch
_NEW_TURN = Turn("", ())  # a turn just begun: copied with its seat and cards (cheaper than __init__)

#: The events of the turn and round machinery, shared: an event is an immutable value, and the
#: same few (``S's turn``, ``S reveals move`` ...) recur in every game, so each is made once.
_EVENTS: dict = {}


# == apply =======================================================================
def apply(state, action) -> list:
    """Validate and apply one action; return the events it caused.

    Raises NotationError for malformed text and IllegalActionError (naming the
    rule) for an action the rules forbid now.
    """
    a = action if action.__class__ is Action else Action.parse(action)
    if state.result is not None:
        raise IllegalActionError(f"TW-9: the game is over; {a} is not possible")
    legal = state.legal_cache
    if legal is None:
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
        state.rng = next_state(state.rng)  # past the draw sample_chance makes
    _dispatch(state, a, events)
    advance(state, events)  # leaves legal_cache None, or filled for the decision now due
    for e in events:
        if e.kind not in _SIGHT_UNCHANGED:
            vision.update(state, events)  # TW-10: what every soldier sees now
            break
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
            events.append(make_event("first", "" if state.quiet else
                                              f"{state.first} is the first player", seat=state.first))
        elif verb == "teams":
            from .variants import assign_teams
            assign_teams(state, a.args[0], events)
        else:
            card = a.args[0]
            state.wind_deck = WIND_CARDS.remove(state.wind_deck, card)
            state.forecasts = state.forecasts + (card,)
            key = ("forecast", card, state.quiet)
            e = _EVENTS.get(key)
            if e is None:
                e = _EVENTS[key] = make_event("forecast", "" if state.quiet else f"wind forecast: {card}", card=card)
            events.append(e)
        return
    if phase == "turn":
        _turn_action(state, a, events)
    elif phase == "arm":
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
        key = ("plot", seat, a.args, state.quiet)
        pair = _EVENTS.get(key)
        if pair is None:
            pair = _EVENTS[key] = (
                make_event("plot", "" if state.quiet else f"{seat} plots {len(a.args)} card(s)", seat=seat,
                           count=len(a.args)),
                make_event("plot-detail", "" if state.quiet else f"{seat} plots {' '.join(a.args)}", seat=seat,
                           cards=a.args, seen_by=frozenset({seat})))
        events.extend(pair)


def _turn_action(state, a: Action, events: list) -> None:
    t = state.turn
    verb = a.verb
    if verb == "give":
        casualties.transfer(state, a.actor, a.args[0], a.args[1], events)
        return
    if verb == "pass":
        key = ("pass", t.seat, state.quiet)
        e = _EVENTS.get(key)
        if e is None:
            e = _EVENTS[key] = make_event("pass", "" if state.quiet else f"{t.seat} passes", seat=t.seat)
        events.append(e)
        end_turn(state, events)
        return
    if verb == "reveal":
        _reveal(state, 1, events)
        return
    if t.extra and weapons.is_drug_action(state, a):
        weapons.do_drug_action(state, a, events)
        return
    if len(a.actor) == 2:  # a soldier's action (a seat's: camp, remote dig)
        sid = a.actor
        state.turn = _evolve_turn(t, acted=t.acted + ((sid, CATEGORY.get(verb)),), uses=t.uses + 1,
                                  dashed=t.dashed + (sid,) if verb == "dash" else t.dashed)
    else:
        state.turn = _evolve_turn(t, uses=t.uses + (2 if verb == "dig" else 1),
                                  camped=t.camped or verb == "camp")
    perform(state, a, events)


def perform(state, a: Action, events: list) -> None:
    """Carry out a checked category action (also used for drug actions)."""
    verb = a.verb
    s = state.soldier(a.actor) if len(a.actor) == 2 else None
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
        events.append(make_event("penalty", "" if state.quiet else
                                            f"{a.actor} takes the penalty: {a.args[0]}",
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
        s = evolve(s, **{casualties.COUNTERS[kind]: 0})
    state.put(s)
    events.append(make_event("discard", "" if state.quiet else
                                        f"{sid} discards its {kind}", sid=sid, what=kind))


# == automatic progress ==============================================================
def advance(state, events: list) -> None:
    """Run every step that needs no decision, until one is needed."""
    while state.result is None:
        if state.pending:
            if _drop_moot_pending(state, events):
                continue
            return
        phase = state.phase
        if phase == "first":
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


def _drop_moot_pending(state, events: list) -> bool:
    """Drop the decision due now if it has no option left (True when one was dropped).

    Several decisions may be queued at once (the sinking penalties at the end of a round,
    TW-4.6); each was possible when queued, but an earlier one may have used up what a later
    one needed: a sinking penalty with nothing left to discard is owed no more.
    """
    p = state.pending[0]
    actions = pending_actions(state, p)
    if actions:
        state.legal_cache = actions  # the decision due now: its legal list is this one
        return False
    state.pending = state.pending[1:]
    if p.kind == "gas":
        gas.resume(state, p, events)  # the token is gone: the tokens after it flow on
    return True


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
        events.append(make_event("round", "" if state.quiet else "round 1 (day)", round=1, day=True,
                                 start=state.start))
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
                events.append(make_event("eclipse", "" if state.quiet else
                                                    "eclipse: day and night stay as they are"))
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
    key = ("wind", state.round, state.day, state.wind, state.wind_card, state.forecasts, state.eclipse,
           state.quiet)
    e = _EVENTS.get(key)
    if e is None:
        e = _EVENTS[key] = make_event("wind", "" if state.quiet else
                                      f"round {state.round}: {'day' if state.day else 'night'}, "
                                      f"wind {state.wind or 'none'}, forecast {' '.join(state.forecasts)}",
                                      round=state.round, day=state.day, wind=state.wind,
                                      card=state.wind_card, forecasts=state.forecasts,
                                      eclipse=state.eclipse)
    events.append(e)
    gas.linger(state, events)
    if state.result is not None:  # the lingering gas ended the game (TW-9 judgement)
        return True
    state.phase = "plot"
    plotters = []
    for seat in seat_order_from(state.seats, state.start):
        if seat in state.skip:
            state.skip = state.skip - {seat}
            events.append(make_event("skip", "" if state.quiet else
                                             f"{seat} skips this round's turn", seat=seat))
            continue
        if state.has_living(seat):
            if plot_options(state, seat):
                plotters.append(seat)
            else:
                events.append(make_event("no-cards", "" if state.quiet else
                                                     f"{seat} has no card to plot", seat=seat))
    state.queue = tuple(plotters)
    if not plotters and not any(state.has_living(s) for s in state.seats):
        casualties.judge(state, "no-soldiers", events, "no soldier is left")
    return True


def _wind_draw_due(state, events: list) -> bool:
    """A wind card must be drawn (a chance node); an empty deck is remade from the discards."""
    if WIND_CARDS.size(state.wind_deck) == 0:
        state.wind_deck = state.wind_discard
        state.wind_discard = WIND_CARDS.empty()
        events.append(make_event("shuffle", "" if state.quiet else "the wind discards become the deck"))
    return False


def _reveal(state, slot: int, events: list) -> None:
    t = state.turn
    card = t.cards[slot]
    seat = t.seat
    plot = list(state.plots[seat])
    plot.remove(card)
    state.plots[seat] = tuple(plot)
    if card == "interrupt":  # an undeclared Interrupt goes back to hand, never to the discards (TW-6.10)
        state.hands[seat] = ACTION_CARDS.add(state.hands[seat], card)
    else:
        state.discards[seat] = ACTION_CARDS.add(state.discards[seat], card)
    state.turn = _evolve_turn(t, slot=slot, uses=0)
    key = ("reveal", seat, card, slot, state.quiet)
    e = _EVENTS.get(key)
    if e is None:
        e = _EVENTS[key] = make_event("reveal", "" if state.quiet else f"{seat} reveals {card}", seat=seat,
                                      card=card, slot=slot + 1)
    events.append(e)


def start_turn(state, seat: str, events: list) -> None:
    # TW-10: an undeclared Interrupt stays a face-down card like any other, placed last, so
    # the turn's decisions (reveal or pass after the first action) never depend on it; the
    # other card may still serve two soldiers (TW-6.10).  Revealed, it has no action.
    plotted = state.plots[seat]
    if "interrupt" in plotted:
        plotted = tuple(c for c in plotted if c != "interrupt") + ("interrupt",)
    state.turn = _evolve_turn(_NEW_TURN, seat=seat, cards=plotted)  # Turn(seat, plotted), made faster
    key = ("turn-start", seat, state.quiet)
    e = _EVENTS.get(key)
    if e is None:
        e = _EVENTS[key] = make_event("turn-start", "" if state.quiet else f"{seat}'s turn", seat=seat)
    events.append(e)


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
        if not state.has_living(seat):
            _unplot(state, seat)
            return True
        if seat in state.skip:
            # TW-9: a penalty taken before this round's turn (gas flowing during another
            # player's turn) skips that very turn: its plotted cards go back to hand.
            state.skip = state.skip - {seat}
            _unplot(state, seat)
            events.append(make_event("skip", "" if state.quiet else
                                             f"{seat} skips this round's turn", seat=seat))
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
    if not t.plotted_done:
        options = category_actions(state, t.seat, t.cards[t.slot], first_use=(t.slot == 0 and t.uses == 0))
        if t.uses == 0 and not options:
            card = t.cards[t.slot]
            key = ("wasted", t.seat, card, state.quiet)
            e = _EVENTS.get(key)
            if e is None:
                e = _EVENTS[key] = make_event("wasted", "" if state.quiet else
                                              f"{t.seat}'s {card} card has no legal action", seat=t.seat, card=card)
            events.append(e)
            if t.slot == 0 and len(t.cards) > 1:
                _reveal(state, 1, events)
                return True
            options = None
        elif t.slot == 0 and t.uses == 1 and not options and len(t.cards) == 1:
            options = None
        if options is None:  # the plotted cards are spent; drug actions may remain
            state.turn = t = _evolve_turn(t, uses=2 if t.slot == 0 else 1)
    if options is None:
        if t.extra:
            drugs = weapons.drug_actions(state)
            if drugs:  # only drug actions are left: the legal list (turn_actions has no other)
                state.legal_cache = drugs + give_actions(state)
                return False
        end_turn(state, events)
        return True
    # A decision is due: keep the legal list just computed.
    state.legal_cache = turn_actions(state, options) + give_actions(state)
    return False


def _unplot(state, seat: str) -> None:
    """Cards still plotted (never revealed) go back to hand; the seat leaves this round's order."""
    plotted = state.plots[seat]
    if plotted:
        hand = state.hands[seat]
        for c in plotted:
            hand = ACTION_CARDS.add(hand, c)
        state.hands[seat] = hand
        state.plots[seat] = ()
    state.order = tuple(s for s in state.order if s != seat)


def end_turn(state, events: list) -> None:
    """TW-5: unrevealed cards go back to hand; the next player's turn follows."""
    t = state.turn
    seat = t.seat
    # Cards still plotted were never revealed (an undeclared Interrupt too): back to hand.
    _unplot(state, seat)
    state.turn = None
    key = ("turn-end", seat, state.quiet)
    e = _EVENTS.get(key)
    if e is None:
        e = _EVENTS[key] = make_event("turn-end", "" if state.quiet else f"{seat}'s turn ends", seat=seat)
    events.append(e)
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
                if state.has_living(seat) and pending_actions(state, Pending("sink", seat)):
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
    key = ("round", state.round, state.start, state.quiet)
    e = _EVENTS.get(key)
    if e is None:
        e = _EVENTS[key] = make_event("round", "" if state.quiet else f"round {state.round}", round=state.round,
                                      start=state.start)
    events.append(e)
