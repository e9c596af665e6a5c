"""Procedural meshes (pure numpy): bevelled cube, meeple, helmets, hat, gas mask, token, ellipsoid.

Every mesh is a non-indexed triangle list of float32 vertices
``(x, y, z, nx, ny, nz, tag)``, counter-clockwise seen from outside.  ``tag`` is
per-vertex data for the shaders: for the cube, how much a vertex lies on a
bevelled edge; for figures, the part (0 body, 1 nose, 2 headgear, 3 mask).
Meeple local frame: x across the shoulders, +y the facing (front), z up, feet at z = 0.
"""

from __future__ import annotations

import math

import numpy as np

VERTEX_FLOATS = 7

#: Meeple proportions (cube = 1).
MEEPLE_THICK = 0.26
HEAD_Z, HEAD_R = 0.70, 0.15


def _tri_list(pos, nrm, tag) -> np.ndarray:
    pos = np.asarray(pos, dtype=np.float32).reshape(-1, 3)
    nrm = np.asarray(nrm, dtype=np.float32).reshape(-1, 3)
    tag = np.broadcast_to(np.asarray(tag, dtype=np.float32).reshape(-1, 1), (len(pos), 1))
    return np.hstack([pos, nrm, tag]).astype(np.float32)


def transform(mesh: np.ndarray, matrix=None, offset=(0, 0, 0), scale=(1, 1, 1), tag=None) -> np.ndarray:
    """A copy of ``mesh`` scaled, rotated by a 3x3 ``matrix`` and moved; optionally re-tagged."""
    m = mesh.copy()
    s = np.asarray(scale, dtype=np.float32)
    p = m[:, :3] * s
    n = m[:, 3:6] / s
    if matrix is not None:
        r = np.asarray(matrix, dtype=np.float32)
        p, n = p @ r.T, n @ r.T
    n /= np.maximum(np.linalg.norm(n, axis=1, keepdims=True), 1e-9)
    m[:, :3] = p + np.asarray(offset, dtype=np.float32)
    m[:, 3:6] = n
    if tag is not None:
        m[:, 6] = tag
    return m


def bevel_cube(bevel: float = 0.05) -> np.ndarray:
    """A unit cube centred on the origin with chamfered edges shaded as rounded ones.

    44 triangles: 6 faces, 12 edge strips, 8 corners.  Edge strips carry the two face
    normals on their two sides, so light rolls over the edge; tag = 1 on the strips
    (the shaders darken them so stacked cubes read as separate blocks).
    """
    h, b = 0.5, bevel
    i = h - b
    P, N, T = [], [], []

    def tri(a, b_, c, na, nb, nc, ta, tb, tc):
        P.extend((a, b_, c))
        N.extend((na, nb, nc))
        T.extend((ta, tb, tc))

    axes = np.identity(3)
    # faces
    for ax in range(3):
        for sg in (-1.0, 1.0):
            u, v = axes[(ax + 1) % 3], axes[(ax + 2) % 3]
            n = axes[ax] * sg
            c = n * h
            q = [c + (-u - v) * i, c + (u - v) * i, c + (u + v) * i, c + (-u + v) * i]
            tri(q[0], q[1], q[2], n, n, n, 0, 0, 0)
            tri(q[0], q[2], q[3], n, n, n, 0, 0, 0)
    # edges: between face (ax1, s1) and (ax2, s2), running along the third axis
    for ax3 in range(3):
        ax1, ax2 = (ax3 + 1) % 3, (ax3 + 2) % 3
        for s1 in (-1.0, 1.0):
            for s2 in (-1.0, 1.0):
                n1, n2 = axes[ax1] * s1, axes[ax2] * s2
                run = axes[ax3]
                a0 = n1 * h + n2 * i - run * i
                a1 = n1 * h + n2 * i + run * i
                b0 = n2 * h + n1 * i - run * i
                b1 = n2 * h + n1 * i + run * i
                tri(a0, a1, b1, n1, n1, n2, 1, 1, 1)
                tri(a0, b1, b0, n1, n2, n2, 1, 1, 1)
    # corners
    for sx in (-1.0, 1.0):
        for sy in (-1.0, 1.0):
            for sz in (-1.0, 1.0):
                nx, ny, nz = axes[0] * sx, axes[1] * sy, axes[2] * sz
                px = nx * h + (ny + nz) * i
                py = ny * h + (nx + nz) * i
                pz = nz * h + (nx + ny) * i
                tri(px, py, pz, nx, ny, nz, 1, 1, 1)
    return _fix_winding_geo(_tri_list(P, N, np.array(T, dtype=np.float32)))


