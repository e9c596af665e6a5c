"""For the bots (``game.ai``): determinize, evaluate, order actions.

Immortal Arena has perfect information (IA-1); a view lacks only the generator, so
``determinize`` gives the view's position with a generator drawn from ``rng``: future dice
(IA-12.8) are then a fresh, unknown draw.
"""

from __future__ import annotations

from .model import SEATS
from .state import ArenaState

_PRIORITY = {"melee": 0, "bombard": 0, "inferno": 0, "cancel": 0, "shoot": 1, "fireball": 1, "chill": 1,
             "revive": 2, "charge": 3, "advance": 3, "sprint": 3, "retreat": 4, "allow": 5, "pass": 6}


def determinize(v, rng) -> ArenaState:
    """A full state whose view equals ``v`` (``view(determinize(v, rng), v.viewer) == v``)."""
    st = object.__new__(ArenaState)
    for slot in ArenaState.__slots__:
        setattr(st, slot, getattr(v, slot))
    st.rng = rng.next_u64()
    st.legal_cache = None
    return st


def evaluate(st, seat: str) -> float:
    """How good the position is for ``seat``, in [-1, 1] (1: won, -1: lost, 0: a draw)."""
    me = SEATS.index(seat)
    them = 1 - me
    if st.result is not None:
        winners = st.result.winners
        return 0.0 if not winners else (1.0 if seat in winners else -1.0)
    r = st.rules
    mine, theirs = st.units[3 * me:3 * me + 3], st.units[3 * them:3 * them + 3]
    living = sum(u.living for u in mine) - sum(u.living for u in theirs)
    front = sum(u.living and u.row == 0 for u in mine) - sum(u.living and u.row == 0 for u in theirs)
    if r.dice:
        strikes = sum(u.damage for u in theirs if u.living) - sum(u.damage for u in mine if u.living)
        score = (0.5 * (st.points[me] - st.points[them]) / max(1, r.win_lead) + 0.1 * living
                 + 0.04 * strikes + 0.02 * front)
    else:
        damage = sum(u.damage for u in theirs if u.living) - sum(u.damage for u in mine if u.living)
        score = (0.6 * (st.waza[me] - st.waza[them]) / max(1, r.win_waza_ari) + 0.1 * living
                 + 0.03 * (st.provisions[me] - st.provisions[them]) + 0.03 * damage + 0.02 * front)
    return max(-0.95, min(0.95, score))


def order_actions(st, actions) -> list:
    """Most promising first (cheap): kills and cancels, attacks, revives, moves, allow, pass."""
    return sorted(actions, key=lambda a: _PRIORITY.get(a.verb, 7))


#: Search settings per level for this game (see ``game.ai.bots.SEARCH_LEVELS``): the generic
#: budgets; the caps are ten times the idle medians (about 0.05 s and 0.26 s).
BOT_LEVELS = {
    "normal": {"time_cap": 0.5},
    "hard": {"time_cap": 2.6},
}
