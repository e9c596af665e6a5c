"""invariants.py pinned exactly (issue 14): each broken invariant named with its section and rule id, and
nothing reported for the legal positions around it.  I plays Heavy, II Agile."""

from game.steel import make_ruleset, new_game
from game.steel.actions import SEATS
from game.steel.effects import item_done
from game.steel.invariants import check_invariants, check_view, problems
from game.steel.view import view
from game.steel.state import Result, make_play

from .helpers import game, recover, run, unit
from .test_mut_flow import cold_caches  # noqa: F401  (autouse)


def fresh(**kw):
    st = game(**kw)
    assert problems(st) == []
    return st


def test_SB_10_result_matches_the_phase():
    st = fresh()
    st.phase = "over"
    assert problems(st) == [("result", "SB-10: phase over with result -")]
    st = fresh()
    st.result = Result((), "both", (0, 0))
    assert problems(st) == [("result", "SB-10: phase play with result set")]
    assert check_invariants(st) == ["SB-10: phase play with result set"]


def test_SB_3_2_chooser_and_mechs():
    st = new_game(2, 0)
    assert problems(st) == []
    st.chooser = 0
    assert problems(st) == [("chooser", "SB-3.2: the chooser is drawn before any mech is picked")]
    st = new_game(2, 0)
    st.mechs, st.hp = ("heavy", None), (6, 0)
    assert problems(st) == [("chooser", "SB-3.2: the chooser is drawn before any mech is picked")]
    st = new_game(2, 0)
    st.phase = "mech"
    assert problems(st) == [("chooser", "SB-3.2: mechs are picked after the chooser is drawn")]
    st.chooser = 1
    assert problems(st) == []
    st.mechs, st.hp = (None, "heavy"), (0, 6)
    assert problems(st) == []
    st = new_game(2, 0)
    st.phase = "deploy"
    assert problems(st) == [("mechs", "SB-3.2: phase deploy needs both mechs")]
    st = fresh()
    st.mechs, st.hp = ("agile", "agile"), (5, 5)
    assert problems(st) == [("mechs", "SB-3.2: the players use different mech kinds")]


def test_SB_2_track_ranges():
    st = fresh()
    st.hp = (7, -1)
    assert problems(st) == [("hp", "SB-2: I's HP 7 is outside 0..6"), ("hp", "SB-2: II's HP -1 is outside 0..5"),
                            ("hp", "SB-10: II has lost but the game goes on")]
    st = fresh(hp=(6, 5), sp=(5, 0))
    st.sp = (6, -1)
    assert problems(st) == [("sp", "SB-2.2: I's SP 6 is outside 0..5"), ("sp", "SB-2.2: II's SP -1 is outside 0..5")]
    fresh(clock=9)
    st = fresh()
    st.clock = 0
    assert problems(st) == [("clock", "SB-2.3: clock 0 is outside 1..10")]
    st.clock = 10
    assert problems(st) == [("clock", "SB-10.3: the clock reached its last cell but the game goes on")]
    st.clock = 11
    assert problems(st) == [("clock", "SB-2.3: clock 11 is outside 1..10"),
                            ("clock", "SB-10.3: the clock reached its last cell but the game goes on")]
    st = game(clock=9)
    run(st, recover("I"), recover("II"))
    assert st.clock == 10 and problems(st) == []


def test_SB_3_7_and_SB_3_5_deployment():
    st = fresh()
    dep = st.deploys
    st.deploys = (None, dep[1])
    assert problems(st) == [("deploy", "SB-3.7: phase play before both deployments")] + [
        ("escorts/0", f"SB-3.5: I's {side} holds {eid}, not what was deployed there")
        for side, eid in zip(("front", "back", "left", "right"), dep[0])] + [
        ("escorts/1", f"SB-3.5: II's {side} holds {eid}, not what was deployed there")
        for side, eid in zip(("front", "back", "left", "right"), dep[1])]
    st = fresh()
    st.sides = st.sides[:4] + ("medic", "infantry") + st.sides[6:]
    assert problems(st) == [("escorts/1", "SB-3.5: II's front holds medic, not what was deployed there"),
                            ("escorts/1", "SB-3.5: II's back holds infantry, not what was deployed there")]


