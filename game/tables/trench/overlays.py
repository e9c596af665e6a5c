"""Overlay geometry (pure numpy): legal-target highlights, hover outline, selection ring, paths.

``build_overlays`` returns float32 rows ``(x, y, z, r, g, b, a, u)`` forming triangles
for ``shaders/overlay.glsl``; ``u >= 0`` is the arc length along a dashed path,
``u < 0`` marks solid geometry.
"""

from __future__ import annotations

import math

import numpy as np

from .layout import cell_center
from game.render.palette import LOOKS
from .scene import gas_center

HIGHLIGHT = (0.15, 0.75, 1.0, 0.42)
HIGHLIGHT_EDGE = (0.2, 0.85, 1.0, 0.95)
HOVER_EDGE = (1.0, 1.0, 1.0, 0.75)
RING = (1.0, 0.97, 0.85, 0.95)
PATH_COLORS = {"dash": (1.0, 0.55, 0.15, 0.95), "move": (1.0, 1.0, 1.0, 0.9),
               "gas": (0.6, 1.0, 0.25, 0.95), "fire": (1.0, 0.25, 0.15, 0.95),
               "gas-forecast": (0.75, 1.0, 0.45, 0.55)}
#: Fill colours of legal targets by kind (the verb behind the target), so a move, a shot
#: and a build read apart; "actor" marks the pieces that can act, "log" a log entry's cells.
TARGET_COLORS = {"move": (0.15, 0.75, 1.0, 0.42), "turn": (0.55, 0.6, 1.0, 0.4),
                 "build": (0.95, 0.75, 0.3, 0.45), "dig": (0.75, 0.5, 0.25, 0.5),
                 "fire": (1.0, 0.3, 0.2, 0.45), "give": (0.9, 0.5, 0.9, 0.45),
                 "self": (1.0, 1.0, 1.0, 0.35), "place": (0.3, 0.95, 0.6, 0.42),
                 "actor": (1.0, 0.95, 0.5, 0.30), "log": (1.0, 0.5, 0.95, 0.6),
                 "dash": (0.1, 0.55, 1.0, 0.5), "push": (0.2, 0.95, 0.95, 0.5),
                 "climb": (0.45, 0.85, 1.0, 0.5), "carry": (0.75, 0.6, 1.0, 0.45),
                 "bomb": (1.0, 0.55, 0.1, 0.5),
                 "danger": (1.0, 0.1, 0.35, 0.6), "gas": (*LOOKS["day"]["gas"][:3], 0.55)}
FOCUS_EDGE = (1.0, 0.85, 0.25, 1.0)


def _quad(out, a, b, c, d, color, u=(-1.0, -1.0, -1.0, -1.0)):
    for p, uu in ((a, u[0]), (b, u[1]), (c, u[2]), (a, u[0]), (c, u[2]), (d, u[3])):
        out.append((*p, *color, uu))


def _top(scene, cell):
    return float(scene.heights[cell]) + 0.02


def cell_fill(out, scene, cell, color, inset=0.07):
    x, y = cell_center(cell)
    z = _top(scene, cell)
    h = 0.5 - inset
    _quad(out, (x - h, y - h, z), (x + h, y - h, z), (x + h, y + h, z), (x - h, y + h, z), color)


def cell_outline(out, scene, cell, color, inset=0.04, width=0.07):
    x, y = cell_center(cell)
    z = _top(scene, cell) + 0.002
    o, i = 0.5 - inset, 0.5 - inset - width
    corners_o = [(x - o, y - o), (x + o, y - o), (x + o, y + o), (x - o, y + o)]
    corners_i = [(x - i, y - i), (x + i, y - i), (x + i, y + i), (x - i, y + i)]
    for k in range(4):
        a0, a1 = corners_o[k], corners_o[(k + 1) % 4]
        b0, b1 = corners_i[k], corners_i[(k + 1) % 4]
        _quad(out, (*a0, z), (*a1, z), (*b1, z), (*b0, z), color)


def ring(out, center, r0=0.36, r1=0.45, color=RING, segments=28):
    cx, cy, cz = center
    for k in range(segments):
        a0 = 2 * math.pi * k / segments
        a1 = 2 * math.pi * (k + 1) / segments
        p = [(cx + r * math.cos(a), cy + r * math.sin(a), cz) for r, a in ((r1, a0), (r1, a1), (r0, a1), (r0, a0))]
        _quad(out, *p, color)


