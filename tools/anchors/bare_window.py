#!/usr/bin/env python3
"""Bare anchor: a pyglet window with a moderngl context that clears and draws one triangle
every frame, run by ``pyglet.app.run`` -- what any pyglet+moderngl program pays before its
first frame.  ``tools/bench.py --compare`` times it from launch to its first frame and
reads its peak memory after 60 frames (its window driver patches ``BaseWindow.draw``).

  bare_window.py [WIDTHxHEIGHT]
"""

import struct
import sys

import moderngl
import pyglet

VERTEX = """#version 330 core
in vec2 pos;
void main() { gl_Position = vec4(pos, 0.0, 1.0); }
"""
FRAGMENT = """#version 330 core
out vec4 colour;
void main() { colour = vec4(0.8, 0.6, 0.3, 1.0); }
"""


def main() -> None:
    width, height = (int(v) for v in (sys.argv[1] if len(sys.argv) > 1 else "1280x720").split("x"))
    config = pyglet.gl.Config(major_version=3, minor_version=3, forward_compatible=True,
                              double_buffer=True, depth_size=24)
    window = pyglet.window.Window(width, height, caption="bare", config=config)
    ctx = moderngl.create_context()
    program = ctx.program(vertex_shader=VERTEX, fragment_shader=FRAGMENT)
    vbo = ctx.buffer(struct.pack("6f", -0.5, -0.5, 0.5, -0.5, 0.0, 0.5))
    vao = ctx.vertex_array(program, [(vbo, "2f", "pos")])

    @window.event
    def on_draw():
        ctx.clear(0.2, 0.2, 0.25, 1.0)
        vao.render()

    pyglet.clock.schedule_interval(lambda dt: None, 1 / 60.0)
    pyglet.app.run(1 / 60.0)


if __name__ == "__main__":
    main()
