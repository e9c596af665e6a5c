"""TM-3 to TM-10 in flow.py, pinned exactly: chance outcomes with their probabilities, every event's
fields and text as the log and the animation read them, and the full text of each refusal."""

import pytest

from game.core.errors import IllegalActionError
from game.core.protocol import CHANCE
from game.mists.ruleset import make_ruleset
from game.mists.setup import new_game
from mists_helpers import do, illegal, legal, life, make


def dicts(events):
    return [(e.as_dict(), e.seen_by) for e in events]


def refusal(state, text):
    with pytest.raises(IllegalActionError) as info:
        state.apply(text)
    return str(info.value)


# == TM-3: setup chance outcomes ======================================================
def test_TM_3_1_deal_outcomes_uniform_over_permutations():
    s = new_game(4, 5)
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 120
    assert {str(a).split()[0] for a, _ in outcomes} == {"chance"}
    assert str(outcomes[0][0]) == "chance deal MKWSF" and str(outcomes[1][0]) == "chance deal MKWFS"
    assert all(p == pytest.approx(1 / 120) for _, p in outcomes)
    assert legal(s)[:2] == ["chance deal MKWSF", "chance deal MKWFS"]


def test_TM_3_1_deal_events_private_characters():
    s = new_game(4, 5)
    events = do(s, "chance deal MKWSF")
    assert dicts(events) == [
        ({"kind": "deal", "seats": ("A", "B", "C", "D"), "text": "characters dealt face down; one card left over"},
         None),
        ({"kind": "character", "seat": "A", "character": "monster", "text": "A is the monster"}, frozenset("A")),
        ({"kind": "character", "seat": "B", "character": "knight", "text": "B is the knight"}, frozenset("B")),
        ({"kind": "character", "seat": "C", "character": "witch", "text": "C is the witch"}, frozenset("C")),
        ({"kind": "character", "seat": "D", "character": "saint", "text": "D is the saint"}, frozenset("D")),
    ]
    assert s.chars == ("monster", "knight", "witch", "saint") and s.leftover == "fool"
    assert s.draws == (0, 1, 2, 3, 4) and s.phase == "first"


def test_TM_3_1_deal_refusals_name_the_rule():
    s = new_game(3, 5)
    assert refusal(s, "chance deal MKWF") == "TM-3.1: MKWF is not a deal of the character set (MKWS)"
    do(s, "chance deal MKWS")
    assert s.chars == ("monster", "knight", "witch") and s.leftover == "saint"
    # a second deal while the draws are due: the draws come first
    assert refusal(s, "chance deal MKWS") == "TM-3.1: the characters are already dealt"
    assert refusal(s, "A pass") == "TM-4.2: a chance outcome is due, not a decision of A"


def test_TM_3_3_draw_probabilities_follow_the_remaining_deck():
    s = new_game(4, 5)
    do(s, "chance deal MKWSF")
    outcomes = [(str(a), p) for a, p in s.chance_outcomes()]
    assert outcomes[:3] == [("chance draw A1 attack", 6 / 32), ("chance draw A1 scout", 4 / 32),
                            ("chance draw A1 charge_m", 2 / 32)]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0) and len(outcomes) == 11
    events = do(s, "chance draw A1 attack")
    assert dicts(events) == [({"kind": "draw", "slot": "A1", "card": "attack", "left": 31,
                               "text": "attack is dealt to A1"}, None)]
    assert dict((str(a), p) for a, p in s.chance_outcomes())["chance draw A2 attack"] == 5 / 31
    do(s, "chance draw A2 attack; chance draw A3 scout")
    outcomes = [(str(a), p) for a, p in s.chance_outcomes()]
    assert outcomes == [(f"chance draw E1 {k}", 3 / 15) for k in ("spear", "grimoire", "axe", "staff", "poison")]
    events = do(s, "chance draw E1 poison")
    assert dicts(events) == [({"kind": "draw", "slot": "E1", "card": "poison", "left": 14,
                               "text": "poison is dealt to E1"}, None)]
    assert s.epile == (3, 3, 3, 3, 2) and s.apile == (4, 3, 2, 2, 2, 2, 2, 3, 3, 3, 3)


