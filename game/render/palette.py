"""Colours and the three lighting looks (day, night, eclipse)."""

from __future__ import annotations

import math

#: Wood-stain seat colours (S red, W blue, N yellow, E green) and civilians (C) in raw wood.
SEAT_COLOR = {
    "S": (0.74, 0.17, 0.11),
    "W": (0.15, 0.33, 0.66),
    "N": (0.93, 0.71, 0.16),
    "E": (0.20, 0.52, 0.25),
    "C": (0.93, 0.86, 0.70),
}
#: Chest emblem per seat: the cue that does not rely on colour (see figure.glsl).
SEAT_EMBLEM = {"S": 1.0, "W": 2.0, "N": 3.0, "E": 4.0, "C": 0.0}
VILLAGE_COLOR = (0.55, 0.28, 0.62)
MASK_COLOR = (0.16, 0.17, 0.14)
RIFLE_COLOR = (0.58, 0.38, 0.2)
HAT_COLOR = (0.86, 0.72, 0.38)
FOOD_COLOR = (0.82, 0.56, 0.24)
DRUG_COLOR = (0.95, 0.94, 0.90)


def helmet_color(seat: str) -> tuple:
    """Headgear: a darker, slightly olive shade of the seat colour."""
    r, g, b = SEAT_COLOR.get(seat, SEAT_COLOR["C"])
    return (r * 0.55 + 0.06, g * 0.55 + 0.07, b * 0.55 + 0.03)


def _dir(az_deg: float, el_deg: float) -> tuple:
    """Unit vector towards a light at compass azimuth (0 = south, 90 = west) and elevation."""
    az, el = math.radians(az_deg), math.radians(el_deg)
    return (-math.sin(az) * math.cos(el), -math.cos(az) * math.cos(el), math.sin(el))


LOOKS = {
    "day": dict(
        light_dir=_dir(35.0, 52.0), light_col=(1.05, 0.96, 0.84),
        amb_sky=(0.42, 0.46, 0.54), amb_ground=(0.24, 0.19, 0.15),
        fog=(0.70, 0.71, 0.70), gas=(0.62, 0.80, 0.18, 0.62), gas_glow=0.12),
    "night": dict(
        light_dir=_dir(200.0, 60.0), light_col=(0.34, 0.42, 0.68),
        amb_sky=(0.10, 0.13, 0.24), amb_ground=(0.04, 0.04, 0.07),
        fog=(0.025, 0.035, 0.08), gas=(0.55, 0.95, 0.35, 0.55), gas_glow=0.6),
    "eclipse": dict(
        # a low, pale and only slightly warm light: the dusk mood comes from the dark red
        # room and the long shadows, so the seat colours (yellow above all) stay true
        light_dir=_dir(300.0, 28.0), light_col=(0.88, 0.80, 0.72),
        amb_sky=(0.19, 0.15, 0.19), amb_ground=(0.07, 0.04, 0.05),
        fog=(0.16, 0.05, 0.05), gas=(0.80, 0.90, 0.30, 0.48), gas_glow=0.3),
}


def blend_looks(a: str, b: str, u: float) -> dict:
    """The look ``u`` of the way from look ``a`` to look ``b`` (light direction renormalised)."""
    la, lb = LOOKS[a], LOOKS[b]
    u = max(0.0, min(1.0, u))
    out = {}
    for k, va in la.items():
        vb = lb[k]
        if isinstance(va, tuple):
            out[k] = tuple(x + (y - x) * u for x, y in zip(va, vb))
        else:
            out[k] = va + (vb - va) * u
    d = out["light_dir"]
    n = math.sqrt(sum(x * x for x in d)) or 1.0
    out["light_dir"] = tuple(x / n for x in d)
    return out


def scene_look(scene) -> tuple:
    """(key, look dict) of a scene, blending when a day/night/eclipse change is in progress."""
    light = scene.light
    frm = getattr(scene, "look_from", None)
    mix = getattr(scene, "look_mix", 1.0)
    if frm is None or frm == light or mix >= 1.0:
        return light, LOOKS[light]
    mix = round(max(0.0, mix), 3)
    return (frm, light, mix), blend_looks(frm, light, mix)
