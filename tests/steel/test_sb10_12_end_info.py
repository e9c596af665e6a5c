"""SB-10 victory and end, SB-11 information, SB-12 decisions (effect_choice_at = play included)."""

import pytest

from game.core.errors import IllegalActionError
from game.core.events import make_event
from game.core.rng import Rng
from game.steel import flow
from game.steel.view import redact_action, redact_events, view

from .helpers import game, kinds, legal_texts, move, recover, run, unit


def test_SB_10_3_clock_end_equal_scores_draw():
    st = game(hp=(4, 3), clock=9, removed=[("I", "infantry"), ("I", "medic"), ("II", "sniper")],
              tokens={"II": ["infantry", "medic"]})
    assert (st.score(0), st.score(1)) == (6, 6)
    run(st, recover("I"), move("II", "advance"))
    assert st.is_over() and st.result.reason == "clock" and st.result.winners == ()
    assert st.result.as_dict() == {"winners": [], "reason": "clock", "scores": {"I": 6, "II": 6}}


def test_SB_10_3_hp_only_score_variant():
    st = game(hp=(4, 3), clock=9, removed=[("I", "infantry")], settings=["end_score=hp"])
    run(st, recover("I"), move("II", "advance"))
    assert st.result.scores == (4, 3) and st.result.winners == ("I",)


def test_SB_10_4_both_losing_at_once_is_a_draw():
    st = game()
    st.hp = (0, 0)
    events = []
    assert flow._check_victory(st, events)
    assert st.result.winners == () and st.result.reason == "both" and kinds(events) == ["end"]


def _no_recover_policy(st):
    acts = st.legal_actions()
    plain = [a for a in acts if not (a.verb == "play" and a.args[1] == "recover")]
    return (plain or acts)[0]


@pytest.mark.parametrize("policy", ["first", "last", "no-recover"])
def test_SB_10_5_game_ends_by_turn_30(policy):
    for seed in range(3):
        st = game()
        rng = Rng(seed)
        while not st.is_over():
            acts = st.legal_actions()
            a = {"first": acts[0], "last": acts[-1], "no-recover": _no_recover_policy(st)}[policy] \
                if seed == 0 else acts[rng.below(len(acts))]
            st.apply(a)
        assert st.turn <= 30


def test_SB_11_1_hands_are_public():
    st = game(piles={"II": ["C1:front", "C3:full_advance"]})
    for seat in ("I", "II", None):
        assert view(st, seat).hand(1) == ("C2", "C4", "C5", "C6")


def test_SB_11_2_play_hidden_until_both_commit():
    st = game()
    events = run(st, "I play C1 front")
    v = view(st, "II")
    assert v.plays[0].card == "?" and view(st, None).plays[0].card == "?"
    assert view(st, "I").plays[0].card == "C1"
    seen = redact_events(events, "II")
    assert kinds(seen) == ["committed"] and "C1" not in seen[0].text
    assert redact_action("I play C1 front", "II") == "I play ?" == redact_action("I play C6 recover", None)
    assert redact_action("I play C1 front", "I") == "I play C1 front"
    with pytest.raises(IllegalActionError, match="^SB-4.1: II decides now"):
        st.apply("I play C2 retreat")
    events = run(st, "II play C6 recover")
    assert [e.get("plays") for e in events if e.kind == "reveal"] == [(("C1", "front"), ("C6", "recover"))]
    assert view(st, "II").plays[0].card == "C1"


def test_SB_7_1_effect_chosen_at_play():
    st = game(variants=["effect-at-play"], dist=2, sp=(2, 0))
    texts = legal_texts(st)
    assert "I play C5 mech cannon" in texts and "I play C5 mech barrage" in texts and "I play C5 mech" not in texts
    assert "I play C1 advance" in texts
    with pytest.raises(IllegalActionError, match="^SB-7.1: name the effect of heavy too"):
        st.apply("I play C5 mech")
    run(st, "I play C5 mech cannon", "II play C1 front rifle")
    # II's infantry (4) acts first, its effect shown; I's (7) is still hidden from II and the spectator
    assert legal_texts(st) == ["I hit infantry", "I hit medic", "I hit engineer", "I hit sniper"]
    assert view(st, "II").plays[0].effect == "?" and view(st, None).plays[0].effect == "?"
    assert view(st, "I").plays[1].effect == "rifle" and view(st, "I").plays[0].effect == "cannon"
    events = run(st, "I hit medic")
    assert [e.get("effect") for e in events if e.kind == "effect"] == ["cannon"]     # no Effect decision
    assert st.hp == (6, 3) and st.sp == (0, 0) and st.phase == "play"


def test_SB_7_1_effect_at_play_designation_of_empty_side_names_no_effect():
    st = game(variants=["effect-at-play"], removed=[("I", "infantry")])
    assert "I play C1 front" in legal_texts(st)
    with pytest.raises(IllegalActionError, match="^SB-7.1: the front half designates no unit"):
        st.apply("I play C1 front rifle")


def test_SB_12_events_are_rich_and_ordered():
    st = game(dist=3, sp=(2, 0))
    events = run(st, unit(st, "I", "mech"), move("II", "advance"), "I effect cannon")
    assert kinds(events) == ["committed", "play", "committed", "play", "reveal", "move", "item", "effect", "sp",
                             "damage", "turn"]
    dmg = events[kinds(events).index("damage")]
    assert dmg.get("unit") == "II:mech" and dmg.get("hp") == 3
    assert [e.kind for e in redact_events(events, None)].count("play") == 0
    assert isinstance(make_event("x"), type(events[0]))


def test_SB_11_1_table_queries_for_the_renderer():
    st = game(removed=[("II", "medic")])
    v = view(st, None)
    assert v.removed_escorts(1) == ("medic",) and v.removed_escorts(0) == ()
    assert v.leftover_escorts(0) == ("disruptor", "grenadier")
