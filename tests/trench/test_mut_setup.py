"""TW-3 setup scenarios the mutation run of ``game/trench/setup.py`` needs: the TW-3.6 placement
round with the civilians variant (TW-11: civilians and the village), exact events and what is left."""

import pytest

from game.core.errors import RulesetError
from game.trench import make_ruleset, new_game
from game.trench.geometry import cell_name, parse_cell
from game.trench.notation import format_position, parse_position
from game.trench.setup import arm_options, base_options, extra_options, snake, take_from_supply


def table(events):
    return [(e.kind, dict(e.data), e.text) for e in events]


def _to_placement_round(variants=(), quiet=False):
    st = new_game(2, seed=3, rules=make_ruleset(variants=list(variants)))
    st.set_quiet(quiet)
    st.apply("chance first S")
    st.apply("S arm gun gas bomb")
    st.apply("N arm gun gas bomb")
    while st.phase in ("place", "base"):
        st.apply(sorted(str(a) for a in st.legal_actions())[0])
    assert st.phase == "extra" and st.queue == ("S", "N", "N", "S")
    return st


def test_TW_3_6_TW_11_civilians_and_the_village_are_placed_in_the_placement_round():
    st = _to_placement_round(["civilians"])
    assert st.setup_left == (3, 2, 1)
    c3, e5, c5, b3 = (parse_cell(n) for n in ("c3", "e5", "c5", "b3"))
    assert table(st.apply("S civilian c3")) == [
        ("place", {"seat": "S", "what": "civilian", "cell": c3}, "S places a civilian on c3")]
    c1 = st.soldier("C1")
    assert (c1.status, c1.cell, c1.facing) == ("board", c3, "n")
    assert st.soldier("C2").status == "unplaced" and st.setup_left == (3, 1, 1)
    assert table(st.apply("N civilian e5")) == [
        ("place", {"seat": "N", "what": "civilian", "cell": e5}, "N places a civilian on e5")]
    c2 = st.soldier("C2")
    assert (c2.status, c2.cell, c2.facing) == ("board", e5, "s")
    assert st.soldier("C1").cell == c3 and st.setup_left == (3, 0, 1)
    assert table(st.apply("N village c5")) == [
        ("place", {"seat": "N", "what": "village", "cell": c5}, "N places a village on c5")]
    assert st.columns[c5] == "nV" and st.setup_left == (3, 0, 0)
    assert table(st.apply("S food b3")) == [
        ("place", {"seat": "S", "what": "food", "cell": b3}, "S places a food on b3"),
        ("round", {"round": 1, "day": True, "start": "S"}, "round 1 (day)")]
    assert st.items[b3] == ("food",) and st.setup_left == (2, 0, 0)
    assert st.phase == "wind"


def test_TW_3_6_placement_events_are_silent_in_quiet_mode():
    st = _to_placement_round(["civilians"], quiet=True)
    c3, c5 = parse_cell("c3"), parse_cell("c5")
    assert table(st.apply("S civilian c3")) == [("place", {"seat": "S", "what": "civilian", "cell": c3}, "")]
    assert table(st.apply("N village c5")) == [("place", {"seat": "N", "what": "village", "cell": c5}, "")]
    assert table(st.apply("N pass")) == [("pass", {"seat": "N"}, "")]
    assert st.soldier("C1").cell == c3 and st.columns[c5] == "nV" and st.setup_left == (3, 1, 0)


def _armed(quiet=False):
    st = new_game(2, seed=3)
    st.set_quiet(quiet)
    st.apply("chance first S")
    st.apply("S arm gun gas bomb")
    st.apply("N arm gun gas bomb")
    assert st.phase == "place" and st.queue == ("S1", "N1", "N2", "S2", "S3", "N3")
    return st


def test_TW_3_3_a_soldier_lands_on_its_boat_facing_into_the_board():
    text = format_position(_armed()).replace("S1 unplaced - n", "S1 unplaced - w")
    st = parse_position(text)
    assert st.soldier("S1").facing == "w"
    c1 = parse_cell("c1")
    assert table(st.apply("S1 boat c1")) == [("place", {"sid": "S1", "cell": c1}, "S1 lands on a boat beside c1")]
    s1 = st.soldier("S1")
    assert (s1.status, s1.cell, s1.facing) == ("boat", c1, "n") and st.supply == 14
    quiet = _armed(quiet=True)
    assert table(quiet.apply("S1 boat c1")) == [("place", {"sid": "S1", "cell": c1}, "")]


