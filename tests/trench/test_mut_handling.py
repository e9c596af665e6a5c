"""TW-6.3 turn and carry, TW-6.4/6.5 build and collect, TW-6.7 dig, TW-6.9 camp and TW-7.5 handing
belongings over, asserted exactly: the state, every event with all its data and text, the legal
options, and each refusal's whole message (rule id first: the player reads it).

Expected values were worked out from ``shared/rules/trench-war.md`` and the Events table of
``docs/notation.md`` (cells are ``x + 7*y``: c3 = 16, d2 = 10, d3 = 17, e3 = 18, d4 = 24, d5 = 31).
Every scenario is also played in quiet mode (``set_quiet``): the same events with empty texts and
the same resulting position.
"""

import pytest
from trench_helpers import (ascii_id, col, event_table, illegal, legal, play_loud_and_quiet, position,
                            scene, where)

from game.trench.state import ACTION_CARDS

HIGH = "target_points_2p=9 target_points=9"
TM = "S cards=turn,move slot=1 uses=0"
BM = "S cards=build,move slot=1 uses=0"
DM = "S cards=dig,move slot=1 uses=0"
CAMP = "S cards=camp slot=1 uses=0"
N1 = "\nN1 board b7 s"
#: a second soldier of S far away, so that the card in use keeps the turn open after S1's action
S2 = "\nS2 board g2 n"
#: the same, with a cube to build (a Build card in use is never wasted)
S2B = "\nS2 board g2 n cubes=1"


_id = ascii_id


table = event_table


def run(actions, **kw):
    """Play ``actions`` on the scene, loud and quiet; return (state, event table)."""
    kw.setdefault("rules", HIGH)
    st, ev = play_loud_and_quiet(scene(**kw), actions)
    assert all(e.seen_by is None for e in ev)
    return st, table(ev)


def refuse(action, message, **kw):
    kw.setdefault("rules", HIGH)
    assert illegal(scene(**kw), action, message.split(":")[0]) == message


def mine(st, sid="S1"):
    return {a for a in legal(st) if a.startswith(sid + " ")}


def turn(sid, before, after):
    return ("turn", {"sid": sid, "before": before, "after": after}, f"{sid} turns {after}")


# == TW-6.3 turn and carry ========================================================================
def test_TW_6_3_plain_turn_event():
    st, ev = run("S1 turn w", soldiers="S1 board d3 n" + S2 + N1, turn=TM)
    assert ev == [turn("S1", "n", "w")]
    assert where(st, "S1") == ("board", "d3", "w")


def test_TW_6_3_options_with_a_wall_top_in_front():
    st = position(scene(cells={"d4": "2"}, soldiers="S1 board d3 n" + S2 + N1, turn=TM, rules=HIGH))
    assert mine(st) == {"S1 turn e", "S1 turn s", "S1 turn w", "S1 turn e carry", "S1 turn w carry",
                        "S1 turn s carry w", "S1 turn s carry e"}


def test_TW_6_3_carry_a_cube_90_degrees_event():
    st, ev = run("S1 turn e carry", cells={"d4": "2"}, soldiers="S1 board d3 n" + S2 + N1, turn=TM)
    assert ev == [turn("S1", "n", "e"),
                  ("cube", {"how": "carry", "frm": 24, "to": 18, "sid": "S1", "pivot": 17},
                   "S1 carries a cube from d4 to e3")]
    assert col(st, "d4") == "n" and col(st, "e3") == "nn" and st.soldier("S1").cubes == 0


def test_TW_6_3_carry_a_cube_180_degrees_past_a_free_side():
    st, ev = run("S1 turn s carry w", cells={"d4": "2"}, soldiers="S1 board d3 n" + S2 + N1, turn=TM)
    assert ev == [turn("S1", "n", "s"),
                  ("cube", {"how": "carry", "frm": 24, "to": 10, "sid": "S1", "pivot": 17},
                   "S1 carries a cube from d4 to d2")]
    assert col(st, "d4") == "n" and col(st, "d2") == "nn" and col(st, "c3") == "n"


