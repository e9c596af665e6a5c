"""The start menu, the New game dialog, the Esc menu and the settings, driven in the real window by
synthesised key presses and clicks (issue 10, parts 1 and 4)."""

from __future__ import annotations

import os

from tests.ui.menus_driver import run_steps


def test_start_menu_by_keys_and_mouse_over_a_playing_demo(display, tmp_path):
    out = run_steps(display, tmp_path, r'''
STEPS += [
    note("top0", top),
    note("focus0", lambda s: s.top_modal().focused().id),
    note("continue_enabled", lambda s: s.top_modal().item("continue").is_enabled()),
    note("hud_hidden", lambda s: s.hud_hidden()),
    note("az0", lambda s: s.camera.pose.azimuth),
    note("steps0", lambda s: len(s.ctl.steps)),
    press(key.DOWN),
    note("focus1", lambda s: s.top_modal().focused().id),       # the Tutorial, second for a new player
    press(key.DOWN),
    note("focus2", lambda s: s.top_modal().focused().id),       # Continue (greyed) is skipped
    press(key.DOWN), press(key.DOWN),
    note("focus3", lambda s: s.top_modal().focused().id),
    press(key.ENTER),
    note("after_enter", top),
    press(key.ESCAPE),
    note("after_esc", top),
    click_row("new_game"),
    note("after_click", top),
    note("dialog_seats", lambda s: [it.id for it in s.top_modal().items if it.id.startswith("seat.")]),
    press(key.RIGHT),                                           # players 2 -> 3: a third seat row
    note("dialog_seats3", lambda s: [it.id for it in s.top_modal().items if it.id.startswith("seat.")]),
    press(key.BACKSPACE),
    note("after_backspace", top),
    hover_row("rules"),
    note("hover_focus", lambda s: s.top_modal().focused().id),
    click_row("rules"),
    note("after_rules", top),
    press(key.ESCAPE),
    note("after_rules_esc", top),
    until(lambda s: len(s.ctl.steps) > OUT["steps0"] + 3),
    note("az1", lambda s: s.camera.pose.azimuth),
    note("paused_table_keys", lambda s: (press(key.SPACE)(s), s.paused)[1]),  # the table gets no keys
]
''')
    assert out["top0"] == "StartMenu" and out["focus0"] == "new_game"
    assert out["continue_enabled"] is False and out["focus1"] == "tutorial" and out["focus2"] == "load"
    assert out["hud_hidden"] is True
    assert out["focus3"] == "settings" and out["after_enter"] == "SettingsMenu"
    assert out["after_esc"] == "StartMenu"
    assert out["after_click"] == "NewGameDialog"
    assert out["dialog_seats"] == ["seat.S", "seat.N"]
    assert out["dialog_seats3"] == ["seat.S", "seat.W", "seat.N"]
    assert out["after_backspace"] == "StartMenu"
    assert out["hover_focus"] == "rules"
    assert out["after_rules"] == "RulesScreen"
    assert out["after_rules_esc"] == "StartMenu"
    assert out["az1"] != out["az0"]  # the camera orbits the demo table
    assert out["paused_table_keys"] is False


CYCLE = r'''
from game.ui.autoplay import Driver
D = {}


def set_seat_random(s):
    m = s.top_modal()
    m.focus_on("seat.N")
    return None


def play_one_decision(s):
    if "driver" not in D:
        if s.deciding_human() is None:
            return False
        D["steps"] = len(s.ctl.steps)
        D["driver"] = Driver(s, seed=3, mouse_share=0.5, stop_at_end=False)
        return False
    d = D["driver"]
    d.tick(s)
    if d.error is not None:
        raise d.error
    if d.decisions >= 1 and not d.plan and any(st.seat == "S" for st in s.ctl.steps[D["steps"]:]):
        s.on_step.remove(d._on_step)
        return None
    return False


def position(s):
    return s.ctl.spec.format_position(s.ctl.state)


STEPS += [
    press(key.ENTER),                                   # New game
    note("dialog", top),
    focus_by_keys("seat.N"),
    press(key.LEFT),                                    # easy -> random: a quick bot
    note("north", lambda s: s.top_modal().kinds[1]),
    focus_by_keys("seed"),
    press(key.BACKSPACE), press(key.BACKSPACE), press(key.BACKSPACE), press(key.BACKSPACE),
    press(key.BACKSPACE), press(key.BACKSPACE), press(key.BACKSPACE),
    type_text("4242"),
    press(key.ENTER),                                   # ends typing: the focus moves on
    note("seed_text", lambda s: s.top_modal().seed),
    click_row("start"),
    note("in_game", lambda s: (top(s), s.ctl.seed, [k.kind for k in s.ctl.seat_kinds])),
    play_one_decision,
    note("human_steps", lambda s: sum(1 for st in s.ctl.steps if st.seat == "S")),
    press(key.P),
    until(lambda s: s.toast is not None),
    note("toast", lambda s: s.toast[0]),
    press(key.ESCAPE),
    note("esc", top),
    note("pos", position),
    note("nsteps", lambda s: len(s.ctl.steps)),
    note("still_paused", lambda s: (len(s.ctl.steps))),
    click_row("save"),
    note("saved_box", lambda s: (top(s), s.top_modal().body)),
    press(key.ENTER),
    note("after_ok", top),
    note("steps_while_paused", lambda s: len(s.ctl.steps) - OUT["nsteps"]),
    click_row("quit_to_menu"),
    note("menu", top),
    note("continue_enabled", lambda s: s.top_modal().item("continue").is_enabled()),
    click_row("continue"),
    note("continued", lambda s: (top(s), position(s) == OUT["pos"], len(s.ctl.steps) == OUT["nsteps"],
                                 s.ctl.seed, [k.kind for k in s.ctl.seat_kinds])),
]
'''


def test_new_game_play_save_quit_to_menu_continue_the_same_position(display, tmp_path):
    out = run_steps(display, tmp_path, CYCLE, limit=20000, timeout=400)
    assert out["dialog"] == "NewGameDialog" and out["north"] == "random"
    assert out["seed_text"] == "4242"
    assert out["in_game"] == [None, 4242, ["human", "random"]]
    assert out["human_steps"] >= 1
    shot = out["toast"].split(": ", 1)[1]
    assert os.path.isfile(shot) and shot.startswith(str(tmp_path / "data"))
    assert out["esc"] == "EscMenu"
    top, body = out["saved_box"]
    assert top == "MessageBox"
    saves = os.listdir(tmp_path / "data" / "saves")
    assert len(saves) == 1 and saves[0] in "".join(body)
    assert out["after_ok"] == "EscMenu" and out["steps_while_paused"] == 0
    assert out["menu"] == "StartMenu" and out["continue_enabled"] is True
    assert out["continued"] == [None, True, True, 4242, ["human", "random"]]
    # the named save holds the same position as the autosave Continue loaded
    from game.ui.saves import load_controller
    ctl = load_controller(str(tmp_path / "data" / "saves" / saves[0]))
    assert ctl.spec.format_position(ctl.state) == out["pos"]
