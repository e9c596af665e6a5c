"""The benchmark scene of the Immortal Arena table (``ArenaTable.bench_scene``, used by
``tools/bench.py --game immortal-arena`` through ``game.render.bench.measure_frame_ms``): a
mid-game position (counters, markers, a fallen unit, provisions, waza-ari, dice on the table);
``moving``: two units slide between rows and the dice change, every frame a step further."""

from __future__ import annotations

import dataclasses
from functools import lru_cache

from game.arena.notation import parse_position
from game.arena.view import view
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


@lru_cache(maxsize=1)
def _ends():
    v = view(parse_position(BENCH_POSITION), None)
    moved = v.clone()
    moved.units = tuple(dataclasses.replace(u, row=min(2, u.row + 1)) if i in (1, 4) else u
                        for i, u in enumerate(v.units))
    return arena_scene(v, Marks(dice=(3, 5))), arena_scene(moved, Marks(dice=(6, 2)))


def bench_scene(i: int, moving: bool = False, relight: bool = False):
    a, b = _ends()
    sc = tween(a, b, (i % 30) / 30.0) if moving else a
    if relight:
        sc = dataclasses.replace(sc, day=False, look_from="day", look_mix=(i % 50) / 50.0)
    return sc
