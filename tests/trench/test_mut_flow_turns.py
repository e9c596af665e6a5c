"""TW-5 turns through the flow: when a turn ends by itself, what the player is asked, the
Interrupt card (TW-4.4, TW-6.10), a remote dig taking both actions, Camp once per turn, seats
with no soldier left, and the refusals of ``apply``.  Expected values worked out from the rules.
"""

import pytest
from trench_helpers import illegal, legal, play, position, scene, where

from game.core.errors import IllegalActionError
from game.core.rng import Rng
from game.trench.notation import format_position, parse_position
from game.trench.state import ACTION_CARDS

HIGH = "target_points_2p=9 target_points=9"


def table(events):
    return [(e.kind, dict(e.data), e.text) for e in events]


def test_TW_9_no_action_once_the_game_is_over_and_the_message_names_it():
    text = scene(cells={"d7": "nN"}, soldiers="S1 board d6 n\nN1 board b6 s", points={"S": 1},
                 turn="S cards=move,turn slot=1 uses=0")
    st, _ = play(text, "S1 step n")
    assert st.result.winners == ("S",) and st.legal_actions() == []
    with pytest.raises(IllegalActionError) as info:
        st.apply("S reveal")
    assert str(info.value) == "TW-9: the game is over; S reveal is not possible"


def test_TW_5_an_action_not_in_the_legal_list_is_refused_and_changes_nothing():
    text = scene(soldiers="S1 board d2 n\nN1 board b6 s", turn="S cards=move slot=1 uses=0", rules=HIGH)
    assert illegal(text, "S1 turn e", "TW-5") == "TW-5: the card in use is move; 'turn' is a turn action"


def test_TW_4_1_applying_a_chance_outcome_advances_the_generator_once():
    text = scene(soldiers="S1 board d2 n\nN1 board d6 s", turn="S cards=turn slot=1 uses=0", order="S",
                 round=1, wind="-", wind_card="-", forecast="n e", wind_deck="s,w,same,calm,eclipse", rules=HIGH)
    st, _ = play(text, "S1 turn e")
    before = st.rng
    sampled = st.sample_chance()
    assert st.rng == before                     # sampling alone draws nothing
    st.apply(sampled)
    rng = Rng(before)
    rng.next_u64()
    assert st.rng == rng.state
    # an outcome given explicitly advances it the same way
    st2, _ = play(text, "S1 turn e")
    st2.apply(str(sampled))
    assert st2.rng == st.rng


def test_TW_5_a_single_card_ends_the_turn_when_it_has_no_second_use():
    text = scene(soldiers="S1 board d2 n\nN1 board b6 s", turn="S cards=move slot=1 uses=0", order="S N",
                 plots={"N": "turn"}, rules=HIGH)
    st, ev = play(text, "S1 step n")
    assert [e.kind for e in ev] == ["move", "turn-end", "turn-start", "reveal"]
    assert st.turn.seat == "N" and st.order == ("N",)


def test_TW_5_after_one_action_a_second_card_asks_reveal_or_pass_only():
    text = scene(soldiers="S1 board d2 n\nN1 board b6 s", turn="S cards=move,turn slot=1 uses=0",
                 order="S N", plots={"N": "turn"}, rules=HIGH)
    st, ev = play(text, "S1 step n")
    assert [e.kind for e in ev] == ["move"]
    assert sorted(legal(st)) == ["S pass", "S reveal"]
    st, ev = play(st, "S reveal")
    assert table(ev) == [("reveal", {"seat": "S", "card": "turn", "slot": 2}, "S reveals turn")]
    assert sorted(legal(st)) == ["S1 turn e", "S1 turn s", "S1 turn w"]
    st, ev = play(st, "S1 turn w")
    assert [e.kind for e in ev] == ["turn", "turn-end", "turn-start", "reveal"]
    assert ACTION_CARDS.format(st.discards["S"]) == "move,turn"


def test_TW_5_the_first_card_may_serve_a_second_soldier_then_reveal_or_pass():
    text = scene(soldiers="S1 board d2 n\nS2 board f2 n\nN1 board b6 s", turn="S cards=turn,move slot=1 uses=0",
                 order="S N", plots={"N": "turn"}, rules=HIGH)
    st, _ = play(text, "S1 turn e")
    assert sorted(legal(st)) == ["S pass", "S reveal", "S2 turn e", "S2 turn s", "S2 turn w"]
    st, ev = play(st, "S2 turn w")
    assert st.turn.seat == "N" and ACTION_CARDS.count(st.hands["S"], "move") == 2


