"""The Trench War state's own queries (``game/trench/state.py``): cloning and keys, soldiers and cells,
allies (TW-11 open teams), the cube census (TW-1), scores with carried corpses (TW-9), the ground a
dig or tunnel needs (TW-6.1/6.7), seat order (TW-4.2) and the turn's plotted cards (TW-5)."""

import pytest
from trench_helpers import scene

from game.core.playout import random_action
from game.core.rng import Rng
from game.trench import make_ruleset, new_game
from game.trench.geometry import parse_cell
from game.trench.model import GasToken, evolve
from game.trench.notation import format_position, parse_position
from game.trench.state import TrenchState, Turn, ground_problem, next_seat, seat_order_from

#: Slots that are no part of the position's key.
DERIVED = {"legal_cache", "index", "quiet"}


def _playout_states(players, variants, seed, steps=120, every=7):
    """The live state of a seeded random game every ``every`` steps (never a copy: a copy made by
    ``clone`` would carry a cloning bug into the comparison)."""
    st = new_game(players, seed, make_ruleset(variants=variants))
    rng = Rng(seed + 7)
    for step in range(steps):
        if st.is_over():
            break
        if step % every == 0:
            yield st
        st.apply(random_action(st, rng))


@pytest.mark.parametrize("players, variants", [(2, []), (4, ["hidden-teams"]), (3, ["guerrillas"])])
def test_a_clone_holds_every_slot_of_the_state_and_is_independent_of_it(players, variants):
    filled = set()
    for st in _playout_states(players, variants, seed=players):
        st.set_quiet(True)
        st.legal_actions()
        c = st.clone()
        assert type(c) is TrenchState and c is not st
        for name in TrenchState.__slots__:
            assert getattr(c, name) == getattr(st, name), name
            if getattr(st, name) not in (None, (), {}, 0, False, frozenset()):
                filled.add(name)
        assert c.key() == st.key() and c == st and hash(c) == hash(st)
        c.columns[24] += "n"
        c.items[0] = ("food",)
        c.soldiers[0] = evolve(c.soldiers[0], food=9)
        c.hands[st.seats[0]] = "changed"
        c.discards[st.seats[0]] = "changed"
        c.plots[st.seats[0]] = ("x",)
        c.points[st.seats[0]] = 99
        c.spent[st.seats[0]] = 99
        assert c != st and c.key() != st.key()
        assert st.columns[24] != c.columns[24] and st.items.get(0) != ("food",)
        assert st.soldiers[0].food != 9 and st.hands[st.seats[0]] != "changed"
        assert st.discards[st.seats[0]] != "changed" and st.plots[st.seats[0]] != ("x",)
        assert st.points[st.seats[0]] != 99 and st.spent[st.seats[0]] != 99
    assert {"first", "start", "wind", "wind_card", "forecasts", "turn", "order", "queue", "legal_cache"} <= filled


def _changed(value):
    if isinstance(value, dict):
        if not value:
            return {0: ("changed",)}
        first = next(iter(value))
        return {**value, first: ("changed", value[first])}
    if isinstance(value, list):
        return value + ["Q"]
    if isinstance(value, (tuple, frozenset, set)):
        return type(value)(list(value) + ["Q"])
    return ("changed", value)


def test_the_key_covers_every_slot_but_the_derived_ones():
    for st in _playout_states(4, ["hidden-teams"], seed=3, every=15):
        for name in TrenchState.__slots__:
            c = st.clone()
            setattr(c, name, _changed(getattr(st, name)))
            if name in DERIVED:
                assert c.key() == st.key(), name
            else:
                assert c.key() != st.key() and c != st, name


def test_equality_with_another_type_is_not_implemented():
    st = new_game(2, 1)
    assert st.__eq__("position") is NotImplemented and st != "position"
    assert st == st and st == st.clone()
    assert hash(st) == hash(st.key()) and hash(st) != hash(new_game(2, 2))


def test_str_is_the_position_text_and_is_over_follows_the_result():
    st = new_game(2, 1)
    assert str(st) == format_position(st)
    assert not st.is_over()
    st.result = ("S",)
    assert st.is_over()


