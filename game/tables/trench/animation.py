"""Animation between two views driven by the rules' event stream (pure, no GL).

``Animation(old_view, new_view, events, speed)`` replays the events on a light
copy of the old view (columns, soldiers, items, gas), one time slot per event
it understands: steps and dashes hop cell to cell, pushed and carried cubes
slide, placed cubes drop in, collected / destroyed / dug cubes vanish, walls
drop, gas drifts along its path, soldiers turn and fall dead.  Events it does
not understand take no time; a final "settle" slot then interpolates from the
replayed position to the new view, so the animation always ends exactly on
the new view even when the replay went astray.  Time is in seconds,
multiplied by ``speed``.
"""

from __future__ import annotations

import math
from dataclasses import replace
from types import SimpleNamespace

from .layout import cell_center
from .scene import Gas, Scene, gas_center, scene_from_view

#: Seconds per unit of each event kind (per cell for paths).
DURATION = {"step": 0.42, "dash": 0.26, "turn": 0.3, "cube": 0.45, "death": 0.6, "gas": 0.32,
            "fire": 0.5, "pickup": 0.2}
#: A thrown bomb or gas shell flies this many times longer than a shot.
THROW_FACTOR = 1.8
SETTLE = 0.3


def _snapshot(view):
    return SimpleNamespace(
        seats=tuple(getattr(view, "seats", ()) or ()),
        columns=list(getattr(view, "columns", None) or [""] * 49),
        soldiers={s.sid: s for s in (getattr(view, "soldiers", ()) or ())},
        items={c: tuple(v) for c, v in (getattr(view, "items", None) or {}).items()},
        gas={g.gid: g for g in (getattr(view, "gas", ()) or ())},
        day=getattr(view, "day", True), eclipse=getattr(view, "eclipse", False),
        wind=getattr(view, "wind", None), round=getattr(view, "round", 0))


def _as_view(snap):
    return SimpleNamespace(seats=snap.seats, columns=list(snap.columns),
                           soldiers=list(snap.soldiers.values()), items=dict(snap.items),
                           gas=list(snap.gas.values()), day=snap.day, eclipse=snap.eclipse,
                           wind=snap.wind, round=snap.round)


def _copy(snap):
    return SimpleNamespace(**{**vars(snap), "columns": list(snap.columns), "soldiers": dict(snap.soldiers),
                              "items": dict(snap.items), "gas": dict(snap.gas)})


def gas_path(ev, columns) -> tuple:
    """A gas event's path as ((cell, layer), ...): accepts (cell, layer) pairs or bare cells
    (then the layer is 1 in a hole, else 2, and the event's ``layer`` for the last cell)."""
    out = []
    raw = tuple(ev.get("path") or ())
    for i, p in enumerate(raw):
        if isinstance(p, (tuple, list)):
            if p and p[0] is not None:
                out.append((p[0], p[1]))
        elif p is not None:
            layer = 1 if len(columns[p]) == 0 else 2
            if i == len(raw) - 1 and ev.get("layer") in (1, 2):
                layer = ev.get("layer")
            out.append((p, layer))
    return tuple(out)


def gas_gone(ev) -> bool:
    """Whether a gas event removes its token (it left the board)."""
    return bool(ev.get("gone")) or ev.get("how") == "leave"


class Unsupported(Exception):
    """An event this module does not animate (it is skipped)."""


