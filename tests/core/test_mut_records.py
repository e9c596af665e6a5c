"""game.core.records.evolve: the copy-with-changes every game's rules core uses on its frozen, slotted
records; exactly ``dataclasses.replace`` for them, with the same refusal of an unknown field."""

from __future__ import annotations

import dataclasses

import pytest

from game.core.records import evolve


def fresh_records():
    """Three record classes never seen before: ``evolve`` reads each class's fields on its first copy
    and keeps them, so every test builds its own classes and runs that first read itself."""
    @dataclasses.dataclass(frozen=True, slots=True)
    class Soldier:
        sid: str
        cell: str
        status: str = "ground"

    @dataclasses.dataclass(frozen=True, slots=True)
    class Pair:
        a: int
        b: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Single:
        only: int

    return Soldier, Pair, Single


def test_evolve_changes_the_named_fields_and_keeps_the_rest():
    Soldier, Pair, Single = fresh_records()
    s = Soldier("S1", "c4")
    moved = evolve(s, cell="c5")
    assert moved == Soldier("S1", "c5", "ground") and type(moved) is Soldier
    assert (moved.sid, moved.cell, moved.status) == ("S1", "c5", "ground")
    assert s == Soldier("S1", "c4", "ground")  # the original is untouched
    both = evolve(s, status="trench", sid="S2")
    assert (both.sid, both.cell, both.status) == ("S2", "c4", "trench")
    assert both == dataclasses.replace(s, status="trench", sid="S2")


def test_evolve_without_changes_is_an_equal_copy():
    Soldier, Pair, Single = fresh_records()
    s = Soldier("S1", "c4", "boat")
    copy = evolve(s)
    assert copy == s and copy is not s
    with pytest.raises(dataclasses.FrozenInstanceError):
        copy.cell = "a1"


def test_evolve_works_for_two_field_and_one_field_records():
    Soldier, Pair, Single = fresh_records()
    p = Pair(1, 2)
    assert (evolve(p, b=5).a, evolve(p, b=5).b) == (1, 5)
    assert (evolve(p, a=7).a, evolve(p, a=7).b) == (7, 2)
    assert evolve(p) == Pair(1, 2)
    one = Single(3)
    assert evolve(one, only=4) == Single(4) and evolve(one).only == 3
    assert evolve(one) == one


def test_evolve_the_second_time_uses_the_same_result():
    Soldier, Pair, Single = fresh_records()
    s = Soldier("S1", "c4")
    assert evolve(evolve(s, cell="d4"), cell="e4") == Soldier("S1", "e4")
    assert evolve(Pair(1, 2), a=0) == Pair(0, 2) and evolve(Single(1), only=2) == Single(2)


def test_evolve_refuses_an_unknown_field_naming_it():
    Soldier, Pair, Single = fresh_records()
    with pytest.raises(TypeError) as err:
        evolve(Soldier("S1", "c4"), colour="red")
    assert str(err.value) == "Soldier has no field 'colour'"
    with pytest.raises(TypeError) as err:  # several unknown: the first in alphabetical order
        evolve(Soldier("S1", "c4"), zz=1, cell="a1", bb=2)
    assert str(err.value) == "Soldier has no field 'bb'"
    with pytest.raises(TypeError) as err:
        evolve(Pair(1, 2), c=3)
    assert str(err.value) == "Pair has no field 'c'"


def test_evolver_is_made_once_per_class_and_equals_evolve():
    from game.core.records import evolver
    Soldier, Pair, Single = fresh_records()
    fn = evolver(Pair)
    assert evolver(Pair) is fn and evolver(Single) is not fn
    assert fn(Pair(1, 2), b=9) == evolve(Pair(1, 2), b=9) == Pair(1, 9)
    assert fn(Pair(1, 2)) == Pair(1, 2) and fn(Pair(1, 2)) is not Pair(1, 2)
    with pytest.raises(TypeError) as err:
        fn(Pair(1, 2), c=3)
    assert str(err.value) == "Pair has no field 'c'"


def test_evolve_takes_a_class_whose_slots_are_one_string():
    class One:
        __slots__ = "only"

        def __init__(self, only):
            self.only = only

    assert evolve(One(1), only=2).only == 2 and evolve(One(3)).only == 3
