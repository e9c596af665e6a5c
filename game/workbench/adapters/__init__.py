"""Per-game metric adapters: what a balance report counts in each game, read only from the game's
result, its public (spectator) events, its spectator view and its public rules API.

An adapter is a :class:`Adapter`; :func:`adapter_for` gives the one of a ``--game`` name (a game
without its own adapter gets the generic one: endings, seats, lengths, action kinds and events).
During a game the runner calls :meth:`Adapter.observe` after every action with the spectator's
events; at the end :meth:`Adapter.finish` turns the tally into the game's figures (JSON values)::

    {"ending": "judgement (points)",           # how the game ended, in the game's own terms
     "first": "S",                              # the first player (None if the game has none)
     "length": {"round": 9},                   # the game's own length units (actions are counted apart)
     "sources": {"S": {"kill": 1, ...}, ...},   # score sources per seat
     "questions": {"boats_sunk": 2, ...},       # the game's own known questions (numbers or bools)
     "fired": {"card": {"move": 12}, "action": {...}, "event": {...}}}

``standing(view)`` (``{seat: number}``, or None where a game has no score race) is sampled
whenever an event of a kind in ``standing_events`` has been seen; the lead metrics come from it.
"""

from __future__ import annotations

import importlib
from collections import Counter

#: ``--game`` name -> the module holding its ``ADAPTER``.
ADAPTER_MODULES = {
    "trench-war": "game.workbench.adapters.trench",
    "immortal-arena": "game.workbench.adapters.arena",
    "two-mists": "game.workbench.adapters.mists",
    "smoke-blood-steel": "game.workbench.adapters.steel",
}


class Tally:
    """What one game's observer has counted so far (plain counters, JSON-able at the end)."""

    __slots__ = ("fired", "counts", "seen")

    def __init__(self, categories=("action", "event")):
        self.fired = {name: Counter() for name in categories}
        self.counts = Counter()        #: adapter-specific counters (``"kill:S"``, ``"sink"``, ...)
        self.seen = {}                 #: adapter-specific facts (first time something happened, ...)


class Adapter:
    """The generic adapter: every game gets these figures; games refine them."""

    game = "*"
    #: Event kinds after which the standing is sampled again (empty: only at the start and end).
    standing_events: frozenset = frozenset()
    #: What is counted as firing: ``action`` (action kinds) and ``event`` (event kinds, the rules
    #: that fired) always; a game adds its own (``card``, ``unit action``, ``effect``).
    categories: tuple = ("action", "event")
    #: Names that might fire, for the never-fired lists: ``{"card": (...), "event": (...)}``.
    universe: dict = {}
    #: The game's own length units, read from the final state by :meth:`length`.
    length_units: tuple = ()
    #: The public event naming the first player (its ``seat``), for the first-player advantage.
    first_event = "first"
    #: Human names of the figures in ``questions`` (for the report).
    questions: dict = {}

    def new_tally(self) -> Tally:
        return Tally(self.categories)

    def universe_for(self, rules) -> dict:
        """The names that could fire under ``rules`` (default: the class's ``universe``)."""
        return {k: tuple(v) for k, v in self.universe.items()}

    def action_kind(self, text: str, actor) -> str:
        """The kind of an action from its text: the verb after the actor, or ``chance <what>``."""
        words = text.split()
        if not words:
            return "?"
        if words[0] == "chance":
            return "chance " + words[1] if len(words) > 1 else "chance"
        if actor is not None and len(words) > 1:
            first, seat = words[0], str(actor)
            if first == seat or (first.startswith(seat) and first[len(seat):].isdigit()):
                return words[1]     # "S plot dig", "S1 boat d1": the seat or one of its pieces
        return words[0]

    def observe(self, tally: Tally, action_text: str, actor, events: list) -> None:
        """Count one applied action and its public events."""
        tally.fired["action"][self.action_kind(action_text, actor)] += 1
        for e in events:
            tally.fired["event"][e.kind] += 1
            if e.kind == self.first_event and "first" not in tally.seen:
                tally.seen["first"] = e.get("seat")
            self.on_event(tally, e)

    def on_event(self, tally: Tally, event) -> None:
        """A game's own counting of one public event (default: nothing more)."""

    def standing(self, view) -> dict | None:
        """Each seat's score now as the spectator sees it, or None (no score race)."""
        return None

    def length(self, state, result: dict) -> dict:
        """The game's own length units (rounds, turns) of the final state."""
        out = {}
        for unit in self.length_units:
            value = result.get(unit, getattr(state, unit, None))
            if isinstance(value, int):
                out[unit] = value
        return out

    def ending(self, state, result: dict) -> str:
        return str(result.get("reason") or "unfinished")

    def sources(self, tally: Tally, state, result: dict, seats) -> dict:
        """``{seat: {source: points}}``; the generic adapter knows none."""
        return {}

    def answers(self, tally: Tally, state, result: dict, seats) -> dict:
        """The game's own known questions: ``{name: number or bool}``."""
        return {}

    def finish(self, tally: Tally, state, result: dict, seats) -> dict:
        return {"ending": self.ending(state, result), "first": tally.seen.get("first"),
                "length": self.length(state, result),
                "sources": self.sources(tally, state, result, seats),
                "questions": self.answers(tally, state, result, seats),
                "fired": {k: dict(sorted(c.items())) for k, c in tally.fired.items() if c}}


def adapter_for(game: str) -> Adapter:
    """The metric adapter of the game called ``game`` (the generic one if it has none)."""
    module = ADAPTER_MODULES.get(game)
    if module is None:
        return Adapter()
    return importlib.import_module(module).ADAPTER
