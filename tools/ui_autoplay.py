#!/usr/bin/env python3
"""Play a whole game in the real game window, every human decision made by synthesised input.

  ui_autoplay.py [--game NAME] --seats human,human[,human,human] --seed S [--variant V] [--set K=V] --out DIR

For each human decision a random legal action is drawn and performed with the mouse
clicks and key presses a player would use (screen points found through the same
picking as the player's clicks; privacy curtains passed with a key).  Writes
DIR/start.pos, DIR/actions.txt (every applied action, chance included),
DIR/final.pos and one PNG per phase change.  Needs a display (Xvfb is fine).  Any game whose
table is registered (``game.tables``) can be played: the driver (``game.ui.autoplay``) is the
shell's, the table gives the points to click on its pieces and targets.

  ui_autoplay.py --position FILE --seats human,human --shot OUT.png [--settle N]
      open the screen on a position and save one frame once the screen is ready for
      the deciding human (the privacy curtain passed): for pixel tests.

Exit status 0 when the game ended (or the shot was written), 1 on failure, 2 on bad input.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _common import seed_type  # noqa: E402


def build_parser():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="trench-war", help="the game to play (a name with a table: see trench-war --help)")
    p.add_argument("--seats", default="human,human")
    p.add_argument("--seed", type=seed_type, default=0)
    p.add_argument("--set", action="append", default=[], metavar="K=V")
    p.add_argument("--variant", action="append", default=[], metavar="NAME")
    p.add_argument("--out", default=None, help="directory for start.pos, actions.txt, final.pos, PNGs")
    p.add_argument("--size", default="1024x640")
    p.add_argument("--mouse", type=float, default=0.7, help="share of decisions made with the mouse")
    p.add_argument("--position", default=None, help="open on this position file instead of a new game")
    p.add_argument("--do", default="", help="actions played first (as recorded decisions; they show in the log)")
    p.add_argument("--shot", default=None,
                   help="save one frame here (PNG, or .npy for the raw pixels) once a human may decide, and exit")
    p.add_argument("--curtain", action="store_true", help="with --shot: keep the privacy curtain up (shoot it)")
    p.add_argument("--settle", type=int, default=4, help="frames to draw before the shot")
    p.add_argument("--log-scroll", type=int, default=0, help=argparse.SUPPRESS)
    p.add_argument("--hover", default=None, help="with --shot: hover this window point X,Y first")
    p.add_argument("--press", default="", help="with --shot: keys pressed before the shot (pyglet names, comma-separated)")
    p.add_argument("--burst", type=int, default=1,
                   help="input events per frame (the HUD is repainted before each; 1: one a frame)")
    p.add_argument("--max-frames", type=int, default=200000)
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    from game.core.errors import GameError
    from game.core.registry import get_game
    from game.ui.seats import SeatError, parse_seats
    from game.tables import CATALOG
    try:
        spec = get_game(args.game)
        if args.game not in CATALOG.playable():
            raise GameError(f"--game {args.game}: no table yet (playable: {', '.join(CATALOG.playable())})")
        kinds = parse_seats(args.seats, spec.players)
        w, h = (int(v) for v in args.size.lower().split("x"))
        if args.position:
            with open(args.position) as f:
                state = spec.parse_position(f.read())
        else:
            rules = spec.make_ruleset(args.set, args.variant)
            state = spec.new_game(len(kinds), args.seed, rules)
        if len(spec.seats(state)) != len(kinds):
            raise SeatError(f"the position seats {len(spec.seats(state))} players, --seats names {len(kinds)}")
    except (GameError, ValueError, OSError) as exc:
        print(f"ui_autoplay: {exc}", file=sys.stderr)
        return 2
    if args.out:
        os.makedirs(args.out, exist_ok=True)
    from game.ui.controller import GameController
    from game.ui.seats import make_player
    seats = spec.seats(state)
    players = {s: make_player(k, spec.name, seed=args.seed * 10 + i)
               for i, (s, k) in enumerate(zip(seats, kinds)) if not k.human}
    ctl = GameController(spec, state, kinds, players)
    try:
        ctl.replay(spec.parse_actions(args.do))
    except GameError as exc:
        print(f"ui_autoplay: --do: {exc}", file=sys.stderr)
        return 2

    from game.ui.screen import GameScreen, make_game_window, run_screen
    window = make_game_window(w, h, visible=True)
    screen = GameScreen(window, ctl, tables=CATALOG, delay=0.0, speed=64.0, msaa=0,
                        fixed_clock=0.0 if args.shot else None)
    if args.shot:
        return _shot(screen, args, run_screen)
    from game.ui.autoplay import Driver
    driver = Driver(screen, seed=args.seed, out=args.out, mouse_share=args.mouse, burst=args.burst)

    def on_frame(s):
        driver.tick(s)
        if s.frames > args.max_frames and not driver.done:
            from game.ui.autoplay import AutoplayError
            driver.error = AutoplayError(f"no end after {args.max_frames} frames")
            driver.finish()

    run_screen(screen, on_frame=on_frame)
    summary = {"decisions": driver.decisions, "curtains": driver.curtains, "menus": driver.menus,
               "verbs": driver.verbs, "routes": driver.routes, "steps": len(ctl.steps),
               "over": ctl.is_over(), "result": ctl.result(), "frames": screen.frames,
               "error": str(driver.error) if driver.error else None}
    print(json.dumps(summary, default=list))
    return 0 if driver.error is None and ctl.is_over() else 1


def _shot(screen, args, run_screen) -> int:
    from pyglet.window import key
    presses = [p for p in args.press.split(",") if p]
    state = {"n": 0, "pressed": False}

    def on_frame(s):
        if s.curtain is not None and not args.curtain:
            s.window.dispatch_event("on_key_press", key.ENTER, 0)
            return
        if not state["pressed"] and not args.curtain:
            if s.anim is not None or (s.deciding_human() is None and not s.ctl.is_over()):
                return
            for name in presses:
                s.window.dispatch_event("on_key_press", getattr(key, name.upper()), 0)
            if args.hover:
                x, y = (float(v) for v in args.hover.split(","))
                s.window.dispatch_event("on_mouse_motion", x, y, 0, 0)
            state["pressed"] = True
            return
        state["n"] += 1
        if state["n"] == args.settle:
            s.capture = args.shot
            if args.shot.endswith(".npy"):
                import numpy as np
                s.capture = None
                s.on_draw()
                np.save(args.shot, s.read_pixels())
        elif state["n"] > args.settle + 1:
            s.quit()

    run_screen(screen, on_frame=on_frame)
    return 0 if os.path.exists(args.shot) else 1


if __name__ == "__main__":
    sys.exit(main())
