"""Trench War actions: immutable values whose text form round-trips.

An action is ``ACTOR VERB ARG...``: the actor is a soldier (``S1``), a seat
(``S``) or ``chance``.  ``str(Action.parse(text)) == text`` for every
canonical text; see docs/notation.md for the full list.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.errors import NotationError
from .model import WEAPON_KINDS

_SID = re.compile(r"^[SWNEC][1-9]$")
_SEAT = re.compile(r"^[SWNE]$")
_CELL = re.compile(r"^[a-g][1-7]$")
_DIR = {"n", "e", "s", "w"}
CARDS = ("move", "turn", "build", "fire", "dig", "equip", "camp", "interrupt")
WIND_CARDS = ("n", "e", "s", "w", "same", "calm", "eclipse")
#: Hidden teams (TW-11): the two seats of team "a", the others are team "b".
TEAM_SPLITS = ("sw", "sn", "se", "wn", "we", "ne")
_TILE = re.compile(r"^[SWNE]:(gun|gas|bomb)$")

#: Which card category each soldier/seat verb belongs to (TW-6).
CATEGORY = {
    "step": "move", "tunnel": "move", "dash": "move",
    "turn": "turn",
    "build": "build", "collect": "build",
    "fire": "fire",
    "dig": "dig",
    "mask": "equip", "drug": "equip", "switch": "equip",
    "camp": "camp",
}


def _is_sid(t):
    return bool(_SID.match(t))


def _is_cell(t):
    return bool(_CELL.match(t))


def _is_dir(t):
    return t in _DIR


def _is_card(t):
    return t in CARDS


def _is_tile(t):
    return bool(_TILE.match(t))


def _belonging(t):
    return t in ("mask", "drug", "food", "cube") or _is_tile(t) or _is_sid(t)


# verb -> (actor kind, list of argument patterns); a pattern is a tuple of
# predicates, one per argument (arity is exact).
_SHAPES = {
    # chance
    ("chance", "first"): [(lambda t: bool(_SEAT.match(t)),)],
    ("chance", "wind"): [(lambda t: t in WIND_CARDS,)],
    ("chance", "teams"): [(lambda t: t in TEAM_SPLITS,)],
    # setup (seat actors)
    ("seat", "arm"): [tuple([lambda t: t in WEAPON_KINDS] * n) for n in (1, 2, 3)],
    ("sid", "boat"): [(_is_cell,)],
    ("seat", "base"): [(_is_cell,)],
    ("seat", "food"): [(_is_cell,)],
    ("seat", "cube"): [(_is_cell,)],
    ("seat", "civilian"): [(_is_cell,)],
    ("seat", "village"): [(_is_cell,)],
    ("seat", "pass"): [()],
    # plotting and turn flow
    ("seat", "plot"): [(_is_card,), (_is_card, _is_card)],
    ("seat", "reveal"): [()],
    ("seat", "interrupt"): [(), (_is_sid,)],
    ("seat", "wait"): [()],
    # soldier actions
    ("sid", "step"): [(_is_dir,)],
    ("sid", "tunnel"): [(_is_dir,)],
    ("sid", "dash"): [()],
    ("sid", "turn"): [(_is_dir,), (_is_dir, lambda t: t == "carry"),
                      (_is_dir, lambda t: t == "carry", _is_dir)],
    ("sid", "build"): [(_is_cell,)],
    ("sid", "collect"): [()],
    ("sid", "dig"): [()],
    ("seat", "dig"): [(_is_cell,)],
    ("sid", "fire"): [(), (lambda t: t in ("here", "front", "destroy") or _is_cell(t),),
                      (_is_tile,), (_is_tile, lambda t: t in ("here", "front", "destroy") or _is_cell(t))],
    ("sid", "mask"): [()],
    ("sid", "drug"): [(), (_is_card,)],
    ("sid", "switch"): [(_is_tile,)],
    ("seat", "camp"): [(_is_sid, lambda t: t == "food" or _is_sid(t)),
                       (_is_sid, lambda t: t == "food" or _is_sid(t), _is_card)],
    ("sid", "give"): [(_is_sid, _belonging)],
    # decisions asked of a player outside the normal flow
    ("seat", "console"): [(lambda t: t == "none",), (_is_sid, _belonging)],
    ("seat", "handover"): [(_is_sid,)],
    ("seat", "sink"): [(_is_sid, lambda t: t in ("mask", "drug", "food", "cube") or _is_tile(t))],
    ("seat", "gas"): [(lambda t: t in ("left", "right"),)],
    ("seat", "shoot"): [(lambda t: t in ("destroy", "spare"),)],
    ("seat", "penalty"): [(lambda t: t in ("point", "skip"),)],
}
VERBS = sorted({verb for _, verb in _SHAPES})


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``actor`` (sid, seat or ``chance``), ``verb``, ``args``."""
    actor: str
    verb: str
    args: tuple = ()

    def __str__(self) -> str:
        return " ".join((self.actor, self.verb) + self.args)

    @property
    def seat(self) -> str | None:
        """The deciding seat (a soldier's owner); None for chance or a civilian."""
        if self.actor == "chance":
            return None
        return self.actor[0] if self.actor[0] != "C" else None

    @property
    def soldier(self) -> str | None:
        return self.actor if len(self.actor) == 2 else None

    @property
    def category(self) -> str | None:
        """The card category this action uses, if any (TW-5, TW-6)."""
        return CATEGORY.get(self.verb)

    @staticmethod
    def parse(text) -> "Action":
        """Parse action text; raise NotationError naming what is wrong."""
        if isinstance(text, Action):
            return text
        tokens = str(text).split()
        if len(tokens) < 2:
            raise NotationError(f"malformed action {text!r}: expected 'ACTOR VERB [ARGS]'")
        actor, verb, args = tokens[0], tokens[1].lower(), tuple(tokens[2:])
        if actor.lower() == "chance":
            kind = "chance"
            actor = "chance"
        elif _SEAT.match(actor):
            kind = "seat"
        elif _SID.match(actor):
            kind = "sid"
        else:
            raise NotationError(f"malformed action {text!r}: {actor!r} is not a seat (S W N E), "
                                f"a soldier (S1, N2, C1 ...) or 'chance'")
        shapes = _SHAPES.get((kind, verb))
        if shapes is None:
            raise NotationError(f"malformed action {text!r}: unknown verb {verb!r} for "
                                f"{'a ' + kind if kind != 'chance' else 'chance'}")
        for shape in shapes:
            if len(shape) == len(args):
                normal = tuple(_normalise(p, a) for p, a in zip(shape, args))
                if None not in normal:
                    return Action(actor, verb, normal)
        raise NotationError(f"malformed action {text!r}: bad arguments for {verb!r}")


_SHARED: dict = {}


def make_action(actor: str, verb: str, args: tuple = ()) -> Action:
    """``Action(actor, verb, args)``, shared: the rules core builds the same few
    thousand actions over and over for its legal lists, and an action is
    immutable, so equal actions it builds are one object (much cheaper than a
    new record each time)."""
    key = (actor, verb, args)
    a = _SHARED.get(key)
    if a is None:
        a = _SHARED[key] = Action(actor, verb, args)
    return a


def _normalise(predicate, token: str) -> str | None:
    """The token in canonical case if it fits the predicate (``N`` seat, ``n`` direction)."""
    for candidate in (token, token.lower(), token.upper()):
        if predicate(candidate):
            return candidate
    return None


def parse_actions(text: str) -> list[Action]:
    """Parse ``"S1 step n; S reveal"`` (``;`` or newline separated)."""
    parts = [p.strip() for p in re.split(r"[;\n]", text)]
    return [Action.parse(p) for p in parts if p and not p.startswith("#")]
