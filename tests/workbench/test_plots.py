"""The shared plots: real PNGs of a readable size, from the balance report and tournament.py --plot."""

from __future__ import annotations

import os
import struct
import subprocess
import sys

from game.workbench import plots

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_tournament_plot_uses_the_shared_plotting(tmp_path):
    out = tmp_path / "pairs.png"
    subprocess.run([sys.executable, os.path.join(ROOT, "tools", "tournament.py"), "--game", "immortal-arena",
                    "--bots", "random,easy", "--games", "2", "--plot", str(out), "--quiet"], check=True, cwd=ROOT,
                   env=dict(os.environ, PYTHONPATH=ROOT), capture_output=True, timeout=300)
    width, height = png_size(out.read_bytes())
    assert width >= 600 and height >= 400
    report = {"pairs": [{"a": "easy", "b": "random", "games": 10, "a_win_rate": 0.7, "ci95": [0.4, 0.89]}]}
    assert png_size(plots.tournament_pairs(report, "t")) == (width, height)


def test_grouped_bars_and_lead_course_draw_every_arm():
    row = {"rate": 0.5, "ci95": [0.4, 0.6]}
    metrics = {"win_rate_by_seat": {"S": row, "N": row}, "endings": {"target": row},
               "sources": {"kill": {"mean": 1.0, "ci95": [0.5, 1.5]}},
               "lead": {"course": [{"progress": p / 10, "mean": p / 10, "ci95": [0, p / 5]} for p in range(11)]}}
    arms = [("A: default", metrics), ("B: gun_range=5", metrics)]
    for png in (plots.win_rate_by_seat("Trench War", ["S", "N"], arms), plots.endings("Trench War", arms),
                plots.score_sources("Trench War", arms), plots.lead_course("Trench War", arms)):
        width, height = png_size(png)
        assert width >= 800 and height >= 450
    assert plots.lead_course("x", [("A", {"lead": {"course": []}})]) is None
    assert plots.score_sources("x", [("A", {"sources": {}})]) is None