def apply_event(snap, ev):
    """Replay one event on a snapshot copy; returns (new snapshot, seconds) or raises Unsupported."""
    kind = ev.kind
    s = _copy(snap)
    if kind == "move":
        sid, path = ev.get("sid"), tuple(ev.get("path") or ())
        sol = s.soldiers.get(sid)
        if sol is None or not path:
            raise Unsupported(kind)
        end = path[-1]
        how = ev.get("how", "step")
        if end is None or how == "escape":
            s.soldiers[sid] = replace(sol, status="escaped", cell=None)
        else:
            s.soldiers[sid] = replace(sol, status="board", cell=end)
        cells = max(1, len(path) - 1)
        per = DURATION["dash"] if how == "dash" else DURATION["step"]
        return s, per * cells
    if kind == "turn":
        sol = s.soldiers.get(ev.get("sid"))
        if sol is None or ev.get("after") not in ("n", "e", "s", "w"):
            raise Unsupported(kind)
        s.soldiers[sol.sid] = replace(sol, facing=ev.get("after"))
        return s, DURATION["turn"]
    if kind == "cube":
        how, frm, to = ev.get("how"), ev.get("frm"), ev.get("to")
        layer = ev.get("layer")
        if how == "boat":
            sol = s.soldiers.get(ev.get("sid"))
            if sol is None:
                raise Unsupported(kind)
            return s, DURATION["cube"] * 0.6  # the boat sinks (see scene_at)
        if how == "drop":
            return s, DURATION["cube"] * 0.7  # already compacted by the removal before it
        if frm is not None and to is not None and frm != to:
            if not s.columns[frm]:
                raise Unsupported(kind)
            s.columns[frm] = s.columns[frm][:-1]
            s.columns[to] = s.columns[to] + "n"
            return s, DURATION["cube"]
        if to is not None and frm is None:
            s.columns[to] = s.columns[to] + (ev.get("kind") or "n")
            return s, DURATION["cube"]
        if frm is not None and to is None:
            col = s.columns[frm]
            if not col:
                raise Unsupported(kind)
            if layer is not None and 1 <= layer <= len(col):
                idx = layer - 1
            elif how == "dig":
                idx = 0
            else:
                idx = len(col) - 1
            s.columns[frm] = col[:idx] + col[idx + 1:]
            return s, DURATION["cube"]
        raise Unsupported(kind)
    if kind == "death":
        sol = s.soldiers.get(ev.get("sid"))
        if sol is None:
            raise Unsupported(kind)
        cell = ev.get("cell", sol.cell)
        if sol.status == "boat" or cell is None:
            s.soldiers[sol.sid] = replace(sol, status="sunk", cell=None)
        else:
            s.soldiers[sol.sid] = replace(sol, status="corpse", cell=cell)
        return s, DURATION["death"]
    if kind == "gas":
        gid, path = ev.get("gid"), gas_path(ev, s.columns)
        if gid is None or not path:
            raise Unsupported(kind)
        from game.trench.model import GasToken
        cell, layer = path[-1]
        if gas_gone(ev):
            s.gas.pop(gid, None)
        else:
            s.gas[gid] = GasToken(gid, ev.get("owner", "?"), cell, layer)
        return s, DURATION["gas"] * max(1, len(path) - 1)
    if kind == "pickup":
        cell = ev.get("cell")
        if cell in s.items:
            s.items.pop(cell)
        return s, DURATION["pickup"]
    if kind == "fire":
        throw = ev.get("weapon") in ("bomb", "gas")
        return s, DURATION["fire"] * (THROW_FACTOR if throw else 1.0)
    raise Unsupported(kind)


def _lerp(a, b, u):
    return a + (b - a) * u


def _ease(u):
    return u * u * (3 - 2 * u)


def _yaw_lerp(a, b, u):
    d = (b - a + 180.0) % 360.0 - 180.0
    return a + d * u


def _blend(A: Scene, B: Scene, u: float, skip=frozenset()) -> Scene:
    """Per-key interpolation: things in both scenes move, others shrink away or grow in."""
    e = _ease(u)
    out = Scene(heights=B.heights if u >= 0.5 else A.heights, day=B.day, eclipse=B.eclipse,
                wind=B.wind, round=B.round, seats=B.seats)
    out.boats = dict(B.boats if u >= 0.5 else A.boats)

    def merge(a_list, b_list, mix):
        a_map = {x.key: x for x in a_list}
        b_map = {x.key: x for x in b_list}
        res = []
        for k, b in b_map.items():
            if k in skip:
                continue
            a = a_map.get(k)
            res.append(mix(a, b) if a is not None else replace(b, scale=b.scale * e))
        for k, a in a_map.items():
            if k not in b_map and k not in skip:
                res.append(replace(a, scale=a.scale * (1 - e)))
        return res

    def mix_pos(a, b, **extra):
        return replace(b, x=_lerp(a.x, b.x, e), y=_lerp(a.y, b.y, e), z=_lerp(a.z, b.z, e), **extra)

    out.cubes = merge(A.cubes, B.cubes, lambda a, b: mix_pos(a, b) if a.kind == b.kind else
                      replace(b, scale=e if e > 0.5 else 1 - e, kind=b.kind if e > 0.5 else a.kind))
    out.meeples = merge(A.meeples, B.meeples,
                        lambda a, b: mix_pos(a, b, yaw=_yaw_lerp(a.yaw, b.yaw, e), fall=_lerp(a.fall, b.fall, e)))
    out.items = merge(A.items, B.items, lambda a, b: mix_pos(a, b))
    out.gas = merge(A.gas, B.gas, lambda a, b: mix_pos(a, b))
    return out


