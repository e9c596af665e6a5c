"""The program's first frame is its start menu, drawn before the table (issue 25: a window as
quick to open as a bare one).  The table, its renderer and numpy come after that frame; the menu
of the first frame is the start menu the player then uses (same rows, focus and words)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# Each flip of the window records what was loaded and reads the picture back (before the swap).
SCRIPT = r"""
import ctypes, json, sys
import pyglet.window
from pyglet import gl
from game.app import main
from game.ui.first_frame import BACKDROP
import game.ui.window as window_module
FLIPS = []
BLANKS = []
flip = pyglet.window.Window.flip
blank = window_module.blank


def counted_blank(window):
    BLANKS.append(True)  # the flips of a just-mapped window's blank (no frame yet) are not frames
    blank(window)
    BLANKS.append(False)


window_module.blank = counted_blank


def counted(self):
    if BLANKS and BLANKS[-1]:
        pass
    elif len(FLIPS) < 3:
        w, h = self.get_framebuffer_size()
        buf = (ctypes.c_ubyte * (w * h * 3))()
        gl.glPixelStorei(gl.GL_PACK_ALIGNMENT, 1)
        gl.glBindFramebuffer(gl.GL_READ_FRAMEBUFFER, 0)
        gl.glReadPixels(0, 0, w, h, gl.GL_RGB, gl.GL_UNSIGNED_BYTE, buf)
        px = bytes(buf)
        back = tuple(round(c * 255) for c in BACKDROP)
        pixels = [tuple(px[i:i + 3]) for i in range(0, len(px), 3 * 97)]
        FLIPS.append({"numpy": "numpy" in sys.modules, "screen": "game.ui.screen" in sys.modules,
                      "renderer": "game.render.renderer" in sys.modules,
                      "backdrop": sum(1 for p in pixels if max(abs(a - b) for a, b in zip(p, back)) <= 2) / len(pixels),
                      "light": sum(1 for p in pixels if min(p) > 180) / len(pixels)})
    flip(self)


for cls in type.mro(pyglet.window.Window):
    if "flip" in vars(cls) and cls is not pyglet.window.BaseWindow:
        setattr(cls, "flip", counted)
        break
ROWS = {}


def on_frame(screen):
    m = screen.top_modal()
    ROWS.setdefault("menu", [type(m).__name__, m.hud_key()])


main(["--size", "640x400", "--lang", "en", "--frames", "3"], on_frame=on_frame)
print(json.dumps({"flips": FLIPS, "rows": ROWS}))
"""


def _run(display, tmp_path) -> dict:
    env = dict(os.environ, DISPLAY=display, PYTHONPATH=ROOT, XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"))
    r = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_the_first_frame_is_the_start_menu_drawn_before_the_table(display, tmp_path):
    out = _run(display, tmp_path)
    first, second = out["flips"][0], out["flips"][1]
    # the first frame: nothing of the table loaded yet; the menu's paper over the floor's colour
    assert (first["numpy"], first["screen"], first["renderer"]) == (False, False, False), first
    assert first["backdrop"] > 0.5, first
    assert 0.05 < first["light"] < 0.5, out  # the menu's paper and the focused row
    # the next frame: the table behind the same menu
    assert second["renderer"] and second["backdrop"] < 0.2, second
    assert 0.05 < second["light"] < 0.6, second
    assert out["rows"]["menu"][0] == "StartMenu"


def test_the_first_frame_paints_the_menu_the_screen_then_shows(display, tmp_path):
    """The first frame's start menu has the rows, enabled rows and focus of the screen's own."""
    code = r"""
import json
from game.app import main
from game.ui.first_frame import paint_start_menu
OUT = {}


def on_frame(screen):
    if "screen" not in OUT:
        OUT["screen"] = screen.paint().items
        OUT["first"] = paint_start_menu(screen.shell, screen.window.width, screen.window.height).items


main(["--size", "640x400", "--lang", "en", "--frames", "2"], on_frame=on_frame)
print(json.dumps(OUT))
"""
    env = dict(os.environ, DISPLAY=display, PYTHONPATH=ROOT, XDG_CONFIG_HOME=str(tmp_path / "config"),
               XDG_DATA_HOME=str(tmp_path / "data"))
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    texts = [it[2] for it in out["first"] if it[1] == "text"]
    assert "New game" in texts and "Quit" in texts
    assert out["first"] == out["screen"]