def test_TW_6_3_trench_soldier_carries_its_trench_side_into_a_hole():
    st, ev = run("S1 turn e carry", cells={"d3": "0", "e3": "0"}, soldiers="S1 board d3 n" + S2 + N1, turn=TM)
    assert ev == [turn("S1", "n", "e"),
                  ("cube", {"how": "carry", "frm": 24, "to": 18, "sid": "S1", "pivot": 17},
                   "S1 carries a cube from d4 to e3")]
    assert col(st, "d4") == "" and col(st, "e3") == "n"
    # onto ground the trench side would rise above the carrier's body layer (L1)
    st = position(scene(cells={"d3": "0", "e3": "0"}, soldiers="S1 board d3 n" + S2 + N1, turn=TM, rules=HIGH))
    assert mine(st) == {"S1 turn e", "S1 turn s", "S1 turn w", "S1 turn e carry"}


def test_TW_6_3_carry_an_ally_event_and_it_takes_the_items_there():
    st, ev = run("S1 turn w carry", soldiers="S1 board d3 n\nS2 board d4 e" + N1, turn=TM, items="c3 food")
    assert ev == [turn("S1", "n", "w"),
                  ("move", {"sid": "S2", "path": (24, 16), "from_boat": False, "how": "carried", "pivot": 17},
                   "S1 carries S2 to c3"),
                  ("pickup", {"sid": "S2", "cell": 16, "what": ("food",)}, "S2 takes food on c3")]
    assert where(st, "S2") == ("board", "c3", "e") and st.soldier("S2").food == 1


def test_TW_6_3_carry_an_ally_180_degrees():
    st, ev = run("S1 turn s carry e", soldiers="S1 board d3 n\nS2 board d4 n" + N1, turn=TM)
    assert ev[1] == ("move", {"sid": "S2", "path": (24, 10), "from_boat": False, "how": "carried",
                              "pivot": 17}, "S1 carries S2 to d2")
    assert where(st, "S2") == ("board", "d2", "n")


def test_TW_6_3_carried_ally_into_gas_dies_for_the_gas_owner():
    st, ev = run("S1 turn e carry", soldiers="S1 board d3 n\nS2 board d4 n" + N1, turn=TM, gas="1 N e3 2")
    assert where(st, "S2")[:2] == ("corpse", "e3") and st.points["N"] == 1


def test_TW_6_3_what_may_be_carried():
    """Only a column top of natural cube in the body layer holding nothing, or an ally at the same level."""
    def opts(**kw):
        return mine(position(scene(turn=TM, rules=HIGH, **kw)))
    plain = {"S1 turn e", "S1 turn s", "S1 turn w"}
    # ground in front of a standing soldier: its top is below the body layer
    assert opts(soldiers="S1 board d3 n" + S2 + N1) == plain
    # a base is never carried
    assert opts(cells={"d4": "nS"}, soldiers="S1 board d3 n" + S2 + N1) == plain
    # from a trench the wall in front is not a top in L1
    assert opts(cells={"d3": "0", "d4": "2"}, soldiers="S1 board d3 n" + S2 + N1) == plain
    # the trench side holding an item or gas is not carried
    assert opts(cells={"d3": "0", "e3": "0"}, items="d4 food", soldiers="S1 board d3 n" + S2 + N1) == plain
    assert opts(cells={"d3": "0", "e3": "0"}, gas="1 N d4 2", soldiers="S1 board d3 n" + S2 + N1) == plain
    # an enemy, or an ally in a trench below a standing soldier, is never carried
    assert opts(soldiers="S1 board d3 n\nN1 board d4 s") == plain
    assert opts(cells={"d4": "0"}, soldiers="S1 board d3 n\nS2 board d4 n" + N1) == plain
    # a soldier facing off the board has nothing in front
    assert opts(soldiers="S1 board d7 n" + S2 + N1) == {"S1 turn e", "S1 turn s", "S1 turn w"}
    # masked: plain turns only
    assert opts(cells={"d4": "2"}, soldiers="S1 board d3 n masks=0 mask-on" + S2 + N1) == plain


def test_TW_6_3_a_boat_soldier_turns_but_carries_nothing():
    st = position(scene(soldiers="S1 boat d1 n\nS2 board d2 n" + N1, turn=TM, rules=HIGH))
    assert mine(st) == {"S1 turn e", "S1 turn s", "S1 turn w"}
    refuse("S1 turn e carry", "TW-6.3: S1 has no top cube or ally in front to carry",
           soldiers="S1 boat d1 n\nS2 board d2 n" + N1, turn=TM)


