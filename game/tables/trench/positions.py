"""Reading positions for the tools: a position file (docs/notation.md) or a built-in demo.

``load_view(path, seat)`` returns ``(view, state)``: the view of ``seat`` (None:
the spectator) and the full state (None for demos).  ``demo:busy``,
``demo:night``, ``demo:eclipse`` and ``demo:start`` name built-in positions.
"""

from __future__ import annotations

from game.tables.trench import demo_views as demo

DEMOS = {
    "demo:busy": lambda: demo.busy_view(),
    "demo:night": lambda: demo.busy_view(day=False),
    "demo:eclipse": lambda: demo.busy_view(eclipse=True),
    "demo:start": lambda: demo.start_view(),
}


class PositionError(ValueError):
    """A position could not be read; the message is one line for the user."""


def load_view(path: str, seat: str | None = None):
    """(view, state) of a position file or demo name, seen by ``seat`` (None = spectator)."""
    if path in DEMOS:
        return DEMOS[path](), None
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as exc:
        raise PositionError(f"cannot read {path}: {exc.strerror}") from exc
    try:
        from game.trench.notation import parse_position
        from game.trench.view import view
    except ImportError as exc:  # the rules core is not there
        raise PositionError(f"cannot read position files: {exc}") from exc
    try:
        state = parse_position(text)
        return view(state, seat), state
    except ValueError as exc:
        raise PositionError(f"{path}: {str(exc).splitlines()[0] if str(exc) else exc!r}") from exc
