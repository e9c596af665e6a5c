"""Offscreen renders asserting on pixels (skipped only when no OpenGL 3.3 context exists)."""

from dataclasses import replace

import numpy as np

from game.render.camera import parse_camera, project
from game.tables.trench.layout import cell_center
from game.tables.trench.overlays import build_overlays
from game.tables.trench.scene import scene_from_view
from game.trench.geometry import parse_cell

from .conftest import H, W, gas_token, make_view, soldier


def _window(img, point, pose, r=10):
    sx, sy, _ = project(pose, point, W, H)
    x, y = int(round(sx)), int(round(H - sy))
    return img[max(0, y - r):y + r, max(0, x - r):x + r].astype(np.float32)


def _diff(a, b, point, pose, r=10):
    return float(np.abs(_window(a, point, pose, r) - _window(b, point, pose, r)).mean())


def test_image_is_not_blank(render):
    img = render(make_view(), parse_camera("S"))
    assert img.shape == (H, W, 3)
    assert img.std() > 10


def test_wall_and_trench_cells_differ(render):
    pose = parse_camera("S")
    d4 = parse_cell("d4")
    wall, hole = ["n"] * 49, ["n"] * 49
    wall[d4], hole[d4] = "nn", ""
    a, b = render(make_view(wall), pose), render(make_view(hole), pose)
    x, y = cell_center(d4)
    assert _diff(a, b, (x, y, 1.0), pose) > 20
    # the trench is darker than the wall top seen at the same place
    assert _window(b, (x, y, 0.6), pose, 6).mean() < _window(a, (x, y, 2.0), pose, 6).mean() - 30


def test_turning_a_meeple_changes_its_face(render):
    x, y = cell_center(parse_cell("d3"))
    pose = replace(parse_camera("10,25"), distance=7.0, target=(x, y, 1.5))
    head = (x, y, 1.0 + 0.78)
    front = render(make_view(soldiers=[soldier("S1", "d3", "s")]), pose)
    back = render(make_view(soldiers=[soldier("S1", "d3", "n")]), pose)
    side = render(make_view(soldiers=[soldier("S1", "d3", "e")]), pose)
    assert _diff(front, back, head, pose, 8) > 3
    assert _diff(front, side, head, pose, 8) > 3
    far = (x + 3.0, y + 3.0, 1.0)
    assert _diff(front, back, far, pose, 8) < 0.5       # only the meeple changed


def test_gas_shows_over_ground_and_in_a_trench(render):
    pose = parse_camera("30,60")
    cols = ["n"] * 49
    cols[parse_cell("c4")] = ""
    base = render(make_view(cols), pose, time=1.0)
    gassed = render(make_view(cols, gas=[gas_token(1, "e4", 2), gas_token(2, "c4", 1)]), pose, time=1.0)
    ex, ey = cell_center(parse_cell("e4"))
    cx, cy = cell_center(parse_cell("c4"))
    assert _diff(base, gassed, (ex, ey, 1.45), pose) > 8
    assert _diff(base, gassed, (cx, cy, 0.5), pose, 6) > 8


def test_gas_churns_with_time(render):
    pose = parse_camera("S")
    v = make_view(gas=[gas_token(1, "d4", 2)])
    x, y = cell_center(parse_cell("d4"))
    a, b = render(v, pose, time=0.0), render(v, pose, time=1.5)
    assert _diff(a, b, (x, y, 1.45), pose, 14) > 0.5


def test_day_night_and_eclipse_look_different(render):
    pose = parse_camera("S")
    soldiers = [soldier("S1", "c3", "n"), soldier("N1", "e5", "s")]
    day = render(make_view(soldiers=soldiers, day=True), pose).astype(np.float32)
    night = render(make_view(soldiers=soldiers, day=False), pose).astype(np.float32)
    ecl = render(make_view(soldiers=soldiers, day=True, eclipse=True), pose).astype(np.float32)
    assert day.mean() > night.mean() + 20  # darker, but readable (issue 7: it was too dark)
    # night is blue-tinted (bluer than the day, on the red-brown walnut), the eclipse red-tinted
    blue = lambda img: img[..., 2].mean() / img[..., 0].mean()  # noqa: E731
    assert blue(night) > 1.4 * blue(day)
    assert ecl[..., 0].mean() > ecl[..., 2].mean() * 1.5
    assert abs(ecl.mean() - day.mean()) > 20
    mean = lambda img: img.reshape(-1, 3).mean(axis=0)  # noqa: E731
    assert np.linalg.norm(mean(ecl) - mean(night)) > 15
    # the board still reads at night: contrast between cubes and soldiers remains
    assert night.std() > 8


def test_overlays_draw_highlights_rings_and_paths(render):
    pose = parse_camera("top")
    v = make_view(soldiers=[soldier("S1", "d2", "n")])
    sc = scene_from_view(v)
    plain = render(sc, pose)
    ov = build_overlays(sc, highlights=[parse_cell("d3")], selected=parse_cell("d2"),
                        paths=[("dash", (parse_cell("b2"), parse_cell("b3"), parse_cell("b4")))])
    lit = render(sc, pose, overlay=ov)
    # (the thin dashed path covers less of its patch than the highlight covers of its cell)
    for name, z, least in (("d3", 1.0, 10), ("b3", 1.3, 6)):
        x, y = cell_center(parse_cell(name))
        assert _diff(plain, lit, (x, y, z), pose, 6) > least, name
    x, y = cell_center(parse_cell("d2"))
    assert _diff(plain, lit, (x + 0.4, y, 1.0), pose, 3) > 10


def test_msaa_render_and_resolve(offscreen):
    from game.render.offscreen import Offscreen
    off = Offscreen(160, 90, ctx=offscreen.ctx, samples=4, renderer=offscreen.renderer)
    off.render(scene_from_view(make_view()), parse_camera("S"))
    img = off.pixels()
    off.release()
    assert img.shape == (90, 160, 3) and img.std() > 10
