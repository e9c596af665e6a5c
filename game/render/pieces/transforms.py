"""A stable per-key seed for the pieces (grain, tumbling).  Their 4x4 transforms are the shell's
(:mod:`game.render.instancing`), their picking test the camera's (:func:`game.render.camera.ray_box`)."""

from __future__ import annotations


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