def test_TW_3_4_a_cover_cube_when_boats_face_each_other():
    st = _armed()
    st.apply("S1 boat c1")
    c4 = parse_cell("c4")
    assert table(st.apply("N1 boat c7")) == [
        ("place", {"sid": "N1", "cell": parse_cell("c7")}, "N1 lands on a boat beside c7"),
        ("cube", {"how": "place", "frm": None, "to": c4, "sid": None}, "cover cube on c4")]
    assert st.columns[c4] == "nn" and st.supply == 12


def _to_bases(quiet=False):
    st = _armed(quiet)
    for action in ("S1 boat b1", "N1 boat b7", "N2 boat c7", "S2 boat d1", "S3 boat e1", "N3 boat f7"):
        st.apply(action)
    assert st.phase == "base" and st.queue == ("S", "N")
    return st


def test_TW_3_5_a_base_goes_on_a_plain_ground_cell_of_the_own_first_row():
    st = _to_bases()
    b1, c1, d1, e1, f1 = (parse_cell(n) for n in ("b1", "c1", "d1", "e1", "f1"))
    assert base_options(st, "S") == [b1, c1, d1, e1, f1]
    st.columns[c1] = "nn"
    st.supply -= 1
    st.items[e1] = ("food",)
    assert base_options(st, "S") == [b1, d1, f1]
    assert sorted(str(a) for a in st.legal_actions()) == ["S base b1", "S base d1", "S base f1"]
    supply = st.supply
    assert table(st.apply("S base d1")) == [
        ("cube", {"how": "place", "frm": None, "to": d1, "sid": None, "kind": "S"}, "S builds its base on d1")]
    assert st.columns[d1] == "nS" and st.supply == supply
    quiet = _to_bases(quiet=True)
    assert table(quiet.apply("S base d1")) == [
        ("cube", {"how": "place", "frm": None, "to": d1, "sid": None, "kind": "S"}, "")]


def _to_extra(rules=None):
    st = new_game(2, seed=3, rules=rules)
    st.apply("chance first S")
    st.apply("S arm gun gas bomb")
    st.apply("N arm gun gas bomb")
    for action in ("S1 boat b1", "N1 boat b7", "N2 boat c7", "S2 boat d1", "S3 boat e1", "N3 boat f7",
                   "S base c1", "N base d7"):
        st.apply(action)
    assert st.phase == "extra"
    return st


def test_TW_3_6_a_cube_never_in_front_of_an_enemy_boat_but_in_front_of_an_own_one():
    st = _to_extra()
    options = extra_options(st, "S")
    assert options[0] == ("pass", None)
    cubes = {cell for verb, cell in options if verb == "cube"}
    foods = {cell for verb, cell in options if verb == "food"}
    assert {parse_cell(n) for n in ("b1", "d1", "e1", "e7")} <= cubes
    assert not {parse_cell(n) for n in ("b7", "c7", "f7")} & cubes
    assert parse_cell("b7") in foods and parse_cell("c1") not in cubes | foods  # the base: 2 high
    assert parse_cell("d4") not in cubes | foods  # the centre drug
    assert sorted(str(a) for a in st.legal_actions()) == sorted(
        "S pass" if verb == "pass" else f"S {verb} {cell_name(cell)}" for verb, cell in options)


def test_TW_3_6_the_last_supply_cube_may_still_be_placed_and_none_after_it():
    st = _to_extra()
    st.out += st.supply - 1
    st.supply = 1
    assert "S cube e2" in {str(a) for a in st.legal_actions()}
    assert ("cube", parse_cell("e2")) in extra_options(st, "S")
    st.apply("S cube e2")
    assert st.supply == 0
    assert not any(verb == "cube" for verb, _ in extra_options(st, "N"))
    assert not any(str(a).startswith("N cube") for a in st.legal_actions())


def test_TW_3_6_three_placement_rounds_go_in_snake_order():
    assert snake(("S", "W", "N"), 3) == ("S", "W", "N", "N", "W", "S", "S", "W", "N")
    assert snake(("S", "N"), 4) == ("S", "N", "N", "S", "S", "N", "N", "S")
    assert snake(("S", "N"), 0) == ()
    st = _to_extra(make_ruleset({"placement_rounds": 3}))
    assert st.queue == ("S", "N", "N", "S", "S", "N")


def test_TW_0_an_empty_supply_refuses_to_give_a_cube():
    st = _armed()
    st.out += st.supply
    st.supply = 0
    with pytest.raises(RulesetError) as info:
        take_from_supply(st)
    assert str(info.value) == ("TW-0: the cube supply is empty: natural_cubes=68 is too few for the board "
                               "and the boats")
    st.supply = 2
    take_from_supply(st, 2)
    assert st.supply == 0


