#!/usr/bin/env python3
"""Bare anchor of a card-and-token table: the pieces of a game's benchmark table drawn by the
plainest moderngl code that makes the same picture's work -- one Lambert program that prints the
cards' faces from the same texture atlas, with one shadow tap, a 1024² shadow map from one
directional light, a flat table quad -- at 1280x720 on an EGL framebuffer.  Prints CPU
milliseconds per frame (medians, one JSON line).

  bare_pieces.py GAME [FRAMES]

Same meshes, instance rows and printed faces as the project's piece renderer (read from the
table's benchmark scene, ``TableFrontEnd.bench_scene``, pure numpy); only the GL side is bare:
  redraw  every frame: all instance rows written, the whole shadow map and picture drawn (a
          camera moving while pieces move)
  still   every frame: the kept picture copied back (nothing moves on a card table at rest)
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

from game.render import table  # noqa: E402  (numpy data only)
from game.render.camera import seat_pose  # noqa: E402
from game.render.pieces import instances, meshes  # noqa: E402
from game.render.meshes import table_quad  # noqa: E402
from game.render.pieces.atlas import Atlas  # noqa: E402
from game.render.pieces.renderer import SHADOW_KINDS  # noqa: E402
from game.render.renderer import light_matrix  # noqa: E402

PIECES = """#version 330 core
#ifdef VERTEX_SHADER
in vec3 in_pos; in vec3 in_nrm; in vec2 in_uv; in float in_tag;
in mat4 i_model; in vec4 i_color; in vec4 i_rect_a; in vec4 i_rect_b;
uniform mat4 u_vp; uniform mat4 u_light_vp;
out vec3 v_nrm; out vec2 v_uv; out vec3 v_lpos;
flat out vec4 v_color; flat out vec4 v_rect;
void main() {
    vec4 w = i_model * vec4(in_pos, 1.0);
    v_nrm = mat3(i_model) * in_nrm;
    v_uv = in_uv;
    v_color = i_color;
    v_rect = in_tag < 0.5 ? i_rect_a : (in_tag < 1.5 ? i_rect_b : vec4(0.0));
    vec4 l = u_light_vp * w;
    v_lpos = l.xyz * 0.5 + 0.5;
    gl_Position = u_vp * w;
}
#else
in vec3 v_nrm; in vec2 v_uv; in vec3 v_lpos;
flat in vec4 v_color; flat in vec4 v_rect;
uniform sampler2DShadow u_shadow; uniform sampler2D u_atlas; uniform vec3 u_light_dir;
out vec4 colour;
void main() {
    vec4 print = texture(u_atlas, mix(v_rect.xy, v_rect.zw, v_uv));
    vec3 base = mix(v_color.rgb, print.rgb, print.a);
    float ndl = max(dot(normalize(v_nrm), u_light_dir), 0.0);
    float lit = texture(u_shadow, vec3(v_lpos.xy, v_lpos.z - 0.004));
    colour = vec4(base * (0.35 + 0.65 * ndl * lit), 1.0);
}
#endif
"""
#: The directional light of the day look, as the piece renderer's shadow map covers the table.
LIGHT_HALF = 8.0




def bench_rows(game: str):
    """(scene, rows by mesh kind, atlas) of ``game``'s benchmark table, frame 0."""
    from game.tables import CATALOG
    scene = CATALOG.table(game).bench_scene(0)
    atlas = Atlas(2048)
    built = instances.build(scene, atlas)
    return scene, {k: v for k, v in built.rows.items() if len(v)}, atlas


