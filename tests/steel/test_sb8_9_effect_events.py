"""SB-8 and SB-9 ops in effects.py, pinned exactly: each op's event fields and text (the animation and
the log read them) and the state it leaves.  I plays Heavy, II Agile; escorts front back left right
are infantry medic engineer sniper unless named."""

from .helpers import game, has_token, legal_texts, move, on_table, recover, run, unit

SMOKER = "disruptor medic engineer sniper"
OPS = ("damage", "token", "destroyed", "nullified", "cancel", "shield", "distance", "sp", "heal", "fizzle")


def ops(events):
    return [(e.as_dict(), e.seen_by) for e in events if e.kind in OPS]


def test_SB_8_1_cannon_damage_event():
    st = game(dist=3, sp=(2, 0))
    events = run(st, unit(st, "I", "mech"), recover("II"), "I effect cannon")
    assert ops(events) == [
        ({"kind": "sp", "seat": "I", "before": 2, "after": 0, "how": "pay", "text": "I pays 2 SP (0 left)"}, None),
        ({"kind": "damage", "unit": "II:mech", "amount": 2, "hp": 3, "text": "II's mech loses 2 HP (3 left)"}, None)]
    assert st.hp == (6, 3) and st.sp == (0, 0)


def test_SB_8_1_damage_floors_hp_at_zero():
    st = game(dist=3, sp=(2, 0), hp=(6, 1))
    events = run(st, unit(st, "I", "mech"), recover("II"), "I effect cannon")
    assert [e.as_dict() for e in events if e.kind == "damage"] == [
        {"kind": "damage", "unit": "II:mech", "amount": 2, "hp": 0, "text": "II's mech loses 2 HP (0 left)"}]
    assert st.hp == (6, 0) and st.is_over()


def test_SB_8_2_hit_token_event():
    st = game()
    events = run(st, unit(st, "I", "infantry"), recover("II"), "I effect rifle", "II hit medic")
    assert ops(events) == [({"kind": "token", "unit": "II:medic", "tokens": 1,
                             "text": "II's medic is hit and takes a token"}, None)]
    assert has_token(st, "II", "medic") == 1


def test_SB_8_2_hit_on_a_tokened_escort_destroys_it():
    st = game(tokens={"II": ["engineer"]})
    events = run(st, unit(st, "I", "infantry"), recover("II"), "I effect rifle", "II hit engineer")
    assert ops(events) == [({"kind": "destroyed", "unit": "II:engineer", "side": "left", "how": "hit",
                             "text": "II's engineer is destroyed (hit)"}, None)]
    assert not on_table(st, "II", "engineer") and st.tokens[4:] == (0, 0, 0, 0)


def test_SB_8_2_token_limit_two_gives_a_second_token():
    st = game(tokens={"II": ["engineer"]}, settings=["token_limit=2"])
    events = run(st, unit(st, "I", "infantry"), recover("II"), "I effect rifle", "II hit engineer")
    assert ops(events) == [({"kind": "token", "unit": "II:engineer", "tokens": 2,
                             "text": "II's engineer is hit and takes a token"}, None)]


def test_SB_8_3_snipe_destroy_event():
    st = game(dist=3, sp=(2, 0))
    events = run(st, unit(st, "I", "sniper"), recover("II"), "I effect snipe", "II destroy medic")
    assert ops(events)[1:] == [({"kind": "destroyed", "unit": "II:medic", "side": "back", "how": "destroy",
                                 "text": "II's medic is destroyed (destroy)"}, None)]
    assert st.sides[4:] == ("infantry", None, "engineer", "sniper")


def test_SB_9_1_mine_cancel_and_damage_events():
    st = game(dist=3, sp=(1, 0))
    events = run(st, unit(st, "I", "engineer"), move("II", "full_advance"), "I effect mine")
    assert ops(events) == [
        ({"kind": "sp", "seat": "I", "before": 1, "after": 0, "how": "pay", "text": "I pays 1 SP (0 left)"}, None),
        ({"kind": "cancel", "seat": "II", "text": "II's move is cancelled by a trap"}, None),
        ({"kind": "damage", "unit": "II:mech", "amount": 2, "hp": 3, "text": "II's mech loses 2 HP (3 left)"}, None)]
    assert st.dist == 3 and st.hp == (6, 3)


def test_SB_9_2_smoke_shield_shift_and_nullified():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), sp=(2, 1), variants=["shield-pays"])
    events = run(st, unit(st, "I", "mech"), unit(st, "II", "disruptor"), "II effect smoke", "II shift 3",
                 "I effect cannon")
    assert ops(events) == [
        ({"kind": "sp", "seat": "II", "before": 1, "after": 0, "how": "pay", "text": "II pays 1 SP (0 left)"}, None),
        ({"kind": "shield", "seat": "II", "text": "smoke shields II for the rest of the turn"}, None),
        ({"kind": "distance", "before": 2, "after": 3, "how": "shift", "text": "smoke shifts the distance 2 -> 3"},
         None),
        ({"kind": "sp", "seat": "I", "before": 2, "after": 0, "how": "pay", "text": "I pays 2 SP (0 left)"}, None),
        ({"kind": "nullified", "seat": "II", "op": "damage 2", "text": "smoke nullifies damage 2 against II"}, None)]
    assert st.hp == (6, 5) and st.dist == 3


