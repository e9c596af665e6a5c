"""The OpenGL renderer of card and token tables: draws a :class:`PieceScene` on the walnut table.

The same light, shadows and table as the Trench board (``lib/lighting.glsl``, ``table.glsl``,
``shadow.glsl``, the day/night/eclipse looks); one instanced draw per mesh kind
(``shaders/pieces.glsl``); printed faces come from one texture atlas
(:class:`~game.render.pieces.atlas.Atlas`, mipmapped so text stays readable from afar).  ``PieceRenderer.render`` has the signature of
:meth:`game.render.renderer.Renderer.render`, so :class:`~game.render.offscreen.Offscreen`
and the window's frame target draw either.
"""

from __future__ import annotations

import numpy as np

from .. import table
from ..gl import load_program
from ..layer import StillLayer
from ..meshes import table_quad
from ..palette import LOOK_EASE_S, LookEaser, look_of, scene_weights
from ..renderer import Renderer, _gl, light_matrix, patch_rect, shadow_rect
from . import instances, meshes
from .atlas import Atlas
from .overlays import highlight_rings

VERTEX_ATTRS = (("in_pos", 3), ("in_nrm", 3), ("in_uv", 2), ("in_tag", 1))
INSTANCE_ATTRS = (("i_model", 16), ("i_color", 4), ("i_rect_a", 4), ("i_rect_b", 4), ("i_params", 4))
TABLE_ATTRS = (("in_pos", 3), ("in_nrm", 3), ("in_tag", 1))
#: Kinds that cast shadows (not the mats, track cells and chits: paper-thin, and they cover much of
#: the shadow map; nor the labels printed on them).
#: Half the side of the square the shadow map covers (the pieces table is wider than the board).
LIGHT_HALF = 8.0
SHADOW_KINDS = ("card", "disc", "cube", "die", "pawn", "stand")
_UNSET = object()


def _changed_rows(old: dict, new: dict) -> dict:
    """Per mesh kind, the instance rows present in only one of ``old`` and ``new`` (moved,
    appeared or gone): the two pictures differ only where these pieces are."""
    out = {}
    for kind in set(old) | set(new):
        a = old.get(kind, np.zeros((0, instances.ROW_FLOATS), np.float32))
        b = new.get(kind, np.zeros((0, instances.ROW_FLOATS), np.float32))
        if a.shape == b.shape and np.array_equal(a, b):
            continue
        sa, sb = {r.tobytes() for r in a}, {r.tobytes() for r in b}
        diff = [r for r in a if r.tobytes() not in sb] + [r for r in b if r.tobytes() not in sa]
        if diff:
            out[kind] = np.array(diff, np.float32)
    return out


def _world_boxes(changed: dict) -> np.ndarray:
    """World corners (N, 4) of the boxes of the changed instances (a little padded: filtering,
    shadow bias and MSAA reach beyond a mesh)."""
    pts = []
    for kind, rows in changed.items():
        lo, hi = instances.BOUNDS[kind]
        lo, hi = np.array(lo) - 0.04, np.array(hi) + 0.04
        corners = np.array([(x, y, z, 1.0) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])])
        models = rows[:, :16].reshape(-1, 4, 4).astype(np.float64)  # column-major: m[i] = M.T
        pts.append((corners @ models).reshape(-1, 4))
    return np.concatenate(pts) if pts else np.zeros((0, 4))


def _screen_rect(changed, vp, light_dir, width: int, height: int):
    """Screen box of the changed pieces and of their shadows (their boxes pushed along the light
    down to the table)."""
    pts = _world_boxes(changed)
    if not len(pts):
        return None
    d = np.asarray(light_dir, dtype=float)
    d = d / np.linalg.norm(d)
    t = np.maximum(pts[:, 2], 0.0) / max(d[2], 0.05)
    foot = pts.copy()
    foot[:, :3] -= t[:, None] * d
    return Renderer._pixel_rect(np.concatenate([pts, foot]) @ vp.T, width, height, 3)


def _rings_rect(rings: list, vp, width: int, height: int):
    """Screen box of the highlight rings ``rings`` (flat overlay triangles on the table)."""
    if not rings:
        return None
    pts = np.concatenate(rings)[:, :4].astype(np.float64)
    pts[:, 3] = 1.0
    return Renderer._pixel_rect(pts @ vp.T, width, height, 3)


