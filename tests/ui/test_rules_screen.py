"""The rules screen (issue 10, part 6): pages with the card list from the rules data, in both
languages; in a real window (Xvfb) it opens over a game, pauses it, pages, scrolls and closes by
synthesised keys and clicks."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from game.i18n import set_language, tr
from game.trench.ruleset import Ruleset
from game.trench.state import ACTION_CARDS, START_HAND
from game.tables.trench.rules_pages import PAGES, card_list, page_blocks, rule_values

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_page_has_a_heading_and_text_in_both_languages(lang):
    set_language(lang)
    values = rule_values()
    for page in range(len(PAGES)):
        blocks = page_blocks(page, values)
        assert blocks[0][0] == "h" and any(kind == "p" for kind, _ in blocks), PAGES[page][0]
        assert all(text and "{" not in text for _, text in blocks), PAGES[page][0]


def test_the_cards_page_lists_every_card_with_its_count_from_the_rules_data():
    assert card_list() == [(k, ACTION_CARDS.count(START_HAND, k)) for k in ACTION_CARDS.kinds]
    blocks = page_blocks([name for name, _ in PAGES].index("cards"), rule_values())
    assert blocks[0] == ("h", f"The action cards ({sum(START_HAND)} in each hand)")
    titles = [text for kind, text in blocks if kind == "c"]
    assert titles == ["Move ×2", "Turn ×2", "Build ×2", "Fire ×2", "Dig", "Equip", "Camp", "Interrupt"]
    assert ("p", tr("card.camp.help")) in blocks


def test_japanese_cards_page_uses_the_designers_card_names():
    set_language("ja")
    blocks = page_blocks([name for name, _ in PAGES].index("cards"), rule_values())
    titles = [text for kind, text in blocks if kind == "c"]
    assert titles == ["移動 ×2", "旋回 ×2", "建築 ×2", "発射 ×2", "潜る", "装備使用", "野営", "割込み"]
    assert blocks[0] == ("h", "行動札 (手札は12枚)")


def test_numbers_come_from_the_ruleset():
    aim = page_blocks(0, rule_values(Ruleset()))
    assert "2 victory points with two players, 3 with three or four" in aim[1][1]
    weapons = page_blocks([name for name, _ in PAGES].index("weapons"), rule_values(Ruleset(gun_range=5)))
    gun = [text for kind, text in weapons if text.startswith("Shoots")][0]
    assert "5 cells (4 at night or masked)" in gun


SCRIPT = r"""
import json, sys
from pyglet.window import key, mouse
from game.i18n import set_language
from game.core.registry import get_game
from game.ui.controller import GameController
from game.ui.rules_screen import RulesScreen
from game.ui.screen import GameScreen, make_game_window, run_screen
from game.ui.seats import parse_seats
from game.tables.trench.ui import TrenchUI
set_language(sys.argv[1])
spec = get_game("trench-war")
ctl = GameController(spec, spec.new_game(2, 1, spec.make_ruleset([], [])), parse_seats("bot,bot"), {})
screen = GameScreen(make_game_window(640, 400), ctl, TrenchUI(), delay=0.0)
closed = []
rules = screen.push_modal(RulesScreen(on_close=lambda: closed.append(True), table=screen.ui))
out = {"steps0": len(ctl.steps)}
n = [0]
def press(sym, mod=0):
    screen.window.dispatch_event("on_key_press", sym, mod)
def frame(s):
    n[0] += 1
    i = n[0]
    if i == 20:
        out["steps_open"] = len(ctl.steps)
        out["texts"] = [it[2] for it in s.canvas.items if it[1] == "text"]
        press(key.RIGHT)
    elif i == 22:
        out["page_right"] = rules.page
        r = s.canvas.find(("rules-tab", 2))
        s.window.dispatch_event("on_mouse_press", r.center[0], r.center[1], mouse.LEFT, 0)
        s.window.dispatch_event("on_mouse_release", r.center[0], r.center[1], mouse.LEFT, 0)
    elif i == 24:
        out["page_click"] = rules.page
        out["cards_texts"] = [it[2] for it in s.canvas.items if it[1] == "text"]
        press(key.PAGEDOWN)
    elif i == 26:
        out["scroll_pgdn"] = rules.scroll
        out["visible"] = rules.visible
        out["max_scroll"] = rules.max_scroll
        press(key.END)
    elif i == 28:
        out["scroll_end"] = rules.scroll
        press(key.HOME)
        s.window.dispatch_event("on_mouse_scroll", 400, 250, 0, -1)
    elif i == 30:
        out["scroll_wheel"] = rules.scroll
        press(key.LEFT)
    elif i == 32:
        out["page_left"] = rules.page
        press(key.ESCAPE)
    elif i == 34:
        out["closed"] = closed
        out["modals"] = len(s.modals)
    elif i >= 120:
        out["steps_after"] = len(ctl.steps)
        print(json.dumps(out))
        s.quit()
run_screen(screen, on_frame=frame)
"""


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rules_screen_pages_scrolls_and_closes_by_keys_in_a_window(display, lang):
    r = subprocess.run([sys.executable, "-c", SCRIPT, lang], cwd=ROOT, env=dict(os.environ, DISPLAY=display),
                       capture_output=True, text=True, timeout=180)
    if r.returncode != 0 and "OpenGL" in r.stderr:
        pytest.skip(r.stderr.strip()[-200:])
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["steps_open"] == out["steps0"]  # the bots wait while the rules are open
    assert out["page_right"] == 1
    assert out["scroll_pgdn"] == min(out["visible"] - 1, out["max_scroll"]) and out["max_scroll"] > 0
    assert out["scroll_end"] == out["max_scroll"]
    assert out["scroll_wheel"] == min(3, out["max_scroll"])
    assert out["page_click"] == 2 and out["page_left"] == 1
    assert out["closed"] == [True] and out["modals"] == 0
    assert out["steps_after"] > out["steps0"]  # and play on once it is closed
    heading = {"en": "Rules in short", "ja": "ルール早わかり"}[lang]
    assert heading in out["texts"]
    card = {"en": "Move ×2", "ja": "移動 ×2"}[lang]
    assert card in out["cards_texts"]
