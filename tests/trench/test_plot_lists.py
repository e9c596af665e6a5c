"""TW-4.3 plotting choices: one card, or two (1st then 2nd), a pair of one kind only from two
cards of it.  The legal lists are made once per *capped* hand (counts 0, 1, 2+), so hands that
differ only in counts above two share them; these tests pin that down against the rule."""

from __future__ import annotations

from game.trench import legal
from game.trench.setup import new_game
from game.trench.state import ACTION_CARDS


def _plot_state(hand: dict):
    st = new_game(2, seed=1)
    st.hands["S"] = ACTION_CARDS.make(hand)
    return st


def _expected(hand: dict) -> list:
    kinds = [k for k in ACTION_CARDS.kinds if hand.get(k) and k != "interrupt"]
    out = []
    for a in kinds:
        out.append((a,))
        out += [(a, b) for b in kinds if b != a or hand[a] >= 2]
    return out


def test_TW_4_3_a_pair_needs_two_cards_of_a_kind_and_more_than_two_change_nothing():
    for hand in ({"move": 1, "fire": 1}, {"move": 2, "fire": 1}, {"move": 5, "fire": 3}, {"dig": 1}):
        st = _plot_state(hand)
        assert legal.plot_options(st, "S") == _expected(hand), hand
    two, five = _plot_state({"move": 2, "turn": 1}), _plot_state({"move": 5, "turn": 1})
    assert legal.plot_options(two, "S") == legal.plot_options(five, "S")
    one = _plot_state({"move": 1, "turn": 1})
    assert ("move", "move") not in legal.plot_options(one, "S")
    assert ("move", "move") in legal.plot_options(two, "S")


def test_TW_4_3_plot_actions_are_the_seat_s_own_and_fresh_lists():
    st = _plot_state({"move": 3, "build": 1})
    first = legal._plot_actions(st, "S")
    assert [tuple(a.args) for a in first] == _expected({"move": 3, "build": 1})
    assert all(a.actor == "S" and a.verb == "plot" for a in first)
    first.clear()  # a caller may change its list: the next one is whole
    assert len(legal._plot_actions(st, "S")) == len(_expected({"move": 3, "build": 1}))
    st.hands["N"] = st.hands["S"]
    assert {a.actor for a in legal._plot_actions(st, "N")} == {"N"}
