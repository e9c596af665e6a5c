"""Immortal Arena actions (IA-13): immutable values whose text form round-trips.

    chance first A                    first player (IA-3.3)
    chance roll 6 5 2                 a dice roll, faces in order (IA-12.8)
    A cavalry charge                  an act: seat, unit type, action (IA-5.1)
    A infantry shoot cavalry          ... with the enemy target's type
    A infantry revive forward cavalry ... Revive: step (forward, back, stay) and the fallen ally
    B cancel / B allow                the cancel window (IA-5.3)
    A pass                            only with ``must_act = false`` (IA-4.5)

``str(Action.parse(text)) == text`` for every canonical text.  Parsing checks the shape only
(``NotationError``); whether the unit and action exist in the ruleset, and are legal now, is for
``apply`` (``IllegalActionError`` naming the rule id).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.errors import NotationError
from .model import SEATS, STEPS
from .ruleset import UNIT_TYPES

ALL_TYPES = UNIT_TYPES["provisions"] + UNIT_TYPES["dice"]
MOVES = ("advance", "charge", "sprint", "retreat")
ATTACKS = ("melee", "shoot", "bombard", "fireball", "inferno", "chill")
VERBS = MOVES + ATTACKS + ("revive",)
DECISIONS = ("cancel", "allow", "pass")


@dataclass(frozen=True, slots=True)
class Action:
    """One decision.  ``actor``: a seat or ``chance``; ``verb``; ``unit``: the acting unit's
    type (acts only); ``args``: target type, or step and ally, or the chance outcome."""
    actor: str
    verb: str
    unit: str = ""
    args: tuple = ()

    def __str__(self) -> str:
        if self.unit:
            return " ".join((self.actor, self.unit, self.verb) + self.args)
        return " ".join((self.actor, self.verb) + tuple(str(a) for a in self.args))

    @property
    def is_act(self) -> bool:
        return bool(self.unit)

    @property
    def target(self) -> str | None:
        """The enemy target's type (attacks) or the revived ally's type (Revive)."""
        return self.args[-1] if self.unit and self.args else None

    @staticmethod
    def parse(text) -> "Action":
        """Parse action text; ``NotationError`` naming what is wrong."""
        if isinstance(text, Action):
            return text
        tokens = str(text).split()
        if len(tokens) < 2:
            raise NotationError(f"malformed action {text!r}: expected 'SEAT UNIT ACTION [ARGS]', "
                                f"'SEAT cancel|allow|pass' or 'chance first|roll ...'")
        actor = tokens[0]
        if actor.lower() == "chance":
            verb, args = tokens[1].lower(), tokens[2:]
            if verb == "first" and len(args) == 1 and args[0].upper() in SEATS:
                return make_action("chance", "first", "", (args[0].upper(),))
            if verb == "roll" and 1 <= len(args) <= 6 and all(a in "123456" and len(a) == 1 for a in args):
                return make_action("chance", "roll", "", tuple(int(a) for a in args))
            raise NotationError(f"malformed action {text!r}: expected 'chance first A|B' or "
                                f"'chance roll D1 D2 ...' with faces 1-6")
        if actor.upper() not in SEATS:
            raise NotationError(f"malformed action {text!r}: {actor!r} is not a seat (A B) or 'chance'")
        actor = actor.upper()
        word = tokens[1].lower()
        if word in DECISIONS:
            if len(tokens) != 2:
                raise NotationError(f"malformed action {text!r}: {word!r} takes no arguments")
            return make_action(actor, word)
        if word not in ALL_TYPES:
            raise NotationError(f"malformed action {text!r}: {tokens[1]!r} is not a unit type "
                                f"({', '.join(ALL_TYPES)}) nor cancel, allow, pass")
        if len(tokens) < 3:
            raise NotationError(f"malformed action {text!r}: no action after the unit {word!r}")
        verb, args = tokens[2].lower(), tuple(t.lower() for t in tokens[3:])
        if verb not in VERBS:
            raise NotationError(f"malformed action {text!r}: unknown action {tokens[2]!r} "
                                f"(one of {', '.join(VERBS)})")
        if verb in MOVES:
            ok = not args
        elif verb in ATTACKS:
            ok = len(args) == 1 and args[0] in ALL_TYPES
        else:
            ok = len(args) == 2 and args[0] in STEPS and args[1] in ALL_TYPES
        if not ok:
            shape = {"revive": "revive forward|back|stay ALLY"}.get(verb, f"{verb} TARGET" if verb in ATTACKS else verb)
            raise NotationError(f"malformed action {text!r}: expected '{actor} {word} {shape}'")
        return make_action(actor, verb, word, args)


_SHARED: dict = {}


def make_action(actor: str, verb: str, unit: str = "", args: tuple = ()) -> Action:
    """``Action(actor, verb, unit, args)``, one shared object per value (the legal lists build
    the same few hundred actions over and over)."""
    key = (actor, verb, unit, args)
    a = _SHARED.get(key)
    if a is None:
        a = _SHARED[key] = Action(actor, verb, unit, args)
    return a


def parse_actions(text: str) -> list[Action]:
    """Parse ``"A cavalry charge; B allow"`` (``;`` or newline separated, ``#`` comments)."""
    parts = [p.strip() for p in re.split(r"[;\n]", text)]
    return [Action.parse(p) for p in parts if p and not p.startswith("#")]
