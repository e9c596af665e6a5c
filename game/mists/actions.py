"""Two Mists actions (TM-13): immutable values whose text form round-trips.

``ACTOR VERB ARG...``; the actor is a seat letter or ``chance``::

    chance deal MKWSF        characters of seats A.. in order, then the leftover (TM-3.1)
    chance draw A2 attack    refill a display slot (TM-3.3, TM-10.1)
    chance first C           start player (TM-3.5)
    B take A2                take a displayed card (TM-5)
    B pass                   pass (TM-9)
    B target C               damage target, or the player to intimidate (TM-7)
    B heal A                 Arcana's heal target (TM-7.6)
    A point C                Scout pointing (TM-7.2a; hidden until all are in)
    B extra | B decline      Combo's extra turn (TM-7.5)

``str(Action.parse(text)) == text`` for every canonical text.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import NotationError
from .model import CARD_KINDS, FROM_CODE, SEATS

_SLOTS = {f"{row}{i}" for row in "AE" for i in range(1, 10)}
_SEAT = set(SEATS)


def _deal(t):
    return 4 <= len(t) <= 6 and all(c in FROM_CODE for c in t) and len(set(t)) == len(t)


_SHAPES = {
    ("chance", "deal"): (_deal,),
    ("chance", "draw"): (lambda t: t in _SLOTS, lambda t: t in CARD_KINDS),
    ("chance", "first"): (lambda t: t in _SEAT,),
    ("seat", "take"): (lambda t: t in _SLOTS,),
    ("seat", "pass"): (),
    ("seat", "target"): (lambda t: t in _SEAT,),
    ("seat", "heal"): (lambda t: t in _SEAT,),
    ("seat", "point"): (lambda t: t in _SEAT,),
    ("seat", "extra"): (),
    ("seat", "decline"): (),
}
VERBS = sorted({verb for _, verb in _SHAPES})


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``actor`` (seat letter or ``chance``), ``verb``, ``args``."""
    actor: str
    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        return " ".join((self.actor, self.verb) + self.args)

    @staticmethod
    def parse(text) -> "Action":
        """Parse one action text; ``NotationError`` names what is wrong."""
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise NotationError(f"an action must be text, not {type(text).__name__}")
        cached = _CACHE.get(text)
        if cached is not None:
            return cached
        tokens = text.split()
        if len(tokens) < 2:
            raise NotationError(f"action {text!r}: expected 'ACTOR VERB ...'")
        actor, verb, args = tokens[0], tokens[1], tuple(tokens[2:])
        if actor == "chance":
            kind = "chance"
        elif actor in _SEAT:
            kind = "seat"
        else:
            raise NotationError(f"action {text!r}: unknown actor {actor!r} (a seat A-D or chance)")
        shape = _SHAPES.get((kind, verb))
        if shape is None:
            if verb in VERBS:
                raise NotationError(f"action {text!r}: {actor} cannot {verb}")
            raise NotationError(f"action {text!r}: unknown verb {verb!r} (known: {', '.join(VERBS)})")
        if len(args) != len(shape):
            raise NotationError(f"action {text!r}: {verb} takes {len(shape)} argument(s), not {len(args)}")
        for arg, ok in zip(args, shape):
            if not ok(arg):
                raise NotationError(f"action {text!r}: bad argument {arg!r} for {verb}")
        action = Action(actor, verb, args)
        if len(_CACHE) < 4096:
            _CACHE[text] = action
        return action


_CACHE: dict = {}


def parse_actions(text: str) -> list:
    """``"a; b"`` (or one per line) into action values."""
    parts = [p.strip() for chunk in text.splitlines() for p in chunk.split(";")]
    return [Action.parse(p) for p in parts if p]
