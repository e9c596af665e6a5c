"""Drive ``game.app.main`` in a real window with synthesised input, one step per drawn frame.

Used by ``tests/ui/test_menus*.py``: a test writes a list of steps (callables of the screen that
return False to be tried again next frame) and runs them in a subprocess under Xvfb; the steps put
what they saw in ``OUT``, printed as JSON on the last line of stdout.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

HEAD = r'''
import json, sys
from pyglet.window import key, mouse
from game.app import main
OUT = {}
STEPS = []
_st = {"i": 0, "drawn": -1, "ticks": 0}


def press(sym, mod=0):
    def f(s):
        s.window.dispatch_event("on_key_press", sym, mod)
        s.window.dispatch_event("on_key_release", sym, mod)
    return f


def type_text(text):
    def f(s):
        s.window.dispatch_event("on_text", text)
    return f


def row_point(s, item_id):
    m = s.top_modal()
    i = [it.id for it in m.items].index(item_id)
    box = m.row_box(None, i)
    if box is None:
        return None
    return (box[0] + box[2] * 0.3, box[1] + box[3] / 2)


def hover_row(item_id):
    def f(s):
        p = row_point(s, item_id)
        if p is None:
            return False
        s.window.dispatch_event("on_mouse_motion", p[0], p[1], 0, 0)
    return f


def click_row(item_id):
    def f(s):
        p = row_point(s, item_id)
        if p is None:
            return False
        s.window.dispatch_event("on_mouse_motion", p[0], p[1], 0, 0)
        s.window.dispatch_event("on_mouse_press", p[0], p[1], mouse.LEFT, 0)
        s.window.dispatch_event("on_mouse_release", p[0], p[1], mouse.LEFT, 0)
    return f


def focus_by_keys(item_id, sym=key.DOWN):
    """Press Down (one a frame) until the top menu's focus is on item_id."""
    def f(s):
        m = s.top_modal()
        if m.focused() is not None and m.focused().id == item_id:
            return None
        press(sym)(s)
        return False
    return f


def until(cond, limit=3000):
    """Wait (frames) until cond(screen) is true."""
    def f(s):
        return True if cond(s) else False
    return f


def note(name, fn):
    def f(s):
        OUT[name] = fn(s)
    return f


def top(s):
    m = s.top_modal()
    return type(m).__name__ if m is not None else None


def texts(s):
    cv = s.paint()
    return [it[2] for it in cv.items if it[1] == "text"]


def frame(s):
    _st["ticks"] += 1
    if _st["ticks"] > LIMIT:
        OUT["timeout_at_step"] = _st["i"]
        s.quit()
        return
    if s.frames <= _st["drawn"]:
        return
    if _st["i"] >= len(STEPS):
        s.quit()
        return
    r = STEPS[_st["i"]](s)
    if r is not False:
        _st["i"] += 1
        _st["drawn"] = s.frames + 1  # the next step sees the picture after this one
'''

TAIL = r'''
try:
    rc = main(ARGS, on_frame=frame)
finally:
    print(json.dumps(OUT, default=str))
sys.exit(rc)
'''


def run_steps(display, tmp_path, body, args=("--size", "900x600", "--lang", "en"), limit=6000, timeout=240,
              env_extra=None):
    """Run ``body`` (Python adding to STEPS) against ``game.app.main(args)``; returns OUT (with the
    program's stderr under ``_stderr``)."""
    script = HEAD + f"\nARGS = {list(args)!r}\nLIMIT = {limit}\n" + body + TAIL
    env = dict(os.environ, DISPLAY=display, TRENCH_WAR_CONFIG_DIR=str(tmp_path / "config"),
               TRENCH_WAR_DATA_DIR=str(tmp_path / "data"))
    for name in ("LANG", "LANGUAGE", "LC_MESSAGES"):
        env.pop(name, None)
    env["LC_ALL"] = "C"
    env.update(env_extra or {})
    r = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=timeout)
    if r.returncode == 1 and "OpenGL" in r.stderr:
        pytest.skip(f"no OpenGL 3.3 context under Xvfb: {r.stderr.strip()[-200:]}")
    assert "Traceback" not in r.stderr, r.stderr[-3000:]
    assert r.returncode == 0, r.stderr[-3000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert "timeout_at_step" not in out, (out, r.stderr[-2000:])
    out["_stderr"] = r.stderr
    return out
