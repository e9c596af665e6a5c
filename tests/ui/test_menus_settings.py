"""Settings (issue 10, part 4): every field changed in the Settings menu by keys and clicks is saved
to the TOML file at once, really applied to the running program, and still there after a restart;
F11 switches full screen and remembers it; a damaged settings file gives the defaults and a warning."""

from __future__ import annotations

from tests.ui.menus_driver import run_steps

FIRST = r'''
from game.render.palette import SEAT_COLOR, PALETTES
from game.ui.screen import hud_scale

def state(s):
    return {"palette_S": list(SEAT_COLOR["S"]), "scale": hud_scale(900, 600), "speed": s.speed, "delay": s.delay,
            "samples": s.target.samples, "full": bool(s.window.fullscreen), "looks": s.look_version}

STEPS += [
    note("before", state),
    click_row("settings"),
    note("menu", top),
    click_row("colour_blind"),                     # a click on the row steps it: off -> on
    note("cb", lambda s: (list(SEAT_COLOR["S"]) == list(PALETTES["colour-blind"]["S"]), s.look_version)),
    focus_by_keys("ui_scale"), press(key.RIGHT),   # 1 -> 1.125
    focus_by_keys("msaa"), press(key.LEFT),        # 4 -> 2
    focus_by_keys("animation_speed"), press(key.RIGHT),   # 1 -> 1.5
    focus_by_keys("bot_delay"), press(key.LEFT),   # 0.8 -> 0.6
    focus_by_keys("fullscreen"), press(key.RIGHT),  # off -> on
    note("after", state),
    note("file1", lambda s: open(s.shell.settings_path or __import__("game.settings").settings.settings_path()).read()),
    press(key.HOME), press(key.RIGHT),             # language: System -> 日本語
    note("ja_texts", texts),
    press(key.ESCAPE),
    note("start_texts", texts),
    press(key.F11),                                # full screen off again, remembered
    note("full_after_f11", lambda s: bool(s.window.fullscreen)),
]
'''

SECOND = r'''
from game.render.palette import SEAT_COLOR, PALETTES
from game.i18n import language
STEPS += [
    note("lang", lambda s: language()),
    note("cb", lambda s: list(SEAT_COLOR["S"]) == list(PALETTES["colour-blind"]["S"])),
    note("values", lambda s: (s.speed, s.delay, s.target.samples, bool(s.window.fullscreen))),
    note("start_texts", texts),
]
'''


def test_each_setting_is_saved_at_once_applied_and_kept_after_a_restart(display, tmp_path):
    out = run_steps(display, tmp_path, FIRST, args=("--size", "900x600"))
    before, after = out["before"], out["after"]
    assert out["menu"] == "SettingsMenu"
    assert out["cb"][0] is True and out["cb"][1] > before["looks"]
    assert after["palette_S"] != before["palette_S"]
    assert after["scale"] == before["scale"] * 1.125
    assert (before["samples"], after["samples"]) == (4, 2)
    assert (before["speed"], after["speed"]) == (1.0, 1.5)
    assert (before["delay"], after["delay"]) == (0.8, 0.6)
    assert (before["full"], after["full"]) == (False, True)
    for line in ("colour_blind = true", "ui_scale = 1.125", "msaa = 2", "animation_speed = 1.5", "bot_delay = 0.6",
                 "fullscreen = true"):
        assert line in out["file1"]
    assert "設定" in out["ja_texts"] and "言語" in out["ja_texts"] and "Settings" not in out["ja_texts"]
    assert "新しいゲーム" in out["start_texts"] and "New game" not in out["start_texts"]
    assert out["full_after_f11"] is False
    text = (tmp_path / "config" / "settings.toml").read_text()
    assert 'language = "ja"' in text and "fullscreen = false" in text

    again = run_steps(display, tmp_path, SECOND, args=("--size", "900x600"))
    assert again["lang"] == "ja" and again["cb"] is True
    assert again["values"] == [1.5, 0.6, 2, False]
    assert "新しいゲーム" in again["start_texts"]

    # --lang wins over the saved language for that run
    english = run_steps(display, tmp_path, SECOND, args=("--size", "900x600", "--lang", "en"))
    assert english["lang"] == "en" and "New game" in english["start_texts"]


def test_a_damaged_settings_file_gives_the_defaults_and_a_warning(display, tmp_path):
    (tmp_path / "config").mkdir()
    bad = tmp_path / "config" / "settings.toml"
    bad.write_bytes(b"language = \"ja\"\nui_scale = \x00\xff oops\n")
    out = run_steps(display, tmp_path, r'''
from game.i18n import language
STEPS += [note("lang", lambda s: language()), note("top", top)]
''', args=("--size", "640x400"))
    assert out["lang"] == "en" and out["top"] == "StartMenu"
    assert "warning" in out["_stderr"] and str(bad) in out["_stderr"]
    assert bad.read_bytes() == b"language = \"ja\"\nui_scale = \x00\xff oops\n"
