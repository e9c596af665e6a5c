"""TW-10 hidden information: no view, event, action text or decision sequence depends on a secret
the viewer does not hold.  Lock-step pairs of games differing in one seat's secret (tools/leaks.py
runs the long version), and the leaks found by review, each set up by hand."""

import importlib.util
import os

import pytest
from trench_helpers import kinds, legal, play, scene

from game.core.errors import NotationError
from game.trench import new_game
from game.trench.state import ACTION_CARDS
from game.trench.view import redact_action, redact_events, view

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_spec = importlib.util.spec_from_file_location("trench_leaks", os.path.join(ROOT, "tools", "leaks.py"))
leaks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(leaks)

HIGH = "target_points_2p=9 target_points=9"


def _camp_then(second: str):
    """S's turn in a two-player game: S plotted Camp then ``second``; S1 camps on its food."""
    text = scene(soldiers="S1 board d2 n food=1 drugs=1\nN1 board d6 s", turn="", rules=HIGH,
                 plots={"N": "move"}, order="N S", start="N", extra="queue: S")
    st, _ = play(text, f"S plot camp {second}")
    st, _ = play(st, "S wait; N1 step e")    # S may hold an Interrupt (public): asked; N's turn ends
    assert st.turn.seat == "S" and st.turn.cards[0] == "camp"
    return play(st, "S camp S1 food")


@pytest.mark.parametrize("second", ["interrupt", "move", "dig"])
def test_TW_10_an_undeclared_interrupt_behind_camp_asks_reveal_or_pass_like_any_card(second):
    """With Camp first (no second use), the face-down 2nd card always gives S the same decision."""
    st, ev = _camp_then(second)
    assert st.current_player() == "S" and legal(st) == {"S reveal", "S pass"}
    assert kinds(redact_events(ev, "N")) == ["camp"]
    st, ev = play(st, "S pass")
    assert ACTION_CARDS.count(st.hands["S"], second) >= 1 and st.plots["S"] == ()


def test_TW_6_10_a_revealed_undeclared_interrupt_has_no_action_and_returns_to_hand():
    st, _ = _camp_then("interrupt")
    st, ev = play(st, "S reveal")
    assert [e.get("card") for e in ev if e.kind in ("reveal", "wasted")] == ["interrupt", "interrupt"]
    assert ACTION_CARDS.count(st.hands["S"], "interrupt") == 1
    assert ACTION_CARDS.count(st.discards["S"], "interrupt") == 0 and st.turn is None


def test_TW_10_an_interrupt_plotted_alone_is_revealed_like_any_single_card():
    """A single face-down card is revealed when the turn comes; an Interrupt has no action then."""
    text = scene(soldiers="S1 board d2 n drugs=1\nN1 board d6 s", turn="", rules=HIGH,
                 plots={"N": "move"}, order="N S", start="N", extra="queue: S")
    st, _ = play(text, "S plot interrupt; S wait")
    st, ev = play(st, "N1 step e")
    assert [(e.kind, e.get("card")) for e in ev if e.get("seat") == "S"] == [
        ("turn-start", None), ("reveal", "interrupt"), ("wasted", "interrupt"), ("turn-end", None)]
    assert ACTION_CARDS.count(st.hands["S"], "interrupt") == 1 and st.round == 6


def test_TW_10_action_texts_hide_weapon_tiles_from_other_players():
    for text, hidden in (("N2 switch N:gas", "N2 switch ?"), ("N1 give N2 N:gun", "N1 give N2 ?"),
                         ("N sink N1 N:bomb", "N sink N1 ?"), ("N console N2 S:gun", "N console N2 ?")):
        assert redact_action(text, "S") == hidden and redact_action(text, None) == hidden
        assert redact_action(text, "N") == text
    assert redact_action("N1 give N2 food", "S") == "N1 give N2 food"
    assert redact_action("N sink N1 mask", None) == "N sink N1 mask"


def test_TW_10_a_tile_the_viewer_knows_is_shown_given_the_state():
    text = scene(soldiers="S1 board d2 n\nN1 board d6 s weapons=N:gun:4:N,S:gas:2:NS\nN2 board d7 s",
                 turn="N cards=equip slot=1 uses=0", order="N S", rules=HIGH)
    st, _ = play(text, "")
    assert redact_action("N1 switch S:gas", "S", st) == "N1 switch S:gas"   # S's own tile, S knows it
    assert redact_action("N1 switch N:gun", "S", st) == "N1 switch ?"


def test_TW_10_a_view_of_an_empty_or_unknown_seat_is_an_error():
    st = new_game(2, seed=1)
    for seat in ("", " ", "W", "X"):
        with pytest.raises(NotationError, match="TW-10"):
            view(st, seat)
    with pytest.raises(ValueError):
        view(st, "")
    assert view(st, None).viewer is None


def test_TW_10_lock_step_pairs_differing_in_one_secret_look_the_same_to_everyone_else():
    """About 200 pairs (weapon assignments, plotted cards): views, redacted events, redacted legal
    actions and who decides stay identical for every seat that may not know the difference."""
    report = leaks.run(pairs=220, steps=80, seed=11)
    assert report["pairs"] >= 170
    assert report["leaks"] == 0, report["first_leaks"][:2]
