"""legal.py pinned exactly (issue 14): who decides (SB-12), the legal lists, chance (SB-3.2) and every
refusal's rule id and full message (the player reads it).  I plays Heavy, II Agile; escorts front back
left right are infantry medic engineer sniper unless named."""

import pytest

from game.core.errors import IllegalActionError
from game.core.protocol import CHANCE, TERMINAL
from game.core.rng import Rng
from game.steel import make_ruleset, new_game

from .helpers import game, legal_texts, recover, run, unit
from .test_mut_flow import cold_caches  # noqa: F401  (autouse)


def refused(st, action, message):
    with pytest.raises(IllegalActionError) as err:
        st.apply(action)
    assert str(err.value) == message


def test_SB_3_2_chance_due_refuses_every_player_action():
    st = new_game(2, 1)
    assert st.current_player() == CHANCE and st.legal_actions() == st.legal_actions()
    assert legal_texts(st) == ["chance chooser I", "chance chooser II"]
    msg = "SB-3.2: a chance outcome is due (chance chooser I|II), not a player's decision"
    refused(st, "I mech heavy", msg)
    refused(st, "II play C1 front", msg)


def test_SB_3_2_sample_chance_is_seeded():
    drawn = {str(new_game(2, seed).sample_chance()) for seed in range(12)}
    assert drawn == {"chance chooser I", "chance chooser II"}
    for seed in range(6):
        first = new_game(2, seed).sample_chance()
        assert new_game(2, seed).sample_chance() is first
        assert str(first) == ("chance chooser I", "chance chooser II")[Rng(seed).below(2)]


def test_SB_3_2_mech_phase_decisions_and_refusals():
    st = new_game(2, 1)
    run(st, "chance chooser II")
    assert st.chance_outcomes() == [] and st.current_player() == "II"
    refused(st, "chance chooser I", "SB-3.2: no chance outcome is due; II decides now (mech)")
    refused(st, "I mech heavy", "SB-3.2: II decides now (mech), not I")
    refused(st, "II play C1 front", "SB-3.2: II must decide 'mech' now, not 'play'")
    refused(st, "II mech tank", "SB-3.2: no mech kind 'tank' (kinds: heavy, agile, standard)")
    run(st, "II mech heavy")
    assert st.current_player() == "I" and legal_texts(st) == ["I mech agile", "I mech standard"]
    refused(st, "I mech heavy", "SB-3.2: heavy is taken by II; the players use different kinds")
    refused(st, "II mech agile", "SB-3.2: I decides now (mech), not II")


def test_SB_3_5_deploy_decisions_and_refusals():
    st = new_game(2, 0, make_ruleset(["mech_assignment=heavy,agile"]))
    assert st.current_player() == "I" and st.phase == "deploy"
    deploys = legal_texts(st)
    assert len(deploys) == 360 and len(set(deploys)) == 360
    assert deploys[0] == "I deploy disruptor engineer medic infantry"
    assert deploys[-1] == "I deploy sniper grenadier infantry medic"
    refused(st, "II deploy medic infantry engineer sniper", "SB-3.5: I decides now (deploy), not II")
    refused(st, "I mech agile", "SB-3.5: I must decide 'deploy' now, not 'mech'")
    refused(st, "I deploy medic medic engineer sniper",
            "SB-3.5: the 4 escorts must be different (medic medic engineer sniper)")
    refused(st, "I deploy medic cook engineer sniper",
            "SB-3.5: no escort 'cook' (escorts: disruptor, engineer, medic, infantry, grenadier, sniper)")
    run(st, "I deploy medic infantry engineer sniper")
    assert st.current_player() == "II" and legal_texts(st)[0] == "II deploy disruptor engineer medic infantry"
    assert len(legal_texts(st)) == 360
    refused(st, "I deploy medic infantry engineer sniper", "SB-3.5: II decides now (deploy), not I")


