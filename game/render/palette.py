"""Colours and the three lighting looks (day, night, eclipse), as data.

Seat colours come in two palettes (``PALETTES``): the standard wood stains and a
colour-blind-safe one (Okabe & Ito's vermillion, blue, yellow and bluish green, which
stay apart under protanopia and deuteranopia).  ``use_palette`` switches them in place,
so every module that imported ``SEAT_COLOR`` sees the change.

The gas is a pale lavender-white haze in every look: not a seat's hue, and close to
neutral, so a soldier inside it is lightened rather than tinted towards another seat
(it was yellow-green, next to East's green, and for red-green colour blindness next to
South's red).  ``tests/render/test_readability.py`` checks these distances.

``LookEaser`` eases the lighting from one look to the next over ``LOOK_EASE_S`` seconds
with a smooth start and end, so fast rounds never strobe.
"""

from __future__ import annotations

import math

#: Seat colours per palette: S, W, N, E, and civilians (C) in raw wood.
PALETTES = {
    "standard": {  # wood stains: S red, W blue, N yellow, E green
        "S": (0.74, 0.17, 0.11),
        "W": (0.15, 0.33, 0.66),
        "N": (0.93, 0.71, 0.16),
        "E": (0.20, 0.52, 0.25),
        "C": (0.93, 0.86, 0.70),
    },
    "colour-blind": {  # Okabe & Ito: vermillion, blue, yellow, bluish green
        "S": (0.84, 0.37, 0.0),
        "W": (0.0, 0.45, 0.70),
        "N": (0.94, 0.89, 0.26),
        "E": (0.0, 0.62, 0.45),
        "C": (0.93, 0.86, 0.70),
    },
}
#: The seat colours in use (a dict changed in place by ``use_palette``).
SEAT_COLOR = dict(PALETTES["standard"])
#: Chest emblem per seat: the cue that does not rely on colour (see figure.glsl).
SEAT_EMBLEM = {"S": 1.0, "W": 2.0, "N": 3.0, "E": 4.0, "C": 0.0}
VILLAGE_COLOR = (0.55, 0.28, 0.62)
MASK_COLOR = (0.16, 0.17, 0.14)
RIFLE_COLOR = (0.58, 0.38, 0.2)
HAT_COLOR = (0.86, 0.72, 0.38)
FOOD_COLOR = (0.82, 0.56, 0.24)
DRUG_COLOR = (0.95, 0.94, 0.90)


#: The gas haze: pale lavender-white, far from every seat colour of both palettes.
GAS_COLOR = (0.82, 0.80, 0.88)


def use_palette(name: str) -> None:
    """Switch the seat colours to ``PALETTES[name]`` ("standard" or "colour-blind")."""
    if name not in PALETTES:
        raise ValueError(f"unknown palette {name!r}; choose from {', '.join(PALETTES)}")
    SEAT_COLOR.clear()
    SEAT_COLOR.update(PALETTES[name])
    for forget in _ON_CHANGE:
        forget()


#: Callbacks run after the palette changed (tables forget rows they memoised in the old colours).
_ON_CHANGE: list = []


def on_palette_change(callback) -> None:
    """Call ``callback()`` after every :func:`use_palette` (once per callback)."""
    if callback not in _ON_CHANGE:
        _ON_CHANGE.append(callback)


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
        fog=(0.70, 0.71, 0.70), gas=(*GAS_COLOR, 0.45), gas_glow=0.12),
    "night": dict(
        # a pale moon, not a deep blue one: bright enough to read the board (about half
        # the day's brightness), and white enough that yellow does not turn olive (East);
        # the night is told by the dark navy room and the cool cast.  The gas is warm here
        # so that, lit by the blue moon, it looks as neutral as by day (a blue haze turned
        # every soldier inside it towards West's blue)
        light_dir=_dir(200.0, 60.0), light_col=(0.58, 0.64, 0.84),
        amb_sky=(0.22, 0.25, 0.38), amb_ground=(0.08, 0.09, 0.14),
        fog=(0.03, 0.045, 0.10), gas=(0.95, 0.86, 0.66, 0.4), gas_glow=0.2),
    "eclipse": dict(
        # a low, pale and only slightly warm light: the dusk mood comes from the dark red
        # room and the long shadows, so the seat colours (yellow above all) stay true; the
        # gas is a little cool, so that under this warm light it looks neutral
        light_dir=_dir(300.0, 28.0), light_col=(0.88, 0.80, 0.72),
        amb_sky=(0.24, 0.19, 0.23), amb_ground=(0.09, 0.05, 0.06),
        fog=(0.16, 0.05, 0.05), gas=(0.78, 0.86, 0.88, 0.36), gas_glow=0.1),
}


