"""The game screen's words come from the catalogs (ui.*, rules.*) in both languages, switch at once,
break lines in Japanese, and every glyph the HUD draws is in the bundled font."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import pytest

from game.core.registry import get_game
from game.i18n import LANGUAGES, catalog, set_language, tr
from game.render import fonts
from game.render.hud import FONT, text_width
from game.trench.view import view as trench_view
from game.tables.trench import rules_pages
from game.ui import widgets
from game.tables.trench import preview
from game.tables.trench import sheet
from game.tables.trench import ui as trench_ui
from game.tables.trench.ui import CARD_ICON, FORECAST_MARK, SEAT_MARK, TrenchUI

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
#: module -> {lookup name in its source: catalog prefix}
MODULES = {
    "game/ui/widgets.py": {"TEXT": "ui.widgets."},
    "game/tables/trench/ui.py": {"TEXT": "ui.hud.", "HELP": "ui.help."},
    "game/tables/trench/preview.py": {"TEXT": "ui.preview.", "t": "ui.preview."},
    "game/tables/trench/sheet.py": {"TEXT": "ui.sheet.", "t": "ui.sheet."},
    "game/ui/rules_screen.py": {},
    "game/tables/trench/rules_pages.py": {},
    "game/render/hud.py": {},
    "game/tables/trench/forecast.py": {},
}
#: Keys built at run time (f-strings), by family.
DYNAMIC = (
    [f"ui.hud.phase.{p}" for p in ("first", "arm", "place", "base", "extra", "wind", "plot", "turn", "over")]
    + [f"ui.hud.prompt.{k}" for k in ("arm", "place", "base", "extra", "extra_civ", "plot", "turn", "turn2", "turn3",
                                      "drug", "console", "handover", "sink", "gas", "interrupt", "penalty", "other")]
    + [f"ui.hud.wind.{w}" for w in ("n", "e", "s", "w", "same", "calm", "eclipse")]
    + [f"ui.hud.card_tip.{k}" for k in CARD_ICON] + [f"card.{k}" for k in CARD_ICON]
    + [f"card.{k}.help" for k in CARD_ICON] + [f"seat.{s}" for s in "SWNE"] + ["ui.hud.seat.C"]
    + ["ui.hud.slot.1", "ui.hud.slot.2", "ui.hud.day", "ui.hud.night", "ui.hud.eclipse"]
    + [f"ui.sheet.status.{s}" for s in ("unplaced", "boat", "board", "corpse", "carried", "escaped", "sunk", "gone")]
    + [f"ui.sheet.{k}" for k in ("drugs", "food", "cubes")] + [f"ui.sheet.dir.{d}" for d in "nesw"] + [f"ui.sheet.weapon.{w}" for w in ("gun", "gas", "bomb")]
    + [f"ui.sheet.ammo.{w}.{n}" for w in ("gun", "gas", "bomb") for n in ("1", "n")]
    + [f"ui.sheet.weapon_line.{r}{f}" for r in ("active", "carried") for f in ("", ".fired")]
    + [f"ui.sheet.weapon_line.unknown.{r}" for r in ("active", "carried")]
    + [f"ui.sheet.score.{k}" for k in ("kills", "bases", "corpses", "escapes", "bonus", "penalties", "other")]
    + [f"ui.preview.side.{s}" for s in ("left", "right")]
    + [f"ui.preview.{k}{s}" for k in ("gas.rest", "gas.leave", "exposed.dies", "exposed.mask") for s in ("", ".side")]
    + [f"rules.tab.{name}" for name, _ in rules_pages.PAGES]
    + [k for _, keys in rules_pages.PAGES for k in keys]
)


def used_keys() -> set:
    keys = set(DYNAMIC)
    for path, lookups in MODULES.items():
        src = open(os.path.join(ROOT, path), encoding="utf-8").read()
        keys |= set(re.findall(r'\btr\(\s*"((?:ui|rules|card|seat)\.[^"{]+)"', src))
        for name, prefix in lookups.items():
            for key in re.findall(rf'\b{name}(?:\[|\.get\(|\()\s*["\']([^"\'{{]+)["\']', src):
                keys.add(prefix + key)
            for a, b in re.findall(rf'\b{name}\[\s*"([^"{{]+)"\s+if .+? else\s+"([^"{{]+)"\s*\]', src):
                keys |= {prefix + a, prefix + b}
            for a, b in re.findall(rf'\b{name}\(\s*"([^"{{]+)"\s+if .+? else\s+"([^"{{]+)"', src):
                keys |= {prefix + a, prefix + b}
    return keys


def test_every_key_the_screen_uses_is_in_both_catalogs():
    keys = used_keys()
    assert len(keys) > 200
    missing = {lang: sorted(k for k in keys if k not in catalog(lang)) for lang in LANGUAGES}
    assert missing == {"ja": [], "en": []}


def test_no_catalog_key_of_ours_is_unused():
    ours = {k for k in catalog("en") if k.startswith(("ui.", "rules."))}
    assert sorted(ours - used_keys()) == []


def test_every_mark_and_icon_the_hud_draws_is_a_glyph_of_the_bundled_font():
    drawn = set("".join(SEAT_MARK.values()) + "".join(CARD_ICON.values()) + "".join(FORECAST_MARK.values()))
    for path in MODULES:  # and every non-ASCII character in our modules' string literals
        src = open(os.path.join(ROOT, path), encoding="utf-8").read()
        for literal in re.findall(r'"([^"\n]*)"', src):
            drawn |= {ch for ch in literal if ord(ch) > 0x7E}
    for weight in ("normal", "bold"):
        assert sorted(ch for ch in drawn if not fonts.has_glyph(ch, weight)) == []


def test_the_hud_font_is_the_bundled_family():
    assert FONT == fonts.FAMILY == "BIZ UDPGothic"
    assert os.path.exists(fonts.font_path("normal")) and os.path.exists(fonts.font_path("bold"))


def test_text_width_measures_japanese_wider_per_character_and_proportional_latin():
    assert text_width("", 10) == 0
    assert text_width("iiii", 10) < text_width("MMMM", 10)  # proportional
    assert text_width("毒ガス", 10) == pytest.approx(3 * round(10 * 96 / 72), abs=3)
    assert text_width("Move", 20) > text_width("Move", 10)


def test_japanese_lines_break_between_characters_never_before_closing_punctuation():
    text = tr("ui.hud.prompt.plot", lang="ja")
    lines = widgets.wrap_lines(text, 120, 10)
    assert len(lines) > 2
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(text_width(line, 10) <= 120 for line in lines if len(line) > 1)
    assert not any(line[0] in "、。）」" for line in lines)
    # English: at spaces only, as before
    assert widgets.wrap_lines("one two three four", text_width("three four", 10) + 1, 10) == ["one two", "three four"]
    assert widgets.break_units("S1が(d4)へ。") == [("S1", False), ("が", False), ("(d4)", False), ("へ。", False)]


def _view_after_setup(seat="S"):
    spec = get_game("trench-war")
    from game.tables.trench.hud_bench import _setup
    from game.ui.controller import GameController
    from game.ui.seats import parse_seats
    ctl = GameController(spec, spec.new_game(2, 3, spec.make_ruleset([], [])), parse_seats("human,bot"), {})
    _setup(ctl)
    return ctl, trench_view(ctl.state, seat)


def test_japanese_sheet_preview_and_piles_are_whole_sentences():
    ctl, v = _view_after_setup()
    sid = next(s.sid for s in v.soldiers if s.seat == "S")
    en = sheet.soldier_sheet(v, sid).lines
    set_language("ja")
    ja = sheet.soldier_sheet(v, sid).lines
    assert len(ja) == len(en) and ja != en
    assert ja[0].startswith(f"{sid} (南軍): ") and "上陸船の上" in ja[0]
    assert any(line.startswith("装備中: 南軍の") for line in ja)
    p = next(p for p in (preview.preview(v, f"{s.sid} step {d}") for s in v.soldiers if s.seat == "S"
                         for d in "nesw") if p.valid)
    assert p.lines and all(not re.search(r"[A-Za-z]{3,}", line) for line in p.lines), p.lines
    assert TrenchUI.pile_words(v.hands["S"]) == "移動 ×2、旋回 ×2、建築 ×2、発射 ×2、潜る、装備使用、野営、割込み"
    assert sheet.seat_scores(v)[0].lines == ("南軍: 0点",)


def test_a_language_switch_shows_at_once():
    assert trench_ui.TEXT["round"].format(n=2) == "Round 2"
    assert widgets.TEXT["log"] == "Log"
    set_language("ja")
    assert trench_ui.TEXT["round"].format(n=2) == "第2ラウンド"
    assert widgets.TEXT["log"] == "記録"
    assert TrenchUI().seat_name("N") == "北軍" and TrenchUI().seat_name(None) == "観戦"
    assert "prompt.other" in trench_ui.TEXT and "no.such" not in trench_ui.TEXT
    with pytest.raises(KeyError, match="ui.hud.no.such"):
        trench_ui.TEXT["no.such"]


GLYPHS = r"""
import json, sys
import pyglet
win = pyglet.window.Window(240, 80, visible=False)
from game.render.fonts import FAMILY, load_fonts, text_px, has_glyph
from game.render.hud import HudCanvas, HudPainter
from pyglet.font import freetype
painter = HudPainter()
cv = HudCanvas(240, 80)
cv.text("毒ガス塹壕戦", 4, 30, 16)
painter.draw(cv)  # builds the batch: loads the bundled font
out = {"memory": freetype.FreeTypeFont._memory_faces.contains(FAMILY)}
font = pyglet.font.load(FAMILY, 16)
out["face_kind"] = type(font.face).__name__
out["family"] = font.name
def shot(text):
    win.switch_to()
    win.clear()
    pyglet.text.Label(text, font_name=FAMILY, font_size=30, x=8, y=20, color=(255, 255, 255, 255)).draw()
    img = pyglet.image.get_buffer_manager().get_color_buffer().get_image_data()
    return img.get_data("L", 240)
