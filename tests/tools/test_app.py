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
    last = r.stderr.strip().splitlines()[-1]
    assert last.startswith("trench-war: no display: cannot open a window ($DISPLAY is not set)")
    assert "tools/screenshot.py" in last


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


def test_app_ctrl_c_exits_without_a_traceback(display):
    """Issue 9, part 7: Ctrl-C in the terminal closes the window quietly."""
    import signal
    import time
    proc = subprocess.Popen([sys.executable, "-m", "game", "--seats", "bot,bot", "--seed", "4", "--size", "480x300",
                             "--msaa", "0", "--delay", "0.1"], cwd=ROOT, env=dict(os.environ, DISPLAY=display),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(8.0)
    proc.send_signal(signal.SIGINT)
    try:
        _out, err = proc.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        raise
    if proc.returncode == 1 and "OpenGL" in err:
        import pytest
        pytest.skip(f"no OpenGL 3.3 context under Xvfb: {err.strip()}")
    assert "Traceback" not in err, err
    assert proc.returncode in (0, 130)


def test_app_seats_name_the_bad_entry():
    r = run_app("--seats", "human,robot", env=dict(os.environ))
    assert r.returncode == 2 and "robot" in r.stderr


def test_app_plays_human_against_bot_window(display):
    r = run_app("--seats", "human,bot", "--frames", "20", "--seed", "4", "--size", "480x300", "--msaa", "0",
                env=dict(os.environ, DISPLAY=display))
    if r.returncode == 1 and "OpenGL" in r.stderr:
        import pytest
        pytest.skip(f"no OpenGL 3.3 context under Xvfb: {r.stderr.strip()}")
    assert r.returncode == 0, r.stderr
