"""The shared ruleset helpers (game.core.rulesets), exactly: every game's ``--set key=value``, variants
and ruleset files go through them; each error starts with the game's rule id and names the key (and for
a file the file and line)."""

from __future__ import annotations

import pytest

from game.core import rulesets
from game.core.errors import RulesetError

KEYS = {"gun_range": (4, (1, 9)), "civilians": (False, None), "wind": ("deck", ("deck", "fixed", "calm"))}


def coerce(key, raw):
    if key not in KEYS:
        raise rulesets.unknown_key("XX-0", key, KEYS)
    default, allowed = KEYS[key]
    return rulesets.to_typed("XX-0", key, raw, default, allowed)


def message(call, *args):
    with pytest.raises(RulesetError) as err:
        call(*args)
    return str(err.value)


def test_the_words_for_true_and_false():
    assert rulesets.TRUE_WORDS == ("1", "true", "yes", "on")
    assert rulesets.FALSE_WORDS == ("0", "false", "no", "off")
    for word in ("1", "true", "yes", "on", "TRUE", "Yes", " on\n", 1):
        assert rulesets.to_bool("XX-0", "k", word) is True
    for word in ("0", "false", "no", "off", "OFF", " False ", 0):
        assert rulesets.to_bool("XX-0", "k", word) is False


@pytest.mark.parametrize("raw", ["", "2", "y", "n", "truth", None, 2])
def test_to_bool_refuses_anything_else(raw):
    assert message(rulesets.to_bool, "TW-0", "civilians", raw) == f"TW-0: civilians must be true or false, not {raw!r}"


def test_unknown_key_hint_lists_up_to_three_names_sharing_the_first_word():
    known = ["gun_range", "gun_rounds", "gun_points", "gun_jam", "wind", "dig_range"]
    assert str(rulesets.unknown_key("TW-0", "gun_rang", known)) == \
        "TW-0: unknown ruleset key 'gun_rang' (did you mean gun_range, gun_rounds, gun_points?)"
    assert str(rulesets.unknown_key("TW-0", "dig", known)) == "TW-0: unknown ruleset key 'dig' (did you mean dig_range?)"
    assert str(rulesets.unknown_key("TW-0", "colour_gun", known)) == "TW-0: unknown ruleset key 'colour_gun'"
    assert str(rulesets.unknown_key("TW-0", "range", known)) == \
        "TW-0: unknown ruleset key 'range' (did you mean gun_range, dig_range?)"  # the word anywhere in a name
    assert isinstance(rulesets.unknown_key("TW-0", "x", known), RulesetError)


def test_to_int_exact_values_and_refusals():
    assert rulesets.to_int("TW-0", "k", " 7 ", (1, 9)) == 7
    assert rulesets.to_int("TW-0", "k", 1, (1, 9)) == 1 and rulesets.to_int("TW-0", "k", "9", (1, 9)) == 9
    assert rulesets.to_int("TW-0", "k", "-2", (-5, 0)) == -2
    assert message(rulesets.to_int, "TW-0", "k", "x", (1, 9)) == "TW-0: k must be an integer, not 'x'"
    assert message(rulesets.to_int, "TW-0", "k", False, (0, 9)) == "TW-0: k must be an integer, not False"
    assert message(rulesets.to_int, "TW-0", "k", "4", (5, 9)) == "TW-0: k=4 is out of range 5..9"
    assert message(rulesets.to_int, "TW-0", "k", 10, (5, 9)) == "TW-0: k=10 is out of range 5..9"
    assert message(rulesets.to_int, "TW-0", "k", "x", (1, 9), "a whole number") == \
        "TW-0: k must be a whole number, not 'x'"


def test_to_choice_exact():
    assert rulesets.to_choice("TW-0", "wind", "calm", ("deck", "calm")) == "calm"
    assert rulesets.to_choice("TW-0", "wind", '  "deck"  ', ("deck", "calm")) == "deck"
    assert message(rulesets.to_choice, "TW-0", "wind", "Deck", ("deck", "calm")) == \
        "TW-0: wind must be one of deck, calm, not 'Deck'"


def test_to_typed_follows_the_type_of_the_default():
    assert rulesets.to_typed("TW-0", "b", "yes", False, None) is True
    assert rulesets.to_typed("TW-0", "b", "off", True, None) is False
    assert rulesets.to_typed("TW-0", "n", "3", 4, (1, 9)) == 3
    assert rulesets.to_typed("TW-0", "w", "fixed", "deck", ("deck", "fixed")) == "fixed"
    assert message(rulesets.to_typed, "TW-0", "n", "12", 4, (1, 9)) == "TW-0: n=12 is out of range 1..9"
    assert message(rulesets.to_typed, "TW-0", "b", "3", True, (1, 9)) == "TW-0: b must be true or false, not '3'"
    assert message(rulesets.to_typed, "TW-0", "w", "3", "deck", ("deck",)) == "TW-0: w must be one of deck, not '3'"


def test_key_name():
    assert rulesets.key_name("  gun-range ") == "gun_range"
    assert rulesets.key_name("a-b-c") == "a_b_c" and rulesets.key_name("plain") == "plain"


def test_parse_assignment():
    assert rulesets.parse_assignment("XX-0", " gun-range = 5 ", coerce) == ("gun_range", 5)
    assert rulesets.parse_assignment("XX-0", "wind=fixed", coerce) == ("wind", "fixed")
    assert message(rulesets.parse_assignment, "XX-0", "wind", coerce) == "XX-0: expected key=value, got 'wind'"
    assert message(rulesets.parse_assignment, "XX-0", "wind=a=b", coerce) == \
        "XX-0: wind must be one of deck, fixed, calm, not 'a=b'"
    assert message(rulesets.parse_assignment, "XX-0", "colour=red", coerce) == \
        "XX-0: unknown ruleset key 'colour'"


