"""notation.py pinned exactly (issue 14): the position text line by line, round trips of every phase and
of views, and each malformed line refused with its line number and whole problem text."""

import re

import pytest

from game.core.errors import NotationError
from game.steel import make_ruleset, new_game
from game.steel.notation import format_position, parse_position
from game.steel.view import view

from .helpers import game, recover, run, unit
from .test_mut_flow import cold_caches  # noqa: F401  (autouse)

BASE = """\
# Smoke Blood Steel position (see docs/steel.md)
game: smoke-blood-steel
rules: mech_assignment=heavy,agile
rng: 0x0000000000000000
phase: resolve
turn: 1
chooser: -
mechs: I=heavy II=agile
hp: I=6 II=5
sp: I=2 II=1
distance: 3
clock: 1
deploy: I=infantry,medic,engineer,sniper II=infantry,medic,engineer,sniper
escorts:
  I front=infantry back=medic left=engineer right=-
  II front=infantry back=medic:1 left=engineer right=sniper
pile: I=C2:back,C1:front II=C6:recover
plays: I=C1:front II=C6:recover
order: I II
speeds: I=4 II=9
step: 0
cursor: I front - 0 item
cancelled: -
shielded: -
attacked: -
replenish: I=- II=-
result: -
"""


def base_state():
    st = game(dist=3, sp=(2, 1), tokens={"II": ["medic"]}, removed=[("I", "sniper")], piles={"I": ["C2:back"]})
    run(st, unit(st, "I", "infantry"), recover("II"))
    return st


def test_position_text_line_by_line():
    st = base_state()
    assert format_position(st) == BASE
    assert parse_position(BASE) == st


def test_position_text_flags_result_and_rules():
    st = game(settings=["sp_max=6", "recover_empty=false"], sp=(6, 0), hp=(1, 5), dist=1,
              tokens={"I": ["infantry"]})
    st.cancelled, st.shielded, st.attacked = (True, False), (False, True), (True, True)
    st.replenish = (("back", "replenish"), None)
    st.chooser = 1
    st.rng = 0xABC
    text = format_position(st)
    assert "rules: sp_max=6 recover_empty=false mech_assignment=heavy,agile\n" in text
    assert "rng: 0x0000000000000abc\n" in text and "chooser: II\n" in text
    assert "cancelled: I\nshielded: II\nattacked: I II\nreplenish: I=back:replenish II=-\n" in text
    assert "  I front=infantry:1 back=medic left=engineer right=sniper\n" in text
    assert parse_position(text) == st
    st = game(hp=(4, 1), clock=9)
    run(st, recover("I"), "II play C1 advance")
    text = format_position(st)
    assert "result: winners=I reason=clock scores=8,5\n" in text and "phase: over\n" in text
    assert "order: II I\n" in text and "speeds: I=9 II=2\n" in text and "step: 1\n" in text
    assert parse_position(text) == st


def test_position_round_trips_every_phase_and_view():
    rules = make_ruleset()
    st = new_game(2, 77, rules)
    states = [st.clone()]
    for a in ("chance chooser II", "II mech standard", "I mech heavy", "I deploy infantry medic engineer sniper",
              "II deploy disruptor grenadier medic infantry", "I play C5 mech", "II play C1 front"):
        st.apply(a)
        states.append(st.clone())
    for s in states:
        text = format_position(s)
        assert parse_position(text) == s and format_position(parse_position(text)) == text
        for seat in ("I", "II", None):
            v = view(s, seat)
            assert parse_position(format_position(v)) == v
    text = format_position(view(states[4], "II"))
    assert "viewer: II\n" in text and "rng: ?\n" in text and "deploy: I=? II=-\n" in text
    assert "viewer: spectator\n" in format_position(view(states[0], None))
    text = format_position(view(states[6], "II"))
    assert "plays: I=? II=-\n" in text


def test_position_effect_at_play_round_trip():
    st = game(variants=["effect-at-play"], dist=2, sp=(2, 0))
    run(st, "I play C5 mech cannon", "II play C1 front rifle")
    text = format_position(st)
    assert "plays: I=C5:mech:cannon II=C1:front:rifle\n" in text and "rules: " in text
    assert parse_position(text) == st
    text = format_position(view(st, "II"))
    assert "plays: I=C5:mech:? II=C1:front:rifle\n" in text
    assert parse_position(text) == view(st, "II")


