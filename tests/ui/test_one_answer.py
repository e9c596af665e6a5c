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


#: Hot-seat from a position where a seat's one answer is followed by chance decisions or is an
#: animated step, and then the other seat decides (a dig with one place to dig, then the round's
#: chance draws; a cube collected): every drawn frame is recorded, and the frames of that seat's board between its curtain and
#: the next are counted.
FRAMES_SCRIPT = r"""
import json, random, sys
from pyglet.window import key
from game.core.registry import get_game
from game.ui.controller import GameController
from game.ui.screen import GameScreen, make_game_window, run_screen
from game.ui.seats import parse_seats
from game.tables.trench.ui import TrenchUI
seed, stop_at, then = int(sys.argv[1]), sys.argv[2], sys.argv[3]
spec = get_game("trench-war")
state = spec.new_game(2, seed, spec.make_ruleset([], []))
rnd = random.Random(seed)
ui = TrenchUI()

def fits(state, action):  # what follows the one answer: chance, or its animation; then the other seat
    c = state.clone()
    events = c.apply(action)
    drawn = c.current_player() == "chance"
    while c.current_player() == "chance":
        c.apply(c.sample_chance())
    return (drawn if then == "chance" else ui.animates(events)) and \
        c.current_player() not in ("terminal", state.current_player())

while True:  # random play up to the one-answer decision named
    p = state.current_player()
    if p == "chance":
        state.apply(state.sample_chance())
        continue
    legal = state.legal_actions()
    if len(legal) == 1 and str(legal[0]) == stop_at and fits(state, legal[0]):
        break
    state.apply(legal[rnd.randrange(len(legal))])
who = state.current_player()
ctl = GameController(spec, state, parse_seats("human,human"))
before = len(ctl.steps)
screen = GameScreen(make_game_window(640, 400), ctl, TrenchUI(), delay=0.0)
out = {"drawn": [], "who": who}

def frame(s):
    if s.curtain is not None and s.frames >= 2 and out["drawn"][-1][:2] == ["curtain", s.curtain]:
        # the curtain has been drawn: the seat behind it is ready
        s.window.dispatch_event("on_key_press", key.RETURN, 0)
        s.window.dispatch_event("on_key_release", key.RETURN, 0)
    drawn = ["curtain", s.curtain] if s.curtain is not None else ["board", s.shown_seat]
    out["drawn"].append(drawn + [len(ctl.steps) - before])  # what the frame after this call shows
    if (s.curtain is None and s.deciding_human() is not None and len(ctl.steps) > before) or s.frames > 600:
        out["steps"] = [str(st.action) for st in ctl.steps[before:]]
        print(json.dumps(out))
        s.quit()
run_screen(screen, on_frame=frame)
"""


def frames_between_curtains(display, seed, stop_at, then):
    r = subprocess.run([sys.executable, "-c", FRAMES_SCRIPT, str(seed), stop_at, then], cwd=ROOT,
                       env=dict(os.environ, DISPLAY=display), capture_output=True, text=True, timeout=180)
    if r.returncode != 0 and "OpenGL" in r.stderr:
        pytest.skip(r.stderr.strip()[-200:])
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    drawn = out["drawn"]
    first = next(i for i, d in enumerate(drawn) if d[:2] == ["curtain", out["who"]])
    nxt = next(i for i in range(first + 1, len(drawn)) if drawn[i][0] == "curtain" and drawn[i][1] != out["who"])
    return out, drawn[first + 1:nxt]


@pytest.mark.parametrize("seed, stop_at, then", [(35, "S2 dig", "chance"), (8, "S2 collect", "animated")])
def test_TW_10_no_frame_of_a_seat_board_between_its_curtain_and_the_next_when_the_screen_answers(
        display, seed, stop_at, then):
    """The screen answers a one-answer question for the seat behind the curtain; what follows
    (a chance draw, the step's animation) plays at once: the next curtain comes with no frame of that
    seat's board between (hidden information, TW-10: the others see what they would see if it had
    had a real choice -- its curtain, then theirs)."""
    out, between = frames_between_curtains(display, seed, stop_at, then)
    assert out["steps"][0] == stop_at  # the core's decision, recorded as ever
    boards = [d for d in between if d[0] == "board"]
    assert not boards, f"{len(boards)} frame(s) of {out['who']}'s board between the curtains (then {then})"
