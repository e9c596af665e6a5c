"""Events (game.core.events): what the animation, the log and the redaction read from every game's
events: kind, data pairs in order, text, seen_by; ``make_event`` builds exactly ``Event(...)``."""

from __future__ import annotations

import pytest

from game.core.events import Event, make_event


def test_event_defaults_are_public_with_no_data_or_text():
    e = Event("pass")
    assert (e.kind, e.data, e.text, e.seen_by) == ("pass", (), "", None)
    assert make_event("pass") == e
    m = make_event("pass")
    assert (m.kind, m.data, m.text, m.seen_by) == ("pass", (), "", None)


def test_make_event_fills_every_field_in_keyword_order():
    e = make_event("move", "S1 steps north", seen_by=frozenset({"S"}), sid="S1", to="c4", n=0)
    assert e.kind == "move" and e.text == "S1 steps north" and e.seen_by == frozenset({"S"})
    assert e.data == (("sid", "S1"), ("to", "c4"), ("n", 0))
    assert e == Event("move", (("sid", "S1"), ("to", "c4"), ("n", 0)), "S1 steps north", frozenset({"S"}))
    assert hash(e) == hash(Event("move", (("sid", "S1"), ("to", "c4"), ("n", 0)), "S1 steps north",
                                 frozenset({"S"})))
    assert type(e) is Event


def test_make_event_takes_text_as_keyword_too_and_kind_positionally_only():
    assert make_event("x", text="t", a=1) == Event("x", (("a", 1),), "t")
    e = make_event("fire", kind_of="gun")  # a data key may not be called kind, but kind_of is fine
    assert e.data == (("kind_of", "gun"),)


def test_events_are_frozen():
    # a frozen record's error (dataclasses.FrozenInstanceError) is an AttributeError too
    e = make_event("move", sid="S1")
    with pytest.raises(AttributeError):
        e.kind = "dash"
    with pytest.raises(AttributeError):
        Event("move").text = "x"
    with pytest.raises(AttributeError):
        e.colour = "red"  # no new attributes either
    assert e == make_event("move", sid="S1")


def test_get_returns_the_first_value_of_a_key_or_the_default():
    e = Event("move", (("sid", "S1"), ("n", 0), ("sid", "S2"), ("none", None)))
    assert e.get("sid") == "S1"
    assert e.get("n", 5) == 0  # a falsy value is still the value
    assert e.get("none", "d") is None
    assert e.get("missing") is None and e.get("missing", "d") == "d"
    assert Event("x").get("sid", 3) == 3


def test_as_dict_is_kind_data_then_text_in_order():
    e = make_event("gas", "gas spreads", seen_by=frozenset({"S"}), cell="c4", h=2)
    d = e.as_dict()
    assert d == {"kind": "gas", "cell": "c4", "h": 2, "text": "gas spreads"}
    assert list(d) == ["kind", "cell", "h", "text"]
    assert Event("pass").as_dict() == {"kind": "pass", "text": ""}
