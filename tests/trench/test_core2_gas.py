"""Rules core II, TW-8 gas (and TW-4.2 lingering gas): wind, deflection choices, one stroke,
trenches, the board edge, pooling, exposure and masks, re-flow; every gas Q&A of the designer."""

from trench_helpers import illegal, legal, play, position, scene, where

from game.trench.gas import predict_path
from game.trench.geometry import parse_cell
from game.trench.notation import format_position, parse_position

HIGH = "target_points_2p=9 target_points=9"
FIRE = "S cards=fire slot=1 uses=0"
GAS = "weapons=S:gas:2:S"


def cells_of(st):
    return sorted((g.gid, g.cell, g.layer) for g in st.gas)


def c(name):
    return parse_cell(name)


def test_TW_8_gas_follows_the_wind_exposes_what_it_enters_and_leaves_the_board():
    text = scene(soldiers=f"S1 board d2 n {GAS}\nN1 board d5 s\nN2 board b7 s", turn=FIRE, wind="n", rules=HIGH)
    st, ev = play(text, "S1 fire front")
    assert st.gas == ()                                  # d3 d4 d5 d6 d7, then off the board
    assert st.soldier("N1").status == "corpse" and st.points["S"] == 1
    assert st.soldier("S1").status == "board"            # the firer is not exposed: it did not rest on d2
    assert any(e.kind == "gas" and e.get("how") == "leave" for e in ev)


def test_TW_8_deflection_is_the_owners_choice_never_upwind():
    text = scene(cells={"d5": "2"}, soldiers=f"S1 board d2 n {GAS}\nN2 board b7 s", turn=FIRE, wind="n",
                 rules=HIGH)
    st, ev = play(text, "S1 fire front")
    assert st.current_player() == "S" and st.pending[0].kind == "gas"
    assert legal(st) == {"S gas left", "S gas right"}
    assert cells_of(st) == [(1, c("d4"), 2)]             # waiting where it was blocked
    again = parse_position(format_position(st))          # the choice in progress round-trips
    assert format_position(again) == format_position(st)
    st, ev = play(st, "S gas right")                     # e4, then north again: e5 e6 e7, off
    assert st.gas == () and st.pending == ()
    st2, _ = play(again, "S gas left")
    assert st2.gas == ()
    path = [e.get("path") for e in ev if e.kind == "gas"]
    assert (c("d4"), c("e4"), c("e5"), c("e6"), c("e7")) in path


def test_TW_8_one_side_open_asks_no_decision():
    text = scene(cells={"d5": "2", "c4": "2"}, soldiers=f"S1 board d2 n {GAS}\nN1 board e6 s\nN2 board b7 s",
                 turn=FIRE, wind="n", rules=HIGH)
    st, _ = play(text, "S1 fire front")
    assert not st.pending and st.gas == () and st.soldier("N1").status == "corpse"


def test_TW_8_one_stroke_never_returns_and_rests_with_no_way_left():
    # L1: d4 -> e4 (d5, c4 are trench sides); at e4 north is blocked, west is visited, east is ground
    text = scene(cells={"d4": "0", "e4": "0"}, soldiers=f"S1 board d3 n {GAS} cubes=1\nN2 board b7 s",
                 gas="1 S d4 1", turn="S cards=build slot=1 uses=0", wind="n", rules=HIGH)
    st = position(text)
    assert predict_path(st, st.gas[0]) == [(c("d4"), 1), (c("e4"), 1)]


def test_TW_8_calm_gas_stays_and_a_token_that_does_not_move_exposes_nobody_again():
    text = scene(soldiers=f"S1 board d2 n {GAS}\nN1 board d3 s mask-on masks=1\nN2 board b7 s",
                 turn=FIRE, order="S", rules=HIGH)
    st, _ = play(text, "S1 fire front")
    n1 = st.soldier("N1")
    assert n1.status == "board" and not n1.mask_on and n1.gas_check == 1
    assert cells_of(st) == [(1, c("d3"), 2)]


def test_TW_8_gas_drops_into_a_trench_and_never_climbs_out():
    text = scene(cells={"d4": "0"}, soldiers=f"S1 board d2 n {GAS}\nN1 board d4 s\nN2 board b7 s",
                 turn=FIRE, wind="n", rules=HIGH)
    st, _ = play(text, "S1 fire front")
    assert cells_of(st) == [(1, c("d4"), 1)]            # trench sides stop it in L1
    assert st.soldier("N1").status == "corpse"


def test_QA_trench_gas_reaching_the_board_edge_leaves_the_game():
    text = scene(cells={"d5": "0", "d6": "0", "d7": "0"}, soldiers=f"S1 board d4 n {GAS}\nN2 board b7 s",
                 turn=FIRE, wind="n", rules=HIGH)
    st, ev = play(text, "S1 fire front")
    assert st.gas == ()
    assert [e.get("layer") for e in ev if e.kind == "gas" and e.get("how") == "leave"] == [1]


def test_TW_8_gas_pools_two_tokens_in_trench():
    text = scene(cells={"d4": "0"}, soldiers=f"S1 board d3 n {GAS}\nN2 board b7 s",
                 gas="1 S d4 1", turn=FIRE, wind="n", rules=HIGH)
    st, _ = play(text, "S1 fire front")
    assert cells_of(st) == [(1, c("d4"), 1), (2, c("d4"), 1)]


def test_QA_dash_over_trench_gas_is_not_exposed():
    text = scene(cells={"d3": "0"}, soldiers="S1 board d2 n\nN2 board b7 s", gas="1 N d3 1",
                 turn="S cards=move slot=1 uses=0", rules=HIGH)
    st, _ = play(text, "S1 dash")
    assert where(st, "S1")[:2] == ("board", "d4") and st.soldier("S1").status == "board"
    # stepping in is deadly
    st, _ = play(text, "S1 step n")
    assert st.soldier("S1").status == "corpse" and st.points["N"] == 1


