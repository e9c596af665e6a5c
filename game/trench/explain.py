"""Why an action is not legal now: the message of an IllegalActionError, naming the rule."""

from __future__ import annotations

from ..core.protocol import CHANCE
from . import handling, movement, weapons
from .actions import CATEGORY, Action
from .geometry import parse_cell
from .legal import current_player, legal_actions
from .state import ACTION_CARDS


# == explaining an illegal action ======================================================
#: The rule that says who decides in each phase (protocol-level refusals cite it).
PHASE_RULE = {"first": "TW-3.1", "arm": "TW-3.2", "place": "TW-3.3", "base": "TW-3.5",
              "extra": "TW-3.6", "wind": "TW-4.1", "plot": "TW-4.3", "turn": "TW-5", "over": "TW-9"}
#: The rule behind each kind of pending decision.
PENDING_RULE = {"console": "TW-7.2", "handover": "TW-9", "sink": "TW-4.6", "penalty": "TW-9",
                "gas": "TW-8", "interrupt": "TW-4.4"}


def rule_now(state) -> str:
    """The rule id of the decision due now (the pending one first)."""
    if state.result is not None:
        return "TW-9"
    if state.pending:
        return PENDING_RULE.get(state.pending[0].kind, "TW-4")
    if state.phase == "first" and state.rules.hidden_teams and not state.teams:
        return "TW-11"
    return PHASE_RULE.get(state.phase, "TW-4")


def explain(state, a: Action) -> str:
    """Why ``a`` is not legal now; the message always starts with a rule id (``TW-…``)."""
    why = _explain(state, a)
    return why if why.startswith("TW-") else f"{rule_now(state)}: {why}"


def _what_now(state) -> str:
    if state.pending:
        return f"decision: {state.pending[0].kind}"
    return f"phase {state.phase}"


def _explain(state, a: Action) -> str:
    cp = current_player(state)
    legal = legal_actions(state)
    rule = rule_now(state)
    if state.result is not None:
        return f"TW-9: the game is over; {a} is not possible"
    if cp == CHANCE:
        if a.actor != "chance":
            return f"{rule}: a chance outcome is due now ({state.phase}), e.g. '{legal[0]}'"
        return f"{rule}: chance outcome '{a}' is not possible now (e.g. '{legal[0]}')"
    if a.actor == "chance":
        return f"{rule}: no chance outcome is due now: {cp} decides ({_what_now(state)})"
    if a.actor[0] == "C":
        # A civilian (no seat of its own) acts for the player whose turn it is (TW-11).
        if not state.rules.civilians or a.actor not in state.index:
            return f"TW-11: there is no civilian {a.actor} (only with the civilians variant: C1, C2)"
        if state.pending or state.phase != "turn":
            return (f"TW-11: a civilian acts only in the turn of a player, with its card: "
                    f"{cp} decides now ({_what_now(state)})")
        acting_seat = state.turn.seat
    else:
        acting_seat = a.seat
    if acting_seat != cp:
        return f"{rule}: not {acting_seat}'s decision: {cp} decides now ({_what_now(state)})"
    if state.pending:
        p = state.pending[0]
        return f"{rule}: {cp} must first decide {p.kind}, e.g. '{legal[0]}'" if legal \
            else f"{rule}: {cp} owes {p.kind}"
    phase = state.phase
    if phase != "turn":
        if legal and a.verb not in {x.verb for x in legal}:
            return f"{rule}: '{a.verb}' is not a decision of the {phase} phase (e.g. '{legal[0]}')"
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
    return f"{PHASE_RULE.get(phase, 'TW-3')}: {a} is not legal now"