def blend_looks(a: str, b: str, u: float) -> dict:
    """The look ``u`` of the way from look ``a`` to look ``b`` (light direction renormalised)."""
    u = max(0.0, min(1.0, u))
    return mix_looks({a: 1.0 - u, b: u} if a != b else {a: 1.0})


def mix_looks(weights: dict) -> dict:
    """The weighted mean of looks (``{name: weight}``, weights summing to 1; light direction
    renormalised)."""
    items = [(LOOKS[k], w) for k, w in weights.items() if w > 0.0]
    out = {}
    for k, v0 in items[0][0].items():
        if isinstance(v0, tuple):
            out[k] = tuple(sum(look[k][i] * w for look, w in items) for i in range(len(v0)))
        else:
            out[k] = sum(look[k] * w for look, w in items)
    d = out["light_dir"]
    n = math.sqrt(sum(x * x for x in d)) or 1.0
    out["light_dir"] = tuple(x / n for x in d)
    return out


def scene_weights(scene) -> dict:
    """``{look: weight}`` of a scene: one look, or two while a day/night/eclipse change
    is in progress in an animation (``Scene.look_from`` / ``look_mix``)."""
    light = scene.light
    frm = getattr(scene, "look_from", None)
    mix = getattr(scene, "look_mix", 1.0)
    if frm is None or frm == light or mix >= 1.0:
        return {light: 1.0}
    mix = round(max(0.0, mix), 3)
    return {frm: 1.0 - mix, light: mix}


def look_of(weights: dict) -> tuple:
    """(key, look dict) for look weights; the key is the look's name when there is one."""
    main = [k for k, w in weights.items() if w > 0.0]
    if len(main) == 1:
        return main[0], LOOKS[main[0]]
    key = tuple(sorted((k, round(w, 3)) for k, w in weights.items() if w > 0.0))
    return key, mix_looks(dict(key))


def scene_look(scene) -> tuple:
    """(key, look dict) of a scene, blending when a day/night/eclipse change is in progress."""
    light = scene.light
    frm = getattr(scene, "look_from", None)
    mix = getattr(scene, "look_mix", 1.0)
    if frm is None or frm == light or mix >= 1.0:
        return light, LOOKS[light]
    mix = round(max(0.0, mix), 3)
    return (frm, light, mix), blend_looks(frm, light, mix)


#: Seconds the lighting takes to change from one look to another.
LOOK_EASE_S = 1.2


def _smooth(p: float) -> float:
    return p * p * (3.0 - 2.0 * p)


class LookEaser:
    """The lighting shown, eased towards the scene's look over ``seconds``.

    Each look has a progress in 0..1 that moves towards its target weight by at most
    ``dt / seconds`` per update; the shown weights are the progresses through a
    smoothstep, normalised.  So a change takes ``seconds``, starts and ends gently, and
    a change undone before it completes turns back from where it got to: a round that
    flips the look and flips it back within ``seconds`` never shows the other look at
    full strength (after 0.2 s it shows 7 % of it).  The first update, a clock that goes
    backwards and ``seconds <= 0`` snap to the target.
    """

    def __init__(self, seconds: float = LOOK_EASE_S):
        self.seconds = seconds
        self.progress: dict | None = None
        self.clock: float | None = None
        self.weights: dict = {}

    def update(self, target: dict, clock: float) -> dict:
        """The look weights to draw at ``clock`` (seconds) for ``target`` weights."""
        if self.progress is None or self.seconds <= 0.0 or clock < self.clock:
            self.progress = {k: float(w) for k, w in target.items() if w > 0.0}
        else:
            step = (clock - self.clock) / self.seconds
            progress = {}
            for k in set(self.progress) | set(target):
                p, t = self.progress.get(k, 0.0), target.get(k, 0.0)
                p = min(t, p + step) if p < t else max(t, p - step)
                if p > 0.0:
                    progress[k] = p
            self.progress = progress
        self.clock = clock
        shown = {k: _smooth(p) for k, p in self.progress.items()}
        total = sum(shown.values())
        if total <= 1e-9:  # every progress near 0 while changing: the largest one leads
            k = max(self.progress, key=self.progress.get)
            shown, total = {k: 1.0}, 1.0
        kept = {k: w for k, w in shown.items() if w / total > 5e-4}
        kept_total = sum(kept.values())
        self.weights = {k: w / kept_total for k, w in kept.items()}
        return self.weights

    def snap(self) -> None:
        """Forget the history: the next update shows its target at once."""
        self.progress = self.clock = None
