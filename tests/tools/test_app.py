"""``python -m game`` (the ``trench-war`` program): opens a window, or says why it cannot."""

from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run_app(*args, env):
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


def test_app_without_display_exits_1_with_one_line():
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["WAYLAND_DISPLAY"] = ""
    r = run_app("--frames", "2", env=env)
    assert r.returncode == 1
    assert r.stderr.strip().splitlines()[-1].startswith("trench-war: no OpenGL 3.3 context: cannot open a window")


def test_app_rejects_a_bad_setting_by_name():
    r = run_app("--set", "gun_range=99", env=dict(os.environ))
    assert r.returncode == 2 and "gun_range" in r.stderr


def test_app_opens_a_window_and_plays(display):
    r = run_app("--frames", "20", "--seed", "4", "--size", "480x300", "--msaa", "0",
                env=dict(os.environ, DISPLAY=display))
    if r.returncode == 1 and "OpenGL" in r.stderr:
        import pytest
        pytest.skip(f"no OpenGL 3.3 context under Xvfb: {r.stderr.strip()}")
    assert r.returncode == 0, r.stderr
