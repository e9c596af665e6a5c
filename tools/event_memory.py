#!/usr/bin/env python3
"""Run the event mode for a while and report its memory: does a day at a stand leak?

  event_memory.py [--minutes 30] [--every 60] [--fast 1] [--visit-every 0] [--size 1280x720]
                  [--lang en|ja] [--seed S] [--json]

Opens the event mode's window (on $DISPLAY, e.g. Xvfb; without one, pyglet's headless EGL
window) and lets the attract loop run at real pace (``--fast F`` divides the bots' pacing and
speeds the animations by F).  Every ``--every`` seconds it prints the process's current and peak
resident memory (VmRSS, VmHWM from /proc) with the games played so far.  The baseline is the
reading after the warm-up (2 minutes, or a fifth of a shorter run: caches, glyphs and GPU buffers
built); at the end it prints the ratio current/baseline after 10 and after 30 minutes (when the run
lasts that long) and at the end.  ``--visit-every M`` presses a key every M minutes and starts a
quick game that is then left idle (the 60 s idle return back to the attract loop is exercised too).

Exit status 0, 1 without a window or OpenGL 3.3, 2 on bad input.  Meant for the background at low
priority (``nice -n 10``): it draws for as long as it is asked.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _common import seed_type  # noqa: E402


def memory_mb() -> tuple[float, float]:
    """(current, peak) resident memory of this process in MiB (Linux /proc; (0, 0) elsewhere)."""
    cur = peak = 0.0
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    cur = int(line.split()[1]) / 1024
                elif line.startswith("VmHWM:"):
                    peak = int(line.split()[1]) / 1024
    except OSError:
        pass
    return round(cur, 1), round(peak, 1)


def glyph_counts() -> tuple[int, int]:
    """(fonts, glyphs) pyglet keeps for the HUD's text: they grow with the characters and sizes
    drawn so far, bounded by the catalogs' characters (a slow rise of memory in a long Japanese
    run is mostly new kanji being rasterised)."""
    try:
        import pyglet
        space = pyglet.gl.current_context.object_space
        cache = getattr(space, "pyglet_font_font_cache", None)
        fonts = list(cache.values()) if cache is not None else []
        fonts += [f for f in getattr(space, "pyglet_font_font_hold", ()) if f not in fonts]
        return len(fonts), sum(len(getattr(f, "glyphs", ())) for f in fonts)
    except Exception:  # noqa: BLE001 - diagnostics only
        return 0, 0


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--minutes", type=float, default=30.0, help="how long to run (default 30)")
    p.add_argument("--every", type=float, default=60.0, help="seconds between checkpoints (default 60)")
    p.add_argument("--fast", type=float, default=1.0, help="pace factor for the bots and animations")
    p.add_argument("--visit-every", type=float, default=0.0,
                   help="minutes between simulated visitors (a key press, then idle); 0: none")
    p.add_argument("--size", default="1280x720")
    p.add_argument("--fps", type=float, default=30.0, help="frames per second drawn (default 30)")
    p.add_argument("--lang", default="en", choices=("en", "ja"))
    p.add_argument("--seed", type=seed_type, default=1)
    p.add_argument("--json", action="store_true", help="checkpoints and summary as JSON lines")
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"event_memory: --size must be WxH, not {args.size!r}", file=sys.stderr)
        return 2
    if args.minutes <= 0 or args.every <= 0 or args.fast <= 0 or args.fps <= 0:
        print("event_memory: --minutes, --every, --fast and --fps must be positive", file=sys.stderr)
        return 2
    import pyglet
    if not os.environ.get("DISPLAY") and "pyglet.window" not in sys.modules:
        pyglet.options["headless"] = True  # an EGL window: no display needed
    from game.i18n import set_language
    from game.ui.event_mode import default_make_controller, start_event_mode
    from game.ui.launch import open_game_screen
    from game.ui.seats import parse_seats
    set_language(args.lang)
    make = default_make_controller()
    from game.tables import CATALOG
    screen = open_game_screen(make(parse_seats("bot,bot"), args.seed), width, height, tables=CATALOG,
                              prefix="event_memory", caption="Trench War: event memory", msaa=0)
    if screen is None:
        return 1
    mode = start_event_mode(screen, make, None, seed=args.seed, fast=args.fast)

    t0 = time.monotonic()
    warmup = min(120.0, args.minutes * 60 / 5)
    marks = {"baseline": None, "at10": None, "at30": None}
    rows = []
    visits = {"next": args.visit_every * 60 if args.visit_every > 0 else None, "count": 0}

    def say(obj):
        if args.json:
            print(json.dumps(obj), flush=True)
        else:
            print(" ".join(f"{k}={v}" for k, v in obj.items()), flush=True)

    def checkpoint(_dt=None):
        el = time.monotonic() - t0
        cur, peak = memory_mb()
        fonts, glyphs = glyph_counts()
        row = {"minutes": round(el / 60, 2), "rss_mb": cur, "peak_mb": peak, "games": mode.games,
               "py_objects": len(gc.get_objects()), "fonts": fonts, "glyphs": glyphs,
               "phase": mode.phase, "frames": screen.frames, "steps": len(screen.ctl.steps),
               "on_step": len(screen.on_step), "modals": len(screen.modals)}
        rows.append(row)
        if marks["baseline"] is None and el >= warmup:
            marks["baseline"] = cur
        if marks["at10"] is None and el >= 600:
            marks["at10"] = cur
        if marks["at30"] is None and el >= 1800:
            marks["at30"] = cur
        say(row)

    def tick(_dt):
        el = time.monotonic() - t0
        if visits["next"] is not None and el >= visits["next"]:
            from pyglet.window import key
            visits["next"] += args.visit_every * 60
            visits["count"] += 1
            screen.window.dispatch_event("on_key_press", key.A, 0)  # offers a quick game
            screen.window.dispatch_event("on_key_press", key.ENTER, 0)  # takes it; then nobody plays
        if el >= args.minutes * 60:
            checkpoint()
            pyglet.app.exit()

    pyglet.clock.schedule_interval(screen.update, 1 / args.fps)
    pyglet.clock.schedule_interval(checkpoint, args.every)
    pyglet.clock.schedule_interval(tick, 0.5)
    checkpoint()
    try:
        pyglet.app.run(1 / args.fps)
    except KeyboardInterrupt:
        pass
    base = marks["baseline"] or (rows[0]["rss_mb"] if rows else 0)
    last = rows[-1]
    summary = {"summary": True, "minutes": last["minutes"], "games": mode.games, "visits": visits["count"],
               "baseline_mb": base, "final_mb": last["rss_mb"], "peak_mb": last["peak_mb"],
               "ratio_10min": round(marks["at10"] / base, 3) if marks["at10"] and base else None,
               "ratio_30min": round(marks["at30"] / base, 3) if marks["at30"] and base else None,
               "ratio_final": round(last["rss_mb"] / base, 3) if base else None}
    say(summary)
    try:
        screen.window.close()
    except Exception:  # noqa: BLE001 - a window that is half gone
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