def _fix_winding_geo(mesh: np.ndarray) -> np.ndarray:
    """Orient triangles of a convex mesh centred on the origin outwards."""
    tri = mesh.reshape(-1, 3, VERTEX_FLOATS)
    a, b, c = tri[:, 0, :3], tri[:, 1, :3], tri[:, 2, :3]
    gn = np.cross(b - a, c - a)
    flip = (gn * (a + b + c)).sum(axis=1) < 0
    tri[flip] = tri[flip][:, ::-1]
    return tri.reshape(-1, VERTEX_FLOATS)


def ear_clip(poly) -> list:
    """Triangulate a simple counter-clockwise polygon; returns index triples."""
    idx = list(range(len(poly)))
    tris = []

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    def inside(p, a, b, c):
        return cross(a, b, p) >= 0 and cross(b, c, p) >= 0 and cross(c, a, p) >= 0

    guard = 0
    while len(idx) > 3 and guard < 100000:
        guard += 1
        n = len(idx)
        for k in range(n):
            i0, i1, i2 = idx[k - 1], idx[k], idx[(k + 1) % n]
            a, b, c = poly[i0], poly[i1], poly[i2]
            if cross(a, b, c) <= 1e-12:
                continue
            if any(inside(poly[j], a, b, c) for j in idx if j not in (i0, i1, i2)):
                continue
            tris.append((i0, i1, i2))
            idx.pop(k)
            break
        else:  # degenerate: fall back to a fan
            break
    for k in range(1, len(idx) - 1):
        tris.append((idx[0], idx[k], idx[k + 1]))
    return tris


def meeple_outline():
    """The meeple silhouette (u across, v up), counter-clockwise, smoothed."""
    right = []
    for a in (90, 68, 46, 24, 2, -20, -42):
        r = math.radians(a)
        right.append((HEAD_R * math.cos(r), HEAD_Z + HEAD_R * math.sin(r)))
    right += [(0.075, 0.545), (0.19, 0.515), (0.31, 0.49), (0.375, 0.45), (0.375, 0.395),
              (0.32, 0.355), (0.185, 0.335), (0.165, 0.24), (0.235, 0.11), (0.29, 0.03),
              (0.285, 0.0), (0.205, 0.0), (0.095, 0.0), (0.065, 0.07), (0.03, 0.175)]
    left = [(-u, v) for (u, v) in reversed(right[1:])]
    pts = right + [(0.0, 0.19)] + left  # clockwise from top down the right side
    pts = list(reversed(pts))           # counter-clockwise
    # keep the feet flat on the table
    return [(u, max(v, 0.0)) for u, v in pts]


def _outline_normals(poly):
    n = len(poly)
    res = []
    for i in range(n):
        p0, p2 = poly[i - 1], poly[(i + 1) % n]
        e = np.array([p2[0] - p0[0], p2[1] - p0[1]])
        nn = np.array([e[1], -e[0]])  # outward for CCW
        res.append(nn / max(np.linalg.norm(nn), 1e-9))
    return res


def meeple(thick: float = MEEPLE_THICK, nose: bool = True) -> np.ndarray:
    """The meeple body: the silhouette extruded along y (front = +y), plus a nose.

    The rim is one strip whose normals lean towards front and back, so the flat
    wooden piece reads with softly rounded edges at a low triangle count.
    """
    outer = meeple_outline()
    tris = ear_clip(outer)
    onrm = _outline_normals(outer)
    t2 = thick / 2.0
    P, N = [], []
    for tri in tris:
        a, b, c = (outer[i] for i in tri)
        for p in (a, c, b):
            P.append((p[0], t2, p[1]))
            N.append((0, 1, 0))
        for p in (a, b, c):
            P.append((p[0], -t2, p[1]))
            N.append((0, -1, 0))
    n = len(outer)
    k = 0.6
    for i in range(n):
        j = (i + 1) % n
        oi, oj, ni, nj = outer[i], outer[j], onrm[i], onrm[j]
        fi, bi = ((oi[0], t2, oi[1]), (ni[0], k, ni[1])), ((oi[0], -t2, oi[1]), (ni[0], -k, ni[1]))
        fj, bj = ((oj[0], t2, oj[1]), (nj[0], k, nj[1])), ((oj[0], -t2, oj[1]), (nj[0], -k, nj[1]))
        for pv, nv in (fi, bi, bj, fi, bj, fj):
            P.append(pv)
            N.append(nv)
    body = _fix_winding(_tri_list(P, N, 0.0))
    parts = [body]
    if nose:
        parts.append(box((0.0, t2 + 0.035, HEAD_Z - 0.025), (0.085, 0.1, 0.085), tag=1.0))
    return np.vstack(parts)


