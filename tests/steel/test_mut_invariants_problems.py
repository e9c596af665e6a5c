"""problems() pinned exactly where issue 24's mutation run of its `problems` found phase names and
messages no test read (tools/mutation.py --function problems)."""

from game.steel import new_game
from game.steel.invariants import problems
from game.steel.state import Result, make_play

from .helpers import game, recover, run, unit
from .test_mut_flow import cold_caches  # noqa: F401  (autouse)

ESCORTS_NOT_DEPLOYED = [(f"escorts/{s}", f"SB-3.5: {seat}'s {side} holds {eid}, not what was deployed there")
                        for s, seat in enumerate(("I", "II"))
                        for side, eid in zip(("front", "back", "left", "right"),
                                             ("infantry", "medic", "engineer", "sniper"))]


def in_setup(phase):
    st = new_game(2, 0)
    st.phase, st.chooser = phase, 1
    if phase == "deploy":
        st.mechs, st.hp = ("heavy", "agile"), (6, 5)
    assert problems(st) == []
    return st


def test_SB_3_2_resolve_needs_both_mechs():
    st = game()
    st.phase, st.mechs = "resolve", (None, "agile")
    assert problems(st) == [("mechs", "SB-3.2: phase resolve needs both mechs")]


def test_SB_3_setup_checks_run_in_the_mech_phase():
    st = in_setup("mech")
    st.turn = 3
    assert problems(st) == [("turn", "SB-3: turn 3 during setup (phase mech); setup is turn 0")]


def test_SB_4_1_no_play_in_the_mech_or_deploy_phase():
    for phase, plays in (("mech", (make_play("?", "front"), None)), ("deploy", (None, make_play("?", "front")))):
        st = in_setup(phase)
        st.plays = plays
        assert problems(st) == [("plays", "SB-4.1: a play during setup")], phase


def test_SB_3_7_resolve_before_both_deployments():
    st = game()
    st.phase, st.deploys = "resolve", (None, st.deploys[1])
    assert problems(st) == [("deploy", "SB-3.7: phase resolve before both deployments"), *ESCORTS_NOT_DEPLOYED,
                            ("plays", "SB-4.2: resolving before both plays are committed"),
                            ("cursor", "SB-5.3: resolving with no decision pending")]


def test_SB_10_lost_by_escorts_with_hp_1_names_the_escorts():
    st = game()
    st.hp = (1, st.hp[1])
    st.sides, st.tokens = (None,) * 4 + tuple(st.sides[4:]), (0,) * 4 + tuple(st.tokens[4:])
    assert problems(st) == [("escorts/0", "SB-10: I has lost but the game goes on")]


def resolving():
    st = game(dist=2)
    run(st, unit(st, "I", "infantry"), recover("II"))
    assert st.order == (0, 1) and st.cursor == (0, "front", "", 0, "item") and problems(st) == []
    return st


def test_SB_5_2_order_message():
    st = resolving()
    st.order = (1, 0)
    assert problems(st) == [("order", "SB-5.2: the item order does not follow the speeds and the tie-break")]


def test_SB_7_cursor_of_a_seat_without_deployment():
    """The mech's card is found without a deployment; a side's card is not (and its effect is never read)."""
    undeployed = [("deploy", "SB-3.7: phase resolve before both deployments"), *ESCORTS_NOT_DEPLOYED,
                  ("speeds", "SB-5.1: I's speed 4 does not match its play")]
    for cursor, more in (((0, "front", "", 0, "item"), [("cursor", "SB-7: the effect in progress is not one of its unit's")]),
                         ((0, "front", "rifle", 0, "item"), [("cursor", "SB-7: the effect in progress is not one of its unit's")]),
                         ((0, "mech", "", 0, "item"), [])):
        st = resolving()
        st.deploys, st.cursor = (None, st.deploys[1]), cursor
        assert problems(st) == undeployed + more, cursor


def test_SB_7_1_a_hidden_effect_does_not_skip_the_other_seat():
    st = game()
    st.plays = (make_play("C1", "front", "?"), make_play("C5", "mech", "bogus"))
    assert problems(st) == [("plays", "SB-7.1: II's play names an effect, but none is chosen at play here"),
                            ("plays", "SB-4.2: both plays are committed but not revealed")]


def test_SB_5_1_speeds_are_checked_when_the_game_is_over():
    st = resolving()
    st.phase, st.result, st.cursor = "over", Result((), "both", (0, 0)), None
    assert problems(st) == []
    st.speeds = (5, 9)
    assert problems(st) == [("speeds", "SB-5.1: I's speed 5 does not match its play")]


def test_SB_7_1_effect_at_play_of_a_unit_gone_after_the_reveal():
    """After the reveal a unit counts as played when it had a speed, even if it has left the table since."""
    for phase in ("resolve", "over"):
        st = game(dist=2, settings=("effect_choice_at=play",))
        run(st, "I play C1 front rifle", recover("II"))
        assert st.speeds == (4, 9) and st.cursor == (0, "front", "rifle", 0, "item")
        st.sides = (None,) + st.sides[1:]
        if phase == "over":
            st.phase, st.result, st.cursor = "over", Result((), "both", (0, 0)), None
        assert problems(st) == [], phase


def test_SB_7_1_a_mech_play_is_checked_without_the_escorts_known():
    st = game(dist=2, settings=("effect_choice_at=play",))
    st.plays, st.deploys = (make_play("C5", "mech", "cannon"), None), ("?", st.deploys[1])
    assert problems(st) == ESCORTS_NOT_DEPLOYED[:4]


def test_SB_12_two_targets_are_a_decision():
    st = resolving()
    st.sides, st.tokens = st.sides[:6] + (None, None), st.tokens[:6] + (0, 0)
    st.cursor = (0, "front", "rifle", 0, "item")
    assert problems(st) == []
