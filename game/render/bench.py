"""Frame-time benchmark: a busy position rendered offscreen with shadows (``measure_frame_ms``)."""

from __future__ import annotations

import statistics
import time

from .camera import seat_pose
from .demo import busy_view
from .offscreen import Offscreen
from .scene import scene_from_view


def measure_frame_ms(width: int = 1280, height: int = 720, frames: int = 60, samples: int = 0,
                     animating: bool = False) -> dict:
    """Render ``frames`` frames of the busy demo position offscreen and time each one.

    All cubes, 12 soldiers, 2 civilians, trenches, 8 gas clouds, shadows on, MSAA off by
    default.  Each frame is finished with ``ctx.finish()``.  With ``animating`` the
    instance data and shadow map are rebuilt every frame (the worst case while pieces
    move); otherwise they are reused as when the position is still (gas always churns).
    Returns ``{"median": ms, "p90": ms, "min": ms, "frames": n, "width": w, "height": h, ...}``
    (``median_ms`` / ``p90_ms`` repeat the first two).
    """
    off = Offscreen(width, height, samples=samples)
    scene = scene_from_view(busy_view())
    pose = seat_pose("S")
    key = None if animating else ("bench",)
    off.render(scene, pose, 0.0, static_key=key)  # warm up: compile, upload, first shadow
    off.ctx.finish()
    times = []
    for i in range(frames):
        t0 = time.perf_counter()
        off.render(scene, pose, i / 60.0, static_key=key)
        off.ctx.finish()
        times.append((time.perf_counter() - t0) * 1000.0)
    off.release()
    times.sort()
    median = statistics.median(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return {"median": median, "p90": p90, "median_ms": median, "p90_ms": p90, "min": times[0],
            "frames": frames, "width": width, "height": height, "msaa": samples, "animating": animating}


if __name__ == "__main__":
    print("still    ", measure_frame_ms())
    print("animating", measure_frame_ms(animating=True))