def test_QA_masked_soldier_in_resting_gas_dies_if_still_there_after_its_next_turn():
    base = dict(soldiers=f"S1 board d2 n {GAS}\nN1 board d3 s mask-on\nN2 board b7 s", turn=FIRE,
                rules=HIGH)
    # N stays: N1 dies at the end of N's turn
    st, _ = play(scene(**base, plots={"N": "turn"}), "S1 fire front")
    assert st.soldier("N1").gas_check == 1 and st.current_player() == "N"
    st, ev = play(st, "N1 turn e; N pass")
    assert st.soldier("N1").status == "corpse" and st.points["S"] == 1
    # N walks out: saved
    st, _ = play(scene(**base, plots={"N": "move"}), "S1 fire front")
    st, _ = play(st, "N1 step w; N pass")
    assert st.soldier("N1").status == "board" and st.soldier("N1").gas_check == 0


def test_TW_8_masked_soldier_stepping_into_gas_has_until_the_end_of_its_next_turn():
    text = scene(soldiers="S1 board d2 n mask-on\nN2 board b7 s", gas="1 N d3 2",
                 turn="S cards=move slot=1 uses=0", rules=HIGH)
    st, _ = play(text, "S1 step n")
    s1 = st.soldier("S1")
    # exposed in its own turn: that turn's end does not count, the next one does
    assert s1.status == "board" and s1.gas_check == 1 and not s1.mask_on


def test_TW_8_second_exposure_after_the_mask_is_used_kills():
    text = scene(cells={"d4": "0"}, soldiers=f"S1 board d3 n {GAS}\nN1 board d4 s gas-check=1\nN2 board b7 s",
                 gas="1 S d4 1", turn=FIRE, wind="n", rules=HIGH)
    st, _ = play(text, "S1 fire front")
    assert st.soldier("N1").status == "corpse"


def test_TW_6_6b_firer_is_exposed_only_if_the_token_rests_in_its_cell():
    text = scene(soldiers=f"S1 board d2 n {GAS}\nN2 board b7 s", turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire here")                  # calm: it rests on d2
    assert st.soldier("S1").status == "corpse" and st.points["S"] == 0
    text = scene(soldiers=f"S1 board d2 n {GAS}\nN2 board b7 s", turn=FIRE, wind="e", rules=HIGH)
    st, _ = play(text, "S1 fire here")                  # east: it drifts off
    assert st.soldier("S1").status == "board" and st.gas == ()


def test_QA_gas_reflows_after_the_wall_it_rested_against_is_destroyed():
    cells = {"d5": "2", "c4": "2", "e4": "2"}
    text = scene(cells=cells, soldiers="S1 board a5 e weapons=S:gun:4:S\nN1 board d6 s\nN2 board b7 s",
                 gas="1 S d4 2", turn=FIRE, wind="n", rules=HIGH)
    st = position(text)
    assert predict_path(st, st.gas[0]) == [(c("d4"), 2)]  # boxed in: it rests
    st, ev = play(text, "S1 fire destroy")
    assert st.gas == () and st.soldier("N1").status == "corpse" and st.points["S"] == 1


def test_TW_8_reflow_after_a_dig_drops_gas_into_the_new_trench():
    text = scene(soldiers="S1 board d3 n\nN2 board b7 s", gas="1 N d3 2",
                 turn="S cards=dig slot=1 uses=0", rules=HIGH)
    st = position(text)
    st.update("S1", mask_on=True)
    st, _ = play(st, "S1 dig")
    assert cells_of(st) == [(1, c("d3"), 1)] and st.soldier("S1").status == "board"


def test_TW_4_2_lingering_gas_moves_with_the_new_wind_and_its_owner_chooses():
    text = scene(cells={"d5": "2"}, soldiers="S1 board b2 n\nN2 board b7 s", gas="1 N d4 2",
                 turn="S cards=turn slot=1 uses=0", order="S", rules=HIGH)
    st, _ = play(text, "S1 turn e")
    assert st.phase == "wind" and st.current_player() == "chance"
    st, ev = play(st, "chance wind s")                   # the forecast 'n' becomes current
    assert st.wind == "n" and st.current_player() == "N" and legal(st) == {"N gas left", "N gas right"}
    st, _ = play(st, "N gas left")
    assert st.gas == () and st.phase == "plot"


def test_TW_8_predict_path_is_pure_and_follows_a_policy():
    text = scene(cells={"d5": "2"}, soldiers="S1 board b2 n\nN2 board b7 s", gas="1 N d4 2", rules=HIGH)
    st = position(text)
    before = format_position(st)
    left = predict_path(st, st.gas[0], "n", "left")
    right = predict_path(st, (c("d4"), 2), "n", "right")
    assert left == [(c("d4"), 2), (c("c4"), 2), (c("c5"), 2), (c("c6"), 2), (c("c7"), 2), None]
    assert right[1] == (c("e4"), 2) and right[-1] is None
    assert predict_path(st, st.gas[0], "calm") == [(c("d4"), 2)]
    assert format_position(st) == before
    from game.trench.view import view
    assert predict_path(view(st, "S"), st.gas[0], "n", "left") == left


def test_TW_8_gas_choice_is_asked_of_the_owner_only():
    text = scene(cells={"d5": "2"}, soldiers=f"S1 board d2 n {GAS}\nN2 board b7 s", turn=FIRE, wind="n",
                 rules=HIGH)
    st, _ = play(text, "S1 fire front")
    illegal(st, "N gas left", "S")
