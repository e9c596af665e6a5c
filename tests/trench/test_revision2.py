"""Rules revision 2 (the paragraph at the top of shared/rules/trench-war.md), and the two
deviations found by review (TW-9 bonus, TW-6.8 drug-card refusals).

Every expected result is worked out from the rules text, not copied from the engine.
"""

from trench_helpers import col, height, illegal, kinds, legal, play, position, scene, where

from game.core.protocol import CHANCE

HIGH = "target_points_2p=9 target_points=9"
MOVE = "S cards=move slot=1 uses=0"
TURN = "S cards=turn slot=1 uses=0"
FIRE = "S cards=fire slot=1 uses=0"


# == TW-6.1 tunnel under an enemy; masked tunnelling ================================================
def test_TW_6_1_tunnel_under_an_enemy_the_faller_takes_the_tunnellers_corpse():
    """The enemy on the tunnelled cell falls onto S1, who dies (no kill point); the faller arrives
    there and takes the corpse, which then scores as a carried enemy corpse."""
    text = scene(cells={"d3": "0"}, soldiers="S1 board d3 n\nS2 board b2 n\nN1 board d4 s\nN2 board b7 s",
                 turn=MOVE, rules=HIGH)
    st, ev = play(text, "S1 tunnel n")
    assert height(st, "d4") == 0 and where(st, "N1")[:2] == ("board", "d4")
    assert where(st, "S1")[0] == "carried" and st.soldier("N1").corpses == ("S1",)
    assert st.points["N"] == 0 and st.score("N") == 1 and st.dead == 1
    death = [e for e in ev if e.kind == "death"][0]
    assert death.get("killer") is None


def test_TW_6_1_tunnel_under_an_enemy_consolation_comes_before_the_faller_takes_the_corpse():
    text = scene(cells={"d3": "0"}, soldiers="S1 board d3 n food=1\nS2 board b2 n\nN1 board d4 s\nN2 board b7 s",
                 turn=MOVE, rules=HIGH)
    st, _ = play(text, "S1 tunnel n")
    assert st.current_player() == "S" and where(st, "S1")[:2] == ("corpse", "d4")   # TW-7.2 first
    st, _ = play(st, "S console S2 food")
    assert st.soldier("S2").food == 1 and st.soldier("N1").corpses == ("S1",) and st.score("N") == 1


def test_TW_6_1_a_masked_soldier_may_tunnel_but_not_dash_or_push():
    text = scene(cells={"d3": "0", "c3": "2"}, soldiers="S1 board d3 n mask-on\nS2 board b2 n\nN1 board b7 s",
                 turn=MOVE, rules=HIGH)
    st = position(text)
    assert "S1 tunnel n" in legal(st) and "S1 dash" not in legal(st)
    illegal(text, "S1 dash", "TW-6")
    st, _ = play(text, "S1 tunnel n")
    assert where(st, "S1")[:2] == ("board", "d4") and height(st, "d4") == 0


# == TW-6.3 what may be carried =======================================================================
def test_TW_6_3_a_cube_holding_an_item_or_gas_is_never_carried():
    """S1 in a trench faces the ground cube d3 (the cube in its body layer, the top of its column);
    it could carry it into the hole e2, but not with food or gas on it."""
    bare = scene(cells={"d2": "0", "e2": "0"}, soldiers="S1 board d2 n\nN1 board b7 s", turn=TURN, rules=HIGH)
    assert "S1 turn e carry" in legal(position(bare))
    for extra in (dict(items="d3 food"), dict(gas="1 N d3 2")):
        text = scene(cells={"d2": "0", "e2": "0"}, soldiers="S1 board d2 n\nN1 board b7 s", turn=TURN,
                     rules=HIGH, **extra)
        assert not [a for a in legal(position(text)) if "carry" in a]
        illegal(text, "S1 turn e carry", "TW-6.3")


