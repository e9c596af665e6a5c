"""The full (omniscient) Trench War state: data, cloning and board queries.

The flow of play lives in ``legal.py`` (who decides, legal actions) and ``flow.py`` (apply); the
rules of each action in their own modules.  Only the rules core reads this
object; renderer, UI and bots read ``game.trench.view.view(state, seat)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import CardKinds
from ..core.protocol import GameState
from ..core.records import evolver
from .geometry import NEIGHBOUR, SEAT_ORDER
from .model import (
    BOARD,
    BOAT,
    CARRIED,
    CORPSE,
    ESCAPED,
    NATURAL,
    Soldier,
)

#: Action cards (TW-1) and the wind deck (TW-4.1).
ACTION_CARDS = CardKinds(("move", "turn", "build", "fire", "dig", "equip", "camp", "interrupt"))
START_HAND = ACTION_CARDS.make({"move": 2, "turn": 2, "build": 2, "fire": 2, "dig": 1,
                                "equip": 1, "camp": 1, "interrupt": 1})
WIND_CARDS = CardKinds(("n", "e", "s", "w", "same", "calm", "eclipse"))
FULL_WIND_DECK = WIND_CARDS.make({k: 1 for k in WIND_CARDS.kinds})


@dataclass(frozen=True, slots=True)
class Turn:
    """The turn in progress (TW-5).

    ``cards``: the plotted cards (1st, 2nd or None).  ``slot``: index of the
    revealed card now in use (None before the first reveal).  ``uses``: actions
    done with that card.  ``acted``: ``(sid, category)`` pairs done this turn.
    ``dashed``: sids that dashed.  ``spent``: cards already resolved (revealed).
    ``extra``: drug actions still available, as ``(sid, n)`` (TW-6.8).
    """
    seat: str
    cards: tuple
    slot: int | None = None
    uses: int = 0
    acted: tuple = ()
    dashed: tuple = ()
    camped: bool = False
    extra: tuple = ()
    extra_card: str | None = None

    @property
    def plotted_done(self) -> bool:
        """The plotted cards' actions are used up (the 1st card two, the 2nd one)."""
        return self.slot is not None and (self.slot == 0 and self.uses >= 2 or self.slot == 1 and self.uses >= 1)


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision asked of a player outside the normal flow.

    kinds: ``console`` (sid of the dead), ``handover`` (sid that escaped),
    ``sink`` (number owed), ``gas`` (token path state, see ``gas.py``),
    ``interrupt`` (declare or wait, TW-4.4), ``penalty``.
    """
    kind: str
    seat: str
    data: tuple = ()


_IN_PLAY = frozenset((BOARD, BOAT))
_evolve_soldier = evolver(Soldier)


class TrenchState(GameState):
    """Everything about one game of Trench War.  Build with ``setup.new_game``."""

    __slots__ = ("rules", "seats", "rng", "phase", "queue", "first", "round", "day", "eclipse",
                 "start", "wind_deck", "wind_discard", "wind_card", "wind", "forecasts",
                 "columns", "items", "soldiers", "index", "gas", "next_gid", "supply", "out",
                 "hands", "discards", "plots", "interrupt_used", "points", "spent", "bonus",
                 "dead", "order", "turn", "pending", "skip", "result", "declared", "setup_left", "teams", "legal_cache",
                 "quiet")

    def clone(self) -> "TrenchState":
        c = object.__new__(type(self))
        c.rules = self.rules
        c.seats = self.seats
        c.rng = self.rng
        c.phase = self.phase
        c.queue = self.queue
        c.first = self.first
        c.round = self.round
        c.day = self.day
        c.eclipse = self.eclipse
        c.start = self.start
        c.wind_deck = self.wind_deck
        c.wind_discard = self.wind_discard
        c.wind_card = self.wind_card
        c.wind = self.wind
        c.forecasts = self.forecasts
        c.columns = self.columns[:]
        c.items = self.items.copy()
        c.soldiers = self.soldiers[:]
        c.index = self.index
        c.gas = self.gas
        c.next_gid = self.next_gid
        c.supply = self.supply
        c.out = self.out
        c.hands = self.hands.copy()
        c.discards = self.discards.copy()
        c.plots = self.plots.copy()
        c.interrupt_used = self.interrupt_used
        c.points = self.points.copy()
        c.spent = self.spent.copy()
        c.bonus = self.bonus
        c.dead = self.dead
        c.order = self.order
        c.turn = self.turn
        c.pending = self.pending
        c.skip = self.skip
        c.result = self.result
        c.declared = self.declared
        c.teams = self.teams
        c.setup_left = self.setup_left
        # The legal list depends only on the position, and its actions are immutable values:
        # the clone may share it (search clones a state and asks for its legal actions at once).
        c.legal_cache = self.legal_cache
        c.quiet = self.quiet
        return c

    def set_quiet(self, quiet: bool = True) -> "TrenchState":
        """Quiet mode for search: events keep their kind and data but get no text (building the
        log lines is skipped); clones stay quiet.  Play is otherwise identical; returns the state."""
        self.quiet = bool(quiet)
        return self

    def reseed(self, seed: int) -> "TrenchState":
        """Give this state (typically a search's clone) its own chance generator seed, so each
        rollout sees its own wind sequence; returns the state."""
        self.rng = seed & 0xFFFF_FFFF_FFFF_FFFF
        return self

    def key(self) -> tuple:
        """A hashable key of the whole position: equal keys, equal positions.

        Every slot but the legal-action cache (derived), the soldier index (fixed by the
        soldier list) and quiet mode (no part of the position); dicts as sorted item tuples.
        A view's key includes its viewer.
        """
        return (self.rules, self.seats, self.rng, self.phase, self.queue, self.first, self.round,
                self.day, self.eclipse, self.start, self.wind_deck, self.wind_discard,
                self.wind_card, self.wind, self.forecasts, tuple(self.columns),
                tuple(sorted(self.items.items())), tuple(self.soldiers), self.gas, self.next_gid,
                self.supply, self.out, tuple(sorted(self.hands.items())),
                tuple(sorted(self.discards.items())), tuple(sorted(self.plots.items())),
                self.interrupt_used, tuple(sorted(self.points.items())),
                tuple(sorted(self.spent.items())), self.bonus, self.dead, self.order, self.turn,
                self.pending, frozenset(self.skip), self.result, self.declared,
                tuple(sorted(self.teams.items())) if self.teams else (), self.setup_left,
                getattr(self, "viewer", ()))

    # -- soldiers ------------------------------------------------------------
    def soldier(self, sid: str) -> Soldier:
        try:
            return self.soldiers[self.index[sid]]
        except KeyError:
            raise KeyError(f"no soldier {sid}") from None

    def put(self, soldier: Soldier) -> None:
        self.soldiers[self.index[soldier.sid]] = soldier

    def update(self, sid: str, **changes) -> Soldier:
        i = self.index[sid]
        s = self.soldiers[i] = _evolve_soldier(self.soldiers[i], **changes)
        return s

    def occupant(self, cell: int) -> Soldier | None:
        """The living soldier or civilian standing on a board cell."""
        for s in self.soldiers:
            if s.cell == cell and s.status == BOARD:
                return s
        return None

    def corpses_at(self, cell: int) -> list[Soldier]:
        return [s for s in self.soldiers if s.cell == cell and s.status == CORPSE]

    def boat_at(self, cell: int) -> Soldier | None:
        """The soldier on the boat beside edge cell ``cell``, if any."""
        for s in self.soldiers:
            if s.cell == cell and s.status == BOAT:
                return s
        return None

    def living(self, seat: str) -> list[Soldier]:
        """A seat's soldiers still in play (on the board or a boat)."""
        return [s for s in self.soldiers if s.seat == seat and s.status in _IN_PLAY]

    def has_living(self, seat: str) -> bool:
        """Has the seat a soldier still in play (``bool(living(seat))``, without the list)?"""
        for s in self.soldiers:
            if s.seat == seat and (s.status == BOARD or s.status == BOAT):
                return True
        return False

    def is_ally(self, a: str, b: str) -> bool:
        """Seats on the same side (the same seat, or team-mates in open teams)."""
        if a == b:
            return True
        if self.rules.open_teams and a in "SWNE" and b in "SWNE":
            return {a, b} in ({"S", "W"}, {"N", "E"})
        return False

    # -- board ---------------------------------------------------------------
    def height(self, cell: int) -> int:
        return len(self.columns[cell])

    def top(self, cell: int) -> str | None:
        col = self.columns[cell]
        return col[-1] if col else None

    def has_items(self, cell: int) -> bool:
        """Food, drugs or a corpse lie on the cell (TW-2)."""
        if cell in self.items:
            return True
        return any(s.cell == cell and s.status == CORPSE for s in self.soldiers)

    def has_gas(self, cell: int) -> bool:
        return any(g.cell == cell for g in self.gas)

    def has_something(self, cell: int) -> bool:
        """A soldier, an item or gas is on the cell: no cube may be put there (TW-6.1, 6.3, 6.4)."""
        return self.occupant(cell) is not None or self.has_items(cell) or self.has_gas(cell)

    def neighbour(self, cell: int, direction: str) -> int | None:
        return NEIGHBOUR[cell][direction]

    # -- accounting ----------------------------------------------------------
    def cube_census(self) -> dict:
        """Where the natural cubes are (TW-1: they always add up to ``natural_cubes``)."""
        board = sum(col.count(NATURAL) for col in self.columns)
        boats = sum(1 for s in self.soldiers if s.status == BOAT)
        carried = sum(s.cubes for s in self.soldiers if s.status in (BOARD, BOAT, CORPSE, CARRIED))
        return {"board": board, "boats": boats, "carried": carried,
                "supply": self.supply, "out": self.out,
                "total": board + boats + carried + self.supply + self.out}

    def score(self, seat: str) -> int:
        """Victory points now (TW-9), carried enemy corpses included per ruleset."""
        pts = self.points.get(seat, 0)
        if self.rules.corpse_points == "always":
            pts += self.carried_enemy_corpses(seat)
        return pts

    def carried_enemy_corpses(self, seat: str) -> int:
        """Enemy corpses a seat's soldiers carry; an escaper's still count (TW-9, revision 2)."""
        n = 0
        for s in self.soldiers:
            if s.seat == seat and s.status in (BOARD, BOAT, ESCAPED):
                for c in s.corpses:
                    owner = self.soldier(c).seat
                    if owner != "C" and not self.is_ally(owner, seat):
                        n += 1
        return n

    # -- protocol (legal.py's and flow.py's functions: bound to them at the end of this module) --
    def current_player(self) -> str:
        return legal.current_player(self)

    def legal_actions(self) -> list:
        return legal.legal_actions(self)

    def apply(self, action) -> list:
        return flow.apply(self, action)

    def is_over(self) -> bool:
        return self.result is not None

    def chance_outcomes(self) -> list:
        return legal.chance_outcomes(self)

    def sample_chance(self):
        return legal.sample_chance(self)

    def __str__(self) -> str:
        from .notation import format_position
        return format_position(self)

    def __eq__(self, other) -> bool:
        if not isinstance(other, TrenchState):
            return NotImplemented
        return self is other or self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())


