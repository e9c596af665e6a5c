"""Invariants that hold after every action (checked by tools/simulate.py and the tests)."""

from __future__ import annotations

from .geometry import cell_name
from .model import BOARD
from .state import ACTION_CARDS


def check_invariants(state) -> list[str]:
    """Every broken invariant, as a message; an empty list when all hold."""
    errors = []
    if (state.phase == "over") != (state.result is not None):
        errors.append(f"TW-9: phase {state.phase} with result {state.result}")
    census = state.cube_census()
    if census["total"] != state.rules.natural_cubes or state.supply < 0:
        errors.append(f"TW-1: natural cubes do not add up to {state.rules.natural_cubes}: {census}")
    seen = {}
    for s in state.soldiers:
        if s.status != BOARD:
            continue
        if s.cell in seen:
            errors.append(f"TW-2: {s.sid} and {seen[s.cell]} share {cell_name(s.cell)}")
        seen[s.cell] = s.sid
        if len(state.columns[s.cell]) >= 2:
            errors.append(f"TW-2: {s.sid} stands on the wall {cell_name(s.cell)}")
    for cell, col in enumerate(state.columns):
        if len(col) > 2:
            errors.append(f"TW-2: {cell_name(cell)} is {len(col)} high")
    for seat in state.seats:
        total = (ACTION_CARDS.size(state.hands[seat]) + ACTION_CARDS.size(state.discards[seat])
                 + len(state.plots[seat]) + (1 if seat in state.interrupt_used else 0))
        if total != 12:
            errors.append(f"TW-1: {seat} has {total} action cards, not 12")
    for s in state.soldiers:
        if s.cubes > state.rules.max_cubes_carried:
            errors.append(f"TW-6.5: {s.sid} carries {s.cubes} cubes")
    return errors