def test_SB_4_1_play_refusals():
    st = game(piles={"I": ["C2:back"]})
    refused(st, "I play C9 front", "SB-4.1: no command card 'C9'")
    refused(st, "I play C2 retreat", "SB-4.1: C2 is not in I's hand: it lies on the table pile")
    refused(st, "I play C1 back", "SB-4.1: C1 has no half 'back' (halves: advance, front)")
    refused(st, "I play C5 front", "SB-4.1: C5 has no half 'front' (halves: mech)")
    refused(st, "I effect cannon", "SB-4.1: I must decide 'play' now, not 'effect'")
    refused(st, "chance chooser I", "SB-4.1: no chance outcome is due; I decides now (play)")
    refused(st, "II play C1 front", "SB-4.1: I decides now (play), not II")
    refused(st, "I play C1 front rifle",
            "SB-7.1: the effect is chosen when the item resolves (effect_choice_at = resolution)")
    run(st, "I play C1 front")
    assert st.current_player() == "II"
    refused(st, "I play C3 left", "SB-4.1: II decides now (play), not I")


def test_SB_4_1_each_seat_gets_its_own_play_list():
    st = game(piles={"I": ["C1:front", "C2:back", "C3:left", "C4:right", "C5:mech"],
                     "II": ["C1:front", "C2:back", "C3:left", "C4:right", "C5:mech"]})
    assert legal_texts(st) == ["I play C6 recover"]
    run(st, "I play C6 recover")
    assert legal_texts(st) == ["II play C6 recover"]
    st = game(piles={"II": ["C1:front", "C2:back", "C3:left", "C4:right", "C5:mech"]})
    assert len(legal_texts(st)) == 10          # C1-C4 two halves each, C5 and C6 one each
    run(st, "I play C6 recover")
    assert legal_texts(st) == ["II play C6 recover"]


def test_SB_6_6_recover_empty_refused_only_with_an_empty_pile():
    st = game(settings=["recover_empty=false"], piles={"II": ["C1:front"]})
    assert "I play C6 recover" not in legal_texts(st)
    refused(st, "I play C6 recover",
            "SB-6.6: a recover with an empty table pile is not allowed (recover_empty = false)")
    run(st, "I play C1 advance")
    assert legal_texts(st)[-1] == "II play C6 recover"


def test_SB_7_1_effect_at_play_refusals():
    st = game(variants=["effect-at-play"])
    refused(st, "I play C1 front nope", "SB-7.1: infantry has no effect 'nope' (focused, rifle)")
    refused(st, "I play C1 advance rifle", "SB-7.1: the advance half designates no unit, so the play names no effect")
    refused(st, "I play C1 front", "SB-7.1: name the effect of infantry too (effect_choice_at = play)")
    refused(st, "I play C6 recover heal", "SB-7.1: the recover half designates no unit, so the play names no effect")
    assert legal_texts(st) == [
        "I play C1 advance", "I play C1 front focused", "I play C1 front rifle",
        "I play C2 retreat", "I play C2 back heal", "I play C2 back replenish",
        "I play C3 full_advance", "I play C3 left drone", "I play C3 left mine",
        "I play C4 full_retreat", "I play C4 right snipe", "I play C4 right am_shot",
        "I play C5 mech cannon", "I play C5 mech barrage", "I play C6 recover"]


def test_SB_7_1_effect_at_play_list_follows_the_sides_on_the_table():
    # two games on one ruleset with the same (empty) pile: the list depends on the sides and the mech too
    rules = make_ruleset(["mech_assignment=heavy,agile"], ["effect-at-play"])
    a, b = new_game(2, 0, rules), new_game(2, 0, rules)
    for st in (a, b):
        run(st, "I deploy infantry medic engineer sniper", "II deploy infantry medic engineer sniper")
    b.sides = (None,) + b.sides[1:]
    b.legal_cache = None
    assert "I play C1 front rifle" in legal_texts(a) and "I play C1 front" not in legal_texts(a)
    assert "I play C1 front" in legal_texts(b) and "I play C1 front rifle" not in legal_texts(b)
    run(a, "I play C1 advance")
    assert "II play C5 mech melee" in legal_texts(a) and "II play C5 mech cannon" not in legal_texts(a)
    c = new_game(2, 0, make_ruleset(["mech_assignment=agile,heavy"], ["effect-at-play"]))
    run(c, "I deploy infantry medic engineer sniper", "II deploy infantry medic engineer sniper")
    assert "I play C5 mech melee" in legal_texts(c)


