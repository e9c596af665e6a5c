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


# --- issue 10: the program's options -------------------------------------------------------------

def test_help_explains_every_option_and_lists_variants_and_ruleset_keys():
    from game.core.registry import get_game
    r = run_app("--help", env=dict(os.environ))
    assert r.returncode == 0
    text = r.stdout
    for option in ("--lang", "--load", "--event", "--screenshot", "--size", "--seats", "--players", "--seed", "--set",
                   "--variant", "--ruleset", "--delay", "--speed", "--msaa"):
        assert option in text, option
    spec = get_game("trench-war")
    for name in spec.extras["variants"]:
        assert f"\n  {name} " in text, name
    for key in spec.extras["ruleset_keys"]:
        assert f"\n  {key} " in text, key
    for markup in ("``", ":func:", ":class:", "**", "%(", "<br", "SUPPRESS"):
        assert markup not in text, markup
    assert "--frames" not in text and "--view" not in text  # test hooks stay out of the help


def _no_display_env(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env.update(WAYLAND_DISPLAY="", TRENCH_WAR_CONFIG_DIR=str(tmp_path / "c"), TRENCH_WAR_DATA_DIR=str(tmp_path / "d"))
    return env


def test_load_of_a_damaged_file_exits_2_before_any_window_and_leaves_it_as_it_was(tmp_path):
    env = _no_display_env(tmp_path)  # no display: a window attempt would exit 1, not 2
    cases = {
        "binary.twr": bytes(range(256)) * 4,
        "truncated.twr": b"# Trench War game record (docs/records.md)\nrecord: 1\ngame: trench-war\nplayers: 2\n",
        "newer.twr": b"# Trench War game record (docs/records.md)\nrecord: 99\ngame: trench-war\n",
        "foreign.twr": b"[settings]\nlanguage = 'ja'\n",
    }
    for name, data in cases.items():
        path = tmp_path / name
        path.write_bytes(data)
        before = os.stat(path).st_mtime_ns
        r = run_app("--load", str(path), env=env)
        assert r.returncode == 2, (name, r.stderr)
        line = r.stderr.strip().splitlines()[-1]
        assert line.startswith("trench-war: ") and str(path) in line and "Traceback" not in r.stderr, line
        assert "display" not in r.stderr
        assert path.read_bytes() == data and os.stat(path).st_mtime_ns == before
    r = run_app("--load", str(tmp_path / "missing.twr"), env=env)
    assert r.returncode == 2 and "missing.twr" in r.stderr


def test_a_ruleset_file_and_its_errors(tmp_path):
    env = _no_display_env(tmp_path)
    bad = tmp_path / "bad.rules"
    bad.write_text("gun_range = 5\nthis line has no equals sign\n")
    r = run_app("--seats", "human,easy", "--ruleset", str(bad), env=env)
    assert r.returncode == 2 and "bad.rules:2" in r.stderr
    out_of_range = tmp_path / "far.rules"
    out_of_range.write_text("# far guns\ngun_range = 99\n")
    r = run_app("--seats", "human,easy", "--ruleset", str(out_of_range), env=env)
    assert r.returncode == 2 and "gun_range" in r.stderr
    good = tmp_path / "good.rules"
    good.write_text("gun_range = 5\n")
    r = run_app("--seats", "human,easy", "--ruleset", str(good), env=env)
    assert r.returncode == 1 and "no display" in r.stderr  # the ruleset was fine: only the window is missing


def test_a_damaged_settings_file_warns_and_the_program_goes_on(tmp_path):
    env = _no_display_env(tmp_path)
    (tmp_path / "c").mkdir()
    (tmp_path / "c" / "settings.toml").write_text("msaa = 3\n")
    r = run_app("--seats", "human,bot", env=env)
    assert "warning" in r.stderr and "msaa" in r.stderr and "Traceback" not in r.stderr
    assert r.returncode == 1 and "no display" in r.stderr.strip().splitlines()[-1]
