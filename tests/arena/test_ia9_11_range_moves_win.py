"""IA-9 range, IA-10 forced moves, IA-11 winning (provisions)."""

from arena_helpers import do, event, kinds, legal, position, refused, surcharge_of, unit

from game.arena import make_ruleset, new_game


def _targets(st, prefix):
    return [a.split()[-1] for a in legal(st) if a.startswith(prefix)]


# -- IA-9 range ----------------------------------------------------------------------------
def test_IA_9_1_back_infantry_shoots_only_the_front_middle_cavalry_melees_only_the_front():
    st = position({"A infantry": "back living", "B cavalry": "front living", "B artillery": "back living"})
    assert _targets(st, "A infantry shoot") == ["cavalry"]
    refused(st, "A infantry shoot infantry", "IA-9.1")
    assert _targets(st, "A cavalry melee") == ["cavalry"]
    refused(st, "A cavalry melee infantry", "IA-9.1")


def test_IA_9_2_front_cavalry_must_melee_the_front_while_it_holds():
    st = position({"A cavalry": "front living", "B cavalry": "front living"}, prov="A=2 B=0 bank=5")
    assert _targets(st, "A cavalry melee") == ["cavalry"]
    refused(st, "A cavalry melee infantry", "IA-9.2")
    do(st, "A cavalry melee cavalry", "B allow")
    do(st, "B artillery retreat")
    do(st, "A infantry retreat")      # the cavalry is restricted this turn: act with another unit
    do(st, "B artillery advance")     # B pays the surcharge (IA-4.4)
    assert _targets(st, "A cavalry melee") == ["infantry", "artillery"]   # B's middle, distance 1


def test_IA_9_2_middle_units_are_not_bound_by_the_melee_restriction():
    st = position({"B cavalry": "front living"})
    assert "A artillery shoot infantry" in legal(st)          # B's middle while B holds its front


def test_IA_9_2_a_fallen_front_unit_does_not_bind():
    st = position({"A infantry": "front living", "B cavalry": "front fallen", "B artillery": "back living"},
                  waza="A=1 B=0")
    assert _targets(st, "A infantry shoot") == ["infantry", "artillery"]


# -- IA-10 forced moves -------------------------------------------------------------------------
def test_IA_10_1_bombard_knocks_the_fallen_target_back():
    st = position({"A artillery": "middle living spirit=2", "B infantry": "front living"}, prov="A=2 B=0 bank=5")
    events = do(st, "A artillery bombard infantry", "B allow")
    i = unit(st, "B", "infantry")
    assert not i.living and i.row == 1
    assert [e.get("why") for e in events if e.kind == "move"] == ["knockback"]
    st = position({"A artillery": "front living spirit=2", "B infantry": "back living", "B cavalry": "middle living"},
                  prov="A=2 B=0 bank=5")
    do(st, "A artillery bombard infantry", "B allow")
    assert not unit(st, "B", "infantry").living and unit(st, "B", "infantry").row == 2
    st = position({"A artillery": "middle living spirit=2", "B infantry": "front living damage=1"})
    do(st, "A artillery bombard infantry", "B cancel")
    assert unit(st, "B", "infantry").living and unit(st, "B", "infantry").row == 0


def test_IA_10_1_no_knockback_before_A6():
    st = position({"A artillery": "middle living spirit=2", "B infantry": "front living"}, prov="A=2 B=0 bank=5",
                  rules="bombard_knockback=0")
    do(st, "A artillery bombard infantry", "B allow")
    assert unit(st, "B", "infantry").row == 0


def test_IA_10_2_regroup_after_the_last_unit_retreats():
    st = position({"A cavalry": "back living", "A infantry": "back living"})
    events = do(st, "A artillery retreat")
    assert [unit(st, "A", k).row for k in ("cavalry", "infantry", "artillery")] == [1, 1, 1]
    assert unit(st, "A", "artillery").healing and not unit(st, "A", "cavalry").healing
    assert "regroup" in kinds(events)


def test_IA_10_2_regroup_after_a_revive_step():
    st = position({"A cavalry": "back living", "A artillery": "back fallen"}, waza="A=0 B=1")
    do(st, "A infantry revive back artillery")
    assert [(unit(st, "A", k).living, unit(st, "A", k).row) for k in ("cavalry", "infantry", "artillery")] \
        == [(True, 1)] * 3


def test_IA_10_2_no_regroup_with_a_fallen_unit():
    st = position({"A cavalry": "back living", "A artillery": "back fallen"}, waza="A=0 B=1")
    events = do(st, "A infantry retreat")
    assert "regroup" not in kinds(events)
    assert unit(st, "A", "infantry").row == 2 and unit(st, "A", "cavalry").row == 2


def test_IA_10_2_no_regroup_before_A3():
    st = position({"A cavalry": "back living", "A infantry": "back living"}, rules="back_row_regroup=false")
    do(st, "A artillery retreat")
    assert unit(st, "A", "cavalry").row == 2 and unit(st, "A", "artillery").row == 2


def test_IA_10_3_regroup_restricts_only_the_activated_unit():
    st = position({"A cavalry": "back living", "A infantry": "back living"})
    do(st, "A artillery retreat", "B cavalry charge")
    assert [surcharge_of(st, "A", k) for k in ("cavalry", "infantry", "artillery")] == [0, 0, 1]


# -- IA-11 winning ---------------------------------------------------------------------------------
def test_IA_11_1_last_taker():
    st = position({"A cavalry": "front living", "B cavalry": "front living", "B infantry": "front living"},
                  waza="A=0 B=1", prov="A=2 B=0 bank=5")
    do(st, "A cavalry melee cavalry", "B allow")
    assert st.waza == (1, 0)
    do(st, "B artillery retreat")
    do(st, "A infantry advance")
    do(st, "B artillery advance")
    do(st, "A cavalry melee infantry", "B allow")
    assert st.is_over() and st.result.winners == ("A",) and st.result.reason == "waza-ari"


