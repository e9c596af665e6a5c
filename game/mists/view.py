"""TM-12: what one player (or a spectator) may know of a state.

``view(state, seat)`` returns a :class:`MistsView`: the state's shape with every
secret replaced by None (printed ``?``): other players' unrevealed characters, the
leftover card (and so the world), the generator, the Scout pointings of others
still being collected.  After the end (TM-12.5) everything is public.  The decks
hold no order (TM-3.2), so their remaining counts are public facts.
"""

from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.views import redact_events as core_redact_events
from .actions import Action
from .model import SEAT_INDEX
from .state import MistsState

HIDDEN = "?"


class MistsView(MistsState):
    """A redacted copy of the state for ``viewer`` (None: spectator).  Read-only."""

    __slots__ = ("viewer",)

    def clone(self):
        c = MistsState.clone(self)
        c.viewer = self.viewer
        return c

    def apply(self, action):
        raise IllegalActionError("a view cannot be played on; apply actions to the game state")

    def legal_actions(self):
        raise IllegalActionError("a view has no legal actions; ask the game state")

    def character(self, seat: int):
        """The character of ``seat`` as the viewer knows it (None: unknown)."""
        return self.chars[seat]


def view(state: MistsState, viewer: str | None) -> MistsView:
    """Everything ``viewer`` may know, and nothing more (None: public spectator view)."""
    if viewer is not None and (viewer not in SEAT_INDEX or SEAT_INDEX[viewer] >= state.n):
        raise ValueError(f"{viewer!r} is not a seat in play ({' '.join(state.seats)})")
    v = object.__new__(MistsView)
    for slot in MistsState.__slots__:
        setattr(v, slot, getattr(state, slot))
    v.viewer = viewer
    v.legal_cache = None
    if state.result is not None:
        return v
    me = SEAT_INDEX[viewer] if viewer is not None else -1
    v.rng = None
    v.leftover = None
    v.chars = tuple(c if (s == me or state.revealed[s]) else None for s, c in enumerate(state.chars))
    if state.pointing is not None:
        v.pointing = tuple(p if (s == me or p is None) else HIDDEN for s, p in enumerate(state.pointing))
    return v


def redact_events(events, viewer: str | None) -> list:
    """The events ``viewer`` may see (None: spectator): private ones (a player's own
    character, their own Scout pointing) only to their seat; all others are public."""
    return core_redact_events(events, viewer)


def redact_action(action, viewer: str | None) -> str:
    """An action's text as ``viewer`` may see it: the deal shows only the viewer's own
    character, and another player's Scout pointing shows as ``?`` (TM-12.3)."""
    a = Action.parse(action)
    if a.verb == "deal":
        me = SEAT_INDEX.get(viewer, -1) if viewer is not None else -1
        return "chance deal " + "".join(c if i == me else HIDDEN for i, c in enumerate(a.args[0]))
    if a.verb == "point" and a.actor != viewer:
        return f"{a.actor} point {HIDDEN}"
    return str(a)
