"""Why an action is not legal now: the message of an IllegalActionError, naming the rule."""

from __future__ import annotations

from ..core.protocol import CHANCE
from . import handling, movement, weapons
from .actions import CATEGORY, Action
from .geometry import parse_cell
from .legal import current_player, legal_actions


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
    # A civilian (no seat of its own) acts for the player whose turn it is.
    acting_seat = a.seat if a.seat else (state.turn.seat if state.turn else None)
    if acting_seat != cp:
        return f"not {acting_seat}'s decision: {cp} decides now ({state.phase})"
    if state.pending:
        p = state.pending[0]
        return f"{cp} must first decide {p.kind}, e.g. '{legal[0]}'" if legal else f"{cp} owes {p.kind}"
    phase = state.phase
    if phase != "turn":
        if legal and a.verb not in {x.verb for x in legal}:
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
        if s.status not in ("board", "boat"):
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
