"""The shared ruleset helpers: typed values from text, key=value settings, ruleset files."""

from __future__ import annotations

import pytest

from game.core import rulesets
from game.core.errors import RulesetError

KEYS = {"gun_range": (4, (1, 9)), "civilians": (False, None), "wind": ("deck", ("deck", "fixed"))}


def coerce(key, raw):
    if key not in KEYS:
        raise rulesets.unknown_key("XX-0", key, KEYS)
    default, allowed = KEYS[key]
    return rulesets.to_typed("XX-0", key, raw, default, allowed)


@pytest.mark.parametrize("raw,value", [("true", True), (" ON ", True), ("1", True), (True, True),
                                       ("no", False), ("0", False), (False, False)])
def test_to_bool_reads_the_usual_words(raw, value):
    assert rulesets.to_bool("XX-0", "civilians", raw) is value


def test_to_bool_refuses_other_words_naming_the_key():
    with pytest.raises(RulesetError, match=r"^XX-0: civilians must be true or false, not 'maybe'$"):
        rulesets.to_bool("XX-0", "civilians", "maybe")


def test_to_int_checks_type_and_range_both_ends_included():
    assert [rulesets.to_int("XX-0", "k", v, (1, 9)) for v in ("1", " 9 ", 5)] == [1, 9, 5]
    with pytest.raises(RulesetError, match=r"^XX-0: k=10 is out of range 1\.\.9$"):
        rulesets.to_int("XX-0", "k", "10", (1, 9))
    with pytest.raises(RulesetError, match=r"^XX-0: k=0 is out of range 1\.\.9$"):
        rulesets.to_int("XX-0", "k", 0, (1, 9))
    for bad in ("3.5", "five", True):
        with pytest.raises(RulesetError, match=r"^XX-0: k must be an integer, not "):
            rulesets.to_int("XX-0", "k", bad, (1, 9))


def test_to_choice_drops_quotes_and_lists_the_choices():
    assert rulesets.to_choice("XX-0", "wind", ' "fixed" ', ("deck", "fixed")) == "fixed"
    with pytest.raises(RulesetError, match=r"^XX-0: wind must be one of deck, fixed, not 'gale'$"):
        rulesets.to_choice("XX-0", "wind", "gale", ("deck", "fixed"))


def test_unknown_key_hints_at_close_names():
    assert str(rulesets.unknown_key("XX-0", "gun_rnge", KEYS)) == \
        "XX-0: unknown ruleset key 'gun_rnge' (did you mean gun_range?)"
    assert str(rulesets.unknown_key("XX-0", "zzz", KEYS)) == "XX-0: unknown ruleset key 'zzz'"


def test_collect_values_applies_variants_in_order_then_settings_on_top():
    variants = {"a": {"gun_range": 2, "civilians": True}, "b": {"gun_range": 3}}
    assert rulesets.collect_values("XX-0", ["gun-range=7"], ["a", "b"], variants, coerce) == \
        {"gun_range": 7, "civilians": True}
    assert rulesets.collect_values("XX-0", {"wind": "fixed"}, [], variants, coerce) == {"wind": "fixed"}
    with pytest.raises(RulesetError, match=r"^XX-11: unknown variant 'c' \(known: a, b\)$"):
        rulesets.collect_values("XX-0", None, ["c"], variants, coerce, variant_rule="XX-11")
    with pytest.raises(RulesetError, match=r"^XX-0: expected key=value, got 'gun_range'$"):
        rulesets.collect_values("XX-0", ["gun_range"], [], variants, coerce)


def test_settings_text_skips_comments_and_sections_and_names_the_line():
    text = "# a ruleset\n[rules]\ngun-range = 6  # longer\n\nwind = \"fixed\"\n"
    assert rulesets.parse_settings_text("XX-0", text, "f.rules", coerce) == {"gun_range": 6, "wind": "fixed"}
    with pytest.raises(RulesetError, match=r"^XX-0: f\.rules:2: expected key = value, got 'gun_range 6'$"):
        rulesets.parse_settings_text("XX-0", "wind = deck\ngun_range 6\n", "f.rules", coerce)
    with pytest.raises(RulesetError, match=r"^XX-0: gun_range=12 is out of range 1\.\.9 \(f\.rules:1\)$"):
        rulesets.parse_settings_text("XX-0", "gun_range = 12\n", "f.rules", coerce)


def test_settings_file_errors_name_the_file(tmp_path):
    good = tmp_path / "good.rules"
    good.write_text("civilians = yes\n", encoding="utf-8")
    assert rulesets.read_settings_file("XX-0", str(good), coerce) == {"civilians": True}
    with pytest.raises(RulesetError, match=r"^XX-0: cannot read ruleset file .*missing\.rules: "):
        rulesets.read_settings_file("XX-0", str(tmp_path / "missing.rules"), coerce)
    binary = tmp_path / "bin.rules"
    binary.write_bytes(b"\xff\xfe\x00junk")
    with pytest.raises(RulesetError, match=r"^XX-0: ruleset file .*bin\.rules is not UTF-8 text$"):
        rulesets.read_settings_file("XX-0", str(binary), coerce)
