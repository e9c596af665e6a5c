"""SB-3 setup: mech chooser and picks, deployment, clock, the first turn."""

import pytest

from game.core.errors import IllegalActionError
from game.core.protocol import CHANCE
from game.steel import new_game
from game.steel.view import view

from .helpers import game, legal_texts, run


def test_SB_3_2_chance_picks_the_chooser_half_each():
    st = new_game(2, 5)
    assert st.current_player() == CHANCE
    assert [(str(a), p) for a, p in st.chance_outcomes()] == [("chance chooser I", 0.5), ("chance chooser II", 0.5)]
    drawn = st.sample_chance()
    rng_before = st.rng
    run(st, drawn)
    assert st.rng != rng_before and st.chooser == ("I", "II").index(drawn.args[0])


def test_SB_3_2_chooser_takes_standard_other_offered_heavy_and_agile():
    st = new_game(2, 1)
    run(st, "chance chooser II")
    assert st.current_player() == "II"
    assert legal_texts(st) == ["II mech heavy", "II mech agile", "II mech standard"]
    events = run(st, "II mech standard")
    assert st.current_player() == "I" and legal_texts(st) == ["I mech heavy", "I mech agile"]
    events = run(st, "I mech agile")
    assert st.mechs == ("agile", "standard") and st.hp == (5, 6)
    out = [e for e in events if e.kind == "mechs_out"]
    assert out[0].get("mechs") == ("heavy",) and st.phase == "deploy"


def test_SB_3_2_chooser_picks_heavy_no_mirror_match():
    st = new_game(2, 1)
    run(st, "chance chooser I", "I mech heavy")
    assert legal_texts(st) == ["II mech agile", "II mech standard"]
    with pytest.raises(IllegalActionError, match="^SB-3.2: heavy is taken by I"):
        st.apply("II mech heavy")
    with pytest.raises(IllegalActionError, match="^SB-3.2: I decides|^SB-3.2: II decides now"):
        st.apply("I mech agile")


def test_SB_3_2_with_two_mech_kinds_the_second_pick_is_forced(tmp_path):
    from game.steel.cards import DEFAULT_CARDS
    text = open(DEFAULT_CARDS, encoding="utf-8").read()
    cut = text.index("unit standard")
    path = tmp_path / "two.cards"
    path.write_text(text[:cut], encoding="utf-8")
    from game.steel import make_ruleset
    st = new_game(2, 3, make_ruleset([f"cards={path}"]))
    run(st, "chance chooser I")
    events = run(st, "I mech agile")
    assert st.mechs == ("agile", "heavy") and st.phase == "deploy"
    assert [e.get("mech") for e in events if e.kind == "mech"] == ["agile", "heavy"]


def test_SB_3_after_setup():
    st = new_game(2, 9)
    run(st, "chance chooser I", "I mech heavy", "II mech agile")
    assert len(st.legal_actions()) == 360          # 4 of 6 escorts, ordered
    run(st, "I deploy medic infantry sniper engineer", "II deploy disruptor grenadier infantry medic")
    assert (st.phase, st.turn, st.dist, st.sp, st.clock) == ("play", 1, 2, (0, 0), 1)
    assert st.hand(0) == st.hand(1) == ("C1", "C2", "C3", "C4", "C5", "C6")
    assert st.hp == (6, 5)
    assert st.sides == ("medic", "infantry", "sniper", "engineer", "disruptor", "grenadier", "infantry", "medic")
    assert st.tokens == (0,) * 8


def test_SB_3_5_escorts_hidden_until_both_deployed():
    st = new_game(2, 9)
    run(st, "chance chooser I", "I mech heavy", "II mech agile")
    events = run(st, "I deploy medic infantry sniper engineer")
    assert view(st, "II").deploys == ("?", None)
    assert view(st, None).deploys == ("?", None)
    assert view(st, "I").deploys == (("medic", "infantry", "sniper", "engineer"), None)
    public = [e for e in events if e.seen_by is None]
    assert all("medic" not in e.text and "medic" not in str(e.data) for e in public)
    with pytest.raises(IllegalActionError, match="^SB-3.5: the 4 escorts must be different"):
        st.apply("II deploy medic medic sniper engineer")
    with pytest.raises(IllegalActionError, match="^SB-3.5: no escort 'tank'"):
        st.apply("II deploy tank medic sniper engineer")
    events = run(st, "II deploy disruptor grenadier infantry medic")
    shown = [e for e in events if e.kind == "escorts"]
    assert [e.get("sides")[0] for e in shown] == [("front", "medic"), ("front", "disruptor")]


def test_SB_3_6_leftovers_one_per_set_forms_the_clock():
    st = new_game(2, 9)
    run(st, "chance chooser I", "I mech heavy", "II mech agile", "I deploy medic infantry sniper engineer")
    events = run(st, "II deploy disruptor grenadier infantry medic")
    left = {e.get("seat"): e.get("leftover") for e in events if e.kind == "escorts"}
    assert left == {"I": ("disruptor", "grenadier"), "II": ("engineer", "sniper")}
    assert [e.get("how") for e in events if e.kind == "clock"] == ["start"] and st.clock == 1


def test_SB_3_2_fixed_mechs_skip_the_chooser():
    st = game(mechs=("standard", "heavy"))
    assert st.chooser is None and st.mechs == ("standard", "heavy") and st.hp == (6, 6)


def test_SB_3_refusals_name_the_rule():
    st = new_game(2, 9)
    with pytest.raises(IllegalActionError, match="^SB-3.2: a chance outcome is due"):
        st.apply("I mech heavy")
    run(st, "chance chooser I")
    with pytest.raises(IllegalActionError, match="^SB-3.2: no chance outcome is due"):
        st.apply("chance chooser II")
    with pytest.raises(IllegalActionError, match="^SB-3.2: no mech kind 'tank'"):
        st.apply("I mech tank")
    with pytest.raises(IllegalActionError, match="^SB-3.2: I must decide 'mech' now, not 'play'"):
        st.apply("I play C1 front")
