"""The Rules lab in the real window (issue 23, item 7), driven by synthesised keys and clicks:
open it from the start menu, edit keys (an invalid value refused with its rule id), watch bots
play the edited rules, run a quick balance to the end (waiting on the job, never on the clock),
read its summary and a plot, save the ruleset file and load it back; in English and Japanese.

``TRENCH_WAR_LAB_SHOTS=DIR`` also writes each screen's PNG there (to look at them)."""

from __future__ import annotations

import os

import pytest

from tests.ui.menus_driver import run_steps

HELPERS = r'''
import os
SHOTS = __SHOTS__
LANG = __LANG__


def shot(name):
    def f(s):
        s.capture = [os.path.join(d, f"{LANG}_{name}.png") for d in SHOTS]
    return f


def clear_and_type(text, n=8):
    def f(s):
        for _ in range(n):
            press(key.BACKSPACE)(s)
        type_text(text)(s)
    return f


def wait_job(s):
    run = s.top_modal().run
    run.wait()           # the job's completion, not a number of frames or seconds
    return run.done()
'''

STEPS = HELPERS + r'''


def click_region(key_of):
    """Click the region whose key key_of(screen) names (None: try again next frame)."""
    def f(s):
        k = key_of(s)
        r = s.paint().find(k) if k is not None else None
        if r is None:
            return False
        x, y = r.center
        s.window.dispatch_event("on_mouse_motion", x, y, 0, 0)
        s.window.dispatch_event("on_mouse_press", x, y, mouse.LEFT, 0)
        s.window.dispatch_event("on_mouse_release", x, y, mouse.LEFT, 0)
    return f


def arrow_of(item_id, which):
    def k(s):
        m = s.top_modal()
        return (which, m.uid, [it.id for it in m.items].index(item_id))
    return k


STEPS += [
    note("start_items", lambda s: [it.id for it in s.top_modal().items]),
    click_row("rules_lab"),
    note("picker", top),
    note("picker_rows", lambda s: [it.id for it in s.top_modal().items]),
    shot("1_picker"),
    click_row("game.trench-war"),
    note("form", top),
    note("form_title", lambda s: s.top_modal().title()),
    note("fields", lambda s: [it.id for it in s.top_modal().items if it.id.startswith("key.")]),
    note("default_check", lambda s: s.top_modal().problem),
    shot("2_form"),
    # gun_range by keys: 9 is out of the game's range, refused with its rule id
    focus_by_keys("key.gun_range"),
    clear_and_type("9"),
    note("refused", lambda s: s.top_modal().problem),
    note("refused_message", lambda s: (s.top_modal().message, s.top_modal().message_bad)),
    note("watch_enabled_refused", lambda s: s.top_modal().item("watch").is_enabled()),
    note("refused_texts", texts),
    shot("3_refused"),
    clear_and_type("5"),
    note("accepted", lambda s: s.top_modal().problem),
    note("gun_range", lambda s: s.top_modal().values["gun_range"]),
    # gun_rounds by the mouse: its left arrow, 4 -> 3
    focus_by_keys("key.gun_rounds", key.UP),
    click_region(arrow_of("key.gun_rounds", "mdec")),
    note("gun_rounds", lambda s: s.top_modal().values["gun_rounds"]),
    # a combination the rules refuse: guerrillas need civilians (TW-11)
    focus_by_keys("key.guerrillas"),
    press(key.RIGHT),
    note("combination", lambda s: s.top_modal().problem),
    press(key.RIGHT),
    note("combination_off", lambda s: s.top_modal().problem),
    note("changes", lambda s: s.top_modal().changes()),
    shot("4_edited"),
    # watch: easy bots on the table with the edited rules, then Esc back to the lab
    press(key.HOME),
    click_row("watch"),
    note("watch_top", top),
    note("watch_settings", lambda s: list(s.ctl.settings)),
    note("watch_kinds", lambda s: [k.kind for k in s.ctl.seat_kinds]),
    note("watch_steps0", lambda s: len(s.ctl.steps)),
    until(lambda s: len(s.ctl.steps) >= OUT["watch_steps0"] + 6),
    note("watch_steps", lambda s: len(s.ctl.steps)),
    note("watch_rules", lambda s: s.ctl.state.rules.gun_range),
    shot("5_watch"),
    press(key.ESCAPE),
    note("back_top", top),
    note("kept", lambda s: (s.top_modal().values["gun_range"], s.top_modal().values["gun_rounds"])),
    # a quick balance of a handful of games, normal bots at a tiny budget
    focus_by_keys("level"),
    press(key.RIGHT),
    note("level", lambda s: s.top_modal().level),
    focus_by_keys("simulations"),
    type_text("3"),
    focus_by_keys("games"),
    clear_and_type("6"),
    note("config", lambda s: (s.top_modal().config().games, s.top_modal().config().bots,
                              s.top_modal().config().simulations, list(s.top_modal().config().arms[0].settings))),
    click_row("balance"),
    note("balance_top", top),
    note("progress0", lambda s: s.top_modal().state()),
    shot("6_progress"),
    wait_job,
    until(lambda s: s.top_modal().state() != "running"),
    note("balance_state", lambda s: s.top_modal().state()),
    note("balance_error", lambda s: s.top_modal().run.error),
    note("progress", lambda s: s.top_modal().run.progress()),
    note("pages", lambda s: [t for t, _ in s.top_modal().pages()]),
    note("summary", lambda s: s.top_modal().run.summary),
    note("summary_texts", texts),
    shot("7_summary"),
    press(key.RIGHT),
    note("page", lambda s: s.top_modal().page),
    note("images", lambda s: [it[2] for it in s.paint().items if it[1] == "image"]),
    shot("8_plot"),
    note("decoded", lambda s: len(s.hud._textures)),
    click_region(lambda s: ("lab-balance", "next")),
    note("page2", lambda s: s.top_modal().page),
    press(key.ESCAPE),
    note("after_balance", top),
    note("results_enabled", lambda s: s.top_modal().item("results").is_enabled()),
    # save, then reset and load the file back
    press(key.HOME),
    click_row("save"),
    note("saved", lambda s: s.top_modal().saved),
    note("saved_message", lambda s: s.top_modal().message),
    note("saved_shown", lambda s: __import__("game.ui.rules_lab", fromlist=["x"]).shown_path(s.top_modal().saved)),
    shot("9_saved"),
    click_row("reset"),
    note("reset_gun_range", lambda s: s.top_modal().values["gun_range"]),
    click_row("load"),
    note("files_top", top),
    note("files", lambda s: [it.id for it in s.top_modal().items]),
    shot("10_load"),
    click_row("file:trench-war-lab.rules"),
    note("loaded_top", top),
    note("loaded", lambda s: (s.top_modal().values["gun_range"], s.top_modal().values["gun_rounds"])),
    press(key.ESCAPE),
    note("picker_again", top),
    press(key.ESCAPE),
    note("start_again", top),
]
'''


