"""The demo table's lively player: legal decisions only, weighted toward landing and fighting."""

from __future__ import annotations

from game.core.rng import Rng
from game.trench import new_game
from game.ui.demo import action_weight, lively_action


def test_lively_player_only_plays_legal_decisions_to_the_end():
    state = new_game(2, seed=3)
    rng = Rng(3)
    for _ in range(5000):
        if state.is_over():
            break
        action = lively_action(state, rng)
        if state.current_player() != "chance":
            assert action in state.legal_actions()
        state.apply(action)
    assert state.is_over()


def test_leaving_the_boat_outweighs_turning_on_it():
    state = new_game(2, seed=1)
    rng = Rng(1)
    while state.phase != "turn":  # play setup and the first plot
        state.apply(lively_action(state, rng))
    weights = {str(a): action_weight(state, a) for a in state.legal_actions()}
    steps = [w for text, w in weights.items() if " step " in text]
    turns = [w for text, w in weights.items() if " turn " in text]
    if steps and turns:
        assert min(steps) > max(turns)
    assert all(w > 0 for w in weights.values())