def test_TW_6_3_carry_target_rules():
    def opts(**kw):
        return mine(position(scene(turn=TM, rules=HIGH, **kw)))
    # a cube: the target must hold no soldier, item or gas and be lower than the body layer
    assert opts(cells={"d4": "2", "e3": "2"}, soldiers="S1 board d3 n" + S2 + N1) == \
        {"S1 turn e", "S1 turn s", "S1 turn w", "S1 turn w carry", "S1 turn s carry w"}
    assert opts(cells={"d4": "2"}, items="e3 drug", soldiers="S1 board d3 n" + S2 + N1) == \
        {"S1 turn e", "S1 turn s", "S1 turn w", "S1 turn w carry", "S1 turn s carry w"}
    assert opts(cells={"d4": "2"}, gas="1 N c3 2", soldiers="S1 board d3 n" + S2 + N1) == \
        {"S1 turn e", "S1 turn s", "S1 turn w", "S1 turn e carry", "S1 turn s carry e"}
    assert opts(cells={"d4": "2"}, soldiers="S1 board d3 n\nS2 board d2 n" + N1) == \
        {"S1 turn e", "S1 turn s", "S1 turn w", "S1 turn e carry", "S1 turn w carry"}
    # at the edge: nothing is carried off the board
    assert opts(cells={"a4": "2"}, soldiers="S1 board a3 n" + S2 + N1) == \
        {"S1 turn e", "S1 turn s", "S1 turn w", "S1 turn e carry", "S1 turn s carry e"}
    # an ally goes only where it could step: not onto a wall
    assert opts(cells={"c3": "2"}, soldiers="S1 board d3 n\nS2 board d4 n" + N1) == \
        {"S1 turn e", "S1 turn s", "S1 turn w", "S1 turn e carry", "S1 turn s carry e"}


CARRY_REFUSALS = [
    (dict(soldiers="S1 board d3 n" + S2 + N1), "S1 turn n", "TW-6.3: S1 already faces n"),
    (dict(cells={"d4": "2"}, soldiers="S1 board d3 n masks=0 mask-on" + S2 + N1), "S1 turn e carry",
     "TW-6: S1 cannot carry while masked"),
    (dict(soldiers="S1 board d3 n" + S2 + N1), "S1 turn e carry",
     "TW-6.3: S1 has no top cube or ally in front to carry"),
    (dict(cells={"d4": "2"}, soldiers="S1 board d3 n" + S2 + N1), "S1 turn s carry",
     "TW-6.3: a 180° carry must name the side it sweeps (a direction at right angles)"),
    (dict(cells={"d4": "2"}, soldiers="S1 board d3 n" + S2 + N1), "S1 turn s carry s",
     "TW-6.3: a 180° carry must name the side it sweeps (a direction at right angles)"),
    (dict(cells={"d4": "2"}, soldiers="S1 board d3 n" + S2 + N1), "S1 turn e carry w",
     "TW-6.3: a side is named only for a 180° carry"),
    (dict(cells={"d4": "2", "e3": "2"}, soldiers="S1 board d3 n" + S2 + N1), "S1 turn s carry e",
     "TW-6.3: cannot carry past e: e3 is too high"),
    (dict(cells={"d4": "2", "d2": "2"}, soldiers="S1 board d3 n" + S2 + N1), "S1 turn s carry e",
     "TW-6.3: cannot carry to s: d2 is too high"),
    (dict(cells={"d4": "2"}, items="e3 food", soldiers="S1 board d3 n" + S2 + N1), "S1 turn e carry",
     "TW-6.3: cannot carry to e: a soldier, item or gas is on e3"),
    (dict(cells={"a4": "2"}, soldiers="S1 board a3 n" + S2 + N1), "S1 turn w carry",
     "TW-6.3: cannot carry to w: off the board"),
    (dict(cells={"a4": "2"}, soldiers="S1 board a3 n" + S2 + N1), "S1 turn s carry w",
     "TW-6.3: cannot carry past w: off the board"),
]


@pytest.mark.parametrize("kw,action,message", CARRY_REFUSALS, ids=[_id(m) for _k, _a, m in CARRY_REFUSALS])
def test_TW_6_3_turn_refusal_message(kw, action, message):
    refuse(action, message, turn=TM, **kw)


