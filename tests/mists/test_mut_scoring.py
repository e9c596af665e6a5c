"""TM-2.2 and TM-11 pinned exactly (issue 14): each victory condition, the end event's every field,
and the state a finished game is left in."""

import pytest

from game.mists.model import Result
from game.mists.scoring import wins, world_of
from mists_helpers import do, legal, make, winners

M, K, W, S, F = "monster", "knight", "witch", "saint", "fool"


@pytest.mark.parametrize("char, dead, world, fool_in_set, won", [
    # Monster: front only, Knight or Witch dead
    (M, {K}, "front", True, True), (M, {W}, "front", True, True), (M, {S, F}, "front", True, False),
    (M, {K}, "back", True, False),
    # Knight: Monster (front) / Witch (back)
    (K, {M}, "front", True, True), (K, {W}, "front", True, False), (K, {W}, "back", True, True),
    (K, {M}, "back", False, False),
    # Witch: Monster (front) / Knight (back)
    (W, {M}, "front", True, True), (W, {K}, "front", True, False), (W, {K}, "back", False, True),
    (W, {M}, "back", True, False),
    # Saint: Monster dead even if she is dead (front); back: alive, and the Fool dead with 4 players
    (S, {M, S}, "front", True, True), (S, set(), "front", False, False), (S, {S}, "front", True, False),
    (S, set(), "back", False, True), (S, {S}, "back", False, False), (S, set(), "back", True, False),
    (S, {F}, "back", True, True), (S, {F, S}, "back", True, False),
    # Fool: dies himself (front) / the Saint dies (back)
    (F, {F}, "front", True, True), (F, {S}, "front", True, False), (F, {S}, "back", True, True),
    (F, {F}, "back", True, False),
])
def test_TM_2_2_victory_conditions(char, dead, world, fool_in_set, won):
    assert wins(char, frozenset(dead), world, fool_in_set) is won


def test_TM_2_2_unknown_character_is_an_error():
    with pytest.raises(ValueError) as info:
        wins("jester", frozenset(), "front", True)
    assert str(info.value) == "unknown character 'jester'"


def test_TM_2_1_world_of_the_players_characters():
    assert world_of(("knight", "monster", "witch")) == "front"
    assert world_of(("knight", "fool", "witch", "saint")) == "back"


def _finished(s):
    assert s.is_over() and s.phase == "over" and s.revealed == (True,) * s.n
    assert s.draws == () and s.pointing is None and s.restricted is False
    assert s.legal_actions() == [] and legal(s) == []


def test_TM_11_2_curse_end_event_and_result_front_monster_finishes_saint():
    s = make("MKWSF", display="attack attack attack spear axe", life={"D": 1})
    events = do(s, "A take A1; chance draw A1 attack; A target D")
    assert [e.as_dict() for e in events[-3:]] == [
        {"kind": "death", "seat": "D", "character": S, "text": "D dies: the saint"},
        {"kind": "curse", "seat": "A", "character": M, "text": "wrath of God: A, the monster, finished the Saint and dies"},
        {"kind": "end", "reason": "death", "world": "front", "leftover": F, "characters": (M, K, W, S),
         "dead": ("D", "A"), "winners": ("B", "C", "D"),
         "text": "game over (death): world front, leftover fool; winners B C D"}]
    assert s.result == Result("death", (3, 0), "front", (1, 2, 3), (M, K, W, S), F)
    _finished(s)


def test_TM_10_3_stalemate_3p_back_saint_wins():
    s = make("KWSM", display="- - - - -")
    assert legal(s) == ["A pass"]
    events = do(s, "A pass")
    assert events[-1].as_dict() == {
        "kind": "end", "reason": "stalemate", "world": "back", "leftover": M, "characters": (K, W, S), "dead": (),
        "winners": ("C",), "text": "game over (stalemate): world back, leftover monster; winners C"}
    assert s.result == Result("stalemate", (), "back", (2,), (K, W, S), M)
    _finished(s)


def test_TM_10_3_stalemate_4p_nobody_wins():
    s = make("KWSFM", display="- - - - -")
    events = do(s, "A pass")
    assert events[-1].as_dict() == {
        "kind": "end", "reason": "stalemate", "world": "back", "leftover": M, "characters": (K, W, S, F),
        "dead": (), "winners": (), "text": "game over (stalemate): world back, leftover monster; winners none"}
    assert winners(s) == []
    _finished(s)


def test_TM_11_2_an_intimidated_turns_end_is_not_restricted():
    # B is marked; the turn limit ends the game as B's turn would start: nothing stays restricted
    s = make("MKWSF", display="attack attack attack spear axe", marks="B", rules=["turn_limit=1"])
    events = do(s, "A pass")
    assert events[-1].get("reason") == "turn_limit" and events[-1].get("dead") == ()
    _finished(s)
