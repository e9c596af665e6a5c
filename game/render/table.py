"""The table-top texture (pure numpy): walnut planks round a dark earthen board mat.

Baked once at start-up so the table's fragment shader is a single texture fetch
plus lighting; it covers ``[-EXTENT, EXTENT]`` in world x and y.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

EXTENT = 24.0
MAT_HALF = 3.62


@lru_cache(maxsize=2)
def table_albedo(size: int = 2048) -> np.ndarray:
    """(size, size, 3) uint8 albedo; row 0 is world y = -EXTENT (texture origin bottom-left).

    Cached: treat the result as read-only.
    """
    c = (np.arange(size, dtype=np.float32) + 0.5) / size * 2 * EXTENT - EXTENT
    x = c[None, :]
    y = c[:, None]
    fy = y * 0.55
    plank = np.floor(fy)
    seed = np.mod(plank * 0.618034 + 0.37, 1.0)
    f = fy - plank
    # grain: long gentle waves along each plank, with finer figure and a few darker streaks
    w = y * 13.0 + 3.0 * np.sin(x * 0.31 + seed * 9.0) + 0.6 * np.sin(x * 1.3 + seed * 4.0) + seed * 7.0
    grain = 0.55 * np.sin(w) + 0.3 * np.sin(w * 2.7 + seed * 3.0) + 0.15 * np.sin(x * 0.05 + w * 0.3)
    light = np.array([0.40, 0.245, 0.135], np.float32)
    dark = np.array([0.32, 0.185, 0.10], np.float32)
    t = (0.5 + 0.5 * grain)[..., None]
    alb = light * (1 - t) + dark * t
    alb *= (0.86 + 0.26 * seed)[..., None]
    seam = np.clip(f / 0.012, 0, 1) * np.clip((1 - f) / 0.012, 0, 1)
    # plank ends, staggered per plank
    ex = np.mod(x + seed * 7.3, 9.0)
    seam = seam * np.clip(np.minimum(ex, 9.0 - ex) / 0.015, 0, 1)
    alb *= (0.5 + 0.5 * seam)[..., None]
    e = np.maximum(np.abs(x), np.abs(y))
    ao = 0.55 + 0.45 * np.clip((e - MAT_HALF) / 0.7, 0, 1)
    alb *= ao[..., None]
    # the board mat: packed earth, darker at its rim
    n = np.sin(x * 13.1 + np.sin(y * 7.3)) * np.sin(y * 11.7 + np.sin(x * 5.1))
    mat = np.array([0.30, 0.22, 0.15], np.float32) * (0.93 + 0.07 * n)[..., None]
    rim = 1.0 - 0.3 * np.clip((e - 3.5) / 0.12, 0, 1)
    mat *= rim[..., None]
    inside = (e < MAT_HALF)[..., None]
    out = np.where(inside, mat, alb)
    return (np.clip(out, 0, 1) * 255 + 0.5).astype(np.uint8)
