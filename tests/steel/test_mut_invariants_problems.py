"""problems() pinned exactly where issue 24's mutation run of its `problems` found phase names and
messages no test read (tools/mutation.py --function problems)."""

from game.steel import new_game
from game.steel.invariants import problems
from game.steel.state import make_play

from .helpers import game
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
