"""Smoke Blood Steel actions (SB-12): immutable values whose text form round-trips.

An action is ``ACTOR VERB ARG...``; the actor is a seat (``I``, ``II``) or ``chance``::

    chance chooser I                     SB-3.2  who picks a mech first
    I mech heavy                         SB-3.2  PickMech
    I deploy medic infantry sniper engineer   SB-3.5  escorts for front back left right
    I play C1 front                      SB-4.1  a card and the half that lies upper
    I play C5 mech cannon                SB-4.1  ... with effect_choice_at = play, the effect too
    I effect cannon                      SB-7.1  the designated unit's effect, at its item
    II hit medic / II hit2 medic sniper / II destroy sniper   SB-8.4, 8.5, 8.3
    I shift 3                            SB-9.2  the smoke shift at d 2
    I heal medic                         SB-9.3  回復: the escort whose token is removed

``str(Action.parse(text)) == text`` for every canonical text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.errors import NotationError

SEATS = ("I", "II")
_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


def _ident(t: str) -> bool:
    return bool(_ID.match(t))


#: verb -> allowed argument counts (every argument an id unless checked below)
_ARITY = {
    "mech": (1,), "deploy": (4,), "play": (2, 3), "effect": (1,),
    "hit": (1,), "hit2": (2,), "destroy": (1,), "shift": (1,), "heal": (1,),
}
VERBS = ("chooser",) + tuple(_ARITY)


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``actor`` (a seat or ``chance``), ``verb``, ``args``."""
    actor: str
    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        return " ".join((self.actor, self.verb) + self.args)

    @property
    def seat(self) -> int | None:
        """The deciding seat's index (0 for I, 1 for II); None for chance."""
        return None if self.actor == "chance" else SEATS.index(self.actor)

    @staticmethod
    def parse(text) -> "Action":
        """Parse action text; ``NotationError`` names what is wrong."""
        if isinstance(text, Action):
            return text
        tokens = str(text).split()
        if len(tokens) < 2:
            raise NotationError(f"malformed action {text!r}: expected 'ACTOR VERB [ARGS]'")
        actor, verb, args = tokens[0], tokens[1].lower(), tuple(tokens[2:])
        if actor.lower() == "chance":
            if verb != "chooser" or len(args) != 1 or args[0] not in SEATS:
                raise NotationError(f"malformed action {text!r}: the only chance action is "
                                    f"'chance chooser I|II'")
            return make_action("chance", verb, args)
        if actor not in SEATS:
            raise NotationError(f"malformed action {text!r}: {actor!r} is not a seat (I, II) or 'chance'")
        arity = _ARITY.get(verb)
        if arity is None:
            raise NotationError(f"malformed action {text!r}: unknown verb {verb!r} "
                                f"(known: {', '.join(_ARITY)})")
        if len(args) not in arity:
            raise NotationError(f"malformed action {text!r}: {verb} takes "
                                f"{' or '.join(map(str, arity))} argument(s)")
        if verb == "shift":
            if args[0] not in ("1", "2", "3"):
                raise NotationError(f"malformed action {text!r}: shift takes a distance 1, 2 or 3")
        elif not all(_ident(a) for a in args):
            raise NotationError(f"malformed action {text!r}: arguments must be card, escort or effect ids")
        return make_action(actor, verb, args)


_SHARED: dict = {}


def make_action(actor: str, verb: str, args: tuple = ()) -> Action:
    """``Action(actor, verb, args)``, one shared object per value (legal lists rebuild the same few)."""
    key = (actor, verb, args)
    a = _SHARED.get(key)
    if a is None:
        a = _SHARED[key] = Action(actor, verb, args)
    return a


def parse_actions(text: str) -> list[Action]:
    """Parse ``"I play C1 front; II play C6 recover"`` (``;`` or newline separated, ``#`` comments)."""
    parts = [p.split("#", 1)[0].strip() for p in re.split(r"[;\n]", text)]
    return [Action.parse(p) for p in parts if p]
