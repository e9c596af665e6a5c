"""Replays in the real window (issue 10, part 3), driven by synthesised keys and clicks under Xvfb:
the replay bar steps and scrubs a recorded bot game, and at every point the table shows exactly
``spec.view(record.state_at(k), seat)`` for the seat watched; watching one seat never shows another's
secret; E writes the full position as .pos, X a PNG; Esc closes and hands the screen back."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from game.core.gamerecord import save_record
from game.core.registry import get_game
from game.ui.replay_bench import bot_record
from tests.ui.test_replay_timeline import twin_record

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = get_game("trench-war")

#: Runs a list of commands against the real window: open a record, press keys, click or drag on the
#: replay bar's regions, and observe what the screen shows.  Prints one JSON list of observations.
DRIVER = r"""
import hashlib, json, sys
from pyglet.window import key, mouse
from game.core.gamerecord import load_record
from game.core.registry import get_game
from game.i18n import set_language
from game.ui.controller import GameController
from game.ui.replay import open_replay
from game.ui.screen import GameScreen, make_game_window, run_screen
from game.ui.seats import parse_seats
from game.tables.trench.ui import TrenchUI

args = json.loads(sys.argv[1])
set_language(args.get("lang", "en"))
spec = get_game("trench-war")
records = [load_record(p)[0] for p in args["records"]]
# the game that was on the screen before (the start menu's demo table): it comes back on close
demo = GameController(spec, spec.new_game(2, 5, spec.make_ruleset([], [])), parse_seats("bot,bot"))
screen = GameScreen(make_game_window(*args.get("size", (800, 500))), demo, TrenchUI(), delay=0.0,
                    speed=args.get("speed", 16.0), msaa=0, fixed_clock=0.0)
out, box = [], {"bar": None, "closed": 0}

def on_close():
    box["closed"] += 1
    screen.set_controller(demo)

def observe(label):
    bar, c = box["bar"], screen.canvas
    texts = [it[2] for it in c.items if it[1] == "text"]
    return {"label": label, "k": bar.k, "watching": bar.watching, "shown": screen.shown_seat,
            "view": spec.format_view(screen.view), "steps": len(screen.ctl.steps),
            "log": screen.log_model["groups"], "texts": texts, "message": bar.message,
            "open": bar in screen.modals, "closed": box["closed"], "playing": bar.playing,
            "same_ctl": screen.ctl is demo, "status": bar.status_text(screen)}

def region(name):
    return screen.canvas.find(("replay", name))

def press(x, y):
    screen.window.dispatch_event("on_mouse_motion", x, y, 0, 0)
    screen.window.dispatch_event("on_mouse_press", x, y, mouse.LEFT, 0)

def script():
    yield 3
    for cmd in args["commands"]:
        op = cmd[0]
        if op == "open":
            box["bar"] = open_replay(screen, records[cmd[1]], on_close=on_close if len(cmd) < 3 else None)
            screen.mouse_px = screen.hover_region = None  # no hover tip left from before
            yield 2
        elif op in ("key", "keys"):  # one key, or several in the same frame
            for name in ([cmd[1:]] if op == "key" else cmd[1:]):
                sym, mods = getattr(key, name[0]), (key.MOD_SHIFT if len(name) > 1 and name[1] else 0)
                screen.window.dispatch_event("on_key_press", sym, mods)
                screen.window.dispatch_event("on_key_release", sym, mods)
            yield 1
        elif op == "click":  # a button of the bar, or the slider at a fraction of its length
            r = region(cmd[1])
            x = r.x + r.w * cmd[2] if len(cmd) > 2 else r.center[0]
            press(x, r.center[1])
            screen.window.dispatch_event("on_mouse_release", x, r.center[1], mouse.LEFT, 0)
            yield 1
        elif op == "drag":  # press on the slider at one fraction, drag to another, release
            r = region("slider")
            y, x0, x1 = r.center[1], r.x + r.w * cmd[1], r.x + r.w * cmd[2]
            press(x0, y)
            for i in range(1, 4):
                x = x0 + (x1 - x0) * i / 3
                screen.window.dispatch_event("on_mouse_drag", x, y, (x1 - x0) / 3, 0, mouse.LEFT, 0)
                yield 0
            yield 1  # a drag is shown at the next frame
            out.append(dict(observe("dragging"), knob_lit=box["bar"].dragging))
            screen.window.dispatch_event("on_mouse_release", x1, y, mouse.LEFT, 0)
            yield 1
        elif op == "settle":  # until the animation of a step is over
            for _ in range(600):
                if screen.anim is None:
                    break
                yield 0
            yield 0
        elif op == "wait":
            yield cmd[1]
        elif op == "lang":
            set_language(cmd[1])
        elif op == "observe":
            out.append(observe(cmd[1]))
        elif op == "shot":  # the table as shown now, without the bar, as a hash of its pixels
            bar = box["bar"]
            bar.hidden = True
            screen.capture = cmd[2]
            yield 1
            bar.hidden = False
            with open(cmd[2], "rb") as f:
                out.append(dict(observe(cmd[1]), pixels=hashlib.sha256(f.read()).hexdigest()))
    print("RESULT " + json.dumps(out))
    screen.quit()
    yield 10**6