def path_points(scene, cells, kind):
    """World points of a path: gas paths use (cell, layer) pairs, others cells."""
    pts = []
    for c in cells:
        if kind in ("gas", "gas-forecast"):
            cell, layer = c
            x, y, z = gas_center(cell, layer)
            pts.append((x, y, z))
        else:
            x, y = cell_center(c)
            pts.append((x, y, _top(scene, c) + 0.3))
    return pts


def ribbon(out, pts, color, width=0.14, dashed=True):
    """A flat ribbon through points with an arrow head at the end."""
    if len(pts) < 2:
        return
    u = 0.0
    for p0, p1 in zip(pts, pts[1:]):
        dx, dy = p1[0] - p0[0], p1[1] - p0[1]
        ln = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / ln * width / 2, dx / ln * width / 2
        u1 = u + math.dist(p0, p1)
        uu = (u, u, u1, u1) if dashed else (-1.0,) * 4
        _quad(out, (p0[0] + nx, p0[1] + ny, p0[2]), (p0[0] - nx, p0[1] - ny, p0[2]),
              (p1[0] - nx, p1[1] - ny, p1[2]), (p1[0] + nx, p1[1] + ny, p1[2]), color, uu)
        # and a standing strip through the same line, so the path reads from low angles too
        hz = width * 0.4
        _quad(out, (p0[0], p0[1], p0[2] - hz), (p1[0], p1[1], p1[2] - hz),
              (p1[0], p1[1], p1[2] + hz), (p0[0], p0[1], p0[2] + hz), color, (uu[0], uu[2], uu[2], uu[0]))
        u = u1
    p0, p1 = pts[-2], pts[-1]
    dx, dy = p1[0] - p0[0], p1[1] - p0[1]
    ln = math.hypot(dx, dy) or 1.0
    fx, fy = dx / ln, dy / ln
    tip = (p1[0] + fx * 0.22, p1[1] + fy * 0.22, p1[2])
    l = (p1[0] - fy * 0.16, p1[1] + fx * 0.16, p1[2])
    r = (p1[0] + fy * 0.16, p1[1] - fx * 0.16, p1[2])
    for p in (l, r, tip):
        out.append((*p, *color, -1.0))


def build_overlays(scene, highlights=(), selected=None, hover=None, paths=(), selected_point=None,
                   kinds=(), focus=None) -> np.ndarray:
    """Triangles for: highlighted cells (legal targets), the hovered cell's outline,
    a selection ring round ``selected`` (a cell) or ``selected_point`` (x, y, z), and paths:
    ``(kind, cells)`` with kind ``"dash" | "move" | "fire"`` (cells) or ``"gas"`` /
    ``"gas-forecast"`` (where gas will drift; (cell, layer) pairs).
    ``kinds``: ``(cell, kind)`` highlights coloured by ``TARGET_COLORS``; ``focus``: the
    keyboard's current target cell, outlined in gold.
    """
    out = []
    for c in highlights:
        cell_fill(out, scene, c, HIGHLIGHT)
        cell_outline(out, scene, c, HIGHLIGHT_EDGE)
    for c, kind in kinds:
        color = TARGET_COLORS.get(kind, HIGHLIGHT)
        cell_fill(out, scene, c, color)
        cell_outline(out, scene, c, (color[0], color[1], color[2], 0.95))
    if focus is not None:
        cell_outline(out, scene, focus, FOCUS_EDGE, inset=0.0, width=0.09)
    if hover is not None:
        cell_outline(out, scene, hover, HOVER_EDGE, inset=0.02, width=0.035)
    if selected_point is not None:
        ring(out, (selected_point[0], selected_point[1], selected_point[2] + 0.025))
    elif selected is not None:
        x, y = cell_center(selected)
        ring(out, (x, y, _top(scene, selected) + 0.005))
    for kind, cells in paths:
        pts = path_points(scene, cells, kind)
        ribbon(out, pts, PATH_COLORS.get(kind, PATH_COLORS["move"]), dashed=kind in ("dash", "gas", "gas-forecast"))
    if not out:
        return np.zeros((0, 8), np.float32)
    return np.array(out, dtype=np.float32)