def _muzzle(m):
    """The rifle's muzzle of meeple ``m`` (world point) and its forward direction."""
    yaw = math.radians(m.yaw)
    fx, fy = -math.sin(yaw), math.cos(yaw)
    rx, ry = math.cos(yaw), math.sin(yaw)
    k = 1.12 * m.scale
    return (m.x + (0.13 * rx + 0.52 * fx) * k, m.y + (0.13 * ry + 0.52 * fy) * k, m.z + 0.39 * k), (fx, fy)


def fire_effect(ev, scene):
    """(kind, points) of a ``fire`` event's effect in ``scene`` (before the shot), or None:
    a gun's ``tracer`` from the muzzle to what stops it, or a thrown ``bomb`` / ``gas`` arc."""
    sid = ev.get("sid")
    m = next((x for x in scene.meeples if x.key == sid), None)
    if m is None:
        return None
    muzzle, (fx, fy) = _muzzle(m)
    weapon = ev.get("weapon")
    if weapon == "gun":
        hit = ev.get("hit")
        target = next((x for x in scene.meeples if x.key == hit), None) if hit else None
        path = [c for c in (ev.get("path") or ()) if isinstance(c, int)]
        if target is not None:
            end = (target.x, target.y, target.z + 0.45)
        elif ev.get("stop") is not None and isinstance(ev.get("stop"), int):
            x, y = cell_center(ev.get("stop"))
            end = (x - 0.5 * fx, y - 0.5 * fy, muzzle[2])
        elif path:
            x, y = cell_center(path[-1])
            end = (x + 0.5 * fx, y + 0.5 * fy, muzzle[2])
        else:
            end = (muzzle[0] + 3.0 * fx, muzzle[1] + 3.0 * fy, muzzle[2])
        return "tracer", (muzzle, end)
    if weapon in ("bomb", "gas"):
        cell = ev.get("target")
        if not isinstance(cell, int):
            return None
        x, y = cell_center(cell)
        top = float(scene.heights[cell])
        start = (m.x + 0.2 * fx, m.y + 0.2 * fy, m.z + 0.75)
        dist = math.hypot(x - start[0], y - start[1])
        return weapon, (start, (x, y, top + 0.1), 0.5 + 0.35 * dist)
    return None


