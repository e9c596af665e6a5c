"""TM-13 action texts pinned exactly (issue 14): every shape, every refusal's whole message.

Parsed texts are memoised; each test starts from an empty memo so it checks the parser itself."""

import pytest

from game.core.errors import NotationError
from game.mists import actions
from game.mists.actions import VERBS, Action, parse_actions


@pytest.fixture(autouse=True)
def fresh_cache(monkeypatch):
    monkeypatch.setattr(actions, "_CACHE", {})


@pytest.mark.parametrize("text, actor, verb, args", [
    ("chance deal MKWSF", "chance", "deal", ("MKWSF",)), ("chance deal KWSM", "chance", "deal", ("KWSM",)),
    ("chance draw A2 attack", "chance", "draw", ("A2", "attack")),
    ("chance draw E1 poison", "chance", "draw", ("E1", "poison")),
    ("chance draw A9 charge_f", "chance", "draw", ("A9", "charge_f")),
    ("chance first C", "chance", "first", ("C",)),
    ("B take A2", "B", "take", ("A2",)), ("D take E9", "D", "take", ("E9",)), ("B pass", "B", "pass", ()),
    ("B target C", "B", "target", ("C",)), ("B heal B", "B", "heal", ("B",)), ("A point D", "A", "point", ("D",)),
    ("B extra", "B", "extra", ()), ("C decline", "C", "decline", ()),
])
def test_TM_13_every_action_shape(text, actor, verb, args):
    a = Action.parse(text)
    assert (a.actor, a.verb, a.args) == (actor, verb, args)
    assert str(a) == text and Action.parse(a) is a
    assert Action.parse("  " + text.replace(" ", "   ") + " ") == a


def test_TM_13_verbs():
    assert VERBS == ["deal", "decline", "draw", "extra", "first", "heal", "pass", "point", "take", "target"]


KNOWN = "deal, decline, draw, extra, first, heal, pass, point, take, target"


@pytest.mark.parametrize("text, message", [
    ("B", "action 'B': expected 'ACTOR VERB ...'"),
    ("", "action '': expected 'ACTOR VERB ...'"),
    ("E take A1", "action 'E take A1': unknown actor 'E' (a seat A-D or chance)"),
    ("b take A1", "action 'b take A1': unknown actor 'b' (a seat A-D or chance)"),
    ("Chance first A", "action 'Chance first A': unknown actor 'Chance' (a seat A-D or chance)"),
    ("chance take A1", "action 'chance take A1': chance cannot take"),
    ("chance pass", "action 'chance pass': chance cannot pass"),
    ("B deal MKWSF", "action 'B deal MKWSF': B cannot deal"),
    ("B draw A1 attack", "action 'B draw A1 attack': B cannot draw"),
    ("B first B", "action 'B first B': B cannot first"),
    ("B fly", f"action 'B fly': unknown verb 'fly' (known: {KNOWN})"),
    ("B Take A1", f"action 'B Take A1': unknown verb 'Take' (known: {KNOWN})"),
    ("B take", "action 'B take': take takes 1 argument(s), not 0"),
    ("B take A1 A2", "action 'B take A1 A2': take takes 1 argument(s), not 2"),
    ("B pass now", "action 'B pass now': pass takes 0 argument(s), not 1"),
    ("B extra 1", "action 'B extra 1': extra takes 0 argument(s), not 1"),
    ("B decline x", "action 'B decline x': decline takes 0 argument(s), not 1"),
    ("chance draw A1", "action 'chance draw A1': draw takes 2 argument(s), not 1"),
    ("B take B1", "action 'B take B1': bad argument 'B1' for take"),
    ("B take A0", "action 'B take A0': bad argument 'A0' for take"),
    ("B take a1", "action 'B take a1': bad argument 'a1' for take"),
    ("B target E", "action 'B target E': bad argument 'E' for target"),
    ("B heal c", "action 'B heal c': bad argument 'c' for heal"),
    ("B point chance", "action 'B point chance': bad argument 'chance' for point"),
    ("chance first E", "action 'chance first E': bad argument 'E' for first"),
    ("chance draw F1 attack", "action 'chance draw F1 attack': bad argument 'F1' for draw"),
    ("chance draw A1 dragon", "action 'chance draw A1 dragon': bad argument 'dragon' for draw"),
    ("chance deal MKW", "action 'chance deal MKW': bad argument 'MKW' for deal"),
    ("chance deal MKWX", "action 'chance deal MKWX': bad argument 'MKWX' for deal"),
    ("chance deal MKWM", "action 'chance deal MKWM': bad argument 'MKWM' for deal"),
    ("chance deal MKWSFM", "action 'chance deal MKWSFM': bad argument 'MKWSFM' for deal"),
])
def test_TM_13_malformed_action_message(text, message):
    with pytest.raises(NotationError) as info:
        Action.parse(text)
    assert str(info.value) == message


@pytest.mark.parametrize("value, name", [(5, "int"), (None, "NoneType"), (("B", "pass"), "tuple")])
def test_TM_13_an_action_must_be_text(value, name):
    with pytest.raises(NotationError) as info:
        Action.parse(value)
    assert str(info.value) == f"an action must be text, not {name}"


def test_TM_13_parsing_the_same_text_twice_gives_equal_actions():
    assert Action.parse("B take A1") == Action.parse("B take A1") == Action("B", "take", ("A1",))


def test_TM_13_action_lists():
    text = "B take A1; chance draw A1 attack\n\n  B target C ;; \nB pass"
    assert [str(a) for a in parse_actions(text)] == ["B take A1", "chance draw A1 attack", "B target C", "B pass"]
    assert parse_actions("") == [] and parse_actions(" ; \n") == []
