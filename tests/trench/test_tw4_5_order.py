"""TW-4.5 / TW-4.6: turns run clockwise from the start player, who passes clockwise each round."""

from game.core.playout import random_action
from game.core.rng import Rng
from game.trench import make_ruleset, new_game
from game.trench.state import seat_order_from


def _play_until(state, rng, done):
    for _ in range(5000):
        if done(state) or state.is_over():
            return
        state.apply(random_action(state, rng))


def test_TW_4_5_turns_run_clockwise_from_the_start_player_and_it_passes_each_round():
    # No drugs, so no Interrupt can reorder the turns (TW-4.4 has its own tests).
    rules = make_ruleset({"drugs_per_soldier": 0, "centre_drug": 0})
    state, rng = new_game(3, seed=8, rules=rules), Rng(8)
    starts = []
    for round_number in (1, 2, 3):
        _play_until(state, rng, lambda s: s.round == round_number and s.phase == "turn"
                    and s.turn is not None and not s.pending)
        if state.is_over():
            break
        expected = seat_order_from(state.seats, state.start)
        assert state.order == tuple(s for s in expected if s in state.order)
        assert state.turn.seat == state.order[0]
        starts.append(state.start)
    assert len(starts) == 3 and starts[0] == state.first
    for a, b in zip(starts, starts[1:]):
        assert b == seat_order_from(state.seats, a)[1]  # S -> W -> N clockwise
