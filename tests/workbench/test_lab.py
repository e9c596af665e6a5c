"""game.workbench.lab: the Rules lab's form fields, checks, ruleset files and quick balance run."""

from __future__ import annotations

import pytest

from game.core.registry import game_names, get_game
from game.workbench.lab import QuickBalance, check, ruleset_fields, save_ruleset, settings_of
from game.workbench.run import RunConfig


@pytest.mark.parametrize("game", game_names())
def test_fields_are_typed_and_their_defaults_are_played(game):
    fields = ruleset_fields(game)
    assert fields and len({f.key for f in fields}) == len(fields)
    spec = get_game(game)
    default = spec.make_ruleset([], [])
    for f in fields:
        assert f.kind in ("bool", "int", "choice")
        if f.kind == "int":
            lo, hi = f.allowed
            assert lo <= f.default <= hi
        if hasattr(default, f.key):
            assert getattr(default, f.key) == f.default or f.kind == "choice", f.key
    assert check(game, {f.key: f.default for f in fields}, spec.default_players) is None


def test_an_invalid_value_or_combination_is_refused_with_its_rule_id():
    assert check("trench-war", {"gun_range": 9}, 2).startswith("TW-0: gun_range=9 is out of range")
    assert check("trench-war", {"guerrillas": True}, 2).startswith("TW-11")
    assert check("trench-war", {"gun_range": 5}, 2) is None


def test_saved_ruleset_holds_only_the_changes_and_loads_back(tmp_path):
    path = tmp_path / "mine.rules"
    save_ruleset(str(path), "trench-war", {"gun_range": 5, "bombs": 2, "civilians": True})
    text = path.read_text(encoding="utf-8")
    assert "gun_range = 5" in text and "civilians = true" in text and "bombs" not in text
    from game.trench import load_ruleset
    rules = load_ruleset(str(path))
    assert rules.gun_range == 5 and rules.civilians is True
    assert settings_of({"gun_range": 4}, "trench-war") == []


def test_quick_balance_runs_in_the_background_with_progress(tmp_path):
    config = RunConfig(game="immortal-arena", players=2, bots=("random",), games=6)
    seen = []
    run = QuickBalance(config, str(tmp_path))
    run._on_progress = lambda done, total: (seen.append((done, total)), QuickBalance._on_progress(run, done, total))
    run.start()
    assert run.wait(300)
    assert run.error is None and run.progress() == (6, 6)
    assert seen[0] == (0, 6) and seen[-1] == (6, 6)
    assert run.report["arms"]["A"]["metrics"]["games"] == 6
    assert "win_rate_by_seat.png" in run.plots and "Immortal Arena" in run.summary
