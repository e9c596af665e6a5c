"""Cube destruction and what it scores (TW-6.6, TW-7.1, TW-9)."""

from __future__ import annotations

from . import casualties, gas, variants
from .geometry import cell_name
from .model import BASE_KINDS, NATURAL, VILLAGE, make_event


def remove_cube(state, cell: int, index: int, cause: str, seat: str | None, events: list,
                reflow: bool = True) -> str:
    """Remove the cube at ``index`` (0 = ground layer) of a column; the cubes above drop.

    Natural cubes leave the game.  A base scores for an enemy who destroys it; the
    village is penalised (TW-9).  ``cause`` ("shot", "bomb", "assault") goes into the
    event.  Returns the kind removed.  ``reflow=False``: the caller moves the gas near the
    cell once its action is complete (TW-8, revision 2).
    """
    col = state.columns[cell]
    kind = col[index]
    state.columns[cell] = col[:index] + col[index + 1:]
    if kind == NATURAL:
        state.out += 1
    text = "" if state.quiet else \
        f"the {'cube' if kind == NATURAL else ('village' if kind == VILLAGE else kind + ' base')} on {cell_name(cell)} is destroyed"
    events.append(make_event("cube", text, how="destroy", cause=cause, frm=cell, to=None,
                             layer=index + 1, kind=kind, sid=None))
    if index < len(col) - 1:
        events.append(make_event("cube", "" if state.quiet else
                                         f"the wall on {cell_name(cell)} drops", how="drop",
                                 frm=cell, to=cell, layer=index + 2))
    if seat is not None and kind in BASE_KINDS and not state.is_ally(kind, seat):
        points = state.rules.base_points
        state.points[seat] += points
        events.append(make_event("score", "" if state.quiet else
                                          f"{seat} +{points} for destroying {kind}'s base",
                                 seat=seat, points=points, why="base"))
    elif seat is not None and kind == VILLAGE:
        variants.village_destroyed(state, seat, events)
    if reflow:
        gas.terrain_changed(state, cell, events)
    return kind


def destroy_top(state, cell: int, seat: str | None, cause: str, events: list,
                reflow: bool = True) -> str:
    """Destroy the top cube of a column (assault on a base, a bomb)."""
    kind = remove_cube(state, cell, len(state.columns[cell]) - 1, cause, seat, events, reflow)
    casualties.check_end(state, events)
    return kind