def test_TW_11_a_civilian_turns_but_never_carries():
    kw = dict(soldiers="S1 board b2 n\nC1 board d3 n\nC2 board f5 n" + N1, cells={"d4": "2", "a5": "V"},
              turn=TM, extra="variants: civilians")
    refuse("C1 turn e carry", "TW-11: a civilian cannot carry", **kw)
    st = position(scene(rules=HIGH, **kw))
    assert mine(st, "C1") == {"C1 turn e", "C1 turn s", "C1 turn w"}


# == TW-6.4 build ==================================================================================
def test_TW_6_4_build_event_and_state():
    st, ev = run("S1 build f6", cells={"f6": "0"}, soldiers="S1 board d3 n cubes=2" + S2 + N1, turn=BM)
    assert ev == [("cube", {"how": "place", "frm": None, "to": 40, "sid": "S1"}, "S1 builds on f6")]
    assert col(st, "f6") == "n" and st.soldier("S1").cubes == 1
    st, ev = run("S1 build d4", soldiers="S1 board d3 n cubes=1" + S2 + N1, turn=BM)
    assert ev == [("cube", {"how": "place", "frm": None, "to": 24, "sid": "S1"}, "S1 builds on d4")]
    assert col(st, "d4") == "nn" and st.soldier("S1").cubes == 0


def test_TW_6_4_build_options_are_every_low_free_cell():
    st = position(scene(cells={"f6": "0", "c5": "2"}, soldiers="S1 board d3 n cubes=1" + S2 + N1, turn=BM,
                        items="e5 food", gas="1 N b5 2", rules=HIGH))
    free = {f"{f}{r}" for f in "abcdefg" for r in range(1, 8)} - {"a1", "a7", "g1", "g7", "c5", "e5", "b5",
                                                                   "d3", "g2", "b7"}
    assert mine(st) == {f"S1 build {c}" for c in free}     # nothing to collect on flat ground


BUILD_REFUSALS = [
    (dict(soldiers="S1 board d3 n cubes=1 masks=0 mask-on" + S2B + N1), "S1 build d4",
     "TW-6: S1 cannot build while masked"),
    (dict(soldiers="S1 boat d1 n cubes=1" + S2B + N1), "S1 build d4", "TW-2: S1 cannot build from a boat"),
    (dict(soldiers="S1 board d3 n" + S2B + N1), "S1 build d4", "TW-6.4: S1 carries no cube"),
    (dict(cells={"d4": "2"}, soldiers="S1 board d3 n cubes=1" + S2B + N1), "S1 build d4",
     "TW-6.4: cannot build on d4: no column is taller than 2"),
    (dict(soldiers="S1 board d3 n cubes=1" + S2B + N1), "S1 build a1",
     "TW-6.4: cannot build on a1: no column is taller than 2"),
    (dict(soldiers="S1 board d3 n cubes=1" + S2B + N1), "S1 build b7",
     "TW-6.4: cannot build on b7: a soldier, item or gas is there"),
    (dict(soldiers="S1 board d3 n cubes=1" + S2B + N1, items="e5 drug"), "S1 build e5",
     "TW-6.4: cannot build on e5: a soldier, item or gas is there"),
    (dict(soldiers="S1 board d3 n cubes=1" + S2B + N1, gas="1 N e5 2"), "S1 build e5",
     "TW-6.4: cannot build on e5: a soldier, item or gas is there"),
]


@pytest.mark.parametrize("kw,action,message", BUILD_REFUSALS, ids=[_id(m) for _k, _a, m in BUILD_REFUSALS])
def test_TW_6_4_build_refusal_message(kw, action, message):
    refuse(action, message, turn=BM, **kw)


# == TW-6.5 collect ==============================================================================
def test_TW_6_5_collect_a_wall_top_event():
    st, ev = run("S1 collect", cells={"d4": "2"}, soldiers="S1 board d3 n cubes=1" + S2B + N1, turn=BM)
    assert ev == [("cube", {"how": "collect", "frm": 24, "to": None, "sid": "S1", "layer": 2},
                   "S1 collects the cube from d4")]
    assert col(st, "d4") == "n" and st.soldier("S1").cubes == 2


def test_TW_6_5_collect_from_a_trench_drops_the_wall_daruma():
    st, ev = run("S1 collect", cells={"d3": "0", "d4": "2"}, soldiers="S1 board d3 n" + S2B + N1, turn=BM)
    assert ev == [("cube", {"how": "collect", "frm": 24, "to": None, "sid": "S1", "layer": 1},
                   "S1 collects the cube from d4"),
                  ("cube", {"how": "drop", "frm": 24, "to": 24, "layer": 2}, "the wall on d4 drops (daruma)")]
    assert col(st, "d4") == "n" and st.soldier("S1").cubes == 1