def test_TM_10_1_draw_refusals_name_the_rule():
    s = new_game(4, 5)
    do(s, "chance deal MKWSF")
    assert refusal(s, "chance draw A2 attack") == "TM-10.1: slot A1 is refilled now, not A2"
    assert refusal(s, "chance draw A1 spear") == "TM-10.1: spear is not a card of the deck that refills A1"
    do(s, "chance draw A1 charge_m; chance draw A2 charge_m")
    assert refusal(s, "chance draw A3 charge_m") == "TM-10.1: no charge_m is left in its deck"
    do(s, "chance draw A3 attack")
    assert refusal(s, "chance draw E1 attack") == "TM-10.1: attack is not a card of the deck that refills E1"
    assert refusal(s, "chance first A") == "TM-3.3: the display is dealt before the start player is drawn"
    assert refusal(s, "chance deal MKWSF") == "TM-3.1: the characters are already dealt"


def test_TM_3_5_start_player_outcomes_and_event():
    s = new_game(3, 5)
    do(s, "chance deal MKWS; chance draw A1 attack; chance draw A2 attack; chance draw A3 attack")
    do(s, "chance draw E1 spear; chance draw E2 axe")
    assert s.current_player() == CHANCE
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("chance first A", 1 / 3), ("chance first B", 1 / 3),
                                                             ("chance first C", 1 / 3)]
    assert refusal(s, "chance first D") == "TM-3.5: D is not a seat in play"
    events = do(s, "chance first B")
    assert dicts(events) == [
        ({"kind": "first", "seat": "B", "text": "B is the start player"}, None),
        ({"kind": "turn", "turn": 1, "seat": "B", "extra": False, "text": "turn 1: B"}, None),
    ]
    assert s.start == 1 and s.active == 1 and s.turn == 1 and s.phase == "take"
    assert s.chance_outcomes() == []
    assert refusal(s, "chance first A") == "TM-4.2: B decides now, not chance"


def test_TM_3_5_fixed_start_player_no_chance():
    s = new_game(3, 5, make_ruleset(["start_player=D"]))
    do(s, "chance deal MKWS; chance draw A1 attack; chance draw A2 attack; chance draw A3 attack")
    events = do(s, "chance draw E1 spear; chance draw E2 axe")
    # D mod 3 players = A
    assert [e.kind for e in events] == ["draw", "draw", "first", "turn"]
    assert s.start == 0 and s.active == 0 and s.phase == "take"


def test_TM_4_2_sample_chance_draws_from_the_state_generator():
    s = new_game(4, 11)
    a = s.sample_chance()
    assert a.actor == "chance" and a.verb == "deal"
    do(s, str(a))
    seen = set()
    while s.draws:
        a = s.sample_chance()
        assert (a.verb, a.args[0]) == ("draw", s.rules.slots[s.draws[0]])
        seen.add(a.args[1])
        do(s, str(a))
    a = s.sample_chance()
    assert a.verb == "first" and a.args[0] in "ABCD"
    do(s, str(a))
    with pytest.raises(IllegalActionError) as info:
        s.sample_chance()
    assert str(info.value) == "TM-4.2: no chance outcome is due now"


# == TM-4.2: whose decision ===========================================================
def test_TM_4_2_refusals_name_who_decides():
    s = make()
    assert refusal(s, "chance draw A1 attack") == "TM-4.2: A decides now, not chance"
    assert refusal(s, "B pass") == "TM-4.2: it is A's decision now, not B's"
    assert refusal(s, "A target B") == "TM-4.2: A must take a card or pass now, not target"
    do(s, "A take A1; chance draw A1 attack")
    assert refusal(s, "A pass") == "TM-4.2: A must choose a target now, not pass"
    assert refusal(s, "A take A2") == "TM-4.2: A must choose a target now, not take"


def test_TM_1_take_unknown_slot_and_seat_out_of_play():
    s = make("MKWS")
    assert refusal(s, "A take E3") == "TM-1: the display has no slot E3 (slots: A1 A2 A3 E1 E2)"
    do(s, "A take A1; chance draw A1 attack")
    assert refusal(s, "A target D") == "TM-1: D is not a seat in play"
    assert refusal(s, "A target A") == "TM-6.5: the target must be another player"


