"""A window's frame drawn into a framebuffer of our own, then presented colour-only.

The window's default framebuffer has whatever format the platform chose, so colour
and depth cannot be blitted between it and ours.  ``FrameTarget`` owns an RGBA8 +
depth framebuffer (multisampled when asked) that the renderer draws into -- so the
still-frame layer cache works in the window too -- resolves it into a texture when
multisampled, and draws that texture onto the window with one fullscreen triangle
(``shaders/blit.glsl``).
"""

from __future__ import annotations

from .gl import load_program


class FrameTarget:
    """Our own framebuffer for one window; ``ensure(w, h)`` (re)allocates on resize."""

    def __init__(self, ctx, samples: int = 0, smooth: bool = False):
        self.ctx = ctx
        self.samples = int(samples or 0)
        self.smooth = smooth  # filter linearly when the frame is stretched onto the window
        self.size = None
        self.fbo = self.resolve = self.texture = None
        self._parts = []
        self.prog = load_program(ctx, "blit")
        self.vao = ctx.vertex_array(self.prog, [])
        self.reallocs = 0

    def _free(self):
        for obj in self._parts:
            obj.release()
        self._parts = []
        self.fbo = self.resolve = self.texture = None

    def ensure(self, width: int, height: int, screen=None):
        """The framebuffer to draw a ``width`` x ``height`` frame into.

        ``screen`` (the window's framebuffer) is bound before old framebuffers are freed:
        moderngl rebinds the last used one after creating a framebuffer, and binding a
        deleted name is an error in a core profile.
        """
        if self.size == (width, height):
            return self.fbo
        if screen is not None:
            screen.use()
        self._free()
        ctx = self.ctx
        self.texture = ctx.texture((width, height), 4)
        self.texture.filter = (ctx.LINEAR, ctx.LINEAR) if self.smooth else (ctx.NEAREST, ctx.NEAREST)
        self.texture.repeat_x = self.texture.repeat_y = False
        if self.samples:
            color = ctx.renderbuffer((width, height), 4, samples=self.samples)
            depth = ctx.depth_renderbuffer((width, height), samples=self.samples)
            self.fbo = ctx.framebuffer(color_attachments=[color], depth_attachment=depth)
            self.resolve = ctx.framebuffer(color_attachments=[self.texture])
            self._parts = [self.fbo, self.resolve, color, depth, self.texture]
        else:
            depth = ctx.depth_renderbuffer((width, height))
            self.fbo = ctx.framebuffer(color_attachments=[self.texture], depth_attachment=depth)
            self._parts = [self.fbo, depth, self.texture]
        self.size = (width, height)
        self.reallocs += 1
        return self.fbo

    def present(self, screen, width: int, height: int):
        """Resolve (if multisampled) and draw the frame onto ``screen`` (the window's framebuffer)."""
        ctx = self.ctx
        if self.resolve is not None:
            ctx.copy_framebuffer(self.resolve, self.fbo)
        screen.use()
        ctx.viewport = (0, 0, width, height)
        ctx.disable(ctx.DEPTH_TEST | ctx.CULL_FACE | ctx.BLEND)
        self.texture.use(0)
        self.prog["u_image"].value = 0
        self.vao.render(ctx.TRIANGLES, vertices=3)

    def release(self):
        self._free()
        self.vao.release()
        self.prog.release()
