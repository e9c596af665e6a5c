"""Quiet mode (search): events keep kind, data and audience but no text; play is identical."""

from __future__ import annotations

import pytest

from game.ai.ismcts import Search
from game.core.playout import random_action
from game.core.registry import get_game
from game.core.rng import Rng
from game.trench import new_game

SPEC = get_game("trench-war")

GAMES = [(2, ()), (3, ("civilians",)), (4, ("guerrillas",)), (4, ("hidden-teams",)),
         (4, ("open-teams",)), (2, ("first-game",))]


@pytest.mark.parametrize("players,variants", GAMES)
def test_quiet_and_normal_runs_reach_identical_states(players, variants):
    for seed in range(3):
        rules = SPEC.make_ruleset([], list(variants))
        loud = SPEC.new_game(players, seed, rules)
        quiet = SPEC.new_game(players, seed, rules).set_quiet()
        rng_loud, rng_quiet = Rng(seed), Rng(seed)
        while not loud.is_over():
            a = random_action(loud, rng_loud)
            b = random_action(quiet, rng_quiet)
            assert a == b
            loud_events, quiet_events = loud.apply(a), quiet.apply(b)
            assert [(e.kind, e.data, e.seen_by) for e in loud_events] == \
                   [(e.kind, e.data, e.seen_by) for e in quiet_events]
            assert all(e.text == "" for e in quiet_events)
            assert all(e.text for e in loud_events)
            assert loud.key() == quiet.key() and loud == quiet
            assert loud.legal_actions() == quiet.legal_actions()
        assert quiet.is_over() and loud.result == quiet.result


def test_quiet_is_kept_by_clones_and_is_no_part_of_the_position():
    state = new_game(2, seed=3)
    assert state.quiet is False
    copy = state.clone().set_quiet()
    assert copy.clone().quiet is True and state.quiet is False
    assert copy.key() == state.key() and hash(copy) == hash(state)
    assert copy.set_quiet(False).quiet is False
    assert str(copy) == str(state)  # the position text does not show it


def test_the_search_plays_its_determinizations_quietly():
    state = new_game(2, seed=5)
    rng = Rng(5)
    while state.current_player() == "chance" or state.phase in ("first", "arm"):
        state.apply(random_action(state, rng))
    seen = []
    determinize = SPEC.determinize

    def spy(view, r):
        st = determinize(view, r)
        seen.append(st)
        return st

    spec = SPEC.__class__(**{**SPEC.__dict__, "determinize": spy})
    seat = state.current_player()
    Search(spec, seat, Rng(1)).run(SPEC.view(state, seat), simulations=5)
    assert len(seen) == 5 and all(st.quiet for st in seen)
    assert not state.quiet
