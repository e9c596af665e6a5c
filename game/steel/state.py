"""The full (omniscient) Smoke Blood Steel state: data, cloning and small queries.

Seats are indices 0 (``I``, set I) and 1 (``II``, set II).  Every field holds an
immutable value (ints, strings, tuples, frozen records), so a clone copies the slots
and nothing else.  Who decides and the legal actions live in ``legal.py``, ``apply``
in ``flow.py``.  Only the rules core reads this object; everything else reads
``view.view(state, seat)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import GameState
from .actions import SEATS
from .cards import SIDES

#: Phases: chance picks the mech chooser, mechs are picked, escorts deployed, plays
#: committed, items resolved, game over.
PHASES = ("chooser", "mech", "deploy", "play", "resolve", "over")
NSIDES = len(SIDES)
SIDE_INDEX = {side: i for i, side in enumerate(SIDES)}


@dataclass(frozen=True, slots=True)
class Play:
    """One player's play of the turn (SB-4.1): a command card, the half that lies upper,
    and with ``effect_choice_at = play`` the effect of the designated unit (else "")."""
    card: str
    half: str
    effect: str = ""


_PLAYS: dict = {}


def make_play(card: str, half: str, effect: str = "") -> Play:
    """``Play(card, half, effect)``, one shared object per value (a frozen record is slow to build)."""
    key = (card, half, effect)
    p = _PLAYS.get(key)
    if p is None:
        p = _PLAYS[key] = Play(card, half, effect)
    return p


@dataclass(frozen=True, slots=True)
class Result:
    """How the game ended (SB-10): winners (seat names), the reason and each seat's end score."""
    winners: tuple
    reason: str          #: ``mech`` | ``escorts`` | ``clock`` | ``both``
    scores: tuple        #: (score of I, score of II): mech HP + escorts on the table (SB-10.3)

    def as_dict(self) -> dict:
        return {"winners": list(self.winners), "reason": self.reason,
                "scores": {SEATS[i]: s for i, s in enumerate(self.scores)}}