missing = next(chr(c) for c in range(0x4E00, 0x9FFF) if not has_glyph(chr(c)))
shots = {ch: shot(ch) for ch in ["毒", "塹", "ガ", missing]}
out["inked"] = {ch: sum(1 for b in data if b > 128) for ch, data in shots.items()}
out["distinct"] = len({shots[ch] for ch in ["毒", "塹", "ガ"]}) == 3
out["box_differs"] = all(shots[ch] != shots[missing] for ch in ["毒", "塹", "ガ"])
widths = {}
for text in ["Hidden: the cards in each hand and the plotted cards", "装備中の武器を使う。銃は正面へ一直線", "Move ×2"]:
    for size in (8, 10.5, 13):
        for weight in ("normal", "bold"):
            label = pyglet.text.Label(text, font_name=FAMILY, font_size=size, weight=weight)
            widths[f"{text[:6]}/{size}/{weight}"] = (label.content_width, text_px(text, size, weight))
out["widths"] = widths
print(json.dumps(out, ensure_ascii=False))
"""


def test_bundled_font_is_loaded_draws_real_glyphs_and_widths_match(display):
    r = subprocess.run([sys.executable, "-c", GLYPHS], cwd=ROOT, env=dict(os.environ, DISPLAY=display),
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0 and ("OpenGL" in r.stderr or "context" in r.stderr):
        pytest.skip(r.stderr.strip()[-200:])
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["memory"] and out["face_kind"] == "FreeTypeMemoryFace" and out["family"] == "BIZ UDPGothic"
    assert all(n > 30 for n in out["inked"].values()), out["inked"]  # every glyph puts ink down
    assert out["distinct"] and out["box_differs"]  # real, different glyphs: not the same box
    for name, (drawn, measured) in out["widths"].items():
        assert measured == pytest.approx(drawn, rel=0.02, abs=2), name


def test_game_over_panel_offers_the_menu_when_the_app_has_one():
    from game.render.hud import HudCanvas
    from game.ui.widgets import paint_game_over

    def labels(**kw):
        cv = HudCanvas(1280, 720)
        paint_game_over(cv, ["South wins."], **kw)
        return [it[2] for it in cv.items if it[1] == "text"]
    assert labels()[-2:] == ["New game (N)", "Quit (Q)"]
    assert labels(to_menu=True)[-2:] == ["New game (N)", "Menu (Q)"]
    set_language("ja")
    assert labels(to_menu=True)[-1] == "メニュー (Q)"


EXPANSION = r"""
import ctypes, json, random
import pyglet.window  # the font renderer needs pyglet's GL
from pyglet.font import base, freetype
from game.render.fonts import GLYPH_ATLAS_SIDE, load_fonts
load_fonts()
cls = freetype.FreeTypeGlyphRenderer
rng = random.Random(25)
out = {"same": [], "alpha": [], "white": [], "atlas": [base.Font.texture_width, base.Font.texture_height, GLYPH_ATLAS_SIDE]}
for n in (1, 5, 14 * 17, 40 * 41):
    bitmap = (ctypes.c_ubyte * n)(*[rng.randrange(256) for _ in range(n)])
    fast = cls._expand_to_rgba(None, bitmap, "R", "BGRA")
    out["same"].append(fast == cls._trench_expand_original(None, bitmap, "R", "BGRA"))
    out["alpha"].append(fast[3::4] == bytes(bitmap))
    out["white"].append(set(fast[0::4]) | set(fast[1::4]) | set(fast[2::4]) == {255})
print(json.dumps(out))
"""


def test_glyph_bitmaps_become_the_texels_pyglet_makes_and_atlases_start_small(display):
    """game.render.fonts speeds up pyglet's FreeType glyphs (issue 25) without changing a texel:
    the coverage bitmap expanded to BGRA by one slice assignment equals pyglet's per-pixel loop,
    and a font's first glyph atlas is GLYPH_ATLAS_SIDE square (pyglet grows it as it needs)."""
    r = subprocess.run([sys.executable, "-c", EXPANSION], cwd=ROOT, env=dict(os.environ, DISPLAY=display),
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["same"] == out["alpha"] == out["white"] == [True] * 4
    assert out["atlas"] == [256, 256, 256]