def test_TW_6_3_an_ally_in_a_trench_before_a_soldier_on_the_ground_is_pushed_not_carried():
    text = scene(cells={"d3": "0"}, soldiers="S1 board d2 n\nS2 board d3 w\nN1 board b7 s", turn=TURN,
                 rules=HIGH)
    illegal(text, "S1 turn e carry", "TW-6.3")
    st, _ = play(scene(cells={"d3": "0"}, soldiers="S1 board d2 n\nS2 board d3 w\nN1 board b7 s",
                       turn=MOVE, rules=HIGH), "S1 step n")
    assert where(st, "S2") == ("board", "d4", "w") and where(st, "S1")[:2] == ("board", "d3")


def test_TW_6_3_a_carried_ally_at_the_same_level_keeps_its_facing():
    st, _ = play(scene(soldiers="S1 board d2 n\nS2 board d3 w\nN1 board b7 s", turn=TURN, rules=HIGH),
                 "S1 turn e carry")
    assert where(st, "S2") == ("board", "e2", "w") and where(st, "S1") == ("board", "d2", "e")


# == TW-6.7 dig in a hole ================================================================================
def test_TW_6_7_a_soldier_in_a_hole_has_no_dig_of_its_own():
    text = scene(cells={"d2": "0"}, soldiers="S1 board d2 n\nN1 board b7 s",
                 turn="S cards=dig slot=1 uses=0", rules=HIGH)
    opts = legal(position(text))
    assert "S1 dig" not in opts and "S dig d3" in opts          # the remote dig is still offered
    illegal(text, "S1 dig", "TW-6.7")


# == TW-8 gas re-flows once the action is complete ===========================================================
def test_TW_8_gas_reflows_after_the_pusher_has_arrived():
    """Gas rests on c2 (wind e, d2 a wall east, c1/c3 walls on the sides).  S1 pushes d2's top cube
    to d3 and steps into d2; only then does the gas move (revision 2): east into d2, where it
    meets S1 (N's gas kills), then on over e2 f2 g2 and off the board."""
    text = scene(cells={"d2": "2", "c1": "2", "c3": "2"}, gas="1 N c2 2", wind="e",
                 soldiers="S1 board d1 n\nS2 board b4 n\nN1 board b7 s", turn=MOVE, rules=HIGH)
    st, ev = play(text, "S1 step n")
    assert height(st, "d2") == 1 and height(st, "d3") == 2
    assert where(st, "S1")[:2] == ("corpse", "d2") and st.points["N"] == 1
    assert st.gas == ()
    order = [e.kind for e in ev if e.kind in ("move", "gas", "death")]
    assert order[0] == "move" and "gas" in order            # S1 arrived before the gas moved
    assert [e.get("cause") for e in ev if e.kind == "death"] == ["gas"]


def test_TW_8_gas_reflows_after_the_tunneller_has_arrived():
    """Gas rests on c4 in the trench (L1; wind e, d4 ground blocks it, c3/c5 ground too).  S1 tunnels
    from d3 into d4: once it has arrived, the gas flows east into d4 and kills it; blocked east (e4)
    and north (d5), it turns south into d3, the trench S1 came from, and rests there (d2 blocks)."""
    text = scene(cells={"c4": "0", "d3": "0"}, gas="1 N c4 1", wind="e",
                 soldiers="S1 board d3 n\nS2 board b2 n\nN1 board b7 s", turn=MOVE, rules=HIGH)
    st, ev = play(text, "S1 tunnel n")
    assert where(st, "S1")[:2] == ("corpse", "d4") and st.points["N"] == 1
    assert [(g.cell, g.layer) for g in st.gas] == [(position(text).soldier("S1").cell, 1)]


# == TW-9 the destruction-king bonus is earned by the firing ==================================================
def test_TW_9_bonus_not_earned_by_firing_gas_when_an_enemy_emptied_the_own_gun():
    """Three players: W1 took S's gun and fired it empty; S2 then fires S's gas.  The bonus is earned
    only by firing the last round of the own starting gun: nobody scores it."""
    text = scene(players="S W N", order="S W N", rules=HIGH, turn=FIRE,
                 soldiers="S1 board a2 n\nS2 board d2 n weapons=S:gas:2:S\n"
                          "W1 board b4 e weapons=W:gun:4:W,S:gun:0:SW!\nN1 board f6 s")
    st, ev = play(text, "S2 fire here")
    assert st.bonus == frozenset() and st.points["S"] == 0
    assert not any(e.get("why") == "empty-gun" for e in ev)