def test_set_quiet_and_reseed_return_the_state():
    st = new_game(2, 1)
    assert st.set_quiet(1) is st and st.quiet is True
    assert st.set_quiet() is st and st.quiet is True
    assert st.set_quiet(0) is st and st.quiet is False
    assert st.reseed(2 ** 64 + 5) is st and st.rng == 5
    assert st.reseed(2 ** 64 - 1).rng == 2 ** 64 - 1


SOLDIERS = ("S1 board d3 n corpses=N2\nS2 corpse b3 n\nS3 boat c1 n\nN1 board d5 s\n"
            "N2 carried - s carrier=S1\nN3 board b6 s")


def _st(soldiers=SOLDIERS, **kw):
    return parse_position(scene(soldiers=soldiers, **kw))


def test_soldier_lookup_and_a_missing_sid():
    st = _st()
    assert st.soldier("N3").cell == parse_cell("b6")
    with pytest.raises(KeyError) as info:
        st.soldier("W1")
    assert info.value.args == ("no soldier W1",)


def test_TW_2_who_stands_lies_or_waits_on_a_cell():
    st = _st()
    d3, b3, c1 = parse_cell("d3"), parse_cell("b3"), parse_cell("c1")
    assert st.occupant(d3).sid == "S1" and st.occupant(b3) is None and st.occupant(c1) is None
    assert [s.sid for s in st.corpses_at(b3)] == ["S2"] and st.corpses_at(d3) == []
    assert st.boat_at(c1).sid == "S3" and st.boat_at(d3) is None and st.boat_at(b3) is None
    st.put(evolve(st.soldier("N3"), status="corpse", cell=d3))
    assert st.occupant(d3).sid == "S1" and [s.sid for s in st.corpses_at(d3)] == ["N3"]


def test_TW_2_living_soldiers_are_on_the_board_or_a_boat():
    st = _st()
    assert [s.sid for s in st.living("S")] == ["S1", "S3"] and [s.sid for s in st.living("N")] == ["N1", "N3"]
    assert st.has_living("S") and st.has_living("N")
    for sid in ("S1", "S3"):
        st.put(evolve(st.soldier(sid), status="escaped", cell=None))
    assert st.living("S") == [] and not st.has_living("S")
    st.put(evolve(st.soldier("S3"), status="boat", cell=parse_cell("c1")))
    assert st.has_living("S") and [s.sid for s in st.living("S")] == ["S3"]
    st.put(evolve(st.soldier("S3"), status="board"))
    assert st.has_living("S")


def test_TW_11_allies_are_the_same_seat_or_open_team_mates():
    plain = _st(players="S W N E", soldiers="S1 board d3 n\nW1 board b4 e\nN1 board d5 s\nE1 board f4 w")
    assert plain.is_ally("S", "S") and not plain.is_ally("S", "W") and not plain.is_ally("N", "E")
    teams = _st(players="S W N E", soldiers="S1 board d3 n\nW1 board b4 e\nN1 board d5 s\nE1 board f4 w",
                extra="variants: open-teams")
    assert teams.is_ally("S", "W") and teams.is_ally("W", "S") and teams.is_ally("N", "E")
    assert teams.is_ally("E", "N") and teams.is_ally("E", "E")
    assert not teams.is_ally("S", "N") and not teams.is_ally("W", "E") and not teams.is_ally("S", "E")
    assert not teams.is_ally("C", "S") and not teams.is_ally("S", "C") and teams.is_ally("C", "C")


def test_TW_2_heights_tops_items_gas_and_something_on_a_cell():
    st = _st(cells={"e4": "0", "f4": "nS"}, items="c4 food")
    e4, f4, c4, b3, g4, d3 = (parse_cell(n) for n in ("e4", "f4", "c4", "b3", "g4", "d3"))
    assert (st.height(e4), st.height(f4), st.height(g4)) == (0, 2, 1)
    assert (st.top(e4), st.top(f4), st.top(g4)) == (None, "S", "n")
    assert st.has_items(c4) and st.has_items(b3) and not st.has_items(g4) and not st.has_items(d3)
    assert not st.has_gas(e4)
    st.gas = (GasToken(1, "S", e4, 1),)
    assert st.has_gas(e4) and not st.has_gas(g4)
    assert st.has_something(e4) and st.has_something(c4) and st.has_something(b3) and st.has_something(d3)
    assert not st.has_something(g4)
    assert st.neighbour(d3, "n") == parse_cell("d4") and st.neighbour(parse_cell("d1"), "s") is None


