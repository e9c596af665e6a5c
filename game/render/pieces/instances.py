"""PieceScene -> per-mesh instance rows, pick boxes and highlight footprints (pure numpy).

An instance row is :data:`ROW_FLOATS` float32: a column-major model matrix (16), an RGBA colour
(4), the atlas rectangles of the front and back prints (4 + 4) and params (material, highlight
index, grey, seed).  :func:`build` returns a :class:`Built`: ``rows`` ``{mesh kind: (N, 32)}``,
``boxes`` ``[(key, model, lo, hi)]`` in each mesh's own frame (picking), ``outlines``
``[(highlight, corners)]`` (the footprints the overlay rings go round).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from game.render.instancing import rot_x, rot_y, rot_z, scale, translate

from .meshes import DIE_UP
from .model import HIGHLIGHT_INDEX, Card, Die, Face, Label, Mat, Token, Track
from .transforms import stable_seed

ROW_FLOATS = 32
#: Drawn in this order: small pieces on top first, so the mats under them fail the depth test early.
MESH_KINDS = ("die", "pawn", "disc", "cube", "stand", "card", "plate", "decal")
#: Materials (params.x): how the shader colours a surface.
WOOD, PAPER, FELT, IVORY, DECAL = 0.0, 1.0, 2.0, 3.0, 4.0
#: Mesh bounds in their own frames (for picking and outlines).
BOUNDS = {
    "card": ((-0.5, -0.5, -0.5), (0.5, 0.5, 0.5)),
    "disc": ((-1.0, -1.0, 0.0), (1.0, 1.0, 0.5)),
    "cube": ((-0.5, -0.5, 0.0), (0.5, 0.5, 1.0)),
    "die": ((-0.5, -0.5, -0.5), (0.5, 0.5, 0.5)),
    "pawn": ((-0.5, -0.5, 0.0), (0.5, 0.5, 2.2)),
    "stand": ((-0.5, -0.14, 0.0), (0.5, 0.14, 0.12)),
    "plate": ((-0.5, -0.5, 0.0), (0.5, 0.5, 1.0)),
    "decal": ((-0.5, -0.5, -0.01), (0.5, 0.5, 0.01)),
}
STAND_WOOD = (0.62, 0.44, 0.26)
DISC_HEIGHT = 0.6   # of the radius: the disc mesh is 0.5 high, so a disc is 0.3 r thick
CHIT_THICK = 0.03
PLATE_THICK = 0.02


def _smooth(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3.0 - 2.0 * t)


def card_matrix(c: Card) -> np.ndarray:
    """World matrix of a card: lying centred on (x, y) at ``stand`` 0, upright on the line
    ``y - h/2`` at 1 (falling backwards between), turned over by ``flip`` about its long axis."""
    f = max(0.0, min(1.0, c.flip))
    lift = math.sin(math.pi * f) * c.w * 0.55
    s = c.scale
    return (translate(c.x, c.y, c.z) @ rot_z(c.yaw) @ translate(0.0, -c.h * s / 2, 0.0)
            @ rot_x(90.0 * max(0.0, min(1.0, c.stand))) @ translate(0.0, c.h * s / 2, c.thick * s / 2 + lift)
            @ rot_y(180.0 * _smooth(f)) @ scale(c.w * s, c.h * s, c.thick * s))


def stand_matrix(c: Card) -> np.ndarray:
    return translate(c.x, c.y, c.z) @ rot_z(c.yaw) @ translate(0.0, -c.h * c.scale / 2, 0.0) @ scale(
        c.w * 0.72 * c.scale, 1.0 * c.scale, 1.0 * c.scale)


def token_matrix(t: Token) -> tuple:
    """(mesh kind, world matrix) of a token."""
    s = t.size * t.scale
    base = translate(t.x, t.y, t.z) @ rot_z(t.yaw)
    if t.shape == "disc":
        return "disc", base @ scale(s, s, s * DISC_HEIGHT)
    if t.shape == "cube":
        return "cube", base @ scale(s)
    if t.shape == "chit":
        return "plate", base @ scale(s, s, CHIT_THICK * t.scale)
    if t.shape == "pawn":
        f = max(0.0, min(1.0, t.fall))
        return "pawn", base @ translate(0.0, 0.0, 0.5 * s * f) @ rot_x(-90.0 * f) @ scale(s)
    raise ValueError(f"unknown token shape {t.shape!r}; the shapes are disc, cube, chit, pawn")


def die_matrix(d: Die) -> np.ndarray:
    """World matrix of a die showing ``value`` on top; during a roll (``roll`` < 1) it tumbles
    in from ``roll_from`` (an offset), bouncing, and settles flat."""
    s = d.size * d.scale
    ax, ay = DIE_UP[int(d.value)]
    t = max(0.0, min(1.0, d.roll))
    seed = stable_seed(d.key)
    rest = rot_x(ax) @ rot_y(ay)
    if t >= 1.0:
        return translate(d.x, d.y, d.z + s / 2) @ rot_z(d.yaw) @ rest @ scale(s)
    u = 1.0 - t
    px = d.x + d.roll_from[0] * u * u
    py = d.y + d.roll_from[1] * u * u
    hop = abs(math.sin(t * math.pi * 3.0)) * 0.9 * u * u * s * 3.0
    spin_axis = (math.sin(seed * 17.0), math.cos(seed * 17.0))
    tumble = rot_x(spin_axis[0] * 900.0 * u * u) @ rot_y(spin_axis[1] * 900.0 * u * u)
    return translate(px, py, d.z + s / 2 + hop) @ rot_z(d.yaw + 360.0 * u * (seed - 0.5)) @ tumble @ rest @ scale(s)


def _row(model, color, rect_a=(0, 0, 0, 0), rect_b=(0, 0, 0, 0), material=WOOD, piece=None, seed=0.0):
    hl = HIGHLIGHT_INDEX.get(getattr(piece, "highlight", None), 0) if piece is not None else 0
    grey = 1.0 if piece is not None and getattr(piece, "grey", False) else 0.0
    col = tuple(color) + (1.0,) if len(color) == 3 else tuple(color)
    return np.concatenate([model.T.reshape(-1), col, rect_a, rect_b, (material, float(hl), grey, seed)])


@dataclass
class Built:
    rows: dict
    boxes: list
    outlines: list


def _cell_face(label: str, ink) -> Face:
    return Face(title=str(label), paper=None, ink=ink, px=(96, 96), layout="big", border=False)


def build(scene, atlas, memo: dict | None = None) -> Built:
    """Instance rows, pick boxes and highlight footprints of every piece in ``scene``.

    ``memo`` (a dict the caller keeps, emptied whenever ``atlas`` starts afresh): each piece's
    rows, boxes and footprints by the piece's value, so a piece unchanged since the last build
    costs a lookup; it is left holding this build's pieces only."""
    rows = {k: [] for k in MESH_KINDS}
    boxes, outlines = [], []
    kept = {}
    for p in scene.pieces:
        mk = None
        if memo is not None:
            mk = (type(p), *vars(p).values())
            try:
                parts = memo.get(mk)
            except TypeError:  # a field that is not hashable (a list): built afresh
                mk, parts = None, None
            if parts is None:
                parts = _piece_parts(p, atlas)
            if mk is not None:
                kept[mk] = parts
        else:
            parts = _piece_parts(p, atlas)
        for kind, row, box, outline in parts:
            rows[kind].append(row)
            if box is not None:
                boxes.append(box)
            if outline is not None:
                outlines.append(outline)
    if memo is not None:
        memo.clear()
        memo.update(kept)
    packed = {k: (np.array(v, np.float32) if v else np.zeros((0, ROW_FLOATS), np.float32)) for k, v in rows.items()}
    return Built(packed, boxes, outlines)


