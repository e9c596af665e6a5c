"""Offscreen rendering: a framebuffer of its own (never a window's), read back as pixels."""

from __future__ import annotations

import numpy as np

from .camera import CameraPose
from .gl import create_offscreen_context, make_current, release_framebuffer
from .renderer import Renderer


class Offscreen:
    """An offscreen target (optionally multisampled) with a renderer on an OpenGL context.

    ``ctx`` may be a window's context; by default a standalone EGL context is made.
    ``renderer`` may be shared (e.g. the window's); by default one is made and released here.
    """

    def __init__(self, width: int, height: int, ctx=None, samples: int = 0, shadow_size: int = 1024,
                 renderer: Renderer | None = None, always_pcf: bool = False):
        self.ctx = ctx or create_offscreen_context()
        self.owns_ctx = ctx is None
        make_current(self.ctx)
        self.owns_renderer = renderer is None
        # a picture shows its scene's look at once (no easing from an earlier picture)
        self.renderer = renderer or Renderer(self.ctx, shadow_size=shadow_size, always_pcf=always_pcf,
                                             look_ease_s=0.0)
        self.width, self.height, self.samples = width, height, samples
        self.fbo = self.ctx.framebuffer(
            color_attachments=[self.ctx.renderbuffer((width, height), 4, samples=samples)],
            depth_attachment=self.ctx.depth_renderbuffer((width, height), samples=samples))
        self.resolve = None
        if samples:
            self.resolve = self.ctx.framebuffer(color_attachments=[self.ctx.renderbuffer((width, height), 4)])

    def render(self, scene, pose: CameraPose, time: float = 0.0, overlay_vertices=None, static_key=None):
        """Draw a frame into the offscreen target."""
        make_current(self.ctx)
        self.renderer.render(scene, pose, self.fbo, self.width, self.height, time,
                             overlay_vertices=overlay_vertices, static_key=static_key,
                             samples=self.samples)
        if self.resolve is not None:
            self.ctx.copy_framebuffer(self.resolve, self.fbo)

    def pixels(self) -> np.ndarray:
        """The last frame as an (H, W, 3) uint8 array, top row first."""
        make_current(self.ctx)
        src = self.resolve or self.fbo
        data = src.read(components=3, alignment=1)
        img = np.frombuffer(data, dtype=np.uint8).reshape(self.height, self.width, 3)
        return img[::-1].copy()

    def release(self):
        """Free the framebuffers with their renderbuffers (and the renderer and the context,
        when this object made them)."""
        make_current(self.ctx)
        release_framebuffer(self.fbo)
        if self.resolve is not None:
            release_framebuffer(self.resolve)
        if self.owns_renderer:
            self.renderer.release()
        if self.owns_ctx:
            self.ctx.release()


def render_image(scene, pose: CameraPose, width: int = 1280, height: int = 720, time: float = 0.0,
                 samples: int = 4, ctx=None, overlay_vertices=None) -> np.ndarray:
    """One-shot: render ``scene`` and return the (H, W, 3) pixels."""
    off = Offscreen(width, height, ctx=ctx, samples=samples, always_pcf=True)
    try:
        off.render(scene, pose, time, overlay_vertices=overlay_vertices)
        return off.pixels()
    finally:
        off.release()
