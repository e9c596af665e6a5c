#!/usr/bin/env python3
"""Bare anchor: the busy demo position's instances drawn by the plainest moderngl code that
makes the same picture's work -- one Lambert program with one shadow tap, a 1024² shadow map
from one directional light, a flat table quad, the gas as blended instances -- at 1280x720 on
an EGL framebuffer.  Prints CPU milliseconds per frame (medians, one JSON line).

  bare_scene.py [FRAMES]

Same geometry and instance counts as the project's renderer (the meshes and instance rows
are read from the scene's draw kit, pure numpy); only the GL side is bare:
  redraw  every frame: all instance rows written (the cubes sorted front to back), the whole
          shadow map and picture drawn, the gas written and blended (a camera moving while
          pieces move)
  still   every frame: the kept opaque picture copied back, the gas written and blended
          (nothing moves but the gas)
"""

import dataclasses
import json
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

import moderngl  # noqa: E402
import numpy as np  # noqa: E402
from bare_gl import DEPTH, gl, program, targets, write_picture  # noqa: E402
from bare_gl import timed as bare_timed  # noqa: E402

from game.render import meshes, table  # noqa: E402  (numpy data only)
from game.render.camera import seat_pose  # noqa: E402
from game.render.instancing import INSTANCE_FLOATS  # noqa: E402
from game.render.renderer import light_matrix  # noqa: E402
from game.tables.trench.demo_views import busy_view  # noqa: E402
from game.tables.trench.scene import scene_from_view  # noqa: E402

SOLID = """#version 330 core
#ifdef VERTEX_SHADER
in vec3 in_pos; in vec3 in_nrm; in mat4 i_model; in vec4 i_color;
uniform mat4 u_vp; uniform mat4 u_light_vp;
out vec3 v_nrm; out vec4 v_color; out vec3 v_lpos;
void main() {
    vec4 w = i_model * vec4(in_pos, 1.0);
    v_nrm = mat3(i_model) * in_nrm;
    v_color = i_color;
    vec4 l = u_light_vp * w;
    v_lpos = l.xyz * 0.5 + 0.5;
    gl_Position = u_vp * w;
}
#else
in vec3 v_nrm; in vec4 v_color; in vec3 v_lpos;
uniform sampler2DShadow u_shadow; uniform vec3 u_light_dir;
out vec4 colour;
void main() {
    float ndl = max(dot(normalize(v_nrm), u_light_dir), 0.0);
    float lit = texture(u_shadow, vec3(v_lpos.xy, v_lpos.z - 0.004));
    colour = vec4(v_color.rgb * (0.35 + 0.65 * ndl * lit), 1.0);
}
#endif
"""
GAS = """#version 330 core
#ifdef VERTEX_SHADER
in vec3 in_pos; in vec3 in_nrm; in mat4 i_model; in vec4 i_color;
uniform mat4 u_vp; out float v_alpha; out vec3 v_col;
void main() {
    vec4 w = i_model * vec4(in_pos, 1.0);
    v_alpha = i_color.a * (0.5 + 0.5 * abs(in_nrm.z));
    v_col = i_color.rgb;
    gl_Position = u_vp * w;
}
#else
in float v_alpha; in vec3 v_col; out vec4 colour;
void main() { colour = vec4(v_col, v_alpha); }
#endif
"""




