"""The full Immortal Arena state: a few flat slots of immutable values, so a clone is a copy of
the slots (no container is copied).

Only the rules core reads this object; everything else reads ``game.arena.view.view``.  The flow
of play lives in ``legal.py`` (who decides, legal actions, refusals) and ``flow.py`` (apply).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import CHANCE, TERMINAL, GameState
from .model import SEATS

#: Phases: the chance choice of the first player, P's act, O's cancel window, a dice roll, over.
PHASES = ("first", "act", "cancel", "roll", "over")


@dataclass(frozen=True, slots=True)
class Result:
    """How the game ended: ``winners`` (seats; empty for a draw), ``reason`` (``ippon``,
    ``waza-ari``, ``points``, ``lead``, ``turn-limit``) and the final ``scores``."""
    winners: tuple
    reason: str
    scores: tuple       # waza-ari (provisions) or points (dice), per seat
    turn: int

    def as_dict(self) -> dict:
        return {"winners": list(self.winners), "reason": self.reason,
                "scores": {s: n for s, n in zip(SEATS, self.scores)}, "turns": self.turn}


class ArenaState(GameState):
    """Everything about one game.  Build with ``setup.new_game`` or ``notation.parse_position``.

    ``units``: six :class:`~game.arena.model.Unit` (index ``seat * 3 + type``); ``player``: P's
    seat index (-1 before the first player is known); ``first``: the first player's index;
    ``provisions``/``waza``/``points``: per seat; ``last``: per seat, ``(type index or -1,
    quick)`` of the unit activated on that seat's last turn (IA-4.7); ``pending``: the act
    waiting for O's cancel decision or a roll.
    """

    __slots__ = ("rules", "table", "rng", "phase", "turn", "player", "first", "units", "provisions",
                 "bank", "waza", "points", "last", "pending", "result", "legal_cache")

    def clone(self) -> "ArenaState":
        c = object.__new__(ArenaState)
        c.rules = self.rules
        c.table = self.table
        c.rng = self.rng
        c.phase = self.phase
        c.turn = self.turn
        c.player = self.player
        c.first = self.first
        c.units = self.units
        c.provisions = self.provisions
        c.bank = self.bank
        c.waza = self.waza
        c.points = self.points
        c.last = self.last
        c.pending = self.pending
        c.result = self.result
        c.legal_cache = self.legal_cache  # an immutable tuple: safe to share
        return c

    # -- protocol ---------------------------------------------------------------
    def current_player(self) -> str:
        phase = self.phase
        if phase == "act":
            return SEATS[self.player]
        if phase == "cancel":
            return SEATS[1 - self.player]
        if phase == "over":
            return TERMINAL
        return CHANCE

    def legal_actions(self) -> list:
        cache = self.legal_cache
        if cache is None:
            cache = self.legal_cache = legal.legal_tuple(self)
        return list(cache)

    def apply(self, action) -> list:
        return flow.apply(self, action)

    def is_over(self) -> bool:
        return self.phase == "over"

    def chance_outcomes(self) -> list:
        return legal.chance_outcomes(self)

    def sample_chance(self):
        return legal.sample_chance(self)

    # -- queries ------------------------------------------------------------------
    @property
    def seats(self) -> tuple:
        return SEATS

    @property
    def round(self) -> int:
        """Full rounds begun (two turns each), for tools that report rounds."""
        return (self.turn + 1) // 2

    def unit(self, seat: str, kind: str):
        """The unit (owner, type) (IA-1)."""
        return self.units[SEATS.index(seat) * 3 + self.table.type_index[kind]]

    def __str__(self) -> str:
        return notation.format_position(self)

    def __eq__(self, other) -> bool:
        if not isinstance(other, ArenaState):
            return NotImplemented
        return notation.format_position(self) == notation.format_position(other)

    __hash__ = None


from . import flow, legal, notation  # noqa: E402  (cycle: those modules use ArenaState)
