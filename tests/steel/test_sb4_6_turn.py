"""SB-2.2, SB-4 turn, SB-5 resolution order, SB-6 moves and recover.  I plays the first mech named,
II the second (H Heavy 7, A Agile 3, S Standard 5)."""

import pytest

from game.core.errors import IllegalActionError
from game.steel.view import view

from .helpers import game, kinds, legal_texts, move, recover, run, unit

ALL5 = ["C1:advance", "C2:back", "C3:left", "C4:full_retreat", "C5:mech"]


def test_SB_2_2_recover_gain_capped_at_sp_max():
    st = game(sp=(0, 4), piles={"II": ["C1:front", "C2:back", "C3:left"]})
    run(st, move("I", "retreat"), recover("II"))
    assert st.sp == (0, 5) and st.piles[1] == ()


def test_SB_2_2_jamming_floors_sp_at_zero():
    st = game(escorts=("infantry medic engineer sniper", "disruptor medic engineer sniper"), sp=(1, 0))
    run(st, recover("I"), unit(st, "II", "disruptor"), "II effect jamming")
    assert st.sp == (0, 0)


def test_SB_4_1_hand_of_only_recover():
    st = game(piles={"I": ALL5})
    assert st.hand(0) == ("C6",)
    assert legal_texts(st) == ["I play C6 recover"]


def test_SB_4_1_hand_C1_C5_C6_gives_four_plays():
    st = game(piles={"I": ["C2:back", "C3:left", "C4:right"]})
    assert legal_texts(st) == ["I play C1 advance", "I play C1 front", "I play C5 mech", "I play C6 recover"]


def test_SB_4_1_card_not_in_hand_or_wrong_half_refused():
    st = game(piles={"I": ["C2:back"]})
    with pytest.raises(IllegalActionError, match="^SB-4.1: C2 is not in I's hand"):
        st.apply("I play C2 retreat")
    with pytest.raises(IllegalActionError, match="^SB-4.1: C1 has no half 'back'"):
        st.apply("I play C1 back")
    with pytest.raises(IllegalActionError, match="^SB-4.1: I decides now"):
        st.apply("II play C1 front")
    with pytest.raises(IllegalActionError, match="^SB-7.1: the effect is chosen when the item resolves"):
        st.apply("I play C1 front rifle")


def test_SB_4_2_played_card_goes_to_the_table_pile():
    st = game()
    run(st, "I play C1 front", recover("II"), "I effect rifle", "II hit medic")
    assert st.piles[0] == (("C1", "front"),) and len(st.hand(0)) == 5
    assert view(st, "II").piles[0] == (("C1", "front"),)


def test_SB_4_5_after_five_plays_only_recover_is_left():
    st = game()
    for card in ("C1 advance", "C2 retreat", "C3 full_advance", "C4 full_retreat", "C5 mech"):
        run(st, f"I play {card}", "II play C5 mech" if card == "C1 advance" else recover("II"))
        while st.phase == "resolve":
            st.apply(st.legal_actions()[0])
    assert st.hand(0) == ("C6",)


def test_SB_5_1_empty_side_is_no_item():
    st = game(removed=[("I", "infantry")])
    events = run(st, "I play C1 front", move("II", "retreat"))
    reveal = [e for e in events if e.kind == "reveal"][0]
    assert reveal.get("speeds") == (None, 2) and reveal.get("order") == ("II",)
    assert st.piles[0] == (("C1", "front"),) and st.dist == 3 and st.phase == "play"
    assert "effect" not in kinds(events)


def test_SB_5_2_tie_lower_mech_speed_first():
    st = game(dist=1)
    run(st, unit(st, "I", "infantry"), unit(st, "II", "infantry"))
    assert st.order == (1, 0) and st.current_player() == "II"
    events = run(st, "II effect focused", "II hit sniper", "I effect focused", "I hit medic")
    assert [e.get("seat") for e in events if e.kind == "effect"] == ["II", "I"]


def test_SB_5_4_unit_destroyed_before_its_item_does_nothing():
    st = game(dist=1, tokens={"I": ["sniper"]})
    run(st, unit(st, "I", "sniper"), unit(st, "II", "infantry"))
    assert st.speeds == (6, 4)
    events = run(st, "II effect focused", "II hit sniper")
    assert st.sides[3] is None
    item = [e for e in events if e.kind == "item"]
    assert item[-1].get("unit") is None and item[-1].get("seat") == "I" and item[-1].get("was") == "I:sniper"
    assert st.phase == "play" and st.piles[0] == (("C4", "right"),)


