"""Board geometry of Trench War (TW-1, TW-2): cells, sides, directions.

Cells are integers ``x + 7 * y`` with file ``x`` 0..6 (a..g, west to east) and
rank ``y`` 0..6 (1..7, south to north).  Cell names are ``"a1"`` .. ``"g7"``.
"""

from __future__ import annotations

SIZE = 7
CELLS = tuple(range(SIZE * SIZE))
FILES = "abcdefg"

#: Seats in clockwise order seen from above (TW-1).
SEAT_ORDER = ("S", "W", "N", "E")
#: Seats used for each player count (TW-1).
SEATS_FOR_PLAYERS = {2: ("S", "N"), 3: ("S", "W", "N"), 4: ("S", "W", "N", "E")}

DIRECTIONS = ("n", "e", "s", "w")
DELTA = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}
OPPOSITE = {"n": "s", "s": "n", "e": "w", "w": "e"}
LEFT_OF = {"n": "w", "w": "s", "s": "e", "e": "n"}
RIGHT_OF = {"n": "e", "e": "s", "s": "w", "w": "n"}

#: The direction pointing from a seat's side into the board, and its opposite side.
INWARD = {"S": "n", "W": "e", "N": "s", "E": "w"}
OPPOSITE_SEAT = {"S": "N", "N": "S", "W": "E", "E": "W"}


def cell_xy(cell: int) -> tuple[int, int]:
    return cell % SIZE, cell // SIZE


def xy_cell(x: int, y: int) -> int | None:
    """The cell at (x, y), or None off the board."""
    if 0 <= x < SIZE and 0 <= y < SIZE:
        return x + SIZE * y
    return None


CELL_NAMES = tuple(FILES[c % SIZE] + str(c // SIZE + 1) for c in CELLS)


def cell_name(cell: int) -> str:
    return CELL_NAMES[cell]


def parse_cell(text: str) -> int:
    """Parse ``"c4"`` into a cell index; raises ValueError naming the text."""
    t = text.strip().lower()
    if len(t) == 2 and t[0] in FILES and t[1] in "1234567":
        return FILES.index(t[0]) + SIZE * (int(t[1]) - 1)
    raise ValueError(f"not a cell: {text!r} (files a-g, ranks 1-7)")


def _build_neighbours():
    table = []
    for cell in CELLS:
        x, y = cell_xy(cell)
        table.append({d: xy_cell(x + dx, y + dy) for d, (dx, dy) in DELTA.items()})
    return tuple(table)


#: NEIGHBOUR[cell][direction] -> cell or None (off the board).
NEIGHBOUR = _build_neighbours()


def step(cell: int, direction: str) -> int | None:
    return NEIGHBOUR[cell][direction]


def is_corner(cell: int) -> bool:
    return cell in CORNERS


#: The four corner cells.
CORNERS = frozenset(xy_cell(x, y) for x in (0, SIZE - 1) for y in (0, SIZE - 1))


def edge_cells(seat: str) -> tuple[int, ...]:
    """All cells of the board edge on a seat's side (corners included)."""
    if seat == "S":
        return tuple(xy_cell(x, 0) for x in range(SIZE))
    if seat == "N":
        return tuple(xy_cell(x, SIZE - 1) for x in range(SIZE))
    if seat == "W":
        return tuple(xy_cell(0, y) for y in range(SIZE))
    return tuple(xy_cell(SIZE - 1, y) for y in range(SIZE))


def boat_cells(seat: str) -> tuple[int, ...]:
    """Non-corner edge cells of a side: where a boat may lie beside (TW-2, TW-3.3)."""
    return _BOAT_CELLS[seat]


_BOAT_CELLS = {seat: tuple(c for c in edge_cells(seat) if not is_corner(c)) for seat in SEAT_ORDER}


def rows_advanced(seat: str, cell: int) -> int:
    """Rows a soldier on ``cell`` has advanced from its own edge (edge row = 1) (TW-9)."""
    x, y = cell_xy(cell)
    return {"S": y + 1, "N": SIZE - y, "W": x + 1, "E": SIZE - x}[seat]