def test_TW_1_the_cube_census_counts_every_natural_cube():
    soldiers = ("S1 board d3 n cubes=2 corpses=N2\nS2 corpse b3 n cubes=1\nS3 boat c1 n cubes=1\n"
                "N1 board d5 s\nN2 carried - s carrier=S1\nN3 board b6 s")
    st = _st(soldiers, cells={"e4": "0", "f4": "nS", "g4": "nn"}, out=2)
    assert st.cube_census() == {"board": 53, "boats": 1, "carried": 4, "supply": 8, "out": 2, "total": 68}
    st.put(evolve(st.soldier("N2"), cubes=1))
    st.supply -= 1
    assert st.cube_census() == {"board": 53, "boats": 1, "carried": 5, "supply": 7, "out": 2, "total": 68}
    st.put(evolve(st.soldier("N3"), status="escaped", cell=None, cubes=2))
    assert st.cube_census()["carried"] == 5


def test_TW_9_carried_enemy_corpses_score_always_or_at_the_judgement():
    soldiers = ("S1 board d3 n corpses=N2,C1\nS2 escaped - n corpses=N3\nS3 corpse b3 n corpses=N1\n"
                "N1 carried - s carrier=S3\nN2 carried - s carrier=S1\nN3 carried - s carrier=S2\n"
                "C1 carried - n carrier=S1\nC2 board f4 n")
    st = _st(soldiers, extra="variants: civilians", points={"S": 1})
    assert st.carried_enemy_corpses("S") == 2 and st.carried_enemy_corpses("N") == 0
    assert st.score("S") == 3 and st.score("N") == 0
    judged = _st(soldiers, extra="variants: civilians", points={"S": 1}, rules="corpse_points=judgement")
    assert judged.score("S") == 1 and judged.carried_enemy_corpses("S") == 2
    assert st.score("W") == 0


def test_TW_11_an_open_team_mates_corpse_is_no_enemy_corpse():
    soldiers = ("S1 board d3 n corpses=W1,N1\nW1 carried - e carrier=S1\nN1 carried - s carrier=S1\n"
                "E1 board f4 w\nW2 board b4 e\nN2 board d6 s")
    st = _st(soldiers, players="S W N E", extra="variants: open-teams")
    assert st.carried_enemy_corpses("S") == 1


def test_TW_6_1_TW_6_7_the_ground_cube_a_dig_needs():
    assert ground_problem("") == "hole"
    assert ground_problem("nn") == "wall" and ground_problem("nS") == "wall"
    assert ground_problem("S") == "coloured" and ground_problem("V") == "coloured"
    assert ground_problem("n") is None


def test_TW_4_2_seats_clockwise_from_a_seat():
    assert seat_order_from(("S", "W", "N", "E"), "N") == ("N", "E", "S", "W")
    assert seat_order_from(("S", "N"), "N") == ("N", "S")
    assert seat_order_from(("S", "W", "N"), "W") == ("W", "N", "S")
    assert seat_order_from(("S", "W", "N"), "W") == ("W", "N", "S")  # from the memo
    assert next_seat(("S", "W", "N", "E"), "E") == "S" and next_seat(("S", "N"), "S") == "N"
    assert next_seat(("S", "W", "N"), "N") == "S"


@pytest.mark.parametrize("slot, uses, done", [(None, 0, False), (None, 2, False), (0, 1, False), (0, 2, True),
                                              (0, 3, True), (1, 0, False), (1, 1, True), (1, 2, True)])
def test_TW_5_the_plotted_cards_are_done_after_two_actions_of_the_first_and_one_of_the_second(slot, uses, done):
    assert Turn("S", ("move", "fire"), slot=slot, uses=uses).plotted_done is done


def test_TW_9_a_clone_of_a_finished_game_keeps_its_result():
    st = new_game(2, 4)
    rng = Rng(11)
    while not st.is_over():
        st.apply(random_action(st, rng))
    c = st.clone()
    assert c.result == st.result is not None and c.phase == "over" and c.is_over()
    assert c.key() == st.key() and c.index == st.index
