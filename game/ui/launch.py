"""Open the table window, or say in one line why no window can be had."""

from __future__ import annotations

import sys


def open_viewer(load_run, *args, prefix: str = "error", **options) -> int:
    """Run a table's position viewer (``load_run()`` imports it and returns its ``run``, e.g.
    ``game.tables.trench.viewer.run``) with ``args`` and ``options``; return the exit status.

    With no display (``PREFIX: no display: ...``, naming tools/screenshot.py) or no OpenGL
    3.3 context (``PREFIX: no OpenGL 3.3 context: ...``), print one line on stderr and
    return 1 instead of raising.
    """
    from game.render.gl import NoGLError, window_error
    try:
        run = load_run()
    except Exception as exc:  # noqa: BLE001 - pyglet opens the display when imported
        print(f"{prefix}: {window_error(exc)}", file=sys.stderr)
        return 1
    try:
        run(*args, **options)
    except NoGLError as exc:
        print(f"{prefix}: {exc}", file=sys.stderr)
        return 1
    return 0


def open_game_screen(controller, width: int, height: int, *, tables, prefix: str = "error",
                     caption: str = "Trench War", **screen_options):
    """A :class:`game.ui.screen.GameScreen` in a new window on ``controller`` (its table from
    ``tables``, a ``game.ui.table.TableCatalog``), or None after one line on stderr (``PREFIX: ...``)
    saying why no window can be had (no display, no OpenGL 3.3 context)."""
    from game.render.gl import NoGLError, window_error
    try:
        from game.ui.screen import GameScreen, make_game_window
        window = make_game_window(width, height, caption=caption)
        return GameScreen(window, controller, tables=tables, **screen_options)
    except NoGLError as exc:
        print(f"{prefix}: {exc}", file=sys.stderr)
    except Exception as exc:  # noqa: BLE001 - pyglet opens the display when imported
        print(f"{prefix}: {window_error(exc)}", file=sys.stderr)
    return None
