"""tools/tournament.py: the JSON report's exact schema, the statistics, --explain."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys

from game.ai.matches import GameRecord, elo, schedule, score_pair, summarize, wilson

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOOL = os.path.join(ROOT, "tools", "tournament.py")


def test_tournament_json_schema():
    out = subprocess.run([sys.executable, TOOL, "--bots", "easy,random", "--games", "2", "--json",
                          "--seed", "3"], capture_output=True, text=True, timeout=120, check=True)
    report = json.loads(out.stdout)
    assert set(report) == {"pairs", "decision_s", "elo"}
    (pair,) = report["pairs"]
    assert set(pair) == {"a", "b", "games", "a_wins", "b_wins", "draws", "a_win_rate", "ci95"}
    assert (pair["a"], pair["b"], pair["games"]) == ("easy", "random", 2)
    assert pair["a_wins"] + pair["b_wins"] + pair["draws"] == 2
    assert pair["a_win_rate"] == (pair["a_wins"] + 0.5 * pair["draws"]) / 2
    lo, hi = pair["ci95"]
    assert 0 <= lo <= pair["a_win_rate"] <= hi <= 1
    assert set(report["decision_s"]) == {"easy", "random"}
    assert all(set(v) == {"median", "p90"} for v in report["decision_s"].values())
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
