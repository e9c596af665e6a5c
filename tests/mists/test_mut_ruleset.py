"""TM-0 ruleset data pinned exactly (issue 14): derived tables, canonical texts, every refusal's whole
message, the help table and the soak keys."""

import pytest

from game.core.errors import RulesetError
from game.mists.model import CARD_KINDS
from game.mists.ruleset import (SPEC, Ruleset, describe, format_value, load_ruleset, make_ruleset, parse_assignment,
                                parse_ruleset_text, ruleset_keys)

KNOWN = "monster, knight, witch, saint, fool"


def _refused(settings) -> str:
    with pytest.raises(RulesetError) as info:
        make_ruleset(settings)
    return str(info.value)


@pytest.mark.parametrize("settings, message", [
    (["life_max=5"], "TM-0: life_max=5 is below life_start=7"),
    (["life_start=9", "life_max=8"], "TM-0: life_max=8 is below life_start=9"),
    (["pass_life=8"], "TM-0: pass_life=8 is above life_max=7"),
    (["poison_floor=8"], "TM-0: poison_floor=8 is above life_max=7"),
    (["action_deck=attack:2,dragon"], "TM-0: action_deck: unknown card 'dragon'"),
    (["action_deck=attack:x"], "TM-0: action_deck: bad card count in 'attack:x'"),
    (["equipment_deck=attack:1"], "TM-0: equipment_deck: unknown card 'attack'"),
    (["forbidden_axe=orc"], f"TM-0: forbidden_axe: unknown character 'orc' (known: {KNOWN})"),
    (["forbidden_axe=witch,witch"], "TM-0: forbidden_axe: a character is named twice in 'witch,witch'"),
    (["characters_3p=monster,knight,witch"], "TM-0: characters_3p must name 4 characters, not 3"),
    (["characters_4p=monster,knight,witch,saint"], "TM-0: characters_4p must name 5 characters, not 4"),
    (["characters_3p=fool,knight,witch,saint"], "TM-0: characters_3p must include the monster (TM-2.1)"),
])
def test_TM_0_refusals_name_the_key(settings, message):
    assert _refused(settings) == message


def test_TM_0_life_limits_are_inclusive_and_none_lifts_them():
    r = make_ruleset(["life_max=7", "pass_life=7", "poison_floor=7"])
    assert (r.life_max, r.pass_life, r.poison_floor) == (7, 7, 7)
    r = make_ruleset(["life_max=none", "pass_life=20", "poison_floor=25"])
    assert r.life_max is None and r.pass_life == 20


@pytest.mark.parametrize("setting, value", [
    ("action_deck=scout:1,attack:2", "attack:2,scout:1"), ("action_deck=attack,attack", "attack:2"),
    ("action_deck=-", "-"), ("equipment_deck=poison:4", "poison:4"),
    ("forbidden_combo=witch, saint", "witch,saint"), ("forbidden_combo=-", "-"),
    ('forbidden_attack="monster"', "monster"), ("life_max=NONE", None), ("life_max=9", 9),
    ("characters_3p=knight,monster,witch,fool", "knight,monster,witch,fool"),
])
def test_TM_0_values_take_their_canonical_form(setting, value):
    key, _ = setting.split("=", 1)
    assert parse_assignment(setting) == (key, value)
    assert getattr(make_ruleset([setting]), key) == value


def test_TM_0_list_values_and_dict_settings():
    r = make_ruleset({"forbidden_combo": ["witch", "saint"], "life_max": None})
    assert r.forbidden_combo == "witch,saint" and r.life_max is None
    assert r.forbid["combo"] == frozenset({"witch", "saint"}) and r.forbid["attack"] == frozenset()


def test_TM_0_derived_tables():
    r = Ruleset()   # built afresh (make_ruleset() hands back a ruleset built at import)
    assert r.damage == {"attack": 1, "scout": 1, "sacrifice": 2, "combo": 1, "arcana": 1, "intimidate": 0,
                        "charge_m": 2, "charge_k": 2, "charge_w": 2, "charge_s": 2, "charge_f": 2}
    assert make_ruleset(["damage_charge=3"]).damage["charge_f"] == 3
    assert make_ruleset(["damage_scout=4", "damage_arcana=5"]).damage == {**r.damage, "scout": 4, "arcana": 5}
    assert r.slots == ("A1", "A2", "A3", "E1", "E2")
    assert r.characters(3) == ("monster", "knight", "witch", "saint")
    assert r.characters(4) == ("monster", "knight", "witch", "saint", "fool")
    assert r.allowed["monster"] == frozenset(CARD_KINDS) - {"charge_m", "sacrifice", "poison"}
    assert r.allowed["saint"] == frozenset(CARD_KINDS) - {"charge_s", "combo", "axe"}
    assert r.allowed["fool"] == frozenset(CARD_KINDS) - {"charge_f", "arcana", "staff"}
    assert r.action_counts == (6, 4, 2, 2, 2, 2, 2, 3, 3, 3, 3) and r.equipment_counts == (3, 3, 3, 3, 3)
    assert make_ruleset(["characters_3p=monster,knight,witch,fool"]).characters(3)[3] == "fool"


def test_TM_0_settings_changes_and_base():
    r = make_ruleset(["life_start=5", "scout_point_self=true"])
    assert r.settings() == {**Ruleset().settings(), "life_start": 5, "scout_point_self": True}
    assert list(r.settings()) == list(SPEC)
    assert r.changes() == {"life_start": 5, "scout_point_self": True} and make_ruleset().changes() == {}
    based = make_ruleset(["life_start=5"], base=make_ruleset(["life_max=none"]))
    assert based.life_max is None and based.life_start == 5
    base = make_ruleset(["turn_limit=9"])
    assert make_ruleset(base=base).turn_limit == 9
    assert make_ruleset() == Ruleset()