def test_SB_8_2_tokens():
    st = fresh(removed=[("I", "sniper")])
    st.tokens = (0, 0, 0, 1) + (0,) * 4
    assert problems(st) == [("escorts/0", "SB-8.2: I's right has 1 tokens")]
    st = fresh()
    st.tokens = (0,) * 5 + (2, 0, 0)
    assert problems(st) == [("escorts/1", "SB-8.2: II's back has 2 tokens")]
    st.tokens = (0,) * 5 + (-1, 0, 0)
    assert problems(st) == [("escorts/1", "SB-8.2: II's back has -1 tokens")]
    fresh(tokens={"II": ["medic"]})
    fresh(tokens={"II": ["medic", "medic"]}, settings=["token_limit=2"])


def test_SB_10_lost_but_going_on():
    st = fresh()
    st.hp = (0, 5)
    assert problems(st) == [("hp", "SB-10: I has lost but the game goes on")]
    st = fresh(removed=[("II", "infantry"), ("II", "medic"), ("II", "engineer")])
    st.sides = st.sides[:4] + (None,) * 4
    assert problems(st) == [("escorts/1", "SB-10: II has lost but the game goes on")]
    st = game(hp=(2, 5), sp=(0, 1), dist=1)
    run(st, unit(st, "I", "infantry"), unit(st, "II", "mech"), "II effect melee")
    assert st.is_over() and problems(st) == []


def test_SB_4_2_and_SB_6_6_piles():
    st = fresh()
    st.piles = ((("C1", "front"), ("C1", "advance")), ())
    assert problems(st) == [("pile", "SB-4.2: I's pile holds a card twice")]
    st = fresh()
    st.piles = ((), (("C6", "recover"),))
    assert problems(st) == [("pile", "SB-6.6: II's recover card lies on the table between turns")]
    st = game()
    run(st, "I play C1 advance", recover("II"))
    assert st.piles == ((("C1", "advance"),), ()) and problems(st) == []


def test_SB_4_1_plays():
    st = fresh(piles={"II": ["C1:front"]})
    st.plays = (None, make_play("C1", "advance"))
    assert problems(st) == [("plays", "SB-4.1: II plays C1, which lies on its table pile")]
    st = fresh()
    st.plays = (make_play("C1", "advance"), make_play("C2", "back"))
    assert problems(st) == [("plays", "SB-4.2: both plays are committed but not revealed")]
    st = new_game(2, 0)
    st.plays = (None, make_play("C1", "front"))
    assert problems(st) == [("plays", "SB-4.1: a play during setup")]
    st = fresh()
    run(st, "I play C1 front")
    assert problems(st) == []


def test_SB_4_2_resolving_needs_both_plays():
    st = game(dist=2)
    run(st, unit(st, "I", "infantry"), recover("II"))
    assert problems(st) == []
    st.plays = (st.plays[0], None)
    assert ("plays", "SB-4.2: resolving before both plays are committed") in problems(st)


def test_SB_5_1_speeds_match_the_plays():
    st = game(dist=2)
    run(st, unit(st, "I", "infantry"), recover("II"))
    st.speeds = (5, 9)
    assert problems(st) == [("speeds", "SB-5.1: I's speed 5 does not match its play")]
    st.speeds, st.order = (4, 8), (0, 1)
    assert problems(st) == [("speeds", "SB-5.1: II's speed 8 does not match its play")]
    st.speeds, st.order = (None, 9), (1,)
    assert problems(st) == [("speeds", "SB-5.1: I's speed None does not match its play")]


def test_SB_5_1_empty_side_has_no_speed():
    st = game(removed=[("I", "infantry")])
    run(st, "I play C1 front", "II play C5 mech")
    assert st.speeds == (None, 3) and problems(st) == []
    st.speeds = (5, 3)           # (4: the infantry deployed there, destroyed after the reveal, SB-5.4)
    assert ("speeds", "SB-5.1: I's speed 5 does not match its play") in problems(st)


def test_SB_5_order_and_step():
    st = fresh()
    st.order = (0,)
    assert problems(st) == [("order", "SB-5: an item order before the reveal")]
    st = fresh()
    st.step = 1
    assert problems(st) == [("order", "SB-5: an item order before the reveal")]
    st = game(dist=2)
    run(st, unit(st, "I", "infantry"), recover("II"))
    st.step = 5
    assert ("step", "SB-4: step 5 past the end of the turn") in problems(st)
    st.step = 4
    assert all(k != "step" for k, _ in problems(st))


