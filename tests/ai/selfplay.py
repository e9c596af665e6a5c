"""Whole games between search bots, for the determinism tests (not a test module)."""

from __future__ import annotations

from game.ai import make_bot
from game.core.protocol import CHANCE
from game.core.registry import get_game


def play_bots(game, players, lineup, seed, simulations):
    """The actions of one game of ``game`` (seed ``seed``) between bots of the levels in ``lineup``
    (seat ``i``'s bot seeded ``seed + i``) with a budget of ``simulations``; no bot may hit its cap."""
    spec = get_game(game)
    state = spec.new_game(players, seed, spec.make_ruleset([], []))
    seats = spec.seats(state)
    bots = {s: make_bot(spec, lineup[i], seed=seed + i, simulations=simulations) for i, s in enumerate(seats)}
    actions = []
    while not state.is_over():
        p = state.current_player()
        a = state.sample_chance() if p == CHANCE else bots[p].choose(spec.view(state, p), state.legal_actions())
        state.apply(a)
        actions.append(str(a))
    assert not any(b.capped for b in bots.values())
    return actions
