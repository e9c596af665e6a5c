"""The program ``trench-war``: the game screen on a new game.

  trench-war --seats human,bot          you (South) against the lively demo player
  trench-war --seats human,human,bot    hot-seat for two, with a privacy curtain
  trench-war --seats bot,bot            the demo table (a new game after each result)

Once the bots package lands, a seat may also be ``random``, ``easy``, ``normal`` or
``hard``.  In the window: click one of your soldiers, then a lit target (Tab cycles
soldiers, arrows choose, Enter confirms, Backspace goes back); plot cards by clicking
them into the two slots.  Space pauses others' moves, ``.`` steps, ``[`` ``]`` speed,
F camera follows, G gas forecast, L log, 1-4 / T / R cameras, drag orbits, wheel
zooms, right-drag pans, Ctrl+Q quits.
"""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="trench-war", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seats", default=None, metavar="KINDS",
                   help="one entry per seat: human, bot (demo) or an AI level; default bot,bot")
    p.add_argument("--players", type=int, default=None, choices=(2, 3, 4),
                   help="player count when --seats is not given (all demo bots)")
    p.add_argument("--seed", type=int, default=None, help="game seed (default: from the clock)")
    p.add_argument("--set", action="append", default=[], metavar="K=V", help="ruleset override")
    p.add_argument("--variant", action="append", default=[], metavar="NAME")
    p.add_argument("--delay", type=float, default=0.8, help="seconds each bot decision waits (pacing)")
    p.add_argument("--speed", type=float, default=1.0, help="animation speed factor")
    p.add_argument("--size", default="1280x720")
    p.add_argument("--msaa", type=int, default=4, help="multisampling (0 to switch off)")
    p.add_argument("--view", default=None, help=argparse.SUPPRESS)  # kept for old scripts
    p.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)
    return p


def make_controller(spec, seat_kinds, seed, rules):
    """A controller on a new game with these seats (bots seeded from the game seed)."""
    from game.ui.controller import GameController
    from game.ui.seats import make_player
    state = spec.new_game(len(seat_kinds), seed, rules)
    seats = spec.seats(state)
    players = {seat: make_player(kind, spec.name, seed=seed * 10 + i)
               for i, (seat, kind) in enumerate(zip(seats, seat_kinds)) if not kind.human}
    return GameController(spec, state, seat_kinds, players)


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    from game.core.errors import GameError
    from game.core.registry import get_game
    from game.ui.seats import SeatError, parse_seats

    spec = get_game("trench-war")
    seed = args.seed
    if seed is None:
        import time
        seed = int(time.time())
    try:
        seats_text = args.seats or ",".join(["bot"] * (args.players or spec.default_players))
        kinds = parse_seats(seats_text, spec.players)
        if args.players is not None and args.seats and args.players != len(kinds):
            raise SeatError(f"--players {args.players} but --seats names {len(kinds)} seats")
        rules = spec.make_ruleset(args.set, args.variant)
        width, height = (int(v) for v in args.size.lower().split("x"))
        ctl = make_controller(spec, kinds, seed, rules)
    except (GameError, ValueError) as exc:
        print(f"trench-war: {exc}", file=sys.stderr)
        return 2
    print(f"trench-war: {len(kinds)} players ({seats_text}), seed {seed}", file=sys.stderr)
    games = iter(range(seed + 1, seed + 1_000_000))
    demo = not any(k.human for k in kinds)
    try:
        return _open(spec, kinds, rules, ctl, games, demo, args, width, height)
    except KeyboardInterrupt:
        return 130


def _open(spec, kinds, rules, ctl, games, demo, args, width, height) -> int:
    from game.render.gl import NoGLError, window_error
    try:
        from game.ui.screen import GameScreen, make_game_window, run_screen
        from game.ui.trench_ui import TrenchUI
        window = make_game_window(width, height)
    except NoGLError as exc:
        print(f"trench-war: {exc}", file=sys.stderr)
        return 1
    except Exception as exc:  # noqa: BLE001 - pyglet opens the display when imported
        print(f"trench-war: {window_error(exc)}", file=sys.stderr)
        return 1

    def new_game():
        return make_controller(spec, kinds, next(games), rules)

    try:
        screen = GameScreen(window, ctl, TrenchUI(), new_game=new_game, delay=args.delay, speed=args.speed,
                            msaa=args.msaa)
    except NoGLError as exc:
        print(f"trench-war: {exc}", file=sys.stderr)
        return 1
    if demo:
        import pyglet

        def next_after_end(_dt):
            if screen.ctl.is_over() and screen.anim is None:
                if getattr(screen, "_over_since", None) is None:
                    screen._over_since = screen.clock
                elif screen.clock - screen._over_since > 6.0:
                    screen._over_since = None
                    screen.start_new_game()
        pyglet.clock.schedule_interval(next_after_end, 0.5)
    run_screen(screen, frames=args.frames)
    return 0
