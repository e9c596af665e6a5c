"""The game registry (game.core.registry): the four games by ``--game`` name, the default, and the
errors for an unknown game, a game whose package is missing, and a game whose own import is broken."""

from __future__ import annotations

import sys

import pytest

from game.core import registry
from game.core.errors import GameError
from game.core.registry import GameSpec, game_names, get_game

NAMES = ["trench-war", "immortal-arena", "two-mists", "smoke-blood-steel"]


def test_game_names_in_table_order_as_a_new_list():
    names = game_names()
    assert names == NAMES and isinstance(names, list)
    names.append("x")
    assert game_names() == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_get_game_returns_the_named_spec(name):
    spec = get_game(name)
    assert isinstance(spec, GameSpec) and spec.name == name


def test_the_default_game_is_trench_war():
    assert registry.DEFAULT_GAME == "trench-war" and get_game().name == "trench-war"


def test_an_unknown_game_is_refused_naming_the_choices():
    with pytest.raises(GameError) as err:
        get_game("chess")
    assert str(err.value) == ("unknown game 'chess' (known: trench-war, immortal-arena, two-mists, "
                              "smoke-blood-steel)")


def test_a_game_whose_package_is_missing_is_not_available_yet(monkeypatch):
    monkeypatch.setitem(registry.GAME_MODULES, "ghost", "game.ghost.spec")
    with pytest.raises(GameError) as err:
        get_game("ghost")
    assert str(err.value) == "game 'ghost' is not available yet (game.ghost.spec is missing)"
    assert err.value.__cause__ is None and err.value.__suppress_context__


def test_a_game_whose_own_import_is_broken_raises_the_import_error(monkeypatch, tmp_path):
    package = tmp_path / "brokengame_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "spec.py").write_text("import no_such_module_for_the_registry_test\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry.GAME_MODULES, "broken", "brokengame_pkg.spec")
    try:
        with pytest.raises(ModuleNotFoundError) as err:
            get_game("broken")
        assert err.value.name == "no_such_module_for_the_registry_test"
    finally:
        for mod in ("brokengame_pkg.spec", "brokengame_pkg"):
            sys.modules.pop(mod, None)


def test_an_import_error_without_a_module_name_is_raised_as_it_is(monkeypatch, tmp_path):
    package = tmp_path / "nonamegame_pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "spec.py").write_text("raise ModuleNotFoundError('no name given')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(registry.GAME_MODULES, "noname", "nonamegame_pkg.spec")
    try:
        with pytest.raises(ModuleNotFoundError, match="no name given"):
            get_game("noname")
    finally:
        for mod in ("nonamegame_pkg.spec", "nonamegame_pkg"):
            sys.modules.pop(mod, None)
