"""Play a whole game of a card table in the real window by synthesised input only (test helper).

    python tests/tables/autoplay_run.py GAME SEATS SEED OUT_DIR [VARIANT...]

The shell's driver (``game.ui.autoplay.Driver``) draws a random legal action for each human
decision and performs it with clicks and keys; this subclass finds a board target's screen point
through the table's own ``target_world_points`` and the screen's picking (the protocol's hooks),
and names its pictures by the table's ``phase_name``.  Writes ``start.pos``, ``actions.txt``,
``final.pos`` and a PNG per phase change into OUT_DIR, and a JSON summary on stdout.
"""

from __future__ import annotations

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)


def make_driver_class():
    from game.ui.autoplay import Driver

    class CardTableDriver(Driver):
        def _on_step(self, step):
            s = self.screen
            v = s.ctl.view_for(None)
            phase = s.ui.phase_name(v).split("-")[-1]
            if self.out is not None and phase != self._phase:
                self.shots += 1
                path = os.path.join(self.out, f"{self.shots:03d}-{s.ui.phase_name(v)}.png")
                queued = s.capture
                s.capture = ([queued] if isinstance(queued, str) else list(queued or ())) + [path]
            self._phase = phase

        def _cell_point(self, cell, actor):
            s = self.screen
            for world in s.ui.target_world_points(s, cell):
                for dx, dy in ((0, 0), (0.15, 0.1), (-0.15, -0.1), (0.2, -0.2), (-0.2, 0.2)):
                    p = s.screen_point((world[0] + dx, world[1] + dy, world[2]))
                    if p is None or not self._free(*p):
                        continue
                    pk = s._pick(*p)
                    if pk is not None and pk.cell == cell:
                        return p
            return None

    return CardTableDriver


def main(argv) -> int:
    game, seats, seed, out = argv[:4]
    variants = tuple(argv[4:])
    os.makedirs(out, exist_ok=True)
    from game.core.registry import get_game
    from game.tables import CATALOG
    from game.ui.controller import new_controller
    from game.ui.seats import parse_seats
    spec = get_game(game)
    ctl = new_controller(spec, parse_seats(seats, spec.players), int(seed), variants=variants)
    from game.ui.screen import GameScreen, make_game_window, run_screen
    window = make_game_window(1024, 640, visible=True)
    screen = GameScreen(window, ctl, CATALOG.table(game), delay=0.0, speed=64.0, msaa=0)
    driver = make_driver_class()(screen, seed=int(seed), out=out, mouse_share=0.6)
    limit = 40000

    def on_frame(s):
        driver.tick(s)
        if s.frames > limit and not driver.done:
            from game.ui.autoplay import AutoplayError
            driver.error = AutoplayError(f"no end after {limit} frames")
            driver.finish()

    run_screen(screen, on_frame=on_frame)
    print(json.dumps({"decisions": driver.decisions, "curtains": driver.curtains, "verbs": driver.verbs,
                      "routes": driver.routes, "steps": len(ctl.steps), "over": ctl.is_over(),
                      "result": ctl.result(), "error": str(driver.error) if driver.error else None}, default=list))
    return 0 if driver.error is None and ctl.is_over() else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