def _explain_turn(state, a: Action) -> str:
    t = state.turn
    card = t.cards[t.slot] if t.slot is not None else None
    if a.soldier and a.actor not in state.index:
        return f"TW-1: there is no soldier {a.actor} ({state.rules.soldiers_per_player} per player)"
    if a.verb in ("interrupt", "wait"):
        return "TW-4.4: an Interrupt is declared (or not) only when asked, before a turn begins"
    if a.verb == "drug" and a.args:
        return _explain_drug_card(state, t, a)
    if t.extra_card and a.verb not in ("give", "pass"):
        sid, extra = t.extra_card.split(":")
        if a.actor == sid and CATEGORY.get(a.verb) == extra:
            return _check(state, state.soldier(sid), a) or \
                f"TW-6.8: {a} is not one of {sid}'s {extra} actions now"
        return f"TW-6.8: {sid}'s {extra} action, played with a drug, comes now"
    if a.verb == "reveal":
        return "TW-5: the 2nd card is revealed only after one action with the 1st" if len(t.cards) > 1 \
            else "TW-5: no 2nd card was plotted"
    if a.verb == "pass":
        return "TW-5: a player passes only after one action" if t.uses == 0 or t.slot == 1 else \
            "TW-5: cannot pass now"
    if a.verb == "give":
        return handling.check_give(state, t.seat, a.actor, a.args[0], a.args[1]) or \
            f"TW-7.5: {a} is not possible now"
    category = CATEGORY.get(a.verb)
    if category != card:
        return f"TW-5: the card in use is {card}; '{a.verb}' is {_a(category)} action"
    if t.plotted_done:
        return ("TW-5: the plotted cards are used up; a soldier that took a drug plays a card "
                "for its extra action ('SID drug CARD', TW-6.8)")
    if a.soldier:
        s = state.soldier(a.actor)
        if s.status not in ("board", "boat"):
            return f"TW-5: {a.actor} is not in play ({s.status})"
        if s.sid in t.dashed:
            return f"TW-5: {s.sid} dashed and does nothing more this turn"
        if (s.sid, category) in t.acted:
            return f"TW-5: {s.sid} already did {_a(category)} action this turn"
        why = _check(state, s, a)
        if why:
            return why
    if a.verb == "dig" and not a.soldier:
        if not (t.slot == 0 and t.uses == 0) or t.extra:
            return "TW-5: a remote dig takes both actions: only as the 1st card, before any action"
        if not any(s.status == "board" for s in state.living(t.seat)):
            return f"TW-6.7: a remote dig needs a soldier of {t.seat} on the board"
        return handling.check_remote_dig(state, parse_cell(a.args[0])) or \
            f"TW-6.7: {a} is not possible now"
    if a.verb == "camp":
        if t.camped:
            return "TW-6.9: camp once per turn"
        return handling.check_camp(state, a.actor, a.args[0], a.args[1],
                                   a.args[2] if len(a.args) > 2 else None)
    return f"TW-5: {a} is not possible now (the card in use is {card}, {t.uses} action(s) done with it)"


def _a(category) -> str:
    return f"an {category}" if category and category[0] in "aeiou" else f"a {category}"


def _explain_drug_card(state, t, a: Action) -> str:
    """TW-6.8: why ``SID drug CARD`` (a card played for a drug's extra action) is refused."""
    sid, card = a.actor, a.args[0]
    if t.extra_card:
        other, extra = t.extra_card.split(":")
        return f"TW-6.8: {other}'s {extra} action, played with a drug, comes first"
    took = [n for x, n in t.extra if x == sid]
    if not took:
        return f"TW-6.8: {sid} took no drug this turn: a card is played only for a soldier that did"
    if took[0] <= 0:
        return f"TW-6.8: {sid} has no extra action left (a drug gives two)"
    if card not in weapons.SOLDIER_CATEGORIES:
        return f"TW-6.8: a drug's extra action is a soldier's action, never {card}"
    s = state.soldier(sid)
    if s.status not in ("board", "boat"):
        return f"TW-5: {sid} is not in play ({s.status})"
    if sid in t.dashed:
        return f"TW-5: {sid} dashed and does nothing more this turn"
    if (sid, card) in t.acted:
        return f"TW-6.8: {sid} already did {_a(card)} action this turn: a drug action is never a repeated category"
    pool = ACTION_CARDS.merge(state.hands[t.seat], state.discards[t.seat])
    if not ACTION_CARDS.count(pool, card):
        return f"TW-6.8: {t.seat} has no {card} card in hand or in the discard pile"
    return f"TW-6.8: {sid} has no legal {card} action now"


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
