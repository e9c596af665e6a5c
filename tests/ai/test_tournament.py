"""tools/tournament.py: the JSON report's exact schema, the statistics, --explain."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import time

import signal

from game.ai.matches import GameRecord, among_winners, elo, schedule, score_pair, summarize, wilson

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "tools", "tournament.py")


def test_tournament_json_schema():
    out = subprocess.run([sys.executable, TOOL, "--bots", "easy,random", "--games", "2", "--json",
                          "--seed", "3"], capture_output=True, text=True, timeout=120, check=True)
    report = json.loads(out.stdout)
    assert set(report) == {"pairs", "decision_s", "decision_cpu_s", "capped", "elo", "finished",
                           "scheduled"}
    assert (report["finished"], report["scheduled"], report["capped"]) == (2, 2, {})
    (pair,) = report["pairs"]
    assert set(pair) == {"a", "b", "games", "a_wins", "b_wins", "draws", "a_win_rate", "ci95"}
    assert (pair["a"], pair["b"], pair["games"]) == ("easy", "random", 2)
    assert pair["a_wins"] + pair["b_wins"] + pair["draws"] == 2
    assert pair["a_win_rate"] == (pair["a_wins"] + 0.5 * pair["draws"]) / 2
    lo, hi = pair["ci95"]
    assert 0 <= lo <= pair["a_win_rate"] <= hi <= 1
    for key in ("decision_s", "decision_cpu_s"):
        assert set(report[key]) == {"easy", "random"}
        assert all(set(v) == {"median", "p90"} for v in report[key].values())
    assert set(report["elo"]) == {"easy", "random"} and report["elo"]["easy"] == 1000.0


def test_wilson_interval():
    # Wilson score interval, z = 1.96: 5 of 10 -> centre 0.5, half-width 0.2634.
    lo, hi = wilson(5, 10)
    assert math.isclose(lo, 0.2366, abs_tol=1e-4) and math.isclose(hi, 0.7634, abs_tol=1e-4)
    # 10 of 10: the upper bound is 1 and the lower 10 / (10 + 1.96**2) = 0.7225.
    lo, hi = wilson(10, 10)
    assert math.isclose(lo, 0.7225, abs_tol=1e-4) and hi == 1.0


def test_schedule_rotates_seats():
    rows = schedule(["easy", "hard"], 2, 4)
    assert [r[2] for r in rows] == [("easy", "hard"), ("hard", "easy")] * 2
    rows = schedule(["easy", "hard"], 4, 4)
    assert [r[2].index(r[0]) for r in rows[:4]] == [0, 1, 2, 3]  # the lone bot in every seat
    assert {r[:2] for r in rows} == {("easy", "hard"), ("hard", "easy")}
    assert all(r[2].count(r[0]) == 1 for r in rows)


def test_draws_count_half_and_elo_orders_bots():
    recs = [GameRecord({"S": "a", "N": "b"}, ["S"], 10), GameRecord({"S": "b", "N": "a"}, [], 10),
            GameRecord({"S": "b", "N": "a"}, ["N"], 10), GameRecord({"S": "a", "N": "b"}, ["N"], 10)]
    assert score_pair("a", recs) == (2, 1, 1)
    report = summarize(["a", "b"], [("a", "b", None)] * 4, recs)
    assert report["pairs"][0]["a_win_rate"] == 0.625
    ratings = elo(["x", "y"], [{"a": "x", "b": "y", "games": 10, "a_wins": 8, "b_wins": 2, "draws": 0}])
    assert ratings["x"] == 1000 and ratings["y"] < 1000


def test_explain_prints_candidates(tmp_path):
    from game.ai.bench import mid_game
    spec, state = mid_game(decisions=12)
    pos = tmp_path / "mid.pos"
    pos.write_text(spec.format_position(state))
    out = subprocess.run([sys.executable, TOOL, "--explain", str(pos), "--simulations", "30",
                          "--top", "3"], capture_output=True, text=True, timeout=120, check=True)
    lines = out.stdout.splitlines()
    assert lines[0] == f"{state.current_player()} to decide; 30 simulations"
    assert len(lines) == 2 + min(3, len(state.legal_actions()))


def test_among_winners_against_the_equal_share():
    """Three seats, one ``a`` among two ``b``: four games, ``a`` among the winners in two; the
    winners per game are 1, 2, 0 and 3, so an equal bot would be among them in (1+2+0+3)/12."""
    seats = {"A": "a", "B": "b", "C": "b"}
    recs = [GameRecord(seats, ["A"], 5), GameRecord(seats, ["B", "C"], 5), GameRecord(seats, [], 5),
            GameRecord(seats, ["A", "B", "C"], 5)]
    got = among_winners("a", recs)
    lo, hi = wilson(2, 4)
    assert got["a_among_winners"] == 0.5 and got["equal_share"] == 0.5
    assert got["share_ratio"] == 1.0 and got["among_ci95"] == [round(lo, 4), round(hi, 4)]
    assert got["share_ratio_ci95"] == [round(lo / 0.5, 3), round(hi / 0.5, 3)]
    report = summarize(["a", "b"], [("a", "b", None)] * 4, recs)
    assert report["pairs"][0]["share_ratio"] == 1.0
    two = summarize(["a", "b"], [("a", "b", None)], [GameRecord({"S": "a", "N": "b"}, ["S"], 3)])
    assert "a_among_winners" not in two["pairs"][0]  # one winner at most: the win rate says it


def test_unplayed_games_do_not_count():
    recs = [GameRecord({"S": "a", "N": "b"}, ["S"], 10), None, None]
    report = summarize(["a", "b"], [("a", "b", None)] * 3, recs)
    assert report["pairs"][0]["games"] == 1 and report["pairs"][0]["a_wins"] == 1


def test_multi_winner_table_in_the_text_report():
    out = subprocess.run([sys.executable, TOOL, "--game", "two-mists", "--players", "3", "--bots",
                          "easy,random", "--games", "3", "--seed", "1"],
                         capture_output=True, text=True, timeout=120, check=True)
    lines = out.stdout.splitlines()
    head = next(i for i, line in enumerate(lines) if "among winners" in line)
    assert "equal share" in lines[head] and "ratio" in lines[head]
    assert lines[head + 1].split()[:2] == ["easy", "random"] and lines[head + 2].split()[:2] == ["random", "easy"]


def _games_reported(path):
    report = json.loads(open(path).read())
    return report, sum(p["games"] for p in report["pairs"])


def _tournament_module():
    import importlib.util
    sys.path.insert(0, os.path.dirname(TOOL))
    spec = importlib.util.spec_from_file_location("tournament_tool", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_time_limit_keeps_the_finished_games(tmp_path, monkeypatch, capsys):
    """Stopped by its time limit, a tournament prints and writes the games it finished.  The clock is
    the test's (one second a reading), so the games finished do not depend on the machine's speed."""
    tournament = _tournament_module()
    ticks = iter(range(10**6))
    monkeypatch.setattr(tournament.time, "perf_counter", lambda: float(next(ticks)))
    out_path = tmp_path / "report.json"
    status = tournament.main(["--game", "two-mists", "--players", "3", "--bots", "easy,random",
                              "--games", "200", "--time-limit", "3.5", "--quiet", "--out", str(out_path)])
    stdout, stderr = capsys.readouterr()
    assert status == 0
    report, games = _games_reported(out_path)
    assert report["stopped"] == "time limit" and report["scheduled"] == 400
    assert 0 < games == report["finished"] < 400
    assert f"time limit: {games} of 400 games finished" in stdout
    assert f"time limit: {games} of 400 games finished" in stderr
    assert "among winners" in stdout


def test_ctrl_c_and_terminate_keep_the_finished_games(tmp_path):
    """Ctrl-C (SIGINT) or ``timeout``'s SIGTERM, serial or with workers: the finished games'
    table is printed and written; the status says how it was stopped."""
    for sig, jobs, word in ((signal.SIGINT, 1, "interrupted"), (signal.SIGTERM, 2, "terminated")):
        out_path = tmp_path / f"{word}.json"
        proc = subprocess.Popen([sys.executable, TOOL, "--game", "two-mists", "--players", "3",
                                 "--bots", "easy,random", "--games", "5000",
                                 "--jobs", str(jobs), "--out", str(out_path)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
        try:
            for _ in range(1200):  # until a game is finished (--out is rewritten after each)
                if out_path.exists() or proc.poll() is not None:
                    break
                time.sleep(0.1)
        finally:
            proc.send_signal(sig)
            stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 128 + sig
        report, games = _games_reported(out_path)
        assert report["stopped"] == word and 0 < games == report["finished"] < 10000
        assert f"{word}: {games} of 10000 games finished" in stdout
        assert "a won" in stdout and "Traceback" not in stderr
