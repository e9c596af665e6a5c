"""Frame times of the Immortal Arena table (offscreen, shadows on), for ``tools/bench.py``.

``arena_frame_ms`` renders a mid-game position (counters, markers, a fallen unit, provisions,
waza-ari; dice on the table) at 1280x720 like ``game.render.bench.measure_frame_ms`` does the
Trench board: ``still`` (same scene and camera), ``animating`` (pieces move under a still camera:
a new static key each frame) or ``rebuild_all`` (the camera orbits while pieces move, no key: the
full redraw).  Same result keys as ``measure_frame_ms``.
"""

from __future__ import annotations

import dataclasses
import statistics
import time

from game.arena.notation import parse_position
from game.arena.view import view
from game.render.camera import seat_pose
from game.render.pieces.animation import tween

from .scene import Marks, arena_scene

BENCH_POSITION = """# Immortal Arena position (see docs/arena.md)
ruleset: provisions
rng: 0x9e3779b97f4a7c15
phase: act
turn: 9
player: A
first: A
provisions: A=3 B=1 bank=3
waza-ari: A=1 B=0
last: A=cavalry:quick B=artillery
units:
  A cavalry front living damage=1
  A infantry middle living pinned
  A artillery middle living spirit=2 damage=2 healing
  B cavalry front living damage=2
  B infantry back fallen
  B artillery middle living spirit=1
"""


def arena_frame_ms(width: int = 1280, height: int = 720, frames: int = 60, samples: int = 0,
                   animating: bool = False, rebuild_all: bool = False) -> dict:
    from game.render.pieces.offscreen import PieceOffscreen
    v = view(parse_position(BENCH_POSITION), None)
    a = arena_scene(v, Marks(dice=(3, 5)))
    moved = v.clone()
    moved.units = tuple(dataclasses.replace(u, row=min(2, u.row + 1)) if i in (1, 4) else u
                        for i, u in enumerate(v.units))
    b = arena_scene(moved, Marks(dice=(6, 2)))
    off = PieceOffscreen(width, height, samples=samples)
    base = seat_pose("S")

    def frame_scene(i):
        return tween(a, b, (i % 30) / 30.0) if animating or rebuild_all else a

    def key(i):
        if rebuild_all:
            return None
        return ("bench", i) if animating else ("bench",)

    def pose(i):
        return dataclasses.replace(base, azimuth=base.azimuth + 0.25 * i) if rebuild_all else base

    off.render(frame_scene(0), pose(0), 0.0, static_key=key(0))
    off.ctx.finish()
    times, cpu = [], []
    for i in range(1, frames + 1):
        sc, ps = frame_scene(i), pose(i)
        t0, c0 = time.perf_counter(), time.process_time()
        off.render(sc, ps, i / 60.0, static_key=key(i))
        off.ctx.finish()
        times.append((time.perf_counter() - t0) * 1000.0)
        cpu.append((time.process_time() - c0) * 1000.0)
    off.release()
    times.sort()
    median = statistics.median(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return {"median": median, "p90": p90, "median_ms": median, "p90_ms": p90, "min": times[0],
            "cpu_median_ms": statistics.median(cpu), "frames": frames, "width": width, "height": height,
            "msaa": samples, "animating": animating, "rebuild_all": rebuild_all}
