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


def test_typed_values_read_back_as_the_form_holds_them():
    from game.workbench.lab import parse_value, value_text
    fields = {f.key: f for f in ruleset_fields("two-mists")}
    assert parse_value(fields["life_max"], " 9 ") == 9 and parse_value(fields["life_max"], "none") is None
    assert parse_value(fields["life_max"], "x") == "x"  # left for the game's own check to refuse
    assert parse_value(fields["pass_reveals"], "off") is False and parse_value(fields["pass_reveals"], "1") is True
    assert [value_text(v) for v in (True, False, None, 7, "always")] == ["true", "false", "none", "7", "always"]
    assert check("two-mists", {"life_max": "x"}, 4).startswith("TM-0")
    assert check("two-mists", {"life_max": None}, 4) is None  # the uncapped variant's value


@pytest.mark.parametrize("game", game_names())
def test_every_variant_is_a_preset_the_game_plays_as_the_variant(game):
    from game.workbench.lab import preset_values
    spec = get_game(game)
    for variant in spec.extras.get("variants", ()):
        values = preset_values(game, variant)
        assert check(game, values, spec.default_players if variant not in ("open-teams", "hidden-teams") else 4) \
            is None, variant
        played = spec.make_ruleset(settings_of(values, game), [])
        wanted = spec.make_ruleset([], [variant])
        for f in ruleset_fields(game):
            assert getattr(played, f.key) == getattr(wanted, f.key), (variant, f.key)


def test_a_variant_preset_changes_only_its_keys_tw_first_game():
    from game.workbench.lab import defaults_of, preset_values
    values = preset_values("trench-war", "first-game")
    changed = {k: v for k, v in values.items() if v != defaults_of("trench-war")[k]}
    assert changed == {"soldiers_per_player": 2, "gas_shots": 0, "masks_per_soldier": 0, "drugs_per_soldier": 0,
                       "centre_drug": 0, "first_game": True}
    assert preset_values("trench-war", None) == defaults_of("trench-war")


def test_loaded_ruleset_file_fills_the_form_and_a_bad_line_names_its_rule_and_line(tmp_path):
    from game.core.errors import RulesetError
    from game.workbench.lab import load_values
    good = tmp_path / "mine.rules"
    save_ruleset(str(good), "smoke-blood-steel", {"sp_max": 4, "recover_empty": False, "tie_break": "higher"})
    values = load_values(str(good), "smoke-blood-steel")
    assert values["sp_max"] == 4 and values["recover_empty"] is False and values["tie_break"] == "higher"
    assert values["clock_cells"] == 10
    bad = tmp_path / "bad.rules"
    bad.write_text("sp_max = 4\nsp_max = 99\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"SB-.*sp_max=99.*bad.rules:2"):
        load_values(str(bad), "smoke-blood-steel")
    with pytest.raises(RulesetError, match="unknown ruleset key 'gun_range'"):
        (tmp_path / "other.rules").write_text("gun_range = 5\n", encoding="utf-8")
        load_values(str(tmp_path / "other.rules"), "smoke-blood-steel")
    with pytest.raises(RulesetError, match="cannot read ruleset file"):
        load_values(str(tmp_path / "missing.rules"), "smoke-blood-steel")


def test_quick_balance_cancelled_between_games_keeps_the_finished_ones(tmp_path):
    from game.workbench import store
    config = RunConfig(game="immortal-arena", players=2, bots=("random",), games=50)
    run = QuickBalance(config, str(tmp_path))
    real = QuickBalance._on_progress

    def after_three(done, total):
        real(run, done, total)
        if done == 3:
            run.cancel()
    run._on_progress = after_three
    run.start()
    assert run.wait(300)
    assert run.cancelled and run.error is None and run.report is None
    assert run.progress() == (3, 50)
    assert len(store.read_games(str(tmp_path))) == 3


def test_quick_balance_in_a_worker_process_words_its_summary(tmp_path):
    config = RunConfig(game="smoke-blood-steel", players=2, bots=("random",), games=3)
    run = QuickBalance(config, str(tmp_path), pool=True, words={"seats": "SEATS", "first": "FIRST"})
    run.start()
    assert run.wait(300) and run.error is None
    assert run.report["run"]["where"] == "1 local process"
    assert "  SEATS: " in run.summary and "  FIRST: " in run.summary
