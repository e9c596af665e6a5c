"""Position and action notation: exact round trips and errors that name the line."""

import pytest

from game.core.errors import NotationError
from game.core.playout import random_steps
from game.core.rng import Rng
from game.mists.actions import Action, parse_actions
from game.mists.notation import format_position, parse_position
from game.mists.setup import new_game
from game.mists.view import view
from mists_helpers import do, make

ACTIONS = ["chance deal MKWSF", "chance deal KWSM", "chance draw A2 attack", "chance draw E1 poison",
           "chance first C", "B take A2", "B take E1", "B pass", "B target C", "B heal A", "A point C",
           "B extra", "B decline"]


@pytest.mark.parametrize("text", ACTIONS)
def test_action_text_round_trips(text):
    a = Action.parse(text)
    assert str(a) == text and Action.parse(str(a)) == a


@pytest.mark.parametrize("text, words", [
    ("B", "expected 'ACTOR VERB ...'"), ("X take A1", "unknown actor 'X'"),
    ("B fly", "unknown verb 'fly'"), ("B take", "take takes 1 argument"),
    ("B take Z9", "bad argument 'Z9'"), ("chance take A1", "chance cannot take"),
    ("chance deal MMKWS", "bad argument"), ("B deal MKWSF", "B cannot deal"),
])
def test_bad_action_text_is_a_notation_error(text, words):
    with pytest.raises(NotationError, match=words.replace("(", r"\(").replace(".", r"\.")):
        Action.parse(text)


def test_parse_actions_list():
    assert [str(a) for a in parse_actions("B take A1; chance draw A1 scout\nB target C")] == \
        ["B take A1", "chance draw A1 scout", "B target C"]


def test_position_round_trips_through_a_whole_game():
    for seed, players in ((1, 3), (2, 4), (3, 4)):
        s = new_game(players, seed)
        texts = []

        def check(state, action, events):
            text = format_position(state)
            parsed = parse_position(text)
            assert parsed == state and format_position(parsed) == text
            for seat in (None,) + state.seats:
                vt = format_position(view(state, seat))
                assert format_position(parse_position(vt)) == vt
            texts.append(text)
        check(s, None, None)
        random_steps(s, Rng(seed), 500, check)
        assert s.is_over() and len(texts) > 10


def test_parsed_state_plays_on_identically():
    s = make("MKWSF", display="scout combo arcana spear axe", active="B")
    do(s, "B take A1; chance draw A1 attack; B point A; C point D")
    t = parse_position(format_position(s))
    for action in ("D point B", "A point B", "B target C"):
        assert [e.text for e in s.apply(action)] == [e.text for e in t.apply(action)]
    assert format_position(s) == format_position(t)
    assert t.records[1][-1].points == (1, 0, 3, 1)


def _broken(text, old, new):
    assert old in text, old
    return text.replace(old, new, 1)


def _line_of(text, needle):
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(needle)


@pytest.mark.parametrize("old, new, words", [
    ("players: 4", "players: 5", "players must be 3 or 4"),
    ("phase: take", "phase: dance", "unknown phase 'dance'"),
    ("turn: 6", "turn: x", "not an integer"),
    ("active: B", "active: E", "'E' is not a seat in play"),
    ("intimidated: no", "intimidated: maybe", "intimidated must be yes or no"),
    ("leftover: fool", "leftover: dragon", "unknown character 'dragon'"),
    ("display: A1=attack", "display: A1=spear", "'spear' cannot lie in slot A1"),
    ("draws: -", "draws: Q1", "unknown slot 'Q1'"),
    ("B: knight life=7", "B: knight life=7 sleepy", "unknown seat token 'sleepy'"),
    ("  1:spear", "  1:spear!", "bad record entry '1:spear!'"),
    ("rules: -", "rules: colour=red", "unknown ruleset key 'colour'"),
    ("leftover: fool", "leftover: knight", "knight is also a player's character"),
    ("decks: actions=attack:4", "decks: actions=attack:5", "do not add up"),
    ("rng: 0x0000000000000001", "rng: ?", "hidden only in a view"),
])
def test_malformed_position_names_its_line(old, new, words):
    s = make("MKWSF", display="attack attack scout spear axe", active="B", records={"B": "1:spear"}, turn=6)
    text = format_position(s)
    bad = _broken(text, old, new)
    with pytest.raises(NotationError) as info:
        parse_position(bad)
    message = str(info.value)
    assert words in message
    assert message.startswith(f"line {_line_of(bad, new)}:"), message


def test_missing_and_duplicate_sections():
    text = format_position(make())
    with pytest.raises(NotationError, match=r"^line 7: missing section 'turn' .*expected after line 6 \('phase:'\)"):
        parse_position("\n".join(line for line in text.splitlines() if not line.startswith("turn:")))
    with pytest.raises(NotationError, match=r"line \d+: 'turn' appears twice"):
        parse_position(text + "turn: 3\n")
    with pytest.raises(NotationError, match="not a Two Mists position"):
        parse_position(text.replace("game: two-mists", "game: trench-war"))


def test_whole_position_forbidden_record_is_refused():
    text = format_position(make("MKWSF", records={"A": "1:attack>B"}, turn=2, active="B"))
    bad = text.replace("1:attack>B", "1:sacrifice>B").replace("sacrifice:3", "sacrifice:2")
    with pytest.raises(NotationError, match="the monster holds sacrifice, which is forbidden"):
        parse_position(bad)
