"""TM-7: the action cards."""

from game.mists.view import view
from mists_helpers import do, illegal, kinds, legal, life, make


def test_TM_7_1_attack_deals_one():
    s = make()
    do(s, "A take A1; chance draw A1 attack; A target C")
    assert life(s) == {"A": 7, "B": 7, "C": 6, "D": 7}


def test_TM_7_2_scout_everyone_points_hidden_until_all_in():
    s = make("MKWSF", display="scout attack attack spear axe", active="B")
    do(s, "B take A1; chance draw A1 attack")
    assert s.phase == "point" and s.current_player() == "B"
    assert legal(s) == ["B point A", "B point C", "B point D"]
    illegal(s, "B point B", "TM-7.2")
    e1 = do(s, "B point A")
    assert e1[0].seen_by == frozenset({"B"}) and s.current_player() == "C"
    assert view(s, "C").pointing == (None, "?", None, None)
    assert view(s, "B").pointing == (None, 0, None, None)
    do(s, "C point A")
    do(s, "D point B")
    assert s.records[1][-1].points is None
    events = do(s, "A point C")
    assert kinds(events) == ["point", "pointing"]
    assert events[-1].seen_by is None and events[-1].get("points") == ("C", "A", "A", "B")
    assert s.records[1][-1].points == (2, 0, 0, 1) and s.pointing is None
    # nobody pointed at D; the taker may damage anyone else, D included
    assert legal(s) == ["B target A", "B target C", "B target D"]
    do(s, "B target D")
    assert life(s)["D"] == 6 and s.current_player() == "C"


def test_TM_7_2_scout_point_self_switch():
    s = make("MKWSF", display="scout attack attack spear axe", active="B", rules=["scout_point_self=true"])
    do(s, "B take A1; chance draw A1 attack")
    assert "B point B" in legal(s)


def test_TM_7_3_charge_deals_two_and_excludes_its_character():
    s = make("MKWSF", display="charge_k charge_m attack spear axe", active="B")
    assert "B take A1" not in legal(s)
    do(s, "B take A2; chance draw A2 attack; B target A")
    assert life(s)["A"] == 5


def test_TM_7_4_fool_sacrifice_with_three_equipment():
    s = make("MKWFS", display="sacrifice attack attack axe staff", active="D",
             records={"D": "1:spear 5:grimoire 9:poison"}, turn=13)
    do(s, "D take A1; chance draw A1 attack; D target B")
    assert life(s)["B"] == 3           # 2 + 2 weapons
    assert life(s)["D"] == 5           # 5 - 3 = 2


def test_TM_7_5_combo_extra_turn_applies_poison():
    s = make("MKWSF", display="combo attack attack spear axe", active="B", records={"B": "1:poison"},
             life={"B": 5}, turn=5)
    do(s, "B take A1; chance draw A1 attack; B target C")
    assert life(s)["C"] == 6 and legal(s) == ["B extra", "B decline"]
    events = do(s, "B extra")
    assert kinds(events) == ["extra", "turn", "poison"]
    assert s.turn == 6 and s.current_player() == "B" and life(s)["B"] == 4
    assert s.records[1][-1].choice == "extra"


def test_TM_7_5_combo_that_kills_asks_nothing():
    s = make("MKWSF", display="combo attack attack spear axe", active="B", life={"A": 1})
    do(s, "B take A1; chance draw A1 attack; B target A")
    assert s.is_over() and s.legal_actions() == []


def test_TM_7_5_decline_goes_to_next_seat_without_poison():
    s = make("MKWSF", display="combo attack attack spear axe", active="B", records={"B": "1:poison"},
             life={"B": 5}, turn=5)
    events = do(s, "B take A1; chance draw A1 attack; B target C; B decline")
    assert kinds(events)[-2:] == ["extra", "turn"]
    assert s.current_player() == "C" and life(s)["B"] == 5 and s.turn == 6


def test_TM_7_5_combo_extra_turn_always_and_never():
    s = make("MKWSF", display="combo attack attack spear axe", active="B", rules=["combo_extra_turn=always"])
    do(s, "B take A1; chance draw A1 attack; B target C")
    assert s.current_player() == "B" and s.turn == 2 and s.records[1][-1].choice == "extra"
    s = make("MKWSF", display="combo attack attack spear axe", active="B", variants=["no-extra-turn"])
    do(s, "B take A1; chance draw A1 attack; B target C")
    assert s.current_player() == "C"


def test_TM_7_6_arcana_heal_self_then_damage():
    s = make("MKWSF", display="arcana attack attack spear axe", active="C", life={"C": 5})
    do(s, "C take A1; chance draw A1 attack")
    assert legal(s) == ["C heal A", "C heal B", "C heal C", "C heal D"]
    do(s, "C heal C")
    assert life(s)["C"] == 7
    illegal(s, "C target C", "TM-6.5")
    do(s, "C target B")
    assert life(s)["B"] == 6
    assert s.records[2][-1].heal == 2 and s.records[2][-1].target == 1


def test_TM_7_6_arcana_heal_and_damage_the_same_player():
    s = make("MKWSF", display="arcana attack attack spear axe", active="C", life={"B": 4})
    do(s, "C take A1; chance draw A1 attack; C heal B; C target B")
    assert life(s)["B"] == 5


def test_TM_7_7_intimidate_restricts_next_turn_to_equipment():
    s = make("MKWSF", display="intimidate attack attack spear staff", active="A")
    events = do(s, "A take A1; chance draw A1 attack; A target B")
    assert kinds(events)[-3:] == ["mark", "turn", "intimidated"]
    assert s.current_player() == "B" and s.restricted
    assert s.marks == (False, False, False, False)    # used up by this turn
    do(s, "B pass")
    assert not s.restricted and s.current_player() == "C"


def test_TM_7_7_intimidated_turn_offers_only_equipment_and_pass():
    s = make("MKWSF", display="intimidate attack attack spear staff", active="D")
    do(s, "D take A1; chance draw A1 attack; D target B")
    do(s, "A take A2; chance draw A2 attack; A target C")
    assert s.current_player() == "B" and s.restricted
    assert legal(s) == ["B take E1", "B take E2", "B pass"]
    assert "TM-7.7" in illegal(s, "B take A1", "TM-7.7")
    do(s, "B take E2; chance draw E2 axe")
    assert s.current_player() == "C" and not s.restricted
    do(s, "C pass; D pass; A pass")
    assert s.current_player() == "B" and not s.restricted
    assert "B take A1" in legal(s)


def test_TM_7_7_monster_intimidated_with_only_poison_must_pass():
    s = make("MKWSF", display="attack attack attack poison poison", active="B", marks="A", start="B")
    do(s, "B take A1; chance draw A1 attack; B target C")
    do(s, "C pass; D pass")
    assert s.current_player() == "A" and s.restricted
    assert legal(s) == ["A pass"]
    events = do(s, "A pass")
    assert kinds(events)[:2] == ["pass", "reveal"]
    assert s.revealed[0] and life(s)["A"] == 1


def test_TM_7_7_two_marks_count_once():
    s = make("MKWSF", display="intimidate intimidate attack spear staff", active="C")
    do(s, "C take A1; chance draw A1 attack; C target A")
    do(s, "D take A2; chance draw A2 attack; D target A")
    assert s.current_player() == "A" and s.restricted and s.marks == (False,) * 4
    do(s, "A take E1; chance draw E1 axe")
    do(s, "B pass; C pass; D pass")
    assert s.current_player() == "A" and not s.restricted