def test_SB_7_1_effect_decision_refusals():
    st = game(dist=2)
    run(st, unit(st, "I", "infantry"), recover("II"))
    assert st.current_player() == "I" and legal_texts(st) == ["I effect focused", "I effect rifle"]
    refused(st, "I effect nope", "SB-7.1: infantry has no effect 'nope' (focused, rifle)")
    refused(st, "II effect rifle", "SB-7.1: I decides now (effect), not II")
    refused(st, "I hit medic", "SB-7.1: I must decide 'effect' now, not 'hit'")
    refused(st, "chance chooser I", "SB-7.1: no chance outcome is due; I decides now (effect)")


def test_SB_7_1_effect_list_is_the_designated_units():
    st = game(dist=2, mechs=("heavy", "agile"))
    run(st, unit(st, "I", "infantry"), unit(st, "II", "mech"))
    assert st.current_player() == "II" and legal_texts(st) == ["II effect melee", "II effect autocannon"]
    run(st, "II effect autocannon")
    assert legal_texts(st) == ["I effect focused", "I effect rifle"]


def test_SB_8_4_hit_decision_refusals():
    st = game(tokens={"II": ["medic"]})
    run(st, unit(st, "I", "infantry"), recover("II"), "I effect rifle")
    assert st.current_player() == "II"
    assert legal_texts(st) == ["II hit infantry", "II hit medic", "II hit engineer", "II hit sniper"]
    refused(st, "II hit cook", "SB-8.4: hit cook is not offered (offered: infantry / medic / engineer / sniper)")
    refused(st, "II hit2 medic sniper", "SB-8.4: II must decide 'hit' now, not 'hit2'")
    refused(st, "I hit medic", "SB-8.4: II decides now (hit), not I")


def test_SB_8_4_focused_attack_the_attacker_decides():
    st = game(dist=1)
    run(st, unit(st, "I", "infantry"), recover("II"), "I effect focused")
    assert st.current_player() == "I"
    assert legal_texts(st) == ["I hit infantry", "I hit medic", "I hit engineer", "I hit sniper"]
    refused(st, "II hit medic", "SB-8.4: I decides now (hit), not II")


def test_SB_8_5_hit2_decision_refusals():
    st = game(escorts=("infantry medic engineer grenadier", "infantry medic engineer sniper"), dist=1, sp=(1, 0),
              tokens={"II": ["medic"]})
    run(st, unit(st, "I", "grenadier"), recover("II"), "I effect volley")
    assert legal_texts(st) == [
        "II hit2 infantry infantry", "II hit2 infantry medic", "II hit2 infantry engineer", "II hit2 infantry sniper",
        "II hit2 medic engineer", "II hit2 medic sniper", "II hit2 engineer engineer", "II hit2 engineer sniper",
        "II hit2 sniper sniper"]
    refused(st, "II hit2 medic medic",
            "SB-8.5: hit2 medic medic is not offered (offered: infantry infantry / infantry medic / infantry engineer"
            " / infantry sniper / medic engineer / medic sniper / engineer engineer / engineer sniper / sniper sniper)")
    refused(st, "II hit medic", "SB-8.5: II must decide 'hit2' now, not 'hit'")


def test_SB_8_3_destroy_decision_refusal():
    st = game(dist=3, sp=(2, 0))
    run(st, unit(st, "I", "sniper"), recover("II"), "I effect snipe")
    assert legal_texts(st) == ["II destroy infantry", "II destroy medic", "II destroy engineer", "II destroy sniper"]
    refused(st, "II destroy mech",
            "SB-8.3: destroy mech is not offered (offered: infantry / medic / engineer / sniper)")


def test_SB_9_2_shift_decision_refusal():
    st = game(escorts=("disruptor medic engineer sniper", "infantry medic engineer sniper"), sp=(1, 0))
    run(st, unit(st, "I", "disruptor"), recover("II"), "I effect smoke")
    assert st.current_player() == "I" and legal_texts(st) == ["I shift 1", "I shift 3"]
    refused(st, "I shift 2", "SB-9.2: shift 2 is not offered (offered: 1 / 3)")