def _fix_winding(mesh: np.ndarray) -> np.ndarray:
    """Flip triangles whose geometric normal disagrees with their vertex normals."""
    tri = mesh.reshape(-1, 3, VERTEX_FLOATS)
    a, b, c = tri[:, 0, :3], tri[:, 1, :3], tri[:, 2, :3]
    gn = np.cross(b - a, c - a)
    vn = tri[:, :, 3:6].sum(axis=1)
    flip = (gn * vn).sum(axis=1) < 0
    tri[flip] = tri[flip][:, ::-1]
    return tri.reshape(-1, VERTEX_FLOATS)


def box(center, size, tag: float = 0.0) -> np.ndarray:
    """An axis-aligned box (flat shaded)."""
    cube = bevel_cube(0.0001)
    cube = cube[cube[:, 6] == 0]  # faces only (the edge strips are degenerate)
    return transform(cube, offset=center, scale=size, tag=tag)


def lathe(profile, segments: int = 20, tag: float = 0.0) -> np.ndarray:
    """Surface of revolution about z of a profile [(r, z), ...] from top to bottom."""
    P, N = [], []
    prof = [(float(r), float(z)) for r, z in profile]
    # per-profile-vertex 2D normals (outward), from neighbouring segments
    pn = []
    for i in range(len(prof)):
        a = prof[max(i - 1, 0)]
        b = prof[min(i + 1, len(prof) - 1)]
        dr, dz = b[0] - a[0], b[1] - a[1]
        nr, nz = -dz, dr  # going top->bottom, outward is (−dz, dr)
        l = math.hypot(nr, nz) or 1.0
        pn.append((nr / l, nz / l))
    for s in range(segments):
        a0 = 2 * math.pi * s / segments
        a1 = 2 * math.pi * (s + 1) / segments
        for i in range(len(prof) - 1):
            (r0, z0), (r1, z1) = prof[i], prof[i + 1]
            (n0r, n0z), (n1r, n1z) = pn[i], pn[i + 1]
            # split normals at hard creases: use the segment normal when they differ a lot
            sr, sz = -(z1 - z0), (r1 - r0)
            l = math.hypot(sr, sz) or 1.0
            sr, sz = sr / l, sz / l
            if n0r * sr + n0z * sz < 0.8:
                n0r, n0z = sr, sz
            if n1r * sr + n1z * sz < 0.8:
                n1r, n1z = sr, sz
            quad = []
            for (r, z, nr, nz, ang) in ((r0, z0, n0r, n0z, a0), (r1, z1, n1r, n1z, a0),
                                        (r1, z1, n1r, n1z, a1), (r0, z0, n0r, n0z, a1)):
                c, sn = math.cos(ang), math.sin(ang)
                quad.append(((r * c, r * sn, z), (nr * c, nr * sn, nz)))
            for k in (0, 1, 2, 0, 2, 3):
                P.append(quad[k][0])
                N.append(quad[k][1])
    return _fix_winding(_tri_list(P, N, tag))


