"""TM-12: hidden information, views, redaction, leak tests and determinization."""

import pytest

from game.core.errors import IllegalActionError
from game.core.playout import random_steps
from game.core.protocol import CHANCE
from game.core.rng import Rng
from game.mists.ai import consistent_deals, determinize
from game.mists.invariants import check_invariants
from game.mists.model import CODES, SEATS
from game.mists.notation import format_position
from game.mists.setup import new_game, play_setup
from game.mists.view import redact_action, redact_events, view
from mists_helpers import do, make


def _body(text):
    return [line for line in text.splitlines() if not line.startswith("viewer:")]


def test_TM_12_1_own_card_only_then_a_pass_reveals():
    s = make("MKWFS", display="attack attack attack spear axe", active="A")
    v = view(s, "B")
    assert v.chars == (None, "knight", None, None) and v.leftover is None and v.rng is None
    text = format_position(v)
    assert "B: knight" in text and "A: ? " in text and "leftover: ?" in text and "rng: ?" in text
    do(s, "A pass; B pass; C pass; D pass")
    for seat in (None, "A", "B", "C"):
        assert view(s, seat).chars[3] == "fool"


def test_TM_12_3_scout_collection_shows_own_pointing_only():
    s = make("MKWSF", display="scout attack attack spear axe", active="B")
    do(s, "B take A1; chance draw A1 attack; B point A; C point D")
    assert view(s, "C").pointing == (None, "?", 3, None)
    assert view(s, "B").pointing == (None, 0, "?", None)
    assert view(s, None).pointing == (None, "?", "?", None)
    assert "pointing: A=- B=? C=D D=-" in format_position(view(s, "C"))


def test_TM_12_4_views_have_no_legal_actions():
    v = view(make(), "A")
    with pytest.raises(IllegalActionError):
        v.legal_actions()
    with pytest.raises(IllegalActionError):
        v.apply("A pass")


def test_TM_12_5_spectator_view_public_and_complete_after_the_end():
    s = make("MKWSF", display="attack attack attack spear axe", active="B", life={"A": 1}, revealed="C")
    spec = view(s, None)
    assert spec.chars == (None, None, "witch", None) and spec.viewer is None
    do(s, "B take A1; chance draw A1 attack; B target A")
    for seat in (None, "A", "B"):
        assert _body(format_position(view(s, seat))) == _body(format_position(s))


def test_TM_12_view_of_unknown_seat():
    with pytest.raises(ValueError, match="not a seat in play"):
        view(make("MKWS"), "D")


def test_TM_12_redact_action_and_events_of_the_deal():
    s = new_game(4, 9)
    events = do(s, "chance deal SKWMF")
    assert redact_action("chance deal SKWMF", "B") == "chance deal ?K???"
    assert redact_action("chance deal SKWMF", None) == "chance deal ?????"
    assert [e.kind for e in redact_events(events, "C")] == ["deal", "character"]
    assert redact_events(events, "C")[1].get("character") == "witch"
    assert [e.kind for e in redact_events(events, None)] == ["deal"]
    assert redact_action("C point A", "B") == "C point ?" and redact_action("C point A", "C") == "C point A"
    assert redact_action("C take A1", "B") == "C take A1"


def test_TM_12_leak_deal_differs_only_in_secret():
    a, b = new_game(4, 9), new_game(4, 9)
    ea, eb = a.apply("chance deal MKWSF"), b.apply("chance deal MKWFS")
    for seat in (None, "A", "B", "C"):
        assert format_position(view(a, seat)) == format_position(view(b, seat))
        assert redact_events(ea, seat) == redact_events(eb, seat)
        assert redact_action("chance deal MKWSF", seat) == redact_action("chance deal MKWFS", seat)


def test_TM_12_leak_pointing_differs_only_in_secret():
    a = make("MKWSF", display="scout attack attack spear axe", active="B")
    b = a.clone()
    do(a, "B take A1; chance draw A1 attack")
    do(b, "B take A1; chance draw A1 attack")
    ea, eb = a.apply("B point A"), b.apply("B point D")
    for seat in (None, "A", "C", "D"):
        assert format_position(view(a, seat)) == format_position(view(b, seat))
        assert redact_events(ea, seat) == redact_events(eb, seat)
        assert redact_action("B point A", seat) == redact_action("B point D", seat)
        assert a.current_player() == b.current_player()


def _twin(state, viewer, rng):
    """A copy of ``state`` with the characters ``viewer`` cannot see dealt again (consistently)."""
    deals = [d for d in consistent_deals(view(state, viewer)) if d != (state.chars, state.leftover)]
    if not deals:
        return None
    twin = state.clone()
    twin.chars, twin.leftover = deals[rng.below(len(deals))]
    twin.legal_cache = None
    assert not check_invariants(twin)
    return twin


