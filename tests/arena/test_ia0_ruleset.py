"""IA-0: ruleset data, switches, files and errors."""

import pytest

from game.arena import load_ruleset, make_ruleset, new_game
from game.arena.ruleset import KEYS, VARIANTS, base_ruleset, describe
from game.core.errors import RulesetError


def test_IA_0_1_provisions_defaults():
    r = make_ruleset()
    assert (r.ruleset, r.economy, r.combat, r.scoring) == ("provisions", "provisions", "cancel", "waza_ari")
    assert r.unit_types == ("cavalry", "infantry", "artillery")
    assert (r.provisions_total, r.start_provisions, r.gain_per_turn, r.first_turn_gain) == (7, 2, 1, 0)
    assert (r.restricted_surcharge, r.edge_moves, r.revive_step, r.heavy_armour) == (1, "illegal", "mandatory",
                                                                                     "zero_at_one")
    assert (r.bombard_knockback, r.waza_ari_mode, r.last_provision_award, r.back_row_regroup) == (
        1, "last_taker", True, True)
    assert (r.range_melee, r.range_shoot, r.range_bombard, r.shoot_cost, r.shoot_cancel) == (1, 2, 2, 1, 2)
    assert (r.win_waza_ari, r.win_ippon, r.turn_limit, r.cancel_keeps_spirit) == (2, 1, 200, False)


def test_IA_0_1_dice_switch():
    r = make_ruleset(["ruleset=dice"])
    assert (r.economy, r.combat, r.scoring) == ("none", "dice", "points")
    assert r.unit_types == ("warrior", "fire_mage", "ice_mage")
    assert (r.heavy_armour_units, r.heavy_armour, r.revive_step, r.restricted_surcharge) == (
        "warrior", "fewer_kill_dice", "optional", -1)
    assert (r.hit_dice, r.hit_at_least, r.kill_dice, r.kill_dice_heavy) == (2, 4, 3, 2)
    assert (r.points_kill, r.points_overwhelm, r.win_points, r.win_lead) == (1, 2, 5, 3)
    assert make_ruleset(variants=["dice"]) == r
    # the named ruleset applies first, whatever the order of the settings
    assert make_ruleset(["hit_dice=3", "ruleset=dice"]).hit_dice == 3


def test_IA_0_2_prototype_2_sets_every_adjustment_before():
    r = make_ruleset(variants=["prototype-2"])
    assert (r.waza_ari_mode, r.last_provision_award, r.back_row_regroup, r.restricted_surcharge, r.heavy_armour,
            r.bombard_knockback, r.revive_step, r.edge_moves, r.must_act) == (
        "cumulative", False, False, -1, "minus_one", 0, "optional", "no_op", True)


def test_IA_0_bad_keys_and_values_name_the_key():
    with pytest.raises(RulesetError, match="unknown ruleset key 'shoot_price'"):
        make_ruleset(["shoot_price=2"])
    with pytest.raises(RulesetError, match="shoot_cost=9 is out of range 0..7"):
        make_ruleset(["shoot_cost=9"])
    with pytest.raises(RulesetError, match="edge_moves must be one of"):
        make_ruleset(["edge_moves=wrap"])
    with pytest.raises(RulesetError, match="must_act must be true or false"):
        make_ruleset(["must_act=maybe"])
    with pytest.raises(RulesetError, match="heavy_armour=minus_one does not apply to ruleset=dice"):
        make_ruleset(["ruleset=dice", "heavy_armour=minus_one"])
    with pytest.raises(RulesetError, match="heavy_armour_units=cavalry is not a unit of ruleset=dice"):
        make_ruleset(["ruleset=dice", "heavy_armour_units=cavalry"])
    with pytest.raises(RulesetError, match="start_provisions=4 .* exceeds provisions_total=7"):
        make_ruleset(["start_provisions=4"])
    with pytest.raises(RulesetError, match="unknown variant"):
        make_ruleset(variants=["nightmare"])
    with pytest.raises(RulesetError, match="IA-1: Immortal Arena is for 2 players"):
        new_game(3)


def test_IA_0_surcharge_none_means_restricted_units_cannot_act():
    assert make_ruleset(["restricted_surcharge=none"]).restricted_surcharge == -1


def test_IA_0_load_ruleset_file(tmp_path):
    path = tmp_path / "arena.rules"
    path.write_text("# a designer's file\nruleset = dice\nhit_at_least = 5   # harder\n")
    r = load_ruleset(str(path))
    assert r.dice and r.hit_at_least == 5
    path.write_text("ruleset = dice\nhit_at_least = 9\n")
    with pytest.raises(RulesetError, match=r"hit_at_least=9 is out of range .*:2\)"):
        load_ruleset(str(path))


def test_IA_0_numbers_reach_the_rules():
    st = new_game(2, seed=1, first="A", rules=make_ruleset(["shoot_cost=2", "start_provisions=3"]))
    assert st.provisions == (3, 3) and st.bank == 1
    st.apply("A infantry shoot cavalry")
    assert st.provisions[0] == 1


def test_IA_0_every_key_has_both_defaults_and_a_meaning():
    for key, (prov, dice, _allowed, meaning) in KEYS.items():
        assert getattr(base_ruleset("provisions"), key) == prov
        assert getattr(base_ruleset("dice"), key) == dice
        assert meaning and key in describe()
    assert set(VARIANTS) == {"provisions", "dice", "prototype-2"}
