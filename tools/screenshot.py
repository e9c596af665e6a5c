#!/usr/bin/env python3
"""Render a Trench War position to a PNG, offscreen (EGL), with no window.

  screenshot.py FILE --out PATH [--size WxH] [--camera S|W|N|E|top|AZ,EL[,DIST]]
                [--view SEAT] [--msaa N] [--time SECONDS] [--palette standard|colour-blind]

FILE is a position file (docs/notation.md) or a demo: demo:busy, demo:night,
demo:eclipse, demo:start.  --view shows what that seat may know (default: the
spectator view); the camera defaults to the viewing seat's side (else S).
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
    from game.tables.trench.positions import PositionError, load_view
    from game.tables.trench.scene import scene_from_view

    seat = args.view.upper() if args.view else None
    try:
        pose = parse_camera(args.camera or seat or "S")
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    try:
        view, _state = load_view(args.file, seat)
    except (PositionError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
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


if __name__ == "__main__":
    sys.exit(main())
