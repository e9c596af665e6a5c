"""Both languages complete, every glyph in the bundled font, and the .po reader strict."""

from __future__ import annotations

import os
import re
import string

import pytest

from game.core.errors import NotationError
from game.i18n import LANGUAGES, catalog, set_language, system_language, tr
from game.i18n.po import format_po_entry, parse_po

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONT_DIR = os.path.join(ROOT, "assets", "fonts")
FONTS = ("BIZUDPGothic-Regular.subset.ttf", "BIZUDPGothic-Bold.subset.ttf")


def placeholders(text: str) -> set:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_key_is_in_every_language():
    keys = {lang: set(catalog(lang)) for lang in LANGUAGES}
    every = set().union(*keys.values())
    missing = {lang: sorted(every - have) for lang, have in keys.items() if every - have}
    assert missing == {}


def test_translations_keep_the_same_placeholders():
    en = catalog("en")
    differ = [k for k, text in catalog("ja").items() if placeholders(text) != placeholders(en[k])]
    assert differ == []


@pytest.mark.parametrize("font", FONTS)
def test_bundled_font_has_every_glyph_of_the_catalogs(font):
    ttlib = pytest.importorskip("fontTools.ttLib", reason="fonttools is in the test extra")
    cmap = ttlib.TTFont(os.path.join(FONT_DIR, font)).getBestCmap()
    lacking = sorted({ch for lang in LANGUAGES for text in catalog(lang).values() for ch in text
                      if ch not in "\n\t" and ord(ch) not in cmap})
    assert lacking == [], "run tools/subset_font.py to add these characters"


@pytest.mark.parametrize("font", FONTS)
def test_bundled_font_has_every_glyph_of_the_games_data_files(font):
    """Card names and texts come from the games' data files (Smoke Blood Steel's 擲弾兵, 榴弾砲撃), not
    the catalogs: the table draws them with the same font."""
    ttlib = pytest.importorskip("fontTools.ttLib", reason="fonttools is in the test extra")
    import glob
    cmap = ttlib.TTFont(os.path.join(FONT_DIR, font)).getBestCmap()
    paths = sorted(glob.glob(os.path.join(ROOT, "game", "*", "data", "*")))
    assert paths, "the games' bundled data files were not found"
    lacking = sorted({ch for path in paths for ch in open(path, encoding="utf-8").read()
                      if ch not in "\n\t\r" and ord(ch) not in cmap})
    assert lacking == [], "run tools/subset_font.py to add these characters"


def test_font_licence_ships_beside_the_font():
    text = open(os.path.join(FONT_DIR, "OFL.txt"), encoding="utf-8").read()
    assert "SIL OPEN FONT LICENSE Version 1.1" in text and "BIZ UDGothic Project Authors" in text


def test_game_terms_use_the_designers_words():
    ja = catalog("ja")
    assert [ja[f"card.{c}"] for c in ("move", "turn", "build", "fire", "dig", "equip", "camp", "interrupt")] == \
        ["移動", "旋回", "建築", "発射", "潜る", "装備使用", "野営", "割込み"]
    assert ja["app.title"] == "毒ガス塹壕戦"


def test_tr_uses_the_chosen_language_then_english_then_the_key():
    set_language("ja")
    try:
        assert tr("menu.quit") == "終了"
        assert tr("menu.quit", lang="en") == "Quit"
        assert tr("no.such.key") == "no.such.key"
    finally:
        set_language("en")
    assert tr("menu.quit") == "Quit"
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        set_language("fr")


@pytest.mark.parametrize("env,expected", [({"LANG": "ja_JP.UTF-8"}, "ja"), ({"LANG": "en_GB.UTF-8"}, "en"),
                                          ({"LC_ALL": "ja_JP", "LANG": "en_US"}, "ja"),
                                          ({"LC_ALL": "C", "LANG": "ja_JP"}, "en"), ({}, "en")])
def test_system_language_follows_the_locale(env, expected):
    assert system_language(env) == expected


def test_po_reader_round_trips_and_names_bad_lines():
    text = format_po_entry("a.b", 'say "hi"\nnow') + "\n" + format_po_entry("c", "x")
    assert parse_po(text) == {"a.b": 'say "hi"\nnow', "c": "x"}
    with pytest.raises(NotationError, match=r"^t.po:3: msgid 'a' appears twice"):
        parse_po('msgid "a"\nmsgstr "1"\nmsgid "a"\nmsgstr "2"\n', "t.po")
    with pytest.raises(NotationError, match=r"^t.po:2: expected msgid, msgstr or a quoted string"):
        parse_po('msgid "a"\nmsgtext "1"\n', "t.po")
    with pytest.raises(NotationError, match=r"^t.po:1: msgid 'a' has no msgstr"):
        parse_po('msgid "a"\n', "t.po")
    assert parse_po('msgid "a"\nmsgstr ""\n') == {}  # untranslated counts as missing


def test_catalog_keys_are_dotted_names():
    bad = [k for k in catalog("en") if not re.fullmatch(r"[a-z0-9_]+(\.[a-zA-Z0-9_]+)+", k)]
    assert bad == []
