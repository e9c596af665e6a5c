"""TM-1 and TM-11 records pinned exactly (issue 14): the result as tools and the end screen read it."""

from game.mists.model import (ACTION_KINDS, CARD_KINDS, CHARACTERS, CODES, EQUIPMENT_KINDS, FROM_CODE, SEAT_INDEX,
                              SEATS, TARGETED, WEAPONS, Result, Take, slot_names)
from game.mists.ruleset import make_ruleset


def test_TM_11_result_as_dict_four_players():
    r = Result("death", (3, 0), "front", (1, 2, 3), ("monster", "knight", "witch", "saint"), "fool")
    assert r.as_dict() == {
        "winners": ["B", "C", "D"], "reason": "death", "scores": {"A": 0, "B": 1, "C": 1, "D": 1},
        "dead": ["D", "A"], "world": "front",
        "characters": {"A": "monster", "B": "knight", "C": "witch", "D": "saint"}, "leftover": "fool",
        "winning_characters": ["knight", "witch", "saint"]}


def test_TM_11_result_as_dict_three_players_nobody_dead():
    r = Result("stalemate", (), "back", (2,), ("knight", "witch", "saint"), "monster")
    assert r.as_dict() == {
        "winners": ["C"], "reason": "stalemate", "scores": {"A": 0, "B": 0, "C": 1}, "dead": [], "world": "back",
        "characters": {"A": "knight", "B": "witch", "C": "saint"}, "leftover": "monster",
        "winning_characters": ["saint"]}


def test_TM_1_names_codes_and_card_kinds():
    assert SEATS == ("A", "B", "C", "D") and SEAT_INDEX == {"A": 0, "B": 1, "C": 2, "D": 3}
    assert CHARACTERS == ("monster", "knight", "witch", "saint", "fool")
    assert CODES == {"monster": "M", "knight": "K", "witch": "W", "saint": "S", "fool": "F"}
    assert FROM_CODE == {"M": "monster", "K": "knight", "W": "witch", "S": "saint", "F": "fool"}
    assert WEAPONS == ("spear", "grimoire", "axe", "staff") and EQUIPMENT_KINDS == WEAPONS + ("poison",)
    assert CARD_KINDS == ACTION_KINDS + EQUIPMENT_KINDS and len(ACTION_KINDS) == 11
    assert TARGETED == frozenset({"attack", "charge_m", "charge_k", "charge_w", "charge_s", "charge_f",
                                  "sacrifice", "combo", "intimidate"})


def test_TM_0_slot_names_and_take_defaults():
    assert slot_names(make_ruleset()) == ("A1", "A2", "A3", "E1", "E2")
    assert slot_names(make_ruleset(["action_slots=4", "equipment_slots=1"])) == ("A1", "A2", "A3", "A4", "E1")
    t = Take(3, "attack")
    assert (t.turn, t.card, t.heal, t.points, t.target, t.choice) == (3, "attack", None, None, None, None)
