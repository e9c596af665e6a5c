"""TM-0: the ruleset record, its data and its errors."""

import pytest

from game.core.errors import RulesetError
from game.mists.model import ACTION_KINDS, EQUIPMENT_KINDS
from game.mists.ruleset import SPEC, VARIANTS, describe, load_ruleset, make_ruleset, parse_ruleset_text


def test_TM_0_default_ruleset_loads_with_deck_counts():
    r = make_ruleset()
    assert sum(r.action_counts) == 32
    assert sum(r.equipment_counts) == 15
    counts = dict(zip(ACTION_KINDS, r.action_counts))
    assert counts == {"attack": 6, "scout": 4, "charge_m": 2, "charge_k": 2, "charge_w": 2, "charge_s": 2,
                      "charge_f": 2, "sacrifice": 3, "combo": 3, "arcana": 3, "intimidate": 3}
    assert dict(zip(EQUIPMENT_KINDS, r.equipment_counts)) == {k: 3 for k in EQUIPMENT_KINDS}
    assert (r.life_start, r.life_max, r.action_slots, r.equipment_slots) == (7, 7, 3, 2)
    assert r.characters(4) == ("monster", "knight", "witch", "saint", "fool")
    assert r.characters(3) == ("monster", "knight", "witch", "saint")
    assert r.turn_limit == 200 and r.death_check == "immediate" and r.combo_extra_turn == "optional"


def test_TM_0_forbidden_matches_the_table():
    f = make_ruleset().forbid
    expected = {
        "attack": set(), "scout": set(), "intimidate": set(),
        "charge_m": {"monster"}, "charge_k": {"knight"}, "charge_w": {"witch"}, "charge_s": {"saint"},
        "charge_f": {"fool"}, "sacrifice": {"monster"}, "combo": {"witch", "saint"},
        "arcana": {"knight", "fool"}, "spear": {"witch"}, "grimoire": {"knight"}, "axe": {"saint"},
        "staff": {"fool"}, "poison": {"monster"},
    }
    assert {k: set(v) for k, v in f.items()} == expected


def test_TM_0_damage_values():
    r = make_ruleset()
    assert r.damage == {"attack": 1, "scout": 1, "sacrifice": 2, "combo": 1, "arcana": 1, "intimidate": 0,
                        "charge_m": 2, "charge_k": 2, "charge_w": 2, "charge_s": 2, "charge_f": 2}
    assert (r.arcana_heal, r.weapon_bonus, r.sacrifice_base, r.sacrifice_floor) == (2, 1, 5, 0)
    assert (r.poison_damage, r.poison_floor, r.pass_life) == (1, 1, 1)


def test_TM_0_settings_and_variants_override():
    r = make_ruleset(["life_max=none", "forbidden_combo=witch", "action_deck=attack:5"], ["end-of-card"])
    assert r.life_max is None and r.death_check == "end_of_card"
    assert r.forbid["combo"] == frozenset({"witch"})
    assert sum(r.action_counts) == 5
    assert r.changes() == {"life_max": None, "forbidden_combo": "witch", "action_deck": "attack:5",
                           "death_check": "end_of_card"}
    for name in VARIANTS:
        make_ruleset(variants=[name])


@pytest.mark.parametrize("setting, words", [
    ("life_star=3", "unknown ruleset key 'life_star'"),
    ("life_start=0", "life_start=0 is out of range 1..30"),
    ("life_max=x", "life_max must be an integer or none"),
    ("pass_reveals=maybe", "pass_reveals must be true or false"),
    ("death_check=later", "death_check must be one of immediate, end_of_card"),
    ("action_deck=attack:2,dragon", "action_deck: unknown card 'dragon'"),
    ("forbidden_axe=orc", "forbidden_axe: unknown character 'orc'"),
    ("characters_3p=monster,knight,witch", "characters_3p must name 4 characters"),
    ("characters_3p=fool,knight,witch,saint", "characters_3p must include the monster"),
    ("life_max=5", "life_max=5 is below life_start=7"),
])
def test_TM_0_bad_settings_name_the_key(setting, words):
    with pytest.raises(RulesetError) as info:
        make_ruleset([setting])
    assert str(info.value).startswith("TM-0: ") and words in str(info.value)


def test_TM_0_unknown_variant():
    with pytest.raises(RulesetError, match="unknown variant 'fast'"):
        make_ruleset(variants=["fast"])


def test_TM_0_ruleset_file(tmp_path):
    path = tmp_path / "r.toml"
    path.write_text("# my table\nlife_start = 9\nlife_max = none\ncombo_extra_turn = \"always\"\n")
    r = load_ruleset(str(path))
    assert (r.life_start, r.life_max, r.combo_extra_turn) == (9, None, "always")
    with pytest.raises(RulesetError, match=r"r.toml:2"):
        parse_ruleset_text("life_start = 9\nlife_start 3\n", str(path))
    with pytest.raises(RulesetError, match=r"unknown ruleset key 'colour' \(.*:1\)"):
        parse_ruleset_text("colour = red\n", "x")


def test_TM_0_describe_lists_every_key():
    text = describe()
    for key in SPEC:
        assert key in text
