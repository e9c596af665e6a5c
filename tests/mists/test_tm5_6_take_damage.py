"""TM-5 (taking a card) and TM-6 (damage, healing, life)."""

from mists_helpers import do, illegal, kinds, legal, life, make, winners


def test_TM_5_1_witch_never_offered_combo():
    s = make("MKWSF", display="combo combo attack spear axe", active="C")
    assert legal(s) == ["C take A3", "C take E2", "C pass"]     # spear is forbidden too
    illegal(s, "C take A1", "TM-5.1")
    illegal(s, "C take E1", "TM-5.1")


def test_TM_5_1_saint_never_offered_combo_or_axe():
    s = make("MKWSF", display="combo attack attack spear axe", active="D")
    assert legal(s) == ["D take A2", "D take A3", "D take E1", "D pass"]
    assert "the saint may not take axe" in illegal(s, "D take E2", "TM-5.1")


def test_TM_5_1_monster_never_offered_sacrifice_or_poison():
    s = make("MKWSF", display="sacrifice attack attack poison poison", active="A")
    assert legal(s) == ["A take A2", "A take A3", "A pass"]
    illegal(s, "A take A1", "TM-5.1")


def test_TM_5_1_knight_owning_spear_offered_axe_not_spear():
    s = make("MKWSF", display="attack attack attack spear axe", active="B", records={"B": "1:spear"}, turn=3)
    assert "B take E1" not in legal(s) and "B take E2" in legal(s)
    assert "already in this player's record" in illegal(s, "B take E1", "TM-5.1")


def test_TM_5_1_same_action_name_again_is_legal():
    s = make("MKWSF", display="attack attack attack spear axe", active="B", records={"B": "1:attack>A"}, turn=5)
    assert "B take A1" in legal(s)
    do(s, "B take A1; chance draw A1 scout; B target C")
    assert [t.card for t in s.records[1]] == ["attack", "attack"]


def test_TM_5_1_equipment_once_switch_off_allows_a_second_copy():
    s = make("MKWSF", display="attack attack attack spear axe", active="B", records={"B": "1:spear"}, turn=3,
             rules=["equipment_once_per_player=false"])
    assert "B take E1" in legal(s)


def test_TM_5_3_record_append_and_refill_before_resolution():
    s = make("MKWSF", display="charge_w attack scout spear axe", active="A", records={"A": "1:spear"}, turn=5)
    events = do(s, "A take A1")
    assert s.records[0][-1].card == "charge_w" and s.records[0][-1].turn == 5
    assert s.display[0] is None and s.current_player() == "chance"
    events += do(s, "chance draw A1 sacrifice")
    assert s.display[0] == "sacrifice" and s.phase == "target"
    events += do(s, "A target B")
    assert kinds(events) == ["take", "draw", "damage", "turn"]
    assert str(s.records[0][-1].target) == "1"


def test_TM_6_1_weapons_stack():
    s = make("MKWSF", display="charge_w attack attack spear axe", active="A",
             records={"A": "1:spear 5:grimoire"}, turn=9)
    do(s, "A take A1; chance draw A1 attack; A target B")
    assert life(s)["B"] == 3


def test_TM_6_2_self_damage_not_boosted():
    s = make("MKWSF", display="sacrifice attack attack staff grimoire", active="B",
             records={"B": "1:spear 5:axe 9:poison"}, turn=13)
    events = do(s, "B take A1; chance draw A1 attack; B target C")
    assert [(e.get("target"), e.get("amount")) for e in events if e.kind == "damage"] == [("C", 4), ("B", 2)]
    assert life(s)["C"] == 3          # 2 + 2 weapons
    assert life(s)["B"] == 5          # 5 - 3 equipment = 2 (not boosted to 4)


def test_TM_6_3_heal_caps_at_life_max():
    s = make("MKWSF", display="arcana attack attack spear axe", active="A", life={"B": 6})
    do(s, "A take A1; chance draw A1 attack; A heal B")
    assert life(s)["B"] == 7
    s = make("MKWSF", display="arcana attack attack spear axe", active="A")
    events = do(s, "A take A1; chance draw A1 attack; A heal B")
    assert life(s)["B"] == 7 and events[-1].get("amount") == 0
    s = make("MKWSF", display="arcana attack attack spear axe", active="A", rules=["life_max=none"])
    do(s, "A take A1; chance draw A1 attack; A heal B")
    assert life(s)["B"] == 9


def test_TM_6_3_damage_floors_at_zero():
    s = make("MKWSF", display="charge_w attack attack spear axe", active="A", life={"B": 1})
    do(s, "A take A1; chance draw A1 attack; A target B")
    assert life(s)["B"] == 0


def test_TM_6_4_immediate_sacrifice_kill_skips_self_damage():
    s = make("MKWSF", display="sacrifice attack attack spear axe", active="B", life={"B": 1, "A": 2})
    events = do(s, "B take A1; chance draw A1 attack; B target A")
    assert life(s) == {"A": 0, "B": 1, "C": 7, "D": 7}
    assert kinds(events)[-3:] == ["damage", "death", "end"]
    assert winners(s) == ["B", "C", "D"]


def test_TM_6_4_end_of_card_both_die():
    s = make("MKWSF", display="sacrifice attack attack spear axe", active="B", life={"B": 1, "A": 2},
             variants=["end-of-card"])
    do(s, "B take A1; chance draw A1 attack; B target A")
    assert s.result.dead == (0, 1)
    assert winners(s) == ["A", "B", "C", "D"]


def test_TM_6_4_end_of_card_saint_in_D_kills_the_taker():
    s = make("MKWSF", display="sacrifice attack attack spear axe", active="B", life={"B": 1, "D": 2},
             variants=["end-of-card"])
    do(s, "B take A1; chance draw A1 attack; B target D")
    assert s.result.dead == (3, 1)
    assert winners(s) == ["A"]        # front, Knight dies: the Monster


def test_TM_6_5_target_must_be_another_player():
    s = make()
    do(s, "A take A1; chance draw A1 attack")
    illegal(s, "A target A", "TM-6.5")
