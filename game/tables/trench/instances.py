"""Scene -> per-mesh instance arrays (pure numpy).

Each instance is 24 float32: a column-major 4x4 model matrix, an RGBA colour and
four shader params.  ``build_static(scene)`` returns ``{mesh_kind: array(N, 24)}``
with one entry per instanced draw but the gas; ``build_gas(scene, time)`` gives the gas puffs.
"""

from __future__ import annotations

import math

import numpy as np

from game.render.meshes import MEEPLE_THICK
from game.render.palette import (
    DRUG_COLOR,
    FOOD_COLOR,
    HAT_COLOR,
    MASK_COLOR,
    RIFLE_COLOR,
    SEAT_COLOR,
    SEAT_EMBLEM,
    VILLAGE_COLOR,
    helmet_color,
)
from game.render.instancing import INSTANCE_FLOATS, rot_x, rot_z, scale, translate
from game.render.instancing import pack as _pack
from game.render.instancing import row as _row
from game.render import palette

from .scene import cube_seed

CARRIED_CORPSE = (0.66, 0.63, 0.58, 1.0)
MEEPLE_SCALE = 1.12
CUBE_XY = 0.955
MESH_KINDS = ("cube", "floor", "meeple", "rifle", "helmet_S", "helmet_W", "helmet_N", "helmet_E", "hat", "mask",
              "token", "gas")


def meeple_matrix(m) -> np.ndarray:
    """World matrix of a meeple: feet at (x, y, z), turned by yaw, tipped backwards by ``fall``."""
    f = max(0.0, min(1.0, m.fall))
    s = MEEPLE_SCALE * m.scale * (0.92 if m.seat == "C" else 1.0)
    lift = (MEEPLE_THICK / 2.0) * s * f
    fwd = 0.42 * s * f
    return (translate(m.x, m.y, m.z) @ rot_z(m.yaw) @ translate(0.0, fwd, lift)
            @ rot_x(90.0 * f) @ scale(s))


def cube_matrix(c) -> np.ndarray:
    """A cube's world matrix with its small per-cube size, offset and twist variation."""
    sd = c.seed
    j = (sd - 0.5)
    sxy = (CUBE_XY + 0.022 * j) * c.scale
    sz = (0.995 - 0.012 * abs(j)) * c.scale
    ox = 0.012 * math.sin(sd * 91.0)
    oy = 0.012 * math.cos(sd * 57.0)
    bottom = c.z - 0.5
    return translate(c.x + ox, c.y + oy, bottom + sz / 2.0) @ rot_z(c.yaw + 2.2 * math.sin(sd * 37.0)) @ scale(sxy, sxy, sz)


_CUBE_ROWS: dict = {}


def _memoised(cache: dict, key, make, piece):
    """``make(piece)``, remembered under ``key``; the cache is emptied when it grows large."""
    value = cache.get(key)
    if value is None:
        if len(cache) > 8192:
            cache.clear()
        value = cache[key] = make(piece)
    return value


def cube_row(c) -> np.ndarray:
    """A cube's instance row, memoised on its fields: most cubes do not move between frames."""
    return _memoised(_CUBE_ROWS, (c.kind, c.x, c.y, c.z, c.scale, c.seed, c.yaw), _cube_row, c)


def _cube_row(c) -> np.ndarray:
    sd = c.seed
    tone = 0.86 + 0.22 * sd
    warm = 0.04 * math.sin(sd * 23.0)
    if c.kind in SEAT_COLOR and c.kind != "C":
        color = (*SEAT_COLOR[c.kind], 1.0)
    elif c.kind == "V":
        color = (*VILLAGE_COLOR, 1.0)
    else:
        color = (tone * (1.0 + warm), tone, tone * (1.0 - warm), 0.0)
    params = (sd, 1.0 if sd > 0.5 else 0.0,
              1.4 + 2.0 * ((sd * 7.3) % 1.0), -1.5 - 1.8 * ((sd * 3.7) % 1.0))
    return _row(cube_matrix(c), color, params)


_MEEPLE_ROWS: dict = {}


def meeple_rows(m) -> list:
    """[(mesh kind, row)] of a meeple and what it wears and carries (memoised on its fields)."""
    return _memoised(_MEEPLE_ROWS, (m.key, m.seat, m.x, m.y, m.z, m.yaw, m.fall, m.mask, m.cubes,
                                    m.corpses, m.scale), _meeple_rows, m)


def _meeple_rows(m) -> list:
    out = []
    mat = meeple_matrix(m)
    dead = 1.0 if m.fall > 0.5 else 0.0
    col = SEAT_COLOR.get(m.seat, SEAT_COLOR["C"])
    out.append(("meeple", _row(mat, (*col, 1.0), (SEAT_EMBLEM.get(m.seat, 0.0), dead, 0.0, 0.0))))
    if m.seat == "C":
        out.append(("hat", _row(mat, (*HAT_COLOR, 1.0), (0.0, dead, 0.0, 0.0))))
    else:
        out.append(("helmet_" + m.seat, _row(mat, (*helmet_color(m.seat), 1.0), (0.0, dead, 0.0, 0.0))))
        if not dead:
            out.append(("rifle", _row(mat, (*RIFLE_COLOR, 1.0), (0.0, 0.0, 0.0, 0.0))))
    if m.mask:
        out.append(("mask", _row(mat, (*MASK_COLOR, 1.0), (0.0, dead, 0.0, 0.0))))
    # carried cubes: a little stack on the back
    for i in range(min(m.cubes, 2)):
        local = translate(0.0, -MEEPLE_THICK / 2 - 0.1, 0.16 + i * 0.18) @ scale(0.17)
        sd = cube_seed((m.key, i))
        out.append(("cube", _row(mat @ local, (0.95, 0.92, 0.88, 0.0), (sd, 0.0, 1.8, -2.0))))
    # carried corpses: a small fallen figure strapped across the shoulders
    for i in range(min(m.corpses, 2)):
        # (lying face up, its length across the back, the head to the carrier's left)
        local = (translate(-0.36, -MEEPLE_THICK / 2 - 0.07 - 0.06 * i, 0.62 + 0.13 * i)
                 @ rot_z(90) @ rot_x(90) @ scale(0.72))
        out.append(("meeple", _row(mat @ local, CARRIED_CORPSE, (0.0, 1.0, 0.0, 0.0))))
    return out


