"""What each Smoke Blood Steel card face shows, drawn from the card data (SB-0.2), never from code.

A designer's edited ``.cards`` file (ruleset key ``cards``) shows its own names, speeds, HP,
distances, SP costs and ops here, and so on the table.

Public API::

    command_face(card, rules) -> CommandFace     # name, the two halves (label, speed, detail)
    unit_face(unit) -> UnitFace                  # name, class, speed, HP, effects
    op_phrase(op) / effect_phrase(effect)        # an op / a whole effect in words
    face_lines(face, lang=None) -> list[str]     # the face's text, top to bottom, as drawn
"""

from __future__ import annotations

from dataclasses import dataclass

from .words import dists_word, joined, move_word, named, phrase, side_word, term


@dataclass(frozen=True)
class HalfFace:
    kind: str              #: move | recover | designate
    token: str             #: the half's name in action text (advance, front, recover, ...)
    label: object          #: its title in words
    speed: int | None      #: the number at the half's top right; None for a designation
    detail: object         #: a Phrase: what it does


@dataclass(frozen=True)
class CommandFace:
    id: str
    name: object
    halves: tuple
    returns_to_hand: bool


@dataclass(frozen=True)
class EffectFace:
    id: str
    name: object
    dist: object
    sp: int
    timing: object         #: None for an effect that acts at once
    ops: object            #: the ops in words


@dataclass(frozen=True)
class UnitFace:
    id: str
    name: object
    cls: str               #: escort | mech
    speed: int
    hp: int | None
    effects: tuple


def op_phrase(op):
    """One op (SB-0.2) in words."""
    if op.name in ("hit", "destroy"):
        return phrase(f"op.{op.name}.{op.n if op.name == 'hit' else 1}.{op.by}", n=op.n)
    return phrase(f"op.{op.name}", n=op.n)


def effect_phrase(effect):
    return joined(op_phrase(op) for op in effect.ops)


def _half(half, rules) -> HalfFace:
    if half.kind == "move":
        steps = rules.steps(half)
        detail = phrase("half.move.nearer" if steps < 0 else "half.move.farther", n=abs(steps))
        return HalfFace("move", half.token, move_word(half.move), half.speed, detail)
    if half.kind == "recover":
        return HalfFace("recover", half.token, term("move.recover"), half.speed, phrase("half.recover"))
    detail = phrase("half.designate.mech" if half.target == "mech" else "half.designate.side",
                    side=side_word(half.target))
    return HalfFace("designate", half.token, side_word(half.target), None, detail)


def command_face(card, rules) -> CommandFace:
    return CommandFace(card.id, named(card), tuple(_half(h, rules) for h in card.halves), card.returns_to_hand)


def unit_face(unit) -> UnitFace:
    effects = tuple(EffectFace(e.id, named(e), dists_word(e.dist), e.sp,
                               term(f"timing.{e.timing}") if e.timing != "now" else None, effect_phrase(e))
                    for e in unit.effects)
    return UnitFace(unit.id, named(unit), unit.cls, unit.speed, unit.hp if unit.cls == "mech" else None, effects)


def face_lines(face, lang: str | None = None) -> list:
    """The text of a face, top to bottom, in ``lang`` (the renderer lays these lines out)."""
    if isinstance(face, CommandFace):
        out = [face.name.text(lang)]
        for h in face.halves:
            head = h.label.text(lang) + (f"  [{h.speed}]" if h.speed is not None else "")
            out += [head, h.detail.text(lang)]
        return out
    out = [face.name.text(lang) + f"  [{face.speed}]"]
    if face.hp is not None:
        out.append(phrase("face.hp", hp=face.hp).text(lang))
    for e in face.effects:
        out.append(phrase("face.effect", name=e.name, dist=e.dist, sp=e.sp).text(lang))
        if e.timing is not None:
            out.append(e.timing.text(lang))
        out.append(e.ops.text(lang))
    return out
