"""SB-12: who decides now, the legal actions, chance, and why an action is illegal.

The decision asked is a pure function of the state; during resolution it follows the
``cursor`` (an effect waiting on its owner's ``Effect`` choice or on an op's choice).
"""

from __future__ import annotations

from itertools import permutations

from ..core.protocol import CHANCE, TERMINAL
from ..core.rng import Rng
from .actions import SEATS, Action, make_action
from .cards import SIDES
from .effects import op_choices
from .state import NSIDES

#: the rule id of each decision verb (SB-12), for refusals
VERB_RULE = {"chooser": "SB-3.2", "mech": "SB-3.2", "deploy": "SB-3.5", "play": "SB-4.1", "effect": "SB-7.1",
             "hit": "SB-8.4", "hit2": "SB-8.5", "destroy": "SB-8.3", "shift": "SB-9.2", "heal": "SB-9.3"}


def decision(state):
    """``(seat, verb)`` of the decision asked now; ``(None, None)`` when the game is over or chance is due."""
    phase = state.phase
    if phase == "play":
        return (0 if state.plays[0] is None else 1), "play"
    if phase == "resolve":
        seat, target, effect, op, _ = state.cursor
        if not effect:
            return seat, "effect"
        eff = state.card_at(seat, target).effect(effect)
        chooser, verb, _ = op_choices(state, seat, eff.ops[op])
        return chooser, verb
    if phase == "mech":
        c = state.chooser
        return (c if state.mechs[c] is None else 1 - c), "mech"
    if phase == "deploy":
        return (0 if state.deploys[0] is None else 1), "deploy"
    return None, None


def current_player(state):
    phase = state.phase
    if phase == "play":
        return "I" if state.plays[0] is None else "II"
    if phase == "over":
        return TERMINAL
    if phase == "chooser":
        return CHANCE
    return SEATS[decision(state)[0]]


def play_options(state, seat: int) -> list:
    """SB-4.1: each card in hand x its distinct halves (x the unit's effects with effect_choice_at = play).

    Memoized per ruleset on what the list depends on: the seat, its pile and (when effects
    are chosen at play) its mech and sides."""
    rules = state.rules
    at_play = rules.effect_choice_at == "play"
    key = ("play", seat, state.piles[seat],
           (state.mechs[seat], state.sides[seat * NSIDES:(seat + 1) * NSIDES]) if at_play else None)
    memo = rules.memo
    out = memo.get(key)
    if out is None:
        out = memo[key] = _play_options(state, seat)
    return out


def _play_options(state, seat: int) -> list:
    rules = state.rules
    actor = SEATS[seat]
    out = []
    at_play = rules.effect_choice_at == "play"
    for cid in state.hand(seat):
        card = rules.card_set.command(cid)
        for half in card.options():
            tok = half.token
            if half.kind == "recover" and not rules.recover_empty and not state.piles[seat]:
                continue
            if at_play and half.kind == "designate":
                unit = state.unit(seat, tok)
                if unit is not None:
                    out.extend(make_action(actor, "play", (cid, tok, e.id)) for e in unit.effects)
                    continue
            out.append(make_action(actor, "play", (cid, tok)))
    return out


def deploy_options(state, seat: int) -> list:
    """SB-3.5: 4 of the dealt escorts, ordered front, back, left, right."""
    memo = state.rules.memo
    key = ("deploy", seat)
    out = memo.get(key)
    if out is None:
        ids = [u.id for u in state.rules.card_set.escorts]
        actor = SEATS[seat]
        out = memo[key] = [make_action(actor, "deploy", p) for p in permutations(ids, len(SIDES))]
    return out


def mech_options(state, seat: int) -> list:
    """SB-3.2: any kind for the chooser, the kinds left for the other (no mirror match)."""
    taken = state.mechs[1 - seat]
    return [make_action(SEATS[seat], "mech", (m.id,)) for m in state.rules.card_set.mechs if m.id != taken]