def test_TW_6_10_an_undeclared_interrupt_is_the_last_card_and_goes_back_to_hand_when_revealed():
    text = scene(soldiers="S1 board d2 n drugs=1\nN1 board b6 s", turn="", order="",
                 extra="queue: S N", rules=HIGH)
    st, ev = play(text, "S plot interrupt move; N plot turn")
    assert st.turn.cards == ("move", "interrupt")
    assert table(ev)[-1] == ("reveal", {"seat": "S", "card": "move", "slot": 1}, "S reveals move")
    st, ev = play(st, "S1 step n")
    assert sorted(legal(st)) == ["S pass", "S reveal"]
    st, ev = play(st, "S reveal")
    assert table(ev)[:3] == [("reveal", {"seat": "S", "card": "interrupt", "slot": 2}, "S reveals interrupt"),
                             ("wasted", {"seat": "S", "card": "interrupt"}, "S's interrupt card has no legal action"),
                             ("turn-end", {"seat": "S"}, "S's turn ends")]
    assert ACTION_CARDS.count(st.hands["S"], "interrupt") == 1 and ACTION_CARDS.count(st.discards["S"], "interrupt") == 0
    assert ACTION_CARDS.format(st.discards["S"]) == "move" and st.turn.seat == "N"


def test_TW_4_4_an_interrupt_plotted_alone_gives_a_turn_with_no_card():
    """N plots only its Interrupt and declares it before S's turn: N's turn comes first and ends
    at once (no card to reveal); then S plays."""
    text = scene(soldiers="S1 board d2 n\nN1 board b6 s drugs=1", turn="", order="",
                 extra="queue: S N", rules=HIGH)
    st, ev = play(text, "S plot move; N plot interrupt")
    assert st.current_player() == "N" and sorted(legal(st)) == ["N interrupt N1", "N wait"]
    st, ev = play(st, "N interrupt N1")
    assert table(ev) == [("interrupt", {"seat": "N", "payer": "N1"}, "N interrupts, paying N1's drug"),
                         ("turn-start", {"seat": "N"}, "N's turn"),
                         ("turn-end", {"seat": "N"}, "N's turn ends"),
                         ("turn-start", {"seat": "S"}, "S's turn"),
                         ("reveal", {"seat": "S", "card": "move", "slot": 1}, "S reveals move")]
    assert st.soldier("N1").drugs == 0 and "N" in st.interrupt_used and st.plots["N"] == ()
    assert st.order == ("S",)


def test_TW_6_7_a_remote_dig_takes_both_actions_and_the_second_card_goes_back():
    text = scene(soldiers="S1 board d2 n\nN1 board b6 s", turn="S cards=dig,move slot=1 uses=0",
                 order="S N", plots={"N": "turn"}, rules=HIGH)
    st, ev = play(text, "S dig f4")
    assert len(st.columns[st.soldier("S1").cell]) == 1 and st.turn.seat == "N"
    assert ev[-3].kind == "turn-end" and ACTION_CARDS.count(st.hands["S"], "move") == 2
    assert ACTION_CARDS.format(st.discards["S"]) == "dig"


def test_TW_6_9_camp_once_per_turn_then_reveal_or_pass():
    text = scene(soldiers="S1 board d2 n food=2\nN1 board b6 s", turn="S cards=camp,move slot=1 uses=0",
                 discards={"S": "fire"}, order="S N", plots={"N": "turn"}, rules=HIGH)
    st, _ = play(text, "S camp S1 food fire")
    assert st.soldier("S1").food == 1 and sorted(legal(st)) == ["S pass", "S reveal"]
    assert st.turn.acted == () and st.turn.camped                 # Camp is the player's, no soldier's
    again = parse_position(format_position(st))
    assert format_position(again) == format_position(st) and sorted(legal(again)) == ["S pass", "S reveal"]
    assert ACTION_CARDS.count(st.hands["S"], "camp") == 1 and ACTION_CARDS.count(st.hands["S"], "fire") == 2


def test_TW_5_a_soldier_acts_once_per_category_and_a_dasher_is_done():
    text = scene(soldiers="S1 board d2 n\nS2 board f2 n\nN1 board b6 s", turn="S cards=move,turn slot=1 uses=0",
                 order="S N", plots={"N": "turn"}, rules=HIGH)
    st, _ = play(text, "S1 dash")
    assert where(st, "S1")[1] == "d4"
    assert sorted(legal(st)) == ["S pass", "S reveal", "S2 dash", "S2 step e", "S2 step n", "S2 step s",
                                 "S2 step w"]
    st, _ = play(st, "S reveal")
    assert sorted(legal(st)) == ["S2 turn e", "S2 turn s", "S2 turn w"]
    st, _ = play(text, "S1 step n; S reveal")
    assert sorted(legal(st)) == ["S1 turn e", "S1 turn s", "S1 turn w", "S2 turn e", "S2 turn s", "S2 turn w"]


