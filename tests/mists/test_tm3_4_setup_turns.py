"""TM-3 (setup) and TM-4 (turn order and structure)."""

from game.core.protocol import CHANCE
from game.mists.notation import format_position
from game.mists.ruleset import make_ruleset
from game.mists.setup import new_game, play_setup
from mists_helpers import do, illegal, kinds, legal, life, make


def test_TM_3_same_seed_same_setup_and_display_is_3_plus_2():
    a, b = play_setup(new_game(4, 42)), play_setup(new_game(4, 42))
    assert format_position(a) == format_position(b)
    assert a.chars == b.chars and a.leftover == b.leftover and a.start == b.start
    assert all(card is not None for card in a.display) and len(a.display) == 5
    assert sum(a.apile) == 29 and sum(a.epile) == 13
    assert a.phase == "take" and a.turn == 1 and a.active == a.start
    assert a.life == (7, 7, 7, 7) and a.records == ((), (), (), ())
    assert sorted(a.chars + (a.leftover,)) == sorted(make_ruleset().characters(4))
    others = {format_position(play_setup(new_game(4, seed))) for seed in range(8)}
    assert len(others) > 1


def test_TM_3_setup_sequence_is_explicit_chance():
    s = new_game(3, 5)
    assert s.current_player() == CHANCE and s.phase == "deal"
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 24 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    events = do(s, "chance deal KWSM")
    assert kinds(events) == ["deal", "character", "character", "character"]
    assert s.chars == ("knight", "witch", "saint") and s.leftover == "monster"
    illegal(s, "chance first A", "TM-3.3")
    illegal(s, "chance draw A2 attack", "TM-10.1")
    illegal(s, "chance draw E1 attack", "TM-10.1")
    do(s, "chance draw A1 attack; chance draw A2 scout; chance draw A3 combo; chance draw E1 spear")
    illegal(s, "chance draw E2 charge_m", "TM-10.1")
    do(s, "chance draw E2 poison")
    assert [a for a, _ in s.chance_outcomes()][0].args == ("A",)
    events = do(s, "chance first C")
    assert kinds(events) == ["first", "turn"]
    assert s.current_player() == "C" and s.turn == 1
    assert s.display == ("attack", "scout", "combo", "spear", "poison")


def test_TM_3_5_fixed_start_player():
    s = play_setup(new_game(4, 3, make_ruleset(["start_player=D"])))
    assert s.start == 3 and s.current_player() == "D"


def test_TM_4_1_turn_order_from_start_seat_2():
    s = make("MKWSF", active="C", start="C")
    order = [s.current_player()]
    for _ in range(4):
        seat = s.current_player()
        do(s, f"{seat} pass")
        order.append(s.current_player())
    assert order == ["C", "D", "A", "B", "C"]
    assert s.turn == 5


def test_TM_4_2_poison_applies_before_the_decision():
    s = make("MKWSF", display="attack attack attack spear axe", active="A", life={"B": 3},
             records={"B": "1:poison"}, turn=4)
    events = do(s, "A take E1; chance draw E1 staff")
    assert kinds(events)[-2:] == ["turn", "poison"]
    assert life(s)["B"] == 2 and s.current_player() == "B" and s.phase == "take"


def test_TM_4_2_wrong_actor_and_wrong_verb_cite_the_turn_rule():
    s = make()
    illegal(s, "B take A1", "TM-4.2")
    illegal(s, "A target B", "TM-4.2")
    illegal(s, "chance draw A1 attack", "TM-4.2")
    do(s, "A take A1")
    illegal(s, "A target B", "TM-4.2")      # the refill draw comes first
    do(s, "chance draw A1 attack")
    illegal(s, "A take A2", "TM-4.2")
    assert legal(s) == ["A target B", "A target C", "A target D"]


def test_TM_4_3_death_ends_at_once():
    s = make("MKWSF", display="combo attack attack spear axe", active="B", life={"C": 1})
    do(s, "B take A1; chance draw A1 attack; B target C")
    assert s.is_over() and s.phase == "over" and s.legal_actions() == []
    illegal(s, "B extra", "TM-11.1")
