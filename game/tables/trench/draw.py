"""Trench War's draw kit: the meshes of the wooden board and figures, and the rows of a scene.

The renderer (``game.render.renderer``) reaches it through ``Scene.draw_kit``.
"""

from __future__ import annotations

from game.render import meshes
from game.render.kit import DrawKit, MeshSpec
from game.render.palette import scene_weights

from . import instances
from .overlays import effect_triangles

#: figure meshes, drawn with ``shaders/figure.glsl``
FIGURE_KINDS = ("meeple", "rifle", "helmet_S", "helmet_W", "helmet_N", "helmet_E", "hat", "mask", "token")


class TrenchDrawKit(DrawKit):
    """Cubes (sorted for the eye), figures, the trench floors and the gas puffs."""

    def meshes(self) -> dict:
        data = {
            "meeple": meshes.meeple(),
            "rifle": meshes.rifle(),
            "helmet_S": meshes.helmet("S"), "helmet_W": meshes.helmet("W"),
            "helmet_N": meshes.helmet("N"), "helmet_E": meshes.helmet("E"),
            "hat": meshes.civilian_hat(),
            "mask": meshes.gas_mask(),
            "token": meshes.token(),
        }
        out = {"cube": MeshSpec(meshes.bevel_cube(), program="wood")}
        out.update((k, MeshSpec(data[k])) for k in FIGURE_KINDS)
        out["floor"] = MeshSpec(meshes.floor_grid(6), program="floor", shadow=False)
        out["gas"] = MeshSpec(meshes.ellipsoid(1), program="gas", shadow=False, translucent=True)
        return out

    def static_rows(self, scene) -> dict:
        return instances.build_static(scene)

    def moving_rows(self, scene, time: float) -> dict:
        return {"gas": instances.build_gas(scene, time)}

    def effects(self, scene, eye):
        return effect_triangles(scene.effects, eye)

    def look_weights(self, scene) -> dict:
        return scene_weights(scene)

    def sort_for_eye(self) -> tuple:
        return ("cube",)


KIT = TrenchDrawKit()
