"""IA-13 action texts pinned exactly (issue 14): every canonical form, every refusal's whole message."""

import pytest

from game.arena import actions
from game.arena.actions import Action, make_action, parse_actions
from game.core.errors import NotationError

SHAPES = "expected 'SEAT UNIT ACTION [ARGS]', 'SEAT cancel|allow|pass' or 'chance first|roll ...'"
CHANCE = "expected 'chance first A|B' or 'chance roll D1 D2 ...' with faces 1-6"
TYPES = "cavalry, infantry, artillery, warrior, fire_mage, ice_mage"
VERBS = "advance, charge, sprint, retreat, melee, shoot, bombard, fireball, inferno, chill, revive"


@pytest.mark.parametrize("text, canonical", [
    ("chance first a", "chance first A"), ("CHANCE First B", "chance first B"),
    ("chance ROLL 1 2", "chance roll 1 2"), ("chance roll 6", "chance roll 6"),
    ("chance roll 1 2 3 4 5 6", "chance roll 1 2 3 4 5 6"),
    ("b allow", "B allow"), ("A CANCEL", "A cancel"), ("a pass", "A pass"),
    ("a Cavalry CHARGE", "A cavalry charge"), ("B infantry Shoot ARTILLERY", "B infantry shoot artillery"),
    ("A artillery revive BACK infantry", "A artillery revive back infantry"),
    ("  A   warrior   sprint  ", "A warrior sprint"),
])
def test_IA_13_action_texts_parse_to_their_canonical_form(text, canonical):
    assert str(Action.parse(text)) == canonical


def test_IA_13_action_fields():
    roll = Action.parse("chance roll 6 5 2")
    assert (roll.actor, roll.verb, roll.unit, roll.args) == ("chance", "roll", "", (6, 5, 2))
    assert not roll.is_act and roll.target is None
    first = Action.parse("chance first B")
    assert (first.actor, first.verb, first.unit, first.args) == ("chance", "first", "", ("B",))
    shoot = Action.parse("B infantry shoot cavalry")
    assert (shoot.actor, shoot.verb, shoot.unit, shoot.args) == ("B", "shoot", "infantry", ("cavalry",))
    assert shoot.is_act is True and shoot.target == "cavalry"
    revive = Action.parse("A infantry revive forward artillery")
    assert revive.args == ("forward", "artillery") and revive.target == "artillery"
    charge = Action.parse("A cavalry charge")
    assert charge.is_act is True and charge.target is None and charge.args == ()
    allow = Action.parse("B allow")
    assert (allow.actor, allow.verb, allow.unit, allow.args) == ("B", "allow", "", ())
    assert allow.is_act is False and allow.target is None
    assert Action.parse(shoot) is shoot
    assert make_action("A", "charge", "cavalry") == Action("A", "charge", "cavalry", ())


@pytest.mark.parametrize("text, message", [
    ("A", f"malformed action 'A': {SHAPES}"),
    ("", f"malformed action '': {SHAPES}"),
    ("chance first C", f"malformed action 'chance first C': {CHANCE}"),
    ("chance first A B", f"malformed action 'chance first A B': {CHANCE}"),
    ("chance first", f"malformed action 'chance first': {CHANCE}"),
    ("chance roll", f"malformed action 'chance roll': {CHANCE}"),
    ("chance roll 1 2 3 4 5 6 1", f"malformed action 'chance roll 1 2 3 4 5 6 1': {CHANCE}"),
    ("chance roll 7", f"malformed action 'chance roll 7': {CHANCE}"),
    ("chance roll 0", f"malformed action 'chance roll 0': {CHANCE}"),
    ("chance roll 12", f"malformed action 'chance roll 12': {CHANCE}"),
    ("chance roll x", f"malformed action 'chance roll x': {CHANCE}"),
    ("chance roll X", f"malformed action 'chance roll X': {CHANCE}"),
    ("chance deal A", f"malformed action 'chance deal A': {CHANCE}"),
    ("C cavalry charge", "malformed action 'C cavalry charge': 'C' is not a seat (A B) or 'chance'"),
    ("A cancel now", "malformed action 'A cancel now': 'cancel' takes no arguments"),
    ("B pass 2", "malformed action 'B pass 2': 'pass' takes no arguments"),
    ("A knight charge", f"malformed action 'A knight charge': 'knight' is not a unit type ({TYPES}) nor cancel, allow, pass"),
    ("A cavalry", "malformed action 'A cavalry': no action after the unit 'cavalry'"),
    ("A Cavalry Fly", f"malformed action 'A Cavalry Fly': unknown action 'Fly' (one of {VERBS})"),
    ("A cavalry melee", "malformed action 'A cavalry melee': expected 'A cavalry melee TARGET'"),
    ("A cavalry melee dragon", "malformed action 'A cavalry melee dragon': expected 'A cavalry melee TARGET'"),
    ("A cavalry melee infantry artillery",
     "malformed action 'A cavalry melee infantry artillery': expected 'A cavalry melee TARGET'"),
    ("a cavalry charge now", "malformed action 'a cavalry charge now': expected 'A cavalry charge'"),
    ("A infantry revive sideways cavalry",
     "malformed action 'A infantry revive sideways cavalry': expected 'A infantry revive forward|back|stay ALLY'"),
    ("A infantry revive forward", "malformed action 'A infantry revive forward': expected 'A infantry revive forward|back|stay ALLY'"),
    ("A infantry revive forward dragon",
     "malformed action 'A infantry revive forward dragon': expected 'A infantry revive forward|back|stay ALLY'"),
])
def test_IA_13_malformed_action_message(text, message):
    with pytest.raises(NotationError) as info:
        Action.parse(text)
    assert str(info.value) == message


def test_IA_13_action_lists_skip_blank_lines_and_comments():
    text = "a cavalry Charge;  B allow \n\n# a note\n  # indented note\nchance roll 1 2;;"
    assert [str(a) for a in parse_actions(text)] == ["A cavalry charge", "B allow", "chance roll 1 2"]
    assert parse_actions("") == [] and parse_actions("# only\n") == []


def test_IA_13_make_action_builds_the_value_it_is_asked_for(monkeypatch):
    monkeypatch.setattr(actions, "_SHARED", {})   # the memo must not hide the value itself
    a = make_action("B", "revive", "infantry", ("back", "cavalry"))
    assert (a.actor, a.verb, a.unit, a.args) == ("B", "revive", "infantry", ("back", "cavalry"))
    c = make_action("A", "cancel")
    assert (c.actor, c.verb, c.unit, c.args) == ("A", "cancel", "", ())
    assert str(Action.parse("chance roll 3 4")) == "chance roll 3 4"
