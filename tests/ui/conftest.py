"""Helpers for the game-screen tests: run the autoplay tool in a real window (Xvfb)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def autoplay(display):
    """autoplay(*args) -> (returncode, summary dict or None, stderr) of tools/ui_autoplay.py."""
    def run(*args, timeout=600):
        r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "ui_autoplay.py"), *args], cwd=ROOT,
                           env=dict(os.environ, DISPLAY=display), capture_output=True, text=True,
                           timeout=timeout)
        if r.returncode != 0 and "OpenGL" in r.stderr and "context" in r.stderr:
            pytest.skip(f"no OpenGL 3.3 context under Xvfb: {r.stderr.strip()[-200:]}")
        summary = None
        for line in reversed(r.stdout.splitlines()):
            if line.startswith("{"):
                summary = json.loads(line)
                break
        return r.returncode, summary, r.stderr
    return run


@pytest.fixture
def replay():
    """replay(out_dir) -> the final position text of start.pos + actions.txt by tools/scenario.py."""
    return _replay


def _replay(out_dir) -> str:
    """final position of start.pos + actions.txt replayed by tools/scenario.py."""
    with open(os.path.join(out_dir, "actions.txt")) as f:
        actions = f.read()
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "scenario.py"),
                        os.path.join(out_dir, "start.pos"), "--do", actions],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout
