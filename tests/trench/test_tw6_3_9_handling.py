"""TW-6.3 turn and carry, TW-6.4/6.5 build and collect (daruma), TW-6.7 dig and remote dig,
TW-6.9 camp."""

from trench_helpers import height, illegal, kinds, legal, play, position, scene, where

from game.trench.state import ACTION_CARDS

TURN = "S cards=turn slot=1 uses=0"
BUILD = "S cards=build slot=1 uses=0"
DIG = "S cards=dig slot=1 uses=0"
CAMP = "S cards=camp slot=1 uses=0"
N_AWAY = "N1 board b7 s"
#: A second soldier of S with something to do for any card, so a position with S1 unable to act
#: still has a decision (a position where nothing can be decided is rejected).
S_BUSY = "S2 board f2 n cubes=1\n"


def test_TW_6_3_turn_any_other_direction():
    st = position(scene(soldiers="S1 board d3 n\n" + N_AWAY, turn=TURN))
    assert {a for a in legal(st) if a.startswith("S1")} == {"S1 turn e", "S1 turn s", "S1 turn w"}
    illegal(st, "S1 turn n", "TW-6.3")
    st, ev = play(st, "S1 turn w")
    assert where(st, "S1")[2] == "w" and kinds(ev)[0] == "turn"


def test_TW_6_3_carry_wall_top_cube_90_degrees():
    text = scene(cells={"d4": "2"}, soldiers="S1 board d3 n\n" + N_AWAY, turn=TURN)
    st = position(text)
    assert {"S1 turn e carry", "S1 turn w carry", "S1 turn s carry w", "S1 turn s carry e"} <= legal(st)
    st, ev = play(st, "S1 turn e carry")
    assert height(st, "d4") == 1 and height(st, "e3") == 2 and where(st, "S1")[2] == "e"
    carry = [e for e in ev if e.get("how") == "carry"]
    assert carry and carry[0].get("pivot") == position(text).soldier("S1").cell


def test_TW_6_3_carry_180_names_its_side_and_the_side_must_be_free():
    text = scene(cells={"d4": "2", "e3": "2"}, soldiers="S1 board d3 n\n" + N_AWAY, turn=TURN)
    st = position(text)
    assert "S1 turn s carry w" in legal(st) and "S1 turn s carry e" not in legal(st)
    illegal(text, "S1 turn s carry", "TW-6.3")
    illegal(text, "S1 turn s carry e", "TW-6.3")
    st, _ = play(text, "S1 turn s carry w")
    assert height(st, "d2") == 2 and height(st, "d4") == 1 and height(st, "c3") == 1


def test_TW_6_3_carry_target_must_be_free_and_low():
    item = scene(cells={"d4": "2"}, soldiers="S1 board d3 n\n" + N_AWAY, turn=TURN, items="e3 food")
    illegal(item, "S1 turn e carry", "TW-6.3")
    wall = scene(cells={"d4": "2", "e3": "2"}, soldiers="S1 board d3 n\n" + N_AWAY, turn=TURN)
    illegal(wall, "S1 turn e carry", "TW-6.3")
    soldier = scene(cells={"d4": "2"}, soldiers="S1 board d3 n\nN1 board e3 s", turn=TURN)
    illegal(soldier, "S1 turn e carry", "TW-6.3")
    edge = scene(cells={"a4": "2"}, soldiers="S1 board a3 n\n" + N_AWAY, turn=TURN)
    illegal(edge, "S1 turn w carry", "TW-6.3")
    hole = scene(cells={"d4": "2", "e3": "0"}, soldiers="S1 board d3 n\n" + N_AWAY, turn=TURN)
    st, _ = play(hole, "S1 turn e carry")
    assert height(st, "e3") == 1  # the cube fills the hole


def test_TW_6_3_no_carry_of_base_or_when_masked_or_nothing_in_front():
    base = scene(cells={"d2": "nS"}, soldiers="S1 board d1 n\n" + N_AWAY, turn=TURN)
    illegal(base, "S1 turn e carry", "TW-6.3")
    masked = scene(cells={"d4": "2"}, soldiers="S1 board d3 n mask-on\n" + N_AWAY, turn=TURN)
    illegal(masked, "S1 turn e carry", "TW-6")
    assert "S1 turn e" in legal(position(masked))
    empty = scene(soldiers="S1 board d3 n\n" + N_AWAY, turn=TURN)
    illegal(empty, "S1 turn e carry", "TW-6.3")


