"""Scenario helpers for the Smoke Blood Steel tests: a position in a few words, then actions."""

from __future__ import annotations

from game.steel import make_ruleset, new_game
from game.steel.actions import SEATS
from game.steel.cards import SIDES
from game.steel.invariants import check_invariants
from game.steel.state import NSIDES

#: default deployments (front back left right) unless a test names its own
DEFAULT_ESCORTS = "infantry medic engineer sniper"
#: the command card whose half designates each side (SB-0.3)
SIDE_CARD = {"front": "C1", "back": "C2", "left": "C3", "right": "C4", "mech": "C5"}
MOVE_CARD = {"advance": "C1", "retreat": "C2", "full_advance": "C3", "full_retreat": "C4"}


def game(mechs=("heavy", "agile"), escorts=(DEFAULT_ESCORTS, DEFAULT_ESCORTS), settings=(), variants=(),
         dist=None, sp=None, hp=None, clock=None, tokens=None, removed=(), piles=None):
    """A game at the start of a turn: I and II with ``mechs``, deployed ``escorts`` (front back left right).

    ``tokens`` / ``removed``: ``{"I": ["medic"]}``-style tweaks; ``piles``: ``{"I": ["C1:front", ...]}``.
    The position must satisfy every invariant.
    """
    rules = make_ruleset([f"mech_assignment={mechs[0]},{mechs[1]}", *settings], list(variants))
    st = new_game(2, 0, rules)
    for seat, line in zip(SEATS, escorts):
        st.apply(f"{seat} deploy {line}")
    if dist is not None:
        st.dist = dist
    if sp is not None:
        st.sp = tuple(sp)
    if hp is not None:
        st.hp = tuple(hp)
    if clock is not None:
        st.clock = clock
    sides, toks = list(st.sides), list(st.tokens)
    for seat, eids in (tokens or {}).items():
        for eid in eids:
            toks[index(st, seat, eid)] += 1
    for seat, eid in removed:
        i = index(st, seat, eid)
        sides[i], toks[i] = None, 0
    st.sides, st.tokens = tuple(sides), tuple(toks)
    if piles:
        st.piles = tuple(tuple(tuple(x.split(":")) for x in piles.get(s, ())) for s in SEATS)
    st.legal_cache = None
    assert check_invariants(st) == []
    return st


def index(st, seat: str, eid: str) -> int:
    s = SEATS.index(seat)
    for i in range(NSIDES):
        if st.deploys[s][i] == eid:
            return s * NSIDES + i
    raise KeyError(f"{seat} deployed no {eid}")


def unit(st, seat: str, eid: str) -> str:
    """The play that designates ``seat``'s escort ``eid`` (or ``mech``)."""
    if eid == "mech":
        return f"{seat} play C5 mech"
    side = SIDES[index(st, seat, eid) % NSIDES]
    return f"{seat} play {SIDE_CARD[side]} {side}"


def move(seat: str, kind: str) -> str:
    return f"{seat} play {MOVE_CARD[kind]} {kind}"


def recover(seat: str) -> str:
    return f"{seat} play C6 recover"


def run(st, *actions) -> list:
    """Apply the actions in order; return every event."""
    events = []
    for a in actions:
        events += st.apply(a)
    return events


def kinds(events) -> list:
    return [e.kind for e in events]


def has_token(st, seat, eid) -> int:
    return st.tokens[index(st, seat, eid)]


def on_table(st, seat, eid) -> bool:
    return st.sides[index(st, seat, eid)] is not None


def legal_texts(st) -> list:
    return [str(a) for a in st.legal_actions()]