@pytest.mark.parametrize("players", [3, 4])
def test_TM_12_leak_two_states_differing_in_secrets_look_the_same(players):
    """Play the same public actions in two states whose hidden characters differ; every other
    seat sees identical views, redacted events, redacted legal-action texts and decision order."""
    compared = 0
    for seed in range(40):
        rng = Rng(seed)
        s = play_setup(new_game(players, seed))
        random_steps(s, rng, rng.below(12))
        if s.is_over():
            continue
        viewer = SEATS[rng.below(players)]
        t = _twin(s, viewer, rng)
        if t is None:
            continue
        for _ in range(60):
            if s.is_over():        # the end reveals everything (TM-11.2), in both at once
                assert t.is_over() and s.result.reason == t.result.reason
                break
            assert s.current_player() == t.current_player()
            assert format_position(view(s, viewer)) == format_position(view(t, viewer))
            actor = s.current_player()
            la, lb = s.legal_actions(), t.legal_actions()
            if actor == viewer or actor == CHANCE:
                assert la == lb
            # a pass reveals its player's card (TM-9.2): where the twins differ there, they part
            differs = actor != CHANCE and s.chars[SEATS.index(actor)] != t.chars[SEATS.index(actor)]
            common = [a for a in la if a in lb and not (differs and a.verb == "pass")]
            if not common:
                break
            action = common[rng.below(len(common))]
            ea, eb = s.apply(action), t.apply(action)
            if not s.is_over():
                assert redact_events(ea, viewer) == redact_events(eb, viewer)
            assert redact_action(action, viewer) == redact_action(action, viewer)
            compared += 1
    assert compared > 300


@pytest.mark.parametrize("players", [3, 4])
def test_TM_12_6_determinize_reproduces_the_view(players):
    rng = Rng(77)
    checked = 0
    for seed in range(60):
        s = new_game(players, seed)
        random_steps(s, Rng(seed + 1), Rng(seed).below(40))
        for seat in (None,) + s.seats:
            v = view(s, seat)
            d = determinize(v, rng)
            assert type(d).__name__ == "MistsState"
            assert format_position(view(d, seat)) == format_position(v)
            assert not check_invariants(d)
            if not d.is_over() and d.current_player() != CHANCE:
                assert d.legal_actions()
            checked += 1
    assert checked >= 200


def test_TM_12_6_determinize_respects_the_records():
    # B took combo (not Witch/Saint) and arcana (not Knight/Fool): B is the Monster.
    s = make("KMWSF", active="C", records={"B": "1:combo>A 5:arcana+B>C"}, turn=6)
    v = view(s, "A")
    assert consistent_deals(v) and all(chars[1] == "monster" for chars, _ in consistent_deals(v))
    rng = Rng(3)
    seen = set()
    for _ in range(200):
        d = determinize(v, rng)
        assert d.chars[0] == "knight" and d.chars[1] == "monster"
        seen.add((d.chars, d.leftover))
    assert len(seen) == len(consistent_deals(v)) == 6      # W, S, F over C, D and the leftover
    codes = {"".join(CODES[c] for c in chars) + CODES[left] for chars, left in seen}
    assert "KMWSF" in codes and "KMFWS" in codes


def test_TM_5_2_TM_12_4_legal_takes_depend_on_the_character_only_for_the_actor():
    # Witch and Saint share every restriction of this display but Charge's: the actor's own
    # list differs; the others' views and the decision that follows do not.
    a = make("MKWFS", display="charge_w charge_s attack spear axe", active="C")
    b = make("MKSFW", display="charge_w charge_s attack spear axe", active="C")
    assert [str(x) for x in a.legal_actions()] != [str(x) for x in b.legal_actions()]
    for seat in (None, "A", "B", "D"):
        assert format_position(view(a, seat)) == format_position(view(b, seat))
    ea, eb = a.apply("C take A3"), b.apply("C take A3")
    assert redact_events(ea, "A") == redact_events(eb, "A") and a.current_player() == b.current_player()


def test_TM_9_3_revealed_monster_proves_front_and_plays_on():
    s = make("MKWSF", display="attack attack attack spear axe", active="A")
    do(s, "A pass")
    v = view(s, "B")
    assert v.chars[0] == "monster" and all(chars[0] == "monster" for chars, _ in consistent_deals(v))
    do(s, "B pass; C pass; D pass")
    assert s.current_player() == "A" and "A take A1" in [str(x) for x in s.legal_actions()]
