"""parse_position(format_position(state)) equals the state field by field (or by ``key()``), in every
game, through random playouts, and the same for every seat's view: a field the position writer drops
is caught, which a text-against-text comparison never sees (both texts lack it)."""

import pytest

from game.core.playout import random_action
from game.core.registry import game_names, get_game
from game.core.rng import Rng

#: Derived slots, no part of the position: the legal-action cache, the soldier index, quiet mode,
#: arena's unit table (built from the ruleset).
DERIVED = {"legal_cache", "index", "quiet", "table"}


def fields(obj):
    names = [s for cls in type(obj).__mro__ for s in getattr(cls, "__slots__", ())]
    return [n for n in names if n not in DERIVED]


def assert_same(parsed, original, where):
    assert type(parsed) is type(original), where
    for name in fields(original):
        assert getattr(parsed, name) == getattr(original, name), f"{where}: {name} differs"
    if hasattr(original, "key"):
        assert parsed.key() == original.key(), where


@pytest.mark.parametrize("name", game_names())
def test_parsed_position_equals_the_state_through_a_playout(name):
    game = get_game(name)
    rules = game.make_ruleset([], [])
    checked = 0
    for seed in range(2):
        state = game.new_game(game.default_players, seed, rules)
        rng = Rng(seed + 100)
        for step in range(80):
            assert_same(game.parse_position(game.format_position(state)), state, f"{name} seed {seed} step {step}")
            for seat in (None,) + tuple(game.seats(state)):
                v = game.view(state, seat)
                assert_same(game.parse_position(game.format_view(v)), v, f"{name} view {seat} step {step}")
            checked += 1
            if state.is_over():
                break
            state.apply(random_action(state, rng))
    assert checked >= 10


def test_trench_state_equality_is_by_key_not_text():
    """A field changed in the state (not in a way the text might hide) makes the states unequal."""
    game = get_game("trench-war")
    state = game.new_game(2, 5, game.make_ruleset([], []))
    parsed = game.parse_position(game.format_position(state))
    assert parsed == state and parsed.key() == state.key()
    parsed.round += 1
    assert parsed != state


def test_trench_finished_hidden_teams_view_round_trips():
    game = get_game("trench-war")
    state = game.new_game(4, 0, game.make_ruleset([], ["hidden-teams"]))
    rng = Rng(0 ^ 0x5EED)
    while not state.is_over():
        state.apply(random_action(state, rng))
    v = game.view(state, None)
    assert game.parse_position(game.format_view(v)).result == v.result
