"""Open the table window, or say in one line why no window can be had."""

from __future__ import annotations

import sys


def open_table(view, state=None, seat=None, *, prefix: str = "error", **options) -> int:
    """Run the viewer window (``game.ui.viewer_window.run``); return the exit status.

    With no display or no OpenGL 3.3 context, print one line (``PREFIX: no OpenGL 3.3
    context: ...``) on stderr and return 1 instead of raising.
    """
    from game.render.gl import NoGLError
    try:
        from game.ui.viewer_window import run
    except Exception as exc:  # noqa: BLE001 - pyglet opens the display when imported
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"{prefix}: no OpenGL 3.3 context: cannot open a window ({first})", file=sys.stderr)
        return 1
    try:
        run(view, state, seat, **options)
    except NoGLError as exc:
        print(f"{prefix}: {exc}", file=sys.stderr)
        return 1
    return 0
