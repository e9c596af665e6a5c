"""geometry.py pinned exactly (issue 24, point 8): the neighbour table as built, cells off the board
on every side, and cell names (TW-1, TW-2)."""

import pytest

from game.trench import geometry
from game.trench.geometry import NEIGHBOUR, parse_cell, xy_cell


def test_TW_2_the_neighbour_table_is_built_exactly():
    table = geometry._build_neighbours()    # called here: the module built NEIGHBOUR once at import
    assert table == NEIGHBOUR and len(table) == 49
    assert table[0] == {"n": 7, "e": 1, "s": None, "w": None}           # a1
    assert table[24] == {"n": 31, "e": 25, "s": 17, "w": 23}            # d4
    assert table[48] == {"n": None, "e": None, "s": 41, "w": 47}        # g7
    assert table[6] == {"n": 13, "e": None, "s": None, "w": 5}          # g1
    assert table[42] == {"n": None, "e": 43, "s": 35, "w": None}        # a7


@pytest.mark.parametrize("x, y, cell", [(0, 0, 0), (6, 0, 6), (0, 6, 42), (6, 6, 48), (3, 3, 24),
                                         (-1, 3, None), (7, 3, None), (3, -1, None), (3, 7, None),
                                         (7, 0, None), (0, 7, None), (-1, -1, None), (7, 7, None)])
def test_TW_2_xy_cell_is_none_off_every_side_of_the_board(x, y, cell):
    assert xy_cell(x, y) == cell


@pytest.mark.parametrize("text, cell", [("a1", 0), ("g1", 6), ("a7", 42), ("g7", 48), ("D4", 24), (" c2 ", 9)])
def test_TW_2_parse_cell_reads_every_corner_and_any_case(text, cell):
    assert parse_cell(text) == cell


@pytest.mark.parametrize("text", ["h1", "a8", "a0", "a", "a11", "", "x1", "aX"])
def test_TW_2_parse_cell_refuses_what_is_not_a_cell(text):
    with pytest.raises(ValueError, match=r"^not a cell: .* \(files a-g, ranks 1-7\)$"):
        parse_cell(text)