def test_TW_6_3_carry_an_ally_round():
    text = scene(soldiers="S1 board d3 n\nS2 board d4 n\n" + N_AWAY, turn=TURN, items="c3 food")
    st, ev = play(text, "S1 turn w carry")
    assert where(st, "S2") == ("board", "c3", "n") and st.soldier("S2").food == 1
    enemy = scene(soldiers="S1 board d3 n\nN1 board d4 s", turn=TURN)
    illegal(enemy, "S1 turn w carry", "TW-6.3")


def test_TW_6_3_trench_soldier_carries_its_trench_side_into_a_hole():
    text = scene(cells={"d3": "0", "e3": "0"}, soldiers="S1 board d3 n\n" + N_AWAY, turn=TURN)
    st = position(text)
    assert "S1 turn e carry" in legal(st) and "S1 turn w carry" not in legal(st)
    st, _ = play(st, "S1 turn e carry")
    assert height(st, "d4") == 0 and height(st, "e3") == 1


def test_TW_6_4_build_places_a_carried_cube_anywhere_low_and_free():
    text = scene(cells={"f6": "0"}, soldiers="S1 board d3 n cubes=2\n" + N_AWAY, turn=BUILD,
                 items="c5 food", gas="1 N e5 2")
    st = position(text)
    opts = legal(st)
    assert "S1 build f6" in opts and "S1 build d4" in opts
    for bad in ("S1 build a1", "S1 build d3", "S1 build b7", "S1 build c5", "S1 build e5"):
        assert bad not in opts
        illegal(st, bad, "TW-6.4")
    st, _ = play(st, "S1 build f6")
    assert height(st, "f6") == 1 and st.soldier("S1").cubes == 1


def test_TW_6_4_build_needs_a_carried_cube_and_no_mask():
    none = scene(soldiers="S1 board d3 n\n" + S_BUSY + N_AWAY, turn=BUILD)
    illegal(none, "S1 build d4", "TW-6.4")
    masked = scene(soldiers="S1 board d3 n cubes=1 mask-on\n" + S_BUSY + N_AWAY, turn=BUILD)
    illegal(masked, "S1 build d4", "TW-6")


def test_TW_6_5_collect_wall_top():
    text = scene(cells={"d4": "2"}, soldiers="S1 board d3 n\n" + N_AWAY, turn=BUILD)
    st, _ = play(text, "S1 collect")
    assert height(st, "d4") == 1 and st.soldier("S1").cubes == 1


def test_TW_6_5_collect_at_most_two_and_never_a_base():
    full = scene(cells={"d4": "2"}, soldiers="S1 board d3 n cubes=2\n" + N_AWAY, turn=BUILD)
    illegal(full, "S1 collect", "TW-6.5")
    base = scene(cells={"d2": "nS"}, soldiers="S1 board d1 n\n" + S_BUSY + N_AWAY, turn=BUILD)
    illegal(base, "S1 collect", "TW-6.5")
    flat = scene(soldiers="S1 board d3 n\n" + S_BUSY + N_AWAY, turn=BUILD)
    illegal(flat, "S1 collect", "TW-6.5")


def test_TW_6_5_collect_from_trench_daruma_drop():
    text = scene(cells={"d3": "0", "d4": "2"}, soldiers="S1 board d3 n\n" + N_AWAY, turn=BUILD)
    st, ev = play(text, "S1 collect")
    assert height(st, "d4") == 1 and st.soldier("S1").cubes == 1
    assert [e.get("how") for e in ev if e.kind == "cube"] == ["collect", "drop"]


def test_TW_6_5_QA_walled_in_trench_soldier_gets_out_by_collecting():
    cells = {"d4": "0", "d5": "2", "d3": "2", "c4": "2", "e4": "2"}
    text = scene(cells=cells, soldiers="S1 board d4 n\n" + S_BUSY + N_AWAY,
                 turn="S cards=move slot=1 uses=0")
    st = position(text)
    # a move card alone is of no use: every side is a wall
    assert not any(a.startswith("S1") for a in legal(st))
    text = scene(cells=cells, soldiers="S1 board d4 n\n" + N_AWAY,
                 turn="S cards=build,move slot=1 uses=0")
    st, _ = play(text, "S1 collect; S reveal; S1 step n")
    assert where(st, "S1")[1] == "d5" and height(st, "d5") == 1


