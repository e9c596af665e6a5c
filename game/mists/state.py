"""The full (omniscient) state of Two Mists and its protocol methods (TM-1, TM-4).

A few flat tuples and ints, so ``clone()`` is a handful of attribute copies:
seats are indices 0..n-1 inside (``SEATS[i]`` outside); the decks are unordered
piles of counts (TM-3.2: the order is never seen, so each draw is a uniform
chance outcome over the remaining cards).  Play goes through :mod:`.flow`.
"""

from __future__ import annotations

from ..core.protocol import CHANCE, TERMINAL, GameState
from .model import EQUIPMENT_KINDS, SEATS

#: Phases: what the state waits for once no refill draw is pending.
#: deal (chance), first (chance: start player), take, target, heal, point, extra, over.
PHASES = ("deal", "first", "take", "target", "heal", "point", "extra", "over")


class MistsState(GameState):
    """Everything about a game, secrets included.  Only the rules core reads it whole.

    Fields: ``rules``; ``n`` players; ``rng`` (the generator's int state); ``phase``;
    ``turn`` (from 1, TM-4.4); ``active`` seat; ``start`` seat (None before it is drawn);
    ``restricted`` (this turn is intimidated, TM-7.7); ``chars`` (character per seat, None
    before the deal); ``leftover``; ``revealed`` (bool per seat); ``life``; ``marks``
    (intimidation marks per seat); ``records`` (a tuple of :class:`Take` per seat);
    ``apile``/``epile`` (remaining deck counts); ``display`` (card or None per slot);
    ``draws`` (slots waiting for a refill draw, first first); ``pointing`` (Scout pointings
    being collected: seat index or None per seat; None when no Scout is collecting);
    ``result`` (a :class:`Result` once over).
    """

    __slots__ = ("rules", "n", "rng", "phase", "turn", "active", "start", "restricted",
                 "chars", "leftover", "revealed", "life", "marks", "records", "apile", "epile",
                 "display", "draws", "pointing", "result", "legal_cache")

    def clone(self) -> "MistsState":
        c = object.__new__(type(self))
        c.rules = self.rules
        c.n = self.n
        c.rng = self.rng
        c.phase = self.phase
        c.turn = self.turn
        c.active = self.active
        c.start = self.start
        c.restricted = self.restricted
        c.chars = self.chars
        c.leftover = self.leftover
        c.revealed = self.revealed
        c.life = self.life
        c.marks = self.marks
        c.records = self.records
        c.apile = self.apile
        c.epile = self.epile
        c.display = self.display
        c.draws = self.draws
        c.pointing = self.pointing
        c.result = self.result
        c.legal_cache = self.legal_cache
        return c

    # -- protocol ------------------------------------------------------------------
    @property
    def seats(self) -> tuple:
        return SEATS[:self.n]

    def decider(self):
        """The seat index that decides now, ``CHANCE`` or ``TERMINAL``."""
        if self.result is not None:
            return TERMINAL
        if self.draws or self.phase in ("deal", "first"):
            return CHANCE
        if self.phase == "point":
            return pointing_seat(self)
        return self.active

    def current_player(self) -> str:
        d = self.decider()
        return d if isinstance(d, str) else SEATS[d]

    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> list:
        if self.legal_cache is None:
            self.legal_cache = _flow.legal_actions(self)
        return list(self.legal_cache)

    def apply(self, action) -> list:
        return _flow.apply(self, action)

    def chance_outcomes(self) -> list:
        return _flow.chance_outcomes(self)

    def sample_chance(self):
        """The next chance outcome drawn from the state's generator (applying it advances
        the generator, so replaying the recorded outcome gives the identical state)."""
        return _flow.sample_chance(self)

    # -- queries -------------------------------------------------------------------
    def owned(self, seat: int) -> tuple:
        """Equipment card names in ``seat``'s record, in order taken."""
        return tuple(t.card for t in self.records[seat] if t.card in EQUIPMENT_KINDS)

    def __eq__(self, other) -> bool:
        if not isinstance(other, MistsState):
            return NotImplemented
        from .notation import format_position
        return format_position(self) == format_position(other)

    __hash__ = None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} turn={self.turn} phase={self.phase}>"


def pointing_seat(state) -> int:
    """TM-7.2a, TM-12.3 (interpretation): the simultaneous pointings are asked one by one in a
    fixed public order, the taker first, then clockwise, so the order reveals nothing."""
    n = state.n
    for k in range(n):
        s = (state.active + k) % n
        if state.pointing[s] is None:
            return s
    return state.active


from . import flow as _flow  # noqa: E402  (flow imports this module; bound once both exist)
