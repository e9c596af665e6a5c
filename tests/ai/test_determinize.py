"""Trench War's determinization (game.trench.ai): a drawn state agrees with the view it came
from, for every seat, player count and variant (TW-10: only the secrets are guessed)."""

from __future__ import annotations

import pytest

from game.core.playout import random_action
from game.core.rng import Rng
from game.trench import new_game
from game.trench.ai import determinize
from game.trench.ruleset import make_ruleset
from game.trench.state import START_HAND, ACTION_CARDS
from game.trench.view import view

CASES = [(p, v) for p in (2, 3, 4) for v in (None, "first-game", "civilians", "guerrillas")]
CASES += [(4, "open-teams"), (4, "hidden-teams")]


def _positions(players, variant, seed, every=4):
    """States along one random game, every ``every`` decisions."""
    rules = make_ruleset([], [variant] if variant else [])
    state, rng = new_game(players, seed=seed, rules=rules), Rng(seed)
    k = 0
    while not state.is_over():
        if k % every == 0:
            yield state
        state.apply(random_action(state, rng))
        k += 1


@pytest.mark.parametrize("players,variant", CASES)
def test_TW_10_determinize_view_round_trip(players, variant):
    checked = 0
    for seed in (1, 2):
        for state in _positions(players, variant, seed):
            for seat in state.seats + (None,):
                v = view(state, seat)
                d = determinize(v, Rng(checked))
                assert view(d, seat) == v
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("players,variant", [(2, None), (4, "hidden-teams"), (3, "civilians")])
def test_TW_10_determinized_states_play_on(players, variant):
    """A determinization is a legal position: random play from it runs to the end, invariants hold."""
    from game.trench.invariants import check_invariants
    for k, state in enumerate(_positions(players, variant, 5, every=9)):
        seat = state.seats[k % players]
        d = determinize(view(state, seat), Rng(k))
        assert check_invariants(d) == []
        rng = Rng(k)
        for _ in range(40):
            if d.is_over():
                break
            d.apply(random_action(d, rng))
        assert check_invariants(d) == []


def test_TW_10_determinize_hidden_cards_come_from_the_unseen_pool():
    """Other hands and plots are drawn from 12 cards minus public discards; the viewer's own
    hand and plot are kept; the generator gets a seed from the given rng."""
    state = new_game(2, seed=3)
    rng = Rng(3)
    while state.phase != "turn":
        state.apply(random_action(state, rng))
    v = view(state, "S")
    d = determinize(v, Rng(9))
    assert d.hands["S"] == state.hands["S"] and d.plots["S"] == state.plots["S"]
    pool = d.hands["N"]
    for card in d.plots["N"]:
        pool = ACTION_CARDS.add(pool, card)
    assert ACTION_CARDS.merge(pool, d.discards["N"]) == START_HAND
    assert len(d.plots["N"]) == len(state.plots["N"])
    assert d.rng is not None and determinize(v, Rng(9)).key() == d.key()


def test_TW_10_unseen_weapons_are_unfired_tiles_of_their_own_seat():
    state = new_game(2, seed=4)
    rng = Rng(4)
    while state.phase in ("first", "arm"):
        state.apply(random_action(state, rng))
    d = determinize(view(state, "S"), Rng(1))
    north = [s for s in d.soldiers if s.seat == "N"]
    assert len(north) == state.rules.soldiers_per_player  # precondition: N's soldiers are all on the table
    for s in north:
        (w,) = s.weapons
        assert w.tile.startswith("N:") and w.ammo == state.rules.ammo(w.kind)
    assert sorted(w.tile for s in d.soldiers if s.seat == "N" for w in s.weapons) == \
        sorted(w.tile for s in state.soldiers if s.seat == "N" for w in s.weapons)
