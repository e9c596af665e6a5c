"""The Immortal Arena position text pinned exactly (issue 14): every line it writes, every refusal's
whole message with its line number."""

import pytest
from arena_helpers import do, position

from game.arena import make_ruleset, new_game
from game.arena.actions import Action
from game.arena.notation import format_position, parse_position
from game.arena.view import view
from game.core.errors import NotationError, RulesetError

GOOD = format_position(position())
DICE = format_position(position(ruleset="dice"))
SECTIONS = "view, ruleset, rules, rng, phase, turn, player, first, provisions, waza-ari, points, last, units, pending, result"


def _broken(old, new, text=GOOD):
    assert old in text
    return text.replace(old, new)


def _refused(text) -> str:
    with pytest.raises(NotationError) as info:
        parse_position(text)
    return str(info.value)


def _ruleset_error(settings) -> str:
    with pytest.raises(RulesetError) as info:
        make_ruleset(settings)
    return str(info.value)


# -- formatting --------------------------------------------------------------------------------
def test_IA_13_position_text_of_every_unit_field_pending_and_rules():
    st = position({"A cavalry": "front living damage=2 healing pinned", "A artillery": "back living spirit=1",
                   "B infantry": "back fallen"}, rules="must_act=false", last="A=infantry B=cavalry:quick")
    do(st, "A infantry shoot cavalry")
    assert format_position(st) == (
        "# Immortal Arena position (see docs/arena.md)\n"
        "ruleset: provisions\n"
        "rules: must_act=false\n"
        "rng: 0x0000000000001234\n"
        "phase: cancel\nturn: 3\nplayer: A\nfirst: A\n"
        "provisions: A=0 B=2 bank=5\n"
        "waza-ari: A=0 B=0\n"
        "last: A=infantry B=cavalry:quick\n"
        "units:\n"
        "  A cavalry front living damage=2 healing pinned\n"
        "  A infantry middle living\n"
        "  A artillery back living spirit=1\n"
        "  B cavalry middle living\n"
        "  B infantry back fallen\n"
        "  B artillery middle living\n"
        "pending: A infantry shoot cavalry\n")


def test_IA_12_dice_text_counts_strikes_and_points():
    st = position({"B warrior": "middle living strikes=2"}, ruleset="dice", points="A=1 B=3")
    text = format_position(st)
    assert "points: A=1 B=3\n" in text and "  B warrior middle living strikes=2\n" in text
    assert "provisions" not in text and "waza-ari" not in text
    assert parse_position(text) == st and parse_position(text).unit("B", "warrior").damage == 2


def test_IA_3_text_before_the_first_player_and_of_a_spectators_view():
    st = new_game(2, seed=1)
    text = format_position(st)
    assert "phase: first\nturn: 0\nplayer: -\nfirst: -\n" in text
    back = parse_position(text)
    assert back.player == -1 and back.first == -1 and back.phase == "first"
    spectator = format_position(view(st, None))
    assert spectator.splitlines()[1] == "view: spectator" and "rng: ?\n" in spectator
    assert parse_position(spectator).viewer is None


@pytest.mark.parametrize("winner, reason", [("A", "waza-ari"), ("-", "turn-limit")])
def test_IA_11_result_line_round_trips(winner, reason):
    if winner == "A":
        st = position({"A cavalry": "front living", "B cavalry": "front living"}, waza="A=1 B=0", prov="A=2 B=0 bank=5")
        do(st, "A cavalry melee cavalry", "B allow")
    else:
        st = position({"B cavalry": "middle fallen", "B infantry": "middle fallen", "B artillery": "middle fallen"},
                      rules="turn_limit=4")
        do(st, "A cavalry retreat")
    text = format_position(st)
    assert text.endswith(f"result: {winner} {reason}\n")
    back = parse_position(text)
    assert back.result == st.result and back.is_over() and back.legal_actions() == []
    assert back.result.winners == (() if winner == "-" else ("A",)) and back.result.turn == st.turn


def test_IA_13_last_activations_parse():
    st = parse_position(_broken("last: A=- B=-", "last: A=cavalry:quick B=artillery"))
    assert st.last == ((0, True), (2, False))


