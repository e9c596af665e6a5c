#!/usr/bin/env python3
"""Benchmark the rules core (and, where a GL context exists, the renderer).

  bench.py [--json] [--repeats R] [--no-render]

Figures are medians over R repeats:
  actions_per_s   random legal decisions per second (legal list + apply), 2-player games
  games_per_s_2p  whole random 2-player games per second
  games_per_s_4p  whole random 4-player games per second
  clones_per_s    state clones per second (a mid-game 4-player state)
  frame_ms        median frame time at 1280x720 of a busy position, still (offscreen, no MSAA;
                  the gas churns, the opaque picture is reused)
  frame_ms_animating   the same while pieces move under a still camera
  frame_ms_redraw      everything rebuilt every frame (camera moving while pieces move)
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

import _common  # noqa: F401

from game.core.playout import random_action, random_steps
from game.core.rng import Rng
from game.trench import new_game


def _actions_per_s(seconds: float = 1.0) -> float:
    count, seed = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state, rng = new_game(2, seed=seed), Rng(seed)
        while not state.is_over():
            state.apply(random_action(state, rng))
            count += 1
        seed += 1
    return count / (time.perf_counter() - started)


def _games_per_s(players: int, seconds: float = 1.0) -> float:
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state, rng = new_game(players, seed=1000 + games), Rng(games)
        while not state.is_over():
            state.apply(random_action(state, rng))
        games += 1
    return games / (time.perf_counter() - started)


def _clones_per_s(count: int = 20000) -> float:
    state = new_game(4, seed=7)
    random_steps(state, Rng(7), 120)
    started = time.perf_counter()
    for _ in range(count):
        state.clone()
    return count / (time.perf_counter() - started)


def _frame_ms(**kind):
    try:
        from game.render.bench import measure_frame_ms
    except ImportError as exc:
        return None, f"renderer not available: {exc}"
    try:
        result = measure_frame_ms(1280, 720, **kind)
    except Exception as exc:  # no GL context here: say so instead of failing the bench
        return None, f"no frame time: {type(exc).__name__}: {exc}"
    return result, None


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--json", action="store_true")
    p.add_argument("--repeats", type=int, default=5)
    p.add_argument("--no-render", action="store_true", help="skip the frame-time measurement")
    args = p.parse_args(argv)
    runs = {"actions_per_s": [], "games_per_s_2p": [], "games_per_s_4p": [], "clones_per_s": []}
    for _ in range(args.repeats):
        runs["actions_per_s"].append(_actions_per_s())
        runs["games_per_s_2p"].append(_games_per_s(2))
        runs["games_per_s_4p"].append(_games_per_s(4))
        runs["clones_per_s"].append(_clones_per_s())
    report = {k: round(statistics.median(v), 1) for k, v in runs.items()}
    report["repeats"] = args.repeats
    if not args.no_render:
        for key, kind in (("frame_ms", {}), ("frame_ms_animating", {"animating": True}),
                          ("frame_ms_redraw", {"animating": True, "rebuild_all": True})):
            frame, why = _frame_ms(**kind)
            report[key] = round(frame["median_ms"], 2) if frame else None
            if frame:
                report[key.replace("_ms", "_p90_ms")] = round(frame["p90_ms"], 2)
            else:
                report["frame_note"] = why
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for key, value in report.items():
            print(f"{key:16} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
