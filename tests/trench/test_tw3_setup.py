"""TW-3 setup: first player, arming, snake placement on boats, cover, bases, placement rounds,
TW-3.7 day/night marker; and TW-1/TW-2 components and geometry of a new game."""

import pytest
from trench_helpers import col, height, illegal, kinds, legal, where

from game.core.errors import RulesetError
from game.core.protocol import CHANCE
from game.trench import make_ruleset, new_game
from game.trench.geometry import (
    boat_cells,
    cell_name,
    is_corner,
    parse_cell,
    rows_advanced,
    step,
)
from game.trench.invariants import check_invariants
from game.trench.state import ACTION_CARDS, START_HAND


def _to_place(players=2, first="S"):
    st = new_game(players, seed=7)
    st.apply(f"chance first {first}")
    for seat in st.queue:
        st.apply(f"{seat} arm gun gas bomb")
    return st


def test_TW_1_new_game_components():
    for players, seats in ((2, ("S", "N")), (3, ("S", "W", "N")), (4, ("S", "W", "N", "E"))):
        st = new_game(players, seed=1)
        assert st.seats == seats
        assert len(st.soldiers) == 3 * players
        for s in st.soldiers:
            assert (s.status, s.masks, s.drugs, s.food, s.cubes) == ("unplaced", 1, 1, 1, 0)
        for seat in seats:
            assert st.hands[seat] == START_HAND and ACTION_CARDS.size(START_HAND) == 12
        assert ACTION_CARDS.format(START_HAND) == "move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt"
        assert st.cube_census()["total"] == 68 and st.supply == 68 - 53
        assert check_invariants(st) == []
    with pytest.raises(RulesetError, match="TW-1"):
        new_game(5)


def test_TW_2_board_geometry_and_start_board():
    st = new_game(2, seed=1)
    for c in range(49):
        assert height(st, cell_name(c)) == (2 if is_corner(c) else 1)
    assert st.items == {parse_cell("d4"): ("drug",)}
    assert cell_name(0) == "a1" and cell_name(48) == "g7" and parse_cell("d4") == 3 + 7 * 3
    assert step(parse_cell("a1"), "w") is None and cell_name(step(parse_cell("a1"), "n")) == "a2"
    assert [cell_name(c) for c in boat_cells("W")] == ["a2", "a3", "a4", "a5", "a6"]
    assert rows_advanced("S", parse_cell("d1")) == 1 and rows_advanced("N", parse_cell("d1")) == 7
    assert rows_advanced("W", parse_cell("c5")) == 3 and rows_advanced("E", parse_cell("c5")) == 5
    with pytest.raises(ValueError):
        parse_cell("h1")


def test_TW_3_1_chance_picks_the_first_player():
    st = new_game(3, seed=1)
    assert st.current_player() == CHANCE
    assert {str(a) for a, p in st.chance_outcomes()} == {"chance first S", "chance first W",
                                                         "chance first N"}
    assert all(abs(p - 1 / 3) < 1e-12 for _, p in st.chance_outcomes())
    illegal(st, "S arm gun gas bomb", "chance")
    st.apply("chance first N")
    assert st.first == "N" and st.phase == "arm" and st.queue == ("N", "S", "W")


def test_TW_3_2_arm_each_soldier_with_one_weapon_secretly():
    st = new_game(2, seed=1)
    st.apply("chance first S")
    assert len(st.legal_actions()) == 6  # the orders of gun, gas, bomb
    ev = st.apply("S arm bomb gun gas")
    assert [(s.sid, s.weapons[0].kind, s.weapons[0].ammo) for s in st.soldiers[:3]] == [
        ("S1", "bomb", 2), ("S2", "gun", 4), ("S3", "gas", 2)]
    assert all(s.weapons[0].known == frozenset("S") for s in st.soldiers[:3])
    assert "bomb" not in " ".join(e.text for e in ev)  # the public event does not tell
    illegal(st, "N arm gun gun gas", "TW-3.2")


def test_TW_3_3_snake_order_of_placement_two_and_four_players():
    st = _to_place(2, "S")
    assert st.phase == "place" and st.queue == ("S1", "N1", "N2", "S2", "S3", "N3")
    st4 = _to_place(4, "W")
    assert st4.queue == ("W1", "N1", "E1", "S1", "S2", "E2", "N2", "W2", "W3", "N3", "E3", "S3")


