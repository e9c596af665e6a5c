"""What the bare scene anchors share (``bare_scene.py``, ``bare_pieces.py``): plain moderngl
programs from one source, column-major matrices, the shadow map and picture targets, the depth
program of the shadow pass, and the per-frame CPU timing.  Nothing of the project's renderer."""

import statistics
import time

import numpy as np

DEPTH = """#version 330 core
#ifdef VERTEX_SHADER
in vec3 in_pos; in mat4 i_model; uniform mat4 u_light_vp;
void main() { gl_Position = u_light_vp * i_model * vec4(in_pos, 1.0); }
#else
void main() {}
#endif
"""


def program(ctx, src):
    """A program from one source holding both stages (``VERTEX_SHADER`` defined for the first)."""
    return ctx.program(vertex_shader=src.replace("#version 330 core", "#version 330 core\n#define VERTEX_SHADER", 1),
                       fragment_shader=src)


def gl(m):
    """A 4x4 matrix as the column-major float32 bytes a uniform takes."""
    return np.ascontiguousarray(np.asarray(m).T, dtype="f4").tobytes()


def targets(ctx, width: int, height: int, shadow_size: int = 1024):
    """(shadow texture, shadow framebuffer, picture framebuffer, kept-picture framebuffer)."""
    shadow_tex = ctx.depth_texture((shadow_size, shadow_size))
    shadow_tex.compare_func = "<="
    shadow_tex.filter = (ctx.NEAREST, ctx.NEAREST)
    shadow_tex.repeat_x = shadow_tex.repeat_y = False
    shadow_fbo = ctx.framebuffer(depth_attachment=shadow_tex)

    def picture():
        return ctx.framebuffer(color_attachments=[ctx.renderbuffer((width, height), 4)],
                               depth_attachment=ctx.depth_renderbuffer((width, height)))
    return shadow_tex, shadow_fbo, picture(), picture()


def timed(ctx, step, frames: int) -> float:
    """Median CPU milliseconds of ``step(i)`` for frames 1..``frames`` (frame 0 warms up), each
    finished with ``ctx.finish()``."""
    step(0)
    ctx.finish()
    cpu = []
    for i in range(1, frames + 1):
        c0 = time.process_time()
        step(i)
        ctx.finish()
        cpu.append((time.process_time() - c0) * 1000.0)
    return statistics.median(cpu)


def write_picture(path: str, fbo, width: int, height: int) -> None:
    """The picture framebuffer as a PNG (to look at what an anchor draws)."""
    from game.render.png import write_png
    img = np.frombuffer(fbo.read(components=3, alignment=1), np.uint8).reshape(height, width, 3)[::-1]
    write_png(path, img.copy())
