"""The still layer: the opaque picture of a frame, kept to be copied back on the next frames.

A still frame (same scene, light and camera) needs only its translucent parts (gas, overlays)
drawn again: the renderers (:class:`game.render.renderer.Renderer`, the card tables'
:class:`game.render.pieces.renderer.PiecesRenderer`) keep the opaque picture, colour and depth, in
a :class:`StillLayer` and copy it back before drawing them.  Nothing drawn after the opaque pass
writes depth, so into the framebuffer the layer was last copied from or to, the colour alone is
copied back: llvmpipe blits depth slowly (at 1280x720 a full copy 0.25-0.5 ms, the colour alone
0.09 ms).
"""

from __future__ import annotations

from .gl import release_framebuffer


class StillLayer:
    """A framebuffer of the kept picture (:attr:`fbo`, None before the first :meth:`keep`)."""

    def __init__(self, ctx):
        self.ctx = ctx
        self.fbo = None
        self.shape = None
        # (framebuffer whose depth is the layer's, a colour-only view of it, one of the layer)
        self._twin = None

    def keep(self, fbo, width: int, height: int, samples: int) -> None:
        """Copy the opaque picture just drawn into ``fbo`` (colour and depth) into the layer."""
        shape = (width, height, samples)
        if shape != self.shape:
            self._forget_twin()
            if self.fbo is not None:
                release_framebuffer(self.fbo)
            self.fbo = self.ctx.framebuffer(
                color_attachments=[self.ctx.renderbuffer((width, height), 4, samples=samples)],
                depth_attachment=self.ctx.depth_renderbuffer((width, height), samples=samples))
            self.shape = shape
        self.ctx.copy_framebuffer(self.fbo, fbo)
        self._twin_with(fbo)

    def restore(self, fbo, depth_too: bool = False) -> bool:
        """Copy the layer back into ``fbo``: the colour alone when ``fbo``'s depth is the layer's
        already (``depth_too``: the layer was patched since).  True when only the colour was copied."""
        twin = self._twin
        if not depth_too and twin is not None and twin[0] is fbo:
            self.ctx.copy_framebuffer(twin[1], twin[2])
            return True
        self.ctx.copy_framebuffer(fbo, self.fbo)
        self._twin_with(fbo)
        return False

    def _twin_with(self, fbo) -> None:
        if self._twin is not None and self._twin[0] is fbo:
            return
        self._forget_twin()
        colours = getattr(fbo, "color_attachments", None)
        if colours and len(colours) == 1 and fbo.depth_attachment is not None:  # not a window's own
            ctx = self.ctx
            self._twin = (fbo, ctx.framebuffer(color_attachments=[colours[0]]),
                          ctx.framebuffer(color_attachments=[self.fbo.color_attachments[0]]))

    def _forget_twin(self) -> None:
        if self._twin is not None:
            self._twin[1].release()
            self._twin[2].release()
        self._twin = None

    def release(self) -> None:
        """Free the layer's framebuffers (a later :meth:`keep` makes new ones)."""
        self._forget_twin()
        if self.fbo is not None:
            release_framebuffer(self.fbo)
        self.fbo = self.shape = None
