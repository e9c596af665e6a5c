"""The whole game screen (table, HUD, log) as a PNG, drawn without a visible window.

``trench-war [--load FILE] [--lang L] --screenshot OUT.png [--size WxH]`` ends here:

    from game.ui.snapshot import render_screenshot
    render_screenshot("shot.png", size=(1280, 720), record=load_record("game.twr"), lang="ja", tables=CATALOG)

(``CATALOG``: the games' tables, ``game.tables.CATALOG``, handed in by the app.)

The screen is the program's own :class:`~game.ui.screen.GameScreen` in an invisible window: a
hidden window on ``$DISPLAY`` (Xvfb is fine), or without a display pyglet's headless window on an
EGL context.  With a record its game is replayed to the last action and shown as the record's
human seat sees it (the spectator's view when bots sit everywhere); without one, a demo game of
``game`` (the demo player on every seat) as round 3 begins (or after ``DEMO_STEPS`` decisions in a
game without rounds).  No bot thinks and no chance is drawn: the picture is the record's
position exactly.
"""

from __future__ import annotations

import os
import sys

#: The demo position without a record: this seed, played by the demo player up to this round.
DEMO_SEED = 7
DEMO_STEPS = 400
DEMO_ROUND = 3


def _use_headless_without_display() -> None:
    """Without a display, make pyglet open EGL (headless) windows -- only possible before its
    window module is imported."""
    if os.name == "posix" and sys.platform != "darwin" and not os.environ.get("DISPLAY") \
            and "pyglet.window" not in sys.modules:
        import pyglet
        pyglet.options["headless"] = True


def controller_for(record=None, game: str = "trench-war"):
    """A controller on the record's game after its last action, or on ``game``'s demo position."""
    from game.core.registry import get_game
    from game.ui.controller import GameController
    from game.ui.seats import parse_seats
    if isinstance(record, tuple):  # load_record's (record, state)
        record = record[0]
    if record is not None:
        from game.ui.controller import controller_from_record
        return controller_from_record(record)
    spec = get_game(game)
    players = spec.default_players
    ctl = GameController(spec, spec.new_game(players, DEMO_SEED, spec.make_ruleset([], [])),
                         parse_seats(",".join(["bot"] * players), spec.players))
    from game.core.rng import Rng
    from game.ui.seats import demo_action
    rng = Rng(DEMO_SEED)
    for _ in range(DEMO_STEPS):
        if ctl.is_over() or getattr(ctl.state, "round", 0) >= DEMO_ROUND:
            break
        ctl.replay([demo_action(spec, ctl.state, rng)])
    return ctl


#: The one hidden window and screen of this process, reused by every later screenshot: moderngl
#: detects the context of a process's first headless (EGL) window only, and one screen is cheaper.
_SHOT = {}


class _SizedWindow:
    """The hidden window as the screen sees it while drawing a screenshot: the asked size (a
    headless window keeps its first size), everything else the real window's."""

    def __init__(self, window, width, height):
        self._window = window
        self.width, self.height = width, height

    def get_framebuffer_size(self):
        return (self.width, self.height)

    def __getattr__(self, name):
        return getattr(self._window, name)


def _screen(width, height, ctl, make_game_window, GameScreen, tables):
    screen = _SHOT.get("screen")
    if screen is None:
        window = make_game_window(width, height, visible=False)
        screen = GameScreen(window, ctl, tables=tables, delay=0.0, msaa=4, fixed_clock=0.0)
        screen.draw_at_rest = screen.single_frames = True
        _SHOT["screen"], _SHOT["window"] = screen, window
    window = _SHOT["window"]
    window.switch_to()
    screen.window = _SizedWindow(window, width, height)
    screen.tables = tables
    screen.set_controller(ctl)  # after the size: the seat's camera frames the board for it
    screen.curtain = None
    return screen


def _draw(screen, width, height):
    """Draw the screen into a framebuffer of its own at ``width`` x ``height`` and read it back
    (the screen draws into whatever framebuffer is bound: it detects it)."""
    from pyglet.math import Mat4
    ctx = screen.ctx
    color, depth = ctx.texture((width, height), 4), ctx.depth_renderbuffer((width, height))
    fbo = ctx.framebuffer(color_attachments=[color], depth_attachment=depth)
    real = screen.window._window
    before = real.projection
    real.projection = Mat4.orthogonal_projection(0, width, 0, height, -255, 255)  # the HUD's pixels
    try:
        fbo.use()
        screen.on_draw()  # one frame: it draws the table, builds the HUD and the log, and shows them
        fbo.use()
        return screen.read_pixels()
    finally:
        real.projection = before
        fbo.release()
        color.release()
        depth.release()


def close_screenshot_window() -> None:
    """Close the hidden window kept for screenshots (if any)."""
    _SHOT.pop("screen", None)
    window = _SHOT.pop("window", None)
    if window is not None:
        window.close()


def render_screenshot(out_path, size=(1280, 720), record=None, lang=None, *, tables, game="trench-war",
                      ctl=None) -> str:
    """Draw the game screen of ``record``'s game (a :class:`game.core.gamerecord.GameRecord`, or
    the ``(record, state)`` pair of ``load_record``, or None for ``game``'s demo position) at
    ``size`` = (width, height) in language ``lang`` (None: the current one) and write it to
    ``out_path`` as PNG; returns the path.  ``tables``: the games' tables
    (``game.ui.table.TableCatalog``); ``ctl``: a controller to draw instead (a new game of the
    command line's seats, seed and rules).

    Raises :class:`game.render.gl.NoGLError` (a one-line message) when no window or OpenGL 3.3
    context can be had, ``ValueError`` for a bad size."""
    width, height = (int(v) for v in size)
    if not (0 < width <= 8192 and 0 < height <= 8192):
        raise ValueError(f"screenshot size must be between 1x1 and 8192x8192, not {width}x{height}")
    from game.i18n import language, set_language
    before = language()
    if lang is not None:
        set_language(lang)
    _use_headless_without_display()
    try:
        from game.render.gl import NoGLError, window_error
        from game.render.png import write_png
        try:
            from game.ui.screen import GameScreen, make_game_window
        except NoGLError:
            raise
        except Exception as exc:  # noqa: BLE001 - pyglet opens the display when imported
            raise window_error(exc) from exc
        ctl = ctl if ctl is not None else controller_for(record, game)
        screen = _screen(width, height, ctl, make_game_window, GameScreen, tables)
        pixels = _draw(screen, width, height)
        folder = os.path.dirname(os.path.abspath(out_path))
        os.makedirs(folder, exist_ok=True)
        write_png(out_path, pixels)
        return out_path
    finally:
        if lang is not None:
            set_language(before)


__all__ = ["render_screenshot", "controller_for", "close_screenshot_window"]
