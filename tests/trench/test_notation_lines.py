"""A malformed position's NotationError names the exact line of the fault (docs/notation.md), counted
from 1 as an editor shows it, comments and blank lines included."""

import pytest
from trench_helpers import scene

from game.core.errors import NotationError
from game.trench.notation import parse_position

TEXT = scene(soldiers="S1 board c3 n\nN1 board f7 s")


def _replace(line_no, new):
    lines = TEXT.splitlines()
    assert lines[line_no - 1]                      # precondition: the line exists and is not blank
    lines[line_no - 1] = new
    return "\n".join(lines) + "\n"


def _line_named(text):
    with pytest.raises(NotationError) as err:
        parse_position(text)
    return str(err.value)


@pytest.mark.parametrize("line_no, new, rest", [
    (1, "players S N", "expected 'key: value', got 'players S N'"),
    (4, "round: five", None),
    (8, "wind: sideways", None),
    (20, "  4   1  1  1  9  1  1  1", None),
    (26, "  N1 board f9 s", None),
    (33, "turn: S cards=move slot=9 uses=0", None),
])
def test_the_error_names_the_broken_line(line_no, new, rest):
    message = _line_named(_replace(line_no, new))
    assert message.startswith(f"line {line_no}: "), message
    if rest is not None:
        assert message == f"line {line_no}: {rest}"


def test_blank_and_comment_lines_count_like_any_other():
    lines = TEXT.splitlines()
    lines[3] = "round: five"                       # line 4 of the plain text
    text = "# a comment first\n\n" + "\n".join(lines) + "\n"
    assert _line_named(text).startswith("line 6: ")


def test_a_section_given_twice_names_both_lines():
    text = TEXT + "dead: 1\n"
    last = len(TEXT.splitlines()) + 1
    assert _line_named(text) == f"line {last}: 'dead' appears twice (first on line 14)"


def test_a_turn_without_a_revealed_card_is_refused_naming_its_line():
    """TW-5: the 1st card is revealed as the turn starts, so a stored turn always names its slot."""
    for bad in ("turn: S cards=move slot=- uses=0", "turn: S cards=move uses=0"):
        assert _line_named(_replace(33, bad)) == ("line 33: the turn needs slot=1 or slot=2 (the card in use: "
                                                  "a turn in progress has always revealed its 1st card)")
