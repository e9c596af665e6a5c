"""Position text (docs/steel.md): the documented example is real, round trips, named errors; action text."""

import os
import re

import pytest

from game.core.errors import NotationError
from game.steel.actions import VERBS, Action, parse_actions
from game.steel.notation import format_position, parse_position
from game.steel.view import view

from .helpers import game, run

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = open(os.path.join(ROOT, "docs", "steel.md"), encoding="utf-8").read()


def _block(label):
    m = re.search(r"```" + label + r"\n(.*?)```", DOC, re.S)
    assert m, label
    return m.group(1)


def test_docs_example_position_is_real():
    text = _block("position")
    st = parse_position(text)
    assert format_position(st) == text
    assert [str(a) for a in st.legal_actions()] == ["II hit disruptor", "II hit grenadier", "II hit infantry",
                                                    "II hit medic"]
    st.apply("II hit grenadier")                 # tokened: removed; then II's grenadier is gone
    assert st.sides[5] is None and st.phase == "play" and st.turn == 5


def test_docs_view_excerpt_is_real():
    st = game(escorts=("infantry medic sniper engineer", "disruptor grenadier infantry medic"))
    run(st, "I play C1 front")
    shown = format_position(view(st, "II")).splitlines()
    assert all(line in shown for line in _block("view-excerpt").splitlines())


def test_docs_action_table_parses_and_covers_every_verb():
    part = DOC[DOC.index("## Action text"):DOC.index("## Position text")]
    examples = [m for line in part.splitlines() if line.startswith("| `")
                for m in re.findall(r"`([^`]+)`", line.split("|")[1])]
    assert {Action.parse(t).verb for t in examples} == set(VERBS)
    assert all(str(Action.parse(t)) == t for t in examples)


def test_round_trip_mid_decision_and_views():
    st = parse_position(_block("position"))
    for seat in ("I", "II", None):
        v = view(st, seat)
        assert parse_position(format_position(v)) == v


def _replace(text, key, value):
    return re.sub(rf"^{key}: .*$", f"{key}: {value}", text, count=1, flags=re.M)


def _line(text, key):
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(f"{key}:"))


@pytest.mark.parametrize("key,value,problem", [
    ("distance", "4", "distance: 4 is out of range 1..3"),
    ("phase", "lunch", "expected one of chooser"),
    ("hp", "I=7 II=5", "SB-2: I's HP 7 is outside 0..6"),
    ("sp", "I=2", "expected a value for I and for II"),
    ("mechs", "I=heavy II=tank", "no mech kind 'tank'"),
    ("pile", "I=C9:front II=-", "bad pile entry 'C9:front'"),
    ("cursor", "I front rifle 0 later", "stage must be item or end"),
    ("rng", "?", "the generator is hidden only in a view"),
    ("plays", "I=? II=C2:back", "'?' is allowed only in a view"),
    ("order", "II I", "SB-5.2: the item order does not follow the speeds"),
    ("rules", "sp_max=99", "SB-0: sp_max=99 is out of range"),
    ("result", "winners=I reason=mech scores=6,0", "SB-10: phase resolve with result set"),
    ("cursor", "-", "SB-5.3: resolving with no decision pending"),
    ("cursor", "II back at_grenade 0 item", "SB-12: op damage 1 of at_grenade asks no decision now"),
    ("hp", "I=6 II=0", "SB-10: II has lost but the game goes on"),
])
def test_malformed_position_names_its_line(key, value, problem):
    text = _replace(_block("position"), key, value)
    with pytest.raises(NotationError) as err:
        parse_position(text)
    msg = str(err.value)
    assert msg.startswith(f"line {_line(text, key)}: {key}: ") and problem in msg, msg


def test_malformed_structure():
    text = _block("position")
    with pytest.raises(NotationError, match=r"^line 3: unknown section 'weather'"):
        parse_position(text.replace("rules:", "weather: sunny\nrules:", 1))
    with pytest.raises(NotationError, match=r"missing section 'clock'"):
        parse_position(re.sub(r"^clock: .*\n", "", text, flags=re.M))
    with pytest.raises(NotationError, match=r"section 'turn' given twice \(first on line 6\)"):
        parse_position(text + "turn: 5\n")
    with pytest.raises(NotationError, match=r"^line 16: escorts: line for II: no escort 'tank'"):
        parse_position(text.replace("II front=disruptor", "II front=tank"))
    with pytest.raises(NotationError, match=r"^line 15: escorts: SB-3.5: I's front holds sniper"):
        parse_position(text.replace("I front=infantry", "I front=sniper"))
    with pytest.raises(NotationError, match=r"line 4: expected 'key: value'"):
        parse_position(text.replace("rng:", "rng", 1))


def test_action_text_round_trip_and_errors():
    for t in ("chance chooser II", "I mech standard", "II deploy a b c d", "I play C1 front", "I play C5 mech cannon",
              "II effect smoke", "I hit2 medic medic", "II shift 1", "I heal sniper", "II destroy medic"):
        assert str(Action.parse(t)) == t and Action.parse(t) == Action.parse(t + " ")
    assert [str(a) for a in parse_actions("I play C1 front; II play C6 recover # both\nI effect rifle")] == \
        ["I play C1 front", "II play C6 recover", "I effect rifle"]
    for bad, problem in (("I", "expected 'ACTOR VERB"), ("III play C1 front", "not a seat"),
                         ("I fly", "unknown verb 'fly'"), ("I play C1", "play takes 2 or 3"),
                         ("I shift far", "shift takes a distance"), ("chance chooser III", "chance chooser"),
                         ("I hit me!", "arguments must be")):
        with pytest.raises(NotationError, match=re.escape(problem)):
            Action.parse(bad)