def _quick_settings(tmp_path) -> None:
    """No pause after each bot move, quick animations, no multisampling: fewer frames to draw."""
    (tmp_path / "config").mkdir(exist_ok=True)
    (tmp_path / "config" / "settings.toml").write_text("bot_delay = 0.0\nanimation_speed = 4.0\nmsaa = 0\n")


def _run(display, tmp_path, lang):
    _quick_settings(tmp_path)
    shots = [str(tmp_path / "shots")]
    os.makedirs(shots[0], exist_ok=True)
    extra = os.environ.get("TRENCH_WAR_LAB_SHOTS")
    if extra:
        os.makedirs(extra, exist_ok=True)
        shots.append(extra)
    body = STEPS.replace("__SHOTS__", repr(shots)).replace("__LANG__", repr(lang))
    out = run_steps(display, tmp_path, body, args=("--size", "1024x640", "--lang", lang), timeout=600)
    return out, shots[0]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rules_lab_edit_refuse_tw0_tw11_watch_balance_save_load(display, tmp_path, lang):
    out, shots = _run(display, tmp_path, lang)
    assert "rules_lab" in out["start_items"]
    assert out["picker"] == "LabGamePicker"
    assert out["picker_rows"] == ["game.trench-war", "game.immortal-arena", "game.two-mists",
                                  "game.smoke-blood-steel", "back"]
    assert out["form"] == "RulesLab" and out["default_check"] is None
    assert {"key.gun_range", "key.gun_rounds", "key.guerrillas", "key.corpse_points"} <= set(out["fields"])
    # refused in the form with the rules core's own words and rule id
    assert out["refused"] == "TW-0: gun_range=9 is out of range 1..7"
    message, bad = out["refused_message"]
    assert bad and "TW-0: gun_range=9 is out of range 1..7" in message
    assert out["watch_enabled_refused"] is False
    assert any("TW-0" in t for t in out["refused_texts"])
    assert out["accepted"] is None and out["gun_range"] == 5 and out["gun_rounds"] == 3
    assert out["combination"].startswith("TW-11") and out["combination_off"] is None
    assert out["changes"] == [["gun_rounds", 4, 3], ["gun_range", 4, 5]]
    # watched: bots only, the edited rules
    assert out["watch_top"] == "LabWatch"
    assert sorted(out["watch_settings"]) == ["gun_range=5", "gun_rounds=3"]
    assert out["watch_kinds"] == ["easy", "easy"] and out["watch_rules"] == 5
    assert out["watch_steps"] >= out["watch_steps0"] + 6
    assert out["back_top"] == "RulesLab" and out["kept"] == [5, 3]
    # the quick balance
    assert out["level"] == "normal"
    assert out["config"] == [6, ["normal"], 3, ["gun_rounds=3", "gun_range=5"]]
    assert out["balance_top"] == "LabBalance" and out["progress0"] == "running"
    assert out["balance_state"] == "done" and out["balance_error"] is None
    assert out["progress"] == [7, 7]  # 6 games and one skill-gradient game (normal alone against easy)
    assert len(out["pages"]) >= 4 and out["page"] == 1 and out["page2"] == 2
    first = "席ごとの勝率" if lang == "ja" else "win rate by seat"
    assert first in out["summary"] and ("先手" if lang == "ja" else "first player") in out["summary"]
    assert any(first in t for t in out["summary_texts"])
    assert len(out["images"]) == 1 and out["decoded"] >= 1
    assert out["after_balance"] == "RulesLab" and out["results_enabled"] is True
    # saved, loaded back with the game's own ruleset parser
    path = out["saved"]
    assert path and path.startswith(str(tmp_path / "data"))
    shown = out["saved_shown"]
    assert shown in out["saved_message"] and shown.endswith("trench-war-lab.rules")
    assert path.endswith(shown.lstrip("…"))
    from game.trench import load_ruleset
    rules = load_ruleset(path)
    assert rules.gun_range == 5 and rules.gun_rounds == 3 and rules.bombs == 2
    assert out["reset_gun_range"] == 4
    assert out["files_top"] == "LabFiles" and "file:trench-war-lab.rules" in out["files"]
    assert out["loaded_top"] == "RulesLab" and out["loaded"] == [5, 3]
    assert out["picker_again"] == "LabGamePicker" and out["start_again"] == "StartMenu"
    names = sorted(os.listdir(shots))
    assert len(names) == 10 and all(n.startswith(lang + "_") for n in names)


