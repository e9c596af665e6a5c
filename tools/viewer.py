#!/usr/bin/env python3
"""Open a Trench War position in a window: the 3D table, or the game screen to play on from it.

  viewer.py FILE [--view SEAT] [--random] [--speed X] [--seed N] [--msaa N] [--size WxH]
  viewer.py FILE --seats human,bot [--delay S]     play on from FILE's position

FILE is a position file (docs/notation.md) or a demo (demo:busy, demo:night,
demo:eclipse, demo:start).  Without --seats: the viewer; --random steps through
random legal actions with animation.  Controls: left-drag or arrows orbit, wheel or
+/- zoom, right/middle-drag or WASD pan, 1-4 seat views, T top-down, R reset, Space one
random step, P screenshot, [ ] speed, Esc quit.  With --seats the game screen opens
(see ``trench-war --help``).  Exit status 1 with a one-line message when no OpenGL 3.3
context can be had.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _common import seed_type  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", nargs="?", default="demo:busy")
    p.add_argument("--view", default=None, help="seat whose view to show; default spectator")
    p.add_argument("--random", action="store_true", help="step through random legal actions")
    p.add_argument("--seats", default=None, help="play on from the position: human, bot or an AI level per seat")
    p.add_argument("--delay", type=float, default=0.8, help="with --seats: seconds each bot decision waits")
    p.add_argument("--speed", type=float, default=1.0)
    p.add_argument("--seed", type=seed_type, default=0)
    p.add_argument("--msaa", type=int, default=0)
    p.add_argument("--size", default="1280x720")
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)

    from game.render.positions import PositionError, load_view

    seat = args.view.upper() if args.view else None
    try:
        view, state = load_view(args.file, seat)
        w, h = (int(v) for v in args.size.lower().split("x"))
    except (PositionError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.seats:
        return _play(state, args, w, h)
    from game.ui.launch import open_table
    return open_table(view, state, seat, random_play=args.random, speed=args.speed, msaa=args.msaa,
                      seed=args.seed, frames=args.frames, size=(w, h))


def _play(state, args, w, h) -> int:
    from game.core.registry import get_game
    from game.ui.seats import SeatError, parse_seats
    spec = get_game("trench-war")
    if state is None:
        print("error: this demo has no game state to play on", file=sys.stderr)
        return 2
    try:
        kinds = parse_seats(args.seats, spec.players)
        if len(kinds) != len(spec.seats(state)):
            raise SeatError(f"the position seats {len(spec.seats(state))} players, --seats names {len(kinds)}")
    except SeatError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    from game.ui.controller import GameController
    from game.ui.launch import open_game_screen
    screen = open_game_screen(GameController(spec, state, kinds), w, h, delay=args.delay, speed=args.speed,
                              msaa=args.msaa)
    if screen is None:
        return 1
    from game.ui.screen import run_screen
    try:
        run_screen(screen, frames=args.frames)
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
