"""Orbit camera maths (pure numpy, no GL): matrices, projection, picking rays, presets.

Angles are in degrees.  ``azimuth`` 0 puts the camera on the south side looking
north (seat S's view); it grows clockwise seen from above: 90 = W, 180 = N,
270 = E.  ``elevation`` is the angle above the table (90 = top-down).
Screen coordinates have their origin at the bottom-left (as OpenGL and pyglet).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np

SEAT_AZIMUTH = {"S": 0.0, "W": 90.0, "N": 180.0, "E": 270.0}
MIN_DISTANCE, MAX_DISTANCE = 6.0, 32.0
MIN_ELEVATION, MAX_ELEVATION = 8.0, 90.0
PAN_LIMIT = 5.0
DEFAULT_ELEVATION = 50.0
DEFAULT_DISTANCE = 15.5


@dataclass(frozen=True)
class CameraPose:
    """Where the camera is: orbit angles, distance and the look-at target on the table."""
    azimuth: float = 0.0
    elevation: float = DEFAULT_ELEVATION
    distance: float = DEFAULT_DISTANCE
    target: tuple = (0.0, 0.0, 0.6)
    fov: float = 38.0

    def clamped(self) -> "CameraPose":
        tx = min(max(self.target[0], -PAN_LIMIT), PAN_LIMIT)
        ty = min(max(self.target[1], -PAN_LIMIT), PAN_LIMIT)
        return replace(self,
                       elevation=min(max(self.elevation, MIN_ELEVATION), MAX_ELEVATION),
                       distance=min(max(self.distance, MIN_DISTANCE), MAX_DISTANCE),
                       target=(tx, ty, self.target[2]))

    # --- basis -----------------------------------------------------------
    def basis(self):
        """(eye, right, up, forward) as numpy vectors."""
        az, el = math.radians(self.azimuth), math.radians(self.elevation)
        back = np.array([-math.sin(az) * math.cos(el), -math.cos(az) * math.cos(el), math.sin(el)])
        right = np.array([math.cos(az), -math.sin(az), 0.0])
        fwd = -back
        up = np.cross(right, fwd)
        eye = np.asarray(self.target, dtype=float) + back * self.distance
        return eye, right, up, fwd

    def view_matrix(self) -> np.ndarray:
        """4x4 world->eye matrix (column vectors, row-major numpy)."""
        eye, r, u, f = self.basis()
        m = np.identity(4)
        m[0, :3], m[1, :3], m[2, :3] = r, u, -f
        m[0, 3], m[1, 3], m[2, 3] = -r @ eye, -u @ eye, f @ eye
        return m

    def clip_range(self) -> tuple[float, float]:
        near = max(0.5, self.distance - 14.0)
        return near, self.distance + 16.0

    def projection_matrix(self, aspect: float) -> np.ndarray:
        near, far = self.clip_range()
        f = 1.0 / math.tan(math.radians(self.fov) / 2.0)
        m = np.zeros((4, 4))
        m[0, 0] = f / max(aspect, 1e-6)
        m[1, 1] = f
        m[2, 2] = (far + near) / (near - far)
        m[2, 3] = 2 * far * near / (near - far)
        m[3, 2] = -1.0
        return m

    def view_projection(self, width: float, height: float) -> np.ndarray:
        return self.projection_matrix(width / max(height, 1e-6)) @ self.view_matrix()


def project(pose: CameraPose, point, width: float, height: float):
    """Screen position (sx, sy, depth) of a world point, or None when behind the camera."""
    p = pose.view_projection(width, height) @ np.array([point[0], point[1], point[2], 1.0])
    if p[3] <= 1e-9:
        return None
    ndc = p[:3] / p[3]
    return ((ndc[0] + 1.0) * 0.5 * width, (ndc[1] + 1.0) * 0.5 * height, ndc[2])


def ray(pose: CameraPose, sx: float, sy: float, width: float, height: float):
    """World ray (origin, unit direction) through screen point (sx, sy)."""
    eye, r, u, f = pose.basis()
    nx = sx / width * 2.0 - 1.0
    ny = sy / height * 2.0 - 1.0
    t = math.tan(math.radians(pose.fov) / 2.0)
    d = f + r * (nx * t * width / height) + u * (ny * t)
    return eye, d / np.linalg.norm(d)


def ray_box(origin, direction, lo, hi) -> float | None:
    """Distance along a ray to an axis-aligned box [lo, hi] (zero thickness allowed), or None: the
    picking test of every table's pieces."""
    t0, t1 = -math.inf, math.inf
    for i in range(3):
        o, d = float(origin[i]), float(direction[i])
        if abs(d) < 1e-12:
            if o < lo[i] - 1e-9 or o > hi[i] + 1e-9:
                return None
            continue
        a, b = (lo[i] - o) / d, (hi[i] - o) / d
        if a > b:
            a, b = b, a
        t0, t1 = max(t0, a), min(t1, b)
        if t0 > t1 + 1e-9:
            return None
    if t1 < 0:
        return None
    return max(t0, 0.0)


def side_azimuth(side) -> float:
    """The camera azimuth of a table side: S, W, N, E, or an azimuth in degrees (a number) for a
    seat between them (three seats round a table)."""
    return float(side) if isinstance(side, (int, float)) else SEAT_AZIMUTH[side]


def seat_pose(seat, base: CameraPose | None = None) -> CameraPose:
    """The view from behind a seat's side (S, W, N, E, or an azimuth in degrees: ``side_azimuth``)."""
    base = base or CameraPose()
    return replace(base, azimuth=side_azimuth(seat), elevation=DEFAULT_ELEVATION,
                   distance=DEFAULT_DISTANCE, target=(0.0, 0.0, 0.6))


