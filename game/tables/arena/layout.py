"""Where Immortal Arena's pieces lie on the table (world units; A sits south, B north).

Each side's three rows run across the table, front rows facing each other across the centre
line; each unit keeps its own column (its type), so a unit moving forward or back stays in line
with its card's place on the other rows.  Each seat's provisions and waza-ari (or points)
lie on the right beside its rows, the bank (or the dice) between them.
"""

from __future__ import annotations

SEATS = ("A", "B")
ROW_GAP = 1.4
FRONT_Y = 0.85
COL_X = (-2.0, 0.0, 2.0)
CARD_W, CARD_H = 1.8, 1.2
ROW_MAT_W = 6.4
ROW_LABEL_X = -3.85
RIGHT_X = 4.35       # each seat's area (provisions, waza-ari or points) and the bank between them
SIDE_Y = 2.45        # the centre of a seat's area, off the centre line
AREA_W, AREA_H, BANK_H = 1.9, 2.3, 1.2
PROV_LABEL_DY, PROV_DY = 0.82, 0.42      # within a seat's area (seen from the south, either seat)
WAZA_LABEL_DY, WAZA_DY = -0.1, -0.6
DICE_XY = (RIGHT_X, 0.0)


def sign(seat: int) -> int:
    """-1 for A (south), +1 for B (north)."""
    return -1 if seat == 0 else 1


def row_y(seat: int, row: int) -> float:
    """Centre line of ``seat``'s row ``row`` (0 front, 1 middle, 2 back)."""
    return sign(seat) * (FRONT_Y + ROW_GAP * row)


def unit_xy(seat: int, kind_index: int, row: int) -> tuple:
    return COL_X[kind_index], row_y(seat, row)


def side_y(seat: int) -> float:
    return sign(seat) * SIDE_Y


def grid(n: int, x: float, y: float, cols: int = 4, step: float = 0.32) -> list:
    """``n`` token places in rows of ``cols`` centred on (x, y)."""
    out = []
    rows = max(1, (n + cols - 1) // cols)
    for i in range(n):
        c, r = i % cols, i // cols
        width = min(cols, n - r * cols)
        out.append((x + (c - (width - 1) / 2) * step, y + ((rows - 1) / 2 - r) * step))
    return out
