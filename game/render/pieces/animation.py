"""Tweens between two piece scenes (pure): slides, flips, falls, dice rolls, appearing and going.

``tween(old, new, u)`` is the scene ``u`` (0..1) of the way from ``old`` to ``new``: pieces are
matched by key; numbers (position, yaw, ``flip``, ``stand``, ``fall``) are eased; a piece only in
``new`` grows in, one only in ``old`` shrinks away; a die whose value changed, or whose new
``roll`` is below 1, rolls (``roll`` = u) and lands on its new value, the core's chance outcome.
At u = 1 the result equals ``new``.  :class:`PieceAnimation` times a list of such steps.
"""

from __future__ import annotations

from dataclasses import fields, replace

from .model import Die, PieceScene

EASED = ("x", "y", "z", "yaw", "flip", "stand", "fall", "size", "w", "h")


def _ease(u: float) -> float:
    u = max(0.0, min(1.0, u))
    return u * u * (3.0 - 2.0 * u)


def _lerp_yaw(a: float, b: float, u: float) -> float:
    d = (b - a + 180.0) % 360.0 - 180.0
    return a + d * u


def tween_piece(a, b, u: float):
    """Piece ``b`` as seen ``u`` of the way from ``a`` (same key, same type)."""
    if u >= 1.0:
        return b
    e = _ease(u)
    changes = {}
    names = {f.name for f in fields(b)}
    for name in EASED:
        if name in names and name in {f.name for f in fields(a)}:
            va, vb = getattr(a, name), getattr(b, name)
            if va != vb and isinstance(va, (int, float)) and isinstance(vb, (int, float)):
                changes[name] = _lerp_yaw(va, vb, e) if name == "yaw" else va + (vb - va) * e
    if isinstance(b, Die) and (a.value != b.value or b.roll < 1.0):
        changes = {"roll": u}  # the die tumbles in on its own path and lands on b
    return replace(b, **changes) if changes else b


def tween(old: PieceScene, new: PieceScene, u: float) -> PieceScene:
    """The scene ``u`` of the way from ``old`` to ``new`` (see the module docstring)."""
    if u >= 1.0:
        return new
    before = {p.key: p for p in old.pieces}
    out = []
    seen = set()
    for p in new.pieces:
        seen.add(p.key)
        q = before.get(p.key)
        if q is None or type(q) is not type(p):
            out.append(replace(p, scale=_ease(u)) if hasattr(p, "scale") else p)
            if isinstance(p, Die) and q is None:
                out[-1] = replace(p, roll=u)
        else:
            out.append(tween_piece(q, p, u))
    for p in old.pieces:
        if p.key not in seen and hasattr(p, "scale"):
            out.append(replace(p, scale=1.0 - _ease(u)))
    return replace(new, pieces=out)


class PieceAnimation:
    """A run of scenes shown one after another: ``steps`` is ``[(scene, seconds)]`` starting
    from ``start``; ``scene_at(t)`` tweens within the current step; ``done(t)``."""

    def __init__(self, start: PieceScene, steps: list, speed: float = 1.0):
        self.start = start
        self.steps = [(s, max(1e-6, d / max(speed, 1e-6))) for s, d in steps]
        self.duration = sum(d for _, d in self.steps)

    def scene_at(self, t: float) -> PieceScene:
        prev = self.start
        for scene, d in self.steps:
            if t < d:
                return tween(prev, scene, t / d)
            t -= d
            prev = scene
        return prev

    def done(self, t: float) -> bool:
        return t >= self.duration - 1e-9


def flip_keyframes(card_scene: PieceScene, key, seconds: float = 0.5):
    """A one-step animation list turning card ``key`` over (its ``flip`` 0 <-> 1)."""
    card = card_scene.find(key)
    turned = replace(card_scene, pieces=[replace(p, flip=1.0 - round(p.flip)) if p.key == key else p
                                         for p in card_scene.pieces])
    return [(turned, seconds)] if card is not None else []


__all__ = ["PieceAnimation", "flip_keyframes", "tween", "tween_piece"]
