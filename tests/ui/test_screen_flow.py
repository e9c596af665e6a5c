"""The game screen's flow in a real window, driven by synthesised events: playback pause and
single step (issue 7, part 8), and a forbidden card greyed with the core's reason (part 3)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

HEAD = r"""
from pyglet.window import key
from game.core.registry import get_game
from game.ui.controller import GameController
from game.ui.screen import GameScreen, make_game_window, run_screen
from game.ui.seats import parse_seats
from game.tables.trench.ui import TrenchUI
spec = get_game("trench-war")
"""

PAUSE = HEAD + r"""
ctl = GameController(spec, spec.new_game(2, 1, spec.make_ruleset([], [])), parse_seats("bot,bot"))
screen = GameScreen(make_game_window(480, 300), ctl, TrenchUI(), delay=0.0, speed=64.0)
st = {"n": 0}
def frame(s):
    st["n"] += 1
    n = st["n"]
    if n == 20:
        s.window.dispatch_event("on_key_press", key.SPACE, 0)
    elif n == 40:  # let the step in flight finish
        st["paused_at"] = len(ctl.steps)
    elif n == 80:
        print("paused steps", len(ctl.steps) - st["paused_at"])
        s.window.dispatch_event("on_key_press", key.PERIOD, 0)
    elif n == 120:
        print("after one step", len(ctl.steps) - st["paused_at"])
        s.window.dispatch_event("on_key_press", key.SPACE, 0)
        st["resumed_at"] = len(ctl.steps)
    elif n == 170:
        print("resumed", len(ctl.steps) > st["resumed_at"])
        s.quit()
run_screen(screen, on_frame=frame)
"""

REASON = HEAD + r"""
rules = spec.make_ruleset([], ["first-game"])  # no drugs: the Interrupt cannot be plotted (TW-6.10)
state = spec.new_game(2, 21, rules)
state.apply("chance first S")
while not (state.phase == "plot" and state.current_player() == "S"):
    if state.current_player() == "chance":
        state.apply(state.sample_chance())
    else:
        legal = state.legal_actions()
        state.apply(next((x for x in legal if x.verb == "pass"), legal[0]))
ctl = GameController(spec, state, parse_seats("human,bot"))
screen = GameScreen(make_game_window(800, 500), ctl, TrenchUI(), delay=0.0)
st = {"n": 0}
def frame(s):
    st["n"] += 1
    if st["n"] == 5:
        r = s.canvas.find(("card", "interrupt"))
        print("tip:", r.tip if r else None)
        s.window.dispatch_event("on_mouse_press", *r.center, 1, 0)
        s.window.dispatch_event("on_mouse_release", *r.center, 1, 0)
    elif st["n"] == 8:
        print("message:", s.message)
        print("slots:", s.plot_slots)
        s.quit()
run_screen(screen, on_frame=frame)
"""


def run(script, display):
    r = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=dict(os.environ, DISPLAY=display),
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0 and "OpenGL" in r.stderr:
        pytest.skip(r.stderr.strip()[-200:])
    assert r.returncode == 0, r.stderr[-2000:]
    return r.stdout


def test_space_pauses_playback_and_period_steps_one(display):
    out = run(PAUSE, display)
    assert "paused steps 0" in out
    assert "after one step 1" in out
    assert "resumed True" in out


def test_TW_4_3_interrupt_without_a_drug_is_greyed_with_the_core_reason(display):
    out = run(REASON, display)
    tip = next(line for line in out.splitlines() if line.startswith("tip:"))
    # the core's own message, rule id first (TW-4.3 plotting; the drug rule is TW-6.10)
    assert tip.startswith("tip: TW-4.3: S cannot plot interrupt")
    assert "message: TW-4.3: S cannot plot interrupt" in out  # clicking it says why, plots nothing
    assert "slots: [None, None]" in out
