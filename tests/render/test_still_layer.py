"""A still frame reuses its opaque picture: the result is identical to a full redraw,
the gas still churns, and any change of scene or camera draws everything again."""

from __future__ import annotations

import numpy as np

from game.render.camera import seat_pose
from game.tables.trench.demo_views import busy_view
from game.tables.trench.scene import scene_from_view


def test_still_frames_reuse_the_opaque_layer_and_match_a_full_redraw(offscreen):
    scene = scene_from_view(busy_view())
    pose = seat_pose("S")
    stats = offscreen.renderer.stats
    offscreen.render(scene, pose, 0.0, static_key=("still",))
    first = offscreen.pixels()
    before = stats["layer_reuses"]
    offscreen.render(scene, pose, 1.0, static_key=("still",))
    cached = offscreen.pixels()
    assert stats["layer_reuses"] == before + 1
    offscreen.render(scene, pose, 1.0)  # static_key None: everything redrawn
    full = offscreen.pixels()
    assert stats["layer_reuses"] == before + 1
    assert np.array_equal(cached, full)
    assert np.abs(first.astype(int) - cached.astype(int)).sum() > 0  # the gas moved


def test_a_camera_change_draws_the_opaque_layer_again(offscreen):
    scene = scene_from_view(busy_view())
    stats = offscreen.renderer.stats
    offscreen.render(scene, seat_pose("S"), 0.0, static_key=("cam",))
    before = stats["layer_reuses"]
    offscreen.render(scene, seat_pose("N"), 0.0, static_key=("cam",))
    north = offscreen.pixels()
    assert stats["layer_reuses"] == before
    offscreen.render(scene, seat_pose("N"), 0.0)
    assert np.array_equal(north, offscreen.pixels())