def legal_actions(state) -> list:
    """Every legal action now (chance outcomes at a chance node); uncached (see ``SteelState``)."""
    phase = state.phase
    if phase == "play":
        return play_options(state, 0 if state.plays[0] is None else 1)
    if phase == "over":
        return []
    if phase == "chooser":
        return [a for a, _ in chance_outcomes(state)]
    seat, verb = decision(state)
    if verb == "play":
        return play_options(state, seat)
    if verb == "effect":
        s, target, _, _, _ = state.cursor
        unit = state.unit(s, target)
        key = ("effects", seat, id(unit))           # card sets stay loaded (cards._CACHE): stable ids
        out = state.rules.memo.get(key)
        if out is None:
            out = state.rules.memo[key] = [make_action(SEATS[seat], "effect", (e.id,)) for e in unit.effects]
        return out
    if verb == "mech":
        return mech_options(state, seat)
    if verb == "deploy":
        return deploy_options(state, seat)
    s, target, effect, op, _ = state.cursor
    _, verb, args = op_choices(state, s, state.card_at(s, target).effect(effect).ops[op])
    actor = SEATS[seat]
    return [make_action(actor, verb, a) for a in args]


def chance_outcomes(state) -> list:
    """SB-3.2: the mech chooser, each seat 1/2."""
    if state.phase != "chooser":
        return []
    return [(make_action("chance", "chooser", (s,)), 0.5) for s in SEATS]


def sample_chance(state):
    """The chance outcome drawn from the state's own generator (it advances when applied)."""
    return chance_outcomes(state)[Rng(state.rng).below(2)][0]


def explain(state, action: Action) -> str:
    """Why ``action`` is not legal now, starting with the rule id."""
    phase = state.phase
    if phase == "over":
        return "SB-10: the game is over"
    if phase == "chooser":
        return "SB-3.2: a chance outcome is due (chance chooser I|II), not a player's decision"
    seat, verb = decision(state)
    rule = VERB_RULE[verb]
    if action.actor == "chance":
        return f"{rule}: no chance outcome is due; {SEATS[seat]} decides now ({verb})"
    if action.seat != seat:
        return f"{rule}: {SEATS[seat]} decides now ({verb}), not {action.actor}"
    if action.verb != verb:
        return f"{rule}: {SEATS[seat]} must decide {verb!r} now, not {action.verb!r}"
    cs = state.rules.card_set
    a = action.args
    if verb == "mech":
        if cs.mech(a[0]) is None:
            return f"SB-3.2: no mech kind {a[0]!r} (kinds: {', '.join(m.id for m in cs.mechs)})"
        return f"SB-3.2: {a[0]} is taken by {SEATS[1 - seat]}; the players use different kinds"
    if verb == "deploy":
        for eid in a:
            if cs.escort(eid) is None:
                return f"SB-3.5: no escort {eid!r} (escorts: {', '.join(u.id for u in cs.escorts)})"
        return f"SB-3.5: the {len(SIDES)} escorts must be different ({' '.join(a)})"
    if verb == "play":
        card = cs.command(a[0])
        if card is None:
            return f"SB-4.1: no command card {a[0]!r}"
        if a[0] not in state.hand(seat):
            return f"SB-4.1: {a[0]} is not in {SEATS[seat]}'s hand: it lies on the table pile"
        half = card.half(a[1])
        if half is None:
            return (f"SB-4.1: {a[0]} has no half {a[1]!r} "
                    f"(halves: {', '.join(h.token for h in card.options())})")
        if half.kind == "recover" and not state.rules.recover_empty and not state.piles[seat]:
            return "SB-6.6: a recover with an empty table pile is not allowed (recover_empty = false)"
        if state.rules.effect_choice_at != "play":
            return "SB-7.1: the effect is chosen when the item resolves (effect_choice_at = resolution)"
        unit = state.unit(seat, half.token) if half.kind == "designate" else None
        if unit is None:
            return f"SB-7.1: the {a[1]} half designates no unit, so the play names no effect"
        if len(a) == 2:
            return f"SB-7.1: name the effect of {unit.id} too (effect_choice_at = play)"
        return f"SB-7.1: {unit.id} has no effect {a[2]!r} ({', '.join(e.id for e in unit.effects)})"
    if verb == "effect":
        s, target, _, _, _ = state.cursor
        unit = state.unit(s, target)
        return f"SB-7.1: {unit.id} has no effect {a[0]!r} ({', '.join(e.id for e in unit.effects)})"
    offered = " / ".join(" ".join(x.args) for x in legal_actions(state))
    return f"{rule}: {verb} {' '.join(a)} is not offered (offered: {offered})"