# == TM-4.2: turn start: poison, intimidation, turn events =============================
def test_TM_8_3_poison_event_fields():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", records={"B": "1:poison"},
             life={"B": 5}, turn=4)
    events = do(s, "A take A1; chance draw A1 attack; A target C")
    assert dicts(events[-2:]) == [
        ({"kind": "turn", "turn": 5, "seat": "B", "extra": False, "text": "turn 5: B"}, None),
        ({"kind": "poison", "seat": "B", "amount": 1, "life": 4, "text": "Holy Poison: B takes 1 (4 left)"}, None),
    ]
    assert life(s) == {"A": 7, "B": 4, "C": 6, "D": 7}


def test_TM_8_3_poison_two_damage_stops_at_floor():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", records={"B": "1:poison"},
             life={"B": 2}, turn=4, rules=["poison_damage=2"])
    events = do(s, "A take A1; chance draw A1 attack; A target C")
    assert dicts(events[-1:]) == [({"kind": "poison", "seat": "B", "amount": 1, "life": 1,
                                    "text": "Holy Poison: B takes 1 (1 left)"}, None)]
    assert life(s)["B"] == 1


def test_TM_8_3_poison_at_floor_no_event():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", records={"B": "1:poison"},
             life={"B": 1}, turn=4)
    events = do(s, "A take A1; chance draw A1 attack; A target C")
    assert events[-1].kind == "turn" and life(s)["B"] == 1


def test_TM_8_3_poison_off_when_damage_zero():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", records={"B": "1:poison"},
             life={"B": 5}, turn=4, rules=["poison_damage=0"])
    events = do(s, "A take A1; chance draw A1 attack; A target C")
    assert events[-1].kind == "turn" and life(s)["B"] == 5


def test_TM_7_7_intimidate_mark_and_intimidated_turn_events():
    s = make("MKWSF", display="intimidate attack attack spear axe", active="A")
    events = do(s, "A take A1; chance draw A1 attack; A target B")
    assert dicts(events) == [
        ({"kind": "take", "seat": "A", "slot": "A1", "card": "intimidate", "turn": 1,
          "text": "A takes intimidate from A1"}, None),
        ({"kind": "draw", "slot": "A1", "card": "attack", "left": 28, "text": "attack is dealt to A1"}, None),
        ({"kind": "mark", "seat": "A", "target": "B", "text": "A intimidates B"}, None),
        ({"kind": "turn", "turn": 2, "seat": "B", "extra": False, "text": "turn 2: B"}, None),
        ({"kind": "intimidated", "seat": "B", "text": "B is intimidated: equipment only this turn"}, None),
    ]
    assert s.marks == (False, False, False, False) and s.restricted is True
    assert s.records[0][-1].target == 1
    assert legal(s) == ["B take E1", "B take E2", "B pass"]
    illegal(s, "B take A1", "TM-7.7")


def test_TM_9_1_intimidated_may_not_pass_when_switch_off():
    s = make("MKWSF", display="attack attack attack spear axe", active="B", marks="B", restricted=True,
             rules=["intimidated_may_pass=false"])
    assert legal(s) == ["B take E1", "B take E2"]
    assert refusal(s, "B pass") == ("TM-9.1: an intimidated player with a legal equipment card must take one "
                                    "(intimidated_may_pass is false)")
    # nothing legal: the pass is offered and allowed
    t = make("MKWSF", display="attack attack attack - -", active="B", marks="B", restricted=True,
             rules=["intimidated_may_pass=false"])
    assert legal(t) == ["B pass"]
    do(t, "B pass")
    assert life(t)["B"] == 1


def test_TM_5_1_unrestricted_turn_offers_action_cards_and_pass():
    s = make("MKWSF", display="attack charge_k scout spear axe", active="B", records={"B": "1:spear"})
    # B is the Knight: charge_k forbidden, spear already owned
    assert legal(s) == ["B take A1", "B take A3", "B take E2", "B pass"]


def test_TM_5_1_equipment_twice_allowed_when_switch_off():
    s = make("MKWSF", display="attack attack attack spear axe", active="B", records={"B": "1:spear"},
             rules=["equipment_once_per_player=false"])
    assert "B take E1" in legal(s)


