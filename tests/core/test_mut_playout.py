"""Random playouts (game.core.playout) and the protocol's chance test (game.core.protocol), on a tiny
counting game that follows the protocol: chance picks who starts, then players add 1 or 2 in turn
until the total reaches 5."""

from __future__ import annotations

import pytest

from game.core.playout import random_action, random_game, random_steps
from game.core.protocol import CHANCE, TERMINAL, GameState
from game.core.rng import Rng


class Count(GameState):
    """Chance says who starts (A or B), then each adds 1 or 2; over at a total of 5 or more."""

    def __init__(self, goal=5, stuck=False):
        self.seat = None
        self.total = 0
        self.goal = goal
        self.stuck = stuck
        self.log = []
        self.sampled = 0

    def current_player(self):
        if self.is_over():
            return TERMINAL
        return CHANCE if self.seat is None else self.seat

    def legal_actions(self):
        if self.current_player() == CHANCE:
            return ["first A", "first B"]
        return [] if self.stuck or self.is_over() else ["add 1", "add 2"]

    def apply(self, action):
        self.log.append(action)
        if action.startswith("first"):
            self.seat = action[-1]
            return [("first", self.seat)]
        self.total += int(action[-1])
        self.seat = "B" if self.seat == "A" else "A"
        return [("add", action[-1])]

    def clone(self):
        raise NotImplementedError

    def is_over(self):
        return self.total >= self.goal

    def chance_outcomes(self):
        return [("first A", 0.5), ("first B", 0.5)]

    def sample_chance(self):
        self.sampled += 1
        return "first B"


def test_protocol_chance_node_and_constants():
    state = Count()
    assert CHANCE == "chance" and TERMINAL == "terminal"
    assert state.is_chance_node() is True
    state.apply("first A")
    assert state.is_chance_node() is False and state.current_player() == "A"
    state.total = 5
    assert state.current_player() == TERMINAL and state.is_chance_node() is False


def test_protocol_defaults_raise_not_implemented():
    class Bare(GameState):
        current_player = legal_actions = apply = clone = is_over = lambda self, *a: None
    with pytest.raises(NotImplementedError):
        Bare().chance_outcomes()
    with pytest.raises(NotImplementedError):
        Bare().sample_chance()


def test_random_action_at_a_chance_node_is_the_states_own_draw():
    state = Count()
    rng = Rng(5)
    assert random_action(state, rng) == "first B"
    assert state.sampled == 1 and rng == Rng(5)  # the player's generator is not touched


def test_random_action_picks_legal_actions_at_below_len():
    state = Count()
    state.apply("first A")
    for seed in range(8):
        rng, expect = Rng(seed), Rng(seed)
        assert random_action(state, rng) == ["add 1", "add 2"][expect.below(2)]
        assert rng == expect  # one below(2) draw, no more


def test_random_action_with_no_legal_action_in_a_live_game_names_the_player():
    state = Count(stuck=True)
    state.apply("first B")
    with pytest.raises(RuntimeError) as err:
        random_action(state, Rng(1))
    assert str(err.value) == "no legal action for B in a live game"


def test_random_steps_applies_up_to_count_and_reports_each_step():
    state = Count(goal=100)
    seen = []
    done = random_steps(state, Rng(3), 4, on_step=lambda s, a, e: seen.append((s is state, a, e)))
    assert len(done) == 4 and done == state.log and done[0] == "first B"
    assert [a for _, a, _ in seen] == done and all(same for same, _, _ in seen)
    assert seen[0][2] == [("first", "B")] and seen[1][2] == [("add", done[1][-1])]
    assert random_steps(state, Rng(3), 0) == [] and len(state.log) == 4


def test_random_steps_stops_when_the_game_ends():
    state = Count(goal=5)
    done = random_steps(state, Rng(9), 50)
    assert state.is_over() and done == state.log
    assert 3 <= len(done) <= 6 and sum(int(a[-1]) for a in done[1:]) >= 5
    assert sum(int(a[-1]) for a in done[1:-1]) < 5  # no step after the end
    assert random_steps(state, Rng(9), 5) == []


def test_random_game_plays_to_the_end_and_counts_the_actions():
    a, b = Count(), Count()
    n = random_game(a, Rng(11))
    assert a.is_over() and n == len(a.log)
    assert random_game(b, Rng(11)) == n and b.log == a.log  # the same seed: the same game
    calls = []
    c = Count(goal=1000)
    assert random_game(c, Rng(2), max_actions=7, on_step=lambda *args: calls.append(args[1])) == 7
    assert calls == c.log and not c.is_over()


class Forever(GameState):
    """A game that never ends, as cheap as a state can be."""
    ACTIONS = ["go"]

    def current_player(self):
        return "A"

    def legal_actions(self):
        return self.ACTIONS

    def apply(self, action):
        return ()

    def clone(self):
        return self

    def is_over(self):
        return False


def test_random_game_default_cap_is_a_hundred_thousand_actions():
    assert random_game(Forever(), Rng(0)) == 100_000
