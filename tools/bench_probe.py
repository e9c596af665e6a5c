#!/usr/bin/env python3
"""One project figure, measured in this fresh process, printed as one JSON line.

Run by ``tools/bench.py --compare`` (alternating with the bare anchors in ``tools/anchors/``);
the figures are CPU time, so they hold on a loaded machine.

  bench_probe.py rules GAME [CPU_SECONDS]   random legal actions per CPU second, whole games
  bench_probe.py frames [FRAMES [GAME]]     a table's benchmark scene (Trench War's busy position by
                                            default), 1280x720 offscreen: CPU ms per frame of a
                                            full redraw as a window draws it (smaller while the
                                            camera moves, present.MOVING_SCALE), of the same at
                                            full size, and of a still frame
  bench_probe.py hud [FRAMES]               the game screen with HUD and log (hidden window):
                                            CPU ms per frame; fails on a blank frame
  bench_probe.py mcts GAME                  hard-bot simulations per CPU second, mid-game
  bench_probe.py window FRAMES OUT ARGV...  run ARGV (a script, or -m MODULE) as the program,
                                            write the CPU and monotonic time of its first frame
                                            drawn to OUT (JSON) and exit after FRAMES frames
"""

from __future__ import annotations

import json
import os
import sys
import time


class _AfterImport:
    """A meta path finder that calls ``then(module)`` once ``name`` has been imported (by
    whoever imports it first), and then steps aside."""

    def __init__(self, name: str, then):
        self.name, self.then = name, then

    def find_spec(self, name, path=None, target=None):
        if name != self.name:
            return None
        import importlib.util
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        run, then = spec.loader.exec_module, self.then

        def exec_module(module):
            run(module)
            then(module)

        spec.loader.exec_module = exec_module
        return spec


def _window(frames: int, out: str, argv: list) -> None:
    """The window driver: nothing of the project, nor pyglet, is imported before the program
    itself (a program may set pyglet's options before pyglet's window module loads), and
    ``BaseWindow.draw`` is counted from the moment the program imports that module."""
    import runpy

    count = [0]

    def patch(window_module):
        draw = window_module.BaseWindow.draw

        def counted(self, dt):
            draw(self, dt)
            count[0] += 1
            if count[0] == 1:
                with open(out, "w") as f:
                    json.dump({"cpu_s": time.process_time(), "monotonic": time.monotonic()}, f)
            if count[0] >= frames:
                sys.stdout.flush()
                os._exit(0)

        window_module.BaseWindow.draw = counted

    sys.meta_path.insert(0, _AfterImport("pyglet.window", patch))
    if argv[0] == "-m":
        sys.argv = [argv[1], *argv[2:]]
        runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
    else:
        sys.argv = list(argv)
        runpy.run_path(argv[0], run_name="__main__")
    raise SystemExit(f"the program ended after {count[0]} of {frames} frames")


def _rules(game_name: str, budget: float) -> dict:
    from game.core.playout import random_action
    from game.core.registry import get_game
    from game.core.rng import Rng
    game = get_game(game_name)
    rules = game.make_ruleset([], [])
    actions = games = 0
    started = time.process_time()
    while time.process_time() - started < budget:
        state, rng = game.new_game(game.default_players, games, rules), Rng(games)
        while not state.is_over():
            state.apply(random_action(state, rng))
            actions += 1
        games += 1
    cpu = time.process_time() - started
    return {"per_cpu_s": actions / cpu, "actions": actions, "games": games, "cpu_s": cpu}


def _frames(frames: int, game: str = "trench-war") -> dict:
    from game.render.bench import measure_frame_ms
    from game.render.present import MOVING_SCALE
    from game.tables import CATALOG
    scene = CATALOG.table(game).bench_scene
    redraw = measure_frame_ms(1280, 720, frames=frames, animating=True, rebuild_all=True, bench_scene=scene,
                              moving_scale=MOVING_SCALE)
    full = measure_frame_ms(1280, 720, frames=frames, animating=True, rebuild_all=True, bench_scene=scene)
    still = measure_frame_ms(1280, 720, frames=frames, bench_scene=scene)
    return {"redraw_cpu_ms": redraw["cpu_median_ms"], "redraw_full_cpu_ms": full["cpu_median_ms"],
            "still_cpu_ms": still["cpu_median_ms"], "redraw_ms": redraw["median_ms"],
            "redraw_full_ms": full["median_ms"], "still_ms": still["median_ms"], "frames": frames,
            "moving_scale": MOVING_SCALE}


def _hud(frames: int) -> dict:
    from game.render.bench import display
    with display() as disp:
        os.environ["DISPLAY"] = disp
        from game.tables.trench.hud_bench import hud_frame_ms
        return hud_frame_ms(1280, 720, frames=frames)


def _mcts(game_name: str) -> dict:
    from game.ai.bench import mcts_sims_per_s
    return {"per_cpu_s": mcts_sims_per_s(game_name, clock=time.process_time)}


def main(argv: list) -> None:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    kind, rest = argv[0], argv[1:]
    if kind == "window":
        _window(int(rest[0]), rest[1], rest[2:])
        return
    sys.path.insert(0, root)
    if kind == "rules":
        result = _rules(rest[0], float(rest[1]) if len(rest) > 1 else 1.0)
    elif kind == "frames":
        result = _frames(int(rest[0]) if rest else 60, *rest[1:2])
    elif kind == "hud":
        result = _hud(int(rest[0]) if rest else 60)
    elif kind == "mcts":
        result = _mcts(rest[0])
    else:
        raise SystemExit(f"unknown probe {kind!r} (rules, frames, hud, mcts, window)")
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1:])