class SteelState(GameState):
    """Everything about one game.  Build with ``setup.new_game``.

    Turn fields (reset each turn): ``plays`` (per seat, None until committed), ``order``
    (seats of the turn's items, SB-5), ``speeds`` (per seat, None for no item), ``step``
    (index of the next item; past the items come the two end-of-turn slots, SB-4.4),
    ``cursor`` (the effect waiting on a decision: ``(seat, target, effect, op, stage)``),
    ``cancelled`` / ``shielded`` / ``attacked`` (per seat) and ``replenish`` (per seat:
    the recorded ``if_attacked`` effect as ``(target, effect)`` or None).
    """

    __slots__ = ("rules", "rng", "phase", "turn", "chooser", "mechs", "hp", "sp", "dist", "clock",
                 "deploys", "sides", "tokens", "piles", "plays", "order", "speeds", "step", "cursor",
                 "cancelled", "shielded", "attacked", "replenish", "result", "legal_cache")

    def clone(self) -> "SteelState":
        c = object.__new__(self.__class__)
        c.rules = self.rules
        c.rng = self.rng
        c.phase = self.phase
        c.turn = self.turn
        c.chooser = self.chooser
        c.mechs = self.mechs
        c.hp = self.hp
        c.sp = self.sp
        c.dist = self.dist
        c.clock = self.clock
        c.deploys = self.deploys
        c.sides = self.sides
        c.tokens = self.tokens
        c.piles = self.piles
        c.plays = self.plays
        c.order = self.order
        c.speeds = self.speeds
        c.step = self.step
        c.cursor = self.cursor
        c.cancelled = self.cancelled
        c.shielded = self.shielded
        c.attacked = self.attacked
        c.replenish = self.replenish
        c.result = self.result
        c.legal_cache = self.legal_cache
        return c

    def __eq__(self, other) -> bool:
        if not isinstance(other, SteelState) or type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, s) == getattr(other, s) for s in SteelState.__slots__ if s != "legal_cache") \
            and getattr(self, "viewer", None) == getattr(other, "viewer", None)

    __hash__ = None

    # -- protocol --------------------------------------------------------
    def current_player(self):
        return _legal.current_player(self)

    def legal_actions(self) -> list:
        cache = self.legal_cache
        if cache is None:
            cache = self.legal_cache = _legal.legal_actions(self)
        return cache

    def apply(self, action) -> list:
        return _flow.apply(self, action)

    def is_over(self) -> bool:
        return self.phase == "over"

    def chance_outcomes(self) -> list:
        return _legal.chance_outcomes(self)

    def sample_chance(self):
        return _legal.sample_chance(self)

    # -- queries ---------------------------------------------------------
    @property
    def round(self) -> int:
        """The turn number (the name the shared tools read)."""
        return self.turn

    @property
    def cards(self):
        """The card set (SB-0.2)."""
        return self.rules.card_set

    def hand(self, seat: int) -> tuple:
        """The command card ids in ``seat``'s hand: its set minus its table pile (SB-11.1)."""
        on_table = {card for card, _ in self.piles[seat]}
        return tuple(c.id for c in self.rules.card_set.commands if c.id not in on_table)

    def escorts_of(self, seat: int) -> list[int]:
        """Side indices (0 front .. 3 right) of ``seat``'s escorts on the table."""
        base = seat * NSIDES
        sides = self.sides
        return [i for i in range(NSIDES) if sides[base + i] is not None]

    def removed_escorts(self, seat: int) -> tuple:
        """Escorts ``seat`` deployed that have left the game (SB-8.2/8.3), front to right."""
        dep = self.deploys[seat]
        if dep is None or dep == "?":
            return ()
        base = seat * NSIDES
        return tuple(e for i, e in enumerate(dep) if self.sides[base + i] is None)

    def leftover_escorts(self, seat: int) -> tuple:
        """Escorts ``seat`` was dealt but did not deploy (one forms half the clock, SB-3.6); () while hidden."""
        dep = self.deploys[seat]
        if dep is None or dep == "?":
            return ()
        return tuple(u.id for u in self.rules.card_set.escorts if u.id not in dep)

    def escort_at(self, seat: int, side: int):
        return self.sides[seat * NSIDES + side]

    def tokens_at(self, seat: int, side: int) -> int:
        return self.tokens[seat * NSIDES + side]

    def unit(self, seat: int, target: str):
        """The unit card (escort or mech) on ``target`` (a side or ``mech``) of ``seat``, or None."""
        cs = self.rules.card_set
        if target == "mech":
            mid = self.mechs[seat]
            return cs.mech(mid) if mid else None
        eid = self.sides[seat * NSIDES + SIDE_INDEX[target]]
        return cs.escort(eid) if eid else None

    def card_at(self, seat: int, target: str):
        """The unit card deployed on ``target`` of ``seat``, even once destroyed (its effects stay readable)."""
        cs = self.rules.card_set
        if target == "mech":
            return cs.mech(self.mechs[seat])
        return cs.escort(self.deploys[seat][SIDES.index(target)])

    def mech_speed(self, seat: int) -> int:
        return self.rules.card_set.mech(self.mechs[seat]).speed

    def tie_order(self) -> tuple:
        """Seats by mech speed, the one that resolves first on a tie first (SB-5.2)."""
        memo = self.rules.memo
        key = ("ties", self.mechs)
        order = memo.get(key)
        if order is None:
            a, b = self.mech_speed(0), self.mech_speed(1)
            first = 0 if (a < b) == (self.rules.tie_break == "lower") else 1
            order = memo[key] = (first, 1 - first)
        return order

    def score(self, seat: int) -> int:
        """SB-10.3: mech HP plus escorts on the table (HP only with ``end_score = hp``)."""
        if self.rules.end_score == "hp":
            return self.hp[seat]
        return self.hp[seat] + len(self.escorts_of(seat))


# The protocol methods call these; imported last because they import this module.
from . import flow as _flow  # noqa: E402
from . import legal as _legal  # noqa: E402