# == TM-5/TM-9: take and pass ========================================================
def test_TM_8_1_equipment_take_ends_turn():
    s = make("MKWSF", display="attack attack attack spear axe", active="A")
    events = do(s, "A take E1; chance draw E1 staff")
    assert dicts(events) == [
        ({"kind": "take", "seat": "A", "slot": "E1", "card": "spear", "turn": 1, "text": "A takes spear from E1"},
         None),
        ({"kind": "draw", "slot": "E1", "card": "staff", "left": 12, "text": "staff is dealt to E1"}, None),
        ({"kind": "turn", "turn": 2, "seat": "B", "extra": False, "text": "turn 2: B"}, None),
    ]
    assert s.display == ("attack", "attack", "attack", "staff", "axe")
    assert [(t.turn, t.card) for t in s.records[0]] == [(1, "spear")]


def test_TM_9_2_pass_event_fields_and_reveal_once():
    s = make("MKWSF", display="attack attack attack spear axe", active="C", life={"C": 5})
    events = do(s, "C pass")
    assert dicts(events) == [
        ({"kind": "pass", "seat": "C", "life": 1, "text": "C passes: life 1"}, None),
        ({"kind": "reveal", "seat": "C", "character": "witch", "text": "C is the witch"}, None),
        ({"kind": "turn", "turn": 2, "seat": "D", "extra": False, "text": "turn 2: D"}, None),
    ]
    assert s.revealed == (False, False, True, False) and life(s)["C"] == 1
    assert [(t.turn, t.card) for t in s.records[2]] == [(1, "pass")]
    # a second pass reveals nothing new
    s2 = make("MKWSF", display="attack attack attack spear axe", active="C", revealed="C")
    assert [e.kind for e in do(s2, "C pass")] == ["pass", "turn"]


def test_TM_9_2_pass_without_reveal_switch():
    s = make("MKWSF", display="attack attack attack spear axe", active="C", rules=["pass_reveals=false",
                                                                                   "pass_life=2"])
    events = do(s, "C pass")
    assert dicts(events[:1]) == [({"kind": "pass", "seat": "C", "life": 2, "text": "C passes: life 2"}, None)]
    assert [e.kind for e in events] == ["pass", "turn"] and s.revealed == (False,) * 4 and life(s)["C"] == 2


# == TM-7.6: arcana ====================================================================
def test_TM_7_6_arcana_heal_event_and_cap():
    s = make("MKWSF", display="arcana attack attack spear axe", active="A", life={"C": 6})
    events = do(s, "A take A1; chance draw A1 attack")
    assert s.phase == "heal" and legal(s) == ["A heal A", "A heal B", "A heal C", "A heal D"]
    events = do(s, "A heal C")
    assert dicts(events) == [({"kind": "heal", "seat": "A", "target": "C", "amount": 1, "life": 7,
                               "text": "A heals C by 1 (7)"}, None)]
    assert s.records[0][-1].heal == 2 and s.phase == "target"
    assert legal(s) == ["A target B", "A target C", "A target D"]
    events = do(s, "A target C")
    assert dicts(events[:1]) == [({"kind": "damage", "seat": "A", "target": "C", "amount": 1, "life": 6,
                                   "card": "arcana", "text": "C takes 1 from A's arcana (6 left)"}, None)]


def test_TM_7_6_arcana_heal_without_cap_and_above_cap():
    s = make("MKWSF", display="arcana attack attack spear axe", active="A", life={"B": 6},
             rules=["life_max=none"])
    do(s, "A take A1; chance draw A1 attack")
    events = do(s, "A heal B")
    assert events[0].get("amount") == 2 and events[0].get("life") == 8 and life(s)["B"] == 8


def test_TM_7_6_arcana_heal_at_max_does_nothing():
    s = make("MKWSF", display="arcana attack attack spear axe", active="A")
    do(s, "A take A1; chance draw A1 attack")
    events = do(s, "A heal A")
    assert events[0].get("amount") == 0 and events[0].text == "A heals A by 0 (7)" and life(s)["A"] == 7


# == TM-7.2: scout =====================================================================
def test_TM_7_2_point_event_fields():
    s = make("MKWSF", display="scout attack attack spear axe", active="B")
    do(s, "B take A1; chance draw A1 attack")
    assert s.pointing == (None, None, None, None)
    assert dicts(do(s, "B point A")) == [({"kind": "point", "seat": "B", "target": "A", "text": "B points at A"},
                                          frozenset("B"))]
    do(s, "C point A; D point B")
    events = do(s, "A point C")
    assert dicts(events) == [
        ({"kind": "point", "seat": "A", "target": "C", "text": "A points at C"}, frozenset("A")),
        ({"kind": "pointing", "seat": "B", "points": ("C", "A", "A", "B"),
          "text": "pointing revealed: A>C B>A C>A D>B"}, None),
    ]


