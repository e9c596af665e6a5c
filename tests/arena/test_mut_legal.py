"""IA-4.3 to 4.5, IA-5.1, IA-6.4, IA-7.1 and IA-12.8 in the legal lists, pinned exactly (issue 14)."""

import pytest
from arena_helpers import do, legal, position, refused, surcharge_of

from game.arena import legal as arena_legal

MOVES_ONLY = ["A cavalry charge", "A cavalry retreat", "A infantry advance", "A infantry retreat",
              "A artillery advance", "A artillery retreat"]


# -- IA-12.8 every ordered roll ---------------------------------------------------------------
def test_IA_12_8_rolls_are_every_ordered_tuple_of_faces(monkeypatch):
    monkeypatch.setattr(arena_legal, "_ROLLS", {})   # the memo must not hide the table itself
    two = arena_legal.rolls(2)
    assert [str(a) for a in two] == [f"chance roll {a} {b}" for a in range(1, 7) for b in range(1, 7)]
    assert all(a.actor == "chance" and a.verb == "roll" and a.unit == "" for a in two)
    assert two[7].args == (2, 2)
    three = arena_legal.rolls(3)
    assert len(three) == 216 and three[0].args == (1, 1, 1) and three[-1].args == (6, 6, 6)
    assert [a.args for a in arena_legal.rolls(1)] == [(1,), (2,), (3,), (4,), (5,), (6,)]


# -- IA-4.3 restrictions -------------------------------------------------------------------------
def test_IA_4_3_a_quick_unit_is_not_restricted_even_without_provisions():
    st = position(last="A=cavalry:quick B=-", prov="A=0 B=2 bank=5")
    assert surcharge_of(st, "A", "cavalry") == 0
    assert legal(st) == MOVES_ONLY


def test_IA_4_3_last_activated_is_free_when_the_restriction_is_off():
    st = position(rules="restrict_last_activated=false", last="A=infantry B=-", prov="A=0 B=2 bank=5")
    assert surcharge_of(st, "A", "infantry") == 0
    assert legal(st) == MOVES_ONLY


def test_IA_4_4_restricted_unit_without_provisions_has_no_act_not_even_revive():
    st = position({"A infantry": "middle living pinned", "A cavalry": "front fallen"}, prov="A=0 B=2 bank=5")
    assert legal(st) == ["A artillery advance", "A artillery retreat", "A artillery revive forward cavalry"]
    msg = refused(st, "A infantry advance", "IA-4.4")
    assert msg == "IA-4.4: A's infantry is restricted (IA-4.3) and pays a surcharge of 1: advance costs 1 in all, A holds 0"
    refused(st, "A infantry revive forward cavalry", "IA-4.4")


def test_IA_6_4_revive_needs_no_provision():
    st = position({"A cavalry": "front fallen"}, prov="A=0 B=2 bank=5")
    assert "A infantry revive forward cavalry" in legal(st)
    assert "A artillery revive forward cavalry" in legal(st)
    # restricted, with exactly the surcharge: the Revive is legal and leaves A with nothing
    st = position({"A cavalry": "front fallen", "A infantry": "middle living pinned"}, prov="A=1 B=2 bank=4")
    assert "A infantry revive forward cavalry" in legal(st)
    do(st, "A infantry revive forward cavalry")
    assert st.provisions[0] == 0 and st.unit("A", "cavalry").living


def test_IA_4_4_a_surcharge_of_0_lets_a_restricted_unit_act_for_its_cost():
    st = position({"A infantry": "middle living pinned"}, rules="restricted_surcharge=0", prov="A=1 B=2 bank=4")
    assert surcharge_of(st, "A", "infantry") == 0
    assert "A infantry shoot cavalry" in legal(st) and "A infantry advance" in legal(st)
    events = do(st, "A infantry shoot cavalry")
    assert events[0].get("surcharge") == 0 and events[1].get("amount") == 1 and st.provisions == (0, 2)


def test_IA_4_4_with_no_surcharge_a_restricted_unit_cannot_act():
    st = position({"A infantry": "middle living pinned"}, rules="restricted_surcharge=-1")
    assert surcharge_of(st, "A", "infantry") is None
    assert not [a for a in legal(st) if a.startswith("A infantry")]
    msg = refused(st, "A infantry advance", "IA-4.4")
    assert msg == "IA-4.4: A's infantry is restricted (pinned, IA-4.3) and a restricted unit cannot act"


@pytest.mark.parametrize("surcharge", [0, 1])
def test_IA_12_restricted_dice_piece_never_acts_whatever_the_surcharge_key(surcharge):
    st = position({"A warrior": "middle living pinned"}, ruleset="dice", rules=f"restricted_surcharge={surcharge}")
    assert surcharge_of(st, "A", "warrior") is None
    assert not [a for a in legal(st) if a.startswith("A warrior")]
    msg = refused(st, "A warrior retreat", "IA-12")
    assert msg == "IA-12: A's warrior is restricted (pinned, IA-4.3) and a restricted unit cannot act"


# -- IA-7.1 a fixed cancel cost ---------------------------------------------------------------------
def test_IA_7_1_a_fixed_cancel_cost_of_0_ignores_the_targets_damage():
    st = position({"B cavalry": "middle living damage=3"}, rules="shoot_cancel=0")
    events = do(st, "A infantry shoot cavalry")
    assert events[-1].kind == "cancel-window" and events[-1].get("cost") == 0
    do(st, "B cancel")
    assert st.provisions == (1, 3) and st.bank == 3 and st.unit("B", "cavalry").damage == 3   # B cancelled free, then gained
