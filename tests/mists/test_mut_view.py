"""TM-12 views pinned exactly (issue 14): what each seat and a spectator may know, slot by slot."""

import pytest

from game.core.errors import IllegalActionError
from game.mists.setup import new_game
from game.mists.state import MistsState
from game.mists.view import HIDDEN, MistsView, redact_action, redact_events, view
from mists_helpers import do, make

SECRET = ("rng", "leftover", "chars", "pointing", "legal_cache")


@pytest.mark.parametrize("viewer, chars", [("A", ("monster", None, "witch", None)),
                                           ("B", (None, "knight", "witch", None)),
                                           (None, (None, None, "witch", None))])
def test_TM_12_1_view_hides_unrevealed_characters_leftover_and_generator(viewer, chars):
    s = make("MKWSF", revealed="C")
    s.legal_actions()
    v = view(s, viewer)
    assert type(v) is MistsView and v.viewer == viewer
    assert v.chars == chars and v.leftover is None and v.rng is None and v.legal_cache is None
    assert v.pointing is None
    for slot in MistsState.__slots__:
        if slot not in SECRET:
            assert getattr(v, slot) == getattr(s, slot), slot
    assert [v.character(i) for i in range(4)] == list(chars)
    assert s.leftover == "fool" and s.rng is not None and s.legal_cache is not None   # the state is untouched


def test_TM_12_5_after_the_end_a_view_holds_everything():
    s = make("MKWSF", display="attack attack attack spear axe", life={"B": 1})
    do(s, "A take A1; chance draw A1 attack; A target B")
    for viewer in ("C", None):
        v = view(s, viewer)
        for slot in MistsState.__slots__:
            if slot != "legal_cache":
                assert getattr(v, slot) == getattr(s, slot), slot
        assert v.legal_cache is None and v.leftover == "fool" and v.chars == s.chars


@pytest.mark.parametrize("viewer", ["D", "E", "a"])
def test_TM_12_view_of_a_seat_not_in_play_is_refused_by_name(viewer):
    with pytest.raises(ValueError) as info:
        view(make("MKWS"), viewer)
    assert str(info.value) == f"{viewer!r} is not a seat in play (A B C)"


def test_TM_12_3_pointings_being_collected_show_only_ones_own():
    s = make("MKWSF", display="scout attack attack spear axe", active="B")
    do(s, "B take A1; chance draw A1 attack; B point A; C point D")
    assert s.pointing == (None, 0, 3, None)
    assert view(s, "B").pointing == (None, 0, HIDDEN, None)
    assert view(s, "A").pointing == (None, HIDDEN, HIDDEN, None)
    assert view(s, None).pointing == (None, HIDDEN, HIDDEN, None)
    assert HIDDEN == "?"


def test_TM_12_view_clone_and_no_play():
    s = make("MKWSF", revealed="D")
    v = view(s, "B")
    c = v.clone()
    assert type(c) is MistsView and c is not v and c.viewer == "B"
    for slot in MistsState.__slots__:
        assert getattr(c, slot) == getattr(v, slot), slot
    with pytest.raises(IllegalActionError) as info:
        v.apply("B pass")
    assert str(info.value) == "a view cannot be played on; apply actions to the game state"
    with pytest.raises(IllegalActionError) as info:
        v.legal_actions()
    assert str(info.value) == "a view has no legal actions; ask the game state"


def test_TM_12_redacted_action_texts():
    assert redact_action("chance deal MKWSF", "C") == "chance deal ??W??"
    assert redact_action("chance deal MKWSF", "A") == "chance deal M????"
    assert redact_action("chance deal MKWSF", None) == "chance deal ?????"
    assert redact_action("B point C", "B") == "B point C"
    assert redact_action("B point C", "C") == "B point ?"
    assert redact_action("B point C", None) == "B point ?"
    assert redact_action("B target C", None) == "B target C"
    assert redact_action("chance draw A1 attack", "A") == "chance draw A1 attack"


def test_TM_12_1_the_deal_event_of_a_character_goes_to_its_seat_only():
    s = new_game(3, 9)
    events = do(s, "chance deal KWSM")
    assert [e.get("character") for e in redact_events(events, "B")] == [None, "witch"]
    assert [e.kind for e in redact_events(events, None)] == ["deal"]
    assert redact_events(events, "A")[1].get("seat") == "A"


def test_TM_12_the_deal_shows_nothing_to_a_name_that_is_not_a_seat():
    assert redact_action("chance deal MKWSF", "Z") == "chance deal ?????"
    assert redact_action("chance deal KWSM", "spectator") == "chance deal ????"
