"""Front-ends: one package per game holding its table (scene, meshes, HUD parts, words)."""