def test_TW_9_bonus_not_earned_when_an_enemy_fires_the_last_round_of_a_gun():
    text = scene(players="S W N", order="W S N", rules=HIGH, turn="W cards=fire slot=1 uses=0",
                 soldiers="S1 board a2 n weapons=S:gas:2:S\nW1 board b4 e weapons=S:gun:1:SW!\nN1 board f6 s")
    st, _ = play(text, "W1 fire")
    assert st.bonus == frozenset() and st.points == {"S": 0, "W": 0, "N": 0}


def test_TW_9_bonus_earned_by_firing_the_last_round_of_the_own_gun():
    text = scene(players="S W N", order="S W N", rules=HIGH, turn=FIRE,
                 soldiers="S1 board d2 n weapons=S:gun:1:S!\nS2 board a2 n weapons=S:gas:2:S\n"
                          "W1 board b4 e\nN1 board f6 s")
    st, ev = play(text, "S1 fire")
    assert st.bonus == {"S"} and st.points["S"] == 1
    assert [e.get("why") for e in ev if e.kind == "score"] == ["empty-gun"]


def test_TW_9_an_escapers_carried_enemy_corpses_still_count():
    text = scene(soldiers="S1 board d7 n corpses=N2\nS2 board b2 n\nN1 board b6 s\nN2 carried - s carrier=S1",
                 rules=HIGH)
    st, _ = play(text, "S1 step n")
    assert where(st, "S1")[0] == "escaped" and st.points["S"] == 1
    assert st.score("S") == 2 and st.carried_enemy_corpses("S") == 1


# == TW-6.8 a refused drug card names the real reason ===========================================================
DRUGGED = dict(soldiers="S1 board d2 n\nS2 board b2 n\nN1 board b7 s", rules=HIGH, discards={"S": "move"})


def test_TW_6_8_drug_card_refused_for_a_repeated_category():
    text = scene(turn="S cards=equip,move slot=1 uses=1 acted=S1:equip,S1:move extra=S1:2", **DRUGGED)
    assert "S1 drug turn" in legal(position(text))
    message = illegal(text, "S1 drug move", "TW-6.8")
    assert "already did a move action" in message and "equip" not in message


def test_TW_6_8_drug_card_refused_with_no_extra_action_left():
    text = scene(turn="S cards=equip slot=1 uses=1 acted=S1:equip,S1:turn extra=S1:0", **DRUGGED)
    message = illegal(text, "S1 drug move", "TW-6.8")
    assert "no extra action left" in message


def test_TW_6_8_drug_card_refused_for_a_soldier_that_took_no_drug():
    text = scene(turn="S cards=equip,move slot=1 uses=1 acted=S1:equip extra=S1:2", **DRUGGED)
    message = illegal(text, "S2 drug move", "TW-6.8")
    assert "took no drug" in message


# == TW-4.6 sinking: a later penalty with nothing left to discard ==================================================
def test_TW_4_6_a_sink_penalty_with_nothing_left_to_discard_is_owed_no_more():
    """S2 and S3 sink at the end of round 3: two penalties are owed, each possible when queued (S1
    holds its gun).  Discarding the gun for the first leaves nothing for the second: it is dropped
    and the game goes on (it used to stop with 'no legal action')."""
    text = scene(soldiers="S1 board d3 n weapons=S:gun:4:S\nS2 boat c1 n\nS3 boat e1 n\nN1 board b6 s",
                 order="S", turn=MOVE, round=3,
                 rules="masks_per_soldier=0 drugs_per_soldier=0 food_per_soldier=0 " + HIGH)
    st, ev = play(text, "S1 step n; S pass")
    assert kinds(ev).count("sink") == 2 and [p.kind for p in st.pending] == ["sink", "sink"]
    assert legal(st) == {"S sink S1 S:gun"}
    st, _ = play(st, "S sink S1 S:gun")
    assert st.pending == () and st.current_player() == CHANCE and st.round == 4
    assert st.legal_actions() and col(st, "d4") == "n"
