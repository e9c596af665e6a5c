"""Picking (pure): which cell, soldier or boat lies under a screen point.

The ray is cast against the real column boxes (a cell square from the table up
to its height: walls are 2 high, ground 1, a trench is its floor at z = 0), the
landing boats, and a box round each standing or fallen meeple.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.render.camera import CameraPose, ray, ray_box
from .layout import SIZE, cell_center

#: Half extents of a standing meeple's pick box (x/y) and its height.
MEEPLE_HALF, MEEPLE_HEIGHT = 0.3, 0.9


@dataclass(frozen=True)
class Pick:
    """What is under the pointer: a board ``cell`` (None off the board) and a soldier ``sid``.

    For a soldier on its boat, ``cell`` is the edge cell its boat lies beside and ``boat`` is True.
    ``point`` is the world hit point, ``distance`` along the ray.
    """
    cell: int | None
    sid: str | None = None
    boat: bool = False
    point: tuple = (0.0, 0.0, 0.0)
    distance: float = math.inf



def column_box(cell: int, height: int):
    """The pickable box of a column: its cube stack, or the trench floor square."""
    x, y = cell_center(cell)
    return (x - 0.5, y - 0.5, 0.0), (x + 0.5, y + 0.5, float(max(height, 0)))


def pick_ray(origin, direction, scene, soldiers: bool = True) -> Pick | None:
    """Nearest thing hit by a world ray, or None (the table outside the board)."""
    best = None
    for cell in range(SIZE * SIZE):
        lo, hi = column_box(cell, scene.heights[cell])
        t = ray_box(origin, direction, lo, hi)
        if t is not None and (best is None or t < best.distance):
            p = tuple(float(origin[i] + direction[i] * t) for i in range(3))
            best = Pick(cell, None, False, p, t)
    if soldiers:
        for m in scene.meeples:
            if m.scale <= 0:
                continue
            if m.fall > 0.5:
                lo = (m.x - 0.45, m.y - 0.45, m.z)
                hi = (m.x + 0.45, m.y + 0.45, m.z + 0.3)
            else:
                lo = (m.x - MEEPLE_HALF, m.y - MEEPLE_HALF, m.z)
                hi = (m.x + MEEPLE_HALF, m.y + MEEPLE_HALF, m.z + MEEPLE_HEIGHT)
            t = ray_box(origin, direction, lo, hi)
            if t is not None and (best is None or t <= best.distance + 1e-6):
                p = tuple(float(origin[i] + direction[i] * t) for i in range(3))
                best = Pick(m.cell, m.key, m.boat, p, t)
        for sid, (bx, by, cell) in scene.boats.items():
            t = ray_box(origin, direction, (bx - 0.5, by - 0.5, 0.0), (bx + 0.5, by + 0.5, 1.0))
            if t is not None and (best is None or t < best.distance):
                p = tuple(float(origin[i] + direction[i] * t) for i in range(3))
                best = Pick(cell, sid, True, p, t)
    return best


def pick(pose: CameraPose, sx: float, sy: float, width: float, height: float, scene,
         soldiers: bool = True) -> Pick | None:
    """What lies under screen point (sx, sy) (origin bottom-left) for a camera pose."""
    o, d = ray(pose, sx, sy, width, height)
    return pick_ray(o, d, scene, soldiers)


def cell_top(cell: int, scene) -> tuple[float, float, float]:
    """World point at the centre of a cell's top face (the trench floor for a hole)."""
    x, y = cell_center(cell)
    return x, y, float(scene.heights[cell])
