"""TW-10: what one player (or a spectator) may know of a state.

``view(state, seat)`` returns a :class:`TrenchView`: the same shape as the
state, with every secret replaced by ``"?"`` / None: other players' hands and
plotted cards, weapons the viewer has not seen, the generator state.  The
renderer, UI and bots read only views; ``redact_events`` filters the event
stream the same way.
"""

from __future__ import annotations

from ..core.errors import IllegalActionError, NotationError
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


def check_viewer(state: TrenchState, viewer) -> None:
    """A viewer is a seat in play or None (the spectator); anything else is a NotationError (a
    ValueError) naming the seats, so that an empty or mistyped seat never shows the full state."""
    if viewer is None:
        return
    if not isinstance(viewer, str) or not viewer.strip():
        raise NotationError(f"TW-10: no seat given for the view ({viewer!r}): name a seat in play "
                            f"({' '.join(state.seats)}) or None for the spectator")
    if viewer not in state.seats:
        raise NotationError(f"TW-10: {viewer!r} is not a seat in play ({' '.join(state.seats)}); "
                            f"None is the spectator")


def view(state: TrenchState, viewer: str | None) -> TrenchView:
    """Everything ``viewer`` may know, and nothing more (None: public spectator view).

    ``viewer`` must be a seat in play or None: an empty string or an unknown seat raises
    :class:`NotationError` (a ``ValueError``)."""
    check_viewer(state, viewer)
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
                e = Event(e.kind, data, e.text.replace(f"its {what}", "a weapon").replace(what, "a weapon"), e.seen_by)
        out.append(e)
    return out


#: Verbs whose arguments may name a weapon tile that moves or turns face down (TW-10).
_TILE_VERBS = frozenset(("switch", "give", "sink", "console"))


def redact_action(action, viewer: str | None, state: TrenchState | None = None) -> str:
    """An action's text as ``viewer`` may see it (TW-10): another player's plotted cards and
    weapon assignments become ``?``, and so does a weapon tile named by another player's
    ``switch``, ``give``, ``sink`` or ``console`` (tiles move face down), unless ``state`` is given
    and the viewer knows that tile there (it has seen it, or it was fired); the hidden-teams split
    (``chance teams sw``) reads ``chance teams ?`` to every viewer (TW-11).  Everything else is
    public when it happens."""
    a = Action.parse(action)
    if a.actor == "chance":
        # TW-11 hidden teams: the split names every seat's side; each seat learns only its own
        # (from its view and its own "team" event), so nobody sees the split itself.
        return "chance teams ?" if a.verb == "teams" else str(a)
    if a.seat == viewer and viewer is not None:
        return str(a)
    if a.verb in ("plot", "arm"):
        return " ".join((a.actor, a.verb) + ("?",) * len(a.args))
    if a.verb in _TILE_VERBS and any(":" in x for x in a.args):
        return " ".join((a.actor, a.verb) + tuple(
            "?" if ":" in x and not _tile_known(state, x, viewer) else x for x in a.args))
    return str(a)


def _tile_known(state, tile: str, viewer) -> bool:
    # A fired tile is public (TW-10): the spectator (None, in no ``known`` set) knows it too.
    if state is None:
        return False
    for s in state.soldiers:
        for w in s.weapons:
            if w.tile == tile:
                return w.public or viewer in w.known
    return False
