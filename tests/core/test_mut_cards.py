"""Card piles (game.core.cards): every game's hands, decks and discards are count tuples over a fixed
list of kinds; each helper exactly, the text form and its refusals."""

from __future__ import annotations

import pytest

from game.core.cards import CardKinds

K = CardKinds(["move", "turn", "camp"])


def test_kinds_keep_their_order_and_index():
    assert K.kinds == ("move", "turn", "camp")
    assert K.index == {"move": 0, "turn": 1, "camp": 2}
    assert CardKinds(iter(["a"])).kinds == ("a",)


def test_empty_and_make():
    assert K.empty() == (0, 0, 0) and CardKinds(["a", "b"]).empty() == (0, 0)
    assert K.make({"turn": 1, "move": 2}) == (2, 1, 0)
    assert K.make({"camp": 4}) == (0, 0, 4)
    assert K.make({}) == (0, 0, 0)
    with pytest.raises(KeyError):
        K.make({"fly": 1})


def test_add_one_by_default_or_n():
    pile = (2, 0, 1)
    assert K.add(pile, "turn") == (2, 1, 1)
    assert K.add(pile, "move") == (3, 0, 1)
    assert K.add(pile, "camp", 3) == (2, 0, 4)
    assert K.add(pile, "move", 0) == pile
    assert pile == (2, 0, 1)  # unchanged: piles are values


def test_remove_one_by_default_or_n_down_to_zero():
    pile = (2, 1, 1)
    assert K.remove(pile, "turn") == (2, 0, 1)
    assert K.remove(pile, "move") == (1, 1, 1)
    assert K.remove(pile, "move", 2) == (0, 1, 1)   # every card of a kind may go
    assert K.remove(pile, "camp", 1) == (2, 1, 0)


@pytest.mark.parametrize("kind,n", [("turn", 2), ("move", 3), ("camp", 2)])
def test_remove_more_than_there_is_is_refused_naming_the_kind(kind, n):
    with pytest.raises(ValueError) as err:
        K.remove((2, 1, 1), kind, n)
    assert str(err.value) == f"no {kind} card to remove"


def test_remove_from_an_empty_kind_is_refused():
    with pytest.raises(ValueError, match=r"^no camp card to remove$"):
        K.remove((1, 0, 0), "camp")


def test_merge_count_present_size():
    assert K.merge((2, 0, 1), (1, 3, 0)) == (3, 3, 1)
    assert K.count((2, 5, 1), "turn") == 5 and K.count((2, 5, 1), "camp") == 1
    assert K.present((2, 0, 1)) == ("move", "camp") and K.present((0, 0, 0)) == ()
    assert K.present((0, 1, 0)) == ("turn",)
    assert K.size((2, 5, 1)) == 8 and K.size(K.empty()) == 0


@pytest.mark.parametrize("pile,text", [((2, 0, 1), "move:2,camp"), ((0, 1, 0), "turn"),
                                       ((1, 1, 1), "move,turn,camp"), ((0, 0, 0), "-"),
                                       ((0, 3, 12), "turn:3,camp:12")])
def test_format_and_parse_round_trip(pile, text):
    assert K.format(pile) == text
    assert K.parse(text) == pile


@pytest.mark.parametrize("text,pile", [("camp,move,move", (2, 0, 1)), ("  move:2,camp \n", (2, 0, 1)),
                                       ("", (0, 0, 0)), ("  -  ", (0, 0, 0)), ("turn:1", (0, 1, 0)),
                                       ("move:0", (0, 0, 0)), ("turn,turn:2", (0, 3, 0))])
def test_parse_accepts_any_order_repeats_and_counts(text, pile):
    assert K.parse(text) == pile


@pytest.mark.parametrize("text,message", [("fly", "unknown card 'fly'"), ("move,fly:2", "unknown card 'fly'"),
                                          ("move, camp", "unknown card ' camp'"),
                                          ("move:x", "bad card count in 'move:x'"),
                                          ("turn:-1", "bad card count in 'turn:-1'"),
                                          ("camp:2.5", "bad card count in 'camp:2.5'")])
def test_parse_refuses_bad_tokens_naming_them(text, message):
    with pytest.raises(ValueError) as err:
        K.parse(text)
    assert str(err.value) == message