def test_SB_5_3_and_SB_7_cursor():
    st = fresh()
    st.cursor = (0, "front", "", 0, "item")
    assert problems(st) == [("cursor", "SB-5.3: an effect in progress in phase play")]
    st = game(dist=2)
    run(st, unit(st, "I", "infantry"), recover("II"))
    assert st.cursor == (0, "front", "", 0, "item") and problems(st) == []
    st.cursor = (0, "front", "cannon", 0, "item")
    assert problems(st) == [("cursor", "SB-7: the effect in progress is not one of its unit's")]
    st.cursor = (0, "front", "rifle", 1, "item")
    assert problems(st) == [("cursor", "SB-7: the effect in progress is not one of its unit's")]
    st.cursor = (0, "front", "rifle", 0, "item")
    assert problems(st) == []
    st.cursor = (0, "back", "heal", 0, "item")
    assert problems(st) == [("cursor", "SB-12: op heal_one of heal asks no decision now")]
    st.cursor = (0, "front", "", 0, "item")
    st.sides = (None,) + st.sides[1:]
    assert problems(st) == [("cursor", "SB-7.1: an effect is being chosen for a unit not on the table")]
    st.cursor = None
    assert ("cursor", "SB-5.3: resolving with no decision pending") in problems(st)


def test_SB_9_3_recorded_effect():
    st = fresh()
    st.replenish = (None, ("back", "heal_x"))
    assert problems(st) == [("replenish", "SB-9.3: II's recorded effect is not its unit's")]
    st.replenish = (("back", "replenish"), ("mech", "cannon"))
    assert problems(st) == [("replenish", "SB-9.3: II's recorded effect is not its unit's")]
    st.replenish = (("back", "replenish"), ("mech", "melee"))
    assert problems(st) == []


def test_SB_7_1_effect_at_play_plays():
    st = fresh(variants=["effect-at-play"])
    run(st, "I play C1 front rifle")
    assert problems(st) == []
    st.plays = (make_play("C1", "front", "cannon"), None)
    assert problems(st) == [("plays", "SB-7.1: I's play names no effect of infantry")]
    st.plays = (make_play("C1", "front"), None)
    assert problems(st) == [("plays", "SB-7.1: I's play names no effect of infantry")]
    st.plays = (make_play("C1", "advance", "rifle"), None)
    assert problems(st) == [("plays", "SB-7.1: I's play names an effect, but none is chosen at play here")]
    st = fresh()
    st.plays = (make_play("C1", "front", "rifle"), None)
    assert problems(st) == [("plays", "SB-7.1: I's play names an effect, but none is chosen at play here")]
    st = fresh(variants=["effect-at-play"], removed=[("I", "infantry")])
    st.plays = (make_play("C1", "front"), None)
    assert problems(st) == []


# -- issue 24: setup positions (SB-3) and views (SB-11) ---------------------------------------------
def _setup(**changes):
    st = new_game(2, 0)
    for key, value in changes.items():
        setattr(st, key, value)
    return st


def test_SB_3_nothing_is_set_before_the_first_turn():
    assert problems(_setup()) == []
    assert problems(_setup(turn=1)) == [("turn", "SB-3: turn 1 during setup (phase chooser); setup is turn 0")]
    assert problems(_setup(piles=((("C1", "advance"),), ()))) == [
        ("pile", "SB-3.3: I has a card on its table pile before the first turn")]
    assert problems(_setup(piles=((), (("C1", "advance"),)))) == [
        ("pile", "SB-3.3: II has a card on its table pile before the first turn")]
    assert problems(_setup(hp=(0, 1))) == [("hp", "SB-2: II's HP 1 is outside 0..0"),
                                           ("hp", "SB-3.2: II's HP is 1 before the first turn, not 0")]
    assert problems(_setup(sp=(1, 0))) == [("sp", "SB-3.4: I's SP is 1 before the first turn, not sp_start=0")]
    assert problems(_setup(dist=3)) == [("distance", "SB-3.4: the distance is 3 before the first turn, "
                                                     "not distance_start=2")]
    assert problems(_setup(clock=2)) == [("clock", "SB-3.6: the clock is on cell 2 before the first turn, not 1")]
    for key, value in (("speeds", (None, 3)), ("order", (0,)), ("step", 1), ("cancelled", (False, True)),
                       ("shielded", (True, False)), ("attacked", (False, True))):
        assert problems(_setup(**{key: value})) == [(key, f"SB-3: {key} is set before the first turn")], key
    assert ("replenish", "SB-3: replenish is set before the first turn") in problems(
        _setup(replenish=(None, ("back", "x"))))