class Animation:
    """Plays the events between ``old_view`` and ``new_view``; ``scene_at(t)`` gives the frame."""

    def __init__(self, old_view, new_view, events=(), speed: float = 1.0):
        self.speed = max(speed, 1e-6)
        snap = _snapshot(old_view)
        self.steps = []  # (event, scene_before, scene_after, snap_before, snap_after, t0, t1)
        t = 0.0
        scene_before = scene_from_view(_as_view(snap))
        self.start_scene = scene_before
        self.skipped = []
        for ev in events or ():
            try:
                nxt, dur = apply_event(snap, ev)
            except Exception:  # Unsupported, or a replay that went astray: the settle slot catches up
                self.skipped.append(ev)
                continue
            scene_after = scene_from_view(_as_view(nxt))
            self.steps.append((ev, scene_before, scene_after, snap, nxt, t, t + dur))
            snap, scene_before, t = nxt, scene_after, t + dur
        self.final_scene = scene_from_view(new_view)
        self.settle_from = scene_before
        self.settle = (t, t + SETTLE)
        self.duration = t + SETTLE

    # --- playback --------------------------------------------------------------
    def done(self, t: float) -> bool:
        return t * self.speed >= self.duration

    def scene_at(self, t: float) -> Scene:
        """The scene ``t`` real seconds after the start (clamped to the end); a change of
        day, night or eclipse blends over the whole animation."""
        sc = self._scene_at(t)
        a, b = self.start_scene.light, self.final_scene.light
        if a != b and sc is not self.final_scene:
            sc = replace(sc, look_from=a, look_mix=min(1.0, t * self.speed / max(self.duration, 1e-9)))
        return sc

    def _scene_at(self, t: float) -> Scene:
        tt = t * self.speed
        if tt >= self.duration:
            return self.final_scene
        if tt >= self.settle[0]:
            u = (tt - self.settle[0]) / SETTLE
            return _blend(self.settle_from, self.final_scene, u)
        for ev, A, B, sa, sb, t0, t1 in self.steps:
            if t0 <= tt < t1:
                return self._event_frame(ev, A, B, sa, sb, (tt - t0) / max(t1 - t0, 1e-9))
        return self.settle_from

    def _event_frame(self, ev, A: Scene, B: Scene, sa, sb, u: float) -> Scene:
        kind = ev.kind
        if kind == "move":
            return self._move_frame(ev, A, B, sa, u)
        if kind == "cube":
            return self._cube_frame(ev, A, B, sa, sb, u)
        if kind == "gas":
            return self._gas_frame(ev, A, B, u)
        if kind == "fire":
            out = _blend(A, B, u)
            fx = fire_effect(ev, A)
            if fx is not None:
                out.effects = [(fx[0], fx[1], u)]
            return out
        return _blend(A, B, u)

    @staticmethod
    def _columns_for(scene):
        return ["n" * h for h in scene.heights]

    def _move_frame(self, ev, A, B, sa, u):
        sid = ev.get("sid")
        path = [c for c in (ev.get("path") or ()) if c is not None]
        a_m = next((m for m in A.meeples if m.key == sid), None)
        b_m = next((m for m in B.meeples if m.key == sid), None)
        frame = _blend(A, B, u, skip=frozenset({sid}))
        if a_m is None or b_m is None or len(path) < 1:
            return _blend(A, B, u)
        pts = [(a_m.x, a_m.y, a_m.z)]
        for c in path[1:] if not ev.get("from_boat") else path:
            x, y = cell_center(c)
            pts.append((x, y, float(B.heights[c])))
        # drop repeated points (a path may repeat its start cell)
        dedup = [pts[0]]
        for p in pts[1:]:
            if abs(p[0] - dedup[-1][0]) + abs(p[1] - dedup[-1][1]) > 1e-6 or abs(p[2] - dedup[-1][2]) > 1e-6:
                dedup.append(p)
        pts = dedup
        if len(pts) < 2:
            frame.meeples.append(replace(b_m, yaw=_yaw_lerp(a_m.yaw, b_m.yaw, u)))
            return frame
        seg = min(int(u * (len(pts) - 1)), len(pts) - 2)
        s = u * (len(pts) - 1) - seg
        p0, p1 = pts[seg], pts[seg + 1]
        how = ev.get("how", "step")
        hop = 0.32 if how in ("step", "dash", "climb", "escape") else 0.12
        if p1[2] < p0[2]:       # dropping into a hole: hop off, then fall
            z = p0[2] + hop * math.sin(math.pi * min(s * 2, 1.0)) * 0.6 if s < 0.5 else _lerp(p0[2], p1[2], ((s - 0.5) * 2) ** 2)
        else:
            z = _lerp(p0[2], p1[2], min(1.0, s * 1.6)) + hop * math.sin(math.pi * s)
        x, y = _lerp(p0[0], p1[0], _ease(s)), _lerp(p0[1], p1[1], _ease(s))
        frame.meeples.append(replace(b_m, x=x, y=y, z=z, yaw=_yaw_lerp(a_m.yaw, b_m.yaw, min(1.0, u * 3))))
        return frame

    def _cube_frame(self, ev, A, B, sa, sb, u):
        how, frm, to = ev.get("how"), ev.get("frm"), ev.get("to")
        e = _ease(u)
        if how == "boat":
            key = ("boat", ev.get("sid"))
            frame = _blend(A, B, u, skip=frozenset({key}))
            c = next((c for c in A.cubes if c.key == key), None)
            if c is not None:
                frame.cubes.append(replace(c, z=c.z - 0.9 * e, scale=1.0 - 0.3 * e))
            return frame
        if how == "drop":
            layer = ev.get("layer") or 2
            key = ("c", frm, layer - 2)
            frame = _blend(A, B, 1.0)
            for i, c in enumerate(frame.cubes):
                if c.key == key:
                    frame.cubes[i] = replace(c, z=c.z + 1.0 - u * u)
            return frame
        if frm is not None and to is not None and frm != to:
            ka = ("c", frm, len(sa.columns[frm]) - 1)
            kb = ("c", to, len(sb.columns[to]) - 1)
            frame = _blend(A, B, u, skip=frozenset({ka, kb}))
            ca = next((c for c in A.cubes if c.key == ka), None)
            cb = next((c for c in B.cubes if c.key == kb), None)
            if ca is not None and cb is not None:
                lift = 0.15 if how == "push" else 0.45
                frame.cubes.append(replace(ca, x=_lerp(ca.x, cb.x, e), y=_lerp(ca.y, cb.y, e),
                                           z=_lerp(ca.z, cb.z, e) + lift * math.sin(math.pi * u)))
            return frame
        if to is not None and frm is None:
            kb = ("c", to, len(sb.columns[to]) - 1)
            frame = _blend(A, B, 1.0, skip=frozenset({kb}))
            cb = next((c for c in B.cubes if c.key == kb), None)
            if cb is not None:
                frame.cubes.append(replace(cb, z=cb.z + 1.6 * (1 - u) ** 2))
            return frame
        if frm is not None:
            col = sa.columns[frm]
            layer = ev.get("layer")
            idx = layer - 1 if layer else (0 if how == "dig" else len(col) - 1)
            ka = ("c", frm, idx)
            frame = _blend(A, B, u, skip=frozenset({ka}))
            # cubes above the removed one stay up until a "drop" event brings them down
            frame.cubes = [c for c in frame.cubes if not (c.key[0] == "c" and c.key[1] == frm)]
            for c in A.cubes:
                if c.key[0] == "c" and c.key[1] == frm and c.key != ka:
                    frame.cubes.append(c)
            ca = next((c for c in A.cubes if c.key == ka), None)
            if ca is not None:
                if how == "dig":
                    frame.cubes.append(replace(ca, z=ca.z - 0.3 * e, scale=1 - e))
                elif how == "collect":
                    frame.cubes.append(replace(ca, z=ca.z + 0.6 * e, scale=1 - 0.8 * e))
                else:  # destroyed: a jolt, then it crumbles away
                    frame.cubes.append(replace(ca, z=ca.z + 0.25 * math.sin(math.pi * min(u * 2, 1)),
                                               scale=max(0.0, 1 - u * u), yaw=ca.yaw + 40 * u))
            return frame
        return _blend(A, B, u)

    def _gas_frame(self, ev, A, B, u):
        gid = ev.get("gid")
        path = list(gas_path(ev, self._columns_for(A)))
        frame = _blend(A, B, u, skip=frozenset({gid}))
        a_g = next((g for g in A.gas if g.key == gid), None)
        pts = [gas_center(c, layer) for c, layer in path]
        if a_g is not None:
            pts.insert(0, (a_g.x, a_g.y, a_g.z))
        if not pts:
            return _blend(A, B, u)
        if len(pts) == 1:
            pts.append(pts[0])
        seg = min(int(u * (len(pts) - 1)), len(pts) - 2)
        s = u * (len(pts) - 1) - seg
        p0, p1 = pts[seg], pts[seg + 1]
        sc = 1.0 - (u ** 3 if gas_gone(ev) else 0.0)
        if a_g is None:
            sc *= min(1.0, u * 4)
        frame.gas.append(Gas(gid, ev.get("owner", "?"), _lerp(p0[0], p1[0], s), _lerp(p0[1], p1[1], s),
                             _lerp(p0[2], p1[2], s), path[-1][1] if path else 2, scale=sc))
        return frame