def test_TW_6_5_collect_the_trench_side_opens_a_hole_and_its_soldier_drops():
    st, ev = run("S1 collect", cells={"d3": "0"}, soldiers="S1 board d3 n\nN1 board d4 s\nN2 board b7 s" + S2,
                 turn=BM, items="d4 food")
    assert ev == [("cube", {"how": "collect", "frm": 24, "to": None, "sid": "S1", "layer": 1},
                   "S1 collects the cube from d4"),
                  ("move", {"sid": "N1", "path": (24, 24), "from_boat": False, "how": "drop"},
                   "N1 drops into the hole")]
    assert col(st, "d4") == "" and where(st, "N1") == ("board", "d4", "s") and st.soldier("S1").cubes == 1
    # with nobody there the hole just opens
    st, ev = run("S1 collect", cells={"d3": "0"}, soldiers="S1 board d3 n" + S2B + N1, turn=BM)
    assert ev == [("cube", {"how": "collect", "frm": 24, "to": None, "sid": "S1", "layer": 1},
                   "S1 collects the cube from d4")]


def test_TW_6_5_collect_limit_is_the_ruleset_value():
    kw = dict(cells={"d4": "2"}, soldiers="S1 board d3 n cubes=1" + S2B + N1, turn=BM)
    refuse("S1 collect", "TW-6.5: S1 already carries 1 cubes", rules=HIGH + " max_cubes_carried=1", **kw)
    st, _ = run("S1 collect", rules=HIGH + " max_cubes_carried=3", cells={"d4": "2"},
                soldiers="S1 board d3 n cubes=2" + S2B + N1, turn=BM)
    assert st.soldier("S1").cubes == 3


COLLECT_REFUSALS = [
    (dict(cells={"d4": "2"}, soldiers="S1 board d3 n masks=0 mask-on" + S2B + N1),
     "TW-6: S1 cannot build while masked"),
    (dict(soldiers="S1 boat d1 n" + S2B + N1), "TW-2: S1 cannot collect from a boat"),
    (dict(cells={"d4": "2"}, soldiers="S1 board d3 n cubes=2" + S2B + N1), "TW-6.5: S1 already carries 2 cubes"),
    (dict(soldiers="S1 board d7 n" + S2B + N1), "TW-6.5: S1 faces off the board"),
    (dict(soldiers="S1 board d3 n" + S2B + N1), "TW-6.5: there is no cube in front of S1"),
    (dict(cells={"d3": "0", "d4": "0"}, soldiers="S1 board d3 n" + S2B + N1), "TW-6.5: there is no cube in front of S1"),
    (dict(cells={"d2": "nS"}, soldiers="S1 board d1 n\nS2 board g2 n cubes=1" + N1),
     "TW-6.5: bases and the village cannot be collected (d2)"),
    (dict(cells={"d1": "0", "d2": "S"}, soldiers="S1 board d1 n\nS2 board g2 n cubes=1" + N1),
     "TW-6.5: bases and the village cannot be collected (d2)"),
]


@pytest.mark.parametrize("kw,message", COLLECT_REFUSALS, ids=[_id(m) for _k, m in COLLECT_REFUSALS])
def test_TW_6_5_collect_refusal_message(kw, message):
    refuse("S1 collect", message, turn=BM, **kw)


# == TW-6.7 dig ====================================================================================
def test_TW_6_7_dig_own_cell_event():
    st, ev = run("S1 dig", soldiers="S1 board d3 n" + S2 + N1, turn=DM, items="d3 food")
    assert ev == [("cube", {"how": "dig", "frm": 17, "to": None, "sid": "S1"}, "S1 digs d3"),
                  ("move", {"sid": "S1", "path": (17, 17), "from_boat": False, "how": "drop"},
                   "S1 drops into the hole")]
    assert col(st, "d3") == "" and st.out == 1 and where(st, "S1") == ("board", "d3", "n")


