"""IA-0 ruleset data pinned exactly (issue 14): derived switches, changes, every refusal's message,
the help table's lines."""

import pytest

from game.arena.ruleset import (KEYS, RULESET_BOUND, base_ruleset, coerce, describe, format_value, load_ruleset,
                                make_ruleset, parse_assignment, ruleset_keys)
from game.core.errors import RulesetError


def _refused(settings) -> str:
    with pytest.raises(RulesetError) as info:
        make_ruleset(settings)
    return str(info.value)


def test_IA_0_1_derived_switches_of_each_ruleset():
    p, d = make_ruleset(), make_ruleset(["ruleset=dice"])
    assert (p.dice, p.economy, p.combat, p.scoring) == (False, "provisions", "cancel", "waza_ari")
    assert (d.dice, d.economy, d.combat, d.scoring) == (True, "none", "dice", "points")
    assert p.unit_types == ("cavalry", "infantry", "artillery") and d.unit_types == ("warrior", "fire_mage", "ice_mage")
    assert p.variant_names() == ["provisions"] and d.variant_names() == ["dice"]


def test_IA_0_changes_are_against_the_named_rulesets_defaults():
    assert make_ruleset().changes() == {} and make_ruleset(["ruleset=dice"]).changes() == {}
    assert make_ruleset(["must_act=false", "shoot_cost=2"]).changes() == {"must_act": False, "shoot_cost": 2}
    assert make_ruleset(["ruleset=dice", "hit_at_least=5"]).changes() == {"hit_at_least": 5}
    assert make_ruleset(["ruleset=dice", "restricted_surcharge=1"]).changes() == {"restricted_surcharge": 1}


def test_IA_0_base_ruleset_by_name():
    assert base_ruleset() == make_ruleset() and base_ruleset("dice").ruleset == "dice"
    with pytest.raises(RulesetError) as info:
        base_ruleset("chess")
    assert str(info.value) == "IA-0: ruleset must be one of provisions, dice, not 'chess'"


@pytest.mark.parametrize("value, text", [(True, "true"), (False, "false"), (-1, "-1"), (3, "3"), ("middle", "middle")])
def test_IA_0_format_value(value, text):
    assert format_value(value) == text


@pytest.mark.parametrize("raw", ["none", " NONE ", "None", -1, "-1"])
def test_IA_4_4_surcharge_none_is_minus_one(raw):
    assert coerce("restricted_surcharge", raw) == -1


def test_IA_0_coerce_and_assignment():
    assert coerce("shoot_cost", "3") == 3 and coerce("must_act", "false") is False
    assert coerce("edge_moves", "no_op") == "no_op"
    assert parse_assignment("shoot_cost=2") == ("shoot_cost", 2)
    assert parse_assignment("restricted_surcharge=none") == ("restricted_surcharge", -1)
    with pytest.raises(RulesetError) as info:
        coerce("shoot_price", "2")
    assert "shoot_price" in str(info.value) and str(info.value).startswith("IA-0: ")
    with pytest.raises(RulesetError) as info:
        coerce("shoot_cost", "none")
    assert str(info.value).startswith("IA-0: ") and "shoot_cost" in str(info.value)


@pytest.mark.parametrize("settings, message", [
    (["ruleset=dice", "heavy_armour_units=cavalry"],
     "IA-0: heavy_armour_units=cavalry is not a unit of ruleset=dice (warrior, fire_mage, ice_mage or none)"),
    (["heavy_armour_units=warrior"],
     "IA-0: heavy_armour_units=warrior is not a unit of ruleset=provisions (cavalry, infantry, artillery or none)"),
    (["ruleset=dice", "heavy_armour=minus_one"],
     "IA-0: heavy_armour=minus_one does not apply to ruleset=dice (none or fewer_kill_dice)"),
    (["heavy_armour=fewer_kill_dice"],
     "IA-0: heavy_armour=fewer_kill_dice does not apply to ruleset=provisions (none or minus_one or zero_at_one)"),
    (["start_provisions=4"], "IA-0: start_provisions=4 for each player exceeds provisions_total=7"),
    (["reset_provisions=4"], "IA-0: reset_provisions=4 for each player exceeds provisions_total=7"),
    (["provisions_total=5", "start_provisions=2", "reset_provisions=3"],
     "IA-0: reset_provisions=3 for each player exceeds provisions_total=5"),
])
def test_IA_0_whole_ruleset_refusals_name_the_key(settings, message):
    assert _refused(settings) == message


