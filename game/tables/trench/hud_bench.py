"""Frame time of the game screen with the HUD and the log shown (for ``tools/bench.py``).

``hud_frame_ms(width, height)`` opens a hidden window (a display is needed: Xvfb is
fine), sets up a two-player game in its first round with a human deciding (hand,
slots, scores, forecast and a log of the setup on screen), and times still frames.
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
    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        screen.on_draw()
        screen.ctx.finish()
        times.append((time.perf_counter() - t0) * 1000.0)
    return times


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
        for _ in range(5):
            screen.on_draw()  # warm: the still layer, the HUD batch, glyphs
        with_hud = _frames(screen, frames)
        screen.hud_enabled = False
        screen.on_draw()
        table = _frames(screen, frames)
    finally:
        window.close()
    with_hud.sort()
    return {"median_ms": round(statistics.median(with_hud), 3),
            "p90_ms": round(with_hud[int(0.9 * (len(with_hud) - 1))], 3),
            "table_median_ms": round(statistics.median(table), 3),
            "width": width, "height": height, "frames": frames}


if __name__ == "__main__":
    import json
    import sys
    w, h = (int(v) for v in (sys.argv[1] if len(sys.argv) > 1 else "1280x720").split("x"))
    print(json.dumps(hud_frame_ms(w, h)))
