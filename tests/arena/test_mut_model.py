"""IA-2.4, IA-6 and IA-12.1 unit tables pinned exactly (issue 14).

The tables are memoised per ruleset; each test here starts from an empty memo so that it checks the
table as built, not one built earlier in the process."""

import pytest
from arena_helpers import legal, position

from game.arena import make_ruleset
from game.arena import model
from game.arena.model import ActionDef, distance, uid, unit_table


@pytest.fixture(autouse=True)
def fresh_tables(monkeypatch):
    monkeypatch.setattr(model, "_TABLES", {})


def test_IA_2_4_distance_is_the_sum_of_rows():
    assert [distance(a, b) for a in range(3) for b in range(3)] == [0, 1, 2, 1, 2, 3, 2, 3, 4]


def test_IA_6_provisions_unit_table():
    t = unit_table(make_ruleset())
    assert t.types == ("cavalry", "infantry", "artillery") and t.heavy == 0 and t.dice is False
    assert t.type_index == {"cavalry": 0, "infantry": 1, "artillery": 2}
    retreat, revive, advance = ActionDef("retreat", "retreat"), ActionDef("revive", "revive"), ActionDef("advance", "forward")
    shoot = dict(cost=1, cancel=2, range=2)
    assert t.actions == (
        (ActionDef("charge", "forward", quick=True), retreat, revive,
         ActionDef("melee", "attack", cost=0, cancel=-1, range=1, lethal=True)),
        (advance, retreat, revive, ActionDef("shoot", "attack", pin=True, **shoot)),
        (advance, retreat, revive, ActionDef("shoot", "attack", spirit_gain=1, **shoot),
         ActionDef("bombard", "attack", spirit_cost=2, cancel=-1, range=2, lethal=True, knockback=1)))
    assert t.by_name[(2, "bombard")] is t.actions[2][4] and t.by_name[(0, "charge")].quick is True
    assert len(t.by_name) == 13
    assert t.uids == ("A.cavalry", "A.infantry", "A.artillery", "B.cavalry", "B.infantry", "B.artillery")
    assert [uid(t, i) for i in (0, 5)] == ["A.cavalry", "B.artillery"]


def test_IA_12_1_dice_unit_table():
    t = unit_table(make_ruleset(["ruleset=dice"]))
    assert t.types == ("warrior", "fire_mage", "ice_mage") and t.heavy == 0 and t.dice is True
    retreat, revive, advance = ActionDef("retreat", "retreat"), ActionDef("revive", "revive"), ActionDef("advance", "forward")
    assert t.actions == (
        (ActionDef("sprint", "forward", quick=True), retreat,
         ActionDef("melee", "attack", range=1, lethal=True, roll="kill"), revive),
        (advance, retreat, revive, ActionDef("fireball", "attack", range=2, spirit_gain=1, roll="hit"),
         ActionDef("inferno", "attack", spirit_cost=2, range=2, lethal=True, roll="kill")),
        (advance, retreat, revive, ActionDef("chill", "attack", range=2, pin=True, roll="hit")))


def test_IA_0_ruleset_numbers_reach_the_unit_table():
    r = make_ruleset(["melee_cost=1", "range_melee=2", "shoot_cost=2", "shoot_cancel=3", "range_shoot=3",
                      "spirit_gain=2", "bombard_spirit_cost=1", "range_bombard=4", "bombard_knockback=2",
                      "heavy_armour_units=infantry"])
    t = unit_table(r)
    assert t.heavy == 1
    assert t.by_name[(0, "melee")] == ActionDef("melee", "attack", cost=1, cancel=-1, range=2, lethal=True)
    assert t.by_name[(1, "shoot")] == ActionDef("shoot", "attack", cost=2, cancel=3, range=3, pin=True)
    assert t.by_name[(2, "shoot")] == ActionDef("shoot", "attack", cost=2, cancel=3, range=3, spirit_gain=2)
    assert t.by_name[(2, "bombard")] == ActionDef("bombard", "attack", spirit_cost=1, cancel=-1, range=4,
                                                  lethal=True, knockback=2)
    assert unit_table(make_ruleset(["heavy_armour_units=none"])).heavy == -1
    d = unit_table(make_ruleset(["ruleset=dice", "range_melee=2", "range_shoot=1", "range_bombard=3",
                                 "spirit_gain=2", "bombard_spirit_cost=1"]))
    assert d.by_name[(0, "melee")].range == 2 and d.by_name[(1, "fireball")] == ActionDef(
        "fireball", "attack", range=1, spirit_gain=2, roll="hit")
    assert d.by_name[(1, "inferno")] == ActionDef("inferno", "attack", spirit_cost=1, range=3, lethal=True, roll="kill")
    assert d.by_name[(2, "chill")].range == 1


def test_IA_6_1_moves_by_row_with_illegal_edges():
    st = position({"A cavalry": "front living", "A infantry": "back living", "B cavalry": "back living",
                   "B infantry": "back living", "B artillery": "back living"}, prov="A=0 B=2 bank=5")
    assert legal(st) == ["A cavalry retreat", "A infantry advance", "A artillery advance", "A artillery retreat"]


def test_IA_6_1_no_op_edges_keep_every_move():
    st = position({"A cavalry": "front living", "A infantry": "back living", "B cavalry": "back living",
                   "B infantry": "back living", "B artillery": "back living"}, rules="edge_moves=no_op",
                  prov="A=0 B=2 bank=5")
    assert legal(st) == ["A cavalry charge", "A cavalry retreat", "A infantry advance", "A infantry retreat",
                         "A artillery advance", "A artillery retreat"]


def test_IA_6_attacks_and_revives_for_each_seat():
    st = position({"A cavalry": "front living", "A artillery": "middle living spirit=2", "A infantry": "middle fallen",
                   "B cavalry": "front living"}, turn=3)
    assert legal(st) == ["A cavalry retreat", "A cavalry revive back infantry", "A cavalry melee cavalry",
                         "A artillery advance", "A artillery retreat", "A artillery shoot cavalry",
                         "A artillery shoot infantry", "A artillery shoot artillery", "A artillery bombard cavalry",
                         "A artillery bombard infantry", "A artillery bombard artillery"]
    # B's front infantry faces A's living front artillery: it may shoot only there (IA-9.2)
    st = position({"B infantry": "front living", "B cavalry": "middle fallen", "A artillery": "front living"}, turn=4)
    assert legal(st) == ["B infantry retreat", "B infantry revive back cavalry", "B infantry shoot artillery",
                         "B artillery advance", "B artillery retreat", "B artillery shoot cavalry",
                         "B artillery shoot infantry", "B artillery shoot artillery"]
