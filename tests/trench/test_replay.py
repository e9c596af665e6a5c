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