@pytest.mark.parametrize("value, text", [(None, "none"), (True, "true"), (False, "false"), (3, "3"), ("x", "x")])
def test_TM_0_format_value(value, text):
    assert format_value(value) == text


def test_TM_0_ruleset_text_with_variants():
    r = parse_ruleset_text("life_start = 6\n", "x", variants=["end-of-card"])
    assert r.life_start == 6 and r.death_check == "end_of_card"


def test_TM_0_describe_lines():
    lines = {line.split()[0]: line for line in describe().splitlines()}
    assert len(lines) == len(SPEC)
    assert lines["life_start"] == f"{'life_start':26} {'7':24} {'1..30':22} starting life"
    assert lines["life_max"] == f"{'life_max':26} {'7':24} {'1..30|none':22} {SPEC['life_max'][3]}"
    assert lines["death_check"] == f"{'death_check':26} {'immediate':24} {'immediate|end_of_card':22} {SPEC['death_check'][3]}"
    assert lines["pass_reveals"] == f"{'pass_reveals':26} {'true':24} {'bool':22} {SPEC['pass_reveals'][3]}"
    assert lines["action_deck"] == (f"{'action_deck':26} {SPEC['action_deck'][0][:24]:24} {'cards':22} "
                                    f"{SPEC['action_deck'][3]}")
    assert lines["forbidden_combo"] == f"{'forbidden_combo':26} {'witch,saint':24} {'chars':22} {SPEC['forbidden_combo'][3]}"


def test_TM_0_ruleset_keys_for_the_soaks():
    keys = ruleset_keys()
    assert set(keys) == set(SPEC)
    meaning = {k: v[3] for k, v in SPEC.items()}
    assert keys["life_start"] == (7, (1, 30), meaning["life_start"])
    assert keys["life_max"] == (7, (1, 30), meaning["life_max"])
    assert keys["pass_reveals"] == (True, (False, True), meaning["pass_reveals"])
    assert keys["death_check"] == ("immediate", ("immediate", "end_of_card"), meaning["death_check"])
    assert keys["forbidden_attack"] == ("-", ("-", "monster"), meaning["forbidden_attack"])
    assert keys["forbidden_combo"] == ("witch,saint", ("witch,saint", "-"), meaning["forbidden_combo"])
    assert keys["characters_3p"] == ("monster,knight,witch,saint", ("monster,knight,witch,saint",
                                     "monster,knight,witch,fool"), meaning["characters_3p"])
    assert keys["equipment_deck"] == (SPEC["equipment_deck"][0], (SPEC["equipment_deck"][0], "poison:4",
                                      "spear:1,grimoire:1,axe:1,staff:1,poison:1", "-"), meaning["equipment_deck"])
    for key, (default, allowed, _m) in keys.items():   # every alternative is a valid value
        for value in (allowed if not isinstance(default, int) or isinstance(default, bool) else ()):
            make_ruleset({key: value})


@pytest.mark.parametrize("fields, message", [
    ({"action_deck": "dragon:1"}, "TM-0: action_deck: unknown card 'dragon'"),
    ({"equipment_deck": "attack:1"}, "TM-0: equipment_deck: unknown card 'attack'"),
    ({"forbidden_axe": "orc"}, f"TM-0: forbidden_axe: unknown character 'orc' (known: {KNOWN})"),
    ({"characters_3p": "orc"}, f"TM-0: characters_3p: unknown character 'orc' (known: {KNOWN})"),
    ({"characters_4p": "monster,orc"}, f"TM-0: characters_4p: unknown character 'orc' (known: {KNOWN})"),
])
def test_TM_0_a_hand_built_ruleset_names_its_bad_key(fields, message):
    with pytest.raises(RulesetError) as info:
        Ruleset(**fields)
    assert str(info.value) == message


def test_TM_0_malformed_settings_name_the_rule_id(tmp_path):
    with pytest.raises(RulesetError) as info:
        parse_assignment("life_max")
    assert str(info.value) == "TM-0: expected key=value, got 'life_max'"
    with pytest.raises(RulesetError) as info:
        parse_ruleset_text("life_start 3\n", "x")
    assert str(info.value) == "TM-0: x:1: expected key = value, got 'life_start 3'"
    path = tmp_path / "bad.rules"
    path.write_text("life_start 3\n")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    assert str(info.value) == f"TM-0: {path}:1: expected key = value, got 'life_start 3'"


def test_TM_0_ruleset_file_with_variants(tmp_path):
    path = tmp_path / "r.rules"
    path.write_text("life_start = 6\n")
    r = load_ruleset(str(path), variants=["end-of-card"])
    assert r.life_start == 6 and r.death_check == "end_of_card"


def test_TM_0_more_malformed_settings_name_the_rule_id():
    with pytest.raises(RulesetError) as info:
        make_ruleset(["life_max"])
    assert str(info.value) == "TM-0: expected key=value, got 'life_max'"
    with pytest.raises(RulesetError) as info:
        make_ruleset(variants=["fast"])
    assert str(info.value) == "TM-0: unknown variant 'fast' (known: end-of-card, strict-intimidation, uncapped, no-extra-turn)"
    with pytest.raises(RulesetError) as info:
        parse_ruleset_text("life_start 3\n")
    assert str(info.value) == "TM-0: ruleset:1: expected key = value, got 'life_start 3'"


def test_TM_0_an_empty_forbidden_list_forbids_nobody():
    r = make_ruleset({"forbidden_attack": ""})
    assert r.forbidden_attack == "-" and r.forbid["attack"] == frozenset()
    assert Ruleset(forbidden_sacrifice="").forbid["sacrifice"] == frozenset()
