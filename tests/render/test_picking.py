"""Picking round trips: a cell's top centre projected to the screen picks back that cell.

Visibility is decided independently of the picker by marching along the sight line
and testing the column boxes point by point (walls and trench floors included).
"""

import numpy as np
import pytest

from game.render.camera import parse_camera, project
from game.tables.trench.demo_views import busy_view
from game.tables.trench.layout import cell_center
from game.tables.trench.picking import cell_top, pick
from game.tables.trench.scene import scene_from_view

W, H = 1280, 720
ANGLES = ["top", "S", "N", "W", "E", "30,65", "200,40", "300,25"]


def _visible(pose, point, heights) -> bool:
    eye = pose.basis()[0]
    p = np.array(point, dtype=float)
    v = p - eye
    n = int(np.linalg.norm(v) / 0.004)
    ts = np.linspace(0.0, 1.0, n)[:-12]        # stop a hair before the point itself
    pts = eye + ts[:, None] * v
    fx = np.floor(pts[:, 0] + 3.5).astype(int)
    ry = np.floor(pts[:, 1] + 3.5).astype(int)
    on = (fx >= 0) & (fx < 7) & (ry >= 0) & (ry < 7)
    h = np.zeros(len(pts))
    h[on] = np.array(heights)[fx[on] + 7 * ry[on]]
    return not np.any(on & (pts[:, 2] < h - 1e-3))


@pytest.mark.parametrize("angle", ANGLES)
def test_every_visible_cell_picks_back(angle):
    sc = scene_from_view(busy_view())
    pose = parse_camera(angle)
    checked = {0: 0, 1: 0, 2: 0}
    for cell in range(49):
        top = cell_top(cell, sc)
        if not _visible(pose, top, sc.heights):
            continue
        sx, sy, _ = project(pose, top, W, H)
        got = pick(pose, sx, sy, W, H, sc, soldiers=False)
        assert got is not None and got.cell == cell, (angle, cell, got)
        checked[sc.heights[cell]] += 1
    assert sum(checked.values()) >= 20
    if angle == "top":
        assert sum(checked.values()) == 49
    assert checked[2] > 0                      # walls were tested
    if angle in ("top", "30,65", "S"):
        assert checked[0] > 0                  # trench floors were tested


def test_top_view_picks_every_cell_with_an_off_centre_point():
    sc = scene_from_view(busy_view())
    pose = parse_camera("top")
    for cell in range(49):
        x, y = cell_center(cell)
        sx, sy, _ = project(pose, (x + 0.3, y - 0.3, sc.heights[cell]), W, H)
        assert pick(pose, sx, sy, W, H, sc, soldiers=False).cell == cell


def test_soldiers_are_picked_with_their_cell():
    sc = scene_from_view(busy_view())
    for angle in ("S", "top", "120,45"):
        pose = parse_camera(angle)
        hits = 0
        for m in sc.meeples:
            if m.fall > 0.5:
                continue
            sx, sy, _ = project(pose, (m.x, m.y, m.z + 0.55), W, H)
            got = pick(pose, sx, sy, W, H, sc)
            if got is not None and got.sid == m.key:
                hits += 1
                assert got.cell == m.cell and got.boat == m.boat
        assert hits >= len([m for m in sc.meeples if m.fall < 0.5]) - 3


def test_off_board_is_none_and_boats_name_their_edge_cell():
    sc = scene_from_view(busy_view())
    pose = parse_camera("top")
    sx, sy, _ = project(pose, (6.5, 6.5, 0.0), W, H)
    assert pick(pose, sx, sy, W, H, sc) is None
    bx, by, cell = sc.boats["S1"]
    sx, sy, _ = project(pose, (bx + 0.35, by - 0.35, 1.0), W, H)
    got = pick(pose, sx, sy, W, H, sc)
    assert got.boat and got.cell == cell
