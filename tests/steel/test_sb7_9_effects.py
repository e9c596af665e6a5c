"""SB-7 designated units and effects, SB-8 damage and hits, SB-9 traps, smoke, medic, jamming.
I plays the first mech named (default Heavy), II the second (default Agile)."""

import pytest

from game.core.errors import IllegalActionError
from game.steel.effects import op_choices

from .helpers import game, has_token, kinds, legal_texts, move, on_table, recover, run, unit

SMOKER = "disruptor medic engineer sniper"


def fizzles(events):
    return [e.get("reason") for e in events if e.kind == "fizzle"]


def test_SB_7_2_wrong_distance_on_purpose_does_nothing():
    st = game(dist=1, sp=(2, 0))
    events = run(st, unit(st, "I", "mech"), recover("II"), "I effect cannon")
    assert fizzles(events)[0].startswith("SB-7.3: cannon works at distance 2,3, not 1")
    assert st.sp == (2, 0) and st.hp == (6, 5)


def test_SB_7_3_not_enough_sp():
    st = game(dist=3, sp=(1, 0))
    events = run(st, unit(st, "I", "mech"), recover("II"), "I effect cannon")
    assert fizzles(events) == ["SB-7.3: cannon costs 2 SP, I has 1"] and st.sp == (1, 0) and st.hp == (6, 5)


def test_SB_7_3_full_advance_escapes_the_snipe():
    st = game(dist=3, sp=(2, 0))
    events = run(st, unit(st, "I", "sniper"), move("II", "full_advance"), "I effect snipe")
    assert st.dist == 1 and st.sp == (2, 0) and "destroyed" not in kinds(events)
    assert fizzles(events)[0].startswith("SB-7.3: snipe works at distance 3, not 1")


def test_SB_7_3_advance_into_the_cannon():
    st = game(dist=3, sp=(2, 0))
    run(st, unit(st, "I", "mech"), move("II", "advance"), "I effect cannon")
    assert st.dist == 2 and st.hp == (6, 3) and st.sp == (0, 0)


def test_SB_7_1_unknown_effect_refused():
    st = game(dist=3, sp=(2, 0))
    run(st, unit(st, "I", "mech"), recover("II"))
    with pytest.raises(IllegalActionError, match="^SB-7.1: heavy has no effect 'laser'"):
        st.apply("I effect laser")
    with pytest.raises(IllegalActionError, match="^SB-7.1: I decides now"):
        st.apply("II effect melee")


def test_SB_8_2_hit_gives_a_token_then_destroys():
    st = game()
    run(st, unit(st, "I", "infantry"), recover("II"), "I effect rifle")
    assert st.current_player() == "II"
    assert legal_texts(st) == ["II hit infantry", "II hit medic", "II hit engineer", "II hit sniper"]
    run(st, "II hit engineer")
    assert has_token(st, "II", "engineer") == 1
    st = game(tokens={"II": ["engineer"]})
    events = run(st, unit(st, "I", "infantry"), recover("II"), "I effect rifle", "II hit engineer")
    assert not on_table(st, "II", "engineer")
    assert [e.get("unit") for e in events if e.kind == "destroyed"] == ["II:engineer"]


def test_SB_8_4_focused_attack_attacker_picks_tokened_medic():
    st = game(dist=1, tokens={"I": ["medic"]})
    run(st, recover("I"), unit(st, "II", "infantry"), "II effect focused")
    assert st.current_player() == "II"           # the attacker chooses (集中攻撃)
    run(st, "II hit medic")
    assert not on_table(st, "I", "medic")


def test_SB_8_3_snipe_defender_picks_one_removed():
    st = game(dist=3, sp=(0, 2))
    run(st, recover("I"), unit(st, "II", "sniper"), "II effect snipe")
    assert st.current_player() == "I"
    assert legal_texts(st) == ["I destroy infantry", "I destroy medic", "I destroy engineer", "I destroy sniper"]
    run(st, "I destroy medic")
    assert not on_table(st, "I", "medic") and st.sp == (0, 0) and st.tokens == (0,) * 8


def test_SB_8_5_barrage_on_the_last_escort_wins():
    st = game(dist=3, sp=(1, 0), removed=[("II", "infantry"), ("II", "medic"), ("II", "engineer")])
    events = run(st, unit(st, "I", "mech"), recover("II"), "I effect barrage")
    assert not on_table(st, "II", "sniper")
    assert st.is_over() and st.result.winners == ("I",) and st.result.reason == "escorts"
    assert "recover" not in kinds(events)


def test_SB_8_5_volley_on_one_tokened_one_untokened():
    base = dict(escorts=("grenadier medic engineer sniper", "infantry medic engineer sniper"), sp=(1, 0),
                tokens={"II": ["infantry"]}, removed=[("II", "engineer"), ("II", "sniper")])
    st = game(**base)
    run(st, unit(st, "I", "grenadier"), recover("II"), "I effect volley")
    assert legal_texts(st) == ["II hit2 infantry medic", "II hit2 medic medic"]
    with pytest.raises(IllegalActionError, match=r"^SB-8.5: hit2 infantry infantry is not offered"):
        st.apply("II hit2 infantry infantry")
    run(st, "II hit2 infantry medic")
    assert not on_table(st, "II", "infantry") and has_token(st, "II", "medic") == 1 and not st.is_over()
    st = game(**base)
    run(st, unit(st, "I", "grenadier"), recover("II"), "I effect volley", "II hit2 medic medic")
    assert not on_table(st, "II", "medic") and has_token(st, "II", "infantry") == 1