# -- refusals ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, message", [
    (GOOD + "colour: red\n", f"line 18: unknown section 'colour' (one of {SECTIONS})"),
    (GOOD + "turn: 4\n", "line 18: section 'turn' repeats line 5"),
    (GOOD.replace("rng: 0x0000000000001234\n", ""), "position: missing section 'rng'"),
    (GOOD.replace("ruleset: provisions\n", ""), "position: missing section 'ruleset'"),
    (GOOD.replace("phase: act\n", ""), "position: missing section 'phase'"),
    (GOOD.replace("last: A=- B=-\n", ""), "position: missing section 'last'"),
    (GOOD.replace("waza-ari: A=0 B=0\n", ""), "position: missing section 'waza-ari'"),
    (GOOD.split("units:")[0], "position: missing section 'units'"),
    (_broken("units:", "units: all"), "line 11: the units go on indented lines below 'units:'"),
    (_broken("  B artillery middle living\n", ""), "line 11: units missing: B artillery"),
    (_broken("  B cavalry middle living\n", ""), "line 11: units missing: B cavalry"),
    (_broken("  A cavalry middle living\n  A infantry middle living\n", ""),
     "line 11: units missing: A cavalry, A infantry"),
    (_broken("ruleset: provisions", "ruleset: provisions\nview: C"), "line 3: expected A, B or spectator, got 'C'"),
    (_broken("rng: 0x0000000000001234", "rng: ?"), "line 3: only a view may hide the generator ('?')"),
    (_broken("rng: 0x0000000000001234", "rng: 0x10000000000000000"), "line 3: the generator state must fit in 64 bits"),
    (_broken("rng: 0x0000000000001234", "rng: -1"), "line 3: the generator state must fit in 64 bits"),
    (_broken("phase: act", "phase: lunch"), "line 4: unknown phase 'lunch' (one of first, act, cancel, roll, over)"),
    (_broken("player: A", "player: C"), "line 6: expected A, B or -, got 'C'"),
    (_broken("first: A", "first: a"), "line 7: expected A, B or -, got 'a'"),
    (_broken("provisions: A=2 B=2 bank=3", "provisions: A=2 B=2"), "line 8: expected A=N B=N bank=N, got 'A=2 B=2'"),
    (_broken("provisions: A=2 B=2 bank=3", "provisions: A=2 A=2 bank=3"),
     "line 8: expected A=N B=N bank=N, got 'A=2 A=2 bank=3'"),
    (_broken("provisions: A=2 B=2 bank=3", "provisions: A2 B=2 bank=3"),
     "line 8: expected A=N B=N bank=N, got 'A2 B=2 bank=3'"),
    (_broken("provisions: A=2 B=2 bank=3", "provisions: A=2 B=2 bank=3 C=0"),
     "line 8: expected A=N B=N bank=N, got 'A=2 B=2 bank=3 C=0'"),
    (_broken("provisions: A=2 B=2 bank=3", "provisions: A=-1 B=5 bank=3"), "line 8: A must not be negative"),
    (_broken("waza-ari: A=0 B=0", "waza-ari: A=0"), "line 9: expected A=N B=N, got 'A=0'"),
    (_broken("waza-ari: A=0 B=0", "waza-ari: A=0 B=0 bank=0"), "line 9: expected A=N B=N, got 'A=0 B=0 bank=0'"),
    (_broken("waza-ari: A=0 B=0", "points: A=0 B=0"), "line 9: the provisions ruleset has no points (it scores waza-ari)"),
    (_broken("last: A=- B=-", "last: A=knight B=-"), "line 10: bad last activation 'knight' (a unit type, TYPE:quick or -)"),
    (_broken("last: A=- B=-", "last: A=- B=cavalry:slow"),
     "line 10: bad last activation 'cavalry:slow' (a unit type, TYPE:quick or -)"),
    (_broken("last: A=- B=-", "last: A=-"), "line 10: expected 'A=... B=...', got 'A=-'"),
    (_broken("last: A=- B=-", "last: B=- A=-"), "line 10: expected 'A=... B=...', got 'B=- A=-'"),
    (_broken("last: A=- B=-", "last: A=- C=-"), "line 10: expected 'A=... B=...', got 'A=- C=-'"),
    (_broken("  A infantry middle living", "  A infantry middle"),
     "line 13: expected 'SEAT TYPE ROW living|fallen [counters]', got 'A infantry middle'"),
    (_broken("  A infantry middle living", "  C infantry middle living"), "line 13: 'C' is not a seat (A B)"),
    (_broken("  A infantry middle living", "  A knight middle living"),
     "line 13: 'knight' is not a unit of ruleset provisions (cavalry, infantry, artillery)"),
    (_broken("  A infantry middle living", "  A infantry top living"), "line 13: 'top' is not a row (front, middle, back)"),
    (_broken("  A infantry middle living", "  A infantry middle sleeping"),
     "line 13: expected living or fallen, got 'sleeping'"),
    (_broken("  A infantry middle living", "  A infantry middle living damage=-1"), "line 13: damage must not be negative"),
    (_broken("  A artillery middle living", "  A artillery middle living spirit=-2"), "line 14: spirit must not be negative"),
    (_broken("  A infantry middle living", "  A infantry middle living wings"),
     "line 13: unknown unit field 'wings' (damage=N, spirit=N, healing, pinned)"),
    (_broken("  A infantry middle living", "  A infantry middle living strikes=1"),
     "line 13: unknown unit field 'strikes=1' (damage=N, spirit=N, healing, pinned)"),
    (_broken("  A infantry middle living", "  A infantry middle living healing=1"),
     "line 13: unknown unit field 'healing=1' (damage=N, spirit=N, healing, pinned)"),
    (_broken("  A infantry middle living", "  A infantry middle living damage"),
     "line 13: unknown unit field 'damage' (damage=N, spirit=N, healing, pinned)"),
    (_broken("  A infantry middle living", "  A cavalry middle living"), "line 13: A's cavalry is listed twice"),
    (GOOD + "result: A win\n",
     "line 18: expected 'A|B|- REASON' (reason: ippon, waza-ari, points, lead, turn-limit)"),
    (GOOD + "result: C ippon\n",
     "line 18: expected 'A|B|- REASON' (reason: ippon, waza-ari, points, lead, turn-limit)"),
    (GOOD + "result: A ippon now\n",
     "line 18: expected 'A|B|- REASON' (reason: ippon, waza-ari, points, lead, turn-limit)"),
])
def test_IA_13_malformed_position_message(text, message):
    assert _refused(text) == message


