"""TW-10: what one player (or a spectator) may know of a state.

``view(state, seat)`` returns a :class:`TrenchView`: the same shape as the
state, with every secret replaced by ``"?"`` / None: other players' hands and
plotted cards, weapons the viewer has not seen, the generator state.  The
renderer, UI and bots read only views; ``redact_events`` filters the event
stream the same way.
"""

from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.views import redact_events as core_redact_events
from . import variants
from .actions import Action
from .model import Event, Weapon, evolve
from .state import TrenchState

UNKNOWN_WEAPON = Weapon("?", "?", None)


class TrenchView(TrenchState):
    """A redacted copy of the state for ``viewer`` (None: spectator).  Read-only."""

    __slots__ = ("viewer",)

    def clone(self):
        c = TrenchState.clone(self)
        c.viewer = self.viewer
        return c

    def apply(self, action):
        raise IllegalActionError("TW-10: a view cannot be played on; apply actions to the game state")

    def legal_actions(self):
        raise IllegalActionError("TW-10: a view has no legal actions; ask the game state")


def _weapon_for(w: Weapon, viewer: str | None) -> Weapon:
    """The weapon as ``viewer`` knows it; who else has seen it is not shown."""
    if w.public or (viewer is not None and viewer in w.known):
        mine = w.known & {viewer} if viewer is not None else frozenset()
        return w if mine == w.known else evolve(w, known=mine)
    return UNKNOWN_WEAPON


def view(state: TrenchState, viewer: str | None) -> TrenchView:
    """Everything ``viewer`` may know, and nothing more (None: public spectator view)."""
    if viewer is not None and viewer not in state.seats:
        raise ValueError(f"{viewer!r} is not a seat in play ({' '.join(state.seats)})")
    v = object.__new__(TrenchView)
    for slot in TrenchState.__slots__:
        setattr(v, slot, getattr(state, slot))
    v.viewer = viewer
    v.legal_cache = None
    v.rng = None
    v.columns = list(state.columns)
    v.items = dict(state.items)
    v.hands = {s: (h if s == viewer else None) for s, h in state.hands.items()}
    v.discards = dict(state.discards)
    v.plots = {s: (p if s == viewer else ("?",) * len(p)) for s, p in state.plots.items()}
    v.points = dict(state.points)
    v.spent = dict(state.spent)
    soldiers = []
    for s in state.soldiers:
        if s.weapons:
            hidden = tuple(_weapon_for(w, viewer) for w in s.weapons)
            if hidden != s.weapons:
                s = evolve(s, weapons=hidden)
        soldiers.append(s)
    v.soldiers = soldiers
    t = state.turn
    if t is not None and t.seat != viewer:
        # Unrevealed cards (an undeclared Interrupt among them) show as "?".
        shown = 0 if t.slot is None else t.slot + 1
        v.turn = evolve(t, cards=t.cards[:shown] + ("?",) * len(state.plots[t.seat]))
    variants.redact_view(state, v, viewer)
    return v


def redact_events(events, viewer: str | None) -> list:
    """The events ``viewer`` may see (None: spectator).

    Events whose ``seen_by`` excludes the viewer are dropped; a weapon tile
    handed over or discarded (``give``, ``discard``) is shown as ``weapon`` to
    everyone but the player whose soldiers hold it (TW-10: tiles move face down).
    """
    out = []
    for e in core_redact_events(events, viewer):
        what = e.get("what")
        if e.kind in ("give", "discard") and isinstance(what, str) and ":" in what:
            owners = {str(e.get(k))[0] for k in ("frm", "to", "sid") if e.get(k)}
            if viewer is None or viewer not in owners:
                data = tuple((k, "weapon" if k == "what" else v) for k, v in e.data)
                e = Event(e.kind, data, e.text.replace(what, "a weapon"), e.seen_by)
        out.append(e)
    return out


def redact_action(action, viewer: str | None) -> str:
    """An action's text as ``viewer`` may see it: other players' plotted cards and weapon
    assignments become ``?`` (TW-10); everything else is public when it happens."""
    a = Action.parse(action)
    if a.verb in ("plot", "arm") and a.actor != viewer:
        return " ".join((a.actor, a.verb) + ("?",) * len(a.args))
    return str(a)
