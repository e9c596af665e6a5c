"""IA-3 setup pinned exactly (issue 14): every field of a new game, the seed, the errors' messages."""

import pytest

from game.arena import make_ruleset, new_game
from game.arena.setup import empty_state
from game.core.errors import RulesetError, SeedError
from game.core.protocol import CHANCE


def test_IA_3_new_game_every_field():
    st = new_game(2, seed=77)
    assert st.rng == 77 and st.phase == "first" and st.turn == 0 and st.player == -1 and st.first == -1
    assert [(u.seat, u.kind, u.row, u.living, u.damage, u.spirit, u.healing, u.pinned) for u in st.units] == [
        (s, k, 1, True, 0, 0, False, False) for s in (0, 1) for k in ("cavalry", "infantry", "artillery")]
    assert st.provisions == (2, 2) and st.bank == 3 and st.waza == (0, 0) and st.points == (0, 0)
    assert st.last == ((-1, False), (-1, False)) and st.pending is None and st.result is None
    assert st.current_player() == CHANCE and st.table.types == ("cavalry", "infantry", "artillery")


def test_IA_3_the_seed_is_kept_to_64_bits():
    for seed in ((1 << 64) + 5, -1):   # refused, never wrapped to another game's seed (issue 24, point 3)
        with pytest.raises(SeedError, match="out of range"):
            new_game(2, seed=seed)
    assert new_game(2, seed=(1 << 64) - 1).rng == (1 << 64) - 1
    assert empty_state(make_ruleset(), (1 << 64) + 5).rng == 5   # the low-level builder keeps 64 bits
    assert new_game(2).rng == 0 and empty_state(make_ruleset()).rng == 0
    default = new_game()          # two players, seed 0
    assert default.rng == 0 and len(default.units) == 6 and default.provisions == (2, 2)


def test_IA_3_start_row_and_provisions_are_ruleset_data():
    st = new_game(2, seed=1, rules=make_ruleset(["start_row=back", "provisions_total=11", "start_provisions=4"]))
    assert all(u.row == 2 for u in st.units)
    assert st.provisions == (4, 4) and st.bank == 3
    st = new_game(2, seed=1, rules=make_ruleset(["start_row=front"]))
    assert all(u.row == 0 for u in st.units)


def test_IA_3_dice_setup():
    st = new_game(2, seed=1, rules=make_ruleset(["ruleset=dice"]))
    assert st.provisions == (0, 0) and st.bank == 0 and st.points == (0, 0) and st.waza == (0, 0)
    assert [u.kind for u in st.units] == ["warrior", "fire_mage", "ice_mage"] * 2
    assert all(u.row == 1 and u.living for u in st.units)


@pytest.mark.parametrize("how", ["argument", "ruleset"])
def test_IA_3_3_a_fixed_first_player_starts_turn_1(how):
    if how == "argument":
        st = new_game(2, seed=1, first="B")
    else:
        st = new_game(2, seed=1, rules=make_ruleset(["first_player=B"]))
    assert st.phase == "act" and st.turn == 1 and st.player == 1 and st.first == 1
    assert st.current_player() == "B" and st.provisions == (2, 2) and st.bank == 3   # no gain on turn 1
    assert st.legal_actions()[0].actor == "B"


def test_IA_3_3_the_argument_overrides_the_ruleset():
    st = new_game(2, seed=1, rules=make_ruleset(["first_player=B"]), first="A")
    assert st.player == 0 and st.first == 0


def test_IA_1_and_IA_3_errors_name_the_problem():
    with pytest.raises(RulesetError) as info:
        new_game(3, seed=1)
    assert str(info.value) == "IA-1: Immortal Arena is for 2 players, not 3"
    with pytest.raises(RulesetError) as info:
        new_game(2, seed=1, first="C")
    assert str(info.value) == "IA-3: first player must be A or B, not 'C'"