def replaced(key, value, text=BASE):
    out, n = re.subn(rf"^{key}: .*$", f"{key}: {value}" if value else f"{key}:", text, count=1, flags=re.M)
    assert n == 1
    return out


def line_no(text, key):
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(f"{key}:"))


def refused(text, message):
    with pytest.raises(NotationError) as err:
        parse_position(text)
    assert str(err.value) == message


@pytest.mark.parametrize("key,value,problem", [
    ("game", "chess", "expected smoke-blood-steel, not 'chess'"),
    ("rules", "sp_max=99", "SB-0: sp_max=99 is out of range 1..20"),
    ("rng", "?", "the generator is hidden only in a view (add a viewer: line)"),
    ("rng", "0x10000000000000000", "18446744073709551616 is out of range 0..18446744073709551615"),
    ("phase", "lunch", "expected one of chooser, mech, deploy, play, resolve, over, not 'lunch'"),
    ("turn", "10001", "10001 is out of range 0..10000"),
    ("turn", "-1", "-1 is out of range 0..10000"),
    ("chooser", "III", "'III' is not a seat (I, II)"),
    ("mechs", "X=heavy II=agile", "expected 'I=… II=…', got 'X=heavy'"),
    ("mechs", "I II=agile", "expected 'I=… II=…', got 'I'"),
    ("mechs", "I=heavy I=agile", "seat I given twice"),
    ("mechs", "I=heavy", "expected a value for I and for II"),
    ("mechs", "I=heavy II=tank", "no mech kind 'tank'"),
    ("hp", "I=6 II=-1", "expected a number >= 0, not '-1'"),
    ("hp", "I=6 II=-", "expected a number >= 0, not '-'"),
    ("sp", "I=x II=1", "not an integer: 'x'"),
    ("distance", "4", "4 is out of range 1..3"),
    ("distance", "0", "0 is out of range 1..3"),
    ("clock", "11", "11 is out of range 1..10"),
    ("clock", "0", "0 is out of range 1..10"),
    ("deploy", "I=? II=infantry,medic,engineer,sniper", "'?' is allowed only in a view"),
    ("deploy", "I=infantry,medic,engineer II=infantry,medic,engineer,sniper",
     "expected 4 different escort ids, not 'infantry,medic,engineer'"),
    ("deploy", "I=infantry,medic,engineer,cook II=infantry,medic,engineer,sniper",
     "expected 4 different escort ids, not 'infantry,medic,engineer,cook'"),
    ("deploy", "I=infantry,medic,engineer,medic II=infantry,medic,engineer,sniper",
     "expected 4 different escort ids, not 'infantry,medic,engineer,medic'"),
    ("pile", "I=C2:back,C1:left II=C6:recover", "bad pile entry 'C1:left' (expected CARD:HALF)"),
    ("pile", "I=C9:front II=C6:recover", "bad pile entry 'C9:front' (expected CARD:HALF)"),
    ("plays", "I=? II=C6:recover", "'?' is allowed only in a view"),
    ("plays", "I=C1:front:? II=C6:recover", "'?' is allowed only in a view"),
    ("plays", "I=C1 II=C6:recover", "expected CARD:HALF[:EFFECT], not 'C1'"),
    ("plays", "I=C1:front:a:b II=C6:recover", "expected CARD:HALF[:EFFECT], not 'C1:front:a:b'"),
    ("plays", "I=C1:back II=C6:recover", "no command card half 'C1:back'"),
    ("plays", "I=C9:front II=C6:recover", "no command card half 'C9:front'"),
    ("order", "I III", "'III' is not a seat (I, II)"),
    ("order", "I I", "a seat appears twice"),
    ("speeds", "I=4 II=nine", "not an integer: 'nine'"),
    ("step", "5", "5 is out of range 0..4"),
    ("cursor", "I front - 0", "expected 'SEAT TARGET EFFECT OP STAGE' or -, not 'I front - 0'"),
    ("cursor", "III front - 0 item", "'III' is not a seat (I, II)"),
    ("cursor", "I top - 0 item", "bad target 'top'"),
    ("cursor", "I front - 0 later", "stage must be item or end, not 'later'"),
    ("cursor", "I front - 21 item", "21 is out of range 0..20"),
    ("cancelled", "III", "'III' is not a seat (I, II)"),
    ("shielded", "I X", "'X' is not a seat (I, II)"),
    ("attacked", "II III", "'III' is not a seat (I, II)"),
    ("replenish", "I=top:replenish II=-", "expected SIDE:EFFECT, not 'top:replenish'"),
    ("replenish", "I=back II=-", "expected SIDE:EFFECT, not 'back'"),
    ("result", "winners=I", "expected 'winners=… reason=… scores=a,b' or -, not 'winners=I'"),
    ("result", "winners=I,II reason=mech scores=1,2", "bad winners 'I,II'"),
    ("result", "winners=III reason=mech scores=1,2", "bad winners 'III'"),
    ("result", "winners=I reason=boredom scores=1,2", "bad reason 'boredom'"),
    ("result", "winners=I reason=mech scores=1", "bad scores '1'"),
    ("result", "winners=I reason=mech scores=1,x", "bad scores '1,x'"),
    ("result", "winners=I reason=mech scores=1,2,3", "bad scores '1,2,3'"),
])
def test_malformed_line_names_line_and_problem(key, value, problem):
    text = replaced(key, value)
    refused(text, f"line {line_no(text, key)}: {key}: {problem}")