@pytest.mark.parametrize("old, new, message", [
    ("points: A=0 B=0", "points: A=0 B=0\nprovisions: A=2 B=2 bank=3", "line 9: the dice ruleset has no provisions (IA-12)"),
    ("points: A=0 B=0", "points: A=0 B=0\nwaza-ari: A=0 B=0", "line 9: the dice ruleset has no waza-ari (IA-12)"),
    ("points: A=0 B=0\n", "", "position: missing section 'points'"),
    ("  A warrior middle living", "  A warrior middle living damage=1",
     "line 11: unknown unit field 'damage=1' (strikes=N, spirit=N, healing, pinned)"),
    ("  A warrior middle living", "  A warrior middle living strikes=-1", "line 11: strikes must not be negative"),
    ("  A warrior middle living", "  A cavalry middle living",
     "line 11: 'cavalry' is not a unit of ruleset dice (warrior, fire_mage, ice_mage)"),
])
def test_IA_12_malformed_dice_position_message(old, new, message):
    assert _refused(_broken(old, new, DICE)) == message


def test_IA_0_ruleset_errors_name_their_line():
    assert _refused(_broken("ruleset: provisions", "ruleset: chess")) == \
        "line 2: " + _ruleset_error(["ruleset=chess"])
    text = _broken("ruleset: provisions", "ruleset: provisions\nrules: must_act=maybe")
    assert _refused(text) == "line 3: " + _ruleset_error(["ruleset=provisions", "must_act=maybe"])


def test_IA_5_malformed_pending_action_names_its_line():
    st = position()
    do(st, "A infantry shoot cavalry")
    text = format_position(st).replace("pending: A infantry shoot cavalry", "pending: A infantry fly")
    with pytest.raises(NotationError) as info:
        Action.parse("A infantry fly")
    assert _refused(text) == f"line 18: {info.value}"


def test_IA_4_whole_position_problems_name_their_section_line():
    assert _refused(_broken("player: A", "player: B")) == "line 6: IA-4: turn 3 belongs to A"
    assert _refused(_broken("turn: 3", "turn: 5", _broken("rng: 0x0000000000001234",
                                                          "rules: turn_limit=4\nrng: 0x0000000000001234"))) == \
        "line 6: IA-11.5: turn 5 is past the limit 4"


@pytest.mark.parametrize("old, new, message", [
    ("provisions: A=2 B=2 bank=3", "provisions: A=2=3 B=2 bank=3", "line 8: not an integer: '2=3'"),
    ("provisions: A=2 B=2 bank=3", "provisions: A=x B=2 bank=3", "line 8: not an integer: 'x'"),
    ("provisions: A=2 B=2 bank=3", "provisions: A=2 A=3 B=2 bank=3",
     "line 8: expected A=N B=N bank=N, got 'A=2 A=3 B=2 bank=3'"),
    ("provisions: A=2 B=2 bank=3", "provisions: A=2 B=2 C=3", "line 8: expected A=N B=N bank=N, got 'A=2 B=2 C=3'"),
    ("provisions: A=2 B=2 bank=3", "provisions: A B=2 bank=3", "line 8: expected A=N B=N bank=N, got 'A B=2 bank=3'"),
    ("rng: 0x0000000000001234", "rng: zz", "line 3: not an integer: 'zz'"),
    ("  A infantry middle living", "  A infantry middle living damage=x", "line 13: not an integer: 'x'"),
    ("phase: act", "phase: over", "position: IA-11.4: phase over with result None"),
])
def test_IA_13_values_that_are_not_numbers_name_their_line(old, new, message):
    assert _refused(_broken(old, new)) == message


def test_IA_12_points_that_are_not_numbers_name_their_line():
    assert _refused(_broken("points: A=0 B=0", "points: A=x B=0", DICE)) == "line 8: not an integer: 'x'"
