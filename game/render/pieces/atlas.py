"""The texture atlas of printed faces (pure numpy; the renderer uploads what changed).

``Atlas.rect(face)`` draws a :class:`~game.render.pieces.model.Face` the first time it is asked
for (``faces.face_image``) and packs it on a shelf of a square RGBA image; it answers the face's
rectangle ``(u0, v0, u1, v1)`` in texture coordinates, v up (the image is stored bottom row
first, as OpenGL reads it).  ``dirty`` lists the texel boxes written since the last
``take_dirty()``.  When the atlas is full it starts afresh (``generation`` grows: every
rectangle handed out before is void, the caller asks again).
"""

from __future__ import annotations

import numpy as np

from .faces import face_image

#: Texels of padding round every face (mipmaps and filtering stay inside their own face).
PAD = 4
#: Side of the transparent corner block (transparent down to the mipmap of 1/32 the size).
BLANK = 32


class AtlasFull(RuntimeError):
    pass


class Atlas:
    def __init__(self, size: int = 2048):
        self.size = size
        self.image = np.zeros((size, size, 4), np.uint8)
        self.generation = 0
        self._reset()

    def _reset(self):
        self.image[:] = 0
        self._rects: dict = {}
        # a transparent corner, sampled by surfaces that print nothing (one shader path for all)
        self._shelf_y = 0
        self._shelf_h = BLANK
        self._x = BLANK
        self.dirty: list = [(0, 0, self.size, self.size)]
        self.generation += 1

    @property
    def blank(self) -> tuple:
        """A rectangle inside the transparent corner: what a surface without a print samples."""
        c = (BLANK / 2) / self.size
        return (c, c, c, c)

    def __contains__(self, face) -> bool:
        return face in self._rects

    def __len__(self) -> int:
        return len(self._rects)

    def _place(self, w: int, h: int):
        w2, h2 = w + 2 * PAD, h + 2 * PAD
        if w2 > self.size or h2 > self.size:
            raise AtlasFull(f"a face of {w}x{h} texels does not fit a {self.size}² atlas")
        if self._x + w2 > self.size:
            self._shelf_y += self._shelf_h
            self._x, self._shelf_h = 0, 0
        if self._shelf_y + h2 > self.size:
            raise AtlasFull("atlas full")
        x, y = self._x + PAD, self._shelf_y + PAD
        self._x += w2
        self._shelf_h = max(self._shelf_h, h2)
        return x, y

    def rect(self, face) -> tuple:
        """(u0, v0, u1, v1) of ``face`` (None: the empty rectangle (0, 0, 0, 0), nothing printed)."""
        if face is None:
            return (0.0, 0.0, 0.0, 0.0)
        r = self._rects.get(face)
        if r is not None:
            return r
        img = face_image(face)[::-1]  # bottom row first
        h, w = img.shape[:2]
        try:
            x, y = self._place(w, h)
        except AtlasFull:
            self._reset()
            x, y = self._place(w, h)
        self.image[y:y + h, x:x + w] = img
        # the padding repeats the edge texels, so filtering at the border shows no seam
        self.image[y - PAD:y, x:x + w] = img[:1]
        self.image[y + h:y + h + PAD, x:x + w] = img[-1:]
        self.image[y - PAD:y + h + PAD, x - PAD:x] = self.image[y - PAD:y + h + PAD, x:x + 1]
        self.image[y - PAD:y + h + PAD, x + w:x + w + PAD] = self.image[y - PAD:y + h + PAD, x + w - 1:x + w]
        self.dirty.append((x - PAD, y - PAD, w + 2 * PAD, h + 2 * PAD))
        s = float(self.size)
        r = self._rects[face] = ((x + 0.5) / s, (y + 0.5) / s, (x + w - 0.5) / s, (y + h - 0.5) / s)
        return r

    def take_dirty(self) -> list:
        """The texel boxes ``(x, y, w, h)`` written since the last call (then forgotten)."""
        out, self.dirty = self.dirty, []
        return out
