"""Search speed for ``tools/bench.py``: ISMCTS simulations per second from a mid-game position."""

from __future__ import annotations

import time

from ..core.protocol import CHANCE
from ..core.registry import get_game
from . import make_bot


def mid_game(game: str = "trench-war", players: int = 2, seed: int = 11, decisions: int = 24):
    """``(spec, state)``: a position at least ``decisions`` easy-bot decisions into a game where
    the player to move has a real choice (five legal actions or more) and no owed side decision
    is pending; games that end first are skipped for the next seed."""
    spec = get_game(game)
    for tries in range(50):
        state = spec.new_game(players, seed + tries, spec.make_ruleset([], []))
        bots = {s: make_bot(spec, "easy", seed=i) for i, s in enumerate(spec.seats(state))}
        done = 0
        while not state.is_over():
            player = state.current_player()
            if player == CHANCE:
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            if done >= decisions and len(legal) >= 5 and not getattr(state, "pending", ()):
                return spec, state
            state.apply(bots[player].choose(spec.view(state, player), legal))
            done += 1
    raise RuntimeError(f"{game}: no mid-game position found")


def mcts_sims_per_s(game: str = "trench-war", seconds: float = 1.0) -> float:
    """Simulations per second of the ``hard`` bot searching one mid-game decision for
    ``seconds`` (one simulation: a determinization, a tree walk, a rollout, an evaluation)."""
    spec, state = mid_game(game)
    seat = state.current_player()
    bot = make_bot(spec, "hard", seed=0, seconds=seconds, simulations=10**9)
    started = time.perf_counter()
    bot.choose(spec.view(state, seat), state.legal_actions())
    return bot.last_simulations / (time.perf_counter() - started)
