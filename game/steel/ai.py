"""What the bots (``game.ai``) need from Smoke Blood Steel: determinization, evaluation, action order.

* :func:`determinize` draws a full state consistent with a view: the other player's hidden
  deployment (SB-3.5), hidden play (SB-4.1) and, with ``effect_choice_at = play``, hidden
  effect are drawn from what that player could have chosen; the generator gets a fresh seed.
  ``view(determinize(v, rng), v.viewer) == v``.
* :func:`evaluate` scores a position for a seat in [-1, 1]: the end score (SB-10.3: mech HP +
  escorts) as a share of each side's starting total, tokens, SP, and how near the clock is.
* :func:`order_actions` puts likely-good actions first (an effect that would take effect now,
  a hit taken as a token rather than a loss, a recover with a full pile).
* :func:`rewind` (the ``hard`` bot's): a determinization in which the other player's play of
  this turn, committed face down before ours (SB-4.1), is taken back, so the search treats the
  two plays as the simultaneous choices they are instead of guessing the other one blindly.
* :data:`BOT_LEVELS`: this game's search settings per level (``game.ai.bots.level_settings``).
"""

from __future__ import annotations

import math

from .actions import SEATS
from .effects import check
from .legal import play_options
from .state import NSIDES, Play, SteelState
from .view import HIDDEN


def determinize(view, rng) -> SteelState:
    """A full state consistent with ``view`` (a ``SteelView``), its secrets drawn with ``rng``."""
    st = object.__new__(SteelState)
    for slot in SteelState.__slots__:
        setattr(st, slot, getattr(view, slot))
    st.legal_cache = None
    st.rng = rng.next_u64()
    cs = st.rules.card_set
    deploys = list(st.deploys)
    for s in (0, 1):
        if deploys[s] == HIDDEN:
            ids = [u.id for u in cs.escorts]
            pick = []
            for _ in range(NSIDES):
                pick.append(ids.pop(rng.below(len(ids))))
            deploys[s] = tuple(pick)
    st.deploys = tuple(deploys)
    plays = list(st.plays)
    for s in (0, 1):
        p = plays[s]
        if p is None:
            continue
        if p.card == HIDDEN:
            options = play_options(st, s)
            a = options[rng.below(len(options))]
            plays[s] = Play(a.args[0], a.args[1], a.args[2] if len(a.args) > 2 else "")
        elif p.effect == HIDDEN:
            effects = st.card_at(s, p.half).effects
            plays[s] = Play(p.card, p.half, effects[rng.below(len(effects))].id)
    st.plays = tuple(plays)
    return st


def rewind(view, rng) -> SteelState:
    """:func:`determinize`, then the other seat's face-down play of this turn taken back."""
    st = determinize(view, rng)
    if st.phase == "play" and view.plays[1 - _seat_index(view.viewer)] is not None:
        plays = list(st.plays)
        plays[1 - _seat_index(view.viewer)] = None
        st.plays = tuple(plays)
        st.legal_cache = None
    return st


def _seat_index(seat) -> int:
    return SEATS.index(seat) if isinstance(seat, str) else seat


def evaluate(state, seat) -> float:
    """How good ``state`` is for ``seat`` (a name or index), in [-1, 1]."""
    me = SEATS.index(seat) if isinstance(seat, str) else seat
    if state.result is not None:
        winners = state.result.winners
        return 1.0 if SEATS[me] in winners else (0.0 if not winners else -1.0)
    if None in state.mechs or state.phase in ("chooser", "mech", "deploy"):
        return 0.0
    rules = state.rules
    cs = rules.card_set

    def strength(s: int) -> float:
        top = cs.mech(state.mechs[s]).hp
        base = s * NSIDES
        escorts = sum(1.0 - 0.4 * state.tokens[base + i] / rules.token_limit for i in state.escorts_of(s))
        return (state.hp[s] / top) * 1.2 + escorts / NSIDES + 0.05 * state.sp[s] / rules.sp_max

    o = 1 - me
    diff = strength(me) - strength(o)
    # the nearer the clock's end, the more a lead in the end score (SB-10.3) counts
    late = state.clock / rules.clock_cells
    diff += late * 0.15 * (state.score(me) - state.score(o))
    return math.tanh(1.5 * diff)


def order_actions(state, actions) -> list:
    """``actions`` most promising first (a cheap prior; stable for equal priors)."""
    if len(actions) < 2 or state.phase not in ("play", "resolve"):
        return list(actions)
    return sorted(actions, key=lambda a: -_prior(state, a))


def _prior(state, a) -> float:
    verb = a.verb
    seat = a.seat
    if verb == "play":
        card = state.rules.card_set.command(a.args[0])
        half = card.half(a.args[1])
        if half.kind == "recover":
            return 0.2 * len(state.piles[seat])
        if half.kind == "designate":
            unit = state.unit(seat, half.target)
            if unit is None:
                return -1.0
            return max(_effect_prior(state, seat, e) for e in unit.effects)
        return 0.3
    if verb == "effect":
        s, target, _, _, _ = state.cursor
        return _effect_prior(state, s, state.unit(s, target).effect(a.args[0]))
    if verb in ("hit", "hit2", "destroy"):
        # as the defender: keep the most valuable escorts; a token costs less than a loss
        o = seat if state.cursor[0] != seat else 1 - seat
        lost = 0.0
        for eid in a.args:
            i = next(i for i in state.escorts_of(o) if state.sides[o * NSIDES + i] == eid)
            lost += 1.0 + state.tokens[o * NSIDES + i]
        if len(a.args) == 2 and a.args[0] == a.args[1]:
            lost += 0.5
        return -lost if o == seat else lost
    return 0.0


def _effect_prior(state, seat, eff) -> float:
    if eff.timing == "if_attacked":
        return 0.2
    ok = check(state, seat, eff) is None
    return (1.0 if eff.is_attack else 0.5) if ok else -0.5


#: Search settings per level for this game (see ``game.ai.bots.SEARCH_LEVELS``): ``normal``
#: the generic 500 simulations, ``hard`` 2000 with the others' simultaneous plays searched as
#: their decisions (CPU medians 0.26 s and 1.04 s a decision, p90 0.36 s and 1.5 s, at a load
#: average of 3 on two cores).  Hard beat normal 18-0 with 2 draws (seeds 500-519), normal
#: beat easy 20-0 (2026-12-02).  The caps are guards, several times those medians.
BOT_LEVELS = {
    "normal": {"time_cap": 0.7},
    "hard": {"simulations": 2000, "hidden_bandits": True, "time_cap": 4.2},
}
