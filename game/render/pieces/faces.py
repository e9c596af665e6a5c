"""Faces drawn into images (Pillow's FreeType text with the bundled font; no GL).

``face_image(face) -> (H, W, 4) uint8`` draws a :class:`~game.render.pieces.model.Face`: paper,
a border, an icon (a large glyph, or one of the drawn :data:`SHAPES`), a bold title, wrapped
lines, corners and a footer, in English or Japanese alike (BIZ UDPGothic from ``assets/fonts``).
Text is fitted: a title too wide for the face is set smaller rather than cut.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

from ..fonts import font_path
from .model import Face

SHAPES = ("sword", "bow", "cannon", "horse", "flame", "snow", "heart", "shield", "cross", "star", "drop",
          "coin", "skull", "arrow")


@lru_cache(maxsize=64)
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(font_path("bold" if bold else "normal"), max(4, int(size)))


def _rgb(c, a: int = 255) -> tuple:
    return (int(round(c[0] * 255)), int(round(c[1] * 255)), int(round(c[2] * 255)), a)


def _fit(text: str, size: int, width: float, bold: bool) -> ImageFont.FreeTypeFont:
    """The font at ``size`` or smaller so that ``text`` fits ``width`` pixels."""
    f = _font(size, bold)
    while size > 8 and f.getlength(text) > width:
        size = int(size * 0.9)
        f = _font(size, bold)
    return f


def wrap(text: str, font, width: float) -> list:
    """Lines of ``text`` no wider than ``width``: broken at spaces, or anywhere in CJK text."""
    out = []
    for para in str(text).split("\n"):
        line = ""
        tokens = para.split(" ") if " " in para else list(para)
        sep = " " if " " in para else ""
        for tok in tokens:
            cand = (line + sep + tok) if line else tok
            if font.getlength(cand) <= width or not line:
                line = cand
            else:
                out.append(line)
                line = tok
        out.append(line)
    return out


def _centred(draw, xy, text, font, fill):
    draw.text(xy, text, font=font, fill=fill, anchor="mm")


def draw_shape(draw: ImageDraw.ImageDraw, name: str, cx: float, cy: float, r: float, fill, paper) -> None:
    """Draw icon ``name`` (one of :data:`SHAPES`) centred on (cx, cy), about ``2 r`` across."""
    def poly(pts):
        draw.polygon([(cx + x * r, cy + y * r) for x, y in pts], fill=fill)

    w = max(2, int(r * 0.16))
    if name == "sword":
        poly([(-0.1, 0.55), (0.1, 0.55), (0.1, -0.85), (0.0, -1.0), (-0.1, -0.85)])
        poly([(-0.45, 0.5), (0.45, 0.5), (0.45, 0.65), (-0.45, 0.65)])
        poly([(-0.08, 0.65), (0.08, 0.65), (0.08, 1.0), (-0.08, 1.0)])
    elif name == "bow":
        draw.arc([cx - r, cy - r, cx + r * 0.6, cy + r], -70, 70, fill=fill, width=w)
        draw.line([(cx + r * 0.06, cy - r * 0.94), (cx + r * 0.06, cy + r * 0.94)], fill=fill, width=max(1, w // 2))
        poly([(-0.9, -0.06), (0.7, -0.06), (0.7, 0.06), (-0.9, 0.06)])
        poly([(0.7, -0.2), (1.0, 0.0), (0.7, 0.2)])
    elif name == "cannon":
        poly([(-0.9, 0.0), (0.75, -0.55), (0.9, -0.3), (-0.75, 0.3)])
        draw.ellipse([cx - r * 0.55, cy + r * 0.05, cx + r * 0.25, cy + r * 0.85], outline=fill, width=w)
        draw.ellipse([cx + r * 0.55, cy + r * 0.55, cx + r * 0.85, cy + r * 0.85], fill=fill)
    elif name == "horse":
        poly([(-0.2, -1.0), (0.35, -0.6), (0.8, -0.25), (0.65, 0.0), (0.2, -0.15), (0.35, 0.45),
              (0.6, 1.0), (-0.7, 1.0), (-0.5, 0.2), (-0.45, -0.55)])
        draw.ellipse([cx - r * 0.1, cy - r * 0.6, cx + r * 0.05, cy - r * 0.45], fill=paper)
    elif name == "flame":
        poly([(0.0, -1.0), (0.45, -0.35), (0.7, 0.25), (0.5, 0.8), (0.0, 1.0), (-0.5, 0.8), (-0.7, 0.25),
              (-0.35, -0.2), (-0.15, 0.1)])
        draw.ellipse([cx - r * 0.3, cy + r * 0.2, cx + r * 0.3, cy + r * 0.85], fill=paper)
    elif name == "snow":
        for a in range(3):
            ang = np.pi * a / 3
            dx, dy = np.cos(ang) * r, np.sin(ang) * r
            draw.line([(cx - dx, cy - dy), (cx + dx, cy + dy)], fill=fill, width=w)
        draw.ellipse([cx - r * 0.22, cy - r * 0.22, cx + r * 0.22, cy + r * 0.22], fill=fill)
    elif name == "heart":
        draw.ellipse([cx - r, cy - r * 0.7, cx, cy + r * 0.2], fill=fill)
        draw.ellipse([cx, cy - r * 0.7, cx + r, cy + r * 0.2], fill=fill)
        poly([(-0.95, -0.05), (0.95, -0.05), (0.0, 1.0)])
    elif name == "shield":
        poly([(-0.8, -0.9), (0.8, -0.9), (0.8, 0.1), (0.0, 1.0), (-0.8, 0.1)])
    elif name == "cross":
        poly([(-0.25, -0.9), (0.25, -0.9), (0.25, 0.9), (-0.25, 0.9)])
        poly([(-0.9, -0.25), (0.9, -0.25), (0.9, 0.25), (-0.9, 0.25)])
    elif name == "star":
        pts = []
        for i in range(10):
            ang = -np.pi / 2 + np.pi * i / 5
            rr = 1.0 if i % 2 == 0 else 0.42
            pts.append((np.cos(ang) * rr, np.sin(ang) * rr))
        poly(pts)
    elif name == "drop":
        poly([(0.0, -1.0), (0.55, 0.1), (0.0, 0.2), (-0.55, 0.1)])
        draw.ellipse([cx - r * 0.6, cy - r * 0.2, cx + r * 0.6, cy + r * 1.0], fill=fill)
    elif name == "coin":
        draw.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill)
        draw.ellipse([cx - r * 0.7, cy - r * 0.7, cx + r * 0.7, cy + r * 0.7], outline=paper, width=w)
    elif name == "skull":
        draw.ellipse([cx - r * 0.8, cy - r * 0.95, cx + r * 0.8, cy + r * 0.55], fill=fill)
        poly([(-0.45, 0.3), (0.45, 0.3), (0.4, 0.95), (-0.4, 0.95)])
        for sx in (-0.33, 0.33):
            draw.ellipse([cx + (sx - 0.2) * r, cy - r * 0.35, cx + (sx + 0.2) * r, cy + r * 0.05], fill=paper)
    elif name == "arrow":
        poly([(-0.9, -0.2), (0.2, -0.2), (0.2, -0.6), (0.95, 0.0), (0.2, 0.6), (0.2, 0.2), (-0.9, 0.2)])
    else:
        raise ValueError(f"unknown icon shape {name!r}; the shapes are {', '.join(SHAPES)}")


def _icon(draw, icon: str, cx, cy, r, fill, paper, bold=True):
    if icon.startswith("shape:"):
        draw_shape(draw, icon[6:], cx, cy, r, fill, paper)
        return
    font = _fit(icon, int(r * 1.7), r * 2.0, bold)
    _centred(draw, (cx, cy), icon, font, fill)


@lru_cache(maxsize=512)
def face_image(face: Face) -> np.ndarray:
    """The (H, W, 4) uint8 image of ``face`` (row 0 at the top)."""
    W, H = int(face.px[0]), int(face.px[1])
    img = Image.new("RGBA", (W, H), _rgb(face.paper) if face.paper is not None else (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    ink, accent = _rgb(face.ink), _rgb(face.accent)
    paper = _rgb(face.paper) if face.paper is not None else (255, 255, 255, 0)
    m = int(min(W, H) * 0.05)
    if face.border and face.paper is not None:
        d.rounded_rectangle([m // 2, m // 2, W - 1 - m // 2, H - 1 - m // 2], radius=m * 2, outline=accent,
                            width=max(2, m // 3))
    if face.layout == "label":
        lines = [face.title] if face.title else []
        lines += list(face.lines)
        n = max(1, len(lines))
        for i, text in enumerate(lines):
            f = _fit(text, int(H / n * 0.78), W * 0.96, bold=(i == 0 and bool(face.title)))
            _centred(d, (W / 2, H * (i + 0.5) / n), text, f, ink)
        return np.asarray(img, dtype=np.uint8)
    if face.layout == "big":
        text = face.icon or face.title
        if text.startswith("shape:"):
            draw_shape(d, text[6:], W / 2, H / 2, min(W, H) * 0.34, ink, paper)
        else:
            f = _fit(text, int(min(W, H) * 0.62), W * 0.86, True)
            _centred(d, (W / 2, H / 2 + H * 0.02), text, f, ink)
        return np.asarray(img, dtype=np.uint8)
    if face.corner:
        f = _fit(face.corner, int(H * 0.09), W * 0.3, True)
        d.text((m * 2, m * 1.6), face.corner, font=f, fill=accent)
    if face.layout == "side":
        # icon in a disc on the left, title and lines on the right
        Hc = H * (1.0 - face.clear[1])
        r = min(Hc * 0.3, W * 0.16)
        cx, cy = m * 2 + r, Hc * 0.45 + m
        if face.icon:
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=accent)
            _icon(d, face.icon, cx, cy + (0 if face.icon.startswith("shape:") else r * 0.05), r * 0.72, paper, accent)
        x0 = cx + r + m * 1.5
        tw = W * (1.0 - face.clear[0]) - x0 - m * 2
        ty = H * 0.08
        if face.title:
            f = _fit(face.title, int(H * 0.24), tw, True)
            d.text((x0, ty), face.title, font=f, fill=ink)
            ty += f.size * 1.18
        f = _font(int(H * 0.12), False)
        for text in face.lines:
            for line in wrap(text, f, tw):
                if ty + f.size > Hc - m * 2 - (H * 0.16 if face.footer else 0):
                    break
                d.text((x0, ty), line, font=f, fill=ink)
                ty += f.size * 1.15
    elif face.layout == "banner":
        # icon and title in a band along the top, lines across below, corners kept clear
        Hc = H * (1.0 - face.clear[1])
        Wc = W * (1.0 - face.clear[0])
        r = H * 0.15
        cx, cy = m * 2 + r + (W * 0.06 if face.corner else 0), m * 2 + r
        if face.icon:
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=accent)
            _icon(d, face.icon, cx, cy + (0 if face.icon.startswith("shape:") else r * 0.05), r * 0.72, paper, accent)
        x0 = cx + r + m
        if face.title:
            f = _fit(face.title, int(r * 1.5), Wc - x0 - m, True)
            d.text((x0, cy), face.title, font=f, fill=ink, anchor="lm")
        ty = cy + r + m * 0.6
        # the lines shrink (to 0.08 H) until they fit the space left; the footer only if there is room
        size = H * 0.115
        while True:
            f = _font(int(size), False)
            rows = [(line, ink) for text in face.lines for line in wrap(text, f, Wc - m * 3)]
            if ty + len(rows) * f.size * 1.12 <= Hc + f.size * 0.12 or size <= H * 0.08:
                break
            size *= 0.92
        rows += [(line, accent) for line in wrap(face.footer, f, Wc - m * 3)] if face.footer else []
        for line, colour in rows:
            if ty + f.size > Hc:
                break
            d.text((m * 2, ty), line, font=f, fill=colour)
            ty += f.size * 1.12
        return np.asarray(img, dtype=np.uint8)
    else:
        y = H * 0.08 + (H * 0.06 if face.corner else 0)
        if face.icon:
            r = min(W * 0.26, H * 0.17)
            cy = y + r
            d.ellipse([W / 2 - r, cy - r, W / 2 + r, cy + r], fill=accent)
            _icon(d, face.icon, W / 2, cy + (0 if face.icon.startswith("shape:") else r * 0.05), r * 0.72, paper, accent)
            y = cy + r + H * 0.03
        if face.title:
            f = _fit(face.title, int(H * 0.11), W * 0.86, True)
            _centred(d, (W / 2, y + f.size * 0.6), face.title, f, ink)
            y += f.size * 1.35
        f = _font(int(H * 0.075), False)
        for text in face.lines:
            for line in wrap(text, f, W * 0.84):
                if y + f.size > H * (0.86 if face.footer else 0.94):
                    break
                _centred(d, (W / 2, y + f.size * 0.6), line, f, ink)
                y += f.size * 1.2
    if face.footer:
        f = _fit(face.footer, int(H * (0.075 if face.layout == "card" else 0.13)), W * 0.86, False)
        _centred(d, (W / 2, H - m * 2 - f.size * 0.55), face.footer, f, accent)
    return np.asarray(img, dtype=np.uint8)
