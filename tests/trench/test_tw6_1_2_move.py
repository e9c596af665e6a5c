"""TW-6.1 step (push, ally push, climb, tunnel, escape), TW-6.2 dash, and the Q&A cases."""

from trench_helpers import col, height, illegal, kinds, legal, play, scene, where

MOVE = "S cards=move slot=1 uses=0"


def test_TW_6_1_step_any_direction_keeps_facing():
    st, ev = play(scene(soldiers="S1 board d3 n\nN1 board b7 s"), "S1 step e")
    assert where(st, "S1") == ("board", "e3", "n")  # facing does not change [I]
    assert [e.get("how") for e in ev if e.kind == "move"] == ["step"]


def test_TW_6_1_step_into_hole_drops_and_climb_out():
    text = scene(cells={"d4": "0"}, soldiers="S1 board d3 n\nN1 board b7 s",
                 turn="S cards=move,move slot=1 uses=0")
    st, ev = play(text, "S1 step n")
    assert where(st, "S1") == ("board", "d4", "n")
    assert [e.get("how") for e in ev if e.kind == "move"] == ["drop"]


def test_TW_6_1_climb_out_of_trench_takes_items():
    text = scene(cells={"d4": "0"}, soldiers="S1 board d4 n\nN1 board b7 s",
                 items="d5 food drug")
    st, ev = play(text, "S1 step n")
    s = st.soldier("S1")
    assert where(st, "S1")[1] == "d5" and s.food == 1 and s.drugs == 1
    assert 35 not in st.items  # d5 emptied
    assert "climb" in [e.get("how") for e in ev if e.kind == "move"]


def test_TW_6_1_walk_along_trench():
    text = scene(cells={"d4": "0", "e4": "0"}, soldiers="S1 board d4 n\nN1 board b7 s")
    st, _ = play(text, "S1 step e")
    assert where(st, "S1")[1] == "e4" and height(st, "e4") == 0


def test_TW_6_1_trench_to_wall_impossible():
    text = scene(cells={"d4": "0", "d5": "2"}, soldiers="S1 board d4 n\nN1 board b7 s")
    assert "S1 step n" not in legal(position_of(text))
    illegal(text, "S1 step n", "TW-6.1")


def position_of(text):
    from trench_helpers import position
    return position(text)


def test_TW_6_1_climb_out_blocked_by_soldier_even_enemy_facing():
    # Q&A: climbing out onto a cell with an ally (or anyone) is impossible; no assault from a trench.
    text = scene(cells={"d4": "0"}, soldiers="S1 board d4 n\nS2 board c4 n\nN1 board d5 s")
    illegal(text, "S1 step n", "TW-6.1")
    text2 = scene(cells={"d4": "0"}, soldiers="S1 board d4 w\nS2 board c4 n\nN1 board b7 s")
    illegal(text2, "S1 step w", "TW-6.1")


def test_TW_6_1_push_cube_forward_onto_ground_makes_wall():
    text = scene(cells={"d4": "2"}, soldiers="S1 board d3 n\nN1 board b7 s")
    st, ev = play(text, "S1 step n")
    assert height(st, "d4") == 1 and height(st, "d5") == 2
    assert where(st, "S1")[1] == "d4"
    push = [e for e in ev if e.kind == "cube" and e.get("how") == "push"]
    assert len(push) == 1


def test_TW_6_1_QA_push_cube_into_hole_fills_it():
    text = scene(cells={"d4": "2", "d5": "0"}, soldiers="S1 board d3 n\nN1 board b7 s")
    st, _ = play(text, "S1 step n")
    assert height(st, "d5") == 1 and height(st, "d4") == 1
    assert where(st, "S1")[1] == "d4"


