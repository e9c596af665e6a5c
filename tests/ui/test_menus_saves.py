"""Load and Replays from the start menu (issue 10, part 1), by clicks and keys in the real window:
a saved game opens at its position, a damaged file is listed greyed and cannot be chosen, a replay
opens the replay bar and closing it comes back to the start menu."""

from __future__ import annotations

import os

from tests.ui.menus_driver import run_steps


def _save(tmp_path):
    from game.core.registry import get_game
    from game.ui.controller import new_controller
    from game.ui.saves import EXTENSION, save_game
    from game.ui.seats import parse_seats
    spec = get_game("trench-war")
    ctl = new_controller(spec, parse_seats("human,random"), 77, ["gun_range=5"], ["civilians"])
    while ctl.human_to_decide() is None:
        if ctl.deciding() == "chance":
            ctl.apply_chance()
        else:
            ctl.start_thinking()
            while not ctl.bot_ready():
                pass
            ctl.finish_thinking()
    folder = tmp_path / "data" / "saves"
    folder.mkdir(parents=True)
    path = save_game(ctl, str(folder / ("game" + EXTENSION)))
    (folder / ("broken" + EXTENSION)).write_bytes(b"\x00\x01 not a record")
    return path, spec.format_position(ctl.state)


def test_load_and_replays_from_the_start_menu(display, tmp_path):
    path, position = _save(tmp_path)
    out = run_steps(display, tmp_path, r'''
def rows(s):
    return [(it.id, it.is_enabled()) for it in s.top_modal().items]


def click_save(good):
    def f(s):
        ids = [it.id for it in s.top_modal().items if it.id != "back" and it.is_enabled() == good]
        return click_row(ids[0])(s)
    return f


def focus_good(s):
    ids = [it.id for it in s.top_modal().items if it.id != "back" and it.is_enabled()]
    return focus_by_keys(ids[0], key.UP)(s)

STEPS += [
    click_row("load"),
    note("list", top),
    note("rows", rows),
    note("titles", lambda s: [it.label_text() for it in s.top_modal().items]),
    click_save(False),                          # the damaged one: greyed, nothing happens
    note("after_damaged", top),
    focus_good,
    press(key.ENTER),
    note("loaded", lambda s: (top(s), s.ctl.spec.format_position(s.ctl.state), s.ctl.variants, s.ctl.settings)),
    press(key.ESCAPE),
    click_row("quit_to_menu"),
    click_row("replays"),
    note("replays", top),
    click_save(True),
    note("replay", lambda s: (top(s), s.hud_hidden())),
    press(key.ESCAPE),
    note("after_replay", top),
]
''')
    assert out["list"] == "SavesList"
    ids = dict(out["rows"])
    assert len(ids) == 3 and ids["back"] is True
    enabled = [i for i, ok in out["rows"] if ok and i != "back"]
    assert len(enabled) == 1  # the good save; the damaged one is greyed
    assert out["after_damaged"] == "SavesList"
    top, pos, variants, settings = out["loaded"]
    assert top is None and pos == position and variants == ["civilians"] and settings == ["gun_range=5"]
    assert out["replays"] == "SavesList"
    assert out["replay"] == ["ReplayBar", False]
    assert out["after_replay"] == "StartMenu"
    assert os.path.isfile(path)
