"""Instance rows for the renderer's instanced draws (pure numpy), for any table's pieces.

An instance row is :data:`INSTANCE_FLOATS` float32: a column-major 4x4 model matrix, an RGBA
colour and four shader parameters (what they mean is the mesh's program's business:
``shaders/figure.glsl`` reads a piece's emblem, ``wood.glsl`` a cube's tone...).  A table's
:class:`game.render.kit.DrawKit` builds ``{mesh kind: rows}`` from its scene with these helpers.
"""

from __future__ import annotations

import math

import numpy as np

INSTANCE_FLOATS = 24
#: The 4x4 identity the transforms below start from (copied: ``np.identity`` costs some 3 µs a
#: call, and a card table's frame asks for a few hundred of them).
_IDENTITY = np.identity(4)


def translate(x, y, z):
    m = _IDENTITY.copy()
    m[:3, 3] = (x, y, z)
    return m


def rot_z(deg):
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    m = _IDENTITY.copy()
    m[0, 0], m[0, 1], m[1, 0], m[1, 1] = c, -s, s, c
    return m


def rot_x(deg):
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    m = _IDENTITY.copy()
    m[1, 1], m[1, 2], m[2, 1], m[2, 2] = c, -s, s, c
    return m


def rot_y(deg):
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    m = _IDENTITY.copy()
    m[0, 0], m[0, 2], m[2, 0], m[2, 2] = c, s, -s, c
    return m


def scale(sx, sy=None, sz=None):
    m = _IDENTITY.copy()
    m[0, 0], m[1, 1], m[2, 2] = sx, sx if sy is None else sy, sx if sz is None else sz
    return m


def row(model, color, params) -> np.ndarray:
    """One instance row from a 4x4 model matrix, an RGBA colour and four shader parameters."""
    return np.concatenate([model.T.reshape(-1), color, params])


def pack(rows: list) -> np.ndarray:
    """A list of rows as one (N, 24) float32 array (an empty one for no rows)."""
    return np.array(rows, dtype=np.float32) if rows else np.zeros((0, INSTANCE_FLOATS), np.float32)
