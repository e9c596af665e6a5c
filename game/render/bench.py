"""Frame-time benchmark: a busy position rendered offscreen with shadows (``measure_frame_ms``)."""

from __future__ import annotations

import dataclasses
import math
import statistics
import time

from .camera import seat_pose
from .demo import busy_view
from .offscreen import Offscreen
from .scene import scene_from_view


def moving_scene(scene, i: int):
    """The busy scene with two soldiers hopping and one cube sliding (frame ``i``)."""
    t = i / 60.0
    meeples = list(scene.meeples)
    for n, k in enumerate((0, 5)):
        m = meeples[k]
        hop = abs(math.sin(4.0 * t + n))
        meeples[k] = dataclasses.replace(m, x=m.x + 0.4 * math.sin(2.0 * t + n), z=m.z + 0.35 * hop)
    cubes = list(scene.cubes)
    c = cubes[7]
    cubes[7] = dataclasses.replace(c, y=c.y + 0.3 * math.sin(1.5 * t))
    return dataclasses.replace(scene, meeples=meeples, cubes=cubes)


def measure_frame_ms(width: int = 1280, height: int = 720, frames: int = 60, samples: int = 0,
                     animating: bool = False, rebuild_all: bool = False) -> dict:
    """Render ``frames`` frames of the busy demo position offscreen and time each one.

    All cubes, 12 soldiers, 2 civilians, trenches, 8 gas clouds, shadows on, MSAA off by
    default.  Each frame is finished with ``ctx.finish()``.  With ``animating`` two
    soldiers hop and a cube slides every frame under a still camera, as in the viewer
    during an animation (a new ``static_key`` each frame); ``rebuild_all`` passes no key,
    so instance data, shadow map and picture are all rebuilt every frame (a camera
    move while pieces move).  Otherwise the position is still (the gas always churns).
    Returns ``{"median": ms, "p90": ms, "min": ms, "frames": n, "width": w, "height": h, ...}``
    (``median_ms`` / ``p90_ms`` repeat the first two).
    """
    off = Offscreen(width, height, samples=samples)
    scene = scene_from_view(busy_view())
    pose = seat_pose("S")
    def key(i):
        if rebuild_all:
            return None
        return ("bench", i) if animating else ("bench",)

    def frame_scene(i):
        return moving_scene(scene, i) if animating else scene

    off.render(frame_scene(0), pose, 0.0, static_key=key(0))  # warm up: compile, upload, shadow
    off.ctx.finish()
    times = []
    for i in range(1, frames + 1):
        sc = frame_scene(i)
        t0 = time.perf_counter()
        off.render(sc, pose, i / 60.0, static_key=key(i))
        off.ctx.finish()
        times.append((time.perf_counter() - t0) * 1000.0)
    off.release()
    times.sort()
    median = statistics.median(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return {"median": median, "p90": p90, "median_ms": median, "p90_ms": p90, "min": times[0],
            "frames": frames, "width": width, "height": height, "msaa": samples, "animating": animating,
            "rebuild_all": rebuild_all}


if __name__ == "__main__":
    print("still    ", measure_frame_ms())
    print("animating", measure_frame_ms(animating=True))
    print("rebuild  ", measure_frame_ms(animating=True, rebuild_all=True))
