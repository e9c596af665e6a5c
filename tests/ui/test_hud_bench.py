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
