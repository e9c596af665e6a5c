"""Frame time of the game screen with the HUD and the log shown (for ``tools/bench.py``).

``hud_frame_ms(width, height)`` opens a hidden window (a display is needed: Xvfb is
fine), sets up a two-player game in its first round with a human deciding (hand,
slots, scores, forecast and a log of the setup on screen), and times still frames.
The frame measured is read back and must show a picture (``BlankFrameError`` otherwise):
drawn into another context than the window's, a frame costs nothing and shows nothing.
"""

from __future__ import annotations

import statistics
import time

def _setup(ctl):
    """Play the setup by the first legal choice (passing placements) up to S's first plot."""
    for _ in range(200):
        if ctl.is_over() or (ctl.deciding() == "S" and ctl.state.phase == "plot" and ctl.state.round >= 1):
            return
        if ctl.deciding() == "chance":
            ctl.apply_chance()
            continue
        legal = ctl.state.legal_actions()
        passes = [a for a in legal if a.verb == "pass"]
        plots = [a for a in legal if a.verb == "plot" and len(a.args) == 2]
        ctl.replay([(passes or plots or legal)[0]])


def _frames(screen, n):
    """Wall and CPU milliseconds of ``n`` frames drawn into the window's back buffer."""
    times, cpu = [], []
    screen.window.switch_to()  # its context, whatever another (an offscreen one) made current
    for _ in range(n):
        t0, c0 = time.perf_counter(), time.process_time()
        screen.on_draw()
        screen.ctx.finish()
        times.append((time.perf_counter() - t0) * 1000.0)
        cpu.append((time.process_time() - c0) * 1000.0)
    return times, cpu


class BlankFrameError(RuntimeError):
    """The frame measured shows nothing (no table, no HUD): its time would mean nothing."""


def frame_content(screen) -> dict:
    """What the frame just drawn holds: ``{"colours": distinct colours in a coarse sample,
    "spread": the largest channel's standard deviation}``; a blank (one-colour) frame has
    a single colour and no spread."""
    import numpy as np
    fbo = screen.ctx.detect_framebuffer()
    w, h = fbo.size
    img = np.frombuffer(fbo.read(components=3, alignment=1), np.uint8).reshape(h, w, 3)
    sample = img[::8, ::8].reshape(-1, 3)
    return {"colours": len(np.unique(sample // 8, axis=0)), "spread": float(sample.std(axis=0).max())}


def check_not_blank(content: dict) -> None:
    """Raise :class:`BlankFrameError` unless a frame holds a picture (many colours, some spread)."""
    if content["colours"] < 16 or content["spread"] < 8.0:
        raise BlankFrameError(f"the measured frame is blank ({content['colours']} colours, "
                              f"spread {content['spread']:.1f}): its time would be no figure")


def hud_frame_ms(width: int = 1280, height: int = 720, frames: int = 60, seed: int = 3) -> dict:
    """Median and 90th percentile of a still frame with the HUD and log (ms), and the same
    frame without the HUD (``table_median_ms``), in a hidden window of ``width`` x ``height``."""
    from game.core.registry import get_game
    from game.ui.controller import GameController
    from game.ui.screen import GameScreen, make_game_window
    from game.ui.seats import parse_seats
    from game.tables.trench.ui import TrenchUI
    spec = get_game("trench-war")
    state = spec.new_game(2, seed, spec.make_ruleset([], []))
    ctl = GameController(spec, state, parse_seats("human,bot"), {})
    _setup(ctl)
    window = make_game_window(width, height, visible=False)
    try:
        screen = GameScreen(window, ctl, TrenchUI(), delay=0.0, msaa=0, fixed_clock=0.0)
        screen.curtain = None
        _frames(screen, 5)  # warm: the still layer, the HUD batch, glyphs
        with_hud, with_hud_cpu = _frames(screen, frames)
        content = frame_content(screen)
        check_not_blank(content)
        screen.hud_enabled = False
        table, table_cpu = _frames(screen, frames)
    finally:
        window.close()
    with_hud.sort()
    return {"median_ms": round(statistics.median(with_hud), 3),
            "p90_ms": round(with_hud[int(0.9 * (len(with_hud) - 1))], 3),
            "cpu_median_ms": round(statistics.median(with_hud_cpu), 3),
            "table_median_ms": round(statistics.median(table), 3),
            "table_cpu_median_ms": round(statistics.median(table_cpu), 3),
            "content": content, "width": width, "height": height, "frames": frames}


if __name__ == "__main__":
    import json
    import sys
    w, h = (int(v) for v in (sys.argv[1] if len(sys.argv) > 1 else "1280x720").split("x"))
    print(json.dumps(hud_frame_ms(w, h)))
