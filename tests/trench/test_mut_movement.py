"""Exact scenarios for the mutation survivors of game/trench/movement.py (TW-6.1 step, TW-6.2 dash,
TW-7.1 assault, TW-8 gas after terrain changes, TW-11 civilians), and quiet mode.

Every expected value was worked out from ``shared/rules/trench-war.md`` (cells are ``x + 7*y``:
a4 = 21, b4 = 22, c4 = 23, c5 = 30, d3 = 17, d4 = 24, d5 = 31, e4 = 25).  Refusals are compared
whole: the player reads them.
"""

import pytest
from trench_helpers import col, illegal, legal, play, position, scene, where

from game.trench import movement
from game.trench.geometry import parse_cell
from game.trench.notation import format_position

HIGH = "target_points_2p=9 target_points=9"
MM = "S cards=move,move slot=1 uses=0"
CIVS = "variants: civilians"


def _move(sid, path, how, from_boat=False):
    return {"sid": sid, "path": path, "from_boat": from_boat, "how": how}


def _table(events):
    return [(e.kind, dict(e.data), e.text) for e in events]


# -- TW-11 civilians: steps and turns only ------------------------------------------------------
def test_TW_11_a_civilian_never_dashes_even_on_a_clear_run():
    """c5 and c6 are free ground in front of C1, so only TW-11 forbids the dash."""
    text = scene(soldiers="S1 board d2 n\nN1 board b7 s\nC1 board c4 n\nC2 board f4 s", extra=CIVS,
                 turn=MM, rules=HIGH)
    assert "C1 dash" not in legal(position(text)) and "C1 step n" in legal(position(text))
    assert illegal(text, "C1 dash", "TW-11") == "TW-11: a civilian only steps and turns"


def test_TW_11_a_civilian_cannot_tunnel_the_whole_refusal():
    text = scene(cells={"c4": "0"}, soldiers="S1 board d2 n\nN1 board b7 s\nC1 board c4 n\nC2 board f4 s",
                 extra=CIVS, turn=MM, rules=HIGH)
    assert illegal(text, "C1 tunnel n", "TW-11") == "TW-11: a civilian cannot tunnel"


def test_TW_11_a_civilian_never_pushes_a_wall_the_whole_refusal():
    """An unmasked civilian facing a wall: the refusal says nothing about a mask."""
    text = scene(cells={"c5": "2"}, soldiers="S1 board d2 n\nN1 board b7 s\nC1 board c4 n\nC2 board f4 s",
                 extra=CIVS, turn=MM, rules=HIGH)
    assert illegal(text, "C1 step n", "TW-6.1") == "TW-6.1: C1 cannot push the cube on c5"


# -- TW-6.1 push an ally: only into a cell the ally could step into -----------------------------------
def test_TW_6_1_an_ally_is_never_pushed_off_the_board():
    """S2 on d7 could escape by its own step, but a push moves it "one cell further": there is none."""
    text = scene(soldiers="S1 board d6 n\nS2 board d7 s\nN1 board b5 s", turn=MM, rules=HIGH)
    assert illegal(text, "S1 step n", "TW-6.1") == "TW-6.1: cannot push ally S2 n: off the board"


def test_TW_6_1_an_ally_is_never_pushed_onto_an_enemy_base_of_height_1():
    """d5 holds N's base cube in a hole (height 1): S2 could enter it only by an assault, so no push."""
    text = scene(cells={"d5": "N"}, soldiers="S1 board d3 n\nS2 board d4 s\nN1 board b7 s", turn=MM, rules=HIGH)
    assert illegal(text, "S1 step n", "TW-6.1") == "TW-6.1: cannot push ally S2 n: d5 holds a coloured cube"
    assert col(position(text), "d5") == "N"


# -- TW-6.1 tunnel: the dug cube leaves the game -------------------------------------------------
def test_TW_6_1_a_tunnelled_cube_is_added_to_the_cubes_out_of_the_game():
    st, _ = play(scene(cells={"d4": "0"}, soldiers="S1 board d4 n\nN1 board b7 s", out=3, turn=MM, rules=HIGH),
                 "S1 tunnel n")
    assert st.out == 4 and col(st, "d5") == ""
    st, _ = play(scene(cells={"d4": "0"}, soldiers="S1 board d4 n\nN1 board d5 s\nN2 board b7 s", out=3,
                       turn=MM, rules=HIGH), "S1 tunnel n")
    assert st.out == 4 and where(st, "N1")[:2] == ("board", "d5")


