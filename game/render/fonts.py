"""The bundled HUD font (BIZ UDPGothic, SIL OFL 1.1): registering it with pyglet, and text widths.

Every HUD label, Japanese and Latin alike, is drawn in :data:`FAMILY` from the font files in
``assets/fonts/`` (cut to the glyphs the game needs by ``tools/subset_font.py``), so the screen
looks the same on any machine whatever fonts it has.  :func:`load_fonts` hands the files to
``pyglet.font.add_file`` once.  :func:`advance` reads the horizontal advances straight from the
font file (``cmap`` and ``hmtx`` tables), so layout can measure a label exactly as pyglet will
draw it without a GL context.
"""

from __future__ import annotations

import os
import struct
from bisect import bisect_right
from functools import lru_cache

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONT_DIR = os.path.join(ROOT, "assets", "fonts")
#: The family name inside the bundled files (what pyglet's ``font_name`` takes).
FAMILY = "BIZ UDPGothic"
FILES = {"normal": "BIZUDPGothic-Regular.subset.ttf", "bold": "BIZUDPGothic-Bold.subset.ttf"}

_loaded = []


def font_path(weight: str = "normal") -> str:
    return os.path.join(FONT_DIR, FILES["bold" if weight == "bold" else "normal"])


def load_fonts() -> str:
    """Register the bundled regular and bold faces with pyglet (once); returns :data:`FAMILY`."""
    if not _loaded:
        import pyglet
        _import_pyglet_font()
        for weight in ("normal", "bold"):
            pyglet.font.add_file(font_path(weight))
        _patch_flat_glyphs()
        _patch_glyph_expansion()
        _small_glyph_atlases()
        _loaded.append(FAMILY)
    return FAMILY


def _import_pyglet_font() -> None:
    """Import ``pyglet.font`` without PIL: pyglet imports PIL (when installed) only to scale the
    glyphs of user-defined fonts, some 16 ms of every launch; the HUD draws the bundled TrueType
    faces alone, so while ``pyglet.font`` loads, PIL is absent (``import PIL`` works again after)."""
    import sys
    if "pyglet.font" in sys.modules or "PIL" in sys.modules:
        return
    sys.modules["PIL"] = None  # None in sys.modules: "import PIL" raises ImportError
    try:
        import pyglet.font  # noqa: F401
    finally:
        if sys.modules.get("PIL", 0) is None:
            del sys.modules["PIL"]


def _glyph_renderer_to_patch(flag: str):
    """pyglet's FreeType glyph renderer class, to be patched once (``flag`` marks it done); None on
    another platform's font renderer or when patched already."""
    try:
        from pyglet.font import freetype
    except Exception:  # noqa: BLE001 - another platform's font renderer: nothing to patch
        return None
    cls = freetype.FreeTypeGlyphRenderer
    if getattr(cls, flag, False):
        return None
    setattr(cls, flag, True)
    return cls


def _patch_flat_glyphs() -> None:
    """pyglet 2.1's FreeType renderer reads a NULL bitmap (``ValueError: NULL pointer access``) when
    hinting flattens a glyph to zero rows or columns, as it does to BIZ UDPGothic's dashes and
    underscore at small sizes.  Such a glyph is drawn as a one-pixel line instead."""
    cls = _glyph_renderer_to_patch("_trench_flat_patch")
    if cls is None:
        return
    from ctypes import c_ubyte

    from pyglet.font.freetype import FT_PIXEL_MODE_BGRA
    original = cls._create_glyph

    def _create_glyph(self):
        w, h = self._width, self._height
        if (w == 0) != (h == 0) and self._mode != FT_PIXEL_MODE_BGRA:
            self._width, self._height = max(w, 1), max(h, 1)
            self._data = (c_ubyte * (self._width * self._height))(*([255] * (self._width * self._height)))
            self._pitch = self._width
        return original(self)

    cls._create_glyph = _create_glyph


#: The side of a font's first glyph atlas (pyglet's default: 512).  Every size and weight of the
#: HUD is a font of its own with its own atlas -- about twenty on the game screen -- and a 512²
#: RGBA atlas costs 1 MiB and a few milliseconds to make; pyglet grows an atlas until ``glyph_fit``
#: glyphs fit, so a large size still gets a larger one.  The glyphs drawn are the same texels.
GLYPH_ATLAS_SIDE = 256


def _small_glyph_atlases() -> None:
    from pyglet.font import base
    base.Font.texture_width = base.Font.texture_height = GLYPH_ATLAS_SIDE


def _patch_glyph_expansion() -> None:
    """pyglet 2.1's FreeType renderer turns each glyph's coverage bitmap into BGRA texels
    (white, the coverage as alpha) in a Python loop over every pixel and channel, for every glyph
    drawn the first time.  The same bytes are made here with one slice assignment; other
    conversions are left to pyglet."""
    cls = _glyph_renderer_to_patch("_trench_expand_patch")
    if cls is None:
        return
    original = cls._expand_to_rgba

    def _expand_to_rgba(self, data, src_format: str, dst_format: str) -> bytes:
        if src_format == "R" and dst_format == "BGRA":
            alpha = bytes(data)
            out = bytearray(b"\xff") * (4 * len(alpha))
            out[3::4] = alpha
            return bytes(out)
        return original(self, data, src_format, dst_format)

    cls._expand_to_rgba = _expand_to_rgba
    cls._trench_expand_original = original  # tests compare the two


