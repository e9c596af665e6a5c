"""The predicted-gas overlay: where each token drifts under the open forecasts (pure)."""

from __future__ import annotations

from types import SimpleNamespace

from game.tables.trench.overlays import build_overlays
from game.tables.trench.scene import scene_from_view
from game.trench.geometry import parse_cell as c
from game.trench.model import GasToken
from game.tables.trench.forecast import coming_winds, predicted_gas_paths


def board_view(wind="calm", forecasts=(), walls=(), gas=((1, "d4", 2),)):
    columns = ["n"] * 49
    for w in walls:
        columns[c(w)] = "nn"
    return SimpleNamespace(seats=("S", "N"), columns=columns, soldiers=[], items={}, day=True,
                           eclipse=False, round=3, wind=wind, forecasts=tuple(forecasts),
                           gas=[GasToken(g, "S", c(cell), layer) for g, cell, layer in gas])


def test_TW_4_1_coming_winds_follow_same_and_skip_the_eclipse():
    assert coming_winds(board_view("n", ("eclipse", "same"))) == ["n"]
    assert coming_winds(board_view("w", ("calm", "e"))) == [None, "e"]


def test_TW_8_forecast_path_runs_with_the_wind_to_the_edge():
    paths = predicted_gas_paths(board_view("calm", ("e", "n")))
    assert paths == [("gas-forecast", ((c("d4"), 2), (c("e4"), 2), (c("f4"), 2), (c("g4"), 2)))]


def test_TW_8_forecast_shows_both_deflections_at_a_wall():
    paths = predicted_gas_paths(board_view("calm", ("e",), walls=("e4",)))
    firsts = sorted(p[1][1][0] for p in paths)
    assert firsts == sorted([c("d5"), c("d3")])  # left (north) and right (south) of an east wind


def test_TW_8_calm_forecast_draws_nothing_and_overlays_accept_the_paths():
    assert predicted_gas_paths(board_view("calm", ("calm",))) == []
    view = board_view("calm", ("e",))
    tris = build_overlays(scene_from_view(view), paths=predicted_gas_paths(view))
    assert len(tris) > 0