def main() -> None:
    game = sys.argv[1]
    frames = int(sys.argv[2]) if len(sys.argv) > 2 else 60
    width, height = 1280, 720
    ctx = moderngl.create_standalone_context(backend="egl")
    solid, depth = program(ctx, PIECES), program(ctx, DEPTH)
    scene, rows, atlas = bench_rows(game)
    from game.render.palette import look_of, scene_weights
    light_dir = np.array(look_of(scene_weights(scene))[1]["light_dir"], dtype="f4")
    light_dir /= np.linalg.norm(light_dir)
    light_vp = light_matrix(light_dir, half=LIGHT_HALF)
    pose = seat_pose("S")

    atlas_tex = ctx.texture((atlas.size, atlas.size), 4, np.ascontiguousarray(atlas.image).tobytes())
    atlas_tex.filter = (ctx.LINEAR_MIPMAP_LINEAR, ctx.LINEAR)
    atlas_tex.build_mipmaps()
    vaos, shadow_vaos, ibos, counts = {}, {}, {}, {}
    for kind, data in meshes.piece_meshes().items():
        if kind not in rows:
            continue
        verts, idx = meshes.indexed(data)
        vbo, index = ctx.buffer(verts.tobytes()), ctx.buffer(idx.tobytes())
        inst = ctx.buffer(reserve=max(len(rows[kind]), 1) * instances.ROW_FLOATS * 4, dynamic=True)
        ibos[kind], counts[kind] = inst, len(idx)
        vaos[kind] = ctx.vertex_array(
            solid, [(vbo, "3f 3f 2f 1f", "in_pos", "in_nrm", "in_uv", "in_tag"),
                    (inst, "16f 4f 4f 4f 16x/i", "i_model", "i_color", "i_rect_a", "i_rect_b")],
            index_buffer=index, index_element_size=4)
        shadow_vaos[kind] = ctx.vertex_array(depth, [(vbo, "3f 24x", "in_pos"), (inst, "16f 64x/i", "i_model")],
                                             index_buffer=index, index_element_size=4)
    quad = table_quad_rows()
    table_rows = np.zeros((1, instances.ROW_FLOATS), "f4")
    table_rows[0, :16] = np.identity(4, "f4").T.ravel()
    table_rows[0, 16:20] = (0.45, 0.3, 0.2, 1.0)
    table_vao = ctx.vertex_array(solid, [(ctx.buffer(quad.tobytes()), "3f 3f 2f 1f", "in_pos", "in_nrm", "in_uv", "in_tag"),
                                         (ctx.buffer(table_rows.tobytes()), "16f 4f 4f 4f 16x/i", "i_model", "i_color",
                                          "i_rect_a", "i_rect_b")])
    shadow_tex, shadow_fbo, fbo, layer = targets(ctx, width, height)
    for p in (solid, depth):
        p["u_light_vp"].write(gl(light_vp))
    solid["u_light_dir"].value = tuple(float(v) for v in light_dir)
    solid["u_shadow"].value = 0
    solid["u_atlas"].value = 1

    def draw_full(i, moved):
        az = pose.azimuth + 0.25 * i if moved else pose.azimuth
        solid["u_vp"].write(gl(dataclasses.replace(pose, azimuth=az).view_projection(width, height)))
        for kind, r in rows.items():
            if moved:
                r = r.copy()
                r[0, 12] += 0.01 * math.sin(i)  # a piece moves: every row is written again
            ibos[kind].write(r.tobytes())
        ctx.enable(ctx.DEPTH_TEST | ctx.CULL_FACE)
        shadow_fbo.use()
        shadow_fbo.clear(depth=1.0)
        for kind, vao in shadow_vaos.items():
            if kind in SHADOW_KINDS:
                vao.render(instances=len(rows[kind]), vertices=counts[kind])
        fbo.use()
        ctx.viewport = (0, 0, width, height)
        fbo.clear(0.5, 0.5, 0.55, 1.0, depth=1.0)
        shadow_tex.use(0)
        atlas_tex.use(1)
        for kind, vao in vaos.items():
            vao.render(instances=len(rows[kind]), vertices=counts[kind])
        ctx.disable(ctx.CULL_FACE)
        table_vao.render(instances=1)

    def timed(step):
        return bare_timed(ctx, step, frames)

    redraw_ms = timed(lambda i: draw_full(i, True))
    draw_full(0, False)
    ctx.copy_framebuffer(layer, fbo)

    def still(i):
        ctx.copy_framebuffer(fbo, layer)
        fbo.use()

    still_ms = timed(still)
    if os.environ.get("BARE_SCENE_PNG"):  # to look at the picture
        write_picture(os.environ["BARE_SCENE_PNG"], fbo, width, height)
    print(json.dumps({"redraw_cpu_ms": redraw_ms, "still_cpu_ms": still_ms, "frames": frames,
                      "instances": {k: len(v) for k, v in rows.items()}}))


def table_quad_rows():
    """The table quad with the piece meshes' vertex layout (a blank print: uv 0, side tag)."""
    quad = table_quad(table.EXTENT)  # (x, y, z, nx, ny, nz, tag) rows
    out = np.zeros((len(quad), meshes.VERTEX_FLOATS), "f4")
    out[:, :6] = quad[:, :6]
    out[:, 8] = 2.0
    return out


if __name__ == "__main__":
    main()
