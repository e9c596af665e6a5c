"""Picking on a piece table (pure): which piece lies under a screen point.

The ray is cast against every piece's box in its own frame (a card's slab, a disc's cylinder box,
a die, a track cell, a mat): the nearest hit wins, so a counter lying on a card is picked before
the card and the card before its mat.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from ..camera import ray, ray_box
from .atlas import Atlas
from .instances import build


@dataclass(frozen=True)
class PiecePick:
    """The key of the piece under the pointer, the world hit point and its distance."""
    key: object
    point: tuple = (0.0, 0.0, 0.0)
    distance: float = math.inf


@dataclass(frozen=True)
class TargetPick:
    """What a piece table hands the shell for the pointer: the piece ``key`` and the board target
    (``cell``) it stands for, or None."""
    key: object
    cell: object

    @property
    def sid(self):
        """The piece chosen as an actor (the shell keys its HUD cache on ``(cell, sid)``): none on
        a table whose every board target is clicked directly."""
        return None


def pick_boxes(origin, direction, boxes) -> PiecePick | None:
    """Nearest of ``boxes`` ``[(key, model, lo, hi)]`` hit by a world ray, or None."""
    o = np.array([*origin, 1.0])
    d = np.array([*direction, 0.0])
    best = None
    for key, model, lo, hi in boxes:
        try:
            inv = np.linalg.inv(model)
        except np.linalg.LinAlgError:
            continue
        lo_ = tuple(min(a, b) - (0.02 if abs(a - b) < 0.02 else 0.0) for a, b in zip(lo, hi))
        hi_ = tuple(max(a, b) + (0.02 if abs(a - b) < 0.02 else 0.0) for a, b in zip(lo, hi))
        t = ray_box((inv @ o)[:3], (inv @ d)[:3], lo_, hi_)
        if t is not None and (best is None or t < best.distance):
            p = tuple(float(origin[i] + direction[i] * t) for i in range(3))
            best = PiecePick(key, p, t)
    return best


def pick(pose, sx: float, sy: float, width: float, height: float, scene_or_built) -> PiecePick | None:
    """What lies under screen point (sx, sy) (origin bottom-left); ``scene_or_built`` is a
    :class:`PieceScene` or the renderer's ``last`` build (cheaper: boxes already made)."""
    built = scene_or_built
    if not hasattr(built, "boxes"):
        built = build(scene_or_built, _NullAtlas())
    o, d = ray(pose, sx, sy, width, height)
    return pick_boxes(o, d, built.boxes)


class _NullAtlas(Atlas):
    """An atlas that prints nothing (picking needs no faces)."""

    def __init__(self):
        pass

    def rect(self, face) -> tuple:
        return (0.0, 0.0, 0.0, 0.0)


def anchor(built, key) -> tuple | None:
    """A world point on top of the piece ``key`` (the centre of its box's upper face): where a
    synthesised click aims, found again by :func:`pick`.  None when no such piece."""
    for k, model, lo, hi in reversed(built.boxes):
        if k == key:
            top = np.array([(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, hi[2], 1.0])
            centre = np.array([(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2, (lo[2] + hi[2]) / 2, 1.0])
            w_top, w_c = model @ top, model @ centre
            # a standing piece's "top" in its own frame may be its front face: take whichever
            # of the two lies higher (clicks from above land on it)
            p = w_top if w_top[2] >= w_c[2] else w_c
            return (float(p[0]), float(p[1]), float(p[2]))
    return None


def screen_point(pose, built, key, width: float, height: float) -> tuple | None:
    """Screen point (sx, sy) of :func:`anchor` that :func:`pick` answers with ``key`` (the anchor
    nudged towards the piece's centre when something else covers it); None if hidden."""
    from ..camera import project
    a = anchor(built, key)
    if a is None:
        return None
    candidates = [a]
    for k, model, lo, hi in built.boxes:
        if k == key:
            for fx in (0.5, 0.3, 0.7):
                for fy in (0.5, 0.3, 0.7):
                    for fz in (1.0, 0.5):
                        p = model @ np.array([lo[0] + (hi[0] - lo[0]) * fx, lo[1] + (hi[1] - lo[1]) * fy,
                                              lo[2] + (hi[2] - lo[2]) * fz, 1.0])
                        candidates.append(tuple(p[:3]))
    for c in candidates:
        s = project(pose, c, width, height)
        if s is None or not (0 <= s[0] < width and 0 <= s[1] < height):
            continue
        got = pick(pose, s[0], s[1], width, height, built)
        if got is not None and got.key == key:
            return (float(s[0]), float(s[1]))
    return None