def test_TW_4_5_a_seat_whose_soldiers_all_died_loses_its_turn_and_its_cards_go_back():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s\nN2 corpse f6 s",
                 turn="S cards=fire slot=1 uses=0", order="S N", plots={"N": "turn,move"}, rules=HIGH)
    st, ev = play(text, "S1 fire")
    assert where(st, "N1")[0] == "corpse" and st.living("N") == []
    kinds = [e.kind for e in ev]
    assert "turn-start" not in kinds and kinds[-1] == "round"
    assert st.plots["N"] == () and ACTION_CARDS.count(st.hands["N"], "turn") == 2
    assert ACTION_CARDS.count(st.hands["N"], "move") == 2 and st.round == 6


def test_TW_9_when_no_soldier_is_left_anywhere_the_next_round_is_judged():
    text = scene(soldiers="S1 board d2 n weapons=S:bomb:2:S\nN1 corpse d6 s",
                 turn="S cards=fire slot=1 uses=0", order="S", rules=HIGH)
    st, ev = play(text, "S1 fire d2")
    assert st.living("S") == st.living("N") == [] and st.dead == 2 and st.result is None   # 2 of 4 dead
    assert st.round == 6 and st.current_player() == "chance"
    st, ev = play(st, "chance wind w")
    assert st.result is not None and st.result.reason == "no-soldiers"
    assert st.result.detail == "no soldier is left" and st.queue == ()
    assert table(ev)[-1] == ("end", {"winners": ("S",), "reason": "no-soldiers"}, "game over (no-soldiers): S wins")


def test_TW_6_8_a_wasted_second_card_leaves_the_drug_actions_and_the_position_reads_back():
    """S2 takes a drug with the Equip card; the revealed Build card has no action (no cube,
    nothing to collect): it is spent, S2's drug actions remain, and the position written at that
    moment parses back to the same position (the 2nd card counts one action, TW-5)."""
    text = scene(soldiers="S1 board d2 n\nS2 board f2 n drugs=1\nN1 board b6 s",
                 turn="S cards=equip,build slot=1 uses=0", order="S N", plots={"N": "turn"}, rules=HIGH)
    st, ev = play(text, "S2 drug; S reveal")
    assert [e.kind for e in ev][-2:] == ["reveal", "wasted"] and st.turn.seat == "S"
    assert sorted(legal(st)) == ["S pass", "S2 drug dig", "S2 drug move", "S2 drug turn"]
    again = parse_position(format_position(st))
    assert format_position(again) == format_position(st) and sorted(legal(again)) == sorted(legal(st))
    st, _ = play(st, "S pass")
    assert st.turn.seat == "N"


def test_TW_6_8_a_single_first_card_with_no_second_use_is_shown_used_up_while_drug_actions_remain():
    """One Equip card: S2 takes a drug; S1 has nothing to equip, so the card is used up (the 1st
    card serves at most two actions, TW-5): the turn line shows uses=2 and only the drug actions
    or pass remain."""
    text = scene(soldiers="S1 board d2 n\nS2 board f2 n drugs=1\nN1 board b6 s",
                 turn="S cards=equip slot=1 uses=0", order="S N", plots={"N": "turn"}, rules=HIGH)
    st, _ = play(text, "S2 drug")
    turn_line = [ln for ln in format_position(st).splitlines() if ln.startswith("turn:")]
    assert turn_line == ["turn: S cards=equip slot=1 uses=2 acted=S2:equip extra=S2:2"]
    assert sorted(legal(st)) == ["S pass", "S2 drug dig", "S2 drug move", "S2 drug turn"]


def test_TW_6_3_a_turn_without_carry_leaves_the_front_cube_where_it_is():
    text = scene(cells={"d3": "2"}, soldiers="S1 board d2 n\nS2 board f3 w\nN1 board b6 s",
                 turn="S cards=turn slot=1 uses=0", order="S N", plots={"N": "turn"}, rules=HIGH)
    assert {"S1 turn e", "S1 turn e carry"} <= legal(position(text))
    st, ev = play(text, "S1 turn e")
    assert [e.kind for e in ev][:1] == ["turn"] and where(st, "S1") == ("board", "d2", "e")
    assert len(st.columns[st.soldier("S1").cell + 7]) == 2 and len(st.columns[st.soldier("S1").cell + 1]) == 1
    st, _ = play(text, "S1 turn e carry")                         # the carry takes the wall's top cube along
    assert len(st.columns[st.soldier("S1").cell + 7]) == 1 and len(st.columns[st.soldier("S1").cell + 1]) == 2