def test_IA_0_whole_ruleset_limits_are_inclusive():
    r = make_ruleset(["provisions_total=6", "start_provisions=3", "reset_provisions=3"])
    assert (r.start_provisions, r.reset_provisions) == (3, 3)
    assert make_ruleset(["ruleset=dice", "start_provisions=20"]).start_provisions == 20   # no provisions in dice
    assert make_ruleset(["heavy_armour_units=none"]).heavy_armour_units == "none"
    assert make_ruleset(["ruleset=dice", "heavy_armour_units=none", "heavy_armour=none"]).heavy_armour == "none"


def test_IA_0_2_variants_settings_and_base():
    r = make_ruleset(["waza_ari_mode=last_taker"], variants=["prototype-2"])
    assert r.waza_ari_mode == "last_taker" and r.back_row_regroup is False and r.restricted_surcharge == -1
    assert make_ruleset(variants=["dice"]).dice
    assert make_ruleset({"shoot_cost": 3}).shoot_cost == 3
    dice = make_ruleset(["ruleset=dice"])
    based = make_ruleset(["hit_at_least=5"], base=dice)
    assert based.dice and based.hit_at_least == 5
    assert make_ruleset(["ruleset=provisions"], base=dice).dice is False


def test_IA_0_ruleset_file_with_variants(tmp_path):
    path = tmp_path / "arena.rules"
    path.write_text("shoot_cost = 3\n")
    r = load_ruleset(str(path), variants=["prototype-2"])
    assert r.shoot_cost == 3 and r.waza_ari_mode == "cumulative"


def test_IA_0_ruleset_keys_for_the_soaks():
    keys = ruleset_keys()
    assert set(keys) == set(KEYS) - set(RULESET_BOUND) and RULESET_BOUND == ("heavy_armour_units", "heavy_armour")
    assert keys["must_act"] == (True, (False, True), KEYS["must_act"][3])
    assert keys["shoot_cost"] == (1, (0, 7), KEYS["shoot_cost"][3])
    assert keys["edge_moves"] == ("illegal", ("illegal", "no_op"), KEYS["edge_moves"][3])


def test_IA_0_describe_lines():
    lines = describe().splitlines()
    assert len(lines) == len(KEYS)
    assert lines[0] == f"{'ruleset':24} {'provisions':12} {'dice':16} {'provisions|dice':22} {KEYS['ruleset'][3]}"
    by_key = {line.split()[0]: line for line in lines}
    assert by_key["must_act"] == f"{'must_act':24} {'true':12} {'true':16} {'true|false':22} {KEYS['must_act'][3]}"
    assert by_key["restricted_surcharge"] == (f"{'restricted_surcharge':24} {'1':12} {'-1':16} {'-1..5':22} "
                                              f"{KEYS['restricted_surcharge'][3]}")
    assert by_key["last_provision_award"].split()[1:4] == ["true", "false", "true|false"]
    assert by_key["edge_moves"].split()[1:4] == ["illegal", "illegal", "illegal|no_op"]


def test_IA_0_malformed_settings_name_the_rule_id():
    with pytest.raises(RulesetError) as info:
        make_ruleset(["shoot_cost"])
    assert str(info.value) == "IA-0: expected key=value, got 'shoot_cost'"
    with pytest.raises(RulesetError) as info:
        make_ruleset(variants=["nightmare"])
    assert str(info.value) == "IA-0: unknown variant 'nightmare' (known: provisions, dice, prototype-2)"
    with pytest.raises(RulesetError) as info:
        parse_assignment("shoot_cost")
    assert str(info.value) == "IA-0: expected key=value, got 'shoot_cost'"


def test_IA_0_a_bad_ruleset_file_line_names_the_file_and_line(tmp_path):
    path = tmp_path / "bad.rules"
    path.write_text("shoot_cost 3\n")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(path))
    assert str(info.value) == f"IA-0: {path}:1: expected key = value, got 'shoot_cost 3'"


def test_IA_0_soak_keys_take_the_provisions_defaults():
    keys = ruleset_keys()
    assert keys["restricted_surcharge"] == (1, (-1, 5), KEYS["restricted_surcharge"][3])
    assert keys["last_provision_award"] == (True, (False, True), KEYS["last_provision_award"][3])
    assert keys["revive_step"] == ("mandatory", ("mandatory", "optional"), KEYS["revive_step"][3])