def test_TW_6_7_remote_dig_event_names_the_seat():
    st, ev = run("S dig d5", soldiers="S1 board d3 n\nN1 board d5 s", turn=DM)
    assert ev[:2] == [("cube", {"how": "dig", "frm": 31, "to": None, "sid": None}, "S digs d5"),
                      ("move", {"sid": "N1", "path": (31, 31), "from_boat": False, "how": "drop"},
                       "N1 drops into the hole")]
    assert col(st, "d5") == "" and st.out == 1 and where(st, "N1") == ("board", "d5", "s")
    st, ev = run("S dig e6", soldiers="S1 board d3 n" + N1, turn=DM, items="e6 food")
    assert ev[0] == ("cube", {"how": "dig", "frm": 39, "to": None, "sid": None}, "S digs e6")
    assert ev[1][0] != "move" and col(st, "e6") == ""


def test_TW_6_7_remote_dig_targets():
    st = position(scene(cells={"e5": "2", "c5": "0", "b5": "S"}, soldiers="S1 board d3 n" + N1, turn=DM, rules=HIGH))
    digs = {a for a in legal(st) if a.startswith("S dig")}
    corners = {"a1", "a7", "g1", "g7"}
    every = {f"{f}{r}" for f in "abcdefg" for r in range(1, 8)}
    assert digs == {f"S dig {c}" for c in every - corners - {"e5", "c5", "b5"}}


DIG_REFUSALS = [
    (dict(soldiers="S1 boat d1 n" + S2 + N1), "S1 dig", "TW-2: S1 cannot dig on a boat"),
    (dict(cells={"d3": "0"}, soldiers="S1 board d3 n" + S2 + N1), "S1 dig", "TW-6.7: S1 is already in a hole"),
    (dict(cells={"d3": "S"}, soldiers="S1 board d3 n" + S2 + N1), "S1 dig", "TW-6.7: cannot dig the coloured cube under S1"),
    (dict(cells={"d5": "N"}, soldiers="S1 board d3 n" + N1), "S dig d5", "TW-6.7: cannot dig the coloured cube on d5"),
    (dict(cells={"d5": "0"}, soldiers="S1 board d3 n" + N1), "S dig d5", "TW-6.7: cannot dig d5: it is already a hole"),
    (dict(cells={"d5": "2"}, soldiers="S1 board d3 n" + N1), "S dig d5", "TW-6.7: cannot dig d5: never under a wall"),
    (dict(cells={"d5": "nN"}, soldiers="S1 board d3 n" + N1), "S dig d5", "TW-6.7: cannot dig d5: never under a wall"),
]


@pytest.mark.parametrize("kw,action,message", DIG_REFUSALS, ids=[_id(m) for _k, _a, m in DIG_REFUSALS])
def test_TW_6_7_dig_refusal_message(kw, action, message):
    refuse(action, message, turn=DM, **kw)


def test_TW_11_civilian_digs_only_as_a_guerrilla():
    kw = dict(soldiers="S1 board b2 n\nC1 board d3 n\nC2 board f5 n" + N1, cells={"a5": "V"}, turn=DM)
    refuse("C1 dig", "TW-11: a civilian only steps and turns", extra="variants: civilians", **kw)
    st, ev = run("C1 dig", extra="variants: guerrillas", **kw)
    assert ev[0] == ("cube", {"how": "dig", "frm": 17, "to": None, "sid": "C1"}, "C1 digs d3")
    assert col(st, "d3") == ""


# == TW-6.9 camp ===================================================================================
def camps(st):
    return {a for a in legal(st) if " camp " in a}


def test_TW_6_9_day_camp_event_returns_camp_and_the_chosen_card():
    st, ev = run("S camp S1 food build", soldiers="S1 board d3 n food=1" + N1, turn=CAMP,
                 discards={"S": "move:2,build"})
    assert ev[0] == ("camp", {"seat": "S", "payer": "S1", "source": "food", "back": "build,camp"},
                     "S camps (day): build,camp back to hand")
    assert st.discards["S"] == ACTION_CARDS.make({"move": 2})
    assert st.soldier("S1").food == 0