def test_rng_not_an_integer():
    refused(replaced("rng", "zz"), "line 4: rng: not an integer: 'zz'")


def test_viewer_line():
    text = BASE.replace("game: smoke-blood-steel\n", "game: smoke-blood-steel\nviewer: III\n")
    refused(text, "line 3: viewer: expected I, II or spectator, not 'III'")
    text = BASE.replace("game: smoke-blood-steel\n", "game: smoke-blood-steel\nviewer: II\n")
    v = parse_position(replaced("rng", "?", text))
    assert v.viewer == "II" and v.rng is None and v == view(base_state(), "II")
    v = parse_position(BASE.replace("game: smoke-blood-steel\n", "game: smoke-blood-steel\nviewer: spectator\n"))
    assert v.viewer is None and v.rng == 0


def test_escort_lines():
    refused(BASE.replace("escorts:\n", "escorts: many\n"),
            "line 14: escorts: the escorts follow on two indented lines, one per seat")
    refused(BASE.replace("  II front=infantry back=medic:1 left=engineer right=sniper\n", ""),
            "line 14: escorts: expected 2 indented lines (I and II), got 1")
    refused(BASE.replace("pile:", "  I front=-\npile:"), "line 14: escorts: expected 2 indented lines (I and II), got 3")
    refused(BASE.replace("  II front=infantry", "  I front=infantry"),
            "line 16: escorts: line for II: expected 'II front=… back=… left=… right=…', "
            "got 'I front=infantry back=medic:1 left=engineer right=sniper'")
    refused(BASE.replace(" right=sniper\n", "\n"),
            "line 16: escorts: line for II: expected 'II front=… back=… left=… right=…', "
            "got 'II front=infantry back=medic:1 left=engineer'")
    refused(BASE.replace("I front=infantry back=medic", "I front=infantry rear=medic"),
            "line 15: escorts: line for I: expected back=…, got 'rear=medic'")
    refused(BASE.replace("I front=infantry back=medic", "I front=infantry back"),
            "line 15: escorts: line for I: expected back=…, got 'back'")
    refused(BASE.replace("back=medic:1", "back=medic:x"), "line 16: escorts: line for II: bad token count in 'medic:x'")
    refused(BASE.replace("II front=infantry", "II front=cook"), "line 16: escorts: line for II: no escort 'cook'")
    # a comment and a blank line between the indented lines: the II line keeps its own number
    text = BASE.replace("  II front=infantry", "  # II follows\n\n  II front=cook")
    refused(text, "line 18: escorts: line for II: no escort 'cook'")


