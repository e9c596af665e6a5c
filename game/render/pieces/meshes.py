"""Meshes of the pieces (pure numpy): card slab, disc, bevelled cube, pawn, die, tile, stand.

Vertices are ``(x, y, z, nx, ny, nz, u, v, tag)`` float32, triangles counter-clockwise from
outside.  ``tag`` tells the shader which surface a vertex is on (:data:`TAG_FRONT` printed with
the instance's front rectangle of the atlas, :data:`TAG_BACK` with its back rectangle,
:data:`TAG_SIDE` plain; die faces ``TAG_DIE + value``); ``(u, v)`` runs 0..1 across a printed
surface, v up the face as it is read.
"""

from __future__ import annotations

import math

import numpy as np

from ..meshes import bevel_cube, lathe

VERTEX_FLOATS = 9
TAG_FRONT, TAG_BACK, TAG_SIDE, TAG_DIE = 0.0, 1.0, 2.0, 3.0


def _with_uv(mesh7: np.ndarray, uv_fn=None, tag=TAG_SIDE) -> np.ndarray:
    """A 7-float mesh of ``game.render.meshes`` with (u, v) added and re-tagged."""
    n = len(mesh7)
    out = np.zeros((n, VERTEX_FLOATS), np.float32)
    out[:, :6] = mesh7[:, :6]
    out[:, 8] = tag
    if uv_fn is not None:
        uv_fn(out)
    return out


def _rounded_rect(r: float, seg: int = 5) -> list:
    """Outline of the square [-0.5, 0.5]^2 with rounded corners of radius ``r``, counter-clockwise."""
    pts = []
    for cx, cy, a0 in ((0.5 - r, -0.5 + r, -90), (0.5 - r, 0.5 - r, 0), (-0.5 + r, 0.5 - r, 90),
                       (-0.5 + r, -0.5 + r, 180)):
        for i in range(seg + 1):
            a = math.radians(a0 + 90 * i / seg)
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def slab(corner: float = 0.06) -> np.ndarray:
    """A unit card: [-0.5, 0.5]^2 x [-0.5, 0.5] with rounded corners; front (+z, tag 0) and back
    (-z, tag 1, its u mirrored so the back reads right way round from behind); the rim tag 2.
    Scaled per instance to (w, h, thickness)."""
    outline = _rounded_rect(corner)
    n = len(outline)
    rows = []

    def v(p, nrm, uv, tag):
        rows.append((*p, *nrm, *uv, tag))

    for i in range(1, n - 1):  # fans (the outline is convex)
        for k in (0, i, i + 1):
            x, y = outline[k]
            v((x, y, 0.5), (0, 0, 1), (x + 0.5, y + 0.5), TAG_FRONT)
        for k in (0, i + 1, i):
            x, y = outline[k]
            v((x, y, -0.5), (0, 0, -1), (0.5 - x, y + 0.5), TAG_BACK)
    for i in range(n):
        (x0, y0), (x1, y1) = outline[i], outline[(i + 1) % n]
        nx, ny = y1 - y0, -(x1 - x0)
        ln = math.hypot(nx, ny) or 1.0
        nrm = (nx / ln, ny / ln, 0.0)
        for p in ((x0, y0, -0.5), (x1, y1, -0.5), (x1, y1, 0.5), (x0, y0, -0.5), (x1, y1, 0.5), (x0, y0, 0.5)):
            v(p, nrm, (0.0, 0.0), TAG_SIDE)
    return np.array(rows, np.float32)


def disc(segments: int = 16) -> np.ndarray:
    """A wooden disc of radius 1 and height 0.5 on z = 0, its top printable (tag 0)."""
    prof = [(0, 0.5), (0.88, 0.5), (1.0, 0.42), (1.0, 0.08), (0.9, 0.0), (0, 0.0)]
    m = _with_uv(lathe(prof, segments, 0.0))
    top = m[:, 5] > 0.99
    m[top, 8] = TAG_FRONT
    m[top, 6] = m[top, 0] * 0.5 + 0.5
    m[top, 7] = m[top, 1] * 0.5 + 0.5
    return m


def cube(bevel: float = 0.07) -> np.ndarray:
    """A wooden cube of side 1 standing on z = 0, its top printable (tag 0)."""
    m = _with_uv(bevel_cube(bevel))
    m[:, 2] += 0.5
    top = (m[:, 5] > 0.99) & (m[:, 2] > 0.99)
    m[top, 8] = TAG_FRONT
    m[top, 6] = m[top, 0] + 0.5
    m[top, 7] = m[top, 1] + 0.5
    return m


