"""Demo positions (stand-in view objects) for the tools, tests and the benchmark.

``busy_view()`` has every kind of thing the renderer draws: all cubes, walls,
pillars, bases, the village, several trenches, 12 soldiers (boats, board, a
corpse, masks, carried cubes), 2 civilians, items and 8 gas clouds.
"""

from __future__ import annotations

from types import SimpleNamespace

from game.trench.geometry import parse_cell
from game.trench.model import GasToken, Soldier


def _columns(spec: dict) -> list:
    cols = ["n"] * 49
    for name in ("a1", "g1", "a7", "g7"):
        cols[parse_cell(name)] = "nn"
    for names, col in spec.items():
        for name in names.split():
            cols[parse_cell(name)] = col
    return cols


def _sold(sid, seat, status, cell, facing, **kw):
    return Soldier(sid=sid, seat=seat, status=status, cell=parse_cell(cell) if cell else None,
                   facing=facing, **kw)


def busy_view(day: bool = True, eclipse: bool = False):
    """A busy four-player position (a view-like namespace)."""
    cols = _columns({
        "c3 c4 d3 e5 e6 b5": "",            # trenches
        "d5 f3 b3 c6": "nn",                  # walls
        "d1": "nS", "d7": "nN", "a4": "nW", "g4": "nE",   # bases
        "f5": "nV",                           # village
    })
    soldiers = [
        _sold("S1", "S", "boat", "b1", "n"),
        _sold("S2", "S", "board", "c2", "n", cubes=2),
        _sold("S3", "S", "board", "c3", "e", mask_on=True),
        _sold("W1", "W", "board", "b4", "e"),
        _sold("W2", "W", "boat", "a2", "e"),
        _sold("W3", "W", "corpse", "b2", "s"),
        _sold("N1", "N", "board", "d6", "s", mask_on=True),
        _sold("N2", "N", "board", "e5", "w"),
        _sold("N3", "N", "boat", "f7", "s"),
        _sold("E1", "E", "board", "f4", "w", cubes=1),
        _sold("E2", "E", "board", "e3", "n"),
        _sold("E3", "E", "boat", "g6", "w"),
        _sold("C1", "C", "board", "e2", "s"),
        _sold("C2", "C", "board", "f6", "w"),
    ]
    gas = [
        GasToken(1, "S", parse_cell("c4"), 1), GasToken(2, "S", parse_cell("d3"), 1),
        GasToken(3, "N", parse_cell("e6"), 1), GasToken(4, "W", parse_cell("b5"), 1),
        GasToken(5, "N", parse_cell("c5"), 2), GasToken(6, "E", parse_cell("e4"), 2),
        GasToken(7, "W", parse_cell("b6"), 2), GasToken(8, "E", parse_cell("f2"), 2),
    ]
    items = {parse_cell("d4"): ("drug",), parse_cell("b6"): ("food",),
             parse_cell("f2"): ("food", "drug"), parse_cell("e4"): ("food",)}
    return SimpleNamespace(seats=("S", "W", "N", "E"), columns=cols, soldiers=soldiers,
                           items=items, gas=gas, day=day, eclipse=eclipse, wind="e", round=5)


def start_view():
    """A quiet two-player opening: flat ground, pillars, bases, boats, the drug on d4."""
    cols = _columns({"c1": "nS", "e7": "nN"})
    soldiers = [
        _sold("S1", "S", "boat", "b1", "n"), _sold("S2", "S", "boat", "d1", "n"),
        _sold("S3", "S", "boat", "f1", "n"),
        _sold("N1", "N", "boat", "b7", "s"), _sold("N2", "N", "boat", "d7", "s"),
        _sold("N3", "N", "boat", "f7", "s"),
    ]
    return SimpleNamespace(seats=("S", "N"), columns=cols, soldiers=soldiers,
                           items={parse_cell("d4"): ("drug",)}, gas=[], day=True,
                           eclipse=False, wind=None, round=1)


def moving_scene(scene, i: int):
    """The busy scene with two soldiers hopping and one cube sliding (frame ``i``)."""
    import dataclasses
    import math
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


_BUSY = {}


def bench_scene(i: int, moving: bool = False, relight: bool = False):
    """Frame ``i`` of the renderer benchmark (``game.render.bench.measure_frame_ms``): the busy
    scene, with pieces moving, and a day -> night change a little further every frame."""
    import dataclasses
    from .scene import scene_from_view
    if "scene" not in _BUSY:
        _BUSY["scene"] = scene_from_view(busy_view())
    sc = moving_scene(_BUSY["scene"], i) if moving else _BUSY["scene"]
    if relight:
        sc = dataclasses.replace(sc, day=False, look_from="day", look_mix=(i % 50) / 50.0)
    return sc
