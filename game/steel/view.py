"""SB-11: what one player (or a spectator) may know of a state.

Hidden (SB-11.2): the other player's escort deployment until both are turned up (SB-3.7);
the other player's play of the turn (card and half) until both are committed; with
``effect_choice_at = play`` the effect named in it until its item begins (SB-7.1); the
generator state.  Everything else is public, hands included (SB-11.1: a hand is the set
minus the table pile).  Hidden parts read ``"?"``.
"""

from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.views import redact_events as core_redact_events
from .actions import SEATS, Action
from .state import Play, SteelState

HIDDEN = "?"
HIDDEN_PLAY = Play(HIDDEN, HIDDEN, HIDDEN)


class SteelView(SteelState):
    """A redacted copy of the state for ``viewer`` (a seat name, or None: spectator).  Read-only."""

    __slots__ = ("viewer",)

    def clone(self):
        c = SteelState.clone(self)
        c.viewer = self.viewer
        return c

    def apply(self, action):
        raise IllegalActionError("SB-11: a view cannot be played on; apply actions to the game state")

    def legal_actions(self):
        raise IllegalActionError("SB-11: a view has no legal actions; ask the game state")


def hidden_play(state, seat: int, viewer: int | None):
    """``seat``'s play as ``viewer`` knows it."""
    p = state.plays[seat]
    if p is None or seat == viewer:
        return p
    if state.phase == "play":
        return HIDDEN_PLAY                       # committed, not yet revealed (SB-4.1)
    if p.effect and state.phase != "over" and not _item_begun(state, seat):
        # SB-7.1 (interpretation): an effect named at play shows once its item begins, also when
        # the unit is gone by then; once the game is over every play shows.
        return Play(p.card, p.half, HIDDEN)
    return p


def _item_begun(state, seat: int) -> bool:
    """Whether ``seat``'s item of this turn has begun (it is past, or waiting on a decision now)."""
    order = state.order
    if seat not in order:
        return False
    i = order.index(seat)
    c = state.cursor
    return i < state.step or (i == state.step and c is not None and c[0] == seat and c[4] == "item")


def view(state: SteelState, viewer) -> SteelView:
    """Everything ``viewer`` (``"I"``, ``"II"`` or None) may know, and nothing more."""
    if viewer is not None and viewer not in SEATS:
        raise ValueError(f"{viewer!r} is not a seat in play (I II)")
    v = object.__new__(SteelView)
    for slot in SteelState.__slots__:
        setattr(v, slot, getattr(state, slot))
    v.viewer = viewer
    v.legal_cache = None
    v.rng = None
    me = None if viewer is None else SEATS.index(viewer)
    if state.phase == "deploy":
        v.deploys = tuple(d if (d is None or s == me) else HIDDEN for s, d in enumerate(state.deploys))
    v.plays = (hidden_play(state, 0, me), hidden_play(state, 1, me))
    return v


def redact_events(events, viewer) -> list:
    """The events ``viewer`` may see (None: spectator); private ones carry ``seen_by``."""
    return core_redact_events(events, viewer)


def redact_action(action, viewer) -> str:
    """An action's text as ``viewer`` may see it: another player's play and deployment read ``?``."""
    a = Action.parse(action)
    if a.verb in ("play", "deploy") and a.actor != viewer:
        return f"{a.actor} {a.verb} ?"
    return str(a)
