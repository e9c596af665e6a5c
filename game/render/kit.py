"""What the renderer asks of a table's scene: its meshes and their instance rows.

The renderer (``game.render.renderer``) draws any table: a scene object (whatever a table's
``scene_from_view`` returns) carries a ``draw_kit`` attribute, a :class:`DrawKit`, that names the
scene's meshes (:class:`MeshSpec`) and turns the scene into rows of instances
(``game.render.instancing``).  The renderer uploads each kit's meshes once, keeps the solid rows
and the shadow map while the scene's ``static_key`` is unchanged, and redraws the moving rows every
frame.  Lighting looks (day, night, eclipse: ``game.render.palette.LOOKS``) are mixed by
``look_weights``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class MeshSpec:
    """One instanced mesh of a table.

    ``data``: a triangle list of float32 rows ``(x, y, z, nx, ny, nz, tag)`` (``game.render.meshes``);
    ``program``: the shader in ``shaders/`` that draws it (``wood``, ``figure``, ``floor``, ``gas``);
    ``shadow``: it casts shadows (drawn into the shadow map); ``translucent``: drawn after the
    opaque scene, every frame, from :meth:`DrawKit.moving_rows` (the gas)."""

    data: Any
    program: str = "figure"
    shadow: bool = True
    translucent: bool = False


class DrawKit:
    """How the renderer draws one table's scenes.  Subclass it; one instance per table is enough.

    ``light_half`` is the half-size (table units) of the square the sun's shadow map covers;
    ``shadow_box`` = (half-size of the area where pieces stand, height of the tallest piece): the
    table texture is shadowed inside that box stretched away from the light.
    """

    light_half: float = 6.2
    shadow_box: tuple = (4.6, 3.4)

    def meshes(self) -> dict:
        """mesh kind -> :class:`MeshSpec`; opaque kinds are drawn in this order."""
        raise NotImplementedError

    def static_rows(self, scene) -> dict:
        """mesh kind -> (N, 24) float32 rows of the opaque pieces (they do not depend on time)."""
        raise NotImplementedError

    def moving_rows(self, scene, time: float) -> dict:
        """translucent mesh kind -> rows for this frame (gas puffs churning); default none."""
        return {}

    def effects(self, scene, eye):
        """Extra overlay triangles for this frame (a shot's tracer), or None."""
        return None

    def look_weights(self, scene) -> dict:
        """``{look name: weight}`` of the lighting looks to mix for this scene."""
        return {"day": 1.0}

    def sort_for_eye(self) -> tuple:
        """Opaque kinds with many instances, drawn front to back from the camera (fewer overdraws)."""
        return ()