def helmet(seat: str) -> np.ndarray:
    """Per-seat headgear, the non-colour seat cue (tag 2).

    S: wide-brimmed tin hat; W: crested helmet; N: spiked helmet; E: peaked cap (the peak faces front).
    """
    z0 = HEAD_Z
    if seat == "S":
        prof = [(0, z0 + 0.195), (0.08, z0 + 0.185), (0.13, z0 + 0.155), (0.16, z0 + 0.11),
                (0.168, z0 + 0.07), (0.225, z0 + 0.06), (0.23, z0 + 0.045), (0.17, z0 + 0.04), (0, z0 + 0.04)]
        return lathe(prof, 16, 2.0)
    if seat == "W":
        prof = [(0, z0 + 0.20), (0.09, z0 + 0.19), (0.14, z0 + 0.155), (0.165, z0 + 0.10),
                (0.17, z0 + 0.05), (0.205, z0 + 0.03), (0.2, z0 + 0.015), (0, z0 + 0.015)]
        crest = box((0, 0, z0 + 0.21), (0.035, 0.27, 0.07), tag=2.0)
        return np.vstack([lathe(prof, 12, 2.0), crest])
    if seat == "N":
        prof = [(0, z0 + 0.21), (0.09, z0 + 0.2), (0.145, z0 + 0.16), (0.168, z0 + 0.09),
                (0.17, z0 + 0.02), (0, z0 + 0.02)]
        spike = lathe([(0, z0 + 0.37), (0.035, z0 + 0.2), (0, z0 + 0.2)], 12, 2.0)
        return np.vstack([lathe(prof, 12, 2.0), spike])
    # E: peaked cap
    prof = [(0, z0 + 0.2), (0.16, z0 + 0.2), (0.175, z0 + 0.185), (0.16, z0 + 0.03), (0, z0 + 0.03)]
    peak = lathe([(0, z0 + 0.06), (0.2, z0 + 0.035), (0.2, z0 + 0.025), (0, z0 + 0.03)], 20, 2.0)
    # keep only the front half of the peak disc
    peak = peak.reshape(-1, 3, VERTEX_FLOATS)
    peak = peak[peak[:, :, 1].mean(axis=1) > 0.02].reshape(-1, VERTEX_FLOATS)
    peak = transform(peak, offset=(0, 0.05, 0))
    return np.vstack([lathe(prof, 12, 2.0), peak])


def rifle(thick: float = MEEPLE_THICK) -> np.ndarray:
    """A soldier's rifle held level at the hip, pointing ahead: facing reads even from above.

    Tag 4 = wooden stock, tag 3 = dark metal barrel and bayonet.
    """
    t2 = thick / 2.0
    z = 0.36
    stock = box((0.13, t2 + 0.08, z), (0.08, 0.36, 0.085), tag=4.0)
    barrel = box((0.13, t2 + 0.32, z + 0.015), (0.045, 0.14, 0.045), tag=3.0)
    bayonet = box((0.13, t2 + 0.45, z + 0.015), (0.03, 0.13, 0.03), tag=3.0)
    return np.vstack([stock, barrel, bayonet])


def facing_mark(thick: float = MEEPLE_THICK) -> np.ndarray:
    """The facing mark: a flat arrowhead painted on the ground in front of a figure's feet, a dark
    rim (tag 5) round a pale core (tag 6) that ``figure.glsl`` lights itself, so which way a soldier
    faces reads from the top view, by night and in an eclipse, on pale and dark wood alike."""
    t2 = thick / 2.0

    def wedge(half, y0, y1, z, h, tag):
        pts = [(-half, y0), (half, y0), (0.0, y1)]
        P, N = [], []
        for x, y in pts:  # top face (counter-clockwise seen from above)
            P.append((x, y, z + h))
            N.append((0, 0, 1))
        for i in range(3):  # the thin rim
            (xa, ya), (xb, yb) = pts[i], pts[(i + 1) % 3]
            nx, ny = yb - ya, -(xb - xa)
            ln = math.hypot(nx, ny)
            nrm = (nx / ln, ny / ln, 0.0)
            quad = [(xa, ya, z), (xb, yb, z), (xb, yb, z + h), (xa, ya, z), (xb, yb, z + h), (xa, ya, z + h)]
            P += quad
            N += [nrm] * 6
        return _fix_winding(_tri_list(P, N, tag))

    rim = wedge(0.23, t2 - 0.01, t2 + 0.31, 0.004, 0.012, 5.0)  # the tip stays inside the cell
    core = wedge(0.16, t2 + 0.02, t2 + 0.25, 0.004, 0.018, 6.0)
    return np.vstack([rim, core])


