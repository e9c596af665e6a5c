"""The OpenGL renderer: draws a :class:`~game.tables.trench.scene.Scene` as the wooden table.

One program per file in ``shaders/``; one instanced draw per mesh kind; a small
shadow map from the sun (or moon) that is re-rendered only when the solid
scene or the light changes.  ``Renderer.render`` draws into any moderngl
framebuffer (a window's, or an offscreen one).
"""

from __future__ import annotations

import math
from functools import lru_cache

import numpy as np

from . import meshes, table
from .gl import load_program
from .instancing import INSTANCE_FLOATS
from .layer import StillLayer
from .palette import LOOK_EASE_S, LookEaser, look_of

VERTEX_ATTRS = (("in_pos", 3), ("in_nrm", 3), ("in_tag", 1))
INSTANCE_ATTRS = (("i_model", 16), ("i_color", 4), ("i_params", 4))


def light_matrix(light_dir, half: float = 6.2) -> np.ndarray:
    """Orthographic view-projection of the directional light covering a square of ``half``
    table units round the centre (remembered per direction: treat it as read-only)."""
    return _light_matrix(tuple(float(v) for v in light_dir), float(half))


@lru_cache(maxsize=64)
def _light_matrix(light_dir: tuple, half: float = 6.2) -> np.ndarray:
    d = np.asarray(light_dir, dtype=float)
    d = d / np.linalg.norm(d)
    eye = d * 20.0
    f = -d
    up = np.array([0.0, 1.0, 0.0]) if abs(f[2]) > 0.95 else np.array([0.0, 0.0, 1.0])
    r = np.cross(f, up)
    r /= np.linalg.norm(r)
    u = np.cross(r, f)
    view = np.identity(4)
    view[0, :3], view[1, :3], view[2, :3] = r, u, -f
    view[:3, 3] = (-r @ eye, -u @ eye, f @ eye)
    near, far = 8.0, 32.0
    proj = np.identity(4)
    proj[0, 0] = proj[1, 1] = 1.0 / half
    proj[2, 2] = -2.0 / (far - near)
    proj[2, 3] = -(far + near) / (far - near)
    return proj @ view


def shadow_rect(light_dir, half: float = 4.6, height: float = 3.4) -> tuple:
    """Texture-space rectangle of the table where shadows can fall: the square of ``half`` units
    where pieces stand, stretched away from the light by the shadow of the tallest one (``height``)."""
    lx, ly, lz = light_dir
    dx, dy = -lx / max(lz, 0.05) * height, -ly / max(lz, 0.05) * height
    x0, x1 = min(-half, -half + dx), max(half, half + dx)
    y0, y1 = min(-half, -half + dy), max(half, half + dy)
    e = 2.0 * table.EXTENT
    return (x0 / e + 0.5, y0 / e + 0.5, x1 / e + 0.5, y1 / e + 0.5)


#: llvmpipe's multisampled rasteriser lets a scissored draw cover samples of the pixels just left of
#: and below the scissor box unless its corner lies on its 64-pixel tiles (the clear stays inside):
#: a kept picture patched there would differ from a full redraw by a column and a row of pixels.
PATCH_ALIGN = 64


def patch_rect(rect, samples: int):
    """``rect`` (x, y, w, h) for a scissored patch of a picture with ``samples`` samples: its
    lower-left corner moved down to :data:`PATCH_ALIGN` when multisampled (None stays None)."""
    if rect is None or not samples or samples <= 1:
        return rect
    x, y, w, h = rect
    ax, ay = x - x % PATCH_ALIGN, y - y % PATCH_ALIGN
    return (ax, ay, w + x - ax, h + y - ay)


def _corners(lo, hi) -> np.ndarray:
    """The 8 corners (homogeneous, shape (8, 4)) of an axis-aligned box."""
    return np.array([(x, y, z, 1.0) for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])])


