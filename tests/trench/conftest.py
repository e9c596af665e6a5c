"""Scenario tests of the Trench War rules core; helpers live in trench_helpers.py."""

import os
import sys

sys.path.insert(0, os.path.dirname(__file__))

import pytest  # noqa: E402

from game.core import records  # noqa: E402
from game.trench import actions, flow, legal, setup, state, vision  # noqa: E402

#: The rules core's module-level memo tables.  Every test starts with them empty, so that a bug in the
#: code that fills one cannot hide behind a table an earlier test built (mutation testing forks each
#: run from a process whose tables are already full).
MEMO_TABLES = (legal._WIND_DRAWS, legal._PLACEMENTS, legal._PLOT_CACHE, legal._PLOT_ACTIONS, legal._LISTS, legal._MOVES, legal._BY_CELL, legal._PLOTS, legal._TURNS, legal._SEAT_ACTIONS,
               setup._ARM_ORDERS, setup._PER_CELL, setup._PAIRS, flow._EVENTS, actions._SHARED, state._ORDERS, vision._REACH, records._EVOLVERS)


@pytest.fixture(autouse=True)
def cold_memo_tables():
    for table in MEMO_TABLES:
        table.clear()
    yield