def test_SB_8_5_volley_on_last_two_tokened_escorts():
    st = game(escorts=("grenadier medic engineer sniper", "infantry medic engineer sniper"), sp=(1, 0),
              tokens={"II": ["infantry", "medic"]}, removed=[("II", "engineer"), ("II", "sniper")])
    eff = st.cards.escort("grenadier").effect("volley")
    assert op_choices(st, 0, eff.ops[0]) == (1, "hit2", [("infantry", "medic")])
    run(st, unit(st, "I", "grenadier"), recover("II"), "I effect volley")   # one option: taken unasked
    assert st.is_over() and st.result.winners == ("I",) and st.result.reason == "escorts"


def test_SB_9_1_mine_cancels_full_advance():
    st = game(dist=3, sp=(1, 0))
    events = run(st, unit(st, "I", "engineer"), move("II", "full_advance"), "I effect mine")
    assert st.dist == 3 and st.hp == (6, 3) and st.sp == (0, 0)
    assert [e.get("result") for e in events if e.kind == "move"] == ["cancelled"]


def test_SB_9_1_advance_first_on_tie_escapes_the_trap():
    st = game(sp=(1, 0))
    events = run(st, unit(st, "I", "engineer"), move("II", "advance"), "I effect mine")
    assert st.dist == 1 and st.sp == (1, 0) and st.hp == (6, 5)
    assert fizzles(events) == ["SB-9.1: II's move has already resolved"]


def test_SB_9_1_agile_drone_catches_heavy_retreat():
    st = game()
    run(st, move("I", "retreat"), unit(st, "II", "engineer"), "II effect drone")
    assert st.current_player() == "I"            # the defender picks the escort hit
    run(st, "I hit sniper")
    assert st.dist == 2 and has_token(st, "I", "sniper") == 1


@pytest.mark.parametrize("other,dist,caught", [("heavy", 2, True), ("agile", 1, False)])
def test_SB_9_1_standard_drone_vs_advance(other, dist, caught):
    st = game(mechs=("standard", other))
    events = run(st, unit(st, "I", "engineer"), move("II", "advance"), "I effect drone")
    if caught:
        run(st, "II hit medic")
    assert st.dist == dist and ("cancel" in kinds(events)) == caught


def test_SB_9_1_trap_against_a_move_that_would_be_void():
    st = game(dist=1, sp=(0, 1))
    events = run(st, move("I", "full_advance"), unit(st, "II", "engineer"), "II effect mine")
    assert fizzles(events) == ["SB-9.1: I's move would be void at distance 1"]
    assert st.sp == (0, 1) and st.hp == (6, 5)


def test_SB_9_1_loose_traps_catch_a_void_move():
    st = game(dist=1, sp=(0, 1), variants=["loose-traps"])
    run(st, move("I", "full_advance"), unit(st, "II", "engineer"), "II effect mine")
    assert st.sp == (0, 0) and st.hp == (4, 5) and st.dist == 1


def test_SB_9_1_designation_is_no_move():
    st = game(sp=(1, 0))
    events = run(st, unit(st, "I", "engineer"), "II play C1 front", "I effect mine", "II effect rifle", "I hit medic")
    assert fizzles(events)[0] == "SB-9.1: II plays no move this turn" and st.sp == (1, 0)


def test_SB_9_1_mine_without_sp_lets_the_move_happen():
    st = game(dist=3)
    events = run(st, unit(st, "I", "engineer"), move("II", "full_advance"), "I effect mine")
    assert fizzles(events) == ["SB-7.3: mine costs 1 SP, I has 0"] and st.dist == 1 and st.hp == (6, 5)


@pytest.mark.parametrize("shift", ["1", "3"])
def test_SB_9_2_smoke_against_the_cannon(shift):
    st = game(escorts=("infantry medic engineer sniper", SMOKER), sp=(2, 1))
    run(st, unit(st, "I", "mech"), unit(st, "II", "disruptor"), "II effect smoke")
    assert legal_texts(st) == ["II shift 1", "II shift 3"]
    events = run(st, f"II shift {shift}", "I effect cannon")
    assert st.dist == int(shift) and st.hp == (6, 5) and st.sp == (2, 0)
    assert fizzles(events)[0].startswith("SB-7.3" if shift == "1" else "SB-9.2: II is shielded by smoke")


def test_SB_9_2_shield_pays_variant_spends_the_sp():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), sp=(2, 1), variants=["shield-pays"])
    events = run(st, unit(st, "I", "mech"), unit(st, "II", "disruptor"), "II effect smoke", "II shift 3",
                 "I effect cannon")
    assert st.hp == (6, 5) and st.sp == (0, 0) and "nullified" in kinds(events)