def test_collect_values_exact():
    variants = {"a": {"gun_range": 2, "civilians": True}, "b": {"gun_range": 3}}
    assert rulesets.collect_values("XX-0", [], [], variants, coerce) == {}
    assert rulesets.collect_values("XX-0", None, ["b", "a"], variants, coerce) == {"gun_range": 2, "civilians": True}
    assert rulesets.collect_values("XX-0", {"gun-range": "7", "civilians": "no"}, ["a"], variants, coerce) == \
        {"gun_range": 7, "civilians": False}
    assert rulesets.collect_values("XX-0", ("wind=calm", "gun_range=8"), ["b"], variants, coerce) == \
        {"gun_range": 8, "wind": "calm"}
    assert message(rulesets.collect_values, "XX-0", None, ["c"], variants, coerce) == \
        "XX-0: unknown variant 'c' (known: a, b)"
    assert message(rulesets.collect_values, "XX-0", {"gun_range": 0}, [], variants, coerce) == \
        "XX-0: gun_range=0 is out of range 1..9"


def test_parse_settings_text_exact():
    text = ("# a ruleset\n[rules]\n  gun-range = 6  # longer\n\nwind = \"calm\"\ncivilians=yes#on\n"
            "  [more]\n")
    assert rulesets.parse_settings_text("XX-0", text, "f.rules", coerce) == \
        {"gun_range": 6, "wind": "calm", "civilians": True}
    assert rulesets.parse_settings_text("XX-0", "", "f.rules", coerce) == {}
    assert message(rulesets.parse_settings_text, "XX-0", "# c\n\nwind deck\n", "my.rules", coerce) == \
        "XX-0: my.rules:3: expected key = value, got 'wind deck'"
    assert message(rulesets.parse_settings_text, "XX-0", "wind = deck\n\ncolour = red\n", "my.rules", coerce) == \
        "XX-0: unknown ruleset key 'colour' (my.rules:3)"
    assert message(rulesets.parse_settings_text, "XX-0", "civilians = perhaps", "my.rules", coerce) == \
        "XX-0: civilians must be true or false, not 'perhaps' (my.rules:1)"


def test_read_settings_file_exact(tmp_path):
    path = tmp_path / "x.rules"
    path.write_text("wind = fixed\ngun_range = 3\n", encoding="utf-8")
    assert rulesets.read_settings_file("XX-0", str(path), coerce) == {"wind": "fixed", "gun_range": 3}
    path.write_text("gun_range = 30\n", encoding="utf-8")
    assert message(rulesets.read_settings_file, "XX-0", str(path), coerce) == \
        f"XX-0: gun_range=30 is out of range 1..9 ({path}:1)"
    missing = tmp_path / "none.rules"
    assert message(rulesets.read_settings_file, "XX-0", str(missing), coerce) == \
        f"XX-0: cannot read ruleset file {missing}: No such file or directory"
    path.write_bytes(b"wind = \xff\n")
    assert message(rulesets.read_settings_file, "XX-0", str(path), coerce) == \
        f"XX-0: ruleset file {path} is not UTF-8 text"


def test_to_choice_drops_only_blanks_and_double_quotes():
    allowed = ("deck", "Xdeck", "deckX", "'deck'")
    assert rulesets.to_choice("TW-0", "wind", "Xdeck", allowed) == "Xdeck"
    assert rulesets.to_choice("TW-0", "wind", ' "deckX" ', allowed) == "deckX"
    assert rulesets.to_choice("TW-0", "wind", "'deck'", allowed) == "'deck'"


def keep(key, raw):
    """A game's coerce that keeps the text it is given: shows exactly what the helpers pass on."""
    return raw


def test_parse_settings_text_passes_the_value_without_blanks_quotes_or_comment():
    text = ('name = "Xavier X"  # who\nplain=  a b  \nnote = one # two # three\nformula = a=b\n'
            'empty =\nquoted = ""\n')
    assert rulesets.parse_settings_text("XX-0", text, "f.rules", keep) == {
        "name": "Xavier X", "plain": "a b", "note": "one", "formula": "a=b", "empty": "", "quoted": ""}
    assert rulesets.parse_settings_text("XX-0", 'gun_range = "6"\n', "f.rules", coerce) == {"gun_range": 6}


def test_parse_assignment_splits_at_the_first_equals_sign():
    assert rulesets.parse_assignment("XX-0", "formula=a=b", keep) == ("formula", "a=b")
    assert rulesets.parse_assignment("XX-0", "k=", keep) == ("k", "")


def test_read_settings_file_errors_name_the_rule_the_file_and_the_line(tmp_path):
    path = tmp_path / "x.rules"
    path.write_text("wind = calm\n# note\ngun_range 3\n", encoding="utf-8")
    assert message(rulesets.read_settings_file, "TW-0", str(path), coerce) == \
        f"TW-0: {path}:3: expected key = value, got 'gun_range 3'"


def test_a_ruleset_file_is_read_as_utf8_whatever_the_locale(tmp_path):
    # the designers write Japanese comments and names; an ASCII locale must not matter
    import locale
    path = tmp_path / "ja.rules"
    path.write_text("# 標準ルール\nname = 毒ガス塹壕戦\n", encoding="utf-8")
    old = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, "C")  # a plain open() would read ASCII now (UTF-8 mode off)
        assert rulesets.read_settings_file("XX-0", str(path), keep) == {"name": "毒ガス塹壕戦"}
    finally:
        locale.setlocale(locale.LC_CTYPE, old)
