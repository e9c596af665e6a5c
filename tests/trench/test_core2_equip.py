"""Rules core II: TW-6.8 equip (mask, drug, switch) and TW-4.4 / TW-6.10 interrupt."""

from trench_helpers import illegal, legal, play, position, scene, where

from game.trench.legal import plot_options
from game.trench.notation import format_position
from game.trench.state import ACTION_CARDS
from game.trench.view import view

HIGH = "target_points_2p=9 target_points=9"
EQUIP = "S cards=equip slot=1 uses=0"


def test_TW_6_8_mask_goes_on_and_restricts_the_soldier():
    text = scene(soldiers="S1 board d2 n masks=1 drugs=1 cubes=1\nN2 board b7 s",
                 turn="S cards=equip,build slot=1 uses=0", rules=HIGH)
    st, ev = play(text, "S1 mask")
    s1 = st.soldier("S1")
    assert s1.mask_on and s1.masks == 0 and "mask" in [e.kind for e in ev]
    assert "S1 drug" not in legal(st)                      # no Equip while masked
    st, ev = play(st, "S reveal")                         # masked S1 cannot build: the card is wasted
    assert "wasted" in [e.kind for e in ev]


def test_TW_6_8_masked_soldier_cannot_equip_dash_or_build():
    text = scene(soldiers="S1 board d2 n mask-on drugs=1\nS2 board a2 n masks=1\nN2 board b7 s", turn=EQUIP,
                 rules=HIGH)
    illegal(text, "S1 drug", "TW-6")
    text = scene(soldiers="S1 board d2 n mask-on\nN2 board b7 s", turn="S cards=move slot=1 uses=0", rules=HIGH)
    illegal(text, "S1 dash", "TW-6")


def test_TW_6_8_switch_to_a_weapon_taken_from_a_corpse():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:0:S,N:bomb:2:S\nN2 board b7 s",
                 turn="S cards=equip,fire slot=1 uses=0", rules=HIGH)
    assert "S1 switch N:bomb" in legal(position(text))
    illegal(text, "S1 switch N:gun", "TW-6.8")
    st, ev = play(text, "S1 switch N:bomb; S reveal; S1 fire d4")
    s1 = st.soldier("S1")
    assert [w.tile for w in s1.weapons] == ["N:bomb", "S:gun"] and s1.weapons[0].ammo == 1
    assert s1.weapons[0].public


def test_TW_6_8_drug_gives_two_extra_actions_from_hand_or_discard():
    text = scene(soldiers="S1 board d2 n drugs=1 weapons=S:gun:4:S\nN2 board b7 s", turn=EQUIP,
                 discards={"S": "move"}, rules=HIGH)
    st, ev = play(text, "S1 drug")
    assert st.turn.extra == (("S1", 2),)
    opts = legal(st)
    assert {"S1 drug move", "S1 drug turn", "S1 drug fire"} <= opts
    assert "S1 drug equip" not in opts                    # same category: S1 already equipped
    hand_before = st.hands["S"]
    st, _ = play(st, "S1 drug move")                      # from the discard pile: the hand is unchanged
    assert st.hands["S"] == hand_before and st.turn.extra_card == "S1:move"
    assert all(a.startswith("S1 ") for a in legal(st))    # the played card's action comes now
    st, _ = play(st, "S1 step n")
    assert where(st, "S1")[1] == "d3" and st.turn.extra == (("S1", 1),)
    assert "S1 drug move" not in legal(st)
    st, _ = play(st, "S1 drug fire")                      # from hand: it goes to the discard
    assert ACTION_CARDS.count(st.hands["S"], "fire") == ACTION_CARDS.count(hand_before, "fire") - 1
    st, _ = play(st, "S1 fire")
    assert st.turn is None or st.turn.seat != "S"         # both extra actions used: the turn ended


def test_TW_6_8_drug_actions_mix_with_the_second_plotted_card_and_pass_ends():
    text = scene(soldiers="S1 board d2 n drugs=1\nS2 board b2 n\nN2 board b7 s",
                 turn="S cards=equip,move slot=1 uses=0", rules=HIGH)
    st, _ = play(text, "S1 drug; S reveal; S1 drug turn; S1 turn e; S2 step n")
    assert st.turn.seat == "S" and st.turn.extra == (("S1", 1),)
    assert "S pass" in legal(st)
    st, _ = play(st, "S pass")
    assert st.turn is None or st.turn.seat != "S"