def changed_rows(old: dict, new: dict) -> dict:
    """Per mesh kind, the instance rows present in only one of ``old`` and ``new``
    (moved, appeared or gone): the pictures of the two differ only where these are."""
    out = {}
    none = np.zeros((0, INSTANCE_FLOATS), np.float32)
    for kind in set(old) | set(new):
        a, b = old.get(kind, none), new.get(kind, none)
        if a.shape == b.shape and np.array_equal(a, b):
            continue
        sa = {r.tobytes() for r in a}
        sb = {r.tobytes() for r in b}
        diff = [r for r in a if r.tobytes() not in sb] + [r for r in b if r.tobytes() not in sa]
        if diff:
            out[kind] = np.array(diff, dtype=np.float32)
    return out


_NO_ROWS = np.zeros((0, INSTANCE_FLOATS), np.float32)


def _gl(m: np.ndarray) -> bytes:
    return np.ascontiguousarray(m.T, dtype="f4").tobytes()


class Renderer:
    """Draws scenes of any table with a moderngl context.

    A scene carries its table's :class:`game.render.kit.DrawKit` (``scene.draw_kit``): the
    renderer uploads that kit's meshes the first time it meets it (and again when the table
    changes), and draws the rows the kit builds from the scene.

    ``shadow_size`` is the shadow map's side in texels; ``always_pcf`` keeps filtered
    shadow lookups at every zoom (screenshots), else they are used only close up.
    ``look_ease_s``: seconds a change of day, night or eclipse takes on screen, measured
    on the ``time`` given to ``render`` (0: at once, as offscreen pictures want);
    ``look_weights`` is the mix of looks drawn last (a HUD shows its icon from it).
    """

    PCF_DISTANCE = 11.0

    def __init__(self, ctx, shadow_size: int = 1024, always_pcf: bool = False,
                 look_ease_s: float = LOOK_EASE_S):
        self.ctx = ctx
        self.look_ease = LookEaser(look_ease_s)
        self.look_weights: dict = {}
        self.always_pcf = always_pcf
        # kits that bring a renderer of their own (``DrawKit.renderer_factory``), made on first use
        self._delegate_args = dict(shadow_size=shadow_size, always_pcf=always_pcf, look_ease_s=look_ease_s)
        self._delegates: dict = {}
        self.progs = {n: load_program(ctx, n)
                      for n in ("wood", "figure", "shadow", "table", "floor", "gas", "overlay")}
        self._timed_progs = [p for p in self.progs.values() if "u_time" in p]
        # uniform name -> the programs' members of that name (looked up once: a membership
        # test on a moderngl program walks all its members)
        self._uniform_members: dict = {}
        for prog in self.progs.values():
            for name in prog:
                self._uniform_members.setdefault(name, []).append(prog[name])
        self.mesh_count, self.vbos, self.index_bufs, self.corners = {}, {}, {}, {}
        self.kit, self.specs = None, {}
        self.shadow_kinds, self.opaque_kinds, self.translucent_kinds = (), (), ()
        self.table_vbo = ctx.buffer(meshes.table_quad(table.EXTENT).tobytes())
        albedo = table.load_albedo()
        self.table_tex = ctx.texture(albedo.shape[1::-1], 3, np.ascontiguousarray(albedo))
        self.table_tex.repeat_x = self.table_tex.repeat_y = False
        self.table_vao = self._vao(self.progs["table"], self.table_vbo, None)
        self.ibos, self.vaos, self.shadow_vaos, self.capacity = {}, {}, {}, {}
        self.shadow_size = shadow_size
        self.shadow_tex = ctx.depth_texture((shadow_size, shadow_size))
        self.shadow_tex.compare_func = "<="
        self.shadow_tex.filter = (ctx.LINEAR, ctx.LINEAR)
        self.shadow_tex.repeat_x = self.shadow_tex.repeat_y = False
        self.shadow_fbo = ctx.framebuffer(depth_attachment=self.shadow_tex)
        self.overlay_vbo = ctx.buffer(reserve=8 * 4 * 4096, dynamic=True)
        self.overlay_vao = ctx.vertex_array(
            self.progs["overlay"], [(self.overlay_vbo, "3f 4f 1f", "in_pos", "in_color", "in_u")])
        self._static_key = None
        self._light_key = None  # the look the shadow map and the instance rows were made for
        self._counts = {}
        self._uniform_key = None
        self._shadow_filter = ctx.LINEAR
        self._rows = {}
        self._sorted_for = None
        self._still = StillLayer(ctx)
        self._layer_key = None
        self._camera = None  # (pose, width, height, eye, view-projection) of the last frame
        self.stats = {"shadow_renders": 0, "layer_reuses": 0, "shadow_patches": 0, "layer_patches": 0,
                      "colour_restores": 0}

    # --- resources -----------------------------------------------------------
    def use_kit(self, kit) -> None:
        """Upload ``kit``'s meshes (releasing the previous kit's): done by ``render`` when a scene
        of another table arrives."""
        if kit is self.kit:
            return
        self._release_meshes()
        self.kit = kit
        self.specs = dict(kit.meshes())
        for kind, spec in self.specs.items():
            verts, idx = meshes.indexed(spec.data)
            pad = 0.04  # shadow filtering, bias and MSAA reach a little beyond the mesh
            self.corners[kind] = _corners(verts[:, :3].min(axis=0) - pad, verts[:, :3].max(axis=0) + pad)
            self.vbos[kind] = self.ctx.buffer(verts.tobytes())
            self.index_bufs[kind] = self.ctx.buffer(idx.tobytes())
            self.mesh_count[kind] = len(idx)
            self._alloc(kind, 256)
        self.shadow_kinds = tuple(k for k, sp in self.specs.items() if sp.shadow and not sp.translucent)
        self.opaque_kinds = tuple(k for k, sp in self.specs.items() if not sp.translucent)
        self.translucent_kinds = tuple(k for k, sp in self.specs.items() if sp.translucent)
        self._static_key = self._light_key = self._sorted_for = self._layer_key = None
        self._uniform_key = None
        self._rows, self._counts = {}, {}

    def _program(self, name: str):
        """The program of ``shaders/<name>.glsl``, loaded the first time a kit's mesh names it (a
        table may bring its own shaders: they get the same uniforms as the built-in ones)."""
        prog = self.progs.get(name)
        if prog is None:
            prog = self.progs[name] = load_program(self.ctx, name)
            if "u_time" in prog:
                self._timed_progs.append(prog)
            for member in prog:
                self._uniform_members.setdefault(member, []).append(prog[member])
            self._uniform_key = None  # write every uniform again, into this one too
        return prog

    def _release_meshes(self) -> None:
        for d in (self.vaos, self.shadow_vaos, self.ibos, self.vbos, self.index_bufs):
            for obj in d.values():
                obj.release()
            d.clear()
        self.mesh_count.clear()
        self.corners.clear()
        self.capacity.clear()
        self.kit = None

    @staticmethod
    def _layout(prog, attrs, suffix=""):
        """(format, *names) of a buffer holding ``attrs``; those ``prog`` lacks are skipped."""
        parts, names = [], []
        for name, n in attrs:
            if name in prog:
                parts.append(f"{n}f")
                names.append(name)
            else:
                parts.append(f"{n * 4}x")
        return (" ".join(parts) + suffix, *names)

    def _vao(self, prog, vbo, ibo, index=None):
        content = [(vbo, *self._layout(prog, VERTEX_ATTRS))]
        if ibo is not None:
            content.append((ibo, *self._layout(prog, INSTANCE_ATTRS, "/i")))
        if index is not None:
            return self.ctx.vertex_array(prog, content, index_buffer=index, index_element_size=4)
        return self.ctx.vertex_array(prog, content)

    def _alloc(self, kind: str, capacity: int):
        for d in (self.ibos, self.vaos, self.shadow_vaos):
            old = d.pop(kind, None)
            if old is not None:
                old.release()
        ibo = self.ctx.buffer(reserve=capacity * INSTANCE_FLOATS * 4, dynamic=True)
        spec = self.specs[kind]
        prog = self._program(spec.program)
        self.ibos[kind] = ibo
        self.vaos[kind] = self._vao(prog, self.vbos[kind], ibo, self.index_bufs[kind])
        if spec.shadow and not spec.translucent:
            self.shadow_vaos[kind] = self._vao(self.progs["shadow"], self.vbos[kind], ibo, self.index_bufs[kind])
        self.capacity[kind] = capacity

    def _upload(self, kind: str, rows: np.ndarray, eye=None):
        n = len(rows)
        if eye is not None and n > 1:
            # front to back, so hidden fragments fail the depth test early
            d = ((rows[:, 12:15] - np.asarray(eye, dtype=np.float32)) ** 2).sum(axis=1)
            rows = rows[np.argsort(d)]
        if n > self.capacity[kind]:
            self._alloc(kind, max(n, self.capacity[kind] * 2))
        if n:
            self.ibos[kind].write(rows.tobytes())
        self._counts[kind] = n

    # --- drawing -------------------------------------------------------------
    def _uniforms(self, look_key, look: dict, vp, light_vp, eye, time: float):
        """Set the programs' uniforms: all of them when the look or the camera changed,
        else only the clock (the gas churns and dashes move every frame)."""
        for prog in self._timed_progs:
            prog["u_time"].value = float(time)
        key = (look_key, vp.tobytes())
        if key == self._uniform_key:
            return
        camera_only = self._uniform_key is not None and self._uniform_key[0] == look_key
        self._uniform_key = key
        written = {"u_vp": _gl(vp), "u_eye": tuple(float(e) for e in eye)}
        if not camera_only:  # the look changed too (or the first frame): everything
            written.update(
                u_shadow_rect=shadow_rect(look["light_dir"], *self.kit.shadow_box),
                u_light_vp=_gl(light_vp), u_light_dir=look["light_dir"], u_light_col=look["light_col"],
                u_amb_sky=look["amb_sky"], u_amb_ground=look["amb_ground"], u_fog_col=look["fog"],
                u_gas_col=look["gas"], u_gas_glow=look["gas_glow"], u_shadow=0, u_albedo=1,
                u_extent=table.EXTENT)
        for name, val in written.items():
            for member in self._uniform_members.get(name, ()):
                if isinstance(val, bytes):
                    member.write(val)
                else:
                    member.value = val

    def render(self, scene, pose, fbo, width: int, height: int, time: float = 0.0,
               overlay_vertices: np.ndarray | None = None, static_key=None,
               samples: int | None = None):
        """Draw ``scene`` seen from camera ``pose`` into ``fbo`` (size ``width`` x ``height``).

        ``static_key``: any hashable that changes whenever the solid scene changes; when it
        equals the previous call's, instance data and the shadow map are reused.  None
        rebuilds everything.  ``overlay_vertices``: rows of (x, y, z, r, g, b, a, u) triangles.
        ``samples``: the sample count of ``fbo``; when given, the opaque picture of a still
        frame (same scene, light and camera) is kept and copied back for the next frames,
        so only the translucent layer (gas, overlays) is drawn again.
        """
        if width <= 0 or height <= 0:
            return
        ctx = self.ctx
        kit = scene.draw_kit
        factory = getattr(kit, "renderer_factory", None)
        if factory is not None:  # e.g. the card-and-token pieces (game.render.pieces)
            delegate = self._delegates.get(factory)
            if delegate is None:
                delegate = self._delegates[factory] = factory(ctx, **self._delegate_args)
            delegate.render(scene, pose, fbo, width, height, time, overlay_vertices=overlay_vertices,
                            static_key=static_key, samples=samples)
            self.look_weights = delegate.look_weights
            return
        if kit is not self.kit:
            self.use_kit(kit)
        self.look_weights = self.look_ease.update(kit.look_weights(scene), time)
        look_key, look = look_of(self.look_weights)
        key = (static_key, look_key) if static_key is not None else None
        camera = self._camera
        if camera is None or camera[1] != width or camera[2] != height or camera[0] != pose:
            # a still camera (most frames): its matrices are those of the last frame
            camera = self._camera = (pose, width, height, pose.basis()[0], pose.view_projection(width, height))
        eye = camera[3]
        # rows that moved since the shadow map and the layer were drawn; None: redraw all.
        # Without a key the rows are rebuilt and compared: the shadow map does not depend
        # on the camera, so a camera moving while pieces move patches it like a still one.
        changed = {}
        if key is None or key != self._static_key:
            rows = kit.static_rows(scene)
            changed = changed_rows(self._rows, rows) if self._light_key == look_key else None
            sorted_kinds = kit.sort_for_eye()
            for kind in self.opaque_kinds:  # the eye-sorted kinds are uploaded below
                if kind not in sorted_kinds and (changed is None or kind in changed):
                    self._upload(kind, rows.get(kind, _NO_ROWS))
            self._rows = rows
            self._static_key = key
            self._light_key = look_key
            if changed is None or any(k in changed for k in sorted_kinds):
                self._sorted_for = None
        cam = tuple(np.round(eye, 2))
        if cam != self._sorted_for:
            for kind in kit.sort_for_eye():
                self._upload(kind, self._rows.get(kind, _NO_ROWS), eye)
            self._sorted_for = cam
        moving = kit.moving_rows(scene, time)
        for kind in self.translucent_kinds:
            self._upload(kind, moving.get(kind, _NO_ROWS))

        light_vp = light_matrix(look["light_dir"], kit.light_half)
        vp = camera[4]
        self._uniforms(look_key, look, vp, light_vp, eye, time)

        ctx.enable(ctx.DEPTH_TEST | ctx.CULL_FACE)
        ctx.disable(ctx.BLEND)
        if changed is None:
            self._draw_shadow(None)
            self.stats["shadow_renders"] += 1
        elif any(k in self.shadow_kinds for k in changed):
            # only a few pieces moved: redraw the shadow map inside their light-space box
            rect = self._shadow_rect(changed, light_vp)
            if rect is not None:
                self._draw_shadow(rect)
                self.stats["shadow_patches"] += 1

        # shadow filtering by zoom: 2x2 PCF close up; one tap from afar, where a shadow-map
        # texel is about a pixel and the filtered lookup would only cost time
        filt = ctx.LINEAR if (pose.distance < self.PCF_DISTANCE or self.always_pcf) else ctx.NEAREST
        if filt != self._shadow_filter:
            self.shadow_tex.filter = (filt, filt)
            self._shadow_filter = filt
        fbo.use()
        ctx.viewport = (0, 0, width, height)
        fbo.depth_mask = True
        self.shadow_tex.use(0)
        self.table_tex.use(1)
        layer_key = None
        if key is not None and samples is not None:
            layer_key = (key, vp.tobytes(), width, height, filt, samples)
        if layer_key is not None and self._layer_key is not None and changed is not None \
                and layer_key[1:] == self._layer_key[1:]:
            if changed:
                # pieces moved under a still camera: redraw the kept layer only inside the
                # screen box of the moved pieces and their shadows, then use it
                rect = patch_rect(self._screen_rect(changed, vp, look["light_dir"], width, height), samples)
                if rect is not None:
                    self._draw_opaque(self._still.fbo, look, rect)
                    self.stats["layer_patches"] += 1
            self._layer_key = layer_key
            if self._still.restore(fbo, depth_too=bool(changed)):  # the still picture, back in fbo
                self.stats["colour_restores"] += 1
            fbo.use()
            self.stats["layer_reuses"] += 1
        else:
            self._draw_opaque(fbo, look, None)
            self._layer_key = None
            if layer_key is not None:
                self._still.keep(fbo, width, height, samples)
                self._layer_key = layer_key
            fbo.use()

        ctx.enable(ctx.BLEND)
        ctx.blend_func = ctx.SRC_ALPHA, ctx.ONE_MINUS_SRC_ALPHA
        fbo.depth_mask = False
        for kind in self.translucent_kinds:
            if self._counts.get(kind):
                self.vaos[kind].render(instances=self._counts[kind], vertices=self.mesh_count[kind])
        parts = [v for v in (overlay_vertices, kit.effects(scene, eye))
                 if v is not None and len(v)]
        if parts:
            self._draw_overlay(np.concatenate(parts) if len(parts) > 1 else parts[0])
        fbo.depth_mask = True
        ctx.disable(ctx.BLEND | ctx.CULL_FACE)

    def _draw_shadow(self, rect):
        """Render the shadow map, all of it or (``rect`` = x, y, w, h texels) a part."""
        fb = self.shadow_fbo
        fb.use()
        fb.clear(depth=1.0, viewport=rect)
        fb.scissor = rect
        for kind in self.shadow_kinds:
            if self._counts.get(kind):
                self.shadow_vaos[kind].render(instances=self._counts[kind], vertices=self.mesh_count[kind])
        fb.scissor = None

    def _draw_opaque(self, fb, look, rect):
        """Clear and draw the opaque scene into ``fb``, all of it or inside ``rect`` (pixels)."""
        fog = look["fog"]
        fb.use()
        fb.clear(fog[0], fog[1], fog[2], 1.0, depth=1.0, viewport=rect)
        fb.scissor = rect
        for kind in self.opaque_kinds:
            if self._counts.get(kind):
                self.vaos[kind].render(instances=self._counts[kind], vertices=self.mesh_count[kind])
        self.table_vao.render()
        fb.scissor = None

    def _world_boxes(self, changed) -> np.ndarray:
        """World-space corners (N, 4) of the bounding boxes of the changed instances."""
        pts = []
        for kind, rows in changed.items():
            if kind not in self.corners or self.specs[kind].translucent or not len(rows):
                continue
            models = rows[:, :16].reshape(-1, 4, 4).astype(np.float64)  # column-major: m[i] = M.T
            pts.append((self.corners[kind] @ models).reshape(-1, 4))
        return np.concatenate(pts) if pts else np.zeros((0, 4))

    @staticmethod
    def _pixel_rect(clip: np.ndarray, width: int, height: int, pad: int):
        if not len(clip):
            return None
        if (clip[:, 3] <= 1e-4).any():
            return (0, 0, width, height)
        ndc = clip[:, :2] / clip[:, 3:4]
        x0 = int(math.floor((ndc[:, 0].min() * 0.5 + 0.5) * width)) - pad
        x1 = int(math.ceil((ndc[:, 0].max() * 0.5 + 0.5) * width)) + pad
        y0 = int(math.floor((ndc[:, 1].min() * 0.5 + 0.5) * height)) - pad
        y1 = int(math.ceil((ndc[:, 1].max() * 0.5 + 0.5) * height)) + pad
        x0, y0 = max(0, x0), max(0, y0)
        x1, y1 = min(width, x1), min(height, y1)
        if x1 <= x0 or y1 <= y0:
            return None
        return (x0, y0, x1 - x0, y1 - y0)

    def _shadow_rect(self, changed, light_vp):
        pts = self._world_boxes(changed)
        return self._pixel_rect(pts @ light_vp.T, self.shadow_size, self.shadow_size, 2)

    def _screen_rect(self, changed, vp, light_dir, width: int, height: int):
        """Screen box of the changed pieces and of their shadows (their boxes pushed along
        the light down to the table, the lowest surface a shadow can fall on)."""
        pts = self._world_boxes(changed)
        if not len(pts):
            return None
        d = np.asarray(light_dir, dtype=float)
        d = d / np.linalg.norm(d)
        t = np.maximum(pts[:, 2], 0.0) / max(d[2], 0.05)
        foot = pts.copy()
        foot[:, :3] -= t[:, None] * d
        return self._pixel_rect(np.concatenate([pts, foot]) @ vp.T, width, height, 3)

    def release(self):
        """Free every GL object this renderer made (its context stays)."""
        for delegate in self._delegates.values():
            delegate.release()
        self._delegates.clear()
        self._release_meshes()
        objs = [self.table_vao, self.overlay_vao, self.table_vbo,
                self.overlay_vbo, self.table_tex, self.shadow_fbo, self.shadow_tex, *self.progs.values()]
        for obj in objs:
            obj.release()
        self._still.release()
        self._layer_key = None

    def _draw_overlay(self, verts: np.ndarray):
        data = np.ascontiguousarray(verts, dtype="f4")
        if data.nbytes > self.overlay_vbo.size:
            self.overlay_vbo.orphan(data.nbytes * 2)
        self.overlay_vbo.write(data.tobytes())
        ctx, prog = self.ctx, self.progs["overlay"]
        ctx.disable(ctx.CULL_FACE)
        # behind walls and cubes: faded, so a path or highlight is never lost from view
        ctx.depth_func = ">"
        prog["u_fade"].value = 0.5
        self.overlay_vao.render(vertices=len(data))
        ctx.depth_func = "<="
        prog["u_fade"].value = 1.0
        self.overlay_vao.render(vertices=len(data))
        ctx.depth_func = "<"
        ctx.enable(ctx.CULL_FACE)
