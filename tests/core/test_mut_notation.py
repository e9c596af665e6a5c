"""Line-based position text (game.core.notation): comments, continuation lines, key=value tokens,
integers, and every NotationError naming the exact line (1-based, blank and comment lines counted)."""

from __future__ import annotations

import pytest

from game.core.errors import NotationError
from game.core.notation import parse_int, parse_kv, split_sections, strip_comment
from game.core.registry import get_game


@pytest.mark.parametrize("line,kept", [
    ("phase: first  # the opening", "phase: first"),
    ("phase: first   ", "phase: first"),
    ("  continued # note", "  continued"),       # leading blanks stay: they mark a continuation
    ("# a whole-line comment", ""),
    ("#", ""),
    ("a#b#c", "a"),
    ("", ""),
])
def test_strip_comment_drops_from_the_first_hash_and_trailing_blanks(line, kept):
    assert strip_comment(line) == kept


TEXT = "\n".join([
    "# Example position",              # 1
    "",                                # 2
    "   ",                             # 3
    "Players: S N   # seats",          # 4
    "  extra one",                     # 5
    "\ttabbed   # note",               # 6
    "    # only a comment",            # 7
    "phase: first",                    # 8
    "Empty:",                          # 9
    "rng: 0x1f: spare",                # 10
]) + "\n"


def test_split_sections_keys_values_continuations_and_line_numbers():
    assert split_sections(TEXT) == [
        ("players", "S N", ["extra one", "tabbed"], 4),
        ("phase", "first", [], 8),
        ("empty", "", [], 9),
        ("rng", "0x1f: spare", [], 10),
    ]
    assert split_sections("") == [] and split_sections("# nothing\n\n   \n") == []
    assert split_sections("  Key  :  v  ".strip()) == [("key", "v", [], 1)]


@pytest.mark.parametrize("text,message", [
    ("phase: first\noops\n", "line 2: expected 'key: value', got 'oops'"),
    ("# comment\n\nphase: first\n\n# more\n  ok\nbroken line  # why\n",
     "line 7: expected 'key: value', got 'broken line'"),
    ("   \n# c\n  indented\n", "line 3: indented line before any section"),
    ("\tindented\n", "line 1: indented line before any section"),
])
def test_split_sections_errors_name_the_exact_line(text, message):
    with pytest.raises(NotationError) as err:
        split_sections(text)
    assert str(err.value) == message


def test_parse_kv_tokens_flags_and_values_with_equals():
    assert parse_kv(["a=1", "flag", "b=x=y", "c="], "line 3") == {"a": "1", "flag": "", "b": "x=y", "c": ""}
    assert parse_kv([], "line 3") == {}
    assert parse_kv(["a=1", "a=2"], "w") == {"a": "2"}  # the last one counts


@pytest.mark.parametrize("token", ["=5", "="])
def test_parse_kv_refuses_an_empty_key_naming_where(token):
    with pytest.raises(NotationError) as err:
        parse_kv(["ok=1", token], "line 12")
    assert str(err.value) == f"line 12: empty key in {token!r}"


@pytest.mark.parametrize("text,value", [("10", 10), ("-3", -3), ("0x1f", 31), ("0b101", 5), ("0o17", 15),
                                        (" 7 ", 7), ("0", 0)])
def test_parse_int_reads_decimal_and_prefixed_integers(text, value):
    assert parse_int(text, "line 1") == value


@pytest.mark.parametrize("text", ["1.5", "", "seven", "0x", "010"])
def test_parse_int_refuses_a_non_integer_naming_where(text):
    with pytest.raises(NotationError) as err:
        parse_int(text, "line 9: turn")
    assert str(err.value) == f"line 9: turn: not an integer: {text!r}"
    assert err.value.__cause__ is None and err.value.__suppress_context__


@pytest.mark.parametrize("name", ["two-mists", "smoke-blood-steel"])
def test_a_game_position_error_names_the_line_of_the_bad_line(name):
    spec = get_game(name)
    state = spec.new_game(spec.players[0], 3, spec.make_ruleset([], []))
    lines = spec.format_position(state).rstrip("\n").split("\n")
    bad = lines[:3] + ["this line has no colon"] + lines[3:]
    with pytest.raises(NotationError, match=r"^line 4: "):
        spec.parse_position("\n".join(bad) + "\n")


def test_only_a_leading_blank_or_tab_makes_a_continuation_line():
    # any other first character starts a section, X included
    assert split_sections("a: 1\nX: 2\nXX: 3\n") == [("a", "1", [], 1), ("x", "2", [], 2), ("xx", "3", [], 3)]
