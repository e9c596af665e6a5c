"""Open the table window, or say in one line why no window can be had."""

from __future__ import annotations

import sys


def open_table(view, state=None, seat=None, *, prefix: str = "error", **options) -> int:
    """Run the viewer window (``game.ui.viewer_window.run``); return the exit status.

    With no display (``PREFIX: no display: ...``, naming tools/screenshot.py) or no OpenGL
    3.3 context (``PREFIX: no OpenGL 3.3 context: ...``), print one line on stderr and
    return 1 instead of raising.
    """
    from game.render.gl import NoGLError, window_error
    try:
        from game.ui.viewer_window import run
    except Exception as exc:  # noqa: BLE001 - pyglet opens the display when imported
        print(f"{prefix}: {window_error(exc)}", file=sys.stderr)
        return 1
    try:
        run(view, state, seat, **options)
    except NoGLError as exc:
        print(f"{prefix}: {exc}", file=sys.stderr)
        return 1
    return 0


def open_game_screen(controller, width: int, height: int, *, prefix: str = "error", caption: str = "Trench War",
                     **screen_options):
    """A :class:`game.ui.screen.GameScreen` in a new window on ``controller`` (Trench War's adapter),
    or None after one line on stderr (``PREFIX: ...``) saying why no window can be had (no display,
    no OpenGL 3.3 context)."""
    from game.render.gl import NoGLError, window_error
    try:
        from game.ui.screen import GameScreen, make_game_window
        from game.tables.trench.ui import TrenchUI
        window = make_game_window(width, height, caption=caption)
        return GameScreen(window, controller, TrenchUI(), **screen_options)
    except NoGLError as exc:
        print(f"{prefix}: {exc}", file=sys.stderr)
    except Exception as exc:  # noqa: BLE001 - pyglet opens the display when imported
        print(f"{prefix}: {window_error(exc)}", file=sys.stderr)
    return None