def test_TW_3_3_boats_beside_free_non_corner_cells_of_the_own_side():
    st = _to_place(2, "S")
    assert legal(st) == {f"S1 boat {f}1" for f in "bcdef"}
    st.apply("S1 boat b1")
    assert where(st, "S1") == ("boat", "b1", "n")
    illegal(st, "N1 boat a7", "TW-3.3")
    illegal(st, "N1 boat b1", "TW-3.3")
    st.apply("N1 boat b7")
    assert where(st, "N1") == ("boat", "b7", "s")
    assert "N2 boat b7" not in legal(st)


def test_TW_3_4_cover_cube_on_the_midpoint_of_a_shared_firing_line():
    st = _to_place(2, "S")
    supply = st.supply
    st.apply("S1 boat c1")
    ev = st.apply("N1 boat c7")
    assert height(st, "c4") == 2
    assert st.supply == supply - 3  # two boats and a cover cube
    assert [e.get("to") for e in ev if e.kind == "cube"] == [parse_cell("c4")]
    # not on an item: d4 holds the drug
    st.apply("N2 boat d7")
    st.apply("S2 boat d1")
    assert height(st, "d4") == 1
    # no shared line: no cube
    st.apply("S3 boat e1")
    st.apply("N3 boat f7")
    assert height(st, "e4") == 1 and height(st, "f4") == 1
    assert check_invariants(st) == []


def test_TW_3_4_cover_between_west_and_east_on_file_d():
    st = _to_place(4, "S")
    st.apply("S1 boat b1")
    st.apply("W1 boat a3")
    st.apply("N1 boat b7")  # shares file b with S1: b4
    st.apply("E1 boat g3")  # shares rank 3 with W1: d3
    assert height(st, "b4") == 2 and height(st, "d3") == 2


def test_TW_3_5_bases_in_placement_order_on_the_first_row():
    st = _to_place(2, "N")
    for a in ("N1 boat b7", "S1 boat c1", "S2 boat d1", "N2 boat c7", "N3 boat d7", "S3 boat e1"):
        st.apply(a)
    assert st.phase == "base" and st.queue == ("N", "S")
    assert legal(st) == {f"N base {f}7" for f in "bcdef"}
    illegal(st, "N base g7", "TW-3.5")
    st.apply("N base e7")
    assert col(st, "e7") == "nN"
    illegal(st, "S base d2", "TW-3.5")
    st.apply("S base f1")
    assert col(st, "f1") == "nS" and st.phase == "extra"


def _to_extra(first="S"):
    st = _to_place(2, first)
    cells = {"S1": "b1", "S2": "e1", "S3": "f1", "N1": "c7", "N2": "d7", "N3": "f7"}
    while st.phase == "place":
        st.apply(f"{st.queue[0]} boat {cells[st.queue[0]]}")
    bases = {"S": "c1", "N": "e7"}
    while st.phase == "base":
        st.apply(f"{st.queue[0]} base {bases[st.queue[0]]}")
    return st


def test_TW_3_6_two_placement_rounds_in_snake_order():
    st = _to_extra("S")
    assert st.phase == "extra" and st.queue == ("S", "N", "N", "S")
    assert st.setup_left[0] == 3  # three neutral food tokens [I]
    opts = legal(st)
    assert "S pass" in opts and "S food e4" in opts and "S cube e4" in opts
    # never on a wall, an item, or (a cube) the edge cell in front of an enemy boat
    for bad in ("S cube a1", "S cube c1", "S cube e7", "S food d4", "S cube d4", "S cube c7",
                "S cube d7"):
        assert bad not in opts
    illegal(st, "S cube c7", "TW-3.6")
    assert "S food c7" in opts  # food may lie in front of a boat
    supply = st.supply
    st.apply("S cube e4")
    assert height(st, "e4") == 2 and st.supply == supply - 1
    assert "N cube e4" not in legal(st)  # never taller than 2
    assert "N cube b1" not in legal(st) and "N cube d1" in legal(st)  # b1: in front of S1's boat
    st.apply("N food e5")
    assert st.items[parse_cell("e5")] == ("food",) and st.setup_left[0] == 2
    st.apply("N pass")
    ev = st.apply("S cube e3")
    # TW-3.7: round 1 begins, by day, the first player holds the marker
    assert st.round == 1 and st.day and st.start == "S"
    assert "round" in kinds(ev)


def _to_extra_with(variants):
    st = new_game(2, seed=7, rules=make_ruleset(variants=variants))
    st.apply("chance first S")
    for seat in st.queue:
        st.apply(f"{seat} arm gun gas bomb")
    cells = {"S1": "b1", "S2": "e1", "S3": "f1", "N1": "c7", "N2": "d7", "N3": "f7"}
    while st.phase == "place":
        st.apply(f"{st.queue[0]} boat {cells[st.queue[0]]}")
    while st.phase == "base":
        st.apply(f"{st.queue[0]} base {dict(S='c1', N='e7')[st.queue[0]]}")
    return st