gen, wait = script(), [0]

def frame(s):
    if wait[0] > 0:
        wait[0] -= 1
        return
    wait[0] = next(gen)

run_screen(screen, on_frame=frame)
"""


def drive(display, tmp_path, records, commands, **extra):
    paths = []
    for i, record in enumerate(records):
        path = tmp_path / f"game{i}.twr"
        save_record(str(path), record)
        paths.append(str(path))
    env = dict(os.environ, DISPLAY=display, TRENCH_WAR_DATA_DIR=str(tmp_path / "data"),
               TRENCH_WAR_CONFIG_DIR=str(tmp_path / "config"))
    r = subprocess.run([sys.executable, "-c", DRIVER, json.dumps(dict(records=paths, commands=commands, **extra))],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=240)
    if r.returncode != 0 and "OpenGL" in r.stderr:
        pytest.skip(r.stderr.strip()[-200:])
    assert r.returncode == 0, r.stderr[-3000:]
    line = next(x for x in r.stdout.splitlines() if x.startswith("RESULT "))
    return {o["label"]: o for o in json.loads(line[len("RESULT "):])}, tmp_path / "data" / "exports"


def expected_view(record, k, seat):
    return SPEC.format_view(SPEC.view(record.state_at(k), seat))


@pytest.fixture(scope="module")
def record():
    return bot_record(2, 1)


@pytest.fixture(scope="module")
def session(display, record, tmp_path_factory):
    """One replay session in the window: keys, clicks, a drag, seats, exports, play, close."""
    tmp = tmp_path_factory.mktemp("replay")
    o = lambda label: ("observe", label)  # noqa: E731
    commands = [
        ("open", 0), o("open"),
        ("key", "RIGHT"), ("settle",), ("key", "RIGHT"), ("key", "RIGHT"), ("settle",), o("right3"),
        ("key", "LEFT"), o("left"),
        ("key", "RIGHT", True), o("shift-right"),
        ("key", "PAGEDOWN"), o("pagedown"), ("key", "PAGEDOWN"), o("pagedown2"),
        ("key", "PAGEUP"), o("pageup"),
        ("key", "LEFT", True), o("shift-left"),
        ("key", "END"), o("end"), ("key", "HOME"), o("home"),
        ("click", "slider", 0.5), o("click-half"),
        ("drag", 0.25, 0.75), o("dragged"),
        ("click", "back"), o("button-back"), ("click", "forward"), ("settle",), o("button-forward"),
        ("key", "V"), o("watch-S"), ("key", "LEFT"), o("watch-S-left"), ("key", "RIGHT"), ("settle",),
        o("watch-S-right"), ("click", "slider", 0.9), o("watch-S-scrub"),
        ("click", "watch"), o("watch-N"), ("key", "PAGEUP"), o("watch-N-pageup"),
        ("key", "E"), o("export-pos"),
        ("key", "X"), ("wait", 6), o("export-png"),
        ("key", "V"), o("watch-spectator"),
        ("keys", ("HOME",), ("SPACE",)), ("wait", 12), o("playing"), ("key", "SPACE"), ("settle",),
        o("paused"), ("wait", 8), o("paused-later"),
        ("lang", "ja"), ("key", "END"), o("japanese"), ("lang", "en"),
        ("key", "ESCAPE"), ("wait", 3), o("closed"),
    ]
    # then two records that differ only in N's weapon assignment, one after the other on the same screen
    twin, count = twin_record(record)
    for r in (0, 1):
        commands += [("open", r), ("key", "V")]  # watch S
        for k in SECRET_POINTS + [count]:
            commands += [("keys", ("HOME",), *[("RIGHT", True)] * (k // 10), *[("RIGHT",)] * (k % 10)), ("settle",),
                         ("shot", f"{r}-S-{k}", str(tmp / f"{r}-S-{k}.png"))]
        commands += [("key", "V"), ("shot", f"{r}-N", str(tmp / f"{r}-N.png")), ("key", "ESCAPE")]
    # closed with no on_close: the replayed game stays on the screen and nothing plays on (no crash)
    commands += [("open", 0, "no on_close"), ("keys", ("RIGHT", True), ("ESCAPE",)), ("wait", 8), o("left-alone")]
    return drive(display, tmp, [record, twin], commands)


SECRET_POINTS = [2, 3, 13, 40]


CHECKED = ["open", "right3", "left", "shift-right", "pagedown", "pagedown2", "pageup", "shift-left", "end",
           "home", "click-half", "dragged", "button-back", "button-forward", "watch-S", "watch-S-left",
           "watch-S-right", "watch-S-scrub", "watch-N", "watch-N-pageup", "export-pos", "watch-spectator",
           "paused", "paused-later"]


def test_every_point_shown_is_the_records_view_for_the_seat_watched(session, record):
    obs, _ = session
    for label in CHECKED:
        ob = obs[label]
        assert ob["shown"] == ob["watching"], label
        assert ob["view"] == expected_view(record, ob["k"], ob["watching"]), label
        assert ob["steps"] == ob["k"], label  # the log holds exactly the actions up to that point


def test_keys_and_buttons_move_by_one_ten_a_round_and_to_the_ends(session, record):
    obs, _ = session
    n = len(record.actions)
    state = record.new_state()
    rounds = [SPEC.view(state, None).round]
    for action in record.actions:
        state.apply(action)
        rounds.append(SPEC.view(state, None).round)
    starts = [k for k in range(1, n + 1) if rounds[k] != rounds[k - 1]]
    k = {label: ob["k"] for label, ob in obs.items()}
    assert (k["open"], k["right3"], k["left"], k["shift-right"]) == (0, 3, 2, 12)
    assert k["pagedown"] == min(s for s in starts if s > 12)
    assert k["pagedown2"] == min(s for s in starts if s > k["pagedown"])
    assert k["pageup"] == k["pagedown"]  # back to the start of the round it is in
    assert k["shift-left"] == k["pageup"] - 10
    assert (k["end"], k["home"]) == (n, 0)
    near = lambda k, frac: abs(k - frac * n) <= 0.5 + 1e-6  # noqa: E731 - the slider's left end is 0, its right end n
    assert near(k["click-half"], 0.5)
    assert obs["dragging"]["knob_lit"] and near(k["dragging"], 0.75) and k["dragged"] == k["dragging"]
    assert (k["button-back"], k["button-forward"]) == (k["dragged"] - 1, k["dragged"])
    assert (k["watch-S-left"], k["watch-S-right"]) == (k["watch-S"] - 1, k["watch-S"])
    assert near(k["watch-S-scrub"], 0.9)
    assert k["watch-N-pageup"] == max(s for s in starts if s < k["watch-N"])


def test_v_cycles_spectator_then_each_seat(session):
    obs, _ = session
    assert [obs[x]["watching"] for x in ("open", "watch-S", "watch-N", "watch-spectator")] == [None, "S", "N", None]
    assert "View: Spectator (V)" in obs["open"]["texts"]
    assert any(t.startswith("View: ") and t.endswith("South (V)") for t in obs["watch-S"]["texts"])


def test_the_bar_says_where_it_is_and_the_last_action_as_the_watcher_may_see_it(session, record):
    obs, _ = session
    n, third = len(record.actions), record.actions[2]
    assert third.startswith("S arm ")  # a secret: the spectator sees the action, not the weapons
    assert obs["right3"]["status"] == f"Action 3 of {n} · Last: S arm ? ? ?"
    assert any(t.startswith(f"Action 3 of {n}") for t in obs["right3"]["texts"])  # cut to fit a small window
    assert "arm" not in third.replace("S arm ", "") and third != "S arm ? ? ?"
    ob = obs["watch-S"]
    last = record.actions[ob["k"] - 1]
    assert ob["status"].endswith(" · Last: " + SPEC.redact_action(SPEC.parse_actions(last)[0], "S"))
    assert obs["open"]["status"] == f"Action 0 of {n} · Before the first action"
    rnd = SPEC.view(record.state_at(obs["pagedown"]["k"]), None).round
    assert f" · Round {rnd} · " in obs["pagedown"]["status"]
    assert "Designer's tool: a .pos holds the full position, hidden cards included" in obs["open"]["texts"]


def test_the_bar_speaks_japanese(session, record):
    obs, _ = session
    ob = obs["japanese"]
    n = len(record.actions)
    assert {"リプレイ", "視点: 観戦者 (V)", ".pos書き出し (E)", "閉じる (Esc)"} <= set(ob["texts"])
    assert ob["status"].startswith(f"{n}手中{n}手目 · 第60ラウンド · 直前: ")


def test_e_exports_the_full_position_at_that_point(session, record):
    obs, exports = session
    ob = obs["export-pos"]
    path = exports / f"trench-war-{record.seed}-at{ob['k']:04d}.pos"
    assert ob["message"] == f"Full position (hidden cards included) written to {path}"
    assert ob["message"] in ob["texts"]
    text = path.read_text(encoding="utf-8")
    full = SPEC.format_position(record.state_at(ob["k"]))
    assert text == full and SPEC.format_position(SPEC.parse_position(text)) == full
    assert "?" not in text.split("rng")[0] or ob["watching"] is None  # full state: nothing hidden


def test_x_writes_a_png_of_the_screen_and_says_where(session, record):
    obs, exports = session
    ob = obs["export-png"]
    path = exports / f"trench-war-{record.seed}-at{ob['k']:04d}-N.png"
    assert ob["message"] == f"Picture written to {path}"
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(data[16:20], "big") == 800 and int.from_bytes(data[20:24], "big") == 500


def test_space_plays_at_a_watchable_pace_and_pauses(session):
    obs, _ = session
    assert obs["playing"]["playing"] and 2 <= obs["playing"]["k"] <= 40
    assert not obs["paused"]["playing"] and obs["paused-later"]["k"] == obs["paused"]["k"]


def test_esc_closes_calls_on_close_and_hands_the_screen_back(session):
    obs, _ = session
    assert obs["paused-later"]["open"] and obs["paused-later"]["closed"] == 0
    ob = obs["closed"]
    assert not ob["open"] and ob["closed"] == 1 and ob["same_ctl"]


def test_closed_without_on_close_the_replayed_game_stays_still(session):
    obs, _ = session
    ob = obs["left-alone"]
    assert not ob["open"] and ob["k"] == 10 and ob["steps"] == 10 and not ob["same_ctl"]


def test_watching_a_seat_never_shows_anothers_secret(session, record):
    """Two records that differ only in N's weapon assignment: watched as S, the screen (table pixels,
    HUD texts, log, bar) is identical at every point; watched as N it is not."""
    obs, _ = session
    twin, count = twin_record(record)
    assert count > max(SECRET_POINTS)
    for k in SECRET_POINTS + [count]:
        a, b = obs[f"0-S-{k}"], obs[f"1-S-{k}"]
        assert (a["k"], a["watching"], b["k"]) == (k, "S", k)
        assert a["view"] == expected_view(record, k, "S") and b["view"] == expected_view(twin, k, "S")
        for part in ("view", "texts", "log", "pixels"):
            assert a[part] == b[part], (k, part)
    a, b = obs["0-N"], obs["1-N"]
    assert a["watching"] == "N" and a["view"] != b["view"]
    assert a["view"] == expected_view(record, count, "N") and b["view"] == expected_view(twin, count, "N")


def test_designers_open_a_record_from_the_command_line(display, record, tmp_path):
    path = tmp_path / "game.twr"
    save_record(str(path), record)
    env = dict(os.environ, DISPLAY=display, TRENCH_WAR_DATA_DIR=str(tmp_path / "data"),
               TRENCH_WAR_CONFIG_DIR=str(tmp_path / "config"))
    r = subprocess.run([sys.executable, "-m", "game.ui.replay", str(path), "--seat", "N", "--at", "30",
                        "--size", "480x300", "--msaa", "0", "--frames", "4"], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0 and "OpenGL" in r.stderr:
        pytest.skip(r.stderr.strip()[-200:])
    assert r.returncode == 0, r.stderr[-2000:]
    damaged = tmp_path / "damaged.twr"
    body = path.read_bytes()[:-30]
    damaged.write_bytes(body)
    no_display = {k: v for k, v in env.items() if k != "DISPLAY"}  # a bad file is named before any window
    r = subprocess.run([sys.executable, "-m", "game.ui.replay", str(damaged)], cwd=ROOT, env=no_display,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stderr.startswith(f"replay: {damaged}: ") and "check" in r.stderr
    assert damaged.read_bytes() == body  # never changed
    r = subprocess.run([sys.executable, "-m", "game.ui.replay", str(path), "--seat", "E"], cwd=ROOT, env=no_display,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--seat E: not a seat of this game (S N)" in r.stderr
    r = subprocess.run([sys.executable, "-m", "game.ui.replay", "--help"], cwd=ROOT, env=no_display,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "Shift+Left/Right ten" in r.stdout and "FULL position" in r.stdout
