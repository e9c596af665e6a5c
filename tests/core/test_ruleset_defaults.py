"""One source for every ruleset default (issue 23, point 8; issue 24, point 5): for every key of
every game, the default the --help tables list is the value a game with no settings plays, and
Trench War's natural_cubes floor is stated, in the help and in the refusal, for the players and
soldiers that apply (TW-0)."""

import pytest

from game.core.errors import RulesetError
from game.core.registry import game_names, get_game

#: game -> (its table of keys, the index of the default in a row)
TABLES = {"trench-war": ("game.trench.ruleset", "SPEC"), "two-mists": ("game.mists.ruleset", "SPEC"),
          "smoke-blood-steel": ("game.steel.ruleset", "SPEC"), "immortal-arena": ("game.arena.ruleset", "KEYS")}


def _table(game):
    import importlib
    module, name = TABLES[game]
    return getattr(importlib.import_module(module), name)


@pytest.mark.parametrize("game", game_names())
def test_every_listed_default_is_the_one_played(game):
    spec = get_game(game)
    played = spec.make_ruleset([], [])
    table = _table(game)
    assert table, game
    for key, row in table.items():
        assert getattr(played, key) == row[0], (game, key)
    state = spec.new_game(spec.default_players, 1, spec.make_ruleset([], []))
    assert state.rules == played


def test_IA_12_every_listed_dice_default_is_the_one_played():
    spec = get_game("immortal-arena")
    played = spec.make_ruleset(["ruleset=dice"], [])
    for key, row in _table("immortal-arena").items():
        assert getattr(played, key) == row[1], key


@pytest.mark.parametrize("game", game_names())
def test_every_ruleset_field_is_a_listed_key_and_takes_its_default_from_the_table(game):
    """The dataclass's defaults are read from the table: no second copy to drift."""
    import dataclasses
    spec = get_game(game)
    table = _table(game)
    cls = type(spec.make_ruleset([], []))
    settings = {f.name: f for f in dataclasses.fields(cls) if f.name in table}
    assert set(settings) == set(table)
    for key, f in settings.items():
        assert f.default == table[key][0], key


def _help_rows(game):
    from game.app import _help_epilog
    text = _help_epilog(get_game(game))
    rows = {}
    for line in text.splitlines():
        words = line.split()
        if len(words) >= 2 and words[0] in _table(game):
            rows[words[0]] = words[1]
    return rows


def _shown(value):
    return str(value).lower() if isinstance(value, bool) else "none" if value is None else str(value)


@pytest.mark.parametrize("game", ["trench-war", "two-mists"])
def test_the_help_table_lists_the_played_default_of_every_key(game):
    played = get_game(game).make_ruleset([], [])
    rows = _help_rows(game)
    assert set(rows) == set(_table(game))
    for key, shown in rows.items():
        assert _shown(getattr(played, key)).startswith(shown), (key, shown)


def test_TW_0_the_help_states_the_natural_cubes_floor_for_each_player_count():
    from game.app import _help_epilog
    line = next(x for x in _help_epilog(get_game("trench-war")).splitlines() if x.split()[:1] == ["natural_cubes"])
    assert "55..200" in line and "59 for 2 players, 62 for 3 players, 65 for 4 players with 3 soldiers each" in line


@pytest.mark.parametrize("settings, players, message", [
    (["natural_cubes=58"], 2, "natural_cubes=58 is too few for soldiers_per_player=3: the board takes 53 and each "
                              "soldier's boat 1, so at least 59 for 2 players, 62 for 3 players, 65 for 4 players"),
    (["natural_cubes=56", "soldiers_per_player=2"], 2, "so at least 57 for 2 players, 59 for 3 players, 61 for 4"),
    (["natural_cubes=64"], 4, "natural_cubes=64 is too few for 4 players with soldiers_per_player=3: the board "
                              "takes 53 and the boats 12 (at least 65)"),
    (["natural_cubes=52"], 2, "natural_cubes=52 is out of range 55..200: the floor is 53 (the board) + 1 a soldier "
                              "(59 for 2 players, 62 for 3 players, 65 for 4 players with 3 soldiers each)"),
])
def test_TW_0_a_natural_cubes_refusal_states_the_floor_that_applies(settings, players, message):
    spec = get_game("trench-war")
    with pytest.raises(RulesetError) as err:
        spec.new_game(players, 1, spec.make_ruleset(settings, []))
    assert message in str(err.value)
