"""Determinism: a recorded game, replayed action by action, gives the identical position."""

from game.core.playout import random_steps
from game.core.rng import Rng
from game.trench import new_game
from game.trench.notation import format_position


def test_replaying_recorded_actions_including_chance_gives_identical_text():
    original = new_game(2, seed=11)
    record = [str(a) for a in random_steps(original, Rng(4), 400)]
    replay = new_game(2, seed=11)
    for text in record:
        replay.apply(text)
    assert format_position(replay) == format_position(original)


def test_sampling_chance_does_not_change_the_state():
    state = new_game(3, seed=2)
    before = format_position(state)
    first = state.sample_chance()
    assert state.sample_chance() == first
    assert format_position(state) == before


def test_TW_4_2_lingering_gas_that_ends_the_game_ends_it_for_good():
    """Seed found by tools/simulate.py: lingering gas killed the judgement-making soldier, and
    the round went on to plotting after the game was over.  (Seed 656 reproduced it until the
    interrupt-wait fix changed the random trajectories; 424 ends the same way.)"""
    from game.core.playout import random_action
    from game.trench import make_ruleset
    from game.trench.invariants import check_invariants
    state = new_game(3, seed=424, rules=make_ruleset(variants=["guerrillas"]))
    rng = Rng(424 ^ 0x5EED)
    while not state.is_over():
        state.apply(random_action(state, rng))
        assert check_invariants(state) == []
    assert state.phase == "over" and state.result.reason == "judgement"
    assert state.legal_actions() == []
