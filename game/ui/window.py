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
        return pyglet.window.Window(width, height, caption, resizable=True, config=config, visible=visible)
    except Exception as exc:  # noqa: BLE001 - no display, no config, no context
        raise window_error(exc) from exc