def test_TW_6_8_a_two_action_dig_uses_both_drug_actions():
    text = scene(soldiers="S1 board d2 n drugs=1\nN2 board b7 s", turn=EQUIP, rules=HIGH)
    st, _ = play(text, "S1 drug; S1 drug dig")
    assert "S dig c5" in legal(st) and "S1 dig" in legal(st)
    st, _ = play(st, "S dig c5")
    assert len(st.columns[st.soldier("S1").cell]) == 1
    assert st.turn is None or st.turn.seat != "S"


def test_TW_6_8_dash_ends_the_drugged_soldiers_actions():
    text = scene(soldiers="S1 board d2 n drugs=1\nN2 board b7 s", turn=EQUIP, rules=HIGH)
    st, _ = play(text, "S1 drug; S1 drug move; S1 dash")
    assert st.turn is None or st.turn.seat != "S"


def _interrupt_scene(plots, players="S W N", drugs="N1"):
    soldiers = "\n".join(f"{s}1 board {cell} {face}" + (" drugs=1" if f"{s}1" in drugs.split() else "")
                         for s, cell, face in (("S", "d2", "n"), ("W", "b4", "e"), ("N", "d6", "s"))
                         if s in players.split())
    last = [s for s in players.split() if s not in plots][0]
    text = scene(players=players, soldiers=soldiers, turn="", plots=plots, extra=f"queue: {last}", rules=HIGH)
    return text, last


def test_TW_4_4_interrupt_is_asked_before_a_turn_and_moves_the_declarer_forward():
    text, last = _interrupt_scene({"S": "move", "W": "move"})
    st, _ = play(text, "N plot interrupt move")
    assert st.current_player() == "N" and legal(st) == {"N interrupt N1", "N wait"}
    st, ev = play(st, "N interrupt N1")
    assert st.turn.seat == "N" and st.soldier("N1").drugs == 0 and "N" in st.interrupt_used
    assert st.order[:3] == ("N", "S", "W")
    assert "interrupt" not in plot_options(st, "N")[0] and all("interrupt" not in p for p in plot_options(st, "N"))


def test_TW_4_4_waiting_is_asked_again_before_the_next_turn_and_undeclared_returns_to_hand():
    text, last = _interrupt_scene({"S": "move", "W": "move"})
    st, _ = play(text, "N plot interrupt move; N wait")
    assert st.turn.seat == "S"
    st, _ = play(st, "S1 step n")
    assert st.current_player() == "N" and "N wait" in legal(st)        # asked again before W's turn
    st, _ = play(st, "N wait")
    assert st.turn.seat == "W"
    st, _ = play(st, "W1 step n")
    assert st.turn.seat == "N"
    st, _ = play(st, "N1 step e")
    # TW-10: the face-down Interrupt is a 2nd card like any other: reveal or pass (no leak)
    assert legal(st) == {"N reveal", "N pass"}
    st, _ = play(st, "N pass")
    assert ACTION_CARDS.count(st.hands["N"], "interrupt") == 1 and "N" not in st.interrupt_used


def test_TW_4_4_several_interrupters_act_in_turn_order():
    text, last = _interrupt_scene({"S": "move", "W": "interrupt,move"}, drugs="W1 N1")
    st, _ = play(text, "N plot interrupt move")
    assert st.current_player() == "W"
    st, _ = play(st, "W interrupt W1")
    assert st.current_player() == "N"
    st, _ = play(st, "N interrupt N1")
    assert st.order[:3] == ("W", "N", "S") and st.turn.seat == "W"


def test_TW_6_10_interrupt_needs_a_drug_to_be_plotted():
    text, last = _interrupt_scene({"S": "move", "W": "move"}, drugs="")
    st = position(text)
    assert not any("interrupt" in p for p in plot_options(st, "N"))
    illegal(st, "N plot interrupt move", "TW-4.3")


def test_TW_10_interrupt_question_goes_to_everyone_who_could_hold_it():
    """Whether N plotted Interrupt is secret: N is asked either way, and may only wait without it."""
    text, last = _interrupt_scene({"S": "move", "W": "move"})
    with_card, _ = play(text, "N plot interrupt move")
    without, _ = play(text, "N plot turn move")  # the same number of face-down cards
    assert with_card.current_player() == without.current_player() == "N"
    assert legal(without) == {"N wait"}
    assert legal(with_card) == {"N interrupt N1", "N wait"}
    assert format_position(view(with_card, "S")) == format_position(view(without, "S"))


def test_TW_10_a_player_with_no_drug_is_not_asked_about_interrupt():
    text, last = _interrupt_scene({"S": "move", "W": "move"}, drugs="")
    st, _ = play(text, "N plot move")
    assert st.turn.seat == "S"
