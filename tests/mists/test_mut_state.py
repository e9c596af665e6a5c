"""The Two Mists state's protocol (TM-1, TM-3, TM-4, TM-7.2a, TM-12.3), pinned exactly (issue 14)."""

import pytest

from game.core.protocol import CHANCE, TERMINAL
from game.mists.notation import format_position
from game.mists.setup import new_game
from game.mists.state import MistsState, pointing_seat
from mists_helpers import do, legal, make


def test_TM_1_seats_of_three_and_four_players():
    assert make("KWSM").seats == ("A", "B", "C")
    assert make("MKWSF").seats == ("A", "B", "C", "D")


def test_TM_4_who_decides_through_a_turn():
    s = new_game(4, 9)
    assert s.phase == "deal" and s.decider() == CHANCE and s.current_player() == CHANCE
    s = make("MKWSF", display="attack scout attack spear axe", active="B")
    assert s.decider() == 1 and s.current_player() == "B" and not s.is_over()
    do(s, "B take A1")
    assert s.draws and s.decider() == CHANCE and s.current_player() == CHANCE   # the refill comes first
    do(s, "chance draw A1 attack")
    assert s.phase == "target" and s.current_player() == "B"


def test_TM_7_2a_pointings_are_asked_from_the_taker_clockwise():
    s = make("MKWSF", display="scout attack attack spear axe", active="C")
    do(s, "C take A1; chance draw A1 attack")
    order = []
    for suspect in ("A", "A", "B", "B"):
        order.append(s.current_player())
        assert pointing_seat(s) == "ABCD".index(order[-1]) and s.decider() == pointing_seat(s)
        do(s, f"{order[-1]} point {suspect if suspect != order[-1] else 'C'}")
    assert order == ["C", "D", "A", "B"]
    assert s.phase == "target" and s.current_player() == "C"


def test_TM_7_2a_pointing_seat_once_everyone_has_pointed_is_the_taker():
    s = make("MKWSF", display="scout attack attack spear axe", active="B")
    s.pointing = (2, 3, 0, 1)
    assert pointing_seat(s) == 1


def test_TM_11_over_is_terminal():
    s = make("MKWSF", display="attack attack attack spear axe", life={"B": 1})
    do(s, "A take A1; chance draw A1 attack; A target B")
    assert s.is_over() and s.decider() == TERMINAL and s.current_player() == TERMINAL
    assert s.legal_actions() == [] and s.chance_outcomes() == []


def test_TM_5_3_owned_lists_equipment_in_the_order_taken():
    s = make("MKWSF", turn=19, revealed="B", records={"B": "2:axe 6:attack>C 10:poison 14:pass 18:spear"})
    assert s.owned(1) == ("axe", "poison", "spear")
    assert s.owned(0) == ()


def test_TM_12_clone_copies_every_slot_and_plays_on_alone():
    s = make("MKWSF", display="scout attack attack spear axe", active="B", life={"C": 4}, marks="D",
             revealed="A", records={"A": "1:pass"}, turn=2)
    s.legal_actions()
    c = s.clone()
    assert type(c) is MistsState and c is not s
    for slot in MistsState.__slots__:
        assert getattr(c, slot) == getattr(s, slot), slot
    text = format_position(s)
    do(c, "B take A1; chance draw A1 attack; B point A")
    assert format_position(s) == text and s.phase == "take" and c.phase == "point"
    assert legal(s) == ["B take A1", "B take A2", "B take A3", "B take E1", "B take E2", "B pass"]


def test_TM_12_clone_of_a_finished_game_keeps_its_result():
    s = make("MKWSF", display="attack attack attack spear axe", life={"B": 1})
    do(s, "A take A1; chance draw A1 attack; A target B")
    c = s.clone()
    assert c.is_over() and c.result == s.result and c.current_player() == TERMINAL


def test_TM_12_state_equality_repr_and_no_hash():
    s = make("MKWSF", turn=3)
    assert repr(s) == "<MistsState turn=3 phase=take>"
    assert (s == make("MKWSF", turn=3)) is True and (s == make("MKWSF", turn=4)) is False
    assert s.__eq__("x") is NotImplemented and (s == "x") is False
    with pytest.raises(TypeError):
        hash(s)