# == TM-6 damage and deaths ============================================================
def test_TM_6_4_immediate_death_event_fields():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", life={"C": 1})
    events = do(s, "A take A1; chance draw A1 scout; A target C")
    assert dicts(events[2:4]) == [
        ({"kind": "damage", "seat": "A", "target": "C", "amount": 1, "life": 0, "card": "attack",
          "text": "C takes 1 from A's attack (0 left)"}, None),
        ({"kind": "death", "seat": "C", "character": "witch", "text": "C dies: the witch"}, None),
    ]
    assert dicts(events[4:]) == [({"kind": "end", "reason": "death", "world": "front", "leftover": "fool",
                                   "characters": ("monster", "knight", "witch", "saint"), "dead": ("C",),
                                   "winners": ("A",), "text": "game over (death): world front, leftover fool; winners A"},
                                  None)]
    assert s.result.dead == (2,) and s.result.reason == "death"
    assert refusal(s, "B pass") == "TM-11.1: the game is over"


def test_TM_6_3_damage_floors_at_zero_amount_is_what_was_lost():
    s = make("MKWSF", display="charge_m attack attack spear axe", active="B", life={"C": 1})
    events = do(s, "B take A1; chance draw A1 scout; B target C")
    assert events[2].get("amount") == 1 and events[2].get("life") == 0
    assert events[2].text == "C takes 1 from B's charge_m (0 left)"


def test_TM_2_4_saint_curse_event_fields():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", life={"D": 1})
    events = do(s, "A take A1; chance draw A1 scout; A target D")
    assert dicts(events[3:5]) == [
        ({"kind": "death", "seat": "D", "character": "saint", "text": "D dies: the saint"}, None),
        ({"kind": "curse", "seat": "A", "character": "monster",
          "text": "wrath of God: A, the monster, finished the Saint and dies"}, None),
    ]
    assert life(s)["A"] == 0 and s.result.dead == (3, 0)


def test_TM_7_4_sacrifice_self_death_under_immediate():
    # B the Knight: deal 2 to C, then self-damage 5 - 0 = 5 from life 3: B dies, C lives
    s = make("MKWSF", display="sacrifice attack attack spear axe", active="B", life={"B": 3})
    events = do(s, "B take A1; chance draw A1 scout; B target C")
    assert [(e.kind, e.get("target"), e.get("amount")) for e in events[2:4]] == [("damage", "C", 2),
                                                                               ("damage", "B", 3)]
    assert events[3].text == "B takes 3 from B's sacrifice (0 left)"
    assert events[4].kind == "death" and events[4].get("seat") == "B"
    assert s.result.dead == (1,)


def test_TM_7_4_sacrifice_self_damage_one_with_four_equipment():
    s = make("MKWSF", display="sacrifice attack attack - -", active="B",
             records={"B": "1:spear 2:poison 3:axe 4:staff"}, turn=6)
    events = do(s, "B take A1; chance draw A1 scout; B target C")
    assert [(e.get("target"), e.get("amount")) for e in events if e.kind == "damage"] == [("C", 5), ("B", 1)]
    assert life(s)["B"] == 6 and life(s)["C"] == 7 - 2 - 3


def test_TM_7_4_sacrifice_no_self_damage_with_base_zero():
    s = make("MKWSF", display="sacrifice attack attack - -", active="B", rules=["sacrifice_base=0"])
    events = do(s, "B take A1; chance draw A1 scout; B target C")
    assert [e.kind for e in events].count("damage") == 1 and life(s)["B"] == 7


def test_TM_6_4_end_of_card_both_die_target_then_taker():
    s = make("MKWSF", display="sacrifice attack attack spear axe", active="B", life={"B": 3, "C": 2},
             rules=["death_check=end_of_card"])
    events = do(s, "B take A1; chance draw A1 scout; B target C")
    assert [(e.kind, e.get("seat")) for e in events[2:]][:4] == [("damage", "B"), ("damage", "B"),
                                                                 ("death", "C"), ("death", "B")]
    assert s.result.dead == (2, 1)