# -- TW-6.2 dash ------------------------------------------------------------------------------------
def test_TW_6_2_a_dash_never_leaves_the_board_sideways():
    """The first cell a3 is free; the second would be off the west edge, not the edge opposite S."""
    text = scene(soldiers="S1 board b3 w\nN1 board b7 s", turn=MM, rules=HIGH)
    assert illegal(text, "S1 dash", "TW-6.2") == \
        "TW-6.2: S1 cannot dash off the board here: only over the edge opposite its own side (TW-9)"


def test_TW_6_2_running_along_a_trench_takes_the_items_of_the_first_cell():
    """Started in a trench, a hole as the first cell is run along (not jumped): its food is taken,
    then the dasher climbs out onto d5."""
    st, ev = play(scene(cells={"d3": "0", "d4": "0"}, items="d4 food", soldiers="S1 board d3 n\nN1 board b7 s",
                        turn=MM, rules=HIGH), "S1 dash")
    assert _table(ev) == [("pickup", {"sid": "S1", "cell": 24, "what": ("food",)}, "S1 takes food on d4"),
                          ("move", _move("S1", (17, 24, 31), "dash"), "S1 dashes to d5")]
    assert where(st, "S1")[:2] == ("board", "d5") and st.soldier("S1").food == 1 and 24 not in st.items


def test_TW_6_2_running_along_a_trench_meets_its_gas():
    st, ev = play(scene(cells={"d3": "0", "d4": "0"}, gas="1 N d4 1", soldiers="S1 board d3 n\nN1 board b7 s",
                        turn=MM, rules=HIGH), "S1 dash")
    assert _table(ev) == [
        ("death", {"sid": "S1", "cell": 24, "cause": "gas", "killer": "N"}, "S1 dies on d4 (gas)"),
        ("score", {"seat": "N", "points": 1, "why": "kill"}, "N +1 for killing S1"),
        ("move", _move("S1", (17, 24), "dash"), "S1 dashes to d4")]


def test_TW_6_2_run_along_a_trench_the_dasher_cannot_climb_out_onto_a_soldier():
    """In the trench at d4 the dasher is at level 0: d5 (ground) with an enemy is a climb-out into an
    occupied cell, never an assault (TW-7.1)."""
    text = scene(cells={"d3": "0", "d4": "0"}, soldiers="S1 board d3 n\nN1 board d5 s\nN2 board b7 s",
                 turn=MM, rules=HIGH)
    assert illegal(text, "S1 dash", "TW-6.2") == "TW-6.2: S1 cannot climb out onto d5: a soldier stands there"


def test_TW_6_2_a_dash_assault_that_wins_leaves_the_dasher_on_the_first_cell():
    """[I] The second cell is stepped into "from the first" (TW-6.2); a winning assault ends the game
    at once (TW-9) before the assaulter enters, as a winning step assault leaves the stepper where
    it stood.  So the dasher is left on the first cell, whether it ran over ground or jumped a hole."""
    for d4 in ("1", "0"):
        st, ev = play(scene(cells={"d4": d4}, soldiers="S1 board d3 n\nN1 board d5 s\nN2 board b7 s",
                            points={"S": 1}, turn=MM), "S1 dash")
        assert st.result.winners == ("S",) and where(st, "N1")[:2] == ("corpse", "d5")
        assert where(st, "S1")[:2] == ("board", "d4")
    st, _ = play(scene(soldiers="S1 board d4 n\nN1 board d5 s\nN2 board b7 s", points={"S": 1}, turn=MM),
                 "S1 step n")
    assert st.result.winners == ("S",) and where(st, "S1")[:2] == ("board", "d4")


# -- TW-7.1 + TW-8: gas beside an assaulted base moves once the assaulter has arrived ----------------
def test_TW_8_gas_beside_an_assaulted_base_moves_after_the_assaulter_arrives():
    """The N base tops the wall d4; the resting token on e4 is held by it.  S1 destroys the base and
    steps onto d4 (now ground); only then the token moves again with the west wind: e4, d4 (S1 is
    exposed and dies, N scores), c4, b4, a4, and off the board."""
    st, ev = play(scene(cells={"d4": "nN"}, gas="1 N e4 2", wind="w",
                        soldiers="S1 board d3 n\nS2 board b2 n\nN1 board b7 s", turn=MM, rules=HIGH), "S1 step n")
    assert _table(ev) == [
        ("cube", {"how": "destroy", "cause": "assault", "frm": 24, "to": None, "layer": 2, "kind": "N", "sid": None},
         "the N base on d4 is destroyed"),
        ("score", {"seat": "S", "points": 1, "why": "base"}, "S +1 for destroying N's base"),
        ("move", _move("S1", (17, 24), "step"), "S1 steps to d4"),
        ("death", {"sid": "S1", "cell": 24, "cause": "gas", "killer": "N"}, "S1 dies on d4 (gas)"),
        ("score", {"seat": "N", "points": 1, "why": "kill"}, "N +1 for killing S1"),
        ("gas", {"gid": 1, "owner": "N", "path": (25, 24, 23, 22, 21), "how": "flow", "layer": 2},
         "gas 1 drifts e4 d4 c4 b4 a4"),
        ("gas", {"gid": 1, "owner": "N", "path": (21,), "how": "leave", "layer": 2, "direction": "w"},
         "gas 1 leaves the board from a4"),
    ]
    assert where(st, "S1")[:2] == ("corpse", "d4") and st.points == {"S": 1, "N": 1} and st.gas == ()


