"""TM-8 (equipment), TM-9 (passing), TM-10 (display, decks, exhaustion)."""

from mists_helpers import do, illegal, kinds, legal, life, make, winners


def test_TM_8_3_poison_at_life_one_stays_one():
    s = make("MKWSF", active="A", life={"B": 1}, records={"B": "1:poison"}, turn=4)
    events = do(s, "A pass")
    assert "poison" not in kinds(events) and life(s)["B"] == 1


def test_TM_8_3_poison_taken_this_turn_waits_for_the_next_own_turn():
    s = make("MKWSF", display="attack attack attack spear poison", active="B")
    do(s, "B take E2; chance draw E2 axe")
    assert life(s)["B"] == 7
    events = do(s, "C pass; D pass; A pass")
    assert kinds(events)[-2:] == ["turn", "poison"] and life(s)["B"] == 6


def test_TM_8_3_poison_floor_setting():
    s = make("MKWSF", active="A", life={"B": 3}, records={"B": "1:poison"}, turn=4, rules=["poison_floor=3"])
    do(s, "A pass")
    assert life(s)["B"] == 3


def test_TM_9_2_voluntary_pass_reveals_and_sets_life_one():
    s = make("MKWSF", display="arcana attack attack spear axe", active="B", life={"B": 6})
    events = do(s, "B pass")
    assert kinds(events)[:2] == ["pass", "reveal"] and events[1].get("character") == "knight"
    assert s.revealed[1] and life(s)["B"] == 1
    assert s.records[1][-1].card == "pass"
    do(s, "C take A1; chance draw A1 attack; C heal B; C target D")
    assert life(s)["B"] == 3
    do(s, "D pass; A pass")
    events = do(s, "B pass")
    assert "reveal" not in kinds(events) and life(s)["B"] == 1


def test_TM_9_1_intimidated_player_may_pass():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", marks="B")
    do(s, "A pass")
    assert s.restricted and legal(s) == ["B take E1", "B take E2", "B pass"]
    do(s, "B pass")
    assert s.revealed[1] and life(s)["B"] == 1


def test_TM_9_1_strict_intimidation_removes_the_pass():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", marks="B",
             variants=["strict-intimidation"])
    do(s, "A pass")
    assert legal(s) == ["B take E1", "B take E2"]
    illegal(s, "B pass", "TM-9.1")
    # with nothing legal, the pass is forced even so
    s = make("MKWSF", display="attack attack attack grimoire grimoire", active="A", marks="B",
             variants=["strict-intimidation"])
    do(s, "A pass")
    assert legal(s) == ["B pass"]


def test_TM_9_1_forced_pass_when_nothing_is_legal():
    s = make("MKWSF", display="arcana arcana charge_k grimoire -", active="B",
             rules=["equipment_deck=spear:3,grimoire:1,axe:3,staff:3,poison:3"])
    assert legal(s) == ["B pass"]
    do(s, "B pass")
    assert s.revealed[1] and life(s)["B"] == 1


def test_TM_9_4_pass_record_does_not_say_forced():
    s = make("MKWSF", display="arcana arcana charge_k grimoire -", active="B",
             rules=["equipment_deck=spear:3,grimoire:1,axe:3,staff:3,poison:3"])
    forced = do(s, "B pass")
    t = make("MKWSF", display="attack arcana charge_k grimoire -", active="B",
             rules=["equipment_deck=spear:3,grimoire:1,axe:3,staff:3,poison:3"])
    voluntary = do(t, "B pass")
    assert [e.text for e in forced] == [e.text for e in voluntary]


def test_TM_10_1_empty_deck_leaves_the_slot_empty():
    s = make("MKWSF", display="attack charge_w scout spear axe", active="A",
             rules=["action_deck=attack:1,charge_w:1,scout:1"])
    do(s, "A take A2")
    assert s.current_player() == "A" and s.phase == "target"
    do(s, "A target B")
    assert s.display == ("attack", None, "scout", "spear", "axe")


def test_TM_10_3_empty_display_ends_the_game():
    rules = ["action_deck=attack:1", "equipment_deck=-"]
    s = make("KWSM", display="attack - - - -", active="A", rules=rules)
    events = do(s, "A take A1; A target B")
    assert s.result.reason == "stalemate" and s.result.dead == ()
    assert winners(s) == ["C"]
    assert "turn" in kinds(events)
    s = make("MKWSF", display="attack - - - -", active="A", rules=rules)
    do(s, "A take A1; A target B")
    assert s.result.reason == "stalemate" and winners(s) == []


def test_TM_10_3_all_revealed_and_nothing_takeable_ends():
    rules = ["action_deck=-", "equipment_deck=poison:5"]
    recs = {"B": "1:poison", "C": "2:poison", "D": "3:poison"}
    s = make("MKWSF", display="- - - poison poison", active="A", records=recs, turn=4, revealed="ABCD",
             rules=rules)
    do(s, "A pass")
    assert s.result.reason == "stalemate" and winners(s) == []


def test_TM_10_3_one_unrevealed_player_keeps_the_game_going():
    rules = ["action_deck=-", "equipment_deck=poison:5"]
    recs = {"B": "1:poison", "C": "2:poison", "D": "3:poison"}
    s = make("MKWSF", display="- - - poison poison", active="D", records=recs, turn=4, revealed="BCD",
             rules=rules)
    do(s, "D pass")
    assert not s.is_over() and s.current_player() == "A" and legal(s) == ["A pass"]
    do(s, "A pass")
    assert s.result.reason == "stalemate"


def test_TM_10_3_turn_limit_ends_before_poison():
    s = make("MKWSF", active="A", life={"B": 3}, records={"B": "1:poison"}, turn=200)
    events = do(s, "A pass")
    assert s.result.reason == "turn_limit" and s.result.dead == ()
    assert life(s)["B"] == 3 and "poison" not in kinds(events) and s.turn == 200
    assert winners(s) == []


def test_TM_8_1_TM_8_2_weapon_counts_from_the_next_card_on_and_stays():
    s = make("MKWSF", display="attack attack attack staff axe", active="A", turn=1)
    events = do(s, "A take E1; chance draw E1 spear")
    assert [e.kind for e in events] == ["take", "draw", "turn"] and life(s) == dict.fromkeys("ABCD", 7)
    assert s.records[0][-1].card == "staff" and s.current_player() == "B"
    s = make("MKWSF", display="attack attack attack spear axe", active="A", records={"A": "1:staff"}, turn=5)
    do(s, "A take A1; chance draw A1 attack; A target C")
    assert life(s)["C"] == 5          # Attack 1 + Staff 1
    assert s.owned(0) == ("staff",)