def _piece_parts(p, atlas) -> list:
    """``[(mesh kind, row, pick box or None, outline or None)]`` of one piece."""
    out = []

    def add(kind, model, piece, key, **kw):
        lo, hi = BOUNDS[kind]
        hl = getattr(piece, "highlight", None)
        out.append((kind, _row(model, piece=piece, **kw), (key, model, lo, hi),
                    (hl, model, lo, hi, getattr(piece, "yaw", 0.0)) if hl else None))

    seed = stable_seed(p.key)
    if isinstance(p, Card):
        if p.scale <= 0:
            return out
        add("card", card_matrix(p), p, p.key, color=p.color, rect_a=atlas.rect(p.front),
            rect_b=atlas.rect(p.back), material=PAPER, seed=seed)
        if p.holder:
            out.append(("stand", _row(stand_matrix(p), STAND_WOOD, material=WOOD, seed=seed), None, None))
    elif isinstance(p, Token):
        if p.scale <= 0:
            return out
        kind, m = token_matrix(p)
        add(kind, m, p, p.key, color=p.color, rect_a=atlas.rect(p.face),
            material=PAPER if p.shape == "chit" else WOOD, seed=seed)
    elif isinstance(p, Die):
        if p.scale <= 0:
            return out
        add("die", die_matrix(p), p, p.key, color=p.color, rect_a=(*p.pip, 0.0), material=IVORY, seed=seed)
    elif isinstance(p, Track):
        c = p.cell
        dx, dy = math.cos(math.radians(p.yaw)), math.sin(math.radians(p.yaw))
        for i, label in enumerate(p.labels):
            cx, cy = p.x + dx * c * i, p.y + dy * c * i
            m = translate(cx, cy, p.z) @ rot_z(p.yaw) @ scale(c * 0.94, c * 0.94, PLATE_THICK)
            add("plate", m, p if p.value == i else None, (p.key, i), color=p.color,
                rect_a=atlas.rect(_cell_face(label, p.ink)), material=WOOD, seed=seed + i * 0.01)
        if p.value is not None and 0 <= p.value < len(p.labels):
            cx, cy = p.x + dx * c * p.value, p.y + dy * c * p.value
            r = c * 0.3
            m = translate(cx + c * 0.16, cy + c * 0.16, p.z + PLATE_THICK) @ scale(r, r, r * DISC_HEIGHT)
            add("disc", m, p, p.key, color=p.marker_color, material=WOOD, seed=seed)
    elif isinstance(p, Mat):
        m = translate(p.x, p.y, 0.0) @ rot_z(p.yaw) @ scale(p.w, p.h, PLATE_THICK)
        add("plate", m, p, p.key, color=p.color, rect_a=atlas.rect(p.face), material=FELT, seed=seed)
    elif isinstance(p, Label):
        m = translate(p.x, p.y, p.z + 0.004) @ rot_z(p.yaw) @ scale(p.w, p.h, 1.0)
        add("decal", m, p, p.key, color=(1, 1, 1), rect_a=atlas.rect(p.face), material=DECAL, seed=seed)
    else:
        raise TypeError(f"not a piece: {p!r}")
    return out


def footprint(model, lo, hi, yaw: float, pad: float = 0.07) -> np.ndarray:
    """The four table corners (x, y) of the rectangle round a box's footprint, in its yaw frame."""
    pts = np.array([(x, y, z, 1.0) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])])
    w = pts @ model.T
    c, s = math.cos(math.radians(yaw)), math.sin(math.radians(yaw))
    u = w[:, 0] * c + w[:, 1] * s
    v = -w[:, 0] * s + w[:, 1] * c
    u0, u1, v0, v1 = u.min() - pad, u.max() + pad, v.min() - pad, v.max() + pad
    if v1 - v0 < 0.3:  # a standing card seen from above is a line: ring its foot wider
        mid = (v0 + v1) / 2
        v0, v1 = mid - 0.18, mid + 0.18
    corners = [(u0, v0), (u1, v0), (u1, v1), (u0, v1)]
    return np.array([(a * c - b * s, a * s + b * c) for a, b in corners])