def test_TW_9_the_game_won_by_an_assault_ends_at_once_the_gas_stays():
    """N1's corpse lies on N's base of height 1 (d4).  S1 destroys the base (+1) and drops into the
    new hole, taking the enemy corpse (+1 while carried): S reaches 2 and wins at once, so no gas moves
    any more: neither the token resting beside d4 (c4) nor the one resting on d4 itself, which would
    otherwise drop into the new trench (TW-8)."""
    for gas, rest in (("1 N c4 2", (1, parse_cell("c4"), 2)), ("1 N d4 2", (1, parse_cell("d4"), 2))):
        st, ev = play(scene(cells={"d4": "N"}, gas=gas, wind="e", turn=MM,
                            soldiers="S1 board d3 n masks=0 mask-on\nS2 board b2 n\nN1 corpse d4 s\nN2 board b7 s"),
                      "S1 step n")
        assert st.result.winners == ("S",) and st.result.reason == "target"
        assert where(st, "N1")[0] == "carried" and col(st, "d4") == ""
        assert [(g.gid, g.cell, g.layer) for g in st.gas] == [rest]
        assert "gas" not in [e.kind for e in ev]


# -- the plan of an entry (read by the action texts of the UI) ---------------------------------------
def test_TW_6_1_plan_entry_names_a_plain_entry_enter():
    st = position(scene(soldiers="S1 board d3 n\nN1 board b7 s", turn=MM, rules=HIGH))
    s = st.soldier("S1")
    assert movement.plan_entry(st, s, 1, parse_cell("d4"), "n", pushing=True) == (("enter",), None)


# -- quiet mode: the same play and event data, no text -------------------------------------------------
QUIET_CASES = {
    "push cube": (dict(cells={"d4": "2"}, soldiers="S1 board d3 n\nN1 board b7 s"), "S1 step n"),
    "push ally": (dict(soldiers="S1 board d3 n\nS2 board d4 s\nN1 board b7 s"), "S1 step n"),
    "step": (dict(soldiers="S1 board d3 n\nN1 board b7 s"), "S1 step e"),
    "step escape": (dict(soldiers="S1 board d7 n\nS2 board a2 n\nN1 board b7 s", points={"S": 1}), "S1 step n"),
    "boat step": (dict(soldiers="S1 boat d1 n\nN1 board a6 s"), "S1 step n"),
    "dash dies in first cell": (dict(gas="1 N d4 2", soldiers="S1 board d3 n\nN1 board b7 s"), "S1 dash"),
    "dash escape": (dict(soldiers="S1 board d6 n\nS2 board b2 n\nN1 board b5 s"), "S1 dash"),
    "tunnel": (dict(cells={"d4": "0"}, soldiers="S1 board d4 n\nN1 board b7 s"), "S1 tunnel n"),
    "tunnel under a soldier": (dict(cells={"d4": "0"}, soldiers="S1 board d4 n\nN1 board d5 s\nN2 board b7 s"),
                               "S1 tunnel n"),
}


@pytest.mark.parametrize("name", sorted(QUIET_CASES))
def test_quiet_mode_moves_keep_every_event_and_its_data_but_no_text(name):
    kw, action = QUIET_CASES[name]
    text = scene(turn=MM, rules=HIGH, **kw)
    loud_st, loud = play(text, action)
    quiet_st, quiet = play(position(text).set_quiet(), action)
    assert [(e.kind, dict(e.data)) for e in quiet] == [(e.kind, dict(e.data)) for e in loud]
    assert [e.text for e in quiet] == [""] * len(quiet)
    assert all(e.text for e in loud)
    assert format_position(quiet_st) == format_position(loud_st)
