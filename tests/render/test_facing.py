"""Which way a figure faces, in the scene, in picking and in pixels (issue 22 point 6, issue 24
point 7): a soldier's front (its face, its rifle, the facing mark on the ground ahead of its feet)
points at the cell the rules call its front cell, and the four facings read apart from the top
camera by day, by night and in an eclipse.  Swapping east and west anywhere in the renderer fails
these tests directly."""

from __future__ import annotations

import numpy as np
import pytest

from game.render.camera import CameraPose, project, seat_pose, top_pose
from game.tables.trench.instances import meeple_matrix, meeple_rows
from game.tables.trench.layout import cell_center
from game.tables.trench.picking import pick
from game.tables.trench.scene import scene_from_view
from game.trench.geometry import cell_name, parse_cell

from .conftest import H, W, make_view, soldier

FRONT = {"n": "d5", "e": "e4", "s": "d3", "w": "c4"}  # the front cell of a soldier on d4 (TW-2)
SCREEN_DIR = {"n": (0, -1), "e": (1, 0), "s": (0, 1), "w": (-1, 0)}  # (column, row) on a north-up image


def one_soldier(facing, day=True, eclipse=False, sid="S1"):
    return make_view(soldiers=[soldier(sid, "d4", facing)], day=day, eclipse=eclipse)


def local_to_world(m, p):
    return (meeple_matrix(m) @ np.array([*p, 1.0]))[:3]


@pytest.mark.parametrize("facing", "nesw")
def test_TW_2_the_figure_front_points_at_its_front_cell_in_the_scene(facing):
    m = scene_from_view(one_soldier(facing)).meeples[0]
    cx, cy = cell_center(parse_cell("d4"))
    fx, fy = cell_center(parse_cell(FRONT[facing]))
    # the figure's front (+y in its own frame: the face, the nose, the rifle) is towards the front cell
    x, y, _ = local_to_world(m, (0.0, 1.0, 0.0))
    assert (round(x - m.x, 6), round(y - m.y, 6)) == (round((fx - cx) * 1.12, 6), round((fy - cy) * 1.12, 6))
    # and so is the facing mark's tip (its rows are turned with the figure)
    rows = dict(meeple_rows(m))
    mat = rows["facing"][:16].reshape(4, 4).T  # column-major model matrix
    tip = mat @ np.array([0.0, 0.44, 0.0, 1.0])
    ahead = ((tip[0] - cx) * (fx - cx) + (tip[1] - cy) * (fy - cy), (tip[0] - cx) * (fy - cy) - (tip[1] - cy) * (fx - cx))
    assert ahead[0] > 0.45 and abs(ahead[1]) < 1e-9  # straight ahead, near the cell's front edge


@pytest.mark.parametrize("camera", ["top", "S", "E"])
@pytest.mark.parametrize("facing", "nesw")
def test_TW_2_picking_in_front_of_the_figure_finds_its_front_cell(facing, camera):
    """A click on the ground just ahead of the figure's face (beyond its facing mark) picks the cell
    the rules call its front cell."""
    view = one_soldier(facing)
    scene = scene_from_view(view)
    m = scene.meeples[0]
    pose = top_pose(seat_pose("S")) if camera == "top" else seat_pose(camera)
    ahead = local_to_world(m, (0.0, 0.75, 0.0))
    sx, sy, _ = project(pose, ahead, W, H)
    pk = pick(pose, sx, sy, W, H, scene, soldiers=False)  # the ground there, even behind the figure
    assert pk is not None and cell_name(pk.cell) == FRONT[facing]
    # the figure itself is picked as the soldier, on its own cell
    sx, sy, _ = project(pose, local_to_world(m, (0.0, 0.0, 0.5)), W, H)
    pk = pick(pose, sx, sy, W, H, scene)
    assert pk.sid == "S1" and cell_name(pk.cell) == "d4"


def _mark_offset(render, facing, day, eclipse, pose):
    """Screen offset (columns, rows) of the pale facing-mark pixels from the figure's cell centre."""
    empty = render(make_view(day=day, eclipse=eclipse), pose).astype(int)
    img = render(one_soldier(facing, day, eclipse), pose).astype(int)
    changed = np.abs(img - empty).sum(axis=2) > 60
    pale = (img.min(axis=2) > 150) & (img.max(axis=2) - img.min(axis=2) < 70)
    ys, xs = np.nonzero(changed & pale)
    cx, cy, _ = project(pose, (*cell_center(parse_cell("d4")), 1.0), W, H)
    return len(xs), (xs.mean() - cx, (H - cy) - ys.mean()) if len(xs) else (0.0, 0.0), img


@pytest.mark.parametrize("look", ["day", "night", "eclipse"])
def test_the_four_facings_read_apart_from_the_top_camera(render, look):
    day, eclipse = look == "day", look == "eclipse"
    from dataclasses import replace
    pose = replace(top_pose(seat_pose("S")), distance=7.0, target=(0.0, 0.0, 1.0))  # north up, d4 close
    crops = {}
    for facing in "nesw":
        n, (dx, dy), img = _mark_offset(render, facing, day, eclipse, pose)
        assert n >= 12, f"{look}: the facing mark of a soldier facing {facing} is not visible from the top ({n} px)"
        # the pale mark lies ahead of the figure: its offset points the way the soldier faces
        dirs = {f: dx * v[0] - dy * v[1] for f, v in SCREEN_DIR.items()}
        assert max(dirs, key=dirs.get) == facing, (look, facing, dx, dy)
        cx, cy, _ = project(pose, (*cell_center(parse_cell("d4")), 1.0), W, H)
        r = int(0.5 * H / 7.0 * 17.0 / 7.0 * 0.8)  # about a cell across
        cy = H - cy
        crops[facing] = img[int(cy) - r:int(cy) + r, int(cx) - r:int(cx) + r]
    for a in "nesw":
        for b in "nesw":
            if a < b:
                # pixels that change clearly (the mark, the rifle, the helmet's shading) between facings
                differ = int((np.abs(crops[a] - crops[b]).sum(axis=2) > 90).sum())
                assert differ >= 120, f"{look}: facing {a} and {b} look alike from the top ({differ} px differ)"
