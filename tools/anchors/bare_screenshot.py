#!/usr/bin/env python3
"""Bare anchor: a headless EGL context, one frame drawn (a lit triangle, depth on), read back
and written as a PNG -- what any offscreen moderngl script pays.

  bare_screenshot.py OUT.png [WIDTHxHEIGHT]
"""

import struct
import sys
import zlib

import moderngl
import numpy as np

VERTEX = """#version 330 core
in vec3 pos;
out float shade;
void main() { gl_Position = vec4(pos, 1.0); shade = 0.5 + 0.5 * pos.y; }
"""
FRAGMENT = """#version 330 core
in float shade;
out vec4 colour;
void main() { colour = vec4(0.8 * shade, 0.6 * shade, 0.3, 1.0); }
"""


def write_png(path: str, width: int, height: int, rgb: bytes) -> None:
    rows = b"".join(b"\0" + rgb[y * width * 3:(y + 1) * width * 3] for y in range(height))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


def main() -> None:
    out = sys.argv[1]
    width, height = (int(v) for v in (sys.argv[2] if len(sys.argv) > 2 else "1280x720").split("x"))
    ctx = moderngl.create_standalone_context(backend="egl")
    fbo = ctx.simple_framebuffer((width, height))
    fbo.use()
    ctx.enable(moderngl.DEPTH_TEST)
    program = ctx.program(vertex_shader=VERTEX, fragment_shader=FRAGMENT)
    vbo = ctx.buffer(np.array([-0.6, -0.6, 0.0, 0.6, -0.6, 0.0, 0.0, 0.6, 0.0], dtype="f4").tobytes())
    vao = ctx.vertex_array(program, [(vbo, "3f", "pos")])
    fbo.clear(0.2, 0.2, 0.25, 1.0)
    vao.render()
    data = fbo.read(components=3)
    # OpenGL's rows run bottom to top; a PNG's top to bottom.
    rows = np.frombuffer(data, dtype=np.uint8).reshape(height, width, 3)[::-1]
    write_png(out, width, height, rows.tobytes())


if __name__ == "__main__":
    main()
