#!/usr/bin/env python3
"""Rebuild the bundled Japanese font: BIZ UDPGothic (SIL OFL 1.1) cut down to the glyphs we need.

  subset_font.py [--source DIR]

Keeps printable ASCII and Latin-1, general punctuation and arrows, CJK punctuation, hiragana,
katakana, full-width forms, the JIS level-1 kanji, every character of the message catalogs (``game/i18n/*/*.po``)
and of the games' bundled data files (``game/*/data/*``: Smoke Blood Steel's card names and texts).
Run it after adding catalog text with new kanji; ``tests/i18n`` fails until you do.  Needs
``fonttools`` (in the test extra) and the full font (Debian: ``fonts-morisawa-bizud-gothic``).
"""

from __future__ import annotations

import argparse
import glob
import os
import sys

from _common import ROOT, fail, run_main

FONTS = ("BIZUDPGothic-Regular.ttf", "BIZUDPGothic-Bold.ttf")
OUT_DIR = os.path.join(ROOT, "assets", "fonts")
RANGES = [(0x20, 0x7E), (0xA0, 0xFF), (0x2010, 0x2044), (0x2190, 0x21FF), (0x2500, 0x257F),
          (0x25A0, 0x25FF), (0x3000, 0x303F), (0x3040, 0x309F), (0x30A0, 0x30FF), (0xFF01, 0xFF9F)]


#: Text the table draws besides the catalogs: the games' bundled data (card names and texts).
TEXT_SOURCES = (("game", "i18n", "*", "*.po"), ("game", "*", "data", "*"))


def catalog_characters() -> set:
    """Every character of the message catalogs and of the games' bundled data files."""
    chars = set()
    for path in (p for parts in TEXT_SOURCES for p in sorted(glob.glob(os.path.join(ROOT, *parts)))):
        with open(path, encoding="utf-8") as handle:
            chars |= set(handle.read())
    return {c for c in chars if ord(c) >= 0x20}


def jis_level1_kanji() -> set:
    """The 2,965 kanji of JIS X 0208 level 1 (everyday kanji), so new catalog text rarely needs a rebuild."""
    chars = set()
    for row in range(0xB0, 0xD0):
        for cell in range(0xA1, 0xFF):
            try:
                chars.add(bytes((row, cell)).decode("euc_jp"))
            except UnicodeDecodeError:
                pass
    return chars


def wanted_codepoints() -> list:
    points = {cp for lo, hi in RANGES for cp in range(lo, hi + 1)}
    points |= {ord(c) for c in jis_level1_kanji()}
    points |= {ord(c) for c in catalog_characters()}
    return sorted(points)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--source", default="/usr/share/fonts/truetype/bizud-gothic")
    args = p.parse_args(argv)
    try:
        from fontTools import subset
    except ImportError:
        fail("fonttools is needed: pip install fonttools")
    os.makedirs(OUT_DIR, exist_ok=True)
    for name in FONTS:
        source = os.path.join(args.source, name)
        if not os.path.exists(source):
            fail(f"{source} is missing (Debian: apt-get install fonts-morisawa-bizud-gothic)")
        options = subset.Options()
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.name_languages = ["*"]
        options.notdef_outline = True
        font = subset.load_font(source, options)
        sub = subset.Subsetter(options)
        sub.populate(unicodes=wanted_codepoints())
        sub.subset(font)
        out = os.path.join(OUT_DIR, name.replace(".ttf", ".subset.ttf"))
        font.save(out)
        print(f"{out}: {len(font.getBestCmap())} characters, {os.path.getsize(out) // 1024} KiB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    run_main(main)