def test_TM_6_4_end_of_card_only_taker_dies():
    s = make("MKWSF", display="sacrifice attack attack spear axe", active="B", life={"B": 3},
             rules=["death_check=end_of_card"])
    do(s, "B take A1; chance draw A1 scout; B target C")
    assert s.result.dead == (1,) and life(s) == {"A": 7, "B": 0, "C": 5, "D": 7}


def test_TM_6_4_end_of_card_nobody_dies_play_goes_on():
    s = make("MKWSF", display="attack attack attack spear axe", active="B", rules=["death_check=end_of_card"])
    do(s, "B take A1; chance draw A1 scout; B target C")
    assert s.result is None and s.active == 2 and s.phase == "take"


def test_TM_6_4_end_of_card_saint_curse():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", life={"D": 1},
             rules=["death_check=end_of_card"])
    events = do(s, "A take A1; chance draw A1 scout; A target D")
    assert [e.kind for e in events][2:5] == ["damage", "death", "curse"]
    assert s.result.dead == (3, 0)


# == TM-7.5: combo =====================================================================
def test_TM_7_5_combo_extra_event_fields_and_extra_turn():
    s = make("MKWSF", display="combo attack attack spear axe", active="B")
    do(s, "B take A1; chance draw A1 scout; B target C")
    assert s.phase == "extra" and legal(s) == ["B extra", "B decline"]
    events = do(s, "B extra")
    assert dicts(events) == [
        ({"kind": "extra", "seat": "B", "choice": "extra", "text": "B takes an extra turn"}, None),
        ({"kind": "turn", "turn": 2, "seat": "B", "extra": True, "text": "turn 2: B (extra turn)"}, None),
    ]
    assert s.records[1][-1].choice == "extra" and s.active == 1


def test_TM_7_5_combo_decline_event_fields():
    s = make("MKWSF", display="combo attack attack spear axe", active="B")
    do(s, "B take A1; chance draw A1 scout; B target C")
    events = do(s, "B decline")
    assert dicts(events) == [
        ({"kind": "extra", "seat": "B", "choice": "decline", "text": "B declines the extra turn"}, None),
        ({"kind": "turn", "turn": 2, "seat": "C", "extra": False, "text": "turn 2: C"}, None),
    ]
    assert s.records[1][-1].choice == "decline"


def test_TM_7_5_combo_always_and_never():
    s = make("MKWSF", display="combo attack attack spear axe", active="B", rules=["combo_extra_turn=always"])
    events = do(s, "B take A1; chance draw A1 scout; B target C")
    assert events[-1].as_dict() == {"kind": "turn", "turn": 2, "seat": "B", "extra": True,
                                    "text": "turn 2: B (extra turn)"}
    assert s.records[1][-1].choice == "extra"
    s = make("MKWSF", display="combo attack attack spear axe", active="B", rules=["combo_extra_turn=never"])
    events = do(s, "B take A1; chance draw A1 scout; B target C")
    assert events[-1].as_dict() == {"kind": "turn", "turn": 2, "seat": "C", "extra": False, "text": "turn 2: C"}
    assert s.records[1][-1].choice is None


# == TM-10.2/10.3: empty decks, limit ====================================================
def test_TM_10_2_empty_deck_leaves_slot_empty():
    s = make("MKWSF", display="attack attack attack spear axe", active="A")
    s.apile = (0,) * 11
    events = do(s, "A take A1")
    assert [e.kind for e in events] == ["take"] and s.phase == "target"
    assert s.display[0] is None and s.draws == ()


def test_TM_10_2_empty_equipment_deck_leaves_slot_empty():
    s = make("MKWSF", display="attack attack attack spear axe", active="A")
    s.epile = (0,) * 5
    events = do(s, "A take E1")
    assert [e.kind for e in events] == ["take", "turn"]
    assert s.display == ("attack", "attack", "attack", None, "axe") and s.active == 1


def test_TM_10_3_turn_limit_ends_before_poison():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", records={"B": "1:poison"},
             life={"B": 5}, turn=200)
    events = do(s, "A pass")
    assert [e.kind for e in events] == ["pass", "reveal", "end"] and s.result.reason == "turn_limit"
    assert events[-1].text == "game over (turn_limit): world front, leftover fool; winners none"
    assert s.turn == 200 and life(s)["B"] == 5


# == TM-10.1: the refill draw's sampler, its rare rejection branch ========================
_M = (1 << 64) - 1


