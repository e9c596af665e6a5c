"""No question with a single answer (issue 22, point 4), in the real window by synthesised input.

A human who did not plot the Interrupt is asked by the core to declare it or wait (TW-4.4, TW-6.10)
with one legal answer: the screen gives it without showing the question.  The core's decision and
the record are unchanged (``N wait`` is a step), and in hot-seat nothing the others see changes:
the curtains that come for that seat come whatever it plotted."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCRIPT = r"""
import json, sys
from pyglet.window import key, mouse
from game.core.registry import get_game
from game.ui.controller import GameController
from game.ui.screen import GameScreen, make_game_window, run_screen
from game.ui.seats import parse_seats
from game.tables.trench.ui import TrenchUI
seats, n_plot = sys.argv[1], sys.argv[2]
spec = get_game("trench-war")
state = spec.new_game(2, 21, spec.make_ruleset([], []))
state.apply("chance first S")
while state.phase != "plot":
    if state.current_player() == "chance":
        state.apply(state.sample_chance())
    else:
        legal = state.legal_actions()
        state.apply(next((x for x in legal if x.verb == "pass"), legal[0]))
state.apply("S plot move move")
state.apply(n_plot)  # North has a drug, so the core asks it before South's turn (TW-4.4)
ctl = GameController(spec, state, parse_seats(seats))
before = len(ctl.steps)
screen = GameScreen(make_game_window(800, 500), ctl, TrenchUI(), delay=0.0)
out = {"seen": [], "asked": [], "prompts": []}

def texts(s):
    return [it[2] for it in (s.canvas.items if s.canvas is not None else []) if it[1] == "text"]

def frame(s):
    if s.canvas is None or s.frames < 2 or s.anim is not None:
        return
    steps = len(ctl.steps) - before
    if s.curtain is not None:
        out["seen"].append(["curtain", s.curtain, steps])
        s.window.dispatch_event("on_key_press", key.RETURN, 0)
        return
    seat = s.deciding_human()
    if seat is None:
        return
    legal = [str(a) for a in ctl.legal_for(seat)]
    out["asked"].append([seat, len(legal)])
    out["prompts"].append(s.ui.prompt_text(s))
    if "N wait" in legal:  # the person clicks Wait in the list of choices
        i = [str(a) for a in s.imap.buttons].index("N wait")
        r = s.canvas.find(("choice", i))
        s.window.dispatch_event("on_mouse_press", *r.center, mouse.LEFT, 0)
        s.window.dispatch_event("on_mouse_release", *r.center, mouse.LEFT, 0)
        return
    out["seen"].append(["turn", seat, steps])  # a turn begins: enough
    out["steps"] = [str(st.action) for st in ctl.steps[before:] if st.seat is not None]
    print(json.dumps(out))
    s.quit()
run_screen(screen, on_frame=frame)
"""


def run(display, seats, n_plot):
    r = subprocess.run([sys.executable, "-c", SCRIPT, seats, n_plot], cwd=ROOT,
                       env=dict(os.environ, DISPLAY=display), capture_output=True, text=True, timeout=120)
    if r.returncode != 0 and "OpenGL" in r.stderr:
        pytest.skip(r.stderr.strip()[-200:])
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_TW_4_4_the_screen_answers_wait_itself_when_it_is_the_only_answer(display):
    out = run(display, "human,human", "N plot move move")
    assert out["steps"][0] == "N wait"  # the core's decision, recorded as ever
    assert all(n > 1 for _seat, n in out["asked"]), out["asked"]  # never a question with one answer
    assert ["N", 1] not in out["asked"]


def test_TW_4_4_hot_seat_curtains_are_the_same_whatever_north_plotted(display):
    quiet = run(display, "human,human", "N plot move move")  # only Wait: the screen answers it
    asked = run(display, "human,human", "N plot interrupt move")  # a real choice: North clicks Wait
    assert asked["asked"][0] == ["N", 4]  # declare with one of three soldiers, or wait
    assert quiet["steps"][:1] == asked["steps"][:1] == ["N wait"]
    # South, then North behind a curtain (its question, asked or answered), then South again
    assert [x for x in quiet["seen"] if x[0] == "curtain"] == [x for x in asked["seen"] if x[0] == "curtain"]
    assert [x[1] for x in quiet["seen"] if x[0] == "curtain"] == ["N", "S"]


def test_TW_4_4_against_a_bot_the_one_answer_question_never_shows(display):
    from game.i18n import tr
    out = run(display, "bot,human", "N plot move move")
    assert out["steps"][0] == "N wait"
    # the first question North sees is its own turn (South's turn went by)
    assert out["asked"] == [["N", 4]] and [x[:2] for x in out["seen"]] == [["turn", "N"]]
    assert tr("ui.hud.prompt.interrupt") not in out["prompts"]
