"""A lively demo player for the table: random legal decisions, weighted toward action.

Uniformly random players rarely leave their boats (most of their legal actions are
turns, builds and plots of other cards), so a demo table mostly shows soldiers
sinking after round 3.  This policy weighs each legal action by its kind only,
so it uses nothing but the game's public API (the current player's legal actions
and the public board), like any bot.  It is no AI opponent: it does not plan.
"""

from __future__ import annotations

from game.core.protocol import CHANCE
from game.core.rng import Rng

#: Weight of each verb; anything not listed weighs 1.
WEIGHTS = {"step": 4.0, "dash": 4.0, "fire": 4.0, "tunnel": 1.0, "turn": 1.5, "build": 0.7,
           "collect": 1.0, "dig": 1.0, "camp": 3.0, "reveal": 2.0, "pass": 0.5, "give": 0.1,
           "wait": 3.0, "interrupt": 1.0, "mask": 1.0, "drug": 1.0}
#: Extra weight of a move that takes a soldier off its landing boat.
LEAVE_BOAT = 10.0


def action_weight(state, action) -> float:
    verb = action.verb
    if verb == "plot":
        cards = action.args
        w = 1.0 + 2.0 * ("move" in cards) + 1.5 * ("fire" in cards) + 1.0 * ("camp" in cards)
        if any(s.status == "boat" for s in state.living(action.actor)):
            w += 8.0 * cards.count("move")  # boats sink after round 3: land first
        return w if len(cards) == 2 else w / 2
    if verb == "fire" and action.args == ("destroy",):
        return 1.0
    if verb == "dig" and not action.soldier:
        return 0.2  # the remote dig takes the whole turn
    weight = WEIGHTS.get(verb, 1.0)
    if verb in ("step", "dash") and action.soldier and state.soldier(action.actor).status == "boat":
        weight *= LEAVE_BOAT
    return weight


def lively_action(state, rng: Rng):
    """A legal decision for the demo: chance from the state's generator, else weighted."""
    if state.current_player() == CHANCE:
        return state.sample_chance()
    actions = state.legal_actions()
    return rng.weighted([(a, action_weight(state, a)) for a in actions])
