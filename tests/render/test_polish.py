"""Visual polish with a pixel meaning: look blending, fire effects, the eclipse keeping seat
colours, paths behind walls, gas that never hides a soldier, a visible carried corpse."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from game.tables.trench.animation import Animation, fire_effect
from game.render.camera import parse_camera, project
from game.tables.trench.layout import cell_center
from game.tables.trench.overlays import arc_point, build_overlays
from game.render.palette import LOOKS, blend_looks, scene_look
from game.tables.trench.scene import scene_from_view
from game.trench.geometry import parse_cell
from game.trench.model import make_event

from .conftest import H, W, gas_token, make_view, soldier


def _px(img, point, pose, r=4):
    sx, sy, _ = project(pose, point, W, H)
    x, y = int(round(sx)), int(round(H - sy))
    return img[max(0, y - r):y + r, max(0, x - r):x + r].reshape(-1, 3).astype(np.float32)


def test_a_day_night_change_blends_over_the_animation():
    day, night = make_view(day=True), make_view(day=False)
    an = Animation(day, night, [])
    mid = an.scene_at(an.duration / 2 / an.speed)
    key, look = scene_look(mid)
    assert key[0] == "day" and key[1] == "night" and 0.3 < key[2] < 0.7
    for k in ("light_col", "fog"):
        lo, hi = sorted((LOOKS["day"][k][0], LOOKS["night"][k][0]))
        assert lo < look[k][0] < hi
    assert scene_look(an.scene_at(an.duration + 1))[0] == "night"
    assert abs(np.linalg.norm(blend_looks("day", "eclipse", 0.5)["light_dir"]) - 1.0) < 1e-9


def test_fire_events_give_a_tracer_and_a_bomb_arc(render):
    v = make_view(soldiers=[soldier("S1", "d2", "n"), soldier("N1", "d6", "s")])
    gun = make_event("fire", "S1 fires", sid="S1", weapon="gun", path=(parse_cell("d3"), parse_cell("d4"),
                     parse_cell("d5"), parse_cell("d6")), hit="N1", stop=None)
    bomb = make_event("fire", "S1 throws", sid="S1", weapon="bomb", target=parse_cell("d4"))
    an = Animation(v, v, [gun, bomb])
    (e0, a0, *_r0, t0, t1), (e1, a1, *_r1, t2, t3) = an.steps
    kind, (muzzle, end) = fire_effect(gun, a0)
    assert kind == "tracer" and muzzle[1] > cell_center(parse_cell("d2"))[1] and end[1] > muzzle[1]
    kind, (p0, p1, h) = fire_effect(bomb, a1)
    assert kind == "bomb" and arc_point(p0, p1, h, 0.5)[2] > max(p0[2], p1[2])
    assert t3 - t2 > t1 - t0  # a thrown bomb flies longer than a shot
    sc = an.scene_at(t0 + 0.15 * (t1 - t0))
    assert sc.effects and sc.effects[0][0] == "tracer"
    pose = parse_camera("60,35,8")
    plain = render(replace(sc, effects=[]), pose)
    fired = render(sc, pose)
    assert np.abs(_px(fired, muzzle, pose) - _px(plain, muzzle, pose)).mean() > 15
    sc = an.scene_at(t2 + 0.5 * (t3 - t2))
    top = arc_point(p0, p1, h, 0.5)
    assert np.abs(_px(render(sc, pose), top, pose) - _px(render(replace(sc, effects=[]), pose), top, pose)).mean() > 15


def test_the_eclipse_keeps_the_yellow_seat_yellow(render):
    cols = ["n"] * 49
    cols[parse_cell("c4")], cols[parse_cell("e4")] = "nN", "nS"
    pose = parse_camera("top")
    for eclipse in (False, True):
        img = render(make_view(cols, eclipse=eclipse), pose)
        x, y = cell_center(parse_cell("c4"))
        yellow = _px(img, (x, y, 1.0), pose).mean(axis=0)
        x, y = cell_center(parse_cell("e4"))
        red = _px(img, (x, y, 1.0), pose).mean(axis=0)
        assert yellow[1] / yellow[0] > 0.62, (eclipse, yellow)  # yellow, not orange
        assert red[1] / red[0] < 0.4, (eclipse, red)


def test_a_path_behind_a_wall_still_shows(render):
    cols = ["n"] * 49
    for name in ("c3", "d3", "e3"):
        cols[parse_cell(name)] = "nn"
    v = make_view(cols)
    sc = scene_from_view(v)
    path = [("dash", (parse_cell("b4"), parse_cell("c4"), parse_cell("d4"), parse_cell("e4")))]
    pose = parse_camera("0,14,9")  # low from the south: the wall row c3-e3 hides row 4
    x, y = cell_center(parse_cell("d4"))
    with_path = render(v, pose, overlay=build_overlays(sc, paths=path))
    without = render(v, pose)
    sx, sy, _ = project(pose, (x, y, 1.3), W, H)
    sx_wall, sy_wall, _ = project(pose, (x, y - 1, 2.0), W, H)
    assert sy < sy_wall  # the path point is behind the wall top on screen
    diff = np.abs(_px(with_path, (x, y, 1.32), pose, 6) - _px(without, (x, y, 1.32), pose, 6)).sum(axis=1)
    assert (diff > 30).sum() >= 8, diff.max()


def test_gas_over_a_soldier_in_a_trench_does_not_hide_it_from_above(render):
    cols = ["n"] * 49
    cols[parse_cell("d4")] = ""
    pose = parse_camera("top")
    s = [soldier("S1", "d4", "n")]
    clear = render(make_view(cols, soldiers=s), pose)
    gassed = render(make_view(cols, soldiers=s, gas=[gas_token(1, "d4", 1), gas_token(2, "d4", 2)]), pose)
    x, y = cell_center(parse_cell("d4"))
    a, b = _px(clear, (x, y, 0.9), pose, 3).mean(axis=0), _px(gassed, (x, y, 0.9), pose, 3).mean(axis=0)
    assert np.abs(a - b).mean() > 6  # the gas shows
    assert b[0] > b[2] + 25 and b[0] > 0.45 * a[0]  # the red soldier still reads through it


def test_a_carried_corpse_is_visible(render):
    pose = parse_camera("0,35,6")  # behind a north-facing soldier
    s0 = soldier("S1", "d4", "n")
    sc = scene_from_view(make_view(soldiers=[s0]))
    carrying = replace(sc, meeples=[replace(m, corpses=1) for m in sc.meeples])
    x, y = cell_center(parse_cell("d4"))
    a, b = render(sc, pose), render(carrying, pose)
    for side in (-1, 1):  # it sticks out on both sides of the carrier's shoulders
        p = (x + side * 0.3, y - 0.3, 1.72)
        changed = (np.abs(_px(a, p, pose, 6) - _px(b, p, pose, 6)).sum(axis=1) > 40).sum()
        assert changed >= 20, (side, changed)