#: game -> (an int key, a value out of its range, a value in it, the rule id prefix, its ruleset loader)
EVERY_GAME = {
    "trench-war": ("gun_range", "9", "6", "TW-", "game.trench"),
    "immortal-arena": ("range_shoot", "9", "3", "IA-", "game.arena"),
    "two-mists": ("life_start", "99", "5", "TM-", "game.mists"),
    "smoke-blood-steel": ("sp_max", "99", "4", "SB-", "game.steel"),
}

EVERY_STEPS = HELPERS + r'''
GAMES = __GAMES__

STEPS += [click_row("rules_lab")]
for game, (k, bad, good, prefix, _loader) in GAMES.items():
    STEPS += [
        click_row(f"game.{game}"),
        note(f"{game}.top", top),
        note(f"{game}.variants", lambda s: list(s.top_modal().variants)),
        focus_by_keys("preset"),
        press(key.RIGHT),
        note(f"{game}.preset", lambda s: (s.top_modal().preset, s.top_modal().problem,
                                          len(s.top_modal().changes()))),
        press(key.LEFT),
        note(f"{game}.preset_back", lambda s: (s.top_modal().preset, len(s.top_modal().changes()))),
        focus_by_keys(f"key.{k}"),
        clear_and_type(bad),
        note(f"{game}.refused", lambda s: s.top_modal().problem),
        shot(f"{game}_refused"),
        clear_and_type(good),
        note(f"{game}.accepted", lambda s: s.top_modal().problem),
        press(key.HOME),
        click_row("watch"),
        note(f"{game}.watch", lambda s: (type(s.top_modal()).__name__, s.ctl.spec.name, list(s.ctl.settings))),
        note(f"{game}.steps0", lambda s: len(s.ctl.steps)),
        until(lambda s, game=game: len(s.ctl.steps) >= OUT[f"{game}.steps0"] + 4),
        shot(f"{game}_watch"),
        press(key.ESCAPE),
        note(f"{game}.back", lambda s, k=k: (type(s.top_modal()).__name__, s.top_modal().values[k])),
        focus_by_keys("games"),
        clear_and_type("2"),
        click_row("balance"),
        wait_job,
        until(lambda s: s.top_modal().state() != "running"),
        note(f"{game}.balance", lambda s: (s.top_modal().state(), s.top_modal().run.error,
                                           s.top_modal().run.progress(), len(s.top_modal().pages()))),
        shot(f"{game}_summary"),
        press(key.ESCAPE),
        press(key.HOME),
        click_row("save"),
        note(f"{game}.saved", lambda s: s.top_modal().saved),
        press(key.ESCAPE),
        note(f"{game}.picker", top),
    ]
'''


