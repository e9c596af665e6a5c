"""Board <-> world coordinates (pure).

World axes: x points east (file a -> g), y points north (rank 1 -> 7), z up.
One cube is 1 unit.  Cell ``(fx, ry)`` has its centre at ``(fx - 3, ry - 3)``;
the board spans ``[-3.5, 3.5]`` in x and y, the table surface is ``z = 0``.
"""

from __future__ import annotations

SIZE = 7
HALF = SIZE / 2.0

#: Unit offset of each direction letter in world x, y.
DIR_XY = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
#: Yaw (degrees, counter-clockwise about +z) that turns local +y to a facing.
FACING_YAW = {"n": 0.0, "w": 90.0, "s": 180.0, "e": -90.0}
#: Outward direction of each seat's side.
SEAT_OUTWARD = {"S": "s", "N": "n", "W": "w", "E": "e"}


def cell_center(cell: int) -> tuple[float, float]:
    """World (x, y) of a cell's centre."""
    return (cell % SIZE) - 3.0, (cell // SIZE) - 3.0


def world_to_cell(x: float, y: float) -> int | None:
    """The cell whose square contains world (x, y), or None off the board."""
    fx = int(_floor(x + HALF))
    ry = int(_floor(y + HALF))
    if 0 <= fx < SIZE and 0 <= ry < SIZE:
        return fx + SIZE * ry
    return None


def _floor(v: float) -> float:
    i = int(v)
    return i - 1 if v < 0 and i != v else i


def boat_center(cell: int, seat: str) -> tuple[float, float]:
    """World (x, y) of the landing boat beside edge ``cell`` on ``seat``'s side."""
    x, y = cell_center(cell)
    dx, dy = DIR_XY[SEAT_OUTWARD.get(seat, "s")]
    return x + dx, y + dy


def boat_side(cell: int, seat: str) -> str:
    """The side a boat lies on: the seat's side, or for a civilian the cell's edge side."""
    if seat in SEAT_OUTWARD:
        return seat
    fx, ry = cell % SIZE, cell // SIZE
    if ry == 0:
        return "S"
    if ry == SIZE - 1:
        return "N"
    return "W" if fx == 0 else "E"
