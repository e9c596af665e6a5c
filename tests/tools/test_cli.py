"""The command-line tools: exit statuses, outputs and the promise not to touch input files."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_tool(*args, stdin=None):
    return subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          input=stdin, timeout=120)


def new_position(tmp_path, *extra):
    out = run_tool("tools/scenario.py", "--new", "--players", "2", "--seed", "5", *extra)
    assert out.returncode == 0, out.stderr
    path = tmp_path / "game.pos"
    path.write_text(out.stdout)
    return path


def test_scenario_new_prints_start_of_setup(tmp_path):
    path = new_position(tmp_path)
    text = path.read_text()
    assert "phase: first" in text and "players: S N" in text


def test_scenario_set_and_variant_are_recorded(tmp_path):
    path = new_position(tmp_path, "--set", "gun_range=5", "--variant", "civilians")
    text = path.read_text()
    assert "rules: gun_range=5" in text
    assert "variants: civilians" in text


def test_scenario_unknown_setting_exits_2_naming_it():
    out = run_tool("tools/scenario.py", "--new", "--set", "gun_rnage=5")
    assert out.returncode == 2
    assert "gun_rnage" in out.stderr and "TW-0" in out.stderr


def test_scenario_illegal_action_exits_2_and_leaves_file_untouched(tmp_path):
    path = new_position(tmp_path)
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    out = run_tool("tools/scenario.py", str(path), "--do", "S1 step n")
    assert out.returncode == 2
    assert "chance" in out.stderr
    out = run_tool("tools/scenario.py", str(path), "--do", "S1 fly away")
    assert out.returncode == 2 and "unknown verb" in out.stderr
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before


def test_scenario_legal_lists_actions_in_notation(tmp_path):
    path = new_position(tmp_path)
    out = run_tool("tools/scenario.py", str(path), "--legal")
    assert out.returncode == 0
    assert out.stdout.split("\n")[:2] == ["chance first S", "chance first N"]


def test_scenario_json_has_position_events_and_actions(tmp_path):
    path = new_position(tmp_path)
    out = run_tool("tools/scenario.py", str(path), "--do", "chance first N", "--random", "5",
                   "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["actions"][0] == "chance first N" and len(data["actions"]) == 6
    assert data["position"].startswith("# Trench War position")
    assert any(e["kind"] == "first" for e in data["events"])


def test_scenario_write_saves_result_atomically(tmp_path):
    path = new_position(tmp_path)
    out_path = tmp_path / "after.pos"
    out = run_tool("tools/scenario.py", str(path), "--random", "3", "--write", str(out_path))
    assert out.returncode == 0
    assert out_path.read_text() == out.stdout
    assert not [p for p in os.listdir(tmp_path) if ".tmp" in p]


def test_scenario_malformed_position_exits_2(tmp_path):
    path = tmp_path / "bad.pos"
    path.write_text("players: S N\nphase: sideways\n")
    out = run_tool("tools/scenario.py", str(path))
    assert out.returncode == 2
    assert "error:" in out.stderr


def test_simulate_json_reports_required_keys():
    out = run_tool("tools/simulate.py", "--games", "3", "--players", "2", "--json")
    assert out.returncode == 0, out.stdout + out.stderr
    data = json.loads(out.stdout)
    for key in ("games", "errors", "actions", "actions_per_s", "rounds_mean", "endings"):
        assert key in data
    assert data["games"] == 3 and data["errors"] == 0
    assert sum(data["endings"].values()) == 3


def test_scenario_view_json_hides_other_players_plots_and_arms(tmp_path):
    path = new_position(tmp_path)
    out = run_tool("tools/scenario.py", str(path), "--do", "chance first S; S arm gun gas bomb; "
                   "N arm bomb gun gas", "--view", "S", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["actions"] == ["chance first S", "S arm gun gas bomb", "N arm ? ? ?"]
    assert "bomb gun gas" not in out.stdout


# --- every tool takes --game, and ends badly only with a one-line message (issue 9, part 7) ---

def test_tools_name_the_game_choices_for_an_unknown_game():
    out = run_tool("tools/scenario.py", "--game", "chess", "--new")
    assert out.returncode == 2
    assert "invalid choice: 'chess'" in out.stderr and "two-mists" in out.stderr


def test_scenario_new_with_explicit_trench_war_game_matches_the_default(tmp_path):
    default = run_tool("tools/scenario.py", "--new", "--seed", "5")
    named = run_tool("tools/scenario.py", "--game", "trench-war", "--new", "--seed", "5")
    assert named.returncode == 0 and named.stdout == default.stdout


def test_scenario_players_outside_the_game_range_exit_2():
    out = run_tool("tools/scenario.py", "--new", "--players", "5")
    assert out.returncode == 2
    assert "played by 2, 3, 4 players, not 5" in out.stderr


def test_scenario_empty_view_seat_is_an_error_not_the_whole_position(tmp_path):
    path = new_position(tmp_path)
    out = run_tool("tools/scenario.py", str(path), "--view", "")
    assert out.returncode == 2
    assert out.stdout == ""
    assert "--view '' is not a seat in play (seats: S N" in out.stderr
    out = run_tool("tools/scenario.py", str(path), "--view", "E")
    assert out.returncode == 2 and "'E' is not a seat in play" in out.stderr


def test_scenario_negative_random_and_out_of_range_seed_are_rejected(tmp_path):
    path = new_position(tmp_path)
    out = run_tool("tools/scenario.py", str(path), "--random", "-5")
    assert out.returncode == 2 and "-5 is negative" in out.stderr
    out = run_tool("tools/scenario.py", "--new", "--seed", str(2**64))
    assert out.returncode == 2 and "out of range" in out.stderr
    out = run_tool("tools/scenario.py", "--new", "--seed", "-1")
    assert out.returncode == 2 and "out of range" in out.stderr


def test_scenario_write_to_missing_folder_or_folder_exits_2_without_temp_files(tmp_path):
    path = new_position(tmp_path)
    out = run_tool("tools/scenario.py", str(path), "--write", str(tmp_path / "no" / "such.pos"))
    assert out.returncode == 2 and "does not exist" in out.stderr and "Traceback" not in out.stderr
    out = run_tool("tools/scenario.py", str(path), "--write", str(tmp_path))
    assert out.returncode == 2 and "it is a folder" in out.stderr
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        out = run_tool("tools/scenario.py", str(path), "--write", str(locked / "x.pos"))
        if os.access(locked, os.W_OK):  # root ignores permissions: the write succeeds, cleanly
            assert out.returncode == 0
        else:
            assert out.returncode == 2 and "cannot write" in out.stderr
    finally:
        locked.chmod(0o700)
    assert sorted(p.name for p in tmp_path.rglob("*") if ".tmp" in p.name) == []


def test_write_atomic_removes_a_temp_file_left_by_a_killed_run(tmp_path):
    path = new_position(tmp_path)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True).stdout.strip()
    stale = tmp_path / f"out.pos.tmp-{dead}"
    stale.write_text("half a position")
    out = run_tool("tools/scenario.py", str(path), "--write", str(tmp_path / "out.pos"))
    assert out.returncode == 0
    assert not stale.exists()
    assert (tmp_path / "out.pos").read_text() == out.stdout


def test_tools_piped_into_head_end_without_a_broken_pipe_traceback(tmp_path):
    path = new_position(tmp_path)
    cmd = f"{sys.executable} tools/scenario.py {path} --random 40 | head -1"
    out = subprocess.run(cmd, shell=True, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.stdout == "# Trench War position (see docs/notation.md)\n"
    assert out.stderr == ""


def test_simulate_says_whether_it_checked():
    out = run_tool("tools/simulate.py", "--games", "2", "--no-check")
    assert out.returncode == 0
    assert "(no checks)" in out.stdout and "with checks" not in out.stdout
    out = run_tool("tools/simulate.py", "--games", "2")
    assert "(with checks)" in out.stdout


def test_simulate_extreme_soaks_minimum_maximum_and_random_rulesets():
    out = run_tool("tools/simulate.py", "--extreme", "1", "--games", "1", "--players", "2", "--json",
                   "--set", "round_limit=3")
    data = json.loads(out.stdout)
    labels = [r["ruleset"] for r in data["reports"]] + [r["ruleset"] for r in data["rejected"]]
    assert sorted(labels) == ["max", "min", "random-0"]
    assert out.returncode == (1 if data["errors"] else 0)
    assert all(r["reason"].startswith("TW-0") for r in data["rejected"])


def test_bench_reports_rules_figures_for_the_chosen_game():
    out = run_tool("tools/bench.py", "--game", "trench-war", "--repeats", "1", "--no-render",
                   "--no-search", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["game"] == "trench-war" and data["repeats"] == 1
    for key in ("actions_per_s", "clones_per_s", "games_per_s_2p", "games_per_s_3p", "games_per_s_4p"):
        assert data[key] > 0