def test_IA_11_1_cumulative_before_A1():
    st = position({"A cavalry": "front living", "B cavalry": "front living"}, waza="A=0 B=1",
                  prov="A=2 B=0 bank=5", rules="waza_ari_mode=cumulative")
    do(st, "A cavalry melee cavalry", "B allow")
    assert st.waza == (1, 1)


def test_IA_11_2_ippon_by_advancing_into_an_empty_front():
    st = position({"A cavalry": "front living", "A infantry": "front living", "B cavalry": "front fallen"},
                  waza="A=1 B=0")
    events = do(st, "A artillery advance")
    assert st.is_over() and st.result.winners == ("A",) and st.result.reason == "ippon"
    assert "ippon" in kinds(events)


def test_IA_11_2_retreat_hands_the_opponent_ippon():
    st = position({"B cavalry": "front living", "B infantry": "front living", "B artillery": "front living",
                   "A cavalry": "front living"})
    do(st, "A cavalry retreat")
    assert st.is_over() and st.result.winners == ("B",) and st.result.reason == "ippon"


def test_IA_11_2_no_ippon_with_a_fallen_unit():
    st = position({"A cavalry": "front living", "A infantry": "front fallen"}, waza="A=0 B=1")
    do(st, "A artillery advance")
    assert not st.is_over()


def test_IA_11_3_last_provision_award():
    # B acts on turn 4; A's gain on turn 5 takes the last provision: A 3 vs B 4
    st = position(turn=4, prov="A=2 B=4 bank=1")
    events = do(st, "B artillery retreat")
    assert kinds(events).index("gain") < kinds(events).index("waza-ari") < kinds(events).index("reset")
    w = event(events, "waza-ari")
    assert w.get("seat") == "B"
    assert st.waza == (0, 1) and st.provisions == (2, 2) and st.bank == 3
    assert st.current_player() == "A" and st.phase == "act"


def test_IA_11_3_award_wipes_the_gainers_waza_ari():
    st = position(turn=4, prov="A=2 B=4 bank=1", waza="A=1 B=0")
    do(st, "B artillery retreat")
    assert st.waza == (0, 1)


def test_IA_11_3_award_can_win_in_the_gain_step():
    st = position(turn=4, prov="A=2 B=4 bank=1", waza="A=0 B=1")
    events = do(st, "B artillery retreat")
    assert st.is_over() and st.result.winners == ("B",) and st.result.reason == "waza-ari"
    assert kinds(events)[-1] == "over" and st.turn == 5


def _no_spend_moves():
    """A cycle of free, unrestricted acts that never reaches the front: inf back, art back, inf
    forward, art forward (the cavalry stays in the middle, so no regroup)."""
    while True:
        yield from ("infantry retreat", "artillery retreat", "infantry advance", "artillery advance")


def test_IA_11_3_no_spend_no_kill_waza_ari_alternate_and_nobody_wins():
    st = new_game(2, seed=1, first="A")
    moves = {"A": _no_spend_moves(), "B": _no_spend_moves()}
    takers = {}
    while st.turn < 16:
        seat = st.current_player()
        events = st.apply(f"{seat} {next(moves[seat])}")
        for e in events:
            if e.kind == "waza-ari":
                takers[st.turn] = e.get("seat")
    assert takers == {4: "B", 7: "A", 10: "B", 13: "A", 16: "B"}
    assert not st.is_over()


def test_IA_11_3_the_only_spend_lets_the_second_player_win_on_turn_8():
    st = new_game(2, seed=1, first="A")
    cycle = ("infantry retreat", "cavalry charge", "infantry advance", "cavalry retreat")
    moves = {"A": iter(cycle * 3), "B": iter(cycle * 3)}
    while not st.is_over():
        seat = st.current_player()
        if st.turn == 5:   # A's artillery (middle) shoots B's charged cavalry (front): distance 1
            next(moves["A"])
            st.apply("A artillery shoot cavalry")
            assert st.phase == "cancel" and st.provisions == (2, 2)
            st.apply("B allow")
            continue
        st.apply(f"{seat} {next(moves[seat])}")
    assert st.result.winners == ("B",) and st.result.reason == "waza-ari" and st.turn == 8


def test_IA_11_4_melee_kill_of_the_last_front_unit_gives_ippon():
    st = position({"A cavalry": "front living", "A infantry": "front living", "A artillery": "front living",
                   "B cavalry": "front living"}, prov="A=2 B=0 bank=5")
    do(st, "A cavalry melee cavalry", "B allow")
    assert st.is_over() and st.result.winners == ("A",) and st.result.reason == "ippon"


def test_IA_11_5_turn_limit_draw():
    st = new_game(2, seed=1, first="A")
    moves = {"A": _no_spend_moves(), "B": _no_spend_moves()}
    while not st.is_over():
        seat = st.current_player()
        st.apply(f"{seat} {next(moves[seat])}")
    assert st.turn == 200 and st.result.winners == () and st.result.reason == "turn-limit"
    assert st.result.as_dict()["scores"] == {"A": st.waza[0], "B": st.waza[1]}
    st = new_game(2, seed=1, first="A", rules=make_ruleset(["turn_limit=10"]))
    moves = {"A": _no_spend_moves(), "B": _no_spend_moves()}
    while not st.is_over():
        seat = st.current_player()
        st.apply(f"{seat} {next(moves[seat])}")
    assert st.turn == 10 and st.result.reason == "turn-limit"
