#!/usr/bin/env python3
"""Open a position in a window: Trench War's position viewer, or the game screen to play on from it.

  viewer.py FILE [--view SEAT] [--random] [--speed X] [--seed N] [--msaa N] [--size WxH]
  viewer.py FILE --seats human,bot [--delay S]     play on from FILE's position
  viewer.py --game immortal-arena FILE [--seats human,easy] [--view SEAT]

FILE is a position file (docs/notation.md) or a demo (demo:busy, demo:night,
demo:eclipse, demo:start).  Without --seats: the viewer; --random steps through
random legal actions with animation.  Controls: left-drag or arrows orbit, wheel or
+/- zoom, right/middle-drag or WASD pan, 1-4 seat views, T top-down, R reset, Space one
random step, P screenshot, [ ] speed, Esc quit.  With --seats the game screen opens
(see ``trench-war --help``).  Other games (``--game NAME``) always open on the game screen: with
no --seats every seat is ``human`` (hot-seat from the position), shown as --view sees it when
given.  Exit status 1 with a one-line message when no OpenGL 3.3 context can be had.
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
    p.add_argument("--game", default="trench-war", help="the game of FILE (trench-war, immortal-arena, two-mists, "
                                                         "smoke-blood-steel)")
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
    if args.game != "trench-war":
        return _other_game(args)

    from game.tables.trench.positions import PositionError, load_view

    seat = args.view.upper() if args.view else None
    try:
        view, state = load_view(args.file, seat)
        w, h = (int(v) for v in args.size.lower().split("x"))
    except (PositionError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.seats:
        return _play(state, args, w, h)
    from game.ui.launch import open_viewer

    def load_run():
        from game.tables.trench.viewer import run
        return run
    return open_viewer(load_run, view, state, seat, random_play=args.random, speed=args.speed, msaa=args.msaa,
                       seed=args.seed, frames=args.frames, size=(w, h))


def _other_game(args) -> int:
    """Any game's position on the game screen (``--game NAME``)."""
    from game.core.errors import GameError
    from game.core.registry import get_game
    try:
        spec = get_game(args.game)
        with open(args.file, encoding="utf-8") as f:
            state = spec.parse_position(f.read())
        w, h = (int(v) for v in args.size.lower().split("x"))
    except OSError as exc:
        print(f"error: cannot read {args.file}: {exc.strerror}", file=sys.stderr)
        return 2
    except (GameError, ValueError) as exc:
        print(f"error: {args.file}: {str(exc).splitlines()[0] if str(exc) else exc!r}", file=sys.stderr)
        return 2
    if not args.seats:
        args.seats = ",".join(["human"] * len(spec.seats(state)))
    return _play(state, args, w, h, spec)


def _play(state, args, w, h, spec=None) -> int:
    from game.core.registry import get_game
    from game.ui.seats import SeatError, parse_seats
    spec = spec or get_game("trench-war")
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
    from game.core.errors import GameError
    from game.tables import CATALOG
    from game.ui.controller import GameController
    from game.ui.launch import open_game_screen
    try:
        CATALOG.info(spec.name)
        if not CATALOG.info(spec.name).playable:
            raise GameError(f"{spec.name} cannot be shown in the window yet (no table); "
                            f"playable: {', '.join(CATALOG.playable())}")
    except GameError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    screen = open_game_screen(GameController(spec, state, kinds), w, h, tables=CATALOG, delay=args.delay,
                              speed=args.speed, msaa=args.msaa)
    if screen is None:
        return 1
    if args.view and args.game != "trench-war":
        screen.watch(args.view.upper())
    from game.ui.screen import run_screen
    try:
        run_screen(screen, frames=args.frames)
    except KeyboardInterrupt:
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