def die(bevel: float = 0.12) -> np.ndarray:
    """A die of side 1 centred on the origin; face value f carries tag ``TAG_DIE + f`` with (u, v)
    across it: +z 1, +y 2, +x 3, -x 4, -y 5, -z 6 (opposite faces sum to 7)."""
    m = _with_uv(bevel_cube(bevel))
    axes = {1: (2, 1.0), 6: (2, -1.0), 2: (1, 1.0), 5: (1, -1.0), 3: (0, 1.0), 4: (0, -1.0)}
    for value, (ax, sg) in axes.items():
        sel = (m[:, 3 + ax] * sg > 0.99) & (m[:, ax] * sg > 0.49)
        a, b = [i for i in range(3) if i != ax]
        m[sel, 8] = TAG_DIE + value
        m[sel, 6] = m[sel, a] + 0.5
        m[sel, 7] = m[sel, b] + 0.5
    return m


#: Which rotation (about x, then y; degrees) brings die face ``value`` to the top.
DIE_UP = {1: (0, 0), 6: (180, 0), 2: (90, 0), 5: (-90, 0), 3: (0, -90), 4: (0, 90)}


def pawn(segments: int = 12) -> np.ndarray:
    """A standing wooden figure of width 1 (base radius 0.5), 2.2 tall, on z = 0: a turned pawn."""
    prof = [(0, 2.2), (0.2, 2.17), (0.3, 2.05), (0.33, 1.9), (0.3, 1.75), (0.2, 1.64), (0.16, 1.58),
            (0.3, 1.5), (0.3, 1.42), (0.18, 1.36), (0.22, 0.9), (0.3, 0.45), (0.42, 0.3), (0.5, 0.2),
            (0.5, 0.06), (0.45, 0.0), (0, 0.0)]
    return _with_uv(lathe(prof, segments, 0.0))


def stand() -> np.ndarray:
    """The wooden foot a standing card slots into: 1 wide (x), 0.28 deep, 0.12 high, on z = 0."""
    m = _with_uv(bevel_cube(0.1))
    m[:, 0] *= 1.0
    m[:, 1] *= 0.28
    m[:, 2] = (m[:, 2] + 0.5) * 0.12
    return m


def plate() -> np.ndarray:
    """A thin plate (mats, track cells): [-0.5, 0.5]^2 x [0, 1], its top printable (tag 0);
    square edges (it is scaled very unevenly: a bevel would stretch into a band)."""
    m = _with_uv(bevel_cube(0.0005))
    m[:, 2] += 0.5
    top = (m[:, 5] > 0.99) & (m[:, 2] > 0.99)
    m[top, 8] = TAG_FRONT
    m[top, 6] = m[top, 0] + 0.5
    m[top, 7] = m[top, 1] + 0.5
    return m


def decal() -> np.ndarray:
    """A flat printed quad [-0.5, 0.5]^2 at z = 0, facing up (labels)."""
    rows = []
    for x, y in ((-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)):
        rows.append((x, y, 0.0, 0, 0, 1, x + 0.5, y + 0.5, TAG_FRONT))
    return np.array(rows, np.float32)


def uniform_tags(mesh: np.ndarray) -> np.ndarray:
    """The mesh with every triangle whose vertices disagree on their tag (a bevel strip between
    two faces) tagged :data:`TAG_SIDE`, so no surface code is interpolated across a triangle."""
    tri = mesh.reshape(-1, 3, VERTEX_FLOATS).copy()
    mixed = (tri[:, :, 8] != tri[:, :1, 8]).any(axis=1)
    tri[mixed, :, 8] = TAG_SIDE
    return tri.reshape(-1, VERTEX_FLOATS)


def piece_meshes() -> dict:
    """Every mesh kind the piece renderer draws, by name."""
    meshes = {"card": slab(), "disc": disc(), "cube": cube(), "die": die(), "pawn": pawn(),
              "stand": stand(), "plate": plate(), "decal": decal()}
    return {k: uniform_tags(m) for k, m in meshes.items()}


def indexed(mesh: np.ndarray):
    """(unique vertices, uint32 indices) of a triangle list."""
    verts, inverse = np.unique(mesh, axis=0, return_inverse=True)
    return verts.astype(np.float32), inverse.reshape(-1).astype(np.uint32)
