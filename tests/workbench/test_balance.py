"""tools/balance.py end to end, with small runs of random or easy bots (no timing assumptions)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import jsonschema
import pytest

from game.core.gamerecord import load_record
from game.core.registry import game_names, get_game
from game.workbench import store
from game.workbench.report import build_report
from game.workbench.run import Arm, RunConfig, execute, lineup, plan

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "tools", "balance.py")
SCHEMA = os.path.join(ROOT, "game", "workbench", "report.schema.json")


def balance(*args, check=True):
    proc = subprocess.run([sys.executable, TOOL, "--quiet", *args], capture_output=True, text=True, cwd=ROOT,
                          env=dict(os.environ, PYTHONPATH=ROOT), timeout=600)
    if check and proc.returncode != 0:
        raise AssertionError(f"balance.py {' '.join(args)} exited {proc.returncode}: {proc.stderr[-2000:]}")
    return proc


def load(folder, name="report.json"):
    with open(os.path.join(folder, name), encoding="utf-8") as handle:
        return json.load(handle)


def row(report, metric):
    return next(r for r in report["comparison"]["rows"] if r["metric"] == metric)


@pytest.mark.parametrize("game", game_names())
def test_report_json_follows_its_schema_for_every_game(game, tmp_path):
    out = tmp_path / "run"
    balance("--game", game, "--bots", "random,easy", "--games", "6", "--gradient", "0.5", "--out", str(out),
            "--against-set", _some_setting(game))
    report = load(out)
    with open(SCHEMA, encoding="utf-8") as handle:
        jsonschema.validate(report, json.load(handle))
    assert set(report["arms"]) == {"A", "B"} and report["run"]["finished"] == 2 * (6 + 3)
    assert report["arms"]["A"]["gradient"]["n"] == 3                  # easy alone against random
    assert report["arms"]["B"]["settings"] == [_some_setting(game)]
    html = (out / "report.html").read_text(encoding="utf-8")
    assert "data:image/png;base64," in html and "<img" in html and "src='win_rate" not in html
    for name in report["plots"]:
        assert (out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    spec = get_game(game)
    assert report["arms"]["A"]["ruleset"] == json.loads(json.dumps(report["arms"]["A"]["ruleset"]))
    assert report["title"] == spec.title


def _some_setting(game):
    return {"trench-war": "gun_range=5", "immortal-arena": "win_waza_ari=1", "two-mists": "life_start=5",
            "smoke-blood-steel": "clock_cells=8"}.get(game, "")


def test_schema_rejects_a_report_without_its_comparison_rows(tmp_path):
    out = tmp_path / "run"
    balance("--game", "immortal-arena", "--bots", "random", "--games", "4", "--out", str(out),
            "--against-set", "win_waza_ari=1")
    report = load(out)
    del report["comparison"]["rows"][0]["p_adjusted"]
    with open(SCHEMA, encoding="utf-8") as handle:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(report, json.load(handle))


def test_seats_rotate_so_every_level_plays_every_seat_equally():
    assert [lineup(("easy", "normal"), 2, i) for i in range(2)] == [("easy", "normal"), ("normal", "easy")]
    config = RunConfig(game="two-mists", players=4, bots=("random", "easy"), games=8, gradient=0.5)
    tasks = plan(config)
    main = [t for t in tasks if t.kind == "main"]
    for seat in range(4):
        assert sorted(t.lineup[seat] for t in main) == ["easy"] * 4 + ["random"] * 4
    grad = [t for t in tasks if t.kind == "gradient"]
    assert len(grad) == 4 and [t.lineup.index("easy") for t in grad] == [0, 1, 2, 3]
    assert all(t.lineup.count("easy") == 1 for t in grad)
    assert len({t.seed for t in tasks}) == len(tasks)


def test_ab_trench_target_of_one_point_makes_games_significantly_shorter(tmp_path):
    out = tmp_path / "run"
    balance("--game", "trench-war", "--bots", "easy", "--games", "16", "--gradient", "0", "--out", str(out),
            "--against-set", "target_points_2p=1")
    report = load(out)
    r = row(report, "length: actions")
    assert r["significant"] and r["difference"] < 0
    assert report["comparison"]["correction"] == "holm"
    assert "length: actions" in report["comparison"]["significant"]


def test_ab_arena_lower_target_makes_games_significantly_shorter(tmp_path):
    out = tmp_path / "run"
    balance("--game", "immortal-arena", "--bots", "easy", "--games", "30", "--gradient", "0", "--out", str(out),
            "--against-set", "win_waza_ari=1", "--correction", "bh")
    report = load(out)
    r = row(report, "length: actions")
    assert r["significant"] and r["difference"] < 0 and report["comparison"]["correction"] == "bh"


def test_aa_run_marks_nothing_significant_after_correction(tmp_path):
    out = tmp_path / "run"
    proc = balance("--game", "trench-war", "--bots", "random", "--games", "40", "--gradient", "0",
                   "--out", str(out), "--against-seed", "5000")
    report = load(out)
    comp = report["comparison"]
    assert comp["tests"] >= 15
    assert comp["significant"] == []
    assert not any(r["significant"] for r in comp["rows"])
    assert report["arms"]["B"]["seeds"]["first"] == 5000
    assert "0 of" in proc.stdout


def _keyed(folder):
    return {line["key"]: line for line in store.read_games(str(folder))}


def test_local_pool_and_local_dask_cluster_give_the_same_games(tmp_path):
    pytest.importorskip("distributed")
    args = ["--game", "trench-war", "--bots", "random,easy", "--games", "6", "--gradient", "0.5", "--against-set",
            "gun_range=5"]
    balance(*args, "--out", str(tmp_path / "here"))
    proc = balance(*args, "--cluster", "local:2", "--out", str(tmp_path / "dask"))
    assert "Dask LocalCluster of 2 workers" in proc.stdout
    here, there = _keyed(tmp_path / "here"), _keyed(tmp_path / "dask")
    assert len(here) == 18 and here == there


def test_jobs_pool_gives_the_same_games_as_one_process(tmp_path):
    args = ["--game", "immortal-arena", "--bots", "random", "--games", "8"]
    balance(*args, "--out", str(tmp_path / "one"))
    balance(*args, "--jobs", "2", "--out", str(tmp_path / "two"))
    assert _keyed(tmp_path / "one") == _keyed(tmp_path / "two")


def test_unreachable_scheduler_fails_naming_the_address(tmp_path):
    pytest.importorskip("distributed")
    proc = balance("--game", "immortal-arena", "--bots", "random", "--games", "2", "--cluster",
                   "tcp://127.0.0.1:9", "--out", str(tmp_path / "run"), check=False)
    assert proc.returncode == 2
    assert "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in proc.stderr


def test_cluster_without_dask_says_how_to_install_it(monkeypatch):
    from game.workbench import execution
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(execution.ClusterError, match=r"pip install -e '\.\[cluster\]'"):
        with execution.executor_for(cluster="local:2"):
            pass


@pytest.mark.parametrize("where", [{"jobs": 2}, {"cluster": "local:2"}])
def test_a_lost_worker_costs_only_its_unfinished_games(tmp_path, monkeypatch, where):
    if "cluster" in where:
        pytest.importorskip("distributed")
    from wb_helpers import die_once_then_play
    monkeypatch.setenv("WB_DIE_MARKER", str(tmp_path / "died"))
    config = RunConfig(game="immortal-arena", players=2, bots=("random",), games=6)
    info = execute(config, str(tmp_path / "run"), progress=False, fn=die_once_then_play, **where)
    assert (tmp_path / "died").exists()              # a worker process really died mid-run
    assert info["resubmitted"] >= 1 or "cluster" in where   # Dask may reschedule it by itself
    lines = store.read_games(str(tmp_path / "run"))
    assert sorted(line["key"] for line in lines) == sorted(t.key for t in plan(config))
    assert not any(line.get("error") for line in lines)


def test_resume_after_a_kill_does_not_replay_finished_games(tmp_path):
    out = tmp_path / "run"
    args = [sys.executable, TOOL, "--quiet", "--game", "trench-war", "--bots", "normal", "--simulations", "20",
            "--games", "12", "--gradient", "0", "--out", str(out)]
    proc = subprocess.Popen(args, cwd=ROOT, env=dict(os.environ, PYTHONPATH=ROOT),
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    games = out / store.GAMES
    try:
        while proc.poll() is None:
            if games.exists() and games.read_bytes().count(b"\n") >= 2:
                proc.kill()                          # SIGKILL: no chance to clean up
                break
    finally:
        proc.wait()
    before = games.read_bytes()
    kept = before[:before.rfind(b"\n") + 1]          # a line cut short by the kill is not a finished game
    finished = kept.count(b"\n")
    assert finished >= 2
    resumed = balance("--game", "trench-war", "--bots", "normal", "--simulations", "20", "--games", "12",
                      "--gradient", "0", "--out", str(out), "--resume")
    assert f"played {12 - finished} games" in resumed.stdout and f"({finished} already finished" in resumed.stdout
    after = games.read_bytes()
    assert after.startswith(kept)
    keys = [line["key"] for line in store.read_games(str(out))]
    assert sorted(keys) == sorted(f"A/main/{i}" for i in range(12))


def test_a_second_run_into_the_same_folder_is_refused_and_resume_checks_the_options(tmp_path):
    out = str(tmp_path / "run")
    balance("--game", "immortal-arena", "--bots", "random", "--games", "2", "--out", out)
    again = balance("--game", "immortal-arena", "--bots", "random", "--games", "2", "--out", out, check=False)
    assert again.returncode == 2 and "already holds a run" in again.stderr
    other = balance("--game", "immortal-arena", "--bots", "random", "--games", "3", "--out", out, "--resume",
                    check=False)
    assert other.returncode == 2 and "other settings (games)" in other.stderr
    same = balance("--game", "immortal-arena", "--bots", "random", "--games", "2", "--out", out, "--resume")
    assert "played 0 games" in same.stdout


def test_any_game_of_a_run_opens_as_a_game_record(tmp_path):
    out = tmp_path / "run"
    balance("--game", "trench-war", "--bots", "easy", "--games", "3", "--gradient", "0", "--out", str(out),
            "--set", "gun_range=5")
    record_path = tmp_path / "game.twr"
    proc = balance("--extract", str(out / store.GAMES), "2", "--out", str(record_path))
    assert "python -m game.ui.replay" in proc.stdout
    line = store.read_games(str(out))[1]
    record, state = load_record(str(record_path))
    assert record.seed == line["seed"] and list(record.settings) == ["gun_range=5"]
    assert list(record.seats) == [line["seats"][s] for s in line["order"]]
    assert get_game("trench-war").result(state) == line["result"]
    bad = balance("--extract", str(out / store.GAMES), "9", "--out", str(record_path), check=False)
    assert bad.returncode == 2 and "has 3 games; there is no line 9" in bad.stderr


def test_from_position_runs_with_each_arm_ruleset_or_is_refused_with_the_reason(tmp_path):
    spec = get_game("trench-war")
    state = spec.new_game(2, 11, spec.make_ruleset([], []))
    from game.core.playout import random_steps
    from game.core.rng import Rng
    random_steps(state, Rng(4), 30)
    position = tmp_path / "mid.pos"
    position.write_text(spec.format_position(state), encoding="utf-8")
    out = tmp_path / "run"
    balance("--game", "trench-war", "--bots", "random", "--games", "4", "--from", str(position),
            "--against-set", "gun_range=6", "--out", str(out))
    report = load(out)
    assert report["from"]["name"] == str(position)
    lines = store.read_games(str(out))
    assert all(line["from"] for line in lines) and len({tuple(line["actions"]) for line in lines}) > 1
    refused = balance("--game", "trench-war", "--bots", "random", "--games", "2", "--from", str(position),
                      "--against-set", "soldiers_per_player=2", "--out", str(tmp_path / "no"), check=False)
    assert refused.returncode == 2 and "arm B" in refused.stderr and "cannot take this ruleset" in refused.stderr
    no_record = balance("--extract", str(out / store.GAMES), "1", "--out", str(tmp_path / "x.twr"), check=False)
    assert no_record.returncode == 2 and "--from position" in no_record.stderr


def test_bad_options_are_refused_naming_the_problem(tmp_path):
    cases = [(["--games", "2", "--out", str(tmp_path / "a"), "--bots", "clever"], "unknown bot level 'clever'"),
             (["--games", "2", "--out", str(tmp_path / "b"), "--set", "gun_range=99"], "gun_range=99 is out of range"),
             (["--games", "2", "--out", str(tmp_path / "c"), "--cluster", "local:0"], "local:N"),
             (["--games", "2"], "--out DIR is required"),
             (["--game", "two-mists", "--players", "2", "--games", "2", "--out", str(tmp_path / "d")], "3, 4 players")]
    for args, message in cases:
        proc = balance(*args, check=False)
        assert proc.returncode == 2 and message in proc.stderr, (args, proc.stderr)


def test_report_of_unfinished_games_is_built_from_what_finished(tmp_path):
    config = RunConfig(game="smoke-blood-steel", players=2, bots=("random",), games=3,
                       arms=(Arm("A"), Arm("B", "clock", ("clock_cells=8",))))
    execute(config, str(tmp_path), progress=False)
    lines = store.read_games(str(tmp_path))[:4]
    report = build_report(config, lines, {"interrupted": True})
    assert report["run"]["finished"] == 4 and report["run"]["interrupted"] is True


def test_ruleset_files_make_the_arms_and_a_bad_line_is_named(tmp_path):
    mine = tmp_path / "mine.rules"
    mine.write_text("# my trial\n[rules]\ngun_range = 5   # longer guns\nbombs = 1\n", encoding="utf-8")
    theirs = tmp_path / "theirs.rules"
    theirs.write_text("gun_range = 3\n", encoding="utf-8")
    out = tmp_path / "run"
    balance("--game", "trench-war", "--bots", "random", "--games", "2", "--ruleset", str(mine), "--against",
            str(theirs), "--against-set", "bombs=0", "--out", str(out))
    arms = load(out)["arms"]
    assert arms["A"]["settings"] == ["gun_range=5", "bombs=1"] and arms["A"]["label"] == "mine.rules"
    assert arms["B"]["settings"] == ["gun_range=3", "bombs=0"] and arms["B"]["label"] == "theirs.rules, bombs=0"
    assert arms["A"]["ruleset"]["gun_range"] == 5 and arms["B"]["ruleset"]["bombs"] == 0
    bad = tmp_path / "bad.rules"
    bad.write_text("gun_range = 5\ngun_range = 77\n", encoding="utf-8")
    proc = balance("--game", "trench-war", "--games", "2", "--ruleset", str(bad), "--out", str(tmp_path / "b"),
                   check=False)
    assert proc.returncode == 2 and f"{bad}:2: TW-0: gun_range=77 is out of range" in proc.stderr
