#!/usr/bin/env python3
"""Render a position to a PNG, offscreen (EGL), with no window: the table alone, no HUD.

  screenshot.py FILE --out PATH [--game NAME] [--size WxH] [--camera S|W|N|E|top|AZ,EL[,DIST]]
                [--view SEAT] [--msaa N] [--time SECONDS] [--palette standard|colour-blind]

``--game`` (default trench-war) names the game of FILE; its table (``game.tables``) builds the
scene.  FILE is a position file (docs/notation.md) or, for Trench War, a demo: demo:busy,
demo:night, demo:eclipse, demo:start.  --view shows what that seat may know (default: the
spectator view); the camera defaults to the viewing seat's side (else S).  The whole game screen
with its HUD: ``trench-war --game NAME --load SAVE --screenshot OUT.png``.
Exit status 1 with a one-line message when no OpenGL 3.3 context can be had.
"""

from __future__ import annotations

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _size(text: str):
    try:
        w, h = (int(v) for v in text.lower().split("x"))
        if w <= 0 or h <= 0 or w > 8192 or h > 8192:
            raise ValueError
        return w, h
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must be WxH, e.g. 1280x720: {text!r}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file")
    p.add_argument("--out", required=True)
    p.add_argument("--game", default="trench-war", help="the game of FILE (a game with a table)")
    p.add_argument("--size", type=_size, default=(1280, 720))
    p.add_argument("--camera", default=None)
    p.add_argument("--view", default=None, help="seat whose view to show (S, W, N, E); default spectator")
    p.add_argument("--msaa", type=int, default=4, help="samples (0 = off)")
    p.add_argument("--time", type=float, default=0.0, help="animation clock for the gas (seconds)")
    p.add_argument("--palette", default="standard", choices=("standard", "colour-blind"),
                   help="seat colours (colour-blind: Okabe & Ito's, safe for red-green deficiencies)")
    args = p.parse_args(argv)

    from game.render.camera import parse_camera
    from game.render.gl import NoGLError
    from game.render.offscreen import render_image
    from game.render.palette import use_palette
    from game.render.png import write_png
    from game.core.errors import GameError
    from game.tables import CATALOG

    seat = args.view.upper() if args.view else None
    try:
        table = CATALOG.table(args.game)
    except GameError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        pose = parse_camera(args.camera or table.seat_side(seat))
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        view = _load_view(args.game, args.file, seat)
    except (GameError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    scene_from_view = table.scene_from_view
    use_palette(args.palette)
    w, h = args.size
    try:
        img = render_image(scene_from_view(view), pose, w, h, time=args.time, samples=max(0, args.msaa))
    except NoGLError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    write_png(args.out, img)
    print(f"wrote {args.out} ({w}x{h})")
    return 0


def _load_view(game, path, seat):
    """The view of ``seat`` of a position file (or, for Trench War, a demo name)."""
    if game == "trench-war":
        from game.tables.trench.positions import PositionError, load_view
        try:
            return load_view(path, seat)[0]
        except PositionError as exc:
            raise ValueError(str(exc)) from None
    from game.core.registry import get_game
    spec = get_game(game)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror}") from None
    try:
        return spec.view(spec.parse_position(text), seat)
    except ValueError as exc:
        raise ValueError(f"{path}: {str(exc).splitlines()[0] if str(exc) else exc!r}") from None


if __name__ == "__main__":
    sys.exit(main())
