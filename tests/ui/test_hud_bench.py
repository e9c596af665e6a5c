"""``game.tables.trench.hud_bench.hud_frame_ms`` (wired into tools/bench.py by the lead) gives its figures;
speed itself is never asserted in tests."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_hud_frame_ms_reports_median_and_p90(display):
    code = "import json; from game.tables.trench.hud_bench import hud_frame_ms; print(json.dumps(hud_frame_ms(480, 300, frames=4)))"
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, DISPLAY=display),
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0 and "OpenGL" in r.stderr:
        pytest.skip(r.stderr.strip()[-200:])
    assert r.returncode == 0, r.stderr[-1500:]
    figures = json.loads(r.stdout.strip().splitlines()[-1])
    assert {"median_ms", "p90_ms", "table_median_ms"} <= set(figures)
    assert figures["median_ms"] > 0 and figures["p90_ms"] >= figures["median_ms"]


def _run(code, display):
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, DISPLAY=display),
                       capture_output=True, text=True, timeout=180)
    if r.returncode != 0 and "OpenGL" in r.stderr:
        pytest.skip(r.stderr.strip()[-200:])
    return r


def test_hud_frame_is_a_real_picture_even_after_offscreen_frames_in_the_same_process(display):
    # tools/bench.py measured the offscreen frames first: the EGL context they left current took
    # the HUD frame's drawing, and a black frame was timed (0.27 ms instead of 12-16 ms).
    code = ("import json; from game.render.bench import measure_frame_ms; from game.tables import CATALOG\n"
            "measure_frame_ms(160, 90, frames=2, bench_scene=CATALOG.table('trench-war').bench_scene)\n"
            "from game.tables.trench.hud_bench import hud_frame_ms; print(json.dumps(hud_frame_ms(480, 300, frames=3)))")
    r = _run(code, display)
    assert r.returncode == 0, r.stderr[-1500:]
    figures = json.loads(r.stdout.strip().splitlines()[-1])
    assert figures["content"]["colours"] >= 16 and figures["content"]["spread"] >= 8.0
    assert figures["cpu_median_ms"] > 0 and figures["table_cpu_median_ms"] > 0


def test_a_blank_measured_frame_fails_the_hud_figure():
    from game.tables.trench.hud_bench import BlankFrameError, check_not_blank
    with pytest.raises(BlankFrameError, match="blank"):
        check_not_blank({"colours": 1, "spread": 0.0})
    with pytest.raises(BlankFrameError):
        check_not_blank({"colours": 40, "spread": 2.0})  # a faint gradient is no picture either
    check_not_blank({"colours": 400, "spread": 60.0})