def ground_problem(column: str) -> str | None:
    """Why a column's ground cube cannot be dug out (TW-6.1 tunnel, TW-6.7 dig):
    ``"hole"``, ``"wall"`` (never under a wall), ``"coloured"`` (a base or the village), or None."""
    if len(column) != 1:
        return "hole" if not column else "wall"
    return None if column == NATURAL else "coloured"


def seat_order_from(seats: tuple, first: str) -> tuple:
    """``seats`` in clockwise order starting at ``first``."""
    key = (seats, first)
    order = _ORDERS.get(key)
    if order is None:
        ordered = [s for s in SEAT_ORDER if s in seats]
        i = ordered.index(first)
        order = _ORDERS[key] = tuple(ordered[i:] + ordered[:i])
    return order


_ORDERS: dict = {}


def next_seat(seats: tuple, seat: str) -> str:
    return seat_order_from(seats, seat)[1 % len(seats)]


__all__ = ["TrenchState", "Turn", "Pending", "ACTION_CARDS", "START_HAND", "WIND_CARDS",
           "FULL_WIND_DECK", "seat_order_from", "next_seat"]


# The flow of play calls back into this module, so it is bound last (a cycle by design).
from . import flow, legal  # noqa: E402

# The protocol's methods are the rules functions themselves: a state's ``apply`` is
# ``flow.apply`` with the state as its first argument (no wrapper call on every action).
TrenchState.current_player = legal.current_player
TrenchState.legal_actions = legal.legal_actions
TrenchState.apply = flow.apply
TrenchState.chance_outcomes = legal.chance_outcomes
TrenchState.sample_chance = legal.sample_chance
