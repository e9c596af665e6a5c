"""Trench War's evaluation and ordering for the bots (game.trench.ai)."""

from __future__ import annotations

from game.ai.bench import mid_game
from game.core.playout import random_action
from game.core.rng import Rng
from game.trench import new_game
from game.trench.ai import evaluate, order_actions
from game.trench.geometry import parse_cell


def test_TW_9_evaluation_of_a_finished_game_is_the_result():
    state, rng = new_game(2, seed=1), Rng(1)
    while not state.is_over():
        state.apply(random_action(state, rng))
    (winner,) = state.result.winners
    loser = next(s for s in state.seats if s != winner)
    assert evaluate(state, winner) == 1.0 and evaluate(state, loser) == -1.0


def test_two_player_evaluation_is_zero_sum_and_bounded():
    _, state = mid_game()
    assert -1 < evaluate(state, "S") < 1
    assert abs(evaluate(state, "S") + evaluate(state, "N")) < 1e-12


def test_TW_6_1_a_boat_behind_its_own_base_is_worth_little():
    """A base (or the village) on the edge cell in front of a boat cannot be pushed or dashed
    over: that soldier never lands and sinks after round 3 (TW-4.6)."""
    state, rng = new_game(2, seed=2), Rng(2)
    while state.phase != "base":
        state.apply(random_action(state, rng))
    boat = next(s for s in state.soldiers if s.seat == "S" and s.status == "boat")
    before = evaluate(state, "S")
    blocked = state.clone()
    blocked.columns[boat.cell] = "nS"
    free = state.clone()
    free.columns[next(c for c in (parse_cell(x + "1") for x in "bcdef") if
                      all(s.cell != c for s in state.soldiers))] = "nS"
    assert evaluate(blocked, "S") < evaluate(free, "S") == before


def test_order_actions_leaves_out_give_unless_alone():
    _, state = mid_game()
    legal = state.legal_actions()
    ranked = order_actions(state, legal)
    assert set(ranked) == {a for a in legal if a.verb != "give"}
    assert len(ranked) == len(set(ranked))


def test_order_actions_ranks_by_verb_then_forward_moves_boats_first_and_keeps_ties_in_order():
    from game.trench.actions import make_action
    _, state = mid_game()
    # S1 stands on the board facing n (forward for S), S2 waits on a boat, N1 faces s (its forward)
    actions = [make_action(*a) for a in [
        ("S1", "step", ("s",)), ("S1", "step", ("e",)), ("S1", "step", ("n",)), ("S1", "dash", ()),
        ("S2", "step", ("w",)), ("S2", "step", ("s",)), ("N1", "dash", ("n",)), ("N1", "step", ("s",)),
        ("S1", "fire", ("N1", "destroy")), ("S1", "fire", ("N1",)), ("S", "dig", ("12",)),
        ("S1", "dig", ("n",)), ("S1", "wait", ()), ("S", "pass", ()), ("S1", "tunnel", ("n",)),
        ("S1", "unknown", ()), ("S1", "give", ("S3", "cube"))]]
    ranked = [str(a) for a in order_actions(state, actions)]
    # priors: step/dash 7 (+3 forward, -3 back, +4 on a boat), fire 9 (-6 destroying cover),
    # dig 2 (-2 from a seat), wait 4, pass 1, tunnel 2, an unknown verb 2; give left out
    assert ranked == ["S2 step w", "S1 step n", "S1 dash", "N1 step s", "S1 fire N1", "S2 step s",
                      "S1 step e", "S1 step s", "N1 dash n", "S1 wait", "S1 fire N1 destroy", "S1 dig n",
                      "S1 tunnel n", "S1 unknown", "S pass", "S dig 12"]
