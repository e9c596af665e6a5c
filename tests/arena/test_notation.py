"""The position text and the action text: exact round trips and named errors."""

import pytest
from arena_helpers import do, position

from game.arena import Action, make_ruleset, new_game, parse_actions
from game.arena.notation import format_position, parse_position
from game.arena.view import view
from game.core.errors import NotationError
from game.core.playout import random_steps
from game.core.rng import Rng


def _same_state(a, b):
    for slot in ("rules", "rng", "phase", "turn", "player", "first", "units", "provisions", "bank", "waza",
                 "points", "last", "pending", "result"):
        assert getattr(a, slot) == getattr(b, slot), slot


@pytest.mark.parametrize("ruleset", ["provisions", "dice", "prototype-2"])
def test_position_round_trip_equals_the_state(ruleset):
    rules = make_ruleset(variants=[ruleset])
    for seed in range(12):
        st = new_game(2, seed=seed, rules=rules)
        rng = Rng(seed)
        for _ in range(60):
            if st.is_over():
                break
            random_steps(st, rng, 1)
            text = format_position(st)
            back = parse_position(text)
            _same_state(back, st)
            assert format_position(back) == text


def test_mid_decision_positions_round_trip():
    st = position(prov="A=2 B=2 bank=3", rules="shoot_cost=0 turn_limit=90")
    do(st, "A infantry shoot cavalry")
    text = format_position(st)
    assert "pending: A infantry shoot cavalry" in text and "rules: shoot_cost=0 turn_limit=90" in text
    back = parse_position(text)
    _same_state(back, st)
    assert [str(a) for a in back.legal_actions()] == ["B cancel", "B allow"]


def test_view_text_round_trips_as_a_view():
    st = new_game(2, seed=4, first="A")
    v = view(st, "B")
    text = format_position(v)
    assert "view: B" in text and "rng: ?" in text
    back = parse_position(text)
    assert back.viewer == "B" and back.rng is None and format_position(back) == text


@pytest.mark.parametrize("text", ["A cavalry charge", "B infantry shoot artillery", "A artillery bombard cavalry",
                                  "A infantry revive forward cavalry", "B cancel", "A allow", "A pass",
                                  "chance first B", "chance roll 6 5 2", "A fire_mage inferno warrior",
                                  "B ice_mage revive stay warrior", "A warrior sprint"])
def test_action_text_round_trips(text):
    a = Action.parse(text)
    assert str(a) == text and Action.parse(str(a)) == a


def test_parse_actions_and_case():
    assert [str(a) for a in parse_actions("a cavalry Charge; B allow\n# note\nchance roll 1 2")] == [
        "A cavalry charge", "B allow", "chance roll 1 2"]


@pytest.mark.parametrize("text,words", [("A", "expected"), ("C cavalry charge", "not a seat"),
                                        ("A knight charge", "not a unit type"), ("A cavalry", "no action"),
                                        ("A cavalry fly", "unknown action"), ("A cavalry melee", "expected"),
                                        ("A cavalry charge now", "expected"), ("chance roll 7", "faces 1-6"),
                                        ("A cancel now", "takes no arguments"),
                                        ("A infantry revive sideways cavalry", "expected")])
def test_malformed_actions_name_the_problem(text, words):
    with pytest.raises(NotationError, match=words):
        Action.parse(text)


GOOD = format_position(position())


def _broken(old, new):
    assert old in GOOD
    return GOOD.replace(old, new)


@pytest.mark.parametrize("text,where", [
    (_broken("phase: act", "phase: lunch"), "line 4: unknown phase"),
    (_broken("turn: 3", "turn: x"), "line 5: not an integer"),
    (_broken("player: A", "player: C"), "line 6: expected A, B or -"),
    (_broken("provisions: A=2 B=2 bank=3", "provisions: A=2 B=2"), "line 8: expected A=N B=N bank=N"),
    (_broken("provisions: A=2 B=2 bank=3", "provisions: A=2 B=3 bank=3"), "line 8: IA-1: provisions"),
    (_broken("waza-ari: A=0 B=0", "waza-ari: A=1 B=1"), "line 9: IA-11.1"),
    (_broken("last: A=- B=-", "last: A=knight B=-"), "line 10: bad last activation"),
    (_broken("  A infantry middle living", "  A infantry middle sleeping"), "line 13: expected living or fallen"),
    (_broken("  A infantry middle living", "  A infantry top living"), "line 13: 'top' is not a row"),
    (_broken("  A infantry middle living", "  A infantry middle living damage=1 wings"), "line 13: unknown unit field"),
    (_broken("  A infantry middle living", "  A cavalry middle living"), "line 13: A's cavalry is listed twice"),
    (_broken("  A infantry middle living", "  A infantry middle fallen damage=2"), "line 11: IA-8.5"),
    (_broken("  A infantry middle living", "  A infantry middle living spirit=1"), "line 11: IA-8.1"),
    (_broken("player: A", "player: B"), "line 6: IA-4: turn 3 belongs to A"),
    (_broken("ruleset: provisions", "ruleset: chess"), "line 2: IA-0: ruleset must be one of"),
    (_broken("phase: act", "phase: cancel"), "IA-5"),
    (GOOD + "colour: red\n", "line 18: unknown section 'colour'"),
    (GOOD + "turn: 4\n", "line 18: section 'turn' repeats line 5"),
    (GOOD.replace("rng: 0x0000000000001234\n", ""), "missing section 'rng'"),
    (_broken("rng: 0x0000000000001234", "rng: ?"), "line 3: only a view may hide the generator"),
])
def test_malformed_position_names_its_line(text, where):
    with pytest.raises(NotationError) as info:
        parse_position(text)
    assert where in str(info.value)


def test_whole_position_checks_an_unresolved_ippon():
    text = format_position(position({"A cavalry": "front living", "A infantry": "front living",
                                     "A artillery": "front living", "B cavalry": "front living"}))
    text = text.replace("  B cavalry front living", "  B cavalry front fallen").replace("waza-ari: A=0 B=0",
                                                                                       "waza-ari: A=1 B=0")
    with pytest.raises(NotationError, match="IA-11.2: an ippon of A stands unresolved"):
        parse_position(text)
