"""Search speed for ``tools/bench.py``: ISMCTS simulations per second from a mid-game position."""

from __future__ import annotations

import time

from ..core.protocol import CHANCE
from ..core.registry import get_game
from . import make_bot


def mid_game(game: str = "trench-war", players: int = 2, seed: int = 11, decisions: int = 30):
    """A position ``decisions`` easy-bot decisions into a game (fewer if it would end there)."""
    spec = get_game(game)
    state = spec.new_game(players, seed, spec.make_ruleset([], []))
    bots = {s: make_bot(spec, "easy", seed=i) for i, s in enumerate(spec.seats(state))}
    done = 0
    while done < decisions:
        player = state.current_player()
        if player == CHANCE:
            state.apply(state.sample_chance())
            continue
        trial = state.clone()
        trial.apply(bots[player].choose(spec.view(state, player), state.legal_actions()))
        if trial.is_over():
            break
        state = trial
        done += 1
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance())
    return spec, state


def mcts_sims_per_s(game: str = "trench-war", seconds: float = 1.0) -> float:
    """Simulations per second of the ``hard`` bot searching one mid-game decision for
    ``seconds`` (one simulation: a determinization, a tree walk, a rollout, an evaluation)."""
    spec, state = mid_game(game)
    seat = state.current_player()
    bot = make_bot(spec, "hard", seed=0, seconds=seconds, simulations=10**9)
    started = time.perf_counter()
    bot.choose(spec.view(state, seat), state.legal_actions())
    return bot.last_simulations / (time.perf_counter() - started)
