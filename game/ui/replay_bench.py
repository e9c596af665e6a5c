"""How fast the replay bar jumps to a random point of a long game (issue 10, part 3).

``python -m game.ui.replay_bench [--actions 300] [--jumps 60]`` plays a seeded bot game (the demo
bots, through the registry spec) of at least that many actions, cuts it to exactly that many, and
prints medians in milliseconds of:

- ``timeline_ms``: laying the record out once when the replay opens (replay, snapshots, rounds);
- ``state_ms`` / ``state_nosnap_ms``: a controller at a random point, with the snapshot cache and
  without it (replaying from the first action, as ``GameRecord.state_at`` does);
- ``jump_ms`` / ``jump_nosnap_ms``: the whole jump in a hidden window (a display is needed; Xvfb is
  fine): the controller, ``screen.set_controller`` (view, scene, log) and one drawn frame; split into
  ``jump_screen_ms`` (controller and set_controller) and ``jump_frame_ms`` (painting the HUD, whose
  log now holds k steps, and drawing the new table).

Benchmarks on a shared machine are noisy: quote the medians, and run it twice.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time


def bot_record(players: int = 2, seed: int = 1, max_actions: int = 10_000):
    """A seeded Trench War game of the demo bots (each deciding from its seat's view, seeded from the
    game seed), at most ``max_actions`` actions, as a record with its final position."""
    from game.core.gamerecord import GameRecord
    from game.core.protocol import CHANCE
    from game.core.registry import get_game
    from game.ui.seats import DemoBot
    spec = get_game("trench-war")
    state = spec.new_game(players, seed, spec.make_ruleset([], []))
    bots = {s: DemoBot(seed * 10 + i) for i, s in enumerate(spec.seats(state))}
    actions = []
    while not state.is_over() and len(actions) < max_actions:
        who = state.current_player()
        action = (state.sample_chance() if who == CHANCE
                  else bots[who].choose(spec.view(state, who), state.legal_actions()))
        state.apply(action)
        actions.append(str(action))
    return GameRecord("trench-war", players, seed, seats=("easy",) * players, actions=tuple(actions),
                      position=spec.format_position(state))


def long_record(actions: int = 300, players: int = 3, first_seed: int = 10):
    """The first seeded demo-bot game from ``first_seed`` on with at least ``actions`` actions, cut to that."""
    for seed in range(first_seed, first_seed + 200):
        record = bot_record(players, seed, max_actions=actions)
        if len(record.actions) == actions:
            return record
    raise RuntimeError(f"no demo game of {actions} actions")


def _median_ms(fn, points) -> float:
    times = []
    for k in points:
        t0 = time.perf_counter()
        fn(k)
        times.append((time.perf_counter() - t0) * 1000.0)
    return round(statistics.median(times), 2)


def bench(actions: int = 300, jumps: int = 60, window: bool = True, size=(1280, 720), seed: int = 1,
          tables=None) -> dict:
    """The figures above; ``window`` needs ``tables`` (``game.ui.table.TableCatalog``)."""
    from game.ui.replay_timeline import Timeline
    record = long_record(actions)
    rng = random.Random(seed)
    points = [rng.randint(0, actions) for _ in range(jumps)]
    t0 = time.perf_counter()
    timeline = Timeline(record)
    out = {"actions": actions, "jumps": jumps, "timeline_ms": round((time.perf_counter() - t0) * 1000.0, 2),
           "snapshot_every": timeline.every}
    nosnap = Timeline(record, every=10**9)
    out["state_ms"] = _median_ms(timeline.controller_at, points)
    out["state_nosnap_ms"] = _median_ms(nosnap.controller_at, points)
    if window:
        from game.ui.replay import open_replay
        from game.ui.screen import GameScreen, make_game_window
        win = make_game_window(*size, visible=False)
        try:
            screen = GameScreen(win, timeline.controller_at(0), tables=tables, delay=0.0, msaa=0, fixed_clock=0.0)
            bar = open_replay(screen, timeline)
            for _ in range(3):
                screen.on_draw()  # warm: the still layer, the HUD batch, glyphs

            parts = {"screen": [], "frame": []}

            def jump(k, tl=timeline):
                bar.timeline = tl
                t0 = time.perf_counter()
                bar.jump(screen, k, force=True)
                t1 = time.perf_counter()
                screen.on_draw()  # paints the HUD (the log of k steps) and draws the table
                screen.ctx.finish()
                parts["screen"].append((t1 - t0) * 1000.0)
                parts["frame"].append((time.perf_counter() - t1) * 1000.0)
            out["jump_ms"] = _median_ms(jump, points)
            out["jump_screen_ms"] = round(statistics.median(parts["screen"]), 2)
            out["jump_frame_ms"] = round(statistics.median(parts["frame"]), 2)
            out["jump_nosnap_ms"] = _median_ms(lambda k: jump(k, nosnap), points)
            out["window"] = f"{size[0]}x{size[1]}"
        finally:
            win.close()
    return out


def main(argv=None, tables=None) -> int:
    p = argparse.ArgumentParser(prog="python -m game.ui.replay_bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--actions", type=int, default=300)
    p.add_argument("--jumps", type=int, default=60)
    p.add_argument("--no-window", action="store_true", help="only the controller figures (no display needed)")
    p.add_argument("--size", default="1280x720")
    args = p.parse_args(argv)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    print(json.dumps(bench(args.actions, args.jumps, not args.no_window, size, tables=tables)))
    return 0


if __name__ == "__main__":
    from game.tables import CATALOG  # the entry point wires in the games' tables
    raise SystemExit(main(tables=CATALOG))