def test_rules_lab_every_game_refuses_with_its_rule_id_watches_balances_and_saves(display, tmp_path):
    import importlib
    shots = [str(tmp_path / "shots")]
    if os.environ.get("TRENCH_WAR_LAB_SHOTS"):
        shots.append(os.environ["TRENCH_WAR_LAB_SHOTS"])
    for d in shots:
        os.makedirs(d, exist_ok=True)
    _quick_settings(tmp_path)
    body = EVERY_STEPS.replace("__SHOTS__", repr(shots)).replace("__GAMES__", repr(EVERY_GAME)) \
        .replace("__LANG__", repr("en"))
    out = run_steps(display, tmp_path, body, args=("--size", "1024x640", "--lang", "en"), timeout=900)
    from game.core.registry import get_game
    from game.workbench.lab import preset_values
    for game, (k, bad, good, prefix, loader) in EVERY_GAME.items():
        variants = list(get_game(game).extras.get("variants", ()))
        assert out[f"{game}.top"] == "RulesLab" and out[f"{game}.variants"] == variants
        changed = sum(1 for key_, v in preset_values(game, variants[0]).items()
                      if v != preset_values(game, None)[key_])
        assert out[f"{game}.preset"] == [variants[0], None, changed]
        assert out[f"{game}.preset_back"] == [None, 0]
        refused = out[f"{game}.refused"]
        assert refused.startswith(prefix) and k in refused and bad in refused, refused
        assert out[f"{game}.accepted"] is None
        assert out[f"{game}.watch"] == ["LabWatch", game, [f"{k}={good}"]]
        assert out[f"{game}.back"] == ["RulesLab", int(good)]
        state, error, progress, pages = out[f"{game}.balance"]
        assert (state, error, progress) == ("done", None, [2, 2]) and pages >= 4
        rules = importlib.import_module(loader).load_ruleset(out[f"{game}.saved"])
        assert getattr(rules, k) == int(good)
        assert out[f"{game}.picker"] == "LabGamePicker"


QUIT_STEPS = HELPERS + r'''
import time


def first_game_played(s):
    run = s.top_modal().run
    while run.progress()[0] < 1 and not run.done():  # waits on the job, whatever the frame count
        time.sleep(0.05)
    OUT["folder"] = run.folder
    return True


STEPS += [
    click_row("rules_lab"),
    click_row("game.immortal-arena"),
    focus_by_keys("games"),
    clear_and_type("90000"),
    click_row("balance"),
    first_game_played,
    press(key.Q, key.MOD_CTRL),
]
'''


def test_quitting_during_a_quick_balance_cancels_it_and_keeps_the_finished_games(display, tmp_path):
    from game.workbench import store
    _quick_settings(tmp_path)
    body = QUIT_STEPS.replace("__SHOTS__", "[]").replace("__LANG__", repr("en"))
    out = run_steps(display, tmp_path, body, args=("--size", "1024x640", "--lang", "en"))
    folder = out["folder"]
    played = store.read_games(folder)
    assert 1 <= len(played) < 90000
    assert not os.path.exists(os.path.join(folder, "report.json"))