def test_TW_6_9_day_camp_options_one_per_payer_and_discarded_kind():
    text = scene(soldiers="S1 board d3 n food=1\nS2 boat f1 n food=2 corpses=N3\nN3 carried - s carrier=S2" + N1,
                 turn=CAMP, discards={"S": "move:2,build"}, rules=HIGH)
    assert camps(position(text)) == {"S camp S1 food move", "S camp S1 food build", "S camp S2 food move",
                                     "S camp S2 food build", "S camp S2 N3 move", "S camp S2 N3 build"}
    # nothing else discarded: only the Camp card comes back, and no card is named
    st = position(scene(soldiers="S1 board d3 n food=1" + N1, turn=CAMP, rules=HIGH))
    assert camps(st) == {"S camp S1 food"}
    st, ev = run("S camp S1 food", soldiers="S1 board d3 n food=1" + N1, turn=CAMP)
    assert ev[0] == ("camp", {"seat": "S", "payer": "S1", "source": "food", "back": "camp"},
                     "S camps (day): camp back to hand")
    assert st.discards["S"] == ACTION_CARDS.empty()


def test_TW_6_9_night_camp_returns_every_discard():
    st, ev = run("S camp S1 food", soldiers="S1 board d3 n food=2" + N1, turn=CAMP, time="night",
                 discards={"S": "move:2,build"})
    assert ev[0] == ("camp", {"seat": "S", "payer": "S1", "source": "food", "back": "move:2,build,camp"},
                     "S camps (night): move:2,build,camp back to hand")
    assert st.discards["S"] == ACTION_CARDS.empty() and st.soldier("S1").food == 1
    assert ACTION_CARDS.count(st.hands["S"], "move") == 2 and ACTION_CARDS.count(st.hands["S"], "camp") == 1


def test_TW_6_9_camp_paid_with_a_carried_corpse_removes_it():
    st, ev = run("S camp S1 N2", soldiers="S1 board d3 n corpses=N2\nN2 carried - s carrier=S1" + N1,
                 turn=CAMP, time="night", discards={"S": "fire"})
    assert ev[0] == ("camp", {"seat": "S", "payer": "S1", "source": "N2", "back": "fire,camp"},
                     "S camps (night): fire,camp back to hand")
    n2 = st.soldier("N2")
    assert n2.status == "gone" and n2.carrier is None and st.soldier("S1").corpses == ()
    assert st.score("S") == 0          # eaten as food: no longer a carried enemy corpse


CAMP_REFUSALS = [
    (dict(soldiers="S1 board d3 n food=1" + N1), "S camp N1 food", "TW-6.9: N1 is not a living soldier of S"),
    (dict(soldiers="S1 board d3 n food=1" + N1), "S camp S3 food", "TW-6.9: S3 is not a living soldier of S"),
    (dict(soldiers="S1 board d3 n food=1\nS2 corpse e4 n food=1" + N1), "S camp S2 food",
     "TW-6.9: S2 is not a living soldier of S"),
    (dict(soldiers="S1 board d3 n\nS2 board e3 n food=1" + N1), "S camp S1 food", "TW-6.9: S1 has no food"),
    (dict(soldiers="S1 board d3 n food=1" + N1), "S camp S1 N2", "TW-6.9: S1 carries no corpse N2"),
    (dict(soldiers="S1 board d3 n food=1" + N1, time="night", discards={"S": "move"}), "S camp S1 food move",
     "TW-6.9: at night every discarded card returns: name no card"),
    (dict(soldiers="S1 board d3 n food=1" + N1, discards={"S": "move"}), "S camp S1 food fire",
     "TW-6.9: by day, name one discarded card other than Camp and Interrupt (fire is not)"),
    (dict(soldiers="S1 board d3 n food=1" + N1, discards={"S": "move"}), "S camp S1 food camp",
     "TW-6.9: by day, name one discarded card other than Camp and Interrupt (camp is not)"),
]


@pytest.mark.parametrize("kw,action,message", CAMP_REFUSALS, ids=[_id(m) for _k, _a, m in CAMP_REFUSALS])
def test_TW_6_9_camp_refusal_message(kw, action, message):
    refuse(action, message, turn=CAMP, **kw)


# == TW-7.5 handing belongings between allies =======================================================
def gives(st):
    return {a for a in legal(st) if " give " in a}


def test_TW_7_5_give_options_between_adjacent_allies_on_the_board():
    text = scene(soldiers="S1 board d3 n food=1 drugs=1 masks=0 mask-on cubes=1 weapons=S:gun:4:S corpses=N3\n"
                          "N3 carried - s carrier=S1\nS2 board d4 n cubes=2 masks=1\nS3 board f5 n food=1" + N1,
                 turn=TM, rules=HIGH)
    assert gives(position(text)) == {
        # S2 carries 2 cubes already; a worn mask stays on
        "S1 give S2 S:gun", "S1 give S2 drug", "S1 give S2 food", "S1 give S2 N3",
        # S1 has room for one more cube
        "S2 give S1 cube", "S2 give S1 mask"}


