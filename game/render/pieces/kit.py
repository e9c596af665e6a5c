"""The DrawKit of piece scenes: the shell's renderer hands them to a :class:`PieceRenderer`."""

from __future__ import annotations

from ..kit import DrawKit


class PiecesKit(DrawKit):
    """Piece scenes are drawn by their own renderer (printed faces need a texture atlas)."""

    light_half = 8.0
    shadow_box = (8.0, 2.4)

    @property
    def renderer_factory(self):
        from .renderer import PieceRenderer
        return PieceRenderer

    def meshes(self) -> dict:
        return {}

    def static_rows(self, scene) -> dict:
        return {}

    def look_weights(self, scene) -> dict:
        from ..palette import scene_weights
        return scene_weights(scene)


PIECES_KIT = PiecesKit()
