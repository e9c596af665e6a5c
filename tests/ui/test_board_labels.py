"""Board labels name the cells they stand beside, from every camera (issue 22, point 2).

From each label's place on screen the test walks inwards (towards the board, along the edge's
normal as drawn) with the picker until the pointer is over a cell, as a person hovering the cell
beside a label does, and checks the cell's file or rank is the label's.  With the labels on the table
(z = 0) instead of level with the board's top, perspective put the rank label "4" beside row 3 from
the default camera."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.render.camera import OrbitCamera, seat_pose, top_pose
from game.tables.trench.demo_views import busy_view, start_view
from game.tables.trench.picking import pick
from game.tables.trench.scene import scene_from_view
from game.trench.geometry import cell_name
from game.tables.trench.ui import board_label_spots

W, H = 1280, 538  # the table's viewport in a 1280x720 window (the HUD frame round it)


def home(seat):
    """The game screen's home camera of a seat (as GameScreen.home_pose frames it)."""
    cam = OrbitCamera(replace(seat_pose(seat), distance=13.0))
    cam.pan(0.0, -1.1)
    return cam.goal


POSES = {f"seat {s}": home(s) for s in "SWNE"}
POSES.update({f"top from {s}": top_pose(seat_pose(s)) for s in "SN"})
POSES["orbited"] = replace(home("S"), azimuth=home("S").azimuth + 35.0, elevation=28.0)


def screen_xy(pose, world):
    import numpy as np
    clip = pose.view_projection(W, H) @ np.array([*world, 1.0])
    if clip[3] <= 1e-6:
        return None
    return ((clip[0] / clip[3] + 1) * 0.5 * W, (clip[1] / clip[3] + 1) * 0.5 * H)


def inward(world):
    x, y, _z = world
    if abs(x) > 3.5:
        return (-1.0 if x > 0 else 1.0, 0.0)
    return (0.0, -1.0 if y > 0 else 1.0)


def names(label, cell):
    name = cell_name(cell)
    return (name[1:] if label.isdigit() else name[0]) == label


def cell_beside(pose, scene, world, label):
    """The first cell the pointer is over, walking from the label towards the board on screen.

    A wall or pillar (two cubes high) of another line is seen past: from a low camera its top hides
    the near half of the cell behind it, and no label placement changes that."""
    p = screen_xy(pose, world)
    dx, dy = inward(world)
    q = screen_xy(pose, (world[0] + 0.3 * dx, world[1] + 0.3 * dy, world[2]))
    if p is None or q is None:
        return None
    ux, uy = q[0] - p[0], q[1] - p[1]
    n = max((ux * ux + uy * uy) ** 0.5, 1e-9)
    ux, uy = ux / n, uy / n
    for step in range(1, 300):
        x, y = p[0] + ux * step, p[1] + uy * step
        if not (0 <= x <= W and 0 <= y <= H):
            return None
        pk = pick(pose, x, y, W, H, scene)
        if pk is None or pk.cell is None:
            continue
        if pk.point[2] < world[2] - 1e-6:
            continue  # the board's front face below the label's level (the label floats beside it)
        if scene.heights[pk.cell] > 1 and not names(label, pk.cell):
            continue  # a wall or pillar of another line rising above the board in front of it
        return pk.cell
    return None


@pytest.mark.parametrize("camera", sorted(POSES))
@pytest.mark.parametrize("view", [busy_view, start_view], ids=["4 players, boats on every side", "2 players"])
def test_each_label_stands_beside_the_cells_it_names(camera, view):
    check_labels(camera, view, board_label_spots())


def test_labels_on_the_table_would_stand_beside_the_wrong_row():
    """The test catches the old placement (on the table, z = 0.05) from the default camera: a rank
    label beside the row in front of its own, a boat's soldier beside the next label."""
    with pytest.raises(AssertionError, match="is by '3'"):
        check_labels("seat S", busy_view, board_label_spots(z=0.05))
    with pytest.raises(AssertionError, match="stands beside"):
        check_labels("seat S", start_view, board_label_spots(z=0.05))


def check_boats(pose, scene, spots, camera):
    """Each boat's top lies nearest to the label of the cell it is beside (W1 beside a2: by "2")."""
    from game.tables.trench.layout import SEAT_OUTWARD, boat_center
    checked = 0
    for m in scene.meeples:
        if not m.boat or m.seat not in SEAT_OUTWARD:
            continue
        x, y = boat_center(m.cell, m.seat)
        dx, dy = {"s": (0, 1), "n": (0, -1), "w": (1, 0), "e": (-1, 0)}[SEAT_OUTWARD[m.seat]]
        b, c = screen_xy(pose, (x, y, 1.0)), screen_xy(pose, (x + dx, y + dy, 1.0))
        ux, uy = c[0] - b[0], c[1] - b[1]
        n = max((ux * ux + uy * uy) ** 0.5, 1e-9)
        side = SEAT_OUTWARD[m.seat]
        near = [(w, lab) for w, lab in spots if {"s": w[1] < -3.5, "n": w[1] > 3.5, "w": w[0] < -3.5,
                                                  "e": w[0] > 3.5}[side]]

        def off_line(wl):  # distance on screen from the label to the line through the boat, inwards
            p = screen_xy(pose, wl[0])
            return abs((p[0] - b[0]) * uy - (p[1] - b[1]) * ux) / n
        best = min(near, key=off_line)
        assert names(best[1], m.cell), f"{camera}: {m.key} on its boat beside {cell_name(m.cell)} is by {best[1]!r}"
        checked += 1
    assert checked or not any(m.boat for m in scene.meeples)


def check_labels(camera, view, spots):
    pose = POSES[camera]
    v = view()
    check_boats(pose, scene_from_view(v), spots, camera)
    v.soldiers = []  # the board's cells alone: a figure on a boat may stand in front of a label
    scene = scene_from_view(v)
    checked = 0
    for world, label in spots:
        p = screen_xy(pose, world)
        if p is None or not (0 <= p[0] <= W and 0 <= p[1] <= H):
            continue  # off screen from this camera (not painted)
        cell = cell_beside(pose, scene, world, label)
        assert cell is not None, (camera, label, world)
        assert names(label, cell), f"{camera}: the label {label!r} stands beside {cell_name(cell)}"
        checked += 1
    assert checked >= 20  # most of the 28 labels are on screen from every camera
