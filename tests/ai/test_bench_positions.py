"""``game.ai.bench``: the search-speed figure has a mid-game position for every game and every
player count it allows (it used to assume two players and 24 decisions: null for Two Mists and
Immortal Arena)."""

from __future__ import annotations

import pytest

from game.ai.bench import halfway_position, mcts_sims_per_s
from game.core.protocol import CHANCE, TERMINAL
from game.core.registry import game_names, get_game

CASES = [(g, n) for g in game_names() for n in get_game(g).players]


@pytest.mark.parametrize("game,players", CASES)
def test_halfway_position_is_a_real_choice_of_a_seat(game, players):
    spec, state = halfway_position(game, players)
    assert spec.name == game and len(spec.seats(state)) == players
    assert state.current_player() not in (CHANCE, TERMINAL) and not state.is_over()
    assert len(state.legal_actions()) >= 2
    assert not getattr(state, "pending", ())


def test_halfway_position_is_the_same_every_time():
    a = halfway_position("trench-war", 3)[1]
    b = halfway_position("trench-war", 3)[1]
    spec = get_game("trench-war")
    assert spec.format_position(a) == spec.format_position(b)


def test_halfway_position_refuses_a_player_count_the_game_does_not_allow():
    with pytest.raises(ValueError, match="two-mists is for 3, 4 players, not 2"):
        halfway_position("two-mists", 2)


@pytest.mark.parametrize("game", game_names())
def test_mcts_sims_per_s_is_a_figure_for_every_game(game):
    assert mcts_sims_per_s(game, seconds=0.05) > 0
