"""Draw the real game screen (table, HUD, log) of a card table as one human seat sees it (test helper).

    python tests/tables/screen_shot.py GAME SEATS SEED ACTIONS_FILE OUT.png [LANG]

A controller on a new game of GAME (``--game`` name) with SEATS (``human,human,...``) and SEED
replays the actions in ACTIONS_FILE (one per line, chance outcomes included), then the screen of the
seat that decides now is drawn in a hidden window (``game.ui.snapshot``) and written as a PNG.
"""

from __future__ import annotations

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

TABLES = {"two-mists": ("game.tables.mists.table", "MistsTable"),
          "smoke-blood-steel": ("game.tables.steel.table", "SteelTable")}


def main(argv) -> int:
    game, seats, seed, actions_file, out = argv[:5]
    lang = argv[5] if len(argv) > 5 else "en"
    from game.core.registry import get_game
    from game.i18n import set_language
    from game.ui.controller import new_controller
    from game.ui.seats import parse_seats
    set_language(lang)
    spec = get_game(game)
    ctl = new_controller(spec, parse_seats(seats, spec.players), int(seed))
    with open(actions_file, encoding="utf-8") as f:
        ctl.replay(spec.parse_actions(f.read()))
    from game.tables import CATALOG
    from game.ui import snapshot
    from game.ui.screen import GameScreen, make_game_window
    screen = snapshot._screen(1280, 720, ctl, make_game_window, GameScreen, CATALOG)
    assert type(screen.ui).__name__ == TABLES[game][1]
    from game.render.png import write_png
    hover = os.environ.get("SCREEN_SHOT_HOVER")  # "escort,I,front": the mouse rests on that piece
    if hover:
        snapshot._draw(screen, 1280, 720)
        piece = screen.ui._scene.find(tuple(hover.split(",")))
        x, y = screen.screen_point((piece.x, piece.y, 0.05))
        screen.on_mouse_motion(x, y, 0, 0)
        screen._update_hover()
    write_png(out, snapshot._draw(screen, 1280, 720))
    print(screen.shown_seat)
    if os.environ.get("SCREEN_SHOT_PROBE"):  # where the table's pieces and the HUD's panels lie
        import json
        keys = [p.key for p in screen.ui._scene.pieces] if getattr(screen.ui, "_scene", None) else []
        wanted = [k for k in keys if isinstance(k, tuple) and k and k[0] in ("escort", "mech", "char", "life")]
        pts = screen.screen_points([(screen.ui._scene.find(k).x, screen.ui._scene.find(k).y, 0.05)
                                    for k in wanted]) if wanted else []
        regions = [(r.x, r.y, r.w, r.h, list(r.key) if isinstance(r.key, tuple) else r.key)
                   for r in screen.canvas.regions]
        from game.ui.table_hud import card_reader_lines
        print(json.dumps({"pieces": [[list(k), p] for k, p in zip(wanted, pts)], "regions": regions,
                          "reader": card_reader_lines(screen)},
                         default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
