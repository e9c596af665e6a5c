"""game.core: the seeded generator, card piles, action parsing errors."""

import pytest

from game.core.cards import CardKinds
from game.core.errors import GameError, IllegalActionError, NotationError, RulesetError
from game.core.rng import Rng
from game.trench.actions import Action, parse_actions


def test_rng_is_splitmix64_and_deterministic():
    # SplitMix64 reference values for seed 0 (Vigna's splitmix64.c)
    r = Rng(0)
    assert [r.next_u64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4,
                                                0x06C45D188009454F]
    a, b = Rng(1234), Rng(1234)
    assert [a.below(10) for _ in range(50)] == [b.below(10) for _ in range(50)]
    assert a == b and a.state == b.state
    c = a.copy()
    assert c.next_u64() == a.next_u64()
    assert Rng(-1).state == (1 << 64) - 1  # masked to 64 bits


def test_rng_below_choice_weighted():
    r = Rng(7)
    draws = [r.below(3) for _ in range(3000)]
    assert set(draws) == {0, 1, 2} and all(800 < draws.count(k) < 1200 for k in range(3))
    with pytest.raises(ValueError):
        r.below(0)
    assert r.choice(["x"]) == "x"
    assert {Rng(s).weighted([("a", 0), ("b", 1)]) for s in range(20)} == {"b"}


def test_cardkinds_piles():
    k = CardKinds(("move", "turn", "camp"))
    pile = k.make({"move": 2, "camp": 1})
    assert pile == (2, 0, 1) and k.size(pile) == 3 and k.present(pile) == ("move", "camp")
    assert k.format(pile) == "move:2,camp" and k.parse("move:2,camp") == pile
    assert k.parse("camp,move,move") == pile  # any order, repeats add up
    assert k.format(k.empty()) == "-" and k.parse("-") == k.empty() and k.parse("") == k.empty()
    assert k.add(pile, "turn") == (2, 1, 1) and k.remove(pile, "move", 2) == (0, 0, 1)
    assert k.merge(pile, pile) == (4, 0, 2) and k.count(pile, "move") == 2
    with pytest.raises(ValueError, match="no turn card"):
        k.remove(pile, "turn")
    with pytest.raises(ValueError, match="unknown card 'fly'"):
        k.parse("fly")
    with pytest.raises(ValueError, match="bad card count"):
        k.parse("move:x")


def test_error_classes_are_distinct():
    assert issubclass(NotationError, GameError) and issubclass(NotationError, ValueError)
    assert issubclass(IllegalActionError, GameError) and not issubclass(IllegalActionError, ValueError)
    assert issubclass(RulesetError, GameError)


@pytest.mark.parametrize("text,fragment", [
    ("", "expected 'ACTOR VERB"),
    ("S1", "expected 'ACTOR VERB"),
    ("X1 step n", "not a seat"),
    ("S1 fly n", "unknown verb 'fly'"),
    ("S1 step up", "bad arguments"),
    ("S1 step n n", "bad arguments"),
    ("S1 build h9", "bad arguments"),
    ("S plot move move move", "bad arguments"),
    ("S plot sleep", "bad arguments"),
    ("chance wind typhoon", "bad arguments"),
    ("S1 turn s carry x", "bad arguments"),
    ("S step n", "unknown verb 'step' for a seat"),
])
def test_action_parsing_errors(text, fragment):
    with pytest.raises(NotationError) as info:
        Action.parse(text)
    assert fragment in str(info.value)


def test_action_text_round_trip_examples():
    for text in ("S1 step n", "S1 dash", "S1 turn s carry w", "S plot move turn", "S dig c4",
                 "S camp S1 food move", "S1 give S2 N:gun", "chance wind eclipse", "N console none",
                 "S sink S1 S:gas", "W arm gun gas bomb", "E1 boat g3", "S pass", "S reveal"):
        a = Action.parse(text)
        assert str(a) == text and Action.parse(str(a)) == a
    a = Action.parse("S1 step n")
    assert (a.seat, a.soldier, a.category) == ("S", "S1", "move")
    assert Action.parse("S camp S1 food").category == "camp" and Action.parse("S camp S1 food").soldier is None
    assert parse_actions(" S1 step n ;; S pass ") == [Action("S1", "step", ("n",)), Action("S", "pass")]
