"""The 3D table: renderer, camera, picking, animation and screenshots for Trench War.

Pure modules (no OpenGL): ``layout``, ``scene``, ``camera``, ``picking``,
``animation``, ``overlays``, ``instances``, ``meshes``, ``png``, ``demo``.
OpenGL modules: ``gl`` (context and shader loading), ``renderer``,
``offscreen`` (render to PNG) and ``bench`` (frame time).
"""
