"""The tools end to end: screenshot to PNG offscreen, the viewer in a real window under Xvfb,
and the one-line message (exit status 1) when no OpenGL context can be had."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _run(args, env=None, timeout=90):
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


def _gl_or_skip():
    from game.render.gl import NoGLError, create_offscreen_context
    try:
        create_offscreen_context().release()
    except NoGLError as exc:
        pytest.skip(str(exc))


def test_screenshot_tool_writes_a_png(tmp_path):
    _gl_or_skip()
    out = tmp_path / "shot.png"
    r = _run(["tools/screenshot.py", "demo:busy", "--out", str(out), "--size", "320x180",
              "--camera", "45,40", "--view", "S", "--msaa", "0"])
    assert r.returncode == 0, r.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 5000


def test_screenshot_tool_colour_blind_palette(tmp_path):
    _gl_or_skip()
    out = tmp_path / "cb.png"
    r = _run(["tools/screenshot.py", "demo:busy", "--out", str(out), "--size", "160x90", "--msaa", "0",
              "--palette", "colour-blind"])
    assert r.returncode == 0, r.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    r = _run(["tools/screenshot.py", "demo:busy", "--out", str(out), "--palette", "sepia"])
    assert r.returncode == 2 and "sepia" in r.stderr


def test_screenshot_tool_reads_position_files(tmp_path):
    _gl_or_skip()
    pytest.importorskip("game.trench.notation")
    from game.trench import new_game
    from game.trench.notation import format_position
    pos = tmp_path / "start.pos"
    pos.write_text(format_position(new_game(2, seed=4)))
    out = tmp_path / "start.png"
    r = _run(["tools/screenshot.py", str(pos), "--out", str(out), "--size", "160x90", "--camera", "top"])
    assert r.returncode == 0, r.stderr
    assert out.stat().st_size > 1000


def test_screenshot_tool_rejects_bad_arguments(tmp_path):
    r = _run(["tools/screenshot.py", str(tmp_path / "missing.pos"), "--out", str(tmp_path / "x.png")])
    assert r.returncode == 2 and "cannot read" in r.stderr and "Traceback" not in r.stderr


def test_no_gl_context_gives_one_line_and_status_1(tmp_path):
    env = dict(os.environ, TRENCH_GL_BACKEND="no-such-backend")
    r = _run(["tools/screenshot.py", "demo:busy", "--out", str(tmp_path / "x.png")], env=env)
    assert r.returncode == 1, r.stderr
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: no OpenGL 3.3 context")
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    env["WAYLAND_DISPLAY"] = ""

    r = _run(["tools/viewer.py", "demo:busy", "--frames", "2"], env=env)
    assert r.returncode == 1
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    # no display at all: say so, and where to turn (issue 9, part 7)
    assert len(lines) == 1 and lines[0].startswith("error: no display:"), lines
    assert "$DISPLAY is not set" in lines[0] and "tools/screenshot.py" in lines[0]


def test_an_unreachable_display_is_named():
    env = dict(os.environ, DISPLAY=":987")
    r = _run(["tools/viewer.py", "demo:busy", "--frames", "2"], env=env)
    assert r.returncode == 1
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "no display: cannot connect to display ':987'" in lines[0], lines
    assert "tools/screenshot.py" in lines[0]


def test_a_display_without_opengl_3_3_keeps_its_own_message(display):
    _gl_or_skip()
    # Mesa pretending to be OpenGL 3.0: the display is there, the context is not
    env = dict(os.environ, DISPLAY=display, MESA_GL_VERSION_OVERRIDE="3.0", MESA_GLSL_VERSION_OVERRIDE="130")
    r = _run(["tools/viewer.py", "demo:busy", "--frames", "2"], env=env)
    assert r.returncode == 1
    lines = [ln for ln in r.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: no OpenGL 3.3 context"), lines
    assert "display" not in lines[0]


def test_window_error_tells_a_missing_display_from_a_missing_context():
    from game.render.gl import NoDisplayError, NoGLError, window_error
    e = window_error(RuntimeError('Cannot connect to "None"'), env={})
    assert isinstance(e, NoDisplayError) and "tools/screenshot.py" in str(e)
    e = window_error(RuntimeError("Could not create GL context"), env={"DISPLAY": ":0"})
    assert type(e) is NoGLError and str(e) == "no OpenGL 3.3 context: Could not create GL context"
    already = NoGLError("no OpenGL 3.3 context: x")
    assert window_error(already, env={}) is already


def test_viewer_opens_a_window_and_draws(display):
    _gl_or_skip()
    env = dict(os.environ, DISPLAY=display)
    r = _run(["tools/viewer.py", "demo:busy", "--frames", "4", "--size", "480x300"], env=env)
    if r.returncode == 1 and "no OpenGL 3.3 context" in r.stderr:
        pytest.skip(r.stderr.strip())
    assert r.returncode == 0, r.stderr


def test_viewer_random_play_animates(display):
    _gl_or_skip()
    pytest.importorskip("game.trench.setup")
    env = dict(os.environ, DISPLAY=display)
    r = _run(["tools/viewer.py", "demo:start", "--random", "--speed", "8", "--frames", "90",
              "--size", "320x200"], env=env)
    if r.returncode == 1 and "no OpenGL 3.3 context" in r.stderr:
        pytest.skip(r.stderr.strip())
    assert r.returncode == 0, r.stderr


def test_window_frame_resize_minimise_and_screenshot(display, tmp_path):
    """In-process: draw frames, resize, a zero-size (minimised) frame, and an offscreen screenshot."""
    _gl_or_skip()
    code = f"""
