"""While a few pieces move under a still camera, the shadow map and the kept opaque layer
are redrawn only inside the box of what moved (and its shadow): the picture must be the
same as a full redraw, by day and in the long eclipse shadows."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from game.render.camera import parse_camera, seat_pose
from game.tables.trench.demo_views import busy_view
from game.tables.trench.scene import scene_from_view


def _moved(scene, step):
    meeples = list(scene.meeples)
    for i in (0, 5):
        m = meeples[i]
        meeples[i] = dataclasses.replace(m, x=m.x + 0.13 * step, z=m.z + 0.25 * step, yaw=m.yaw + 20 * step)
    cubes = list(scene.cubes)
    c = cubes[7]
    cubes[7] = dataclasses.replace(c, x=c.x + 0.11 * step, scale=max(0.0, 1.0 - 0.2 * step))
    return dataclasses.replace(scene, meeples=meeples, cubes=cubes)


@pytest.mark.parametrize("light,camera", [("day", "S"), ("eclipse", "40,35")])
def test_moving_pieces_patch_shadow_and_layer_like_a_full_redraw(offscreen, light, camera):
    base = dataclasses.replace(scene_from_view(busy_view()), eclipse=(light == "eclipse"))
    pose = seat_pose("S") if camera == "S" else parse_camera(camera)
    r = offscreen.renderer
    offscreen.render(base, pose, 0.0, static_key=("move", light, 0))
    patches = (r.stats["shadow_patches"], r.stats["layer_patches"])
    for step in (1, 2, 3):
        scene = _moved(base, step)
        offscreen.render(scene, pose, 0.5, static_key=("move", light, step))
        patched = offscreen.pixels()
        offscreen.render(scene, pose, 0.5)  # None: everything drawn again
        full = offscreen.pixels()
        assert np.array_equal(patched, full), (step, np.abs(patched.astype(int) - full.astype(int)).max())
        # the next frame starts from a full redraw: make it patch again from there
        offscreen.render(scene, pose, 0.5, static_key=("move", light, step))
    assert r.stats["shadow_patches"] > patches[0] and r.stats["layer_patches"] > patches[1]