def test_TW_6_1_QA_nothing_is_pushed_onto_item_soldier_or_gas():
    base = dict(cells={"d4": "2", "d5": "0"})
    t_item = scene(**base, soldiers="S1 board d3 n\nN1 board b7 s", items="d5 food")
    illegal(t_item, "S1 step n", "TW-6.1")
    t_soldier = scene(**base, soldiers="S1 board d3 n\nN1 board d5 s")
    illegal(t_soldier, "S1 step n", "TW-6.1")
    t_corpse = scene(**base, soldiers="S1 board d3 n\nN1 board b7 s\nN2 corpse d5 s")
    illegal(t_corpse, "S1 step n", "TW-6.1")
    t_gas = scene(**base, soldiers="S1 board d3 n\nN1 board b7 s", gas="1 N d5 1")
    illegal(t_gas, "S1 step n", "TW-6.1")


def test_TW_6_1_push_limits_wall_beyond_edge_sideways_masked():
    walls = scene(cells={"d4": "2", "d5": "2"}, soldiers="S1 board d3 n\nN1 board b7 s")
    illegal(walls, "S1 step n", "TW-6.1")
    edge = scene(cells={"d7": "2"}, soldiers="S1 board d6 n\nN1 board a6 s")
    illegal(edge, "S1 step n", "TW-6.1")
    side = scene(cells={"e3": "2"}, soldiers="S1 board d3 n\nN1 board b7 s")
    illegal(side, "S1 step e", "TW-6.1")
    masked = scene(cells={"d4": "2"}, soldiers="S1 board d3 n mask-on\nN1 board b7 s")
    illegal(masked, "S1 step n", "TW-6")


def test_TW_6_1_bases_are_not_pushed_but_assaulted():
    own = scene(cells={"d2": "nS"}, soldiers="S1 board d1 n\nN1 board b7 s")
    illegal(own, "S1 step n", "TW-6.1")
    st, ev = play(scene(cells={"d7": "nN"}, soldiers="S1 board d6 n\nN1 board a6 s"), "S1 step n")
    assert col(st, "d7") == "n" and where(st, "S1")[1] == "d7"
    assert st.points["S"] == 1


def test_TW_6_1_ally_push_forward():
    text = scene(soldiers="S1 board d3 n\nS2 board d4 e\nN1 board b7 s")
    st, _ = play(text, "S1 step n")
    assert where(st, "S1")[1] == "d4"
    assert where(st, "S2") == ("board", "d5", "e")


def test_TW_6_1_ally_push_blocked_when_ally_cannot_enter():
    wall = scene(cells={"d5": "2"}, soldiers="S1 board d3 n\nS2 board d4 e\nN1 board b7 s")
    illegal(wall, "S1 step n", "TW-6.1")
    occupied = scene(soldiers="S1 board d3 n\nS2 board d4 e\nN1 board d5 s")
    illegal(occupied, "S1 step n", "TW-6.1")
    side = scene(soldiers="S1 board d3 n\nS2 board e3 e\nN1 board b7 s")
    illegal(side, "S1 step e", "TW-6.1")


def test_TW_6_1_ally_pushed_into_hole_takes_items():
    text = scene(cells={"d5": "0"}, soldiers="S1 board d3 n\nS2 board d4 e\nN1 board b7 s",
                 items="d5 food")
    st, _ = play(text, "S1 step n")
    assert where(st, "S2")[1] == "d5" and st.soldier("S2").food == 1


def test_TW_6_1_tunnel_removes_ground_cube():
    text = scene(cells={"d4": "0"}, soldiers="S1 board d4 n\nN1 board b7 s", items="e4 drug")
    st, ev = play(text, "S1 tunnel e")
    assert height(st, "e4") == 0 and where(st, "S1")[1] == "e4"
    assert st.out == 1 and st.soldier("S1").drugs == 1
    assert "S1 tunnel e" not in legal(st)


def test_TW_6_1_tunnel_only_from_trench_and_not_under_wall():
    ground = scene(soldiers="S1 board d4 n\nN1 board b7 s")
    illegal(ground, "S1 tunnel e", "TW-6.1")
    wall = scene(cells={"d4": "0", "e4": "2"}, soldiers="S1 board d4 n\nN1 board b7 s")
    illegal(wall, "S1 tunnel e", "TW-6.1")