def _unxorshift(y: int, k: int) -> int:
    x = y
    for _ in range(64 // k + 1):
        x = y ^ (x >> k)
    return x


def _seed_giving(output: int) -> int:
    """The generator state whose next 64-bit output is ``output`` (SplitMix64 inverted)."""
    y = _unxorshift(output, 31)
    y = (y * pow(0x94D049BB133111EB, -1, 1 << 64)) & _M
    y = _unxorshift(y, 27)
    y = (y * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & _M
    y = _unxorshift(y, 30)
    return (y - 0x9E3779B97F4A7C15) & _M


def _card_by_rng_below(state, seed: int) -> str:
    """The card ``Rng.below`` picks over the deck refilling the first waiting slot (the reference)."""
    from game.core.rng import Rng
    from game.mists.model import ACTION_KINDS
    x = Rng(seed).below(sum(state.apile))
    for kind, count in zip(ACTION_KINDS, state.apile):
        if x < count:
            return kind
        x -= count
    raise AssertionError("unreachable")


@pytest.mark.parametrize("output", [(1 << 64) - 1, (1 << 64) - 24, (1 << 64) - 25, 123456789 * 29 + 28])
def test_TM_10_1_refill_draw_samples_as_rng_below(output):
    from game.core.rng import Rng
    s = make("MKWSF", display="attack attack attack spear axe", active="A")
    do(s, "A take A1")
    # 29 action cards left: outputs >= 2**64 - 24 (2**64 % 29 = 24) are rejected and drawn again
    assert sum(s.apile) == 29 and (1 << 64) % 29 == 24
    seed = _seed_giving(output)
    assert Rng(seed).next_u64() == output
    s.rng = seed
    assert str(s.sample_chance()) == f"chance draw A1 {_card_by_rng_below(s, seed)}"


def test_TM_10_1_accepted_output_is_the_remainder():
    s = make("MKWSF", display="attack attack attack spear axe", active="A")
    do(s, "A take A1")
    # remainder 28: the last card of the deck order (attack 3, scout 4, charges 10, sacrifice,
    # combo, arcana 3 each = 28 before it): intimidate; remainder 0: attack
    s.rng = _seed_giving((1 << 64) - 25)
    assert str(s.sample_chance()) == "chance draw A1 intimidate"
    s.rng = _seed_giving(29 * 1000)
    assert str(s.sample_chance()) == "chance draw A1 attack"
    s.rng = _seed_giving(29 * 1000 + 3)
    assert str(s.sample_chance()) == "chance draw A1 scout"


def test_TM_10_1_rejected_output_redraws():
    from game.core.rng import Rng
    s = make("MKWSF", display="attack attack attack spear axe", active="A")
    do(s, "A take A1")
    seed = _seed_giving((1 << 64) - 1)     # remainder 23: arcana, were it not rejected
    r = Rng(seed)
    r.next_u64()
    second = r.next_u64()
    assert second < (1 << 64) - 24
    s.rng = seed
    index = second % 29
    order = ["attack"] * 3 + ["scout"] * 4 + [c for c in ("charge_m", "charge_k", "charge_w", "charge_s", "charge_f")
                                              for _ in range(2)]
    order += ["sacrifice"] * 3 + ["combo"] * 3 + ["arcana"] * 3 + ["intimidate"] * 3
    assert str(s.sample_chance()) == f"chance draw A1 {order[index]}"


# == TM-4.2: the legal lists and deals built afresh (caches emptied) ======================
def test_TM_4_2_legal_lists_built_afresh():
    from game.mists import flow
    for cache in (flow._ACTIONS, flow._LISTS, flow._TAKES, flow._DEALS):
        cache.clear()
    s = new_game(3, 5)
    assert [str(a) for a, _ in s.chance_outcomes()] == [
        "chance deal MKWS", "chance deal MKSW", "chance deal MWKS", "chance deal MWSK", "chance deal MSKW",
        "chance deal MSWK", "chance deal KMWS", "chance deal KMSW", "chance deal KWMS", "chance deal KWSM",
        "chance deal KSMW", "chance deal KSWM", "chance deal WMKS", "chance deal WMSK", "chance deal WKMS",
        "chance deal WKSM", "chance deal WSMK", "chance deal WSKM", "chance deal SMKW", "chance deal SMWK",
        "chance deal SKMW", "chance deal SKWM", "chance deal SWMK", "chance deal SWKM"]
    t = make("MKWSF", display="scout arcana attack spear axe", active="A")
    assert legal(t) == ["A take A1", "A take A2", "A take A3", "A take E1", "A take E2", "A pass"]
    assert all(a.actor == "A" and a.verb in ("take", "pass") for a in t.legal_actions())
    do(t, "A take A2; chance draw A2 attack")
    assert legal(t) == ["A heal A", "A heal B", "A heal C", "A heal D"]
    do(t, "A heal B")
    assert legal(t) == ["A target B", "A target C", "A target D"]
    assert [a.args for a in t.legal_actions()] == [("B",), ("C",), ("D",)]
    u = make("MKWSF", display="scout arcana attack spear axe", active="A")
    do(u, "A take A1; chance draw A1 attack")
    assert legal(u) == ["A point B", "A point C", "A point D"]
    for cache in (flow._ACTIONS, flow._LISTS, flow._TAKES):
        cache.clear()
    assert legal(u) == ["A point B", "A point C", "A point D"]


def test_TM_10_1_draw_with_no_slot_waiting_refused():
    s = new_game(3, 5)
    do(s, "chance deal MKWS; chance draw A1 attack; chance draw A2 attack; chance draw A3 attack")
    do(s, "chance draw E1 spear; chance draw E2 axe")
    assert s.phase == "first" and s.draws == ()
    assert refusal(s, "chance draw A1 attack") == "TM-10.1: no display slot is waiting for a draw"


def test_TM_7_7_mark_used_up_next_turn_unrestricted():
    s = make("MKWSF", display="attack attack attack spear axe", active="B", restricted=True)
    do(s, "B take E1; chance draw E1 staff")
    assert s.active == 2 and s.restricted is False and s.marks == (False,) * 4


def test_TM_10_3_last_turn_within_the_limit_is_played():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", turn=199, rules=["turn_limit=200"])
    events = do(s, "A pass")
    assert events[-1].as_dict() == {"kind": "turn", "turn": 200, "seat": "B", "extra": False, "text": "turn 200: B"}
    assert s.result is None and s.turn == 200


def test_TM_3_1_no_second_deal_once_the_display_is_dealt():
    s = new_game(3, 5)
    do(s, "chance deal MKWS; chance draw A1 attack; chance draw A2 attack; chance draw A3 attack")
    do(s, "chance draw E1 spear; chance draw E2 axe")
    assert refusal(s, "chance deal KMWS") == "TM-3.1: the characters are already dealt"
    assert s.chars == ("monster", "knight", "witch")


def test_TM_3_5_no_start_player_draw_during_a_refill():
    s = make("MKWSF", display="attack attack attack spear axe", active="A")
    do(s, "A take A1")
    assert refusal(s, "chance first B") == "TM-3.5: the start player is already chosen"


def test_TM_10_2_empty_action_deck_still_refills_equipment():
    s = make("MKWSF", display="attack attack attack spear axe", active="A")
    s.apile = (0,) * 11
    events = do(s, "A take E1")
    assert [e.kind for e in events] == ["take"] and s.draws == (3,) and s.current_player() == CHANCE
    assert [str(a) for a, _ in s.chance_outcomes()] == [f"chance draw E1 {k}" for k in
                                                       ("spear", "grimoire", "axe", "staff", "poison")]


def test_TM_4_2_apply_takes_an_action_value():
    s = make("MKWSF", display="attack attack attack spear axe", active="A")
    action = s.legal_actions()[-1]
    assert str(action) == "A pass"
    events = s.apply(action)
    assert [e.kind for e in events] == ["pass", "reveal", "turn"] and life(s)["A"] == 1


def test_TM_10_2_setup_with_a_short_action_deck_skips_only_its_slots():
    s = new_game(3, 1, make_ruleset(["action_deck=attack:2"]))
    do(s, "chance deal MKWS; chance draw A1 attack; chance draw A2 attack")
    assert s.draws == (3, 4) and s.display == ("attack", "attack", None, None, None)
    assert [str(a) for a, _ in s.chance_outcomes()][0] == "chance draw E1 spear"


def test_TM_7_2_pointing_at_oneself_refused_with_reason():
    s = make("MKWSF", display="scout attack attack spear axe", active="B")
    do(s, "B take A1; chance draw A1 attack")
    assert refusal(s, "B point B") == "TM-7.2: a player may not point at themselves"