def clear_memos() -> None:
    """Forget the memoised instance rows (after the palette changed)."""
    _CUBE_ROWS.clear()
    _MEEPLE_ROWS.clear()


palette.on_palette_change(clear_memos)


def build_static(scene) -> dict:
    """Instance arrays of the solid mesh kinds (everything but gas); they do not depend on time."""
    rows = {k: [] for k in MESH_KINDS if k != "gas"}
    h = scene.heights
    for cell in range(49):
        if h[cell] == 0:
            fx, ry = cell % 7, cell // 7
            sides = (fx > 0 and h[cell - 1] > 0, fx < 6 and h[cell + 1] > 0,
                     ry > 0 and h[cell - 7] > 0, ry < 6 and h[cell + 7] > 0)
            rows["floor"].append(_row(translate(fx - 3.0, ry - 3.0, 0.004),
                                      tuple(1.0 if s else 0.0 for s in sides), (0.0, 0.0, 0.0, 0.0)))
    for c in scene.cubes:
        if c.scale > 0.0:
            rows["cube"].append(cube_row(c))
    for m in scene.meeples:
        if m.scale <= 0.0:
            continue
        for kind, row in meeple_rows(m):
            rows[kind].append(row)
    for it in scene.items:
        if it.scale <= 0.0:
            continue
        mat = translate(it.x, it.y, it.z) @ scale(it.scale)
        if it.kind == "drug":
            rows["token"].append(_row(mat, (*DRUG_COLOR, 1.0), (0.0, 0.0, 2.0, 0.0)))
        else:
            rows["token"].append(_row(mat, (*FOOD_COLOR, 1.0), (0.0, 0.0, 1.0, 0.0)))
    return {k: _pack(v) for k, v in rows.items()}


#: Puffs of one gas cloud: (orbit radius, size, height offset, orbit speed, phase)
GAS_PUFFS = ((0.0, 1.0, 0.0, 0.0, 0.0), (0.2, 0.78, 0.06, 0.33, 0.0), (0.21, 0.74, -0.05, -0.27, 2.1),
             (0.19, 0.7, 0.1, 0.41, 4.2), (0.13, 0.62, 0.2, -0.36, 1.0))


_PUFFS = np.array(GAS_PUFFS)
_PUFF_INDEX = np.arange(len(GAS_PUFFS), dtype=float)
_PUFF_SIGN = np.where(np.arange(len(GAS_PUFFS)) % 2 == 1, 1.0, -1.0)


def build_gas(scene, time: float) -> np.ndarray:
    """Instance array of the gas puffs: a core and four smaller puffs churning round it,
    each slowly swelling and bobbing, so a cloud reads as one soft rolling volume.
    (Computed for all puffs at once: it runs every frame, still frames included.)"""
    clouds = [g for g in scene.gas if g.scale > 0.0]
    if not clouds:
        return _pack([])
    rad, size, dz, speed, ph0 = (_PUFFS[:, i][None, :] for i in range(5))
    key = np.array([g.key for g in clouds], float)[:, None]
    gx, gy, gz, gs = (np.array([getattr(g, a) for g in clouds], float)[:, None] for a in ("x", "y", "z", "scale"))
    low = np.array([g.layer == 1 for g in clouds])[:, None]
    r_xy, r_z, spread = np.where(low, 0.44, 0.5), np.where(low, 0.32, 0.36), np.where(low, 0.9, 1.0)
    ph = key * 1.7 + ph0
    ang = time * speed + ph
    tx = gx + rad * spread * np.cos(ang)
    ty = gy + rad * spread * np.sin(ang)
    tz = gz + dz * spread + 0.05 * np.sin(time * 0.7 + ph * 1.9)
    s = gs * size * (1.0 + 0.1 * np.sin(time * 0.55 + ph * 1.3 + _PUFF_INDEX))
    yaw = np.radians(time * 9.0 * _PUFF_SIGN + ph * 40.0)
    c, sn = np.cos(yaw), np.sin(yaw)
    sx, sy, sz = r_xy * s, r_xy * s * 0.9, r_z * s
    n = tx.size
    rows = np.zeros((n, INSTANCE_FLOATS))
    # column-major model matrix translate @ rot_z @ scale
    rows[:, 0], rows[:, 1] = (c * sx).ravel(), (sn * sx).ravel()
    rows[:, 4], rows[:, 5] = (-sn * sy).ravel(), (c * sy).ravel()
    rows[:, 10] = sz.ravel()
    rows[:, 12], rows[:, 13], rows[:, 14], rows[:, 15] = tx.ravel(), ty.ravel(), tz.ravel(), 1.0
    rows[:, 16:19] = 1.0
    rows[:, 19] = np.broadcast_to(gs, tx.shape).ravel()
    rows[:, 20] = ((key * 0.37 + _PUFF_INDEX * 0.19) % 1.0).ravel()
    rows[:, 21] = np.array([float(g.layer) for g in clouds]).repeat(len(GAS_PUFFS))
    return rows.astype(np.float32)