def test_TW_3_4_cover_between_west_and_east_boats_and_silent_in_quiet_mode():
    st = new_game(4, seed=3)
    st.set_quiet(True)
    st.apply("chance first W")
    for seat in ("W", "N", "E", "S"):
        st.apply(f"{seat} arm gun gas bomb")
    assert st.queue[:2] == ("W1", "N1")
    st.apply("W1 boat a3")
    st.apply("N1 boat b7")
    d3 = parse_cell("d3")
    assert st.queue[0] == "E1"
    assert table(st.apply("E1 boat g3")) == [("place", {"sid": "E1", "cell": parse_cell("g3")}, ""),
                                           ("cube", {"how": "place", "frm": None, "to": d3, "sid": None}, "")]
    assert st.columns[d3] == "nn"


@pytest.mark.parametrize("cubes, cover", [(60, True), (59, False)])
def test_TW_3_4_cover_never_takes_a_cube_a_boat_still_needs_civilians_need_none(cubes, cover):
    st = new_game(2, seed=3, rules=make_ruleset({"natural_cubes": cubes}, ["civilians"]))
    st.apply("chance first S")
    st.apply("S arm gun gas bomb")
    st.apply("N arm gun gas bomb")
    st.apply("S1 boat c1")
    events = table(st.apply("N1 boat c7"))
    c4 = parse_cell("c4")
    assert (("cube", {"how": "place", "frm": None, "to": c4, "sid": None}, "cover cube on c4") in events) is cover
    assert st.columns[c4] == ("nn" if cover else "n")
    assert st.supply == 4  # 60: the boats took 2 and the cover 1; 59: the boats took 2


def test_TW_1_TW_2_a_new_game_lays_the_board_and_nothing_else():
    st = new_game()
    assert st.seats == ("S", "N") and st.rng == new_game(2, 0).rng != new_game(2, 1).rng
    assert st.quiet is False and st.day is True and st.round == 0 and st.phase == "first"
    assert st.items == {parse_cell("d4"): ("drug",)}
    assert st.next_gid == 1 and st.spent == {"S": 0, "N": 0} and st.points == {"S": 0, "N": 0}
    assert [(s.sid, s.seat, s.facing, s.masks, s.drugs, s.food) for s in st.soldiers] == [
        ("S1", "S", "n", 1, 1, 1), ("S2", "S", "n", 1, 1, 1), ("S3", "S", "n", 1, 1, 1),
        ("N1", "N", "s", 1, 1, 1), ("N2", "N", "s", 1, 1, 1), ("N3", "N", "s", 1, 1, 1)]
    assert st.setup_left == (3, 0, 0) and st.supply == 68 - 53
    text = format_position(st)
    assert "time: day" in text and "next-gas: 1" in text and "spent: S=0 N=0" in text
    four = new_game(4, 1, make_ruleset(variants=["civilians"]))
    assert [(s.sid, s.seat, s.facing) for s in four.soldiers if s.sid[1] == "1"] == [
        ("S1", "S", "n"), ("W1", "W", "e"), ("N1", "N", "s"), ("E1", "E", "w"), ("C1", "C", "n")]
    assert [(s.sid, s.seat, s.status) for s in four.soldiers[-2:]] == [("C1", "C", "unplaced"),
                                                                       ("C2", "C", "unplaced")]
    assert four.setup_left == (3, 2, 1)
    bare = new_game(2, 0, make_ruleset({"centre_drug": 0}))
    assert bare.items == {}


def test_TW_3_2_arming_tells_everyone_that_a_seat_armed_but_not_how():
    st = new_game(2, seed=3)
    st.apply("chance first S")
    assert arm_options(st, "S") == [("bomb", "gas", "gun"), ("bomb", "gun", "gas"), ("gas", "bomb", "gun"),
                                    ("gas", "gun", "bomb"), ("gun", "bomb", "gas"), ("gun", "gas", "bomb")]
    assert table(st.apply("S arm gas bomb gun")) == [("arm", {"seat": "S"}, "S arms its soldiers")]
    assert [(s.sid, s.weapons[0].tile, s.weapons[0].ammo) for s in st.soldiers[:3]] == [
        ("S1", "S:gas", 2), ("S2", "S:bomb", 2), ("S3", "S:gun", 4)]
    st.set_quiet(True)
    assert table(st.apply("N arm gun gas bomb")) == [("arm", {"seat": "N"}, "")]
    first = new_game(2, seed=3, rules=make_ruleset(variants=["first-game"]))
    assert arm_options(first, "S") == [("bomb", "gun"), ("gun", "bomb")]