def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    width, height = 1280, 720
    ctx = moderngl.create_standalone_context(backend="egl")
    solid, depth, gas = program(ctx, SOLID), program(ctx, DEPTH), program(ctx, GAS)
    scene = scene_from_view(busy_view())
    kit = scene.draw_kit
    rows = kit.static_rows(scene)
    pose = seat_pose("S")
    light_dir = np.array(scene_look_light(scene), dtype="f4")
    light_vp = light_matrix(light_dir)

    vaos, shadow_vaos, ibos, counts = {}, {}, {}, {}
    for kind, spec in kit.meshes().items():
        verts, idx = meshes.indexed(spec.data)
        vbo, ibo_idx = ctx.buffer(verts.tobytes()), ctx.buffer(idx.tobytes())
        inst = ctx.buffer(reserve=256 * INSTANCE_FLOATS * 4, dynamic=True)
        ibos[kind], counts[kind] = inst, len(idx)
        layout = (inst, "16f 4f 16x/i", "i_model", "i_color")
        prog = gas if spec.translucent else solid
        vaos[kind] = ctx.vertex_array(prog, [(vbo, "3f 3f 4x", "in_pos", "in_nrm"), layout],
                                      index_buffer=ibo_idx, index_element_size=4)
        if spec.shadow:
            shadow_vaos[kind] = ctx.vertex_array(depth, [(vbo, "3f 24x", "in_pos"), (inst, "16f 32x/i", "i_model")],
                                                 index_buffer=ibo_idx, index_element_size=4)
    quad = meshes.table_quad(table.EXTENT)
    table_rows = np.array([np.concatenate([np.identity(4, "f4").T.ravel(), [0.45, 0.3, 0.2, 1.0], [0, 0, 0, 0]])],
                          dtype="f4")
    table_inst = ctx.buffer(table_rows.tobytes())
    table_vao = ctx.vertex_array(solid, [(ctx.buffer(quad.tobytes()), "3f 3f 4x", "in_pos", "in_nrm"),
                                         (table_inst, "16f 4f 16x/i", "i_model", "i_color")])
    shadow_tex, shadow_fbo, fbo, layer = targets(ctx, width, height)
    for p in (solid, depth):
        p["u_light_vp"].write(gl(light_vp))
    solid["u_light_dir"].value = tuple(float(v) for v in light_dir)
    solid["u_shadow"].value = 0

    def draw_full(i, moved):
        az = pose.azimuth + 0.25 * i if moved else pose.azimuth
        vp = dataclasses.replace(pose, azimuth=az).view_projection(width, height)
        solid["u_vp"].write(gl(vp))
        gas["u_vp"].write(gl(vp))
        eye = dataclasses.replace(pose, azimuth=az).basis()[0]
        for kind, r in rows.items():
            if moved and len(r):
                r = r.copy()
                r[0, 12] += 0.01 * math.sin(i)  # a piece moves: every row is written again
            if kind == "cube":  # front to back: hidden fragments fail the depth test early
                r = r[np.argsort(((r[:, 12:15] - np.asarray(eye, "f4")) ** 2).sum(axis=1))]
            if len(r):
                ibos[kind].write(r.tobytes())
        ctx.enable(ctx.DEPTH_TEST | ctx.CULL_FACE)
        ctx.disable(ctx.BLEND)
        shadow_fbo.use()
        shadow_fbo.clear(depth=1.0)
        for kind, vao in shadow_vaos.items():
            if len(rows.get(kind, ())):
                vao.render(instances=len(rows[kind]), vertices=counts[kind])
        fbo.use()
        ctx.viewport = (0, 0, width, height)
        fbo.clear(0.5, 0.5, 0.55, 1.0, depth=1.0)
        shadow_tex.use(0)
        for kind, vao in vaos.items():
            if kind != "gas" and len(rows.get(kind, ())):
                vao.render(instances=len(rows[kind]), vertices=counts[kind])
        table_vao.render(instances=1)

    def draw_gas(i):
        puffs = kit.moving_rows(scene, i / 60.0)["gas"]
        ibos["gas"].write(puffs.tobytes())
        ctx.enable(ctx.BLEND)
        ctx.blend_func = ctx.SRC_ALPHA, ctx.ONE_MINUS_SRC_ALPHA
        fbo.depth_mask = False
        vaos["gas"].render(instances=len(puffs), vertices=counts["gas"])
        fbo.depth_mask = True
        ctx.disable(ctx.BLEND)

    def timed(step):
        return bare_timed(ctx, step, frames)

    def redraw(i):
        draw_full(i, True)
        draw_gas(i)

    redraw_ms = timed(redraw)
    draw_full(0, False)
    ctx.copy_framebuffer(layer, fbo)

    def still(i):
        ctx.copy_framebuffer(fbo, layer)
        fbo.use()
        draw_gas(i)

    still_ms = timed(still)
    if os.environ.get("BARE_SCENE_PNG"):  # to look at the picture
        write_picture(os.environ["BARE_SCENE_PNG"], fbo, width, height)
    print(json.dumps({"redraw_cpu_ms": redraw_ms, "still_cpu_ms": still_ms, "frames": frames,
                      "instances": {k: len(v) for k, v in rows.items()}}))


def scene_look_light(scene):
    from game.render.palette import look_of
    return look_of(scene.draw_kit.look_weights(scene))[1]["light_dir"]


if __name__ == "__main__":
    main()