def test_SB_3_2_a_picked_mech_has_its_full_hp_during_deployment():
    st = new_game(2, 0, make_ruleset(["mech_assignment=heavy,agile"]))
    assert st.phase == "deploy" and problems(st) == []
    st.hp = (5, 5)
    assert problems(st) == [("hp", "SB-3.2: I's HP is 5 before the first turn, not 6")]


def test_SB_3_2_a_later_phase_without_both_mechs_stops_at_that_problem():
    st = fresh()
    st.mechs = (None, "agile")
    assert problems(st) == [("mechs", "SB-3.2: phase play needs both mechs")]


def test_SB_11_check_view_names_each_secret_shown():
    st = new_game(2, 0, make_ruleset(["mech_assignment=heavy,agile"]))
    st.apply("I deploy infantry medic engineer sniper")
    v = view(st, "II")
    assert check_view(st, v) == [] and check_view(st, view(st, None)) == [] and check_view(st, view(st, "I")) == []
    v.deploys = st.deploys
    assert check_view(st, v) == ["SB-3.5: the view of II shows I's deployment before both are turned up"]
    v = view(st, None)
    v.rng = st.rng
    assert check_view(st, v) == ["SB-11: the view of the spectator shows the generator"]
    st = fresh()
    st.apply(st.legal_actions()[0])
    assert st.phase == "play" and st.plays[0] is not None
    v = view(st, "II")
    assert check_view(st, v) == []
    v.plays = st.plays
    assert check_view(st, v) == ["SB-4.1: the view of II shows I's committed play before the reveal"]
    mine = view(st, "I")
    assert mine.plays[0] == st.plays[0] and check_view(st, mine) == []


def test_SB_7_1_check_view_names_an_effect_shown_before_its_item_begins():
    from game.core.playout import random_action
    from game.core.rng import Rng
    rng = Rng(2)
    st = fresh(variants=["effect-at-play"])
    for _ in range(3000):
        if st.phase == "resolve" and any(p is not None and p.effect and not item_done(st, s)
                                         and not (st.cursor and st.cursor[0] == s and st.cursor[4] == "item")
                                         for s, p in enumerate(st.plays)):
            break
        st.apply(random_action(st, rng))
        if st.is_over():
            st = fresh(variants=["effect-at-play"])
    else:
        raise AssertionError("no effect named at play waiting for its item")
    seat = next(s for s, p in enumerate(st.plays) if p is not None and p.effect and not item_done(st, s))
    other = SEATS[1 - seat]
    v = view(st, other)
    assert check_view(st, v) == []
    v.plays = st.plays
    assert f"SB-7.1: the view of {other} shows {SEATS[seat]}'s effect before its item begins" in check_view(st, v)


def test_SB_4_1_check_view_looks_at_each_other_seat_whoever_committed_first():
    st = fresh()
    st.plays = (None, make_play("C1", "advance", ""))
    for viewer in ("I", None):
        v = view(st, viewer)
        assert check_view(st, v) == []
        v.plays = st.plays
        who = viewer or "the spectator"
        assert check_view(st, v) == [f"SB-4.1: the view of {who} shows II's committed play before the reveal"]


def test_SB_7_1_an_effect_shown_once_its_item_began_is_no_secret():
    """Every real view of random games with effects named at play passes the check, through the
    states where an effect shows because its item is past or is being resolved now."""
    from game.core.playout import random_action
    from game.core.rng import Rng
    rng = Rng(5)
    seen = {"past": 0, "now": 0}
    st = fresh(variants=["effect-at-play"])
    for _ in range(2500):
        if st.is_over():
            st = fresh(variants=["effect-at-play"])
        for s, p in enumerate(st.plays):
            if st.phase == "resolve" and p is not None and p.effect:
                c = st.cursor
                if item_done(st, s):
                    seen["past"] += 1
                elif c is not None and c[0] == s and c[4] == "item":
                    seen["now"] += 1
        for viewer in ("I", "II", None):
            assert check_view(st, view(st, viewer)) == []
        st.apply(random_action(st, rng))
    assert seen["past"] and seen["now"], seen