def test_TW_6_7_dig_own_cell():
    text = scene(soldiers="S1 board d3 n\n" + N_AWAY, turn=DIG)
    st, ev = play(text, "S1 dig")
    assert height(st, "d3") == 0 and where(st, "S1")[:2] == ("board", "d3") and st.out == 1
    trench = scene(cells={"d3": "0"}, soldiers="S1 board d3 n\n" + N_AWAY, turn=DIG)
    assert "S1 dig" not in legal(position(trench))
    boat = scene(soldiers="S1 boat d1 n\n" + S_BUSY + N_AWAY, turn=DIG)
    illegal(boat, "S1 dig", "TW-2")


def test_TW_6_7_remote_dig_takes_both_actions_even_under_a_soldier():
    text = scene(soldiers="S1 board d3 n\nN1 board d5 s", turn="S cards=dig,move slot=1 uses=0",
                 items="e6 food")
    st = position(text)
    assert "S dig d5" in legal(st) and "S dig e6" in legal(st) and "S dig a1" not in legal(st)
    st, ev = play(st, "S dig d5")
    assert height(st, "d5") == 0 and where(st, "N1")[:2] == ("board", "d5")
    # both actions used: the turn is over, and the move card went back to hand
    assert st.turn is None or st.turn.seat != "S"
    assert ACTION_CARDS.count(st.hands["S"], "move") == 2


def test_TW_6_7_remote_dig_only_as_first_action_of_first_card():
    text = scene(soldiers="S1 board d3 n\nS2 board b2 n\n" + N_AWAY,
                 turn="S cards=dig slot=1 uses=1", extra="")
    st = position(text)
    assert not any(a.startswith("S dig") for a in legal(st))
    second = scene(soldiers="S1 board d3 n\n" + N_AWAY, turn="S cards=move,dig slot=2 uses=0")
    illegal(second, "S dig e5", "TW-5")
    wall = scene(cells={"e5": "2"}, soldiers="S1 board d3 n\n" + N_AWAY, turn=DIG)
    illegal(wall, "S dig e5", "TW-6.7")


def test_TW_6_9_camp_by_day_returns_camp_and_one_chosen_card():
    text = scene(soldiers="S1 board d3 n food=1\n" + N_AWAY, turn=CAMP,
                 discards={"S": "move:2,build"})
    st = position(text)
    assert {"S camp S1 food move", "S camp S1 food build"} == {a for a in legal(st) if "camp" in a}
    st, ev = play(st, "S camp S1 food build")
    assert st.discards["S"] == ACTION_CARDS.make({"move": 2})
    assert ACTION_CARDS.count(st.hands["S"], "camp") == 1
    assert ACTION_CARDS.count(st.hands["S"], "build") == 2
    assert st.soldier("S1").food == 0


def test_TW_6_9_camp_by_night_returns_every_discard():
    text = scene(soldiers="S1 board d3 n food=1\n" + N_AWAY, turn=CAMP, time="night",
                 discards={"S": "move:2,build"})
    st, ev = play(text, "S camp S1 food")
    assert st.discards["S"] == ACTION_CARDS.empty()
    assert ACTION_CARDS.size(st.hands["S"]) == 12 - len(st.plots["S"])


def test_TW_6_9_camp_needs_food_or_a_carried_corpse_and_never_returns_interrupt():
    hungry = scene(soldiers="S1 board d3 n\n" + N_AWAY, turn="", plots={"N": "turn"},
                   extra="queue: S")
    st, ev = play(hungry, "S plot camp move")
    # the camp card has no legal action: it is wasted (discarded) and the 2nd card is revealed
    assert [e.get("card") for e in ev if e.kind in ("reveal", "wasted")] == ["camp", "camp", "move"]
    assert st.turn.slot == 1 and ACTION_CARDS.count(st.discards["S"], "camp") == 1
    illegal(st, "S camp S1 food", "TW-5")
    corpse = scene(soldiers="S1 board d3 n corpses=N2\nN2 carried - s carrier=S1\n" + N_AWAY,
                   turn=CAMP, time="night", extra="interrupt-used: S")
    st, _ = play(corpse, "S camp S1 N2")
    assert st.soldier("N2").status == "gone" and st.soldier("S1").corpses == ()
    assert ACTION_CARDS.count(st.hands["S"], "interrupt") == 0 and "S" in st.interrupt_used


def test_TW_6_9_camp_once_per_turn():
    text = scene(soldiers="S1 board d3 n food=2\n" + N_AWAY, turn=CAMP, time="night")
    st, _ = play(text, "S camp S1 food")
    assert st.turn is None or st.turn.seat != "S" or not any("camp" in a for a in legal(st))