def test_TW_6_1_tunnel_under_a_soldier_kills_the_tunneller_nobody_scores():
    text = scene(cells={"d4": "0"}, soldiers="S1 board d4 n food=1\nS2 board b1 n\nN1 board e4 s")
    st, ev = play(text, "S1 tunnel e")
    assert st.soldier("S1").status in ("corpse", "carried")
    assert where(st, "N1")[:2] == ("board", "e4") and height(st, "e4") == 0
    assert st.points == {"S": 0, "N": 0}
    assert st.dead == 1


def test_TW_6_1_escape_over_the_opposite_edge():
    text = scene(soldiers="S1 board d7 e\nS2 board a2 n\nN1 board a6 s")
    st, ev = play(text, "S1 step n")
    assert st.soldier("S1").status == "escaped"
    assert st.points["S"] == 1  # two players: 1
    assert "escape" in kinds(ev)


def test_TW_6_1_no_other_off_board_move():
    side = scene(soldiers="S1 board a4 w\nS2 board b2 n\nN1 board g6 s")
    illegal(side, "S1 step w", "TW-6.1")
    own = scene(soldiers="S1 board d1 s\nS2 board b2 n\nN1 board g6 s")
    illegal(own, "S1 step s", "TW-6.1")


def test_TW_6_1_step_from_boat_only_onto_its_edge_cell():
    text = scene(soldiers="S1 boat d1 n\nN1 board a6 s")
    st = position_of(text)
    assert {a for a in legal(st) if a.startswith("S1 step")} == {"S1 step n"}
    st, ev = play(text, "S1 step n")
    assert where(st, "S1") == ("board", "d1", "n")
    assert st.out == 1  # the boat leaves the game (TW-2)


def test_TW_6_2_dash_two_cells_ahead():
    st, ev = play(scene(soldiers="S1 board d3 n\nN1 board b7 s", items="d4 food"), "S1 dash")
    assert where(st, "S1")[1] == "d5"
    assert st.soldier("S1").food == 1  # ran through d4
    assert [e.get("how") for e in ev if e.kind == "move"] == ["dash"]


def test_TW_6_2_dash_jumps_a_hole_and_exhausts():
    text = scene(cells={"d4": "0"}, soldiers="S1 board d3 n\nN1 board b7 s", items="d4 drug",
                 turn="S cards=move,turn slot=1 uses=0")
    st, _ = play(text, "S1 dash")
    assert where(st, "S1")[1] == "d5"
    assert st.soldier("S1").drugs == 0 and st.items  # the jumped hole's drug stays
    st, _ = play(st, "S reveal")
    # the dashed soldier does nothing more this turn: the turn card has no legal action
    assert not any(a.startswith("S1") for a in legal(st))


def test_TW_6_2_dash_from_trench_climbs_onto_first_cell():
    text = scene(cells={"d4": "0"}, soldiers="S1 board d4 n\nN1 board b7 s")
    st, _ = play(text, "S1 dash")
    assert where(st, "S1")[1] == "d6"


def test_TW_6_2_dash_first_cell_must_be_free_and_no_wall():
    wall = scene(cells={"d4": "2"}, soldiers="S1 board d3 n\nN1 board b7 s")
    illegal(wall, "S1 dash", "TW-6.2")
    soldier = scene(soldiers="S1 board d3 n\nN1 board d4 s")
    illegal(soldier, "S1 dash", "TW-6.2")
    push = scene(cells={"d5": "2"}, soldiers="S1 board d3 n\nN1 board b7 s")
    illegal(push, "S1 dash", "TW-6.2")
    masked = scene(soldiers="S1 board d3 n mask-on\nN1 board b7 s")
    illegal(masked, "S1 dash", "TW-6")


def test_TW_6_2_dash_assaults_at_the_second_cell():
    st, ev = play(scene(soldiers="S1 board d3 n\nS2 board b1 n\nN1 board d5 s\nN2 board g6 s"),
                  "S1 dash")
    assert st.soldier("N1").status in ("corpse", "carried")
    assert where(st, "S1")[1] == "d5"
    assert st.points["S"] >= 1


def test_TW_6_2_dash_from_boat():
    st, _ = play(scene(soldiers="S1 boat d1 n\nN1 board a6 s"), "S1 dash")
    assert where(st, "S1") == ("board", "d2", "n")
