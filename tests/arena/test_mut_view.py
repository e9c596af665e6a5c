"""IA-1 views, pinned exactly (issue 14): perfect information, only the generator is hidden."""

import pytest
from arena_helpers import do, position

from game.arena.actions import Action
from game.arena.notation import format_position
from game.arena.state import ArenaState
from game.arena.view import ArenaView, redact_action, redact_events, view
from game.core.errors import IllegalActionError


def _state():
    st = position({"A cavalry": "front living damage=2 healing", "B artillery": "back living spirit=2 pinned"},
                  turn=4, prov="A=3 B=1 bank=3", waza="A=1 B=0", last="A=infantry B=cavalry:quick")
    st.legal_actions()  # fill the state's legal cache: a view must not carry it
    return st


@pytest.mark.parametrize("viewer", ["A", "B", None])
def test_IA_1_view_copies_every_slot_but_the_generator(viewer):
    st = _state()
    v = view(st, viewer)
    assert type(v) is ArenaView and v.viewer == viewer
    assert v.rng is None and v.legal_cache is None
    for slot in ArenaState.__slots__:
        if slot not in ("rng", "legal_cache"):
            assert getattr(v, slot) is getattr(st, slot), slot
    assert st.rng is not None and st.legal_cache is not None   # the state itself is untouched


def test_IA_1_view_of_an_unknown_seat_is_refused_by_name():
    st = _state()
    with pytest.raises(ValueError) as info:
        view(st, "C")
    assert str(info.value) == "'C' is not a seat in play (A B)"


def test_IA_1_view_clone_is_an_equal_view_of_the_same_viewer():
    v = view(_state(), "B")
    c = v.clone()
    assert type(c) is ArenaView and c is not v and c.viewer == "B"
    for slot in ArenaState.__slots__:
        assert getattr(c, slot) is getattr(v, slot), slot
    assert format_position(c) == format_position(v)


def test_IA_1_a_view_cannot_be_played_on():
    st = _state()
    v = view(st, "A")
    with pytest.raises(IllegalActionError) as info:
        v.apply("A cavalry retreat")
    assert str(info.value) == "a view cannot be played on; apply actions to the game state"
    with pytest.raises(IllegalActionError) as info:
        v.legal_actions()
    assert str(info.value) == "a view has no legal actions; ask the game state"
    assert format_position(st) == format_position(_state())


def test_IA_1_views_compare_by_their_text():
    st = _state()
    assert (view(st, "A") == view(st, "A")) is True
    assert (view(st, "A") == view(st, "B")) is False       # the text names the viewer
    other = _state()
    do(other, "B infantry retreat")
    assert (view(st, "A") == view(other, "A")) is False
    # a view is never equal to a full state or another kind of value
    assert (view(st, "A") == st) is False
    assert (view(st, "A") == "x") is False
    assert view(st, "A").__eq__(st) is NotImplemented
    with pytest.raises(TypeError):
        hash(view(st, "A"))


@pytest.mark.parametrize("viewer", ["A", "B", None])
def test_IA_1_every_event_and_action_text_is_public(viewer):
    st = position({"A infantry": "middle living"})
    events = do(st, "A infantry shoot cavalry", "B allow")
    assert redact_events(events, viewer) == events
    assert redact_action("a infantry SHOOT cavalry", viewer) == "A infantry shoot cavalry"
    assert redact_action(Action("B", "allow"), viewer) == "B allow"
    assert redact_action("chance roll 6 5 2", viewer) == "chance roll 6 5 2"