def _union(a, b):
    """The smallest (x, y, w, h) rectangle holding ``a`` and ``b`` (either may be None)."""
    if a is None or b is None:
        return a if b is None else b
    x0, y0 = min(a[0], b[0]), min(a[1], b[1])
    return (x0, y0, max(a[0] + a[2], b[0] + b[2]) - x0, max(a[1] + a[3], b[1] + b[3]) - y0)


def _layout(prog, attrs, suffix=""):
    parts, names = [], []
    for name, n in attrs:
        if name in prog:
            parts.append(f"{n}f")
            names.append(name)
        else:
            parts.append(f"{n * 4}x")
    return (" ".join(parts) + suffix, *names)


class PieceRenderer:
    """Draws piece scenes with a moderngl context (see the module docstring).

    ``last`` after a frame: the :class:`~game.render.pieces.instances.Built` of the scene drawn
    (its pick boxes serve :func:`game.render.pieces.picking.pick_built`).
    """

    PCF_DISTANCE = 11.0

    def __init__(self, ctx, shadow_size: int = 1024, always_pcf: bool = False,
                 look_ease_s: float = LOOK_EASE_S, atlas_size: int = 2048):
        self.ctx = ctx
        self.look_ease = LookEaser(look_ease_s)
        self.look_weights: dict = {}
        self.always_pcf = always_pcf
        self.progs = {n: load_program(ctx, n) for n in ("pieces", "pieces_die", "shadow", "table", "overlay")}
        self.atlas = Atlas(atlas_size)
        self.atlas_tex = ctx.texture((atlas_size, atlas_size), 4)
        self.atlas_tex.filter = (ctx.LINEAR_MIPMAP_LINEAR, ctx.LINEAR)
        # no anisotropic filtering: on llvmpipe it costs more than it gives at the table's angles
        self._atlas_gen = None
        self.vbos, self.index_bufs, self.count = {}, {}, {}
        for kind, data in meshes.piece_meshes().items():
            verts, idx = meshes.indexed(data)
            self.vbos[kind] = ctx.buffer(verts.tobytes())
            self.index_bufs[kind] = ctx.buffer(idx.tobytes())
            self.count[kind] = len(idx)
        self.ibos, self.vaos, self.shadow_vaos, self.capacity, self._n = {}, {}, {}, {}, {}
        for kind in instances.MESH_KINDS:
            self._alloc(kind, 64)
        self.table_vbo = ctx.buffer(table_quad(table.EXTENT).tobytes())
        albedo = table.load_albedo()
        self.table_tex = ctx.texture(albedo.shape[1::-1], 3, np.ascontiguousarray(albedo))
        self.table_vao = ctx.vertex_array(self.progs["table"],
                                          [(self.table_vbo, *_layout(self.progs["table"], TABLE_ATTRS))])
        self.shadow_size = shadow_size
        self.shadow_tex = ctx.depth_texture((shadow_size, shadow_size))
        self.shadow_tex.compare_func = "<="
        self.shadow_tex.filter = (ctx.LINEAR, ctx.LINEAR)
        self.shadow_tex.repeat_x = self.shadow_tex.repeat_y = False
        self.shadow_fbo = ctx.framebuffer(depth_attachment=self.shadow_tex)
        self.overlay_vbo = ctx.buffer(reserve=8 * 4 * 4096, dynamic=True)
        self.overlay_vao = ctx.vertex_array(
            self.progs["overlay"], [(self.overlay_vbo, "3f 4f 1f", "in_pos", "in_color", "in_u")])
        # the highlight rings of the pieces: written when a build changes them, drawn into the
        # kept picture (a still frame copies them back with it)
        self.ring_vbo = ctx.buffer(reserve=8 * 4 * 96, dynamic=True)
        self.ring_vao = ctx.vertex_array(
            self.progs["overlay"], [(self.ring_vbo, "3f 4f 1f", "in_pos", "in_color", "in_u")])
        self._rings: list = []       # one triangle array per highlighted piece (highlight_rings)
        self._ring_count = 0
        self._static_key = None
        self._shadow_key = None
        self.last = None
        self._memo: dict = {}
        self._memo_atlas = None
        self._view = None            # (pose, width, height), its view-projection (and as bytes), the eye
        self._uniforms = None
        self._uniform_values: dict = {}
        self._still = StillLayer(ctx)
        self._layer_key = None
        self.stats = {"shadow_renders": 0, "shadow_patches": 0, "builds": 0, "layer_reuses": 0, "layer_patches": 0,
                      "colour_restores": 0, "ring_draws": 0}

    def _alloc(self, kind: str, capacity: int):
        for d in (self.ibos, self.vaos, self.shadow_vaos):
            old = d.pop(kind, None)
            if old is not None:
                old.release()
        ibo = self.ctx.buffer(reserve=capacity * instances.ROW_FLOATS * 4, dynamic=True)
        self.ibos[kind] = ibo
        main = "pieces_die" if kind == "die" else "pieces"
        for progname, store in ((main, self.vaos), ("shadow", self.shadow_vaos)):
            prog = self.progs[progname]
            store[kind] = self.ctx.vertex_array(
                prog, [(self.vbos[kind], *_layout(prog, VERTEX_ATTRS)), (ibo, *_layout(prog, INSTANCE_ATTRS, "/i"))],
                index_buffer=self.index_bufs[kind], index_element_size=4)
        self.capacity[kind] = capacity

    def _upload(self, built):
        for kind, rows in built.rows.items():
            n = len(rows)
            if n > self.capacity[kind]:
                self._alloc(kind, max(n, self.capacity[kind] * 2))
            if n:
                self.ibos[kind].write(rows.tobytes())
            self._n[kind] = n

    def _grow_atlas(self):
        """A fresh atlas (and texture) of twice the side: every face the next build asks for fits."""
        size = self.atlas.size * 2
        self.atlas = Atlas(size)
        self.atlas_tex.release()
        self.atlas_tex = self.ctx.texture((size, size), 4)
        self.atlas_tex.filter = (self.ctx.LINEAR_MIPMAP_LINEAR, self.ctx.LINEAR)
        self.stats["atlas_grown"] = self.stats.get("atlas_grown", 0) + 1

    def _sync_atlas(self):
        dirty = self.atlas.take_dirty()
        if not dirty:
            return
        img = self.atlas.image
        for x, y, w, h in dirty:
            self.atlas_tex.write(np.ascontiguousarray(img[y:y + h, x:x + w]).tobytes(), viewport=(x, y, w, h))
        self.atlas_tex.build_mipmaps()

    def render(self, scene, pose, fbo, width: int, height: int, time: float = 0.0,
               overlay_vertices: np.ndarray | None = None, static_key=None, samples: int | None = None):
        """Draw ``scene`` seen from ``pose`` into ``fbo``.  ``static_key``: when equal to the last
        call's, the instance rows and the shadow map are reused; None rebuilds them.
        ``overlay_vertices``: extra (x, y, z, r, g, b, a, u) triangles, drawn every frame over the
        pieces' highlight rings (those are drawn with the opaque picture and kept with it).
        ``samples``: the target's samples (None: keep no still picture)."""
        if width <= 0 or height <= 0:
            return
        ctx = self.ctx
        self.look_weights = self.look_ease.update(scene_weights(scene), time)
        look_key, look = look_of(self.look_weights)
        rebuilt = static_key is None or static_key != self._static_key or self.last is None
        changed = None  # instance rows that differ from the last frame's (None: unknown, redraw all)
        ring_change = []  # highlight rings drawn in only one of the last frame and this one
        if rebuilt:
            gen = self.atlas.generation
            memo = self._memo  # each piece's rows by its value (rectangles of this atlas generation)
            if self._memo_atlas != (id(self.atlas), gen):
                memo.clear()
            built = instances.build(scene, self.atlas, memo)
            if self.atlas.generation != gen:  # the atlas started afresh while building: again
                gen = self.atlas.generation
                memo.clear()
                built = instances.build(scene, self.atlas, memo)
                if self.atlas.generation != gen:
                    # this scene's faces alone overfill the atlas: the rectangles handed out before
                    # the second restart are void (blank or another face); draw it on a bigger one
                    self._grow_atlas()
                    memo.clear()
                    built = instances.build(scene, self.atlas, memo)
            elif self.last is not None and self._shadow_key == look_key:
                changed = _changed_rows(self.last.rows, built.rows)
            self._memo_atlas = (id(self.atlas), self.atlas.generation)
            self._sync_atlas()
            self._upload(built)
            rings = highlight_rings(built)
            ring_change = self._set_rings(rings)
            self.last = built
            self._static_key = static_key
            self.stats["builds"] += 1
        view = (pose, width, height)
        if self._view is None or self._view[0] != view:  # the camera's matrices, once per pose
            vp = pose.view_projection(width, height)
            self._view = (view, vp, _gl(vp), tuple(float(e) for e in pose.basis()[0]))
        _view, vp, vp_bytes, eye = self._view
        light_vp = light_matrix(look["light_dir"], half=LIGHT_HALF)
        written = {"u_vp": vp_bytes, "u_eye": eye,
                   "u_shadow_rect": shadow_rect(look["light_dir"], half=LIGHT_HALF, height=2.4),
                   "u_light_vp": _gl(light_vp), "u_light_dir": look["light_dir"], "u_light_col": look["light_col"],
                   "u_amb_sky": look["amb_sky"], "u_amb_ground": look["amb_ground"], "u_fog_col": look["fog"],
                   "u_shadow": 0, "u_albedo": 1, "u_atlas": 2, "u_extent": table.EXTENT,
                   "u_blank": self.atlas.blank,
                   "u_time": float(time)}
        if self._uniforms is None:  # (uniform, name) of every program that has it
            self._uniforms = [(prog[name], name) for prog in self.progs.values() for name in written if name in prog]
        last = self._uniform_values
        for uniform, name in self._uniforms:  # a uniform keeps its value: written when it changes
            val = written[name]
            key = id(uniform)
            if last.get(key, _UNSET) != val:
                if isinstance(val, bytes):
                    uniform.write(val)
                else:
                    uniform.value = val
                last[key] = val

        ctx.enable(ctx.DEPTH_TEST | ctx.CULL_FACE)
        ctx.disable(ctx.BLEND)
        if changed is not None:
            # a few pieces moved: redraw the shadow map only inside their light-space box
            moved = {k: v for k, v in changed.items() if k in SHADOW_KINDS}
            rect = Renderer._pixel_rect(_world_boxes(moved) @ light_vp.T, self.shadow_size, self.shadow_size, 2)
            if rect is not None:
                self._draw_shadow(rect)
                self.stats["shadow_patches"] += 1
        elif rebuilt or self._shadow_key != look_key:
            self._draw_shadow(None)
            self._shadow_key = look_key
            self.stats["shadow_renders"] += 1
        filt = ctx.LINEAR if (pose.distance < self.PCF_DISTANCE or self.always_pcf) else ctx.NEAREST
        self.shadow_tex.filter = (filt, filt)

        fbo.use()
        ctx.viewport = (0, 0, width, height)
        layer_key = None
        if static_key is not None and samples is not None:
            layer_key = (static_key, look_key, vp.tobytes(), width, height, samples, filt)
        same_view = layer_key is not None and self._layer_key is not None and layer_key[1:] == self._layer_key[1:]
        self.shadow_tex.use(0)
        self.table_tex.use(1)
        self.atlas_tex.use(2)
        if same_view and not rebuilt:
            # a still frame: the opaque picture is the last one's; only the overlays are new
            if self._still.restore(fbo):
                self.stats["colour_restores"] += 1
            self.stats["layer_reuses"] += 1
        elif same_view and changed is not None:
            # pieces moved under a still camera: redraw the kept picture only inside the screen box
            # of the moved pieces and their shadows, and of the rings that came or went (scissored;
            # the same pixels as a full redraw)
            rect = patch_rect(_union(_screen_rect(changed, vp, look["light_dir"], width, height),
                                     _rings_rect(ring_change, vp, width, height)), samples)
            if rect is not None:
                self._draw_opaque(self._still.fbo, look, rect)
                self._draw_rings(self._still.fbo, rect)
                self.stats["layer_patches"] += 1
            self._still.restore(fbo, depth_too=True)
            self._layer_key = layer_key
        else:
            self._draw_opaque(fbo, look, None)
            self._draw_rings(fbo, None)
            self._layer_key = None
            if layer_key is not None:
                self._still.keep(fbo, width, height, samples)
                self._layer_key = layer_key
        fbo.use()

        if overlay_vertices is not None and len(overlay_vertices):
            fbo.depth_mask = False
            self._draw_overlay(overlay_vertices)
            fbo.depth_mask = True
        ctx.disable(ctx.BLEND | ctx.CULL_FACE)

    def _set_rings(self, rings: list) -> list:
        """Keep ``rings`` (one array per highlighted piece) as the rings to draw, written to their
        buffer when they differ from the last build's; returns the rings in only one of the two."""
        old = self._rings
        if len(old) == len(rings) and all(a.shape == b.shape and np.array_equal(a, b) for a, b in zip(old, rings)):
            return []
        was, now = {r.tobytes() for r in old}, {r.tobytes() for r in rings}
        change = [r for r in old if r.tobytes() not in now] + [r for r in rings if r.tobytes() not in was]
        self._rings = rings
        data = np.concatenate(rings) if rings else np.zeros((0, 8), np.float32)
        if data.nbytes > self.ring_vbo.size:
            self.ring_vbo.orphan(data.nbytes * 2)
        if len(data):
            self.ring_vbo.write(np.ascontiguousarray(data, dtype="f4").tobytes())
        self._ring_count = len(data)
        return change

    def _draw_rings(self, fb, rect):
        """The pieces' highlight rings over the opaque picture just drawn into ``fb`` (inside
        ``rect`` only, when given): they write no depth, so the kept picture may hold them."""
        if not self._ring_count:
            return
        fb.scissor = rect
        fb.depth_mask = False
        self._overlay_passes(self.ring_vao, self._ring_count)
        self.stats["ring_draws"] += 1
        fb.depth_mask = True
        fb.scissor = None

    def _draw_shadow(self, rect):
        """Render the shadow map, all of it or (``rect`` = x, y, w, h texels) a part."""
        fb = self.shadow_fbo
        fb.use()
        fb.clear(depth=1.0, viewport=rect)
        fb.scissor = rect
        for kind in SHADOW_KINDS:
            if self._n.get(kind):
                self.shadow_vaos[kind].render(instances=self._n[kind], vertices=self.count[kind])
        fb.scissor = None

    def _draw_opaque(self, fb, look, rect):
        """Clear and draw the pieces, the table and the labels into ``fb`` (all, or inside ``rect``)."""
        ctx = self.ctx
        fog = look["fog"]
        fb.use()
        fb.clear(fog[0], fog[1], fog[2], 1.0, depth=1.0, viewport=rect)
        fb.scissor = rect
        ctx.enable(ctx.CULL_FACE)  # every mesh is closed and wound outwards (a card's two faces too)
        for kind in instances.MESH_KINDS:
            if self._n.get(kind) and kind != "decal":
                self.vaos[kind].render(instances=self._n[kind], vertices=self.count[kind])
        self.table_vao.render()
        if self._n.get("decal"):  # printed labels: blended over the mats they lie on
            ctx.enable(ctx.BLEND)
            ctx.blend_func = ctx.SRC_ALPHA, ctx.ONE_MINUS_SRC_ALPHA
            fb.depth_mask = False
            self.vaos["decal"].render(instances=self._n["decal"], vertices=self.count["decal"])
            fb.depth_mask = True
            ctx.disable(ctx.BLEND)
        fb.scissor = None

    def _draw_overlay(self, verts: np.ndarray):
        data = np.ascontiguousarray(verts, dtype="f4")
        if data.nbytes > self.overlay_vbo.size:
            self.overlay_vbo.orphan(data.nbytes * 2)
        self.overlay_vbo.write(data.tobytes())
        self._overlay_passes(self.overlay_vao, len(data))

    def _overlay_passes(self, vao, count: int):
        """Overlay triangles blended twice: faded where the opaque picture hides them, then fully."""
        ctx, prog = self.ctx, self.progs["overlay"]
        ctx.enable(ctx.BLEND)
        ctx.blend_func = ctx.SRC_ALPHA, ctx.ONE_MINUS_SRC_ALPHA
        ctx.disable(ctx.CULL_FACE)
        ctx.depth_func = ">"
        prog["u_fade"].value = 0.5
        vao.render(vertices=count)
        ctx.depth_func = "<="
        prog["u_fade"].value = 1.0
        vao.render(vertices=count)
        ctx.depth_func = "<"
        ctx.disable(ctx.BLEND)

    def release(self):
        """Free every GL object this renderer made (its context stays)."""
        objs = [*self.vaos.values(), *self.shadow_vaos.values(), self.table_vao, self.overlay_vao, self.ring_vao,
                *self.ibos.values(), *self.vbos.values(), *self.index_bufs.values(), self.table_vbo,
                self.overlay_vbo, self.ring_vbo, self.table_tex, self.atlas_tex, self.shadow_fbo, self.shadow_tex,
                *self.progs.values()]
        for obj in objs:
            obj.release()
        self._still.release()
        self._layer_key = None
