"""pyglet's options for this program, set before pyglet's GL, window and image modules load.

Imported by ``game.ui`` itself, so every screen, menu and tool window of the shell gets them:

- no shadow window: pyglet opens a hidden 1x1 window with an OpenGL context of its own when its GL
  module is imported, so that GL objects can be shared by windows opened and closed one after
  another; the program draws in one window, so that is a second context built at every launch
  (some 40 ms of CPU on a software renderer) for nothing.  pyglet keeps its fonts' glyph
  textures and its default shaders per context, so a later window (a test's, say) builds its own.
- no PIL or GdkPixbuf image decoders (pyglet registers them when ``pyglet.image`` is first
  imported, which the HUD's fonts do): some 15 ms of every launch.  The program reads and writes
  its PNGs itself (``game.render.png``); pyglet's own PNG and BMP decoders stay registered (the
  rules lab's plots in the HUD go through them).
"""

from __future__ import annotations

import sys

#: Image decoder modules of pyglet left out (see the module's docstring).
UNUSED_IMAGE_CODECS = ("pyglet.image.codecs.pil", "pyglet.image.codecs.gdkpixbuf2")


def configure() -> None:
    """Set the options (once; an option whose module is already loaded is left as it is)."""
    import pyglet
    if "pyglet.gl" not in sys.modules and "pyglet.window" not in sys.modules:
        pyglet.options["shadow_window"] = False
    if "pyglet.image" not in sys.modules:
        for name in UNUSED_IMAGE_CODECS:
            sys.modules.setdefault(name, None)  # None in sys.modules: "import" raises ImportError


__all__ = ["UNUSED_IMAGE_CODECS", "configure"]