def fonts_loaded() -> bool:
    return bool(_loaded)


class _Metrics:
    """Unscaled advances of one TrueType file: ``units_per_em`` and char -> advance."""

    def __init__(self, path: str):
        with open(path, "rb") as f:
            data = f.read()
        tables = {}
        (count,) = struct.unpack_from(">H", data, 4)
        for i in range(count):
            tag, _, offset, length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
            tables[tag.decode("latin-1")] = (offset, length)
        head = tables["head"][0]
        (self.units_per_em,) = struct.unpack_from(">H", data, head + 18)
        hhea = tables["hhea"][0]
        (n_metrics,) = struct.unpack_from(">H", data, hhea + 34)
        hmtx = tables["hmtx"][0]
        self._advances = struct.unpack_from(f">{'Hh' * n_metrics}", data, hmtx)[0::2]
        self._data = data
        self._segments(tables["cmap"][0])

    def _segments(self, base) -> None:
        """Find the Unicode cmap subtable (format 12, else format 4) and keep its segments: a
        character's glyph is looked up when asked (building a table of every character the
        bundled font holds would cost some 10 ms of every launch)."""
        data = self._data
        (n,) = struct.unpack_from(">H", data, base + 2)
        best = None
        for i in range(n):
            platform, encoding, offset = struct.unpack_from(">HHI", data, base + 4 + 8 * i)
            fmt = struct.unpack_from(">H", data, base + offset)[0]
            if platform in (0, 3) and fmt == 12:
                best = (12, base + offset)
                break
            if platform in (0, 3) and fmt == 4 and best is None:
                best = (4, base + offset)
        self._format = best[0] if best else None
        self._starts = self._ends = ()
        if best is None:
            return
        fmt, at = best
        if fmt == 12:
            (groups,) = struct.unpack_from(">I", data, at + 12)
            flat = struct.unpack_from(f">{3 * groups}I", data, at + 16)
            self._starts, self._ends, self._firsts = flat[0::3], flat[1::3], flat[2::3]
            return
        (seg2,) = struct.unpack_from(">H", data, at + 6)
        seg = seg2 // 2
        self._ends = struct.unpack_from(f">{seg}H", data, at + 14)
        self._starts = struct.unpack_from(f">{seg}H", data, at + 16 + seg2)
        self._deltas = struct.unpack_from(f">{seg}h", data, at + 16 + 2 * seg2)
        self._ro_at = at + 16 + 3 * seg2
        self._ranges = struct.unpack_from(f">{seg}H", data, self._ro_at)

    def glyph(self, cp: int) -> int:
        """The glyph index of code point ``cp`` (0: the font lacks it)."""
        i = bisect_right(self._starts, cp) - 1
        if i < 0 or cp > self._ends[i]:
            return 0
        if self._format == 12:
            return self._firsts[i] + cp - self._starts[i]
        if cp == 0xFFFF:
            return 0
        if self._ranges[i] == 0:
            return (cp + self._deltas[i]) & 0xFFFF
        addr = self._ro_at + 2 * i + self._ranges[i] + 2 * (cp - self._starts[i])
        glyph = struct.unpack_from(">H", self._data, addr)[0]
        return (glyph + self._deltas[i]) & 0xFFFF if glyph else 0

    def has(self, ch: str) -> bool:
        return self.glyph(ord(ch)) != 0

    def advance(self, ch: str) -> int:
        """The advance of ``ch`` in font units (the .notdef glyph's for a character the font lacks)."""
        glyph = self.glyph(ord(ch))
        return self._advances[min(glyph, len(self._advances) - 1)]


@lru_cache(maxsize=2)
def metrics(weight: str = "normal") -> _Metrics:
    return _Metrics(font_path(weight))


def has_glyph(ch: str, weight: str = "normal") -> bool:
    """Does the bundled font draw ``ch`` (rather than a box)?"""
    return metrics(weight).has(ch)


@lru_cache(maxsize=8192)
def _char_px(ch: str, ppem: int, weight: str) -> int:
    m = metrics(weight)
    return round(m.advance(ch) * ppem / m.units_per_em)


def text_px(text: str, size_pt: float, weight: str = "normal") -> float:
    """The width in pixels pyglet gives ``text`` at ``size_pt`` points (96 dpi): FreeType hints
    the font at a whole number of pixels per em and rounds each glyph's advance to a pixel.
    (Hinting moves a few advances by a pixel more: within 1% of pyglet's ``content_width``.)"""
    ppem = round(size_pt * 96 / 72)
    return float(sum(_char_px(ch, ppem, weight) for ch in str(text)))


__all__ = ["FAMILY", "FILES", "FONT_DIR", "font_path", "fonts_loaded", "has_glyph", "load_fonts", "metrics",
           "text_px"]
