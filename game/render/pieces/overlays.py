"""Highlight rings of the pieces (pure numpy): a coloured band on the table round each
highlighted piece's footprint, drawn with the overlay program like the Trench board's."""

from __future__ import annotations

import math

import numpy as np

from .instances import footprint
from .model import HIGHLIGHTS

RING_WIDTH = 0.06
RING_Z = 0.03


def ring(corners: np.ndarray, rgb, alpha: float = 0.9, width: float = RING_WIDTH, z: float = RING_Z) -> np.ndarray:
    """Overlay triangles (x, y, z, r, g, b, a, u=-1) of a band along a closed polygon: per side
    two triangles from the corners ``a``, ``b`` to the corners moved ``width`` towards the centre."""
    c = np.asarray(corners, float)
    d = c.mean(axis=0) - c
    inner = c + d / np.maximum(np.sqrt((d * d).sum(axis=1)), 1e-9)[:, None] * width
    a, ia = c, inner
    b, ib = np.roll(c, -1, axis=0), np.roll(inner, -1, axis=0)
    pts = np.stack([a, b, ib, a, ib, ia], axis=1).reshape(-1, c.shape[1])
    out = np.empty((len(pts), 8), np.float32)
    out[:, 0:2] = pts[:, :2]
    out[:, 2] = z
    out[:, 3:6] = rgb
    out[:, 6] = alpha
    out[:, 7] = -1.0
    return out


def highlight_rings(built) -> list:
    """The ring of every highlighted piece of a built scene, one triangle array per piece (in the
    order of ``built.outlines``)."""
    if built is None or not built.outlines:
        return []
    return [_piece_ring(name, model, lo, hi, yaw) for name, model, lo, hi, yaw in built.outlines]


def _piece_ring(name: str, model, lo, hi, yaw: float) -> np.ndarray:
    """The ring of highlight ``name`` round one piece's box (hover drawn a little stronger)."""
    return ring(footprint(model, lo, hi, yaw), HIGHLIGHTS[name], 0.95 if name == "hover" else 0.85)


def rings_for(built, marks: dict) -> np.ndarray | None:
    """Rings round the pieces named in ``marks`` ``{piece key: highlight name}`` (every box of
    a piece with that key), drawn as overlays without rebuilding the scene."""
    if built is None or not marks:
        return None
    parts = []
    for key, model, lo, hi in built.boxes:
        name = marks.get(key)
        if name is not None:
            yaw = math.degrees(math.atan2(model[1, 0], model[0, 0]))
            parts.append(_piece_ring(name, model, lo, hi, yaw))
    return np.concatenate(parts) if parts else None