def _as_pairs(actions):
    return [(a.verb, parse_cell(a.args[0]) if a.args else None) for a in actions]


@pytest.mark.parametrize("variants", [[], ["civilians"]])
def test_TW_3_6_placement_options_as_pairs_are_the_legal_actions(variants):
    """``setup.extra_options`` without an action table gives ``(verb, cell)`` pairs: the very
    options of the legal list, in its order, ``("pass", None)`` first (all four kinds with
    civilians, food only on ground, nothing on a taken cell or a wall)."""
    from game.trench import setup
    st = _to_extra_with(variants)
    st.columns[parse_cell("d5")] = ""  # a hole takes a cube (or civilian, village) but no food
    seen = 0
    for placement in ("S food e4", "N cube e5", "N pass", "S pass"):
        seat = st.queue[0]
        pairs = setup.extra_options(st, seat)
        assert pairs == _as_pairs(st.legal_actions()) and pairs[0] == ("pass", None)
        here = [verb for verb, cell in pairs if cell == parse_cell("d5")]
        assert here == (["cube", "civilian", "village"] if variants else ["cube"])
        assert not [p for p in pairs if p[1] in (parse_cell("a1"), parse_cell("c1"))]  # wall, base
        seen += 1
        st.apply(placement)
    assert seen == 4 and st.phase != "extra"


def test_TW_3_6_placement_cells_taken_own_and_enemy_boats_and_the_last_cube():
    """Nothing goes on a cell a piece stands on; a cube may go in front of the seat's own boat
    but not an enemy's; a cube is offered while the supply holds one (TW-1, TW-3.6)."""
    from game.trench import setup
    st = _to_extra_with(["civilians"])
    st.apply("S civilian e4")  # a civilian stands on e4 now (status board)
    pairs = setup.extra_options(st, "N")
    assert not [p for p in pairs if p[1] == parse_cell("e4")]
    assert ("cube", parse_cell("d1")) in pairs and ("cube", parse_cell("b1")) not in pairs  # S1's boat
    st.apply("N pass")
    own = setup.extra_options(st, "N")
    assert ("cube", parse_cell("c7")) in own and ("cube", parse_cell("b1")) not in own  # N1's boat
    st.supply = 1
    assert ("cube", parse_cell("b4")) in setup.extra_options(st, "N")
    st.supply = 0
    assert ("cube", parse_cell("b4")) not in setup.extra_options(st, "N")
    assert ("food", parse_cell("b4")) in setup.extra_options(st, "N")
    assert not [p for p in setup.extra_options(st, "N") if p[1] == parse_cell("d4")]  # the centre drug


def test_TW_3_6_cube_in_front_of_an_enemy_boat_is_refused():
    st = _to_extra("S")
    st.apply("S pass")
    # N may not put a cube on b1, e1 or f1 (in front of S's boats), but may on d1
    opts = legal(st)
    assert "N cube b1" not in opts and "N cube e1" not in opts and "N cube d1" in opts
    illegal(st, "N cube b1", "TW-3.6")


def test_TW_3_7_round_1_day_no_wind_forecasts_drawn():
    st = _to_extra("N")
    for a in ("N pass", "S pass", "S pass", "N pass"):
        st.apply(a)
    assert st.round == 1 and st.day and st.start == "N" and st.phase == "wind"
    assert st.current_player() == CHANCE
    st.apply("chance wind e")
    assert st.phase == "wind" and st.forecasts == ("e",)  # two players keep two forecasts
    st.apply("chance wind calm")
    assert st.phase == "plot" and st.wind is None and st.forecasts == ("e", "calm")
    assert st.queue == ("N", "S")


def test_TW_3_4_cover_never_takes_a_cube_a_boat_still_needs():
    # 59 natural cubes: 53 on the board, 6 for the six boats, none to spare for cover [I]
    from game.trench import make_ruleset
    st = new_game(2, seed=1, rules=make_ruleset(["natural_cubes=59"]))
    st.apply("chance first S")
    st.apply("S arm gun gas bomb")
    st.apply("N arm gun gas bomb")
    st.apply("S1 boat c1")
    st.apply("N1 boat c7")
    assert height(st, "c4") == 1 and st.supply == 4
    for a in ("N2 boat d7", "S2 boat d1", "S3 boat e1", "N3 boat e7"):
        st.apply(a)
    assert st.supply == 0 and check_invariants(st) == []
