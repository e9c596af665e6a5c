#!/usr/bin/env python3
"""Benchmark a game's rules core (and, for Trench War where a GL context exists, the renderer).

  bench.py [--game G] [--json] [--repeats R] [--no-render] [--no-search]
  bench.py --compare [--rounds N] [--parts rules,start,screenshot,frames,hud,search] [--json]

--compare measures the project against bare anchors (python-chess random games, a bare
pyglet+moderngl window, a bare headless screenshot, a bare instanced scene) alternately in
fresh processes and prints every ratio with its target (tools/bench_compare.py says which);
python-chess comes with the ``[bench]`` extra: ``pip install -e .[bench]``.

Figures are medians over R repeats:
  actions_per_s   random legal decisions per second (legal list + apply; chance by the state's
                  own draw), whole games with the game's usual player count
  games_per_s_Np  whole random N-player games per second, for each player count the game allows
  clones_per_s    state clones per second (a mid-game state with the most players)
  mcts_sims_per_s search simulations per second of the hard bot from a mid-game position
                  (where game.ai provides it; --no-search skips it)
Trench War only, unless --no-render:
  frame_ms        median frame time at 1280x720 of a busy position, still (offscreen, no MSAA;
                  the gas churns, the opaque picture is reused)
  frame_ms_animating   the same while pieces move under a still camera
  frame_ms_redraw      everything rebuilt every frame (camera moving while pieces move)
  frame_ms_hud    the still frame of the game screen with the HUD and the log shown
  first_frame_s   launch of the window to its first frame (a fresh process)
  peak_rss_mib    peak resident memory of the window process
Another game's table (--game immortal-arena), unless --no-render: the same frame figures of its
  table, each run alternately with Trench War's board in this process: frame_ms*_trench (the
  board's), frame_ratio* (table / board, wall time) and cpu_ratio* (CPU time)
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from _common import add_game_option, count_type, load_game, run_main

from game.core.playout import random_action, random_steps
from game.core.rng import Rng


def _new(game, players: int, seed: int):
    return game.new_game(players, seed, game.make_ruleset([], []))


def _actions_per_s(game, seconds: float = 1.0) -> float:
    count, seed = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state, rng = _new(game, game.default_players, seed), Rng(seed)
        while not state.is_over():
            state.apply(random_action(state, rng))
            count += 1
        seed += 1
    return count / (time.perf_counter() - started)


def _games_per_s(game, players: int, seconds: float = 1.0) -> float:
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state, rng = _new(game, players, 1000 + games), Rng(games)
        while not state.is_over():
            state.apply(random_action(state, rng))
        games += 1
    return games / (time.perf_counter() - started)


def _mid_game(game, players: int, seed: int = 7):
    """A state about halfway through a random game (the same one every run)."""
    probe = _new(game, players, seed)
    length = len(random_steps(probe, Rng(seed), 100_000))
    state = _new(game, players, seed)
    random_steps(state, Rng(seed), length // 2)
    return state


def _clones_per_s(game, count: int = 20000) -> float:
    state = _mid_game(game, max(game.players))
    started = time.perf_counter()
    for _ in range(count):
        state.clone()
    return count / (time.perf_counter() - started)


def _optional(label: str, call):
    """Run an optional measurement; (value, None) or (None, why it is missing)."""
    try:
        return call(), None
    except ImportError as exc:
        return None, f"{label}: not available ({exc})"
    except Exception as exc:  # no GL context, no display: say so instead of failing the bench
        return None, f"{label}: {type(exc).__name__}: {exc}"


def _render_figures(report: dict, notes: list, game_name: str = "trench-war") -> None:
    def frame(**kind):
        from game.render.bench import measure_frame_ms
        from game.tables import CATALOG
        return measure_frame_ms(1280, 720, **kind, bench_scene=CATALOG.table(game_name).bench_scene)

    def trench(**kind):
        from game.render.bench import measure_frame_ms
        from game.tables import CATALOG
        return measure_frame_ms(1280, 720, **kind, bench_scene=CATALOG.table("trench-war").bench_scene)

    for key, kind in (("frame_ms", {}), ("frame_ms_animating", {"animating": True}),
                      ("frame_ms_redraw", {"animating": True, "rebuild_all": True})):
        if game_name != "trench-war":
            # beside Trench War's board, run alternately in this process: medians and the ratio
            def pair(kind=kind):
                runs = [(frame(**kind), trench(**kind)) for _ in range(3)]
                return {"median_ms": statistics.median(a["median_ms"] for a, _ in runs),
                        "p90_ms": statistics.median(a["p90_ms"] for a, _ in runs),
                        "trench_ms": statistics.median(t["median_ms"] for _, t in runs),
                        "cpu_ratio": statistics.median(a["cpu_median_ms"] / t["cpu_median_ms"] for a, t in runs)}
            result, why = _optional(key, pair)
            if result:
                report[key + "_trench"] = round(result["trench_ms"], 2)
                report[key.replace("frame_ms", "frame_ratio")] = round(result["median_ms"] / result["trench_ms"], 2)
                report[key.replace("frame_ms", "cpu_ratio")] = round(result["cpu_ratio"], 2)
        else:
            result, why = _optional(key, lambda: frame(**kind))
        report[key] = round(result["median_ms"], 2) if result else None
        if result:
            report[key.replace("_ms", "_p90_ms")] = round(result["p90_ms"], 2)
        elif why:
            notes.append(why)

    def hud():
        from game.tables.trench.hud_bench import hud_frame_ms
        return hud_frame_ms(1280, 720)

    if game_name == "trench-war":
        result, why = _optional("frame_ms_hud", hud)
        report["frame_ms_hud"] = round(result["median_ms"], 2) if result else None
        if result:
            report["frame_p90_ms_hud"] = round(result["p90_ms"], 2)
        elif why:
            notes.append(why)
    for key in ("first_frame_s", "peak_rss_mib"):
        def measure(key=key):
            from game.render import bench as render_bench
            return getattr(render_bench, key)()
        value, why = _optional(key, measure)
        report[key] = round(value, 3) if value is not None else None  # first_frame_s needs a display or Xvfb
        if why:
            notes.append(why)


def _compare(args) -> int:
    import sys

    import bench_compare
    parts = bench_compare.PARTS
    if args.parts:
        parts = tuple(x.strip() for x in args.parts.split(",") if x.strip())
        unknown = [x for x in parts if x not in bench_compare.PARTS]
        if unknown:
            raise SystemExit(f"error: unknown part {unknown[0]!r} (parts: {', '.join(bench_compare.PARTS)})")
    if "rules" in parts:
        try:
            import chess  # noqa: F401
        except ImportError:
            raise SystemExit("error: the rules anchor needs python-chess: pip install -e .[bench]") from None
    report = bench_compare.compare(args.rounds, parts, budget=args.cpu_seconds,
                                   log=lambda line: print(line, file=sys.stderr, flush=True))
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(bench_compare.format_report(report))
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_option(p)
    p.add_argument("--json", action="store_true")
    p.add_argument("--repeats", type=count_type, default=5)
    p.add_argument("--no-render", action="store_true", help="skip the frame-time measurements")
    p.add_argument("--no-search", action="store_true", help="skip the bots' search speed")
    p.add_argument("--compare", action="store_true",
                   help="the project against bare anchors, alternating fresh processes (all games)")
    p.add_argument("--rounds", type=count_type, default=5, help="--compare: rounds (default 5)")
    p.add_argument("--cpu-seconds", type=float, default=1.0,
                   help="--compare: CPU seconds of random play per rules run (default 1)")
    p.add_argument("--parts", default=None,
                   help="--compare: comma-separated parts (rules, start, screenshot, frames, hud, search)")
    args = p.parse_args(argv)
    if args.compare:
        return _compare(args)
    game = load_game(args.game)
    runs = {"actions_per_s": [], "clones_per_s": []}
    runs.update({f"games_per_s_{n}p": [] for n in game.players})
    for _ in range(max(1, args.repeats)):
        runs["actions_per_s"].append(_actions_per_s(game))
        for n in game.players:
            runs[f"games_per_s_{n}p"].append(_games_per_s(game, n))
        runs["clones_per_s"].append(_clones_per_s(game))
    report = {"game": game.name}
    report.update({k: round(statistics.median(v), 1) for k, v in runs.items()})
    report["repeats"] = max(1, args.repeats)
    notes: list[str] = []
    if not args.no_search:
        def sims():
            from game.ai.bench import mcts_sims_per_s
            return statistics.median(mcts_sims_per_s(game.name) for _ in range(3))
        value, why = _optional("mcts_sims_per_s", sims)
        report["mcts_sims_per_s"] = round(value, 1) if value is not None else None
        if why:
            notes.append(why)
    from game.tables import CATALOG
    if not args.no_render and game.name in CATALOG.playable():
        _render_figures(report, notes, game.name)
    if notes:
        report["notes"] = notes
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        for key, value in report.items():
            print(f"{key:18} {value}")
    return 0


if __name__ == "__main__":
    run_main(main)
