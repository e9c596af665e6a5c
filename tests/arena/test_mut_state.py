"""The Immortal Arena state's protocol (IA-3.3, IA-5, IA-11, IA-12.8), pinned exactly (issue 14)."""

import pytest
from arena_helpers import do, legal, position

from game.arena import new_game
from game.arena.notation import format_position
from game.arena.state import ArenaState, Result
from game.core.errors import IllegalActionError
from game.core.protocol import CHANCE, TERMINAL
from game.core.rng import Rng


def test_IA_11_result_as_dict():
    r = Result(("B",), "waza-ari", (0, 2), 17)
    assert r.as_dict() == {"winners": ["B"], "reason": "waza-ari", "scores": {"A": 0, "B": 2}, "turns": 17}
    assert Result((), "turn-limit", (1, 0), 200).as_dict() == {
        "winners": [], "reason": "turn-limit", "scores": {"A": 1, "B": 0}, "turns": 200}


def test_IA_5_clone_copies_every_slot_and_plays_on_alone():
    st = position({"A infantry": "front living damage=1 healing"}, turn=4, prov="A=3 B=1 bank=3",
                  waza="A=1 B=0", last="A=infantry B=cavalry:quick")
    st.legal_actions()
    c = st.clone()
    assert type(c) is ArenaState and c is not st
    for slot in ArenaState.__slots__:
        assert getattr(c, slot) == getattr(st, slot), slot
    text = format_position(st)
    do(c, "B cavalry charge")
    assert format_position(st) == text and format_position(c) != text
    assert legal(st) == legal(position({"A infantry": "front living damage=1 healing"}, turn=4,
                                       prov="A=3 B=1 bank=3", waza="A=1 B=0", last="A=infantry B=cavalry:quick"))


def test_IA_5_who_decides_in_each_phase():
    st = new_game(2, seed=3)
    assert st.current_player() == CHANCE and not st.is_over()
    do(st, "chance first A")
    assert st.current_player() == "A"
    do(st, "A infantry shoot cavalry")
    assert st.phase == "cancel" and st.current_player() == "B"
    dice = position(ruleset="dice")
    do(dice, "A ice_mage chill warrior")
    assert dice.phase == "roll" and dice.current_player() == CHANCE


def test_IA_11_4_over_is_terminal():
    st = position({"A cavalry": "front living", "B cavalry": "front living"}, waza="A=1 B=0", prov="A=2 B=0 bank=5")
    do(st, "A cavalry melee cavalry", "B allow")
    assert st.is_over() and st.current_player() == TERMINAL
    assert st.legal_actions() == [] and st.chance_outcomes() == []


def test_IA_3_3_and_IA_12_8_chance_outcomes():
    st = new_game(2, seed=3)
    assert [(str(a), p) for a, p in st.chance_outcomes()] == [("chance first A", 0.5), ("chance first B", 0.5)]
    dice = position(ruleset="dice")
    assert dice.chance_outcomes() == []
    do(dice, "A warrior sprint", "B ice_mage chill warrior")   # B's Chill from the middle reaches A's front
    outcomes = dice.chance_outcomes()
    assert len(outcomes) == 36 and all(p == 1 / 36 for _a, p in outcomes)
    assert str(outcomes[0][0]) == "chance roll 1 1" and str(outcomes[-1][0]) == "chance roll 6 6"


@pytest.mark.parametrize("seed", [0, 1, 3, 4])
def test_IA_3_3_sample_chance_is_the_generators_draw(seed):
    st = new_game(2, seed=seed)
    draw = Rng(st.rng).next_u64()
    expected = "chance first A" if draw < 2 ** 63 else "chance first B"
    assert str(st.sample_chance()) == expected


def test_IA_5_sample_chance_outside_a_chance_node_is_refused():
    st = position()
    with pytest.raises(IllegalActionError) as info:
        st.sample_chance()
    assert str(info.value) == "IA-5: not a chance node: A decides now"
    do(st, "A infantry shoot cavalry")
    with pytest.raises(IllegalActionError) as info:
        st.sample_chance()
    assert str(info.value) == "IA-5: not a chance node: B decides now"
    over = position({"A cavalry": "front living", "B cavalry": "front living"}, waza="A=1 B=0",
                    prov="A=2 B=0 bank=5")
    do(over, "A cavalry melee cavalry", "B allow")
    with pytest.raises(IllegalActionError) as info:
        over.sample_chance()
    assert str(info.value) == "IA-5: not a chance node: the game is over"


@pytest.mark.parametrize("turn, rnd", [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (9, 5)])
def test_IA_4_rounds_are_two_turns(turn, rnd):
    st = position(turn=max(turn, 1))
    st.turn = turn
    assert st.round == rnd


def test_IA_1_seats_and_units_by_owner_and_type():
    st = position({"B artillery": "back living spirit=2"})
    assert st.seats == ("A", "B")
    assert st.unit("B", "artillery").row == 2 and st.unit("B", "artillery").spirit == 2
    assert st.unit("A", "artillery").row == 1 and st.unit("A", "artillery").seat == 0
    assert st.unit("B", "cavalry").kind == "cavalry" and st.unit("B", "cavalry").seat == 1


def test_IA_1_state_text_equality_and_no_hash():
    st = position()
    assert str(st) == format_position(st)
    assert (st == position()) is True
    other = position()
    do(other, "A cavalry charge")
    assert (st == other) is False
    assert st.__eq__("x") is NotImplemented and (st == "x") is False
    with pytest.raises(TypeError):
        hash(st)


def test_IA_11_4_clone_of_a_finished_game_keeps_its_result():
    st = position({"A cavalry": "front living", "B cavalry": "front living"}, waza="A=1 B=0", prov="A=2 B=0 bank=5")
    do(st, "A cavalry melee cavalry", "B allow")
    c = st.clone()
    assert c.is_over() and c.result == st.result and c.result.winners == ("A",) and c.result.reason == "waza-ari"
    assert c.current_player() == TERMINAL and c.first == st.first == 0


def test_IA_5_sample_chance_in_As_cancel_window_names_A():
    st = position(turn=4)   # B acts; A holds the cancel window
    do(st, "B infantry shoot cavalry")
    with pytest.raises(IllegalActionError) as info:
        st.sample_chance()
    assert str(info.value) == "IA-5: not a chance node: A decides now"