def test_SB_9_2_smoke_while_opponent_recovers():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), sp=(0, 1))
    run(st, recover("I"), unit(st, "II", "disruptor"), "II effect smoke", "II shift 3")
    assert st.dist == 3 and st.sp == (0, 0) and st.clock == 2


def test_SB_9_2_smoke_does_not_stop_heal():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), sp=(0, 1), tokens={"I": ["sniper"]})
    run(st, unit(st, "I", "medic"), unit(st, "II", "disruptor"), "II effect smoke", "II shift 1", "I effect heal")
    assert has_token(st, "I", "sniper") == 0


def test_SB_9_2_forced_shift_and_no_trap():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), dist=1, sp=(1, 1))
    events = run(st, unit(st, "I", "engineer"), unit(st, "II", "disruptor"), "II effect smoke")
    assert st.dist == 2                                  # the only shift from 1, taken unasked
    events += run(st, "I effect mine")
    assert fizzles(events) == ["SB-9.1: II plays no move this turn"] and st.sp == (1, 0)


def test_SB_9_2_both_smoke():
    st = game(escorts=(SMOKER, SMOKER), sp=(1, 1))
    run(st, unit(st, "I", "disruptor"), unit(st, "II", "disruptor"), "II effect smoke", "II shift 3",
        "I effect smoke")
    assert st.dist == 2 and st.sp == (0, 0)


def test_SB_9_2_and_9_4_jamming_before_smoke():
    st = game(escorts=(SMOKER, SMOKER), sp=(2, 0))
    events = run(st, unit(st, "I", "disruptor"), unit(st, "II", "disruptor"), "II effect jamming", "I effect smoke")
    assert st.sp == (0, 0) and st.dist == 2 and "shield" not in kinds(events)


def test_SB_9_3_replenish_after_an_attack():
    st = game(sp=(1, 0), tokens={"I": ["engineer"]})
    run(st, unit(st, "I", "medic"), unit(st, "II", "infantry"), "I effect replenish", "II effect rifle")
    events = run(st, "I hit sniper")
    assert kinds(events)[-5:] == ["trigger", "sp", "heal", "heal", "turn"]
    assert st.sp == (0, 0) and st.tokens[:4] == (0, 0, 0, 0)


def test_SB_9_3_replenish_without_attack():
    st = game(sp=(1, 0), tokens={"I": ["engineer"]})
    events = run(st, unit(st, "I", "medic"), move("II", "advance"), "I effect replenish")
    assert fizzles(events) == ["SB-9.3: I was not attacked this turn"]
    assert st.sp == (1, 0) and has_token(st, "I", "engineer") == 1


def test_SB_9_3_replenish_when_the_attack_fizzles():
    st = game(sp=(1, 0), dist=1, tokens={"I": ["engineer"]})
    events = run(st, unit(st, "I", "medic"), unit(st, "II", "infantry"), "I effect replenish", "II effect rifle")
    assert fizzles(events)[-1] == "SB-9.3: I was not attacked this turn" and st.sp == (1, 0)


def test_SB_9_3_replenish_needs_the_medic():
    for variants, heals in (((), False), (("lone-replenish",), True)):
        st = game(sp=(1, 0), dist=1, tokens={"I": ["medic", "engineer"]}, variants=variants)
        events = run(st, unit(st, "I", "medic"), unit(st, "II", "infantry"), "I effect replenish",
                     "II effect focused", "II hit medic")
        assert not on_table(st, "I", "medic")
        assert has_token(st, "I", "engineer") == (0 if heals else 1)
        if not heals:
            assert fizzles(events)[-1] == "SB-9.3: I's back unit has left the table"


def test_SB_9_3_heal_with_no_token_does_nothing():
    st = game()
    events = run(st, unit(st, "I", "medic"), recover("II"), "I effect heal")
    assert "heal" not in kinds(events) and st.tokens == (0,) * 8


def test_SB_9_3_heal_asks_which_token():
    st = game(tokens={"I": ["engineer", "sniper"]})
    run(st, unit(st, "I", "medic"), recover("II"), "I effect heal")
    assert legal_texts(st) == ["I heal engineer", "I heal sniper"]
    run(st, "I heal sniper")
    assert has_token(st, "I", "sniper") == 0 and has_token(st, "I", "engineer") == 1


def test_SB_9_4_jamming_makes_the_cannon_fizzle():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), dist=2, sp=(2, 0))
    events = run(st, unit(st, "I", "mech"), unit(st, "II", "disruptor"), "II effect jamming", "I effect cannon")
    assert fizzles(events) == ["SB-7.3: cannon costs 2 SP, I has 0"] and st.hp == (6, 5)


def test_SB_12_mech_item_offers_both_effects():
    st = game(dist=2)
    run(st, recover("I"), unit(st, "II", "mech"))
    assert legal_texts(st) == ["II effect melee", "II effect autocannon"]
    run(st, "II effect melee")
    assert st.hp == (6, 5)