TRACER = (1.0, 0.93, 0.55)
FLASH = (1.0, 0.62, 0.18)
SHELL = {"bomb": (0.12, 0.11, 0.10), "gas": (0.45, 0.62, 0.18)}


def _billboard_segment(out, p0, p1, eye, width, color):
    """A quad from p0 to p1 turned towards the eye."""
    a, b = np.asarray(p0, float), np.asarray(p1, float)
    d = b - a
    side = np.cross(d, np.asarray(eye, float) - (a + b) / 2)
    n = np.linalg.norm(side)
    if n < 1e-9:
        return
    side *= width / 2 / n
    _quad(out, tuple(a + side), tuple(a - side), tuple(b - side), tuple(b + side), color)


def _star(out, c, eye, radius, color, spikes=6):
    """A flash: a fan of thin spikes round ``c``, turned towards the eye."""
    c = np.asarray(c, float)
    v = np.asarray(eye, float) - c
    v /= np.linalg.norm(v) or 1.0
    r = np.cross(v, (0.0, 0.0, 1.0))
    if np.linalg.norm(r) < 1e-6:
        r = np.array([1.0, 0.0, 0.0])
    r /= np.linalg.norm(r)
    u = np.cross(r, v)
    core = (color[0], color[1], color[2], color[3])
    for k in range(spikes * 2):
        a0 = math.pi * k / spikes
        a1 = math.pi * (k + 1) / spikes
        ra = radius if k % 2 == 0 else radius * 0.45
        rb = radius * 0.45 if k % 2 == 0 else radius
        pa = c + ra * (math.cos(a0) * r + math.sin(a0) * u)
        pb = c + rb * (math.cos(a1) * r + math.sin(a1) * u)
        for p in (c, pa, pb):
            out.append((*p, *core, -1.0))


def arc_point(p0, p1, height, u):
    """A point ``u`` of the way along a thrown shell's parabola from p0 to p1."""
    return tuple(a + (b - a) * u for a, b in zip(p0, p1))[:2] + (
        p0[2] + (p1[2] - p0[2]) * u + 4.0 * height * u * (1.0 - u),)


def effect_triangles(effects, eye) -> np.ndarray | None:
    """Triangles (overlay rows) of fire effects: a gun's tracer and muzzle flash, a thrown
    bomb or gas shell flying its arc (dotted trail, the shell, a burst on landing)."""
    if not effects:
        return None
    out = []
    for kind, pts, u in effects:
        u = max(0.0, min(1.0, float(u)))
        if kind == "tracer":
            p0, p1 = (np.asarray(p, float) for p in pts)
            head = min(1.0, u * 1.6)
            tail = max(0.0, head - 0.45)
            a, b = p0 + (p1 - p0) * tail, p0 + (p1 - p0) * head
            fade = 1.0 - max(0.0, (u - 0.75) / 0.25)
            _billboard_segment(out, a, b, eye, 0.09, (*TRACER, 1.0 * fade))
            _billboard_segment(out, a, b, eye, 0.3, (*FLASH, 0.35 * fade))
            if u < 0.35:
                _star(out, p0, eye, 0.25 + 0.4 * u, (*FLASH, 0.95 * (1.0 - u / 0.35)), spikes=7)
            if u > 0.55:
                _star(out, p1, eye, 0.2, (*TRACER, 0.85 * fade), spikes=5)
        elif kind in ("bomb", "gas"):
            p0, p1, height = pts
            trail = [arc_point(p0, p1, height, k / 16 * min(u, 1.0)) for k in range(17)]
            for k in range(0, 16, 2):
                _billboard_segment(out, trail[k], trail[k + 1], eye, 0.06, (1.0, 1.0, 0.95, 0.7))
            if u < 0.85:
                _star(out, trail[-1], eye, 0.13, (*SHELL[kind], 1.0), spikes=8)
            else:
                w = (u - 0.85) / 0.15
                color = FLASH if kind == "bomb" else (0.7, 0.95, 0.3)
                _star(out, p1, eye, 0.3 + 0.6 * w, (*color, 0.95 * (1.0 - 0.5 * w)), spikes=9)
                _star(out, p1, eye, 0.15 + 0.3 * w, (1.0, 0.95, 0.7, 0.9 * (1.0 - 0.5 * w)), spikes=6)
    return np.array(out, dtype=np.float32) if out else None