def test_invariant_problems_name_their_line():
    refused(BASE.replace("I front=infantry back", "I front=sniper back"),
            "line 15: escorts: SB-3.5: I's front holds sniper, not what was deployed there")
    refused(BASE.replace("back=medic:1", "back=medic:2"), "line 16: escorts: SB-8.2: II's back has 2 tokens")
    refused(replaced("hp", "I=6 II=6"), "line 9: hp: SB-2: II's HP 6 is outside 0..5")


def test_structure_errors():
    refused(BASE.replace("rules:", "weather: sunny\nrules:", 1),
            "line 3: unknown section 'weather' (known: game, viewer, rules, rng, phase, turn, chooser, mechs, hp, sp, "
            "distance, clock, deploy, escorts, pile, plays, order, speeds, step, cursor, cancelled, shielded, "
            "attacked, replenish, result)")
    refused(BASE + "turn: 5\n", "line 28: section 'turn' given twice (first on line 6)")
    refused(re.sub(r"^clock: .*\n", "", BASE, flags=re.M), "line 27: missing section 'clock'")
    refused(re.sub(r"^result: .*\n", "", BASE, flags=re.M), "line 27: missing section 'result'")


def test_position_round_trips_results_and_an_end_of_turn_decision(tmp_path):
    from game.steel.cards import DEFAULT_CARDS
    from game.steel.state import Result
    st = game(clock=9, hp=(5, 5))
    run(st, recover("I"), "II play C1 advance")
    text = format_position(st)
    assert "result: winners=- reason=clock scores=9,9\n" in text and parse_position(text) == st
    for result in (Result(("II",), "escorts", (5, 10)), Result((), "both", (0, 0))):
        st.result = result
        assert parse_position(format_position(st)).result == result
    # a counter-attack card (SB-8.6): a decision inside an end-of-turn effect; a card path in capitals
    path = tmp_path / "Counter.cards"
    path.write_text(open(DEFAULT_CARDS, encoding="utf-8").read().replace(
        'timing=if_attacked ops="heal_each"', 'timing=if_attacked ops="hit 1 defender"'), encoding="utf-8")
    st = game(settings=[f"cards={path}"], sp=(1, 0))
    run(st, unit(st, "I", "medic"), unit(st, "II", "infantry"), "I effect replenish", "II effect rifle",
        "I hit sniper")
    text = format_position(st)
    assert "cursor: I back replenish 0 end\n" in text and f"cards={path}" in text
    assert parse_position(text) == st


def test_result_value_with_an_equals_sign():
    text = replaced("result", "winners=I=x reason=mech scores=1,2")
    refused(text, f"line {line_no(text, 'result')}: result: bad winners 'I=x'")


def test_escort_row_indented_by_one_space():
    refused(BASE.replace("  II front=infantry", " II front=cook"), "line 16: escorts: line for II: no escort 'cook'")


# -- issue 24: the last survivors of issue 14's run ------------------------------------------------
def test_an_empty_text_is_refused_naming_line_1():
    refused("", "line 1: missing section 'game'")
    refused("# only a comment\n\n", "line 1: missing section 'game'")


def test_a_destroyed_escort_before_living_ones_reads_back():
    st = game(removed=[("I", "infantry")])
    text = format_position(st)
    assert "  I front=- back=medic left=engineer right=sniper\n" in text
    assert parse_position(text) == st and format_position(parse_position(text)) == text


@pytest.mark.parametrize("old, new, message", [
    ("hp: I=6 II=5", "hp: I=6=1 II=5", "line 9: hp: not an integer: '6=1'"),
    ("speeds: I=4 II=9", "speeds: I=X5 II=9", "line 20: speeds: not an integer: 'X5'"),
    ("I front=infantry back", "I front=infantry=medic back",
     "line 15: escorts: line for I: no escort 'infantry=medic'"),
], ids=["pair-value-with-equals", "speed-not-a-number", "escort-value-with-equals"])
def test_a_value_holding_a_separator_is_refused_by_its_own_message(old, new, message):
    assert old in BASE
    refused(BASE.replace(old, new), message)
