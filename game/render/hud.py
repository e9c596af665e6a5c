"""The 2D heads-up layer (pyglet): panels, text, cards, icons and click regions over the table.

All text is drawn in the bundled font (:data:`FONT`, see :mod:`game.render.fonts`);
:func:`text_width` measures it.  Immediate-mode and game-agnostic: each frame the screen paints a :class:`HudCanvas`
(a list of primitives plus named click regions); :class:`HudPainter` turns it into
a pyglet batch only when the list differs from the last frame's, so a still frame
costs one batch draw.  Coordinates are window pixels, origin bottom-left (pyglet).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from .fonts import FAMILY, load_fonts, text_px

#: Every HUD label's font: the bundled BIZ UDPGothic (Japanese and Latin), registered with pyglet by
#: :func:`game.render.fonts.load_fonts` before the first label is made, so the HUD looks the same
#: on any machine.  Symbols drawn as text must be glyphs of it (``tests/i18n`` checks ours).
FONT = FAMILY
PANEL = (18, 16, 14, 214)
PANEL_EDGE = (120, 104, 80, 255)
INK = (246, 240, 226, 255)
DIM = (170, 160, 145, 255)


#: The player's UI scale setting (``set_ui_scale``), a factor on top of the window's own.
_UI_SCALE = [1.0]


def set_ui_scale(factor: float) -> None:
    """Multiply every HUD size by ``factor`` (the Settings menu's UI scale)."""
    _UI_SCALE[0] = float(factor)


def ui_scale() -> float:
    return _UI_SCALE[0]


def hud_scale(width, height) -> float:
    """The HUD's size factor: 1 at 1280x720, smaller windows shrink it (down to 0.72), times the
    player's UI scale setting."""
    return max(0.72, min(width / 1280, height / 720, 2.0)) * _UI_SCALE[0]


@dataclass(frozen=True)
class Region:
    """A clickable / hoverable rectangle: ``key`` names what it is, ``tip`` its hover text."""
    x: float
    y: float
    w: float
    h: float
    key: object
    tip: str = ""

    def contains(self, px, py) -> bool:
        return self.x <= px <= self.x + self.w and self.y <= py <= self.y + self.h

    @property
    def center(self):
        return (self.x + self.w / 2, self.y + self.h / 2)


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width in pixels of a one-line label of ``size`` points in :data:`FONT`, measured from
    the bundled font's advances (as pyglet lays it out; Japanese and Latin alike)."""
    return text_px(text, size, "bold" if bold else "normal")


class HudCanvas:
    """Primitives for one frame, painted in order, and the click regions (last on top)."""

    def __init__(self, width: int, height: int, scale: float = 1.0):
        self.width, self.height, self.scale = width, height, scale
        self.items: list = []
        self.regions: list[Region] = []
        self.layer = 0  # raise for pop-ups: one later layer draws over all of an earlier one

    def px(self, v: float) -> float:
        return v * self.scale

    def rect(self, x, y, w, h, color, border=None, border_w=1.0):
        if border is not None:
            self.items.append((self.layer,) + ("rect", round(x), round(y), round(w), round(h), tuple(border)))
            b = max(1, round(border_w))
            self.items.append((self.layer,) + ("rect", round(x) + b, round(y) + b, round(w) - 2 * b, round(h) - 2 * b,
                               tuple(color)))
        else:
            self.items.append((self.layer,) + ("rect", round(x), round(y), round(w), round(h), tuple(color)))

    def panel(self, x, y, w, h, color=PANEL, edge=PANEL_EDGE):
        self.rect(x, y, w, h, color, border=edge)

    def text(self, s, x, y, size=11, color=INK, anchor_x="left", anchor_y="baseline", width=None,
             bold=False):
        self.items.append((self.layer,) + ("text", str(s), round(x), round(y), round(size * self.scale, 1), tuple(color),
                           anchor_x, anchor_y, round(width) if width else None, bold))

    def triangle(self, p0, p1, p2, color):
        self.items.append((self.layer,) + ("tri", tuple(map(round, p0)), tuple(map(round, p1)), tuple(map(round, p2)),
                           tuple(color)))

    def circle(self, x, y, r, color):
        self.items.append((self.layer,) + ("circle", round(x), round(y), round(r, 1), tuple(color)))

    def line(self, x0, y0, x1, y1, width, color):
        self.items.append((self.layer,) + ("line", round(x0), round(y0), round(x1), round(y1), round(width, 1), tuple(color)))

    def arrow(self, cx, cy, angle, length, color, width=3.0):
        """An arrow centred on (cx, cy) pointing at ``angle`` radians (0 = right, ccw)."""
        dx, dy = math.cos(angle) * length / 2, math.sin(angle) * length / 2
        self.line(cx - dx, cy - dy, cx + dx * 0.5, cy + dy * 0.5, width, color)
        hx, hy = cx + dx, cy + dy
        bx, by = cx + dx * 0.35, cy + dy * 0.35
        nx, ny = -dy * 0.45, dx * 0.45
        self.triangle((hx, hy), (bx + nx, by + ny), (bx - nx, by - ny), color)

    def region(self, x, y, w, h, key, tip=""):
        self.regions.append(Region(x, y, w, h, key, tip))

    def image(self, png: bytes, x, y, w, h):
        """A PNG picture (a plot) stretched to the rectangle; the item names it by its digest, so
        an unchanged picture costs no rebuild and is decoded once."""
        self.items.append((self.layer,) + ("image", image_key(png), round(x), round(y), round(w), round(h)))

    def button(self, x, y, w, h, label, key, size=11, enabled=True, focused=False, tip="",
               color=(58, 52, 44, 240), hot=(92, 84, 60, 250)):
        edge = (255, 214, 120, 255) if focused else PANEL_EDGE
        fill = hot if focused else color
        if not enabled:
            fill = (40, 38, 36, 200)
        self.rect(x, y, w, h, fill, border=edge, border_w=2 if focused else 1)
        self.text(label, x + w / 2, y + h / 2, size, INK if enabled else DIM, anchor_x="center",
                  anchor_y="center")
        self.region(x, y, w, h, key, tip)

    def hit(self, px, py):
        """The topmost region under (px, py), or None."""
        for r in reversed(self.regions):
            if r.contains(px, py):
                return r
        return None

    def find(self, key):
        """The region with ``key`` (topmost), or None."""
        for r in reversed(self.regions):
            if r.key == key:
                return r
        return None


#: Items on this layer form the HUD's frame (bars and panels round the table's viewport):
#: :class:`FrameLayer` keeps them in a texture, redrawn only when they change.
FRAME = -1

#: digest -> PNG bytes of the pictures painted lately (:meth:`HudCanvas.image`), oldest first
_IMAGES: dict = {}
_IMAGES_KEPT = 48


def image_key(png: bytes) -> str:
    """The name of a PNG picture on the canvas (its digest); remembers the bytes for the painter."""
    import hashlib
    digest = hashlib.blake2b(png, digest_size=12).hexdigest()
    if digest not in _IMAGES:
        _IMAGES[digest] = png
        while len(_IMAGES) > _IMAGES_KEPT:
            _IMAGES.pop(next(iter(_IMAGES)))
    return digest


def image_size(png: bytes) -> tuple[int, int]:
    """(width, height) in pixels of a PNG, read from its header."""
    import struct
    if png[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG picture")
    return struct.unpack(">II", png[16:24])


class HudPainter:
    """Draws canvas items with pyglet; rebuilds its batch only when the items change."""

    def __init__(self):
        self._items = None
        self._batch = None
        self._keep = []
        self._textures = {}  # image digest -> decoded pyglet image
        self.rebuilds = 0

    def changed(self, items) -> bool:
        return items != self._items

    def draw(self, canvas_or_items):
        items = canvas_or_items.items if isinstance(canvas_or_items, HudCanvas) else canvas_or_items
        if items != self._items:
            self._build(items)
            self._items = list(items)
        if self._batch is not None:
            self._batch.draw()


    def _build(self, items):
        import pyglet
        from pyglet import shapes
        load_fonts()
        batch = pyglet.graphics.Batch()
        keep = []
        groups = {}

        def group(i):
            g = groups.get(i)
            if g is None:
                g = groups[i] = pyglet.graphics.Group(order=i)
            return g

        for it in items:
            # few groups, few draw calls: per layer, the shapes, then the text over them
            layer, it = it[0], it[1:]
            kind = it[0]
            g = group(layer * 2 + (kind == "text"))
            if kind == "rect":
                _, x, y, w, h, c = it
                keep.append(shapes.Rectangle(x, y, max(w, 0), max(h, 0), color=c, batch=batch, group=g))
            elif kind == "text":
                _, s, x, y, size, c, ax, ay, width, bold = it
                kw = dict(font_name=FONT, font_size=size, x=x, y=y, color=c, anchor_x=ax, anchor_y=ay,
                          batch=batch, group=g, weight="bold" if bold else "normal")
                if width:
                    kw.update(width=width, multiline=True)
                keep.append(pyglet.text.Label(s, **kw))
            elif kind == "tri":
                _, p0, p1, p2, c = it
                keep.append(shapes.Triangle(*p0, *p1, *p2, color=c, batch=batch, group=g))
            elif kind == "circle":
                _, x, y, r, c = it
                keep.append(shapes.Circle(x, y, r, color=c, batch=batch, group=g))
            elif kind == "line":
                _, x0, y0, x1, y1, w, c = it
                keep.append(shapes.Line(x0, y0, x1, y1, thickness=w, color=c, batch=batch, group=g))
            elif kind == "image":
                _, digest, x, y, w, h = it
                img = self._texture(digest)
                if img is not None and w > 0 and h > 0:
                    sprite = pyglet.sprite.Sprite(img, x, y, batch=batch, group=group(layer * 2 + 1))
                    sprite.scale_x, sprite.scale_y = w / img.width, h / img.height
                    keep.append(sprite)
        self._batch, self._keep = batch, keep
        self.rebuilds += 1

    def _texture(self, digest):
        """The decoded picture of ``digest`` (None when its bytes are no longer remembered)."""
        if digest not in self._textures:
            png = _IMAGES.get(digest)
            if png is None:
                return None
            import io

            import pyglet
            self._textures[digest] = pyglet.image.load(f"{digest}.png", file=io.BytesIO(png))
            while len(self._textures) > 12:
                self._textures.pop(next(iter(self._textures)))
        return self._textures[digest]


class FrameLayer:
    """The HUD's frame (layer :data:`FRAME`) drawn once into a texture and copied, opaque,
    into the parts of the window outside the table's viewport each frame: on a software
    renderer, blending big panels over the table every frame would cost more than the table."""

    def __init__(self, ctx):
        from .gl import load_program
        self.ctx = ctx
        self.painter = HudPainter()
        self.prog = load_program(ctx, "blit")
        self.vao = ctx.vertex_array(self.prog, [])
        self.size = None
        self.tex = self.fbo = None
        self.redraws = 0

    def _ensure(self, w, h):
        if self.size == (w, h):
            return
        if self.fbo is not None:
            self.fbo.release()
            self.tex.release()
        self.tex = self.ctx.texture((w, h), 4)
        self.tex.filter = (self.ctx.NEAREST, self.ctx.NEAREST)
        self.fbo = self.ctx.framebuffer(color_attachments=[self.tex])
        self.size = (w, h)
        self.painter._items = None

    def draw(self, items, screen, fw, fh, hole):
        """Copy the frame onto ``screen`` everywhere but ``hole`` = (x, y, w, h) framebuffer
        pixels (where the table is presented)."""
        ctx = self.ctx
        self._ensure(fw, fh)
        if self.painter.changed(items):
            self.fbo.use()
            ctx.viewport = (0, 0, fw, fh)
            self.fbo.clear(*(c / 255 for c in PANEL[:3]), 1.0)
            ctx.enable(ctx.BLEND)
            ctx.blend_func = ctx.SRC_ALPHA, ctx.ONE_MINUS_SRC_ALPHA
            self.painter.draw(items)
            self.redraws += 1
        screen.use()
        ctx.disable(ctx.BLEND | ctx.DEPTH_TEST | ctx.CULL_FACE)
        self.tex.use(0)
        self.prog["u_image"].value = 0
        x, y, w, h = hole
        # the same fullscreen triangle drawn in up to four viewports: each shows its part
        for rect in ((0, 0, fw, y), (0, y + h, fw, fh - y - h), (0, y, x, h), (x + w, y, fw - x - w, h)):
            if rect[2] > 0 and rect[3] > 0:
                ctx.viewport = (0, 0, fw, fh)
                ctx.scissor = rect
                self.vao.render(ctx.TRIANGLES, vertices=3)
        ctx.scissor = None
