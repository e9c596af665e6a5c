"""The program's pyglet window: an OpenGL 3.3 core context, resizable, optionally hidden."""

from __future__ import annotations

import pyglet

from game.render.gl import window_error


def make_window(width=1280, height=720, caption="Trench War", msaa=0, visible=True):
    """A resizable pyglet window with an OpenGL 3.3 core context; raises NoGLError."""
    try:
        kw = dict(major_version=3, minor_version=3, forward_compatible=True, double_buffer=True, depth_size=24)
        if msaa:
            kw.update(sample_buffers=1, samples=msaa)
        config = pyglet.gl.Config(**kw)
        window = pyglet.window.Window(width, height, caption, resizable=True, config=config, visible=visible)
    except Exception as exc:  # noqa: BLE001 - no display, no config, no context
        raise window_error(exc) from exc
    if visible:
        blank(window)
    return window


#: The colour a new window shows until its first frame: the start menu's backdrop, the floor's
#: colour (``game.ui.first_frame.BACKDROP``), so the menu appears over the colour it is drawn on.
BLANK = (113 / 255, 66 / 255, 36 / 255)


def blank(window) -> None:
    """Clear a just-mapped window and show it.  Until its first frame is drawn (1.2 to 1.6 s of
    start-up on a software renderer) an OpenGL window shows whatever its buffer holds, which OpenGL
    leaves undefined (with some drivers a picture of an earlier window: a game's HUD in another
    language, say, for as long as the start-up lasts)."""
    try:
        window.switch_to()
        pyglet.gl.glClearColor(*BLANK, 1.0)
        # The front buffer only: the back buffer is drawn whole (cleared first) before it is
        # ever shown, so clearing it too would only cost a second flip.
        window.clear()
        window.flip()
    except Exception:  # noqa: BLE001 - a blank start is a nicety, never a failed start
        pass
