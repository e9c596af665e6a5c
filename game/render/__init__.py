"""The shell's 3D table: renderer, camera, meshes, lighting looks, HUD layer and screenshots, for any
game's table (a scene names its ``game.render.kit.DrawKit``).

Pure modules (no OpenGL): ``camera``, ``kit``, ``instancing``, ``meshes``, ``palette``, ``png``,
``table``.  OpenGL modules: ``gl`` (context and shader loading), ``renderer``, ``present``,
``offscreen`` (render to PNG), ``hud`` and ``bench`` (frame time).
"""
