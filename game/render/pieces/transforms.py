"""4x4 transforms (numpy, column vectors), a stable per-key seed, and the ray/box test:
the small maths the pieces need (the shell's own copy: no table's module is imported here)."""

from __future__ import annotations

import math

import numpy as np


def translate(x, y, z):
    m = np.identity(4)
    m[:3, 3] = (x, y, z)
    return m


def rot_x(deg):
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    m = np.identity(4)
    m[1, 1], m[1, 2], m[2, 1], m[2, 2] = c, -s, s, c
    return m


def rot_y(deg):
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    m = np.identity(4)
    m[0, 0], m[0, 2], m[2, 0], m[2, 2] = c, s, -s, c
    return m


def rot_z(deg):
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    m = np.identity(4)
    m[0, 0], m[0, 1], m[1, 0], m[1, 1] = c, -s, s, c
    return m


def scale(sx, sy=None, sz=None):
    m = np.identity(4)
    m[0, 0], m[1, 1], m[2, 2] = sx, sx if sy is None else sy, sx if sz is None else sz
    return m


def stable_seed(key) -> float:
    """A stable pseudo-random number in [0, 1) for a piece key (grain, tumbling), the same in
    every process (FNV-1a of its repr, then mixed)."""
    h = 2166136261
    for ch in repr(key).encode():
        h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
    h ^= h >> 13
    h = (h * 0x5BD1E995) & 0xFFFFFFFF
    h ^= h >> 15
    return (h & 0xFFFFFF) / float(1 << 24)


def ray_box(origin, direction, lo, hi) -> float | None:
    """Distance along the ray to an axis-aligned box [lo, hi], or None."""
    t0, t1 = -math.inf, math.inf
    for i in range(3):
        o, d = float(origin[i]), float(direction[i])
        if abs(d) < 1e-12:
            if o < lo[i] - 1e-9 or o > hi[i] + 1e-9:
                return None
            continue
        a, b = (lo[i] - o) / d, (hi[i] - o) / d
        if a > b:
            a, b = b, a
        t0, t1 = max(t0, a), min(t1, b)
        if t0 > t1 + 1e-9:
            return None
    if t1 < 0:
        return None
    return max(t0, 0.0)