def test_SB_9_4_jamming_drain_event():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), dist=2, sp=(3, 0))
    events = run(st, unit(st, "I", "mech"), unit(st, "II", "disruptor"), "II effect jamming", "I effect cannon")
    assert ops(events) == [
        ({"kind": "sp", "seat": "I", "before": 3, "after": 1, "how": "drain", "text": "I loses 2 SP (1 left)"}, None),
        ({"kind": "fizzle", "seat": "I", "effect": "cannon", "reason": "SB-7.3: cannon costs 2 SP, I has 1",
          "text": "Main cannon does nothing: SB-7.3: cannon costs 2 SP, I has 1"}, None)]
    assert st.sp == (1, 0)


def test_SB_9_4_jamming_floors_sp_at_zero():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), dist=2, sp=(1, 0))
    events = run(st, recover("I"), unit(st, "II", "disruptor"), "II effect jamming")
    drains = [e.as_dict() for e in events if e.kind == "sp" and e.get("how") == "drain"]
    assert drains == [{"kind": "sp", "seat": "I", "before": 1, "after": 0, "how": "drain",
                       "text": "I loses 1 SP (0 left)"}]


def test_SB_9_3_heal_event():
    st = game(tokens={"I": ["engineer", "sniper"]})
    events = run(st, unit(st, "I", "medic"), recover("II"), "I effect heal", "I heal sniper")
    assert ops(events) == [({"kind": "heal", "unit": "I:sniper", "tokens": 0, "text": "I's sniper loses a token"},
                            None)]
    assert has_token(st, "I", "engineer") == 1 and has_token(st, "I", "sniper") == 0


def fizzles(events):
    return [e.get("reason") for e in events if e.kind == "fizzle"]


def test_SB_9_1_trap_against_a_retreat_at_distance_three_is_void():
    st = game(dist=3, sp=(0, 1))
    events = run(st, move("I", "retreat"), unit(st, "II", "engineer"), "II effect mine")
    assert fizzles(events) == ["SB-9.1: I's move would be void at distance 3"]
    assert st.sp == (0, 1) and st.hp == (6, 5) and st.dist == 3


def test_SB_9_2_hit_only_effect_against_smoke_fizzles():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), dist=1, sp=(0, 1))
    events = run(st, unit(st, "I", "infantry"), unit(st, "II", "disruptor"), "II effect smoke", "I effect rifle")
    assert st.dist == 2     # the only shift from 1
    assert fizzles(events) == ["SB-9.2: II is shielded by smoke; rifle has nothing left to do"]
    assert st.tokens == (0,) * 8


def test_SB_9_2_destroy_effect_against_smoke_fizzles_and_keeps_the_sp():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), dist=2, sp=(2, 1))
    events = run(st, unit(st, "I", "sniper"), unit(st, "II", "disruptor"), "II effect smoke", "II shift 3",
                 "I effect snipe")
    assert fizzles(events) == ["SB-9.2: II is shielded by smoke; snipe has nothing left to do"]
    assert st.sp == (2, 0) and st.sides[4:] == tuple(SMOKER.split())


def test_SB_9_2_shield_pays_nullifies_hit_and_destroy_ops():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), dist=1, sp=(0, 1), variants=["shield-pays"])
    events = run(st, unit(st, "I", "infantry"), unit(st, "II", "disruptor"), "II effect smoke", "I effect rifle")
    assert [e.as_dict() for e in events if e.kind == "nullified"] == [
        {"kind": "nullified", "seat": "II", "op": "hit 1 defender", "text": "smoke nullifies hit 1 defender against II"}]
    st = game(escorts=("infantry medic engineer sniper", SMOKER), dist=2, sp=(2, 1), variants=["shield-pays"])
    events = run(st, unit(st, "I", "sniper"), unit(st, "II", "disruptor"), "II effect smoke", "II shift 3",
                 "I effect snipe")
    assert [e.as_dict() for e in events if e.kind == "nullified"] == [
        {"kind": "nullified", "seat": "II", "op": "destroy defender",
         "text": "smoke nullifies destroy defender against II"}]
    assert st.sp == (0, 0) and st.sides[4:] == tuple(SMOKER.split())


def test_SB_9_2_opponent_picks_the_shift_when_the_setting_says_so():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), sp=(2, 1), settings=["smoke_shift_chooser=opponent"])
    run(st, unit(st, "I", "mech"), unit(st, "II", "disruptor"), "II effect smoke")
    assert st.current_player() == "I" and legal_texts(st) == ["I shift 1", "I shift 3"]
    run(st, "I shift 1")
    assert st.dist == 1
