"""SIGKILL during autosaves (issue 10, part 2): ``tools/savekill.py`` briefly; run it longer by hand."""

from __future__ import annotations

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_sigkill_during_autosave_loses_at_most_the_last_decision(tmp_path):
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "savekill.py"), "--kills", "4", "--seed", "3",
                        "--dir", str(tmp_path), "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    counts = json.loads(r.stdout.strip().splitlines()[-1])
    assert counts["kills"] == 4 and counts["failures"] == 0 and counts["problems"] == []
    assert counts["lost_0"] + counts["lost_1"] == 4  # every kill: the autosave loads, at most one step behind
    assert counts["last_game_steps"] > 0


def test_savekill_reports_a_save_that_does_not_load(tmp_path):
    (tmp_path / "autosave.twr").write_bytes(b"\x00not a record")
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "savekill.py"), "--kills", "1",
                        "--dir", str(tmp_path), "--json"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 1
    counts = json.loads(r.stdout.strip().splitlines()[-1])
    assert counts["failures"] == 1 and "could not load the autosave" in counts["problems"][0]
