"""Interactive front-ends (the pyglet position viewer)."""
