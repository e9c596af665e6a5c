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
    """Overlay triangles (x, y, z, r, g, b, a, u=-1) of a band along a closed polygon."""
    c = np.asarray(corners, float)
    centre = c.mean(axis=0)
    out = []
    n = len(c)
    for i in range(n):
        a, b = c[i], c[(i + 1) % n]
        ia = a + (centre - a) / max(np.linalg.norm(centre - a), 1e-9) * width
        ib = b + (centre - b) / max(np.linalg.norm(centre - b), 1e-9) * width
        for p in (a, b, ib, a, ib, ia):
            out.append((p[0], p[1], z, *rgb, alpha, -1.0))
    return np.array(out, np.float32)


def highlight_triangles(built) -> np.ndarray | None:
    """Rings round every highlighted piece of a built scene (None when there are none)."""
    if built is None or not built.outlines:
        return None
    parts = []
    for name, model, lo, hi, yaw in built.outlines:
        parts.append(ring(footprint(model, lo, hi, yaw), HIGHLIGHTS[name], 0.95 if name == "hover" else 0.85))
    return np.concatenate(parts)


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
            parts.append(ring(footprint(model, lo, hi, yaw), HIGHLIGHTS[name], 0.95 if name == "hover" else 0.85))
    return np.concatenate(parts) if parts else None
