"""Cheap move pickers shared by the bots: uniform, prior-guided, and one-ply greedy.

Game-agnostic: they use only ``game.core``'s state protocol and the optional ``evaluate`` and
``order_actions`` of a ``GameSpec``.
"""

from __future__ import annotations

from ..core.protocol import CHANCE


def guided_pick(spec, state, actions: list, rng, greed: float = 0.6, order=None):
    """An action drawn along the game's own ordering (``order``: another ``(state, actions)
    -> actions`` instead): the first with probability ``greed``, else the next with ``greed``
    of what is left ... (a geometric draw over ranks); uniform when there is no ordering."""
    n = len(actions)
    if n == 1:
        return actions[0]
    order = order or spec.order_actions
    if order is None:
        return actions[rng.below(n)]
    ranked = order(state, actions)
    # Geometric rank: compare a 16-bit uniform with greed repeatedly (one draw per step).
    threshold = int(greed * 65536)
    for a in ranked[:-1]:
        if (rng.next_u64() & 0xFFFF) < threshold:
            return a
    return ranked[-1]


def rollout_action(spec, state, rng, greed: float = 0.6):
    """The next action of a rollout: the state's own chance draw, else a guided pick."""
    if state.current_player() == CHANCE:
        return state.sample_chance()
    return guided_pick(spec, state, state.legal_actions(), rng, greed)


def greedy_pick(spec, state, seat, actions: list, rng, limit: int = 40, settle: int = 0):
    """One-ply look-ahead: apply each action (the ``limit`` best by the game's ordering) to a
    copy of ``state``, score it with ``evaluate`` for ``seat``, take the best (ties broken by
    the ordering, then at random).  ``settle``: chance steps and forced moves played out after
    the action before scoring (so a card's effect is seen)."""
    order = spec.order_actions
    ranked = order(state, actions) if order is not None else list(actions)
    ranked = ranked[:limit]
    best, best_value = [], None
    for rank, a in enumerate(ranked):
        child = state.clone()
        child.apply(a)
        for _ in range(settle):
            if child.is_over() or child.current_player() != CHANCE:
                break
            child.apply(child.sample_chance())
        value = spec.evaluate(child, seat) - 1e-4 * rank
        if best_value is None or value > best_value + 1e-9:
            best, best_value = [a], value
        elif abs(value - best_value) <= 1e-9:
            best.append(a)
    return best[rng.below(len(best))]
