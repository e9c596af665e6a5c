"""The HUD's font metrics (``game.render.fonts``) read glyphs and advances straight from the font
files: checked against fontTools' reading of the same files, for the bundled cmap (format 4) and a
format-12 cmap (characters beyond the Basic Multilingual Plane)."""

import os

from fontTools import ttLib
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

from game.render import fonts


def _expected(path):
    font = ttLib.TTFont(path)
    order = font.getGlyphOrder()
    index = {name: i for i, name in enumerate(order)}
    cmap = {cp: index[name] for cp, name in font.getBestCmap().items()}
    advances = {cp: font["hmtx"][name][0] for cp, name in font.getBestCmap().items()}
    return cmap, advances, font["hmtx"][order[0]][0]


def test_bundled_fonts_glyphs_and_advances_match_fonttools():
    for weight in ("normal", "bold"):
        path = fonts.font_path(weight)
        cmap, advances, notdef = _expected(path)
        m = fonts._Metrics(path)
        assert {cp: m.glyph(cp) for cp in cmap} == cmap
        assert {cp: m.advance(chr(cp)) for cp in cmap} == advances
        absent = [cp for cp in range(0x20, 0x30000, 7) if cp not in cmap][:500]
        assert absent and all(m.glyph(cp) == 0 and not m.has(chr(cp)) for cp in absent)
        assert m.advance(chr(absent[0])) == notdef  # a missing character: the .notdef box's advance


def _format12_font(path):
    """A small font whose cmap needs format 12: a BMP letter and two supplementary-plane ones."""
    names = [".notdef", "A", "B", "C", "D"]
    chars = {0x41: "A", 0x1F600: "B", 0x1F601: "C", 0x20001: "D"}
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap(chars)
    pen = TTGlyphPen(None)
    pen.moveTo((0, 0)), pen.lineTo((0, 500)), pen.lineTo((500, 0)), pen.closePath()
    glyph = pen.glyph()
    fb.setupGlyf({n: glyph for n in names})
    fb.setupHorizontalMetrics({n: (300 + 100 * i, 0) for i, n in enumerate(names)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Twelve", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    fb.save(path)
    return chars


def test_format_12_cmap_glyphs_and_advances(tmp_path):
    path = os.path.join(tmp_path, "twelve.ttf")
    chars = _format12_font(path)
    cmap, advances, notdef = _expected(path)
    assert set(cmap) == set(chars)
    m = fonts._Metrics(path)
    assert m._format == 12
    assert {cp: m.glyph(cp) for cp in chars} == cmap == {0x41: 1, 0x1F600: 2, 0x1F601: 3, 0x20001: 4}
    assert [m.advance(chr(cp)) for cp in sorted(chars)] == [400, 500, 600, 700]
    for cp in (0x40, 0x42, 0x1F5FF, 0x1F602, 0x20000, 0x20002, 0x10FFFF):
        assert m.glyph(cp) == 0 and not m.has(chr(cp))
    assert m.advance("Z") == notdef == 300
    assert m.units_per_em == 1000
