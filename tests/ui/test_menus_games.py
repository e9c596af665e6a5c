"""New game starts with the choice of game (issue 19, part 1): every game on the table listed by its
name in the current language with a one-line description and its player counts; a game whose table
is not registered yet is shown as not yet playable and refused in words.  Driven in the real window
by synthesised keys; and an unfinished game is never lost silently (issue 22, point 3): starting a
second game keeps the first's autosave and says so on screen."""

from __future__ import annotations

from tests.ui.menus_driver import run_steps


def test_new_game_offers_the_games_and_refuses_one_without_a_table(display, tmp_path):
    out = run_steps(display, tmp_path, r'''
import game.tables as tables

# every game on the table has one now: this test's catalog leaves Two Mists' out (the app reads
# game.tables.CATALOG when it starts, after this)
tables.CATALOG = tables.Catalog(modules={k: v for k, v in tables.TABLE_MODULES.items() if k != "two-mists"})


def row_value(s, item_id):
    it = s.top_modal().item(item_id)
    return it.value() if callable(it.value) else it.value


def row_tip(s, item_id):
    it = s.top_modal().item(item_id)
    return it.tip() if callable(it.tip) else it.tip


STEPS += [
    click_row("new_game"),
    note("focus", lambda s: s.top_modal().focused().id),
    note("game", lambda s: row_value(s, "game")),
    note("tip", lambda s: row_tip(s, "game")),
    press(key.UP),
    note("focus_up", lambda s: s.top_modal().focused().id),
    press(key.RIGHT),
    note("game2", lambda s: row_value(s, "game")),
    note("tip2", lambda s: row_tip(s, "game")),
    note("players2", lambda s: row_value(s, "players")),
    note("seats2", lambda s: [it.id for it in s.top_modal().items if it.id.startswith("seat.")]),
    press(key.RIGHT),
    note("game_b", lambda s: row_value(s, "game")),
    lambda s: s.top_modal().focus_on("start"),
    press(key.ENTER),
    note("message", lambda s: s.top_modal().message),
    note("still", top),
    lambda s: s.top_modal().focus_on("game"),
    press(key.LEFT),
    press(key.LEFT),
    note("game3", lambda s: row_value(s, "game")),
]
''')
    assert out["focus"] == "players"  # the keys of a Trench War game stay as they were
    assert out["game"] == "Poison Gas Trench War"
    assert out["tip"].startswith("Trenches in wooden cubes") and out["tip"].endswith("(2–4 players)")
    assert out["focus_up"] == "game"
    assert out["game2"] == "Immortal Arena"  # its table is registered (game/tables/arena)
    assert out["tip2"].endswith("(2 players)")
    assert out["players2"] == "2"
    assert len(out["seats2"]) == 2
    assert out["game_b"] == "Two Mists (not yet playable)"
    assert out["message"].startswith("Two Mists cannot be played in the window yet")
    assert out["still"] == "NewGameDialog"
    assert out["game3"] == "Poison Gas Trench War"


def test_a_second_game_keeps_the_first_ones_autosave_and_says_so(display, tmp_path):
    out = run_steps(display, tmp_path, r'''
from game.ui import saves


def start_game(s):
    s.top_modal().focus_on("start")
    press(key.ENTER)(s)


STEPS += [
    click_row("new_game"),
    start_game,
    until(lambda s: len(saves.autosave_files()) == 1),
    note("first", lambda s: saves.autosave_files()[0]),
    lambda s: s.shell.autosaver.flush(5.0),
    lambda s: s.shell.quit_to_menu(),
    click_row("new_game"),
    start_game,
    until(lambda s: len(saves.autosave_files()) == 2),
    note("toast", lambda s: s.toast[0] if s.toast else None),
    lambda s: s.shell.quit_to_menu(),
    click_row("load"),
    note("listed", lambda s: [it.id for it in s.top_modal().items]),
    note("titles", lambda s: [it.label() if callable(it.label) else it.label for it in s.top_modal().items]),
    note("values", lambda s: [it.value() if callable(it.value) else it.value for it in s.top_modal().items]),
]
''', args=("--size", "900x600", "--lang", "en", "--delay", "0"))
    assert out["toast"] == "This game is autosaved on its own: your other unfinished games (1) stay in Load."
    autos = [t for t in out["titles"] if str(t).startswith("Autosave:")]
    assert len(autos) == 2
    values = [v for v, t in zip(out["values"], out["titles"]) if str(t).startswith("Autosave:")]
    assert all(("Setup" in v or "Round" in v) and " · " in v for v in values)