import os, sys
sys.path.insert(0, {ROOT!r})
import numpy as np
from game.ui.window import make_window
from game.tables.trench.viewer import Viewer
from game.tables.trench.positions import load_view
view, state = load_view("demo:busy", None)
win = make_window(400, 260)
v = Viewer(win, view, state)
v.mouse_px = (200, 130)
for size in ((400, 260), (300, 200)):
    win.set_size(*size)
    win.dispatch_events(); v.update(1 / 60); v.on_draw(); win.flip()
v.window.get_framebuffer_size = lambda: (0, 0)
v.on_draw()                      # minimised: nothing drawn, no error
del v.window.get_framebuffer_size
img_path = v.screenshot({str(tmp_path / 'win.png')!r}, 200, 120)
v.on_key_press(__import__('pyglet').window.key._3, 0)
for _ in range(30):
    v.update(1 / 30)
d = (v.camera.pose.azimuth - 180) % 360
assert min(d, 360 - d) < 5, v.camera.pose.azimuth
print("ok", v.hover_label.text)
"""
    env = dict(os.environ, DISPLAY=display)
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=90)
    if "no OpenGL 3.3 context" in r.stderr:
        pytest.skip(r.stderr.strip().splitlines()[-1])
    assert r.returncode == 0 and "ok" in r.stdout, r.stderr
    assert (tmp_path / "win.png").read_bytes()[:4] == b"\x89PNG"


def test_window_reuses_the_still_layer_and_presents_its_own_framebuffer(display):
    """The window draws into a framebuffer of its own: still frames reuse the opaque layer,
    and what reaches the window is exactly that frame (colour-only present), at any size."""
    _gl_or_skip()
    code = f"""
import sys
sys.path.insert(0, {ROOT!r})
import numpy as np
from game.ui.window import make_window
from game.tables.trench.viewer import Viewer
from game.tables.trench.positions import load_view
view, state = load_view("demo:busy", None)
win = make_window(320, 200)
v = Viewer(win, view, state)
stats = v.renderer.stats
def frame():
    win.dispatch_events(); v.update(1 / 60); v.on_draw(); win.flip()
for _ in range(3):
    frame()
before = stats["layer_reuses"]
for _ in range(4):
    frame()
assert stats["layer_reuses"] >= before + 3, (before, stats)
win.set_size(360, 240)
frame(); frame()
fw, fh = v.fb_size()
assert v.target.size == (fw, fh), (v.target.size, fw, fh)
screen = v.ctx.screen
v.target.ensure(fw, fh, screen)
v.renderer.render(v.scene, v.camera.pose, v.target.fbo, fw, fh, v.clock, static_key=v.scene_version,
                  samples=v.target.samples)
v.target.present(screen, fw, fh)
ours = np.frombuffer(v.target.texture.read(), np.uint8).reshape(fh, fw, 4)[..., :3]
assert screen.glo == 0 and v.target.fbo.glo != 0
shown = np.frombuffer(screen.read(viewport=(0, 0, fw, fh), components=3, alignment=1),
                      np.uint8).reshape(fh, fw, 3)
assert ours.std() > 10, ours.std()
assert np.abs(ours.astype(int) - shown.astype(int)).max() <= 1
print("ok", stats)
"""
    env = dict(os.environ, DISPLAY=display)
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=90)
    if "no OpenGL 3.3 context" in r.stderr:
        pytest.skip(r.stderr.strip().splitlines()[-1])
    assert r.returncode == 0 and "ok" in r.stdout, r.stderr