def top_pose(base: CameraPose | None = None, seat_sides=()) -> CameraPose:
    """Top-down, the board filling the view, turned to the side nearest the base's azimuth: one of
    the four sides, or one of ``seat_sides`` (sides or azimuths: a seat between them, e.g. three
    round a table, keeps its own turn)."""
    base = base or CameraPose()
    sides = list(SEAT_AZIMUTH.values()) + [side_azimuth(s) % 360.0 for s in seat_sides]
    here = base.azimuth % 360.0
    az = min(sides, key=lambda a: (min(abs(a - here), 360.0 - abs(a - here)), a))
    return replace(base, azimuth=az, elevation=90.0, distance=17.0, target=(0.0, 0.0, 0.0))


def parse_camera(text: str) -> CameraPose:
    """``S|W|N|E|top|AZ,EL[,DIST]`` -> a pose (for the screenshot tool); azimuth is not wrapped.
    A number (a table's ``seat_side`` between the four sides) is that azimuth's seat view."""
    if isinstance(text, (int, float)):
        return seat_pose(text)
    t = text.strip()
    if t.upper() in SEAT_AZIMUTH:
        return seat_pose(t.upper())
    if t.lower() == "top":
        return top_pose()
    parts = [float(p) for p in t.split(",")]
    if len(parts) not in (2, 3):
        raise ValueError(f"camera must be S, W, N, E, top or AZ,EL[,DIST]: {text!r}")
    pose = CameraPose(azimuth=parts[0], elevation=parts[1])
    if len(parts) == 3:
        pose = replace(pose, distance=parts[2])
    return pose.clamped()


def _approach(cur: float, goal: float, k: float) -> float:
    return goal + (cur - goal) * k


class OrbitCamera:
    """An interactive camera: input moves a goal pose, ``update(dt)`` eases towards it."""

    ORBIT_DEG_PER_PX = 0.3
    KEY_ORBIT_DEG_PER_S = 90.0
    PAN_PER_S = 6.0

    def __init__(self, pose: CameraPose | None = None, smoothing: float = 10.0):
        self.goal = (pose or CameraPose()).clamped()
        self.pose = self.goal
        self.smoothing = smoothing

    # --- input -----------------------------------------------------------
    def orbit(self, d_az: float, d_el: float):
        g = self.goal
        self.goal = replace(g, azimuth=g.azimuth + d_az, elevation=g.elevation + d_el).clamped()

    def drag_orbit(self, dx_px: float, dy_px: float):
        """Left-drag: horizontal orbits round the board, vertical tilts."""
        self.orbit(-dx_px * self.ORBIT_DEG_PER_PX, -dy_px * self.ORBIT_DEG_PER_PX)

    def zoom(self, steps: float):
        """Wheel or +/-: positive steps move closer (clamped)."""
        g = self.goal
        self.goal = replace(g, distance=g.distance * (0.88 ** steps)).clamped()

    def pan(self, right: float, forward: float):
        """Move the target along the table, in board units relative to the view direction."""
        g = self.goal
        az = math.radians(g.azimuth)
        rx, ry = math.cos(az), -math.sin(az)
        fx, fy = math.sin(az), math.cos(az)
        tx = g.target[0] + rx * right + fx * forward
        ty = g.target[1] + ry * right + fy * forward
        self.goal = replace(g, target=(tx, ty, g.target[2])).clamped()

    def drag_pan(self, dx_px: float, dy_px: float, height_px: float):
        """Right/middle-drag: the board follows the pointer."""
        scale = 2.0 * self.goal.distance * math.tan(math.radians(self.goal.fov) / 2) / max(height_px, 1)
        self.pan(-dx_px * scale, -dy_px * scale)

    def snap(self, pose: CameraPose):
        """Ease to a preset pose (seat view, top-down, reset) along the shortest turn."""
        cur = self.goal.azimuth
        az = pose.azimuth + round((cur - pose.azimuth) / 360.0) * 360.0
        self.goal = replace(pose.clamped(), azimuth=az)

    def snap_seat(self, seat):
        self.snap(seat_pose(seat, self.goal))

    def snap_top(self, seat_sides=()):
        """Ease to the top view (``top_pose``; ``seat_sides``: the table's seat sides or azimuths)."""
        self.snap(top_pose(self.goal, seat_sides))

    def reset(self, seat: str = "S"):
        self.snap(seat_pose(seat))

    # --- time ------------------------------------------------------------
    def update(self, dt: float) -> CameraPose:
        """Advance the easing by ``dt`` seconds; returns the current pose."""
        k = math.exp(-self.smoothing * max(dt, 0.0))
        p, g = self.pose, self.goal
        self.pose = CameraPose(
            azimuth=_approach(p.azimuth, g.azimuth, k),
            elevation=_approach(p.elevation, g.elevation, k),
            distance=_approach(p.distance, g.distance, k),
            target=tuple(_approach(a, b, k) for a, b in zip(p.target, g.target)),
            fov=g.fov)
        if self.settled():
            self.pose = g
        return self.pose

    def settled(self, eps: float = 1e-3) -> bool:
        p, g = self.pose, self.goal
        return (abs(p.azimuth - g.azimuth) < eps and abs(p.elevation - g.elevation) < eps
                and abs(p.distance - g.distance) < eps
                and all(abs(a - b) < eps for a, b in zip(p.target, g.target)))
