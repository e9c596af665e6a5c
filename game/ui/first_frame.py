"""The start menu's first frame, drawn before the table exists.

What the program shows first is the start menu.  The table behind it needs the demo game, the
renderer (numpy, a dozen shader programs, the meshes and textures) and the game screen: about half a
second of CPU on a software renderer.  :func:`draw_start_menu_first` paints the start menu the
player will use -- the same layer, rows, focus and words, from :meth:`game.ui.menu_shell.Shell.start_menu`
-- once, over the colour of the wooden floor, and flips it onto the window; the program then builds
the screen and the table appears behind the menu on the next frame.  Input that arrives in between
waits in the window's queue for the real menu, which has the same rows and focus.
"""

from __future__ import annotations

#: The backdrop of the first frame: the mean colour of the wooden floor round the table in the
#: start menu's picture (so the table fades in over its own colour rather than over black).
from game.ui.window import BLANK as BACKDROP  # one colour for both: the window's blank too


class _Backstage:
    """What a menu layer reads of its screen while it is painted alone: the layers (only it), and
    no canvas yet (nothing has been clicked)."""

    def __init__(self, menu):
        self.modals = [menu]
        self.canvas = None

    def pop_modal(self, modal=None):
        return None


def paint_start_menu(shell, width: int, height: int):
    """The :class:`game.render.hud.HudCanvas` of ``shell``'s start menu alone, ``width`` x
    ``height`` window pixels, at the HUD scale the screen would use."""
    from game.render.hud import HudCanvas, hud_scale
    menu = shell.start_menu()
    cv = HudCanvas(width, height, hud_scale(width, height))
    menu.paint(_Backstage(menu), cv)
    return cv


def draw_start_menu_first(window, shell) -> None:
    """Draw the start menu of ``shell`` (a :class:`game.ui.menu_shell.Shell` with no screen yet) on
    ``window`` as its first frame, through the window's own ``draw`` (as pyglet's loop draws)."""
    from pyglet import gl

    from game.render.hud import HudPainter
    canvas = paint_start_menu(shell, window.width, window.height)
    painter = HudPainter()

    def on_draw():
        fw, fh = window.get_framebuffer_size()
        gl.glViewport(0, 0, fw, fh)
        gl.glClearColor(*BACKDROP, 1.0)
        gl.glClear(gl.GL_COLOR_BUFFER_BIT | gl.GL_DEPTH_BUFFER_BIT)
        gl.glEnable(gl.GL_BLEND)
        gl.glBlendFunc(gl.GL_SRC_ALPHA, gl.GL_ONE_MINUS_SRC_ALPHA)
        painter.draw(canvas)
        return True  # handled: nothing else draws this frame

    window.push_handlers(on_draw=on_draw)
    # before pyglet's loop runs, a window queues the events it dispatches (for the loop to
    # deliver): this one must be drawn now
    window._enable_event_queue = False
    try:
        window.draw(0.0)
    finally:
        del window._enable_event_queue  # the class's setting again
        window.remove_handlers(on_draw=on_draw)


__all__ = ["BACKDROP", "draw_start_menu_first", "paint_start_menu"]
