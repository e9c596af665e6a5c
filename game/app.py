"""The program ``trench-war`` starts: the table on a new game.

For now the table plays a demo: lively random legal decisions (``game.ui.demo``),
animated, with a new game after each result.  The camera is free: left-drag or
arrows orbit, wheel or +/- zoom, right-drag or WASD pan, 1-4 seats, T top, R
reset, Space step, G gas forecast, Esc quit.  Playing seats by hand arrives with
the input layer.
"""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="trench-war", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--players", type=int, default=2, choices=(2, 3, 4))
    p.add_argument("--seed", type=int, default=None, help="game seed (default: from the clock)")
    p.add_argument("--set", action="append", default=[], metavar="K=V", help="ruleset override")
    p.add_argument("--variant", action="append", default=[], metavar="NAME")
    p.add_argument("--view", default=None, metavar="SEAT", help="show a seat's view (default: spectator)")
    p.add_argument("--speed", type=float, default=1.0, help="animation speed factor")
    p.add_argument("--size", default="1280x720")
    p.add_argument("--msaa", type=int, default=4, help="multisampling (0 to switch off)")
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    from game.core.errors import GameError
    from game.trench import make_ruleset, new_game
    from game.trench.view import view

    seed = args.seed
    if seed is None:
        import time
        seed = int(time.time())
    try:
        state = new_game(args.players, seed=seed, rules=make_ruleset(args.set, args.variant))
        seat = args.view.upper() if args.view else None
        shown = view(state, seat)
        width, height = (int(v) for v in args.size.lower().split("x"))
    except (GameError, ValueError) as exc:
        print(f"trench-war: {exc}", file=sys.stderr)
        return 2
    print(f"trench-war: {args.players} players, seed {seed}", file=sys.stderr)
    from game.ui.demo import lively_action
    from game.ui.launch import open_table
    games = iter(range(seed + 1, seed + 1_000_000))

    def next_game():
        return new_game(args.players, seed=next(games), rules=state.rules)

    return open_table(shown, state, seat, prefix="trench-war", random_play=True, speed=args.speed,
                      msaa=args.msaa, seed=seed, frames=args.frames, size=(width, height),
                      policy=lively_action, next_game=next_game)
