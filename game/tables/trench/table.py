"""Trench War's table for the shell: ``make_table()`` (``game.tables.TABLE_MODULES``)."""

from __future__ import annotations

from .ui import TrenchUI

#: Trench War's table front-end (``game.ui.table.TableFrontEnd``).
TrenchTable = TrenchUI


def make_table() -> TrenchUI:
    return TrenchUI()