def civilian_hat() -> np.ndarray:
    """A wide conical straw hat for civilians (tag 2)."""
    z0 = HEAD_Z
    prof = [(0, z0 + 0.24), (0.08, z0 + 0.18), (0.33, z0 + 0.05), (0.335, z0 + 0.035),
            (0.15, z0 + 0.06), (0, z0 + 0.07)]
    return lathe(prof, 12, 2.0)


def gas_mask(thick: float = MEEPLE_THICK) -> np.ndarray:
    """A gas mask over the face: canister snout and two goggles (tag 3)."""
    t2 = thick / 2.0
    rot_y = np.array([[1, 0, 0], [0, 0, 1], [0, -1, 0]], dtype=np.float32)  # z -> y
    snout = lathe([(0, 0.16), (0.05, 0.16), (0.065, 0.13), (0.065, 0.02), (0.09, 0.0), (0, 0.0)], 14, 3.0)
    snout = transform(snout, matrix=rot_y, offset=(0, t2 - 0.02, HEAD_Z - 0.085))
    gog = lathe([(0, 0.05), (0.042, 0.05), (0.045, 0.0), (0, 0.0)], 12, 3.0)
    parts = [snout]
    for sx in (-0.06, 0.06):
        parts.append(transform(gog, matrix=rot_y, offset=(sx, t2 - 0.01, HEAD_Z + 0.03)))
    strap = box((0, 0, HEAD_Z + 0.02), (HEAD_R * 2 + 0.02, thick + 0.02, 0.035), tag=3.0)
    parts.append(strap)
    return np.vstack(parts)


def token() -> np.ndarray:
    """A round item token, radius 0.13, height 0.06, sitting on z = 0."""
    prof = [(0, 0.06), (0.11, 0.06), (0.13, 0.045), (0.13, 0.012), (0.115, 0.0), (0, 0.0)]
    return lathe(prof, 18, 0.0)


def ellipsoid(subdiv: int = 2) -> np.ndarray:
    """A unit icosphere (smooth normals) for gas clouds."""
    t = (1 + 5 ** 0.5) / 2
    v = [(-1, t, 0), (1, t, 0), (-1, -t, 0), (1, -t, 0), (0, -1, t), (0, 1, t), (0, -1, -t), (0, 1, -t),
         (t, 0, -1), (t, 0, 1), (-t, 0, -1), (-t, 0, 1)]
    v = [np.array(p, dtype=float) / np.linalg.norm(p) for p in v]
    f = [(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11), (1, 5, 9), (5, 11, 4), (11, 10, 2),
         (10, 7, 6), (7, 1, 8), (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8), (3, 8, 9), (4, 9, 5),
         (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)]
    tris = [(v[a], v[b], v[c]) for a, b, c in f]
    for _ in range(subdiv):
        nt = []
        for a, b, c in tris:
            ab, bc, ca = [(p + q) / np.linalg.norm(p + q) for p, q in ((a, b), (b, c), (c, a))]
            nt += [(a, ab, ca), (b, bc, ab), (c, ca, bc), (ab, bc, ca)]
        tris = nt
    pts = np.array([p for tri in tris for p in tri])
    return _fix_winding(_tri_list(pts, pts, 0.0))


def table_quad(half: float = 40.0, n: int = 20) -> np.ndarray:
    """The table top at z = 0: a square grid (so fog and light coordinates can be per vertex)."""
    g = floor_grid(n)
    return transform(g, scale=(2 * half, 2 * half, 1.0))


def floor_grid(n: int = 6) -> np.ndarray:
    """A unit square at z = 0 (centred), subdivided n x n, facing up: trench floors."""
    P = []
    for i in range(n):
        for j in range(n):
            x0, x1 = -0.5 + i / n, -0.5 + (i + 1) / n
            y0, y1 = -0.5 + j / n, -0.5 + (j + 1) / n
            P += [(x0, y0, 0), (x1, y0, 0), (x1, y1, 0), (x0, y0, 0), (x1, y1, 0), (x0, y1, 0)]
    return _tri_list(P, [(0, 0, 1)] * len(P), 0.0)


def indexed(mesh: np.ndarray):
    """(unique vertices, uint32 indices) of a triangle list, so shared vertices are shaded once."""
    verts, inverse = np.unique(mesh, axis=0, return_inverse=True)
    return verts.astype(np.float32), inverse.reshape(-1).astype(np.uint32)
