"""TW-0 ruleset data: defaults, file loading, overrides, rejection of unknown keys and ranges."""

import os
import subprocess
import sys

import pytest

from game.core.errors import RulesetError
from game.trench import load_ruleset, make_ruleset, new_game
from game.trench.notation import format_position, parse_position

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_TW_0_defaults_follow_the_reference():
    r = make_ruleset()
    assert (r.board_size, r.soldiers_per_player) == (7, 3)
    assert (r.gun_rounds, r.gun_range, r.night_range_penalty, r.mask_range_penalty) == (4, 4, 1, 1)
    assert (r.gas_shots, r.gas_range, r.bombs, r.bomb_range) == (2, 1, 2, 2)
    assert r.max_cubes_carried == 2
    assert (r.target(2), r.target(3), r.target(4)) == (2, 3, 3)
    assert (r.escape_value(2), r.escape_value(3), r.escape_value(4)) == (1, 2, 2)
    assert (r.judgement_dead(2), r.judgement_dead(3), r.judgement_dead(4)) == (4, 6, 8)
    assert r.sink_after_round == 3 and r.natural_cubes == 68 and r.setup_food == 3
    assert r.corpse_points == "always" and r.round_limit == 60
    assert (r.forecast_count(2), r.forecast_count(3)) == (2, 1)
    assert r.weapon_kinds() == ("gun", "gas", "bomb")
    assert not (r.first_game or r.civilians or r.guerrillas or r.open_teams or r.hidden_teams)
    assert r.changes() == {}


def test_TW_0_overrides_and_variants():
    r = make_ruleset(["gun_range=5", "corpse-points=judgement", "civilians=yes"])
    assert r.gun_range == 5 and r.corpse_points == "judgement" and r.civilians
    assert make_ruleset({"bombs": 3}).bombs == 3
    fg = make_ruleset(variants=["first-game"])
    assert fg.soldiers_per_player == 2 and fg.weapon_kinds() == ("gun", "bomb") and fg.gas_shots == 0
    # a setting given with a variant wins over the variant
    assert make_ruleset(["soldiers_per_player=1"], ["first-game"]).soldiers_per_player == 1


@pytest.mark.parametrize("setting,words", [
    ("gun_rnge=5", ["gun_rnge", "unknown"]),
    ("gun_range=0", ["gun_range", "1..7"]),
    ("gun_range=99", ["gun_range", "out of range"]),
    ("gun_range=far", ["gun_range", "integer"]),
    ("civilians=maybe", ["civilians", "true or false"]),
    ("corpse_points=never", ["corpse_points", "always"]),
    ("gun_range", ["key=value"]),
])
def test_TW_0_bad_settings_are_rejected_naming_them(setting, words):
    with pytest.raises(RulesetError) as info:
        make_ruleset([setting])
    msg = str(info.value)
    assert "TW-0" in msg
    for w in words:
        assert w in msg


def test_TW_0_unknown_variant_rejected():
    with pytest.raises(RulesetError, match="TW-11.*nosuch"):
        make_ruleset(variants=["nosuch"])


def test_TW_0_file_loading(tmp_path):
    f = tmp_path / "house.toml"
    f.write_text("# house rules\n[rules]\ngun_range = 5   # longer guns\nbombs = 3\n"
                 'corpse_points = "judgement"\n\n', encoding="utf-8")
    r = load_ruleset(str(f))
    assert (r.gun_range, r.bombs, r.corpse_points) == (5, 3, "judgement")
    bad = tmp_path / "bad.toml"
    bad.write_text("gun_range = 5\nbomb_rnage = 2\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(bad))
    assert "bomb_rnage" in str(info.value) and "bad.toml:2" in str(info.value)
    rng = tmp_path / "range.toml"
    rng.write_text("round_limit = 0\n", encoding="utf-8")
    with pytest.raises(RulesetError, match="round_limit.*1..1000"):
        load_ruleset(str(rng))
    with pytest.raises(RulesetError, match="cannot read"):
        load_ruleset(str(tmp_path / "missing.toml"))


def test_TW_0_ruleset_travels_with_the_position():
    st = new_game(2, seed=1, rules=make_ruleset(["gun_range=5"], ["first-game"]))
    text = format_position(st)
    assert "rules: gun_range=5" in text and "variants: first-game" in text
    again = parse_position(text)
    assert again.rules == st.rules and format_position(again) == text


def test_TW_0_scenario_tool_set_and_rejection():
    tool = os.path.join(ROOT, "tools", "scenario.py")
    ok = subprocess.run([sys.executable, tool, "--new", "--set", "bombs=3"], capture_output=True,
                        text=True, cwd=ROOT)
    assert ok.returncode == 0 and "rules: bombs=3" in ok.stdout
    bad = subprocess.run([sys.executable, tool, "--new", "--set", "bombz=3"], capture_output=True,
                         text=True, cwd=ROOT)
    assert bad.returncode == 2 and "bombz" in bad.stderr and "TW-0" in bad.stderr
