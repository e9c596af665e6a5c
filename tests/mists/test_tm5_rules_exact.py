"""TM-5.1, TM-6.1, TM-7.4, TM-7.7, TM-10.2/10.3 in rules.py: the exact refusal of each take, and the
predicates' boundaries."""

import pytest

from game.core.errors import IllegalActionError
from game.mists.rules import can_take_any, damage_of, equipment_owned, sacrifice_self, stalemate, take_problem
from mists_helpers import do, life, make


def refusal(state, text):
    with pytest.raises(IllegalActionError) as info:
        state.apply(text)
    return str(info.value)


def test_TM_10_2_take_from_an_empty_slot_refused():
    s = make("MKWSF", display="attack - attack spear axe", active="A")
    assert refusal(s, "A take A2") == "TM-10.2: that display slot is empty"


def test_TM_5_1_forbidden_card_refused_naming_the_character():
    s = make("MKWSF", display="charge_k attack attack spear axe", active="B")
    assert refusal(s, "B take A1") == "TM-5.1: the knight may not take charge_k"
    assert take_problem(s, 1, 0, False, char="monster") is None


def test_TM_5_1_equipment_already_owned_refused():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", records={"A": "1:spear"})
    assert refusal(s, "A take E1") == "TM-5.1: spear is already in this player's record"
    assert take_problem(s, 0, 3, False) == "TM-5.1: spear is already in this player's record"
    # another player's spear does not count
    assert take_problem(s, 1, 3, False) is None


def test_TM_7_7_intimidated_turn_refuses_action_cards():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", restricted=True)
    assert refusal(s, "A take A1") == "TM-7.7: an intimidated turn allows only equipment cards, not attack"
    assert take_problem(s, 0, 3, True) is None


def test_TM_9_1_can_take_any_false_only_when_every_slot_fails():
    s = make("MKWSF", display="- - - spear -", active="C")
    assert can_take_any(s, 2, False) is False           # the witch may not take the spear
    assert can_take_any(s, 0, False) is True
    assert can_take_any(s, 0, True) is True             # equipment stays legal when intimidated


def test_TM_6_1_damage_counts_each_weapon_but_not_poison():
    s = make("MKWSF", display="attack attack attack - -", active="B", records={"B": "2:spear 6:axe 10:poison"}, turn=13)
    assert damage_of(s, 1, "attack") == 3 and damage_of(s, 1, "charge_m") == 4 and damage_of(s, 0, "attack") == 1
    assert equipment_owned(s, 1) == 3 and equipment_owned(s, 0) == 0


def test_TM_7_4_sacrifice_self_damage_floor():
    s = make("MKWSF", display="attack attack attack - -", active="B", records={"B": "2:spear 6:axe 10:poison"}, turn=13)
    assert sacrifice_self(s, 1) == 2 and sacrifice_self(s, 0) == 5
    t = make("MKWSF", display="attack attack attack - -", active="B", records={"B": "2:spear 6:axe 10:poison"}, turn=13,
             rules=["sacrifice_base=2", "sacrifice_floor=1"])
    assert sacrifice_self(t, 1) == 1


def test_TM_10_3_stalemate_cases():
    s = make("MKWSF", display="- - - - -", active="A")
    assert stalemate(s) is True
    s = make("MKWSF", display="- - - - poison", active="A", revealed="ABCD")
    assert stalemate(s) is False          # B, C and D could take the poison
    s = make("MKWSF", display="- - - - poison", active="A", revealed="ABC")
    assert stalemate(s) is False          # D unrevealed
    s = make("MKWS", display="- - - - poison", active="A", revealed="ABC", records={"B": "2:poison", "C": "3:poison"},
             turn=4)
    assert stalemate(s) is True           # the Monster may not, the others own one
    s = make("MKWSF", display="attack - - - -", active="A", revealed="ABCD")
    assert stalemate(s) is False


def test_TM_10_3_stalemate_at_turn_start_ends_the_game():
    s = make("MKWS", display="- - - - poison", active="C", revealed="ABC", records={"B": "2:poison", "C": "3:poison"},
             turn=6)
    events = do(s, "C pass")
    assert events[-1].kind == "end" and s.result.reason == "stalemate" and life(s)["C"] == 1


def test_TM_5_2_can_take_any_for_a_supposed_character():
    s = make("MKWSF", display="- - - spear -", active="C")
    assert can_take_any(s, 2, False) is False
    assert can_take_any(s, 2, False, char="monster") is True     # what C could take were it the Monster
