"""Offscreen pictures of piece tables: an :class:`~game.render.offscreen.Offscreen` target whose
renderer is a :class:`~game.render.pieces.renderer.PieceRenderer`."""

from __future__ import annotations

from ..gl import create_offscreen_context, make_current
from ..offscreen import Offscreen
from .renderer import PieceRenderer


class PieceOffscreen(Offscreen):
    """``Offscreen`` drawing piece scenes; it owns its context and renderer unless given them."""

    def __init__(self, width: int, height: int, ctx=None, samples: int = 0, shadow_size: int = 1024,
                 always_pcf: bool = False, renderer: PieceRenderer | None = None):
        own_ctx = ctx is None
        ctx = ctx or create_offscreen_context()
        make_current(ctx)
        own_renderer = renderer is None
        renderer = renderer or PieceRenderer(ctx, shadow_size=shadow_size, always_pcf=always_pcf, look_ease_s=0.0)
        super().__init__(width, height, ctx=ctx, samples=samples, renderer=renderer)
        self.owns_ctx, self.owns_renderer = own_ctx, own_renderer


def render_pieces(scene, pose, width: int = 1280, height: int = 720, samples: int = 4, ctx=None,
                  overlay_vertices=None):
    """One-shot: render a piece scene and return the (H, W, 3) pixels."""
    off = PieceOffscreen(width, height, ctx=ctx, samples=samples, always_pcf=True)
    try:
        off.render(scene, pose, overlay_vertices=overlay_vertices)
        return off.pixels()
    finally:
        off.release()
