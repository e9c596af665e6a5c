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