@pytest.mark.parametrize("mechs,first", [(("standard", "heavy"), 0), (("standard", "agile"), 1)])
def test_SB_5_2_three_kinds_tie_order(mechs, first):
    st = game(mechs=mechs)
    run(st, unit(st, "I", "infantry"), unit(st, "II", "infantry"))
    assert st.order == (first, 1 - first)
    assert st.current_player() == ("I", "II")[first]


def test_SB_5_2_standard_mech_before_heavy_full_advance():
    st = game(mechs=("standard", "heavy"), dist=3, sp=(1, 0))
    run(st, unit(st, "I", "mech"), move("II", "full_advance"))
    assert st.speeds == (5, 5) and st.order == (0, 1)
    events = run(st, "I effect long_gun")
    assert [e.kind for e in events if e.kind in ("damage", "move")] == ["damage", "move"]
    assert st.hp == (6, 5) and st.sp == (0, 0) and st.dist == 1


def test_SB_5_5_win_ends_at_once():
    st = game(hp=(2, 5), sp=(0, 1), dist=1)
    run(st, unit(st, "I", "infantry"), unit(st, "II", "mech"))
    events = run(st, "II effect melee")
    assert st.is_over() and st.result.winners == ("II",) and st.result.reason == "mech"
    assert st.hp == (0, 5)
    assert [e.get("seat") for e in events if e.kind == "item"] == []     # I's infantry never acts
    with pytest.raises(IllegalActionError, match="^SB-10: the game is over"):
        st.apply("I effect focused")


@pytest.mark.parametrize("start,kind,after", [(1, "advance", 1), (3, "retreat", 3), (3, "full_advance", 1),
                                              (2, "full_advance", 1), (1, "full_advance", 1),
                                              (2, "full_retreat", 3), (2, "advance", 1), (2, "retreat", 3)])
def test_SB_6_1_to_6_3_moves(start, kind, after):
    st = game(dist=start)
    events = run(st, move("I", kind), recover("II"))
    mv = [e for e in events if e.kind == "move"][0]
    assert st.dist == after and mv.get("result") == ("void" if start == after else "moved")


def test_SB_6_4_two_advances_second_void():
    st = game()
    events = run(st, move("I", "advance"), move("II", "advance"))
    assert [(e.get("seat"), e.get("after"), e.get("result")) for e in events if e.kind == "move"] == \
        [("II", 1, "moved"), ("I", 1, "void")]


def test_SB_6_4_advance_then_full_retreat():
    st = game()
    events = run(st, move("I", "full_retreat"), move("II", "advance"))
    assert [(e.get("seat"), e.get("after")) for e in events if e.kind == "move"] == [("II", 1), ("I", 3)]


def test_SB_6_6_recover_three_cards():
    st = game(sp=(1, 0), piles={"I": ["C1:advance", "C2:back", "C5:mech"]})
    events = run(st, recover("I"), move("II", "retreat"))
    assert len(st.hand(0)) == 6 and st.sp == (4, 0) and st.clock == 2 and st.piles[0] == ()
    assert [e.get("cards") for e in events if e.kind == "recover"] == [("C1", "C2", "C5")]


def test_SB_6_6_recover_empty_pile():
    st = game(sp=(2, 0))
    run(st, recover("I"), move("II", "retreat"))
    assert st.sp == (2, 0) and st.clock == 2


def test_SB_6_6_recover_empty_refused_when_switched_off():
    st = game(settings=["recover_empty=false"])
    assert "I play C6 recover" not in legal_texts(st)
    with pytest.raises(IllegalActionError, match="^SB-6.6: a recover with an empty table pile is not allowed"):
        st.apply("I play C6 recover")


def test_SB_6_6_both_recover():
    st = game(clock=3)
    events = run(st, recover("I"), recover("II"))
    assert st.clock == 5
    assert [(e.get("before"), e.get("after")) for e in events if e.kind == "clock"] == [(3, 4), (4, 5)]


def test_SB_6_6_and_SB_10_3_clock_end_first_recover_wins_the_race():
    st = game(clock=9, piles={"I": ["C1:advance"]})
    events = run(st, recover("I"), recover("II"))
    assert st.is_over() and st.clock == 10 and st.result.reason == "clock"
    assert [e.get("seat") for e in events if e.kind == "recover"] == ["II"]
    assert st.sp == (0, 0)          # I's recover never resolved
    # end score: H 6 + 4 escorts = 10, A 5 + 4 = 9
    assert st.result.scores == (10, 9) and st.result.winners == ("I",)
