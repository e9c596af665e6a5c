"""Readability of the table (issue 7, part 10): the gas is no seat's colour and does not
tint a soldier towards another seat, walls read apart from the ground from above, the
night stays readable, and day/night changes ease instead of strobing."""

from __future__ import annotations

import colorsys

import numpy as np
import pytest

from game.render import palette
from game.render.camera import parse_camera, project
from game.tables.trench.layout import cell_center
from game.render.palette import GAS_COLOR, LOOKS, PALETTES, LookEaser, use_palette
from game.trench.geometry import parse_cell

from .conftest import H, W, gas_token, make_view, soldier

SEATS = "SWNE"

# --- colour science helpers (sRGB -> CIELAB; Machado et al. 2009 colour-vision deficiency) --
CVD = {
    "normal": np.eye(3),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}


def _lab(rgb, deficiency="normal"):
    c = np.asarray(rgb, float)
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    lin = np.clip(CVD[deficiency] @ lin, 0.0, 1.0)
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]) @ lin
    t = xyz / np.array([0.9505, 1.0, 1.089])
    f = np.where(t > 0.008856, np.cbrt(t), 7.787 * t + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def _delta_e(a, b, deficiency):
    return float(np.linalg.norm(_lab(a, deficiency) - _lab(b, deficiency)))


def _hue(rgb) -> float:
    r, g, b = (np.asarray(rgb, float) / 255.0).tolist()
    return colorsys.rgb_to_hsv(r, g, b)[0] * 360.0


def _hue_gap(a: float, b: float) -> float:
    d = abs(a - b) % 360.0
    return min(d, 360.0 - d)


def _nearest_seat(rgb) -> str:
    h = _hue(rgb)
    return min(SEATS, key=lambda s: _hue_gap(h, _hue(np.array(palette.SEAT_COLOR[s]) * 255)))


def _patch(img, point, pose, r=3):
    sx, sy, _ = project(pose, point, W, H)
    x, y = int(round(sx)), int(round(H - sy))
    return img[y - r:y + r + 1, x - r:x + r + 1].reshape(-1, 3).astype(np.float64)


def _luma(px):
    return px @ np.array([0.2126, 0.7152, 0.0722])


@pytest.fixture
def colour_blind_palette():
    use_palette("colour-blind")
    yield
    use_palette("standard")


# --- the gas colour -------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(PALETTES))
def test_gas_colour_is_far_from_every_seat_colour_also_for_colour_blind_eyes(name):
    # CIELAB distance >= 30 (clearly another colour) with normal vision and under simulated
    # protanopia and deuteranopia, >= 20 under the rare tritanopia; the old yellow-green
    # gas was 4.4 from South's red for protanopes and 7.8 for deuteranopes
    for deficiency in CVD:
        for seat in SEATS:
            least = 20 if deficiency == "tritanopia" else 30
            assert _delta_e(GAS_COLOR, PALETTES[name][seat], deficiency) >= least, (seat, deficiency)


def test_colour_blind_palette_keeps_seats_further_apart_for_red_green_deficiencies():
    def closest(pal, deficiency):
        return min(_delta_e(pal[a], pal[b], deficiency) for a in SEATS for b in SEATS if a < b)
    for deficiency in ("protanopia", "deuteranopia"):
        assert closest(PALETTES["colour-blind"], deficiency) > closest(PALETTES["standard"], deficiency) + 10
        assert closest(PALETTES["colour-blind"], deficiency) >= 30


def test_unknown_palette_is_refused_by_name():
    with pytest.raises(ValueError, match="'sepia'"):
        use_palette("sepia")


def test_colour_blind_palette_repaints_the_soldiers(render, colour_blind_palette):
    pose = parse_camera("top")
    x, y = cell_center(parse_cell("d4"))
    img = render(make_view(soldiers=[soldier("E1", "d4", "n")]), pose)
    # the bluish green of the colour-blind palette, not the standard green
    assert _nearest_seat(_patch(img, (x, y, 1.9), pose).mean(axis=0)) == "E"
    b = _patch(img, (x, y, 1.9), pose).mean(axis=0)
    assert b[2] > b[0] + 20  # blue well above red: (0.0, 0.62, 0.45)


@pytest.mark.parametrize("light", ["day", "night", "eclipse"])
@pytest.mark.parametrize("camera", ["top", "S"])
@pytest.mark.parametrize("seat", list(SEATS))
def test_a_soldier_in_thick_gas_keeps_the_hue_of_its_own_seat(render, light, camera, seat):
    # gas in the hole and above it (the thickest there is), over a soldier in a trench
    cols = ["n"] * 49
    cols[parse_cell("d4")] = ""
    pose = parse_camera(camera)
    x, y = cell_center(parse_cell("d4"))
    gas = [gas_token(1, "d4", 1), gas_token(2, "d4", 2)]
    looks = dict(day=light == "day", eclipse=light == "eclipse")
    clear = _patch(render(make_view(cols, soldiers=[soldier(seat + "1", "d4", "n")], **looks), pose),
                   (x, y, 0.9), pose).mean(axis=0)
    seen = _patch(render(make_view(cols, soldiers=[soldier(seat + "1", "d4", "n")], gas=gas, **looks), pose),
                  (x, y, 0.9), pose).mean(axis=0)
    # lightened, not tinted: the hue stays its own seat's, near where it was without gas,
    # and some colour is left (the old yellow-green gas turned South's red yellow-green)
    assert _nearest_seat(seen) == seat, (seen, _hue(seen))
    assert _hue_gap(_hue(seen), _hue(clear)) <= 25, (_hue(seen), _hue(clear))
    assert seen.max() - seen.min() >= 10, seen


# --- walls from the top ---------------------------------------------------------------------
@pytest.mark.parametrize("day", [True, False])
def test_walls_read_apart_from_the_ground_from_the_top(render, day):
    cols = ["n"] * 49
    for name in ("c4", "d4", "e4"):
        cols[parse_cell(name)] = "nn"
    pose = parse_camera("top")
    img = render(make_view(cols, day=day), pose)
    wall = [_luma(_patch(img, (*cell_center(parse_cell(c)), 2.0), pose, 2)).mean() for c in ("c4", "d4", "e4")]
    ground = [_luma(_patch(img, (*cell_center(parse_cell(c)), 1.0), pose, 2)).mean() for c in ("c2", "d6", "f4")]
    assert min(wall) > 1.2 * max(ground) and min(wall) - max(ground) > 30, (wall, ground)


# --- the night --------------------------------------------------------------------------------
def test_the_night_board_is_at_least_half_as_bright_as_the_day(render):
    from game.tables.trench.demo_views import busy_view
    from game.tables.trench.scene import scene_from_view

    pose = parse_camera("S")
    lum = {}
    for day in (True, False):
        img = render(scene_from_view(busy_view(day=day)), pose)
        board = img[int(H * 0.2):int(H * 0.85), int(W * 0.25):int(W * 0.75)].reshape(-1, 3).astype(np.float64)
        lum[day] = _luma(board).mean()
    assert lum[False] >= 0.5 * lum[True], lum  # was about a quarter


@pytest.mark.parametrize("seat", list(SEATS))
def test_seat_colours_stay_true_at_night(render, seat):
    pose = parse_camera("top")
    x, y = cell_center(parse_cell("d4"))
    img = render(make_view(soldiers=[soldier(seat + "1", "d4", "n")], day=False), pose)
    seen = _patch(img, (x, y, 1.9), pose).mean(axis=0)
    assert _nearest_seat(seen) == seat, (seen, _hue(seen))


# --- easing the look --------------------------------------------------------------------------
def test_look_change_eases_over_the_ease_time_with_gentle_ends():
    e = LookEaser(1.2)
    assert e.update({"day": 1.0}, 10.0) == {"day": 1.0}
    shown = [e.update({"night": 1.0}, 10.0 + i / 60.0).get("night", 0.0) for i in range(1, 73)]
    assert shown[-1] == 1.0 and shown[-2] < 1.0  # complete after exactly 1.2 s, not before
    steps = np.diff([0.0] + shown)
    assert (steps >= 0).all() and steps.max() < 0.025  # monotonic, no jump (a 1/60 s frame)
    assert steps[0] < 0.002 and steps[-1] < 0.002  # starts and ends gently
    assert abs(shown[35] - 0.5) < 0.02  # halfway at half the time


def test_a_change_that_comes_back_within_the_ease_time_never_flashes():
    e = LookEaser(1.2)
    e.update({"day": 1.0}, 0.0)
    night = [e.update({"night": 1.0}, t).get("night", 0.0) for t in (0.1, 0.2)]
    back = [e.update({"day": 1.0}, 0.2 + i / 60.0).get("night", 0.0) for i in range(1, 30)]
    assert max(night + back) < 0.08 and back[-1] == 0.0


def test_rounds_flipping_faster_than_the_ease_time_never_reach_the_other_look():
    e = LookEaser(1.2)
    e.update({"day": 1.0}, 0.0)
    seen = []
    for i in range(1, 600):  # day and night alternate every 0.25 s for 10 s
        target = "night" if (i // 15) % 2 else "day"
        seen.append(e.update({target: 1.0}, i / 60.0).get("night", 0.0))
    assert max(seen) < 0.2
    assert max(abs(a - b) for a, b in zip(seen, seen[1:])) < 0.02


def test_look_easer_snaps_on_the_first_frame_and_when_the_clock_goes_back():
    e = LookEaser(1.2)
    assert e.update({"night": 1.0}, 5.0) == {"night": 1.0}
    e.update({"day": 1.0}, 5.1)
    assert e.update({"day": 1.0}, 0.0) == {"day": 1.0}
    assert LookEaser(0.0).update({"eclipse": 1.0}, 1.0) == {"eclipse": 1.0}


def test_look_easer_follows_an_animation_blend():
    e = LookEaser(1.2)
    e.update({"day": 1.0}, 0.0)
    w = e.update({"day": 0.5, "night": 0.5}, 3.0)
    assert w == pytest.approx({"day": 0.5, "night": 0.5})


def test_the_renderer_eases_the_lighting_on_its_clock(offscreen):
    from game.render.renderer import Renderer
    from game.tables.trench.scene import scene_from_view

    r = Renderer(offscreen.ctx, look_ease_s=1.2)
    pose = parse_camera("S")
    try:
        pics = {}
        for name, day, t in (("day", True, 0.0), ("blip", False, 0.1), ("mid", False, 0.7), ("night", False, 2.0)):
            r.render(scene_from_view(make_view(day=day)), pose, offscreen.fbo, W, H, time=t)
            pics[name] = (offscreen.pixels().astype(np.float64).mean(), dict(r.look_weights))
    finally:
        r.release()
    day, blip, mid, night = (pics[k][0] for k in ("day", "blip", "mid", "night"))
    assert pics["day"][1] == {"day": 1.0} and pics["night"][1] == {"night": 1.0}
    assert abs(blip - day) < 0.05 * abs(day - night)  # 0.1 s in: hardly changed
    assert night < mid < day
    assert LOOKS["night"]["light_col"] != LOOKS["day"]["light_col"]
