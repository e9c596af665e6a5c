"""TM-3 setup pinned exactly (issue 14): every field of a new game, the setup's chance steps, errors."""

import pytest

from game.core.errors import RulesetError
from game.core.protocol import CHANCE
from game.core.rng import Rng
from game.mists.ruleset import make_ruleset
from game.mists.setup import new_game, play_setup


@pytest.mark.parametrize("n", [3, 4])
def test_TM_3_new_game_every_field(n):
    s = new_game(n, 9)
    assert s.n == n and s.rng == Rng(9).state and s.phase == "deal" and s.turn == 0
    assert s.active == 0 and s.start is None and s.restricted is False
    assert s.chars == (None,) * n and s.leftover is None and s.revealed == (False,) * n
    assert s.life == (7,) * n and s.marks == (False,) * n and s.records == ((),) * n
    # TM-0: attack 6, scout 4, five Charge variants x2, sacrifice, combo, arcana, intimidate x3; 5 equipment x3
    assert s.apile == (6, 4, 2, 2, 2, 2, 2, 3, 3, 3, 3) and sum(s.apile) == 32
    assert s.epile == (3, 3, 3, 3, 3) and sum(s.epile) == 15
    assert s.display == (None,) * 5 and s.draws == () and s.pointing is None
    assert s.result is None and s.legal_cache is None
    assert s.current_player() == CHANCE and s.rules == make_ruleset()


def test_TM_3_ruleset_shapes_the_new_game():
    s = new_game(3, 1, make_ruleset(["life_start=5", "life_max=9", "action_slots=4", "equipment_slots=1"]))
    assert s.life == (5, 5, 5) and s.display == (None,) * 5


@pytest.mark.parametrize("players", [2, 5, 0])
def test_TM_1_player_count_is_refused_by_name(players):
    with pytest.raises(RulesetError) as info:
        new_game(players, 1)
    assert str(info.value) == f"TM-1: Two Mists is for 3 or 4 players, not {players}"


@pytest.mark.parametrize("n", [3, 4])
def test_TM_3_play_setup_stops_at_the_first_decision(n):
    s = new_game(n, 21)
    assert play_setup(s) is s
    assert s.turn == 1 and s.phase == "take" and s.current_player() in "ABCD"[:n]
    assert s.start == s.active and None not in s.chars and s.leftover is not None
    assert None not in s.display and sum(s.apile) == 29 and sum(s.epile) == 13
    assert s.records == ((),) * n and s.life == (7,) * n


def test_TM_3_play_setup_is_reproducible():
    a, b = play_setup(new_game(4, 5)), play_setup(new_game(4, 5))
    assert a == b and a.chars == b.chars and a.display == b.display and a.start == b.start


def test_TM_3_default_new_game_is_four_players_seed_0():
    s = new_game()
    assert s.n == 4 and s.rng == Rng(0).state


def test_TM_0_a_hand_built_ruleset_with_a_short_character_set_is_refused():
    from game.mists.ruleset import Ruleset
    with pytest.raises(RulesetError) as info:
        new_game(3, 1, Ruleset(characters_3p="monster,knight,witch"))
    assert str(info.value) == "TM-0: characters_3p must name 4 characters"
    with pytest.raises(RulesetError) as info:
        new_game(4, 1, Ruleset(characters_4p="monster,knight,witch,saint"))
    assert str(info.value) == "TM-0: characters_4p must name 5 characters"


def test_TM_10_1_play_setup_leaves_a_mid_game_refill_alone():
    from mists_helpers import do, make
    s = make("MKWSF", display="attack scout attack spear axe")
    do(s, "A take A1")
    assert s.current_player() == CHANCE and s.draws == (0,)
    assert play_setup(s) is s and s.draws == (0,) and s.display[0] is None
