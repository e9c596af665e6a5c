"""The demo table's lively player: legal decisions only, weighted toward landing and fighting."""

from __future__ import annotations

import os
import sys

from game.core.rng import Rng
from game.trench import new_game
from game.trench.demo import action_weight, lively_action

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "trench"))
from trench_helpers import position, scene  # noqa: E402


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
    """Soldiers on their boats (TW-2): each step or dash off the boat weighs more than any turn on it."""
    boats = "S1 boat b1 n\nS2 boat d1 n\nN1 board d6 s"

    def weights(card):
        state = position(scene(soldiers=boats, turn=f"S cards={card} slot=1 uses=0", rules="target_points_2p=9"))
        return {str(a): action_weight(state, a) for a in state.legal_actions()}

    moves, turns = weights("move"), weights("turn")
    assert sorted(moves) == ["S1 dash", "S1 step n", "S2 dash", "S2 step n"]
    assert sorted(turns) == [f"{sid} turn {d}" for sid in ("S1", "S2") for d in "esw"]
    assert min(moves.values()) > max(turns.values())
    assert all(w > 0 for w in list(moves.values()) + list(turns.values()))
