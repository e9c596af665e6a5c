"""Random legal decisions for any game that follows ``game.core.protocol``.

Chance outcomes come from the state's own seeded generator; player decisions
from a separate :class:`Rng`, so a (state seed, player seed) pair replays
exactly in any process.
"""

from __future__ import annotations

from .protocol import CHANCE
from .rng import Rng


def random_action(state, rng: Rng):
    """A uniformly random legal decision (or the state's own chance draw)."""
    if state.current_player() == CHANCE:
        return state.sample_chance()
    actions = state.legal_actions()
    if not actions:
        raise RuntimeError(f"no legal action for {state.current_player()} in a live game")
    return actions[rng.below(len(actions))]


def random_steps(state, rng: Rng, count: int, on_step=None) -> list:
    """Apply up to ``count`` random decisions (fewer if the game ends); return them."""
    done = []
    for _ in range(count):
        if state.is_over():
            break
        action = random_action(state, rng)
        events = state.apply(action)
        done.append(action)
        if on_step is not None:
            on_step(state, action, events)
    return done


def random_game(state, rng: Rng, max_actions: int = 100_000, on_step=None) -> int:
    """Play random decisions to the end; return the number of actions applied."""
    return len(random_steps(state, rng, max_actions, on_step))