def test_SB_9_3_heal_decision_refusal():
    st = game(tokens={"I": ["engineer", "sniper"]})
    run(st, unit(st, "I", "medic"), recover("II"), "I effect heal")
    assert legal_texts(st) == ["I heal engineer", "I heal sniper"]
    refused(st, "I heal medic", "SB-9.3: heal medic is not offered (offered: engineer / sniper)")
    refused(st, "II heal engineer", "SB-9.3: I decides now (heal), not II")


def test_SB_10_game_over_has_no_decision():
    st = game(hp=(2, 5), sp=(0, 1), dist=1)
    run(st, unit(st, "I", "infantry"), unit(st, "II", "mech"), "II effect melee")
    assert st.current_player() == TERMINAL and st.legal_actions() == [] and st.chance_outcomes() == []
    refused(st, "I play C1 front", "SB-10: the game is over")
    refused(st, "chance chooser I", "SB-10: the game is over")


def test_SB_7_1_effect_at_play_list_follows_the_mech():
    rules = make_ruleset([], ["effect-at-play"])
    a, b = new_game(2, 0, rules), new_game(2, 0, rules)
    run(a, "chance chooser I", "I mech heavy", "II mech agile")
    run(b, "chance chooser I", "I mech agile", "II mech heavy")
    for st in (a, b):
        run(st, "I deploy infantry medic engineer sniper", "II deploy infantry medic engineer sniper")
    assert [t for t in legal_texts(a) if "C5" in t] == ["I play C5 mech cannon", "I play C5 mech barrage"]
    assert [t for t in legal_texts(b) if "C5" in t] == ["I play C5 mech melee", "I play C5 mech autocannon"]


def test_SB_7_1_effect_list_follows_the_unit_turn_by_turn():
    st = game(dist=2)
    run(st, unit(st, "I", "infantry"), recover("II"))
    assert legal_texts(st) == ["I effect focused", "I effect rifle"]
    run(st, "I effect rifle", "II hit medic")
    run(st, unit(st, "I", "mech"), recover("II"))
    assert legal_texts(st) == ["I effect cannon", "I effect barrage"]


def test_SB_12_who_decides_through_a_turn():
    st = game(dist=2)
    assert st.current_player() == "I" and legal_texts(st)[0] == "I play C1 advance"
    run(st, unit(st, "I", "infantry"))
    assert st.current_player() == "II" and legal_texts(st)[0] == "II play C1 advance"
    run(st, recover("II"))
    assert st.current_player() == "I" and st.phase == "resolve"
    run(st, "I effect rifle")
    assert st.current_player() == "II"
    run(st, "II hit medic")
    assert st.current_player() == "I" and st.phase == "play" and st.turn == 2


def test_SB_7_1_effect_at_play_list_follows_IIs_sides():
    rules = make_ruleset(["mech_assignment=heavy,agile"], ["effect-at-play"])
    a, b = new_game(2, 0, rules), new_game(2, 0, rules)
    for st in (a, b):
        run(st, "I deploy infantry medic engineer sniper", "II deploy infantry medic engineer sniper",
            "I play C6 recover")
    b.sides = b.sides[:4] + (None,) + b.sides[5:]
    b.legal_cache = None
    assert "II play C1 front rifle" in legal_texts(a) and "II play C1 front" not in legal_texts(a)
    assert "II play C1 front" in legal_texts(b) and "II play C1 front rifle" not in legal_texts(b)


def test_SB_4_1_a_designate_half_listed_first_keeps_the_other_half(tmp_path):
    from game.steel.cards import DEFAULT_CARDS
    text = open(DEFAULT_CARDS, encoding="utf-8").read()
    old = "  half kind=move move=advance steps=-1 speed=2\n  half kind=designate target=front\n"
    assert old in text
    path = tmp_path / "swapped.cards"
    path.write_text(text.replace(old, "  half kind=designate target=front\n  half kind=move move=advance steps=-1 "
                                      "speed=2\n"), encoding="utf-8")
    st = game(settings=[f"cards={path}"], variants=["effect-at-play"])
    assert legal_texts(st)[:3] == ["I play C1 front focused", "I play C1 front rifle", "I play C1 advance"]
