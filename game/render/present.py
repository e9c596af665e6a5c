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

#: Size of a window's frame while its camera moves, relative to the window (1.0: always full
#: size); the renderer benchmark's redraw is measured at the same size (``measure_frame_ms``).
MOVING_SCALE = 0.7


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


class MotionFrames:
    """A window's two frame targets and the choice between them, frame by frame.

    At rest the table is drawn at full size into :attr:`still` (multisampled when asked); while
    the camera moves, into :attr:`moving`, ``scale`` times smaller, stretched smoothly onto the
    window: a software renderer cannot redraw the whole table at full size every frame.

    The camera counts as moving until its pose has stayed the same for ``settle`` frames.  A
    camera that moves slowly and steadily (the start menu's orbit) changes its pose on most frames
    but not all of them (the clock's ticks and the draws do not alternate exactly); judged frame by
    frame, it would flip between the two sizes -- a picture that shimmers, and the full-size,
    multisampled buffers and still layer allocated for single frames (some 60 MB at 1280x720 with
    4x MSAA).  Neither target allocates anything before its first frame (:meth:`FrameTarget.ensure`).
    """

    def __init__(self, ctx, samples: int = 0, scale: float = MOVING_SCALE, settle: int = 3):
        self.ctx = ctx
        self.scale = float(scale)
        self.settle = int(settle)
        self.still = FrameTarget(ctx, samples=samples)
        self.moving = FrameTarget(ctx, samples=0, smooth=True)
        self._pose = None
        self._rest = 0  # frames the pose has kept since it last changed

    @property
    def samples(self) -> int:
        return self.still.samples

    def set_samples(self, samples: int) -> None:
        """Multisample the still frames with ``samples`` from the next frame on (0: off)."""
        samples = int(samples or 0)
        if samples != self.still.samples:
            self.still.release()
            self.still = FrameTarget(self.ctx, samples=samples)
            self.forget()

    def forget(self) -> None:
        """Treat the next frame as a move (a new game, a resize: nothing drawn is kept)."""
        self._pose, self._rest = None, 0

    def choose(self, pose, width: int, height: int, screen=None, at_rest: bool = False):
        """(target, framebuffer, w, h) to draw this frame of camera ``pose`` into, for a picture
        ``width`` x ``height`` on the window; ``at_rest`` forces the still frame (a screenshot)."""
        if pose != self._pose:
            self._pose, self._rest = pose, 0
        else:
            self._rest += 1
        target, w, h = self.still, width, height
        if not at_rest and self._rest < self.settle and self.scale < 1.0:
            target = self.moving
            w, h = max(1, int(width * self.scale)), max(1, int(height * self.scale))
        return target, target.ensure(w, h, screen), w, h

    def release(self) -> None:
        self.still.release()
        self.moving.release()
