"""Event mode (issue 10, part 7) in the real window under Xvfb, driven by synthesised input:
the title card, a key offering a quick game, the visitor's game with a hint for the decision,
the idle return to the attract loop, and a click choosing the opponent."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCRIPT = r"""
import json, sys, time
from pyglet.window import key, mouse
from game.i18n import set_language, tr
set_language(sys.argv[1])
from game.ui.event_mode import default_make_controller, start_event_mode
from game.ui.screen import GameScreen, make_game_window, run_screen
from game.ui.seats import parse_seats
from game.tables.trench.ui import TrenchUI

make = default_make_controller()
screen = GameScreen(make_game_window(960, 600), make(parse_seats("bot,bot"), 1), TrenchUI(), delay=0.0, msaa=0)
# idle after 1 s instead of 60; the title card stays up until a key (30 s)
mode = start_event_mode(screen, make, None, seed=3, idle_seconds=1.0, title_seconds=30.0)
out = {"on_step": len(screen.on_step), "modals": len(screen.modals)}
state = {"stage": "title", "at": time.monotonic(), "n": 0}
T0 = time.monotonic()

def texts(s):
    return [it[2] for it in (s.canvas.items if s.canvas is not None else []) if it[1] == "text"]

def go(stage):
    state["stage"], state["at"], state["n"] = stage, time.monotonic(), 0

def frame(s):
    st = state["stage"]
    state["n"] += 1
    waited = time.monotonic() - state["at"]
    if time.monotonic() - T0 > 75:
        out["timeout_in"] = st
        s.quit()
        return
    if state["n"] < 3:
        return  # let the screen paint what the last input changed
    if st == "title":
        out["title_phase"] = mode.phase
        out["title_shown"] = tr("app.title") in texts(s) and tr("event.press_key") in texts(s)
        s.capture = sys.argv[2] + "-title.png"
        s.window.dispatch_event("on_key_press", key.A, 0)
        go("offer")
    elif st == "offer":
        out["offer_phase"] = mode.phase
        out["offer_shown"] = tr("event.offer.title") in texts(s)
        s.window.dispatch_event("on_key_press", key.RETURN, 0)
        go("quick")
    elif st == "quick":
        out["quick_phase"] = mode.phase
        out["quick_seats"] = [s.ctl.kinds[seat].kind for seat in s.ctl.seats]
        if mode.hint and mode.hint[0] not in ("event.hint.wait", "event.hint.watch") and s.deciding_human():
            go("hint")  # from now on: no input at all
        elif waited > 1.0:
            # keep the visitor 'active' (mouse motion) while the bot or the animation goes first
            s.window.dispatch_event("on_mouse_motion", 5, 5, 1, 0)
    elif st == "hint":
        out["hint_key"] = mode.hint[0]
        out["hint_shown"] = tr("event.hint.title") in texts(s)
        out["hint_text_shown"] = any(tr(mode.hint[0], **dict(mode.hint[1])).startswith(t) for t in texts(s)
                                     if len(t) > 4)
        s.capture = sys.argv[2] + "-quick.png"
        state["stage"] = "idle"
    elif st == "idle":
        if mode.phase != "quick":
            out["idle_after_s"] = round(waited, 2)
            out["quiet_s"] = round(mode.t - mode.last_input, 2)  # by the mode's own clock
            out["idle_phase"] = mode.phase
            out["idle_humans"] = list(s.ctl.humans)
            go("click")
        elif waited > 20:
            out["idle_phase"] = mode.phase
            s.quit()
    elif st == "click":
        s.window.dispatch_event("on_mouse_press", 300, 300, mouse.LEFT, 0)
        s.window.dispatch_event("on_mouse_release", 300, 300, mouse.LEFT, 0)
        go("pick")
    elif st == "pick":
        out["click_phase"] = mode.phase
        r = s.canvas.find(("event-level", "normal"))
        if r is None:
            out["no_button"] = True
            s.quit()
            return
        x, y = r.center
        s.window.dispatch_event("on_mouse_press", x, y, mouse.LEFT, 0)
        s.window.dispatch_event("on_mouse_release", x, y, mouse.LEFT, 0)
        out["picked_phase"] = mode.phase
        out["picked_seats"] = [s.ctl.kinds[seat].kind for seat in s.ctl.seats]
        out["on_step_after"] = len(s.on_step)
        out["modals_after"] = len(s.modals)
        out["games"] = mode.games
        s.quit()

run_screen(screen, on_frame=frame)
print(json.dumps(out))
"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_event_mode_title_key_quick_game_hint_idle_return_and_click(display, tmp_path, lang):
    r = subprocess.run([sys.executable, "-c", SCRIPT, lang, str(tmp_path / lang)], cwd=ROOT,
                       env=dict(os.environ, DISPLAY=display), capture_output=True, text=True, timeout=150)
    if r.returncode != 0 and "OpenGL" in r.stderr and "context" in r.stderr:
        pytest.skip(r.stderr.strip()[-200:])
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert "timeout_in" not in out, out
    # the title card first, over the attract game
    assert out["title_phase"] == "title" and out["title_shown"] is True
    # any key offers a quick game; Enter takes the focused (easy) bot: South is the visitor
    assert out["offer_phase"] == "offer" and out["offer_shown"] is True
    assert out["quick_phase"] == "quick" and out["quick_seats"] == ["human", "easy"]
    # the visitor's decision comes with its hint, on screen
    assert out["hint_key"].startswith("event.hint.") and out["hint_shown"] and out["hint_text_shown"]
    # no input for the idle time (1 s here): back to the attract loop, bots only
    assert out["idle_phase"] == "title" and out["idle_humans"] == []
    assert 1.0 <= out["quiet_s"] < 3 and out["idle_after_s"] < 10
    # a click offers again; a click on a button picks that bot
    assert out["click_phase"] == "offer"
    assert out["picked_phase"] == "quick" and out["picked_seats"] == ["human", "normal"]
    # one hook and one layer however many games were put on the screen
    assert out["on_step"] == out["on_step_after"] == 1 and out["modals"] == out["modals_after"] == 1
    assert out["games"] == 4  # attract, quick, attract again, quick
    assert os.path.getsize(tmp_path / f"{lang}-title.png") > 1000
    assert os.path.getsize(tmp_path / f"{lang}-quick.png") > 1000
