"""Per-viewer redaction (game.core.views): the spectator (viewer None) sees only public events, a seat
sees the public ones and those whose ``seen_by`` names it, in the original order; every game's
``redact_events`` keeps that (hidden information is sacred)."""

from __future__ import annotations

import pytest

from game.core.events import make_event
from game.core.registry import game_names, get_game
from game.core.views import redact_events

PUBLIC = make_event("move", "S1 steps north", sid="S1")
ONLY_S = make_event("team", "S is on side a", seen_by=frozenset({"S"}), seat="S", team="a")
ONLY_N = make_event("team", "N is on side b", seen_by=frozenset({"N"}), seat="N", team="b")
S_AND_N = make_event("peek", "S and N look", seen_by=frozenset({"S", "N"}))
NOBODY = make_event("secret", "no one", seen_by=frozenset())
LATER = make_event("turn", "N's turn")
EVENTS = [PUBLIC, ONLY_S, ONLY_N, S_AND_N, NOBODY, LATER]


def test_the_spectator_sees_only_public_events():
    assert redact_events(EVENTS, None) == [PUBLIC, LATER]


def test_the_spectator_is_no_seat_even_if_seen_by_names_none():
    odd = make_event("team", "odd", seen_by=frozenset({None, "S"}))
    assert redact_events([odd, PUBLIC], None) == [PUBLIC]
    assert redact_events([odd, PUBLIC], "S") == [odd, PUBLIC]


@pytest.mark.parametrize("viewer,seen", [("S", [PUBLIC, ONLY_S, S_AND_N, LATER]),
                                         ("N", [PUBLIC, ONLY_N, S_AND_N, LATER]),
                                         ("W", [PUBLIC, LATER])])
def test_a_seat_sees_public_events_and_those_naming_it_in_order(viewer, seen):
    assert redact_events(EVENTS, viewer) == seen


def test_redaction_returns_a_new_list_and_accepts_any_iterable():
    events = [PUBLIC]
    out = redact_events(events, None)
    assert out == events and out is not events and isinstance(out, list)
    assert redact_events(iter(EVENTS), "S") == [PUBLIC, ONLY_S, S_AND_N, LATER]
    assert redact_events([], None) == []


@pytest.mark.parametrize("name", game_names())
def test_every_game_hides_private_events_from_the_spectator(name):
    redact = get_game(name).redact_events
    assert redact(EVENTS, None) == [PUBLIC, LATER]
    assert redact(EVENTS, "S") == [PUBLIC, ONLY_S, S_AND_N, LATER]


def test_hidden_teams_deal_the_spectator_sees_that_sides_were_dealt_but_no_side():
    # TW-11 hidden teams: each player learns only its own side
    spec = get_game("trench-war")
    state = spec.new_game(4, 5, spec.make_ruleset([], ["hidden-teams"]))
    events = state.apply(state.sample_chance())
    public = spec.redact_events(events, None)
    assert [(e.kind, e.seen_by) for e in public] == [("teams", None)]
    for seat in spec.seats(state):
        mine = spec.redact_events(events, seat)
        assert [e.kind for e in mine] == ["teams", "team"]
        assert mine[1].get("seat") == seat and mine[1].seen_by == frozenset({seat})
