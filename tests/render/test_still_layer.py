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


def test_still_frames_restore_only_the_colour_and_still_match_full_redraws(offscreen):
    """Nothing drawn after the opaque pass writes depth, so a run of still frames copies the kept
    layer's colour alone back (llvmpipe blits depth slowly); overlays and gas over it, a patch of
    moved pieces in between (which copies depth too), and each frame is a full redraw's picture."""
    from game.tables.trench.demo_views import bench_scene
    from game.tables.trench.overlays import build_overlays
    from game.trench.geometry import parse_cell
    still, moved = bench_scene(0), bench_scene(3, moving=True)
    pose = seat_pose("W")
    stats = offscreen.renderer.stats
    overlay = build_overlays(still, highlights=[parse_cell(c) for c in ("c3", "d4", "e5")])
    frames = [(still, ("a",), 0.0), (still, ("a",), 0.5), (still, ("a",), 1.0), (moved, ("b",), 1.5),
              (moved, ("b",), 2.0), (moved, ("b",), 2.5)]
    kept = []
    before = dict(stats)
    for sc, key, t in frames:
        offscreen.render(sc, pose, t, overlay_vertices=overlay, static_key=key)
        kept.append(offscreen.pixels())
    assert stats["layer_patches"] - before["layer_patches"] == 1  # the moved pieces: depth copied too
    assert stats["layer_reuses"] - before["layer_reuses"] == 5
    assert stats["colour_restores"] - before["colour_restores"] == 4
    for (sc, _key, t), picture in zip(frames, kept):
        offscreen.render(sc, pose, t, overlay_vertices=overlay)  # no key: everything drawn
        assert np.array_equal(picture, offscreen.pixels())
