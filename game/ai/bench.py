"""Search speed for ``tools/bench.py``: ISMCTS simulations per second from a mid-game position."""

from __future__ import annotations

import time

from ..core.protocol import CHANCE
from ..core.registry import get_game
from . import make_bot


def mid_game(game: str = "trench-war", players: int | None = None, seed: int = 11, decisions: int = 24):
    """``(spec, state)``: a position at least ``decisions`` easy-bot decisions into a game of
    ``players`` (the game's usual count by default) where the player to move has a real choice
    (five legal actions or more) and no owed side decision is pending; games that end first are
    skipped for the next seed.  Tests use it for a fixed position; the bench uses
    :func:`halfway_position`, which fits any game's length and player count."""
    spec = get_game(game)
    players = _players(spec, players)
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


def _players(spec, players):
    players = spec.default_players if players is None else players
    if players not in spec.players:
        raise ValueError(f"{spec.name} is for {', '.join(map(str, spec.players))} players, not {players}")
    return players


def halfway_position(game: str = "trench-war", players: int | None = None, seed: int = 11):
    """``(spec, state)``: a position about halfway through an easy-bot game of ``players``
    (the game's usual count by default) where the player to move has a real choice and no
    owed side decision is pending.

    One whole game is played and its decision points kept; the position is the first from the
    middle on with as much choice as the second half offers (five legal actions asked at
    most).  A game with no such decision is skipped for the next seed."""
    spec = get_game(game)
    players = _players(spec, players)
    for tries in range(20):
        state = spec.new_game(players, seed + tries, spec.make_ruleset([], []))
        bots = {s: make_bot(spec, "easy", seed=i) for i, s in enumerate(spec.seats(state))}
        points = []  # (number of legal actions, state) at each decision with a real choice
        while not state.is_over():
            player = state.current_player()
            if player == CHANCE:
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            if len(legal) >= 2 and not getattr(state, "pending", ()):
                points.append((len(legal), state.clone()))
            state.apply(bots[player].choose(spec.view(state, player), legal))
        later = points[len(points) // 2:]
        if later:
            want = min(5, max(n for n, _ in later))
            return spec, next(s for n, s in later if n >= want)
    raise RuntimeError(f"{game}: no mid-game position found in 20 games of {players} players")


def mcts_sims_per_s(game: str = "trench-war", seconds: float = 1.0, players: int | None = None,
                    clock=time.perf_counter) -> float:
    """Simulations per second of the ``hard`` bot searching one mid-game decision for
    ``seconds`` (one simulation: a determinization, a tree walk, a rollout, an evaluation).
    ``clock``: the clock the rate is taken on (``time.process_time`` for CPU time)."""
    spec, state = halfway_position(game, players)
    seat = state.current_player()
    bot = make_bot(spec, "hard", seed=0, seconds=seconds, simulations=10**9)
    started = clock()
    bot.choose(spec.view(state, seat), state.legal_actions())
    return bot.last_simulations / (clock() - started)
