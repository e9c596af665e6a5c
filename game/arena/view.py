"""IA-1: what a player or a spectator may know.

Immortal Arena is a game of perfect information (完全情報): positions, counters, statuses,
provisions, the bank, waza-ari, points and each player's last-activated unit are public, and
every event and action text is public.  The only thing a view leaves out is the seeded
generator (``rng: ?``): it is not part of the game, and holding it would foretell the dice
(IA-12.8: each roll is a chance outcome, unknown until it is rolled).  So two states that
differ only in the generator give identical views, events and action texts.
"""

from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.views import redact_events as core_redact_events
from .actions import Action
from .model import SEATS
from .state import ArenaState


class ArenaView(ArenaState):
    """A copy of the state as ``viewer`` (a seat, or None: spectator) knows it.  Read-only."""

    __slots__ = ("viewer",)

    def clone(self):
        c = object.__new__(ArenaView)
        for slot in ArenaState.__slots__:
            setattr(c, slot, getattr(self, slot))
        c.viewer = self.viewer
        return c

    def apply(self, action):
        raise IllegalActionError("a view cannot be played on; apply actions to the game state")

    def legal_actions(self):
        raise IllegalActionError("a view has no legal actions; ask the game state")

    def __eq__(self, other) -> bool:
        if not isinstance(other, ArenaView):
            return NotImplemented
        return str(self) == str(other)

    __hash__ = None


def view(state: ArenaState, viewer: str | None) -> ArenaView:
    """Everything ``viewer`` may know (None: the public spectator): all but the generator."""
    if viewer is not None and viewer not in SEATS:
        raise ValueError(f"{viewer!r} is not a seat in play (A B)")
    v = object.__new__(ArenaView)
    for slot in ArenaState.__slots__:
        setattr(v, slot, getattr(state, slot))
    v.rng = None
    v.legal_cache = None
    v.viewer = viewer
    return v


def redact_events(events, viewer: str | None) -> list:
    """The events ``viewer`` may see: all of them (every event is public, IA-1)."""
    return core_redact_events(events, viewer)


def redact_action(action, viewer: str | None) -> str:
    """An action's text as ``viewer`` may see it: the whole text (IA-1: nothing is hidden)."""
    return str(Action.parse(action))
