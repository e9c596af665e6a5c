"""Telegraphing (game.tables.trench.preview): outcomes computed from the viewer's own view."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "trench"))

from trench_helpers import position, scene  # noqa: E402

from game.trench.geometry import parse_cell  # noqa: E402
from game.trench.notation import format_position  # noqa: E402
from game.trench.view import view  # noqa: E402
from game.tables.trench.preview import Exposure, GasRoute, Kill, Shift, exposure_cells, preview  # noqa: E402

HIGH = "target_points_2p=9 target_points=9"
FIRE = "S cards=fire slot=1 uses=0"
MOVE = "S cards=move slot=1 uses=0"


def c(name):
    return parse_cell(name)


def cells(*names):
    return tuple(parse_cell(n) for n in names)


def test_preview_reads_a_view_never_the_full_state():
    st = position(scene(soldiers="S1 board c3 n\nN1 board f7 s", turn=MOVE))
    with pytest.raises(TypeError):
        preview(st, "S1 step n")


def test_TW_6_1_step_push_shows_the_path_and_where_the_cube_lands_and_changes_nothing():
    st = position(scene(cells={"c4": "2"}, soldiers="S1 board c3 n\nN1 board f7 s", turn=MOVE))
    before = format_position(st)
    v = view(st, "S")
    p = preview(v, "S1 step n")
    assert p.valid and p.unknown == ()
    assert p.path == cells("c3", "c4")
    assert p.shifts == (Shift("cube", c("c4"), c("c5"), "S1"),)
    assert p.lines == ("S1 ends on c4.", "A cube moves from c4 to c5.")
    assert format_position(st) == before and len(v.columns[c("c4")]) == 2


def test_TW_6_2_dash_path_and_assault_at_its_end():
    st = position(scene(cells={"c4": "0"}, soldiers="S1 board c3 n\nN1 board c5 s\nN2 board f7 s",
                        turn=MOVE, rules=HIGH))
    p = preview(view(st, "S"), "S1 dash")
    # from ground a hole as the first cell is jumped over; the second cell holds an enemy it faces
    assert p.path == cells("c3", "c4", "c5")
    assert p.kills == (Kill("N1", c("c5"), "assault"),)
    # TW-7.3: entering the cell takes the corpse lying there
    assert p.pickups == (("S1", c("c5")),)
    assert p.lines == ("S1 ends on c5.", "N1 dies on c5.", "S1 takes what lies on c5.")


def test_TW_6_1_a_refused_step_gives_the_core_reason_with_its_rule_id():
    st = position(scene(cells={"c4": "2", "c5": "2"}, soldiers="S1 board c3 n\nN1 board f7 s", turn=MOVE))
    p = preview(view(st, "S"), "S1 step n")
    assert not p.valid
    assert p.reason == "TW-6.1: cannot push the cube onto c5: it is already a wall"


def test_TW_6_6a_shot_stops_at_the_first_soldier_it_hits():
    st = position(scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s\nN2 board d6 s",
                        turn=FIRE, rules=HIGH))
    p = preview(view(st, "S"), "S1 fire")
    assert p.line == cells("d3", "d4", "d5") and p.stop == c("d5")
    assert p.kills == (Kill("N1", c("d5"), "gun"),)
    assert p.lines == ("The shot stops on d5, hitting N1.",)


def test_TW_6_6a_shot_stops_at_a_wall_which_stands_or_is_destroyed():
    st = position(scene(cells={"d4": "2"}, soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s",
                        turn=FIRE, rules=HIGH))
    p = preview(view(st, "S"), "S1 fire")
    assert (p.line, p.stop, p.kills, p.destroyed) == (cells("d3"), c("d4"), (), ())
    assert p.lines == ("The shot stops at the cube on d4.",)
    p = preview(view(st, "S"), "S1 fire destroy")
    assert p.destroyed == cells("d4")
    assert p.lines == ("The shot stops at the cube on d4 and destroys it.",)


def test_TW_6_6a_night_range_is_three_cells():
    st = position(scene(soldiers="S1 board d1 n weapons=S:gun:4:S\nN1 board d5 s", turn=FIRE, rules=HIGH,
                        time="night"))
    p = preview(view(st, "S"), "S1 fire")
    assert p.line == cells("d2", "d3", "d4") and p.kills == ()
    assert p.lines == ("The shot flies to d4 and hits nothing.",)


def test_TW_6_6c_bomb_cell_kills_and_the_cube_it_destroys():
    st = position(scene(soldiers="S2 board c2 n weapons=S:bomb:2:S\nN1 board c4 s\nN2 board f7 s",
                        turn=FIRE, rules=HIGH))
    p = preview(view(st, "S"), "S2 fire c4")
    assert p.target == c("c4")
    assert p.kills == (Kill("N1", c("c4"), "bomb"),)
    assert p.destroyed == cells("c4")
    assert p.lines == ("The bomb lands on c4.", "The top cube of c4 is destroyed.", "N1 dies on c4.")


def test_TW_8_gas_drift_is_drawn_for_both_deflection_choices():
    # wind north; released on d2, the token drifts to d3; d4 is a wall: blocked, its owner chooses.
    # Left of north is west: c3 is a hole, the token drops into the trench (L1), where c4 (ground)
    # and b3 (ground) block it and d3 was visited: it rests on c3.  Right is east: e3, where S3
    # stands unmasked (dies), then north up the e file and off the board at e7.
    st = position(scene(cells={"d4": "2", "c3": "0"},
                        soldiers="S1 board d2 n weapons=S:gas:2:S\nS3 board e3 w\nN1 board d6 s\nN2 board b7 s",
                        turn=FIRE, wind="n", rules=HIGH))
    p = preview(view(st, "S"), "S1 fire here")
    assert p.choices == ("left", "right")
    assert p.target == c("d2")
    assert p.gas == (
        GasRoute(1, "S", "left", ((c("d2"), 2), (c("d3"), 2), (c("c3"), 1)), False),
        GasRoute(1, "S", "right", tuple((c(n), 2) for n in ("d2", "d3", "e3", "e4", "e5", "e6", "e7")), True))
    assert p.kills == (Kill("S3", c("e3"), "gas", "right"),)
    assert p.exposed == (Exposure("S3", c("e3"), "dies", "right"),)
    assert p.lines == (
        "The gas is released on d2.",
        "The gas will be blocked: its owner S chooses left or right of the wind.",
        "If it turns left: gas 1 comes to rest on c3.",
        "If it turns right: gas 1 blows off the board from e7.",
        "If the gas turns right: S3 is exposed to gas on e3 and dies.")


def test_TW_8_the_pending_deflection_choice_previews_its_own_side():
    st = position(scene(cells={"d4": "2", "c3": "0"},
                        soldiers="S1 board d2 n weapons=S:gas:2:S\nS3 board e3 w\nN1 board d6 s\nN2 board b7 s",
                        turn=FIRE, wind="n", rules=HIGH))
    st.apply("S1 fire here")
    assert [str(a) for a in st.legal_actions()] == ["S gas left", "S gas right"]
    right = preview(view(st, "S"), "S gas right")
    assert right.kills == (Kill("S3", c("e3"), "gas"),)
    assert right.gas[0].cells[-1] == (c("e7"), 2) and right.gas[0].leaves
    left = preview(view(st, "N"), "S gas left")
    assert left.kills == () and left.gas[0].cells[-1] == (c("c3"), 1)


def test_TW_8_stepping_into_gas_with_a_mask_on_uses_the_mask_up():
    st = position(scene(soldiers="S1 board c3 n mask-on\nN1 board f7 s", gas="1 N c4 2", turn=MOVE))
    p = preview(view(st, "S"), "S1 step n")
    assert p.exposed == (Exposure("S1", c("c4"), "mask"),)
    assert p.lines == ("S1 ends on c4.", "S1 is exposed to gas on c4: its mask is used up.")
    assert exposure_cells(view(st, "S"), "S1") == cells("c4")
    # unmasked it would die there
    st = position(scene(soldiers="S1 board c3 n\nN1 board f7 s", gas="1 N c4 2", turn=MOVE, rules=HIGH))
    p = preview(view(st, "S"), "S1 step n")
    assert p.exposed == (Exposure("S1", c("c4"), "dies"),)
    assert p.kills == (Kill("S1", c("c4"), "gas"),)


def test_TW_10_an_unseen_weapon_is_unknown_never_guessed():
    st = position(scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s\nN2 board f7 s",
                        turn=FIRE, rules=HIGH))
    p = preview(view(st, "N"), "S1 fire")
    assert p.unknown == ("weapon",)
    assert (p.line, p.kills, p.stop) == ((), (), None)
    assert p.lines == ("S1's weapon is hidden from you: what it does cannot be told.",)
    # once fired (public) the weapon is known to N
    st = position(scene(soldiers="S1 board d2 n weapons=S:gun:3:S!\nN1 board d5 s\nN2 board f7 s",
                        turn=FIRE, rules=HIGH))
    assert preview(view(st, "N"), "S1 fire").kills == (Kill("N1", c("d5"), "gun"),)


def test_TW_6_3_turn_carrying_a_cube_shows_where_it_lands():
    st = position(scene(cells={"c4": "2"}, soldiers="S1 board c3 n\nN1 board f7 s",
                        turn="S cards=turn slot=1 uses=0"))
    p = preview(view(st, "S"), "S1 turn e carry")
    assert p.shifts == (Shift("cube", c("c4"), c("d3"), "S1"),)


def test_TW_6_1_tunnelling_under_an_enemy_is_foreseen_as_the_tunnellers_death():
    # revision 2: the soldier standing there falls onto the tunneller, who dies; the faller
    # takes the corpse (its hand is hidden from S: the preview still runs)
    st = position(scene(cells={"d3": "0"}, soldiers="S1 board d3 n\nS2 board b2 n\nN1 board d4 s\nN2 board b7 s",
                        turn=MOVE, rules=HIGH))
    p = preview(view(st, "S"), "S1 tunnel n")
    assert p.valid and p.unknown == ()
    assert p.kills == (Kill("S1", c("d4"), "buried by a falling soldier"),)
    assert p.pickups == (("N1", c("d4")),)
    assert Shift("cube", c("d4"), None, None) in p.shifts


def test_TW_6_6a_a_wall_right_in_front_stops_the_shot_at_once():
    st = position(scene(cells={"d3": "2"}, soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s",
                        turn=FIRE, rules=HIGH))
    p = preview(view(st, "S"), "S1 fire")
    assert (p.weapon, p.line, p.stop, p.kills) == ("gun", (), c("d3"), ())
    assert p.lines == ("The shot stops at the cube on d3.",)