def test_TW_7_5_no_giving_from_or_to_a_boat_nor_diagonally():
    text = scene(soldiers="S1 boat d1 n food=1\nS2 board d2 n food=1\nS3 board e3 n food=1" + N1,
                 turn=TM, rules=HIGH)
    assert gives(position(text)) == set()


def test_TW_7_5_give_event_and_refusal():
    st, ev = run("S1 give S2 food", soldiers="S1 board d3 n food=1\nS2 board e3 n" + N1, turn=TM)
    assert ev == [("give", {"frm": "S1", "to": "S2", "what": "food"}, "S1 hands food to S2")]
    assert st.soldier("S1").food == 0 and st.soldier("S2").food == 1
    refuse("S1 give S2 cube",
           "TW-7.5: S1 cannot hand cube to S2: both must be S's soldiers on adjacent cells, and S1 must hold it "
           "(and S2 have room)", soldiers="S1 board d3 n cubes=1\nS2 board e3 n cubes=2" + N1, turn=TM)



# == TW-8 gas moves again once the terrain next to it changed ===================================
def test_TW_8_carrying_away_the_wall_that_held_a_gas_token_lets_it_drift_on():
    # wind e: the token on c4 rests against the wall d4 (c5 and c3 are walls too)
    st, ev = run("S1 turn e carry", cells={"d4": "2", "c5": "2", "c3": "2"}, gas="1 N c4 2", wind="e",
                 soldiers="S1 board d3 n" + S2 + N1, turn=TM)
    assert [k for k, _d, _t in ev] == ["turn", "cube", "gas", "gas"]
    assert ev[2][1]["path"] == (23, 24, 25, 26, 27) and st.gas == ()


def test_TW_8_collecting_the_ground_under_gas_drops_it_into_the_new_trench():
    st, ev = run("S1 collect", cells={"d3": "0"}, gas="1 N d4 2", soldiers="S1 board d3 n" + S2 + N1, turn=BM)
    assert ev == [("cube", {"how": "collect", "frm": 24, "to": None, "sid": "S1", "layer": 1},
                   "S1 collects the cube from d4"),
                  ("gas", {"gid": 1, "owner": "N", "path": (24,), "how": "drop", "layer": 1},
                   "gas 1 drops into the trench on d4")]
    assert [(g.cell, g.layer) for g in st.gas] == [(24, 1)]


def test_TW_8_digging_the_ground_under_gas_drops_it_into_the_new_trench():
    st, ev = run("S dig d5", gas="1 N d5 2", soldiers="S1 board d3 n" + N1, turn=DM)
    assert ev[:2] == [("cube", {"how": "dig", "frm": 31, "to": None, "sid": None}, "S digs d5"),
                      ("gas", {"gid": 1, "owner": "N", "path": (31,), "how": "drop", "layer": 1},
                       "gas 1 drops into the trench on d5")]
    assert [(g.cell, g.layer) for g in st.gas] == [(31, 1)]
    st, ev = run("S1 dig", gas="1 N d3 2", soldiers="S1 board d3 n masks=0 mask-on" + S2 + N1, turn=DM)
    assert [k for k, _d, _t in ev][:3] == ["cube", "move", "gas"]


def test_TW_8_a_build_next_to_a_resting_token_moves_it_again():
    # wind n: the token came d4 -> e4 (d5 a wall) and rests there (e5, f4 walls, d4 already visited);
    # moved again after the build on e3 it may go back west: d4, c4, b4 and north off the board
    st, ev = run("S1 build e3", cells={"e5": "2", "f4": "2", "d5": "2", "c5": "2"}, gas="1 N e4 2", wind="n",
                 soldiers="S1 board d2 n cubes=1" + S2 + "\nN1 board g6 s", turn=BM)
    assert ev[0] == ("cube", {"how": "place", "frm": None, "to": 18, "sid": "S1"}, "S1 builds on e3")
    assert ev[1][0] == "gas" and ev[1][1]["path"] == (25, 24, 23, 22, 29, 36, 43) and st.gas == ()
