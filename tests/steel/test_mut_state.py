"""state.py pinned exactly (issue 14): the queries the rules, the view and the renderer read (SB-3.6,
SB-5.2, SB-10.3, SB-11.1), cloning and equality.  I plays Heavy, II Agile unless named."""

from game.core.protocol import CHANCE
from game.steel import make_ruleset, new_game
from game.steel.state import Play, Result, make_play
from game.steel.view import view

from .helpers import game, run, unit
from .test_mut_flow import cold_caches  # noqa: F401  (autouse)


def test_SB_5_2_tie_break_higher_setting_puts_the_faster_mech_second():
    st = game(settings=["tie_break=higher"])
    run(st, unit(st, "I", "infantry"), unit(st, "II", "infantry"))
    assert st.tie_order() == (0, 1) and st.order == (0, 1) and st.current_player() == "I"
    st = game()
    assert st.tie_order() == (1, 0)
    st = game(mechs=("agile", "heavy"))
    assert st.tie_order() == (0, 1)


def test_SB_5_2_tie_order_follows_each_games_mechs_on_one_ruleset():
    rules = make_ruleset()
    a, b = new_game(2, 0, rules), new_game(2, 0, rules)
    run(a, "chance chooser I", "I mech heavy", "II mech agile")
    run(b, "chance chooser I", "I mech agile", "II mech heavy")
    assert a.tie_order() == (1, 0) and b.tie_order() == (0, 1)
    assert a.mech_speed(0) == 7 and a.mech_speed(1) == 3 and b.mech_speed(0) == 3
    c = new_game(2, 0, rules)
    run(c, "chance chooser II", "II mech standard", "I mech heavy")
    assert c.tie_order() == (1, 0) and c.mech_speed(1) == 5


def test_SB_10_3_score_counts_hp_and_escorts_on_the_table():
    st = game(hp=(4, 2), removed=[("I", "medic"), ("II", "medic"), ("II", "sniper")], tokens={"I": ["infantry"]})
    assert (st.score(0), st.score(1)) == (7, 4)
    st = game(hp=(4, 2), removed=[("I", "medic")], settings=["end_score=hp"])
    assert (st.score(0), st.score(1)) == (4, 2)


def test_SB_10_result_as_dict():
    r = Result(("II",), "escorts", (3, 8))
    assert r.as_dict() == {"winners": ["II"], "reason": "escorts", "scores": {"I": 3, "II": 8}}


def test_SB_11_1_hand_is_the_set_minus_the_pile_in_set_order():
    st = game(piles={"I": ["C4:right", "C2:back"], "II": ["C5:mech"]})
    assert st.hand(0) == ("C1", "C3", "C5", "C6") and st.hand(1) == ("C1", "C2", "C3", "C4", "C6")


def test_SB_11_1_table_queries():
    st = game(escorts=("infantry medic engineer sniper", "disruptor grenadier medic infantry"),
              removed=[("I", "medic"), ("I", "sniper"), ("II", "disruptor")], tokens={"II": ["medic"]})
    assert st.escorts_of(0) == [0, 2] and st.escorts_of(1) == [1, 2, 3]
    assert st.removed_escorts(0) == ("medic", "sniper") and st.removed_escorts(1) == ("disruptor",)
    assert st.leftover_escorts(0) == ("disruptor", "grenadier") and st.leftover_escorts(1) == ("engineer", "sniper")
    assert st.escort_at(0, 1) is None and st.escort_at(1, 0) is None and st.escort_at(1, 2) == "medic"
    assert st.escort_at(0, 2) == "engineer"
    assert st.tokens_at(1, 2) == 1 and st.tokens_at(0, 2) == 0 and st.tokens_at(1, 1) == 0
    assert st.unit(0, "back") is None and st.unit(1, "back").id == "grenadier"
    assert st.unit(0, "mech").id == "heavy" and st.unit(1, "mech").id == "agile"
    assert st.card_at(0, "back").id == "medic" and st.card_at(1, "front").id == "disruptor"
    assert st.card_at(1, "mech").id == "agile" and st.card_at(0, "right").id == "sniper"
    assert st.round == st.turn == 1 and st.cards is st.rules.card_set


def test_SB_3_queries_before_deployment():
    st = new_game(2, 0)
    assert st.current_player() == CHANCE and st.removed_escorts(0) == () and st.leftover_escorts(1) == ()
    assert st.unit(0, "mech") is None and st.hp == (0, 0) and st.round == 0
    st = new_game(2, 0, make_ruleset(["mech_assignment=heavy,agile"]))
    run(st, "I deploy infantry medic engineer sniper")
    v = view(st, "II")
    assert v.removed_escorts(0) == () and v.leftover_escorts(0) == ()
    assert view(st, "I").leftover_escorts(0) == ("disruptor", "grenadier")


def test_state_clone_is_equal_and_independent():
    st = game(dist=1, sp=(2, 3), tokens={"II": ["medic"]})
    run(st, unit(st, "I", "infantry"))
    c = st.clone()
    assert c == st and c is not st and not (c != st)
    for slot in type(st).__slots__:
        assert getattr(c, slot) == getattr(st, slot), slot
    run(c, "II play C6 recover", "I effect focused", "I hit medic")
    assert c != st and st.phase == "play" and st.plays[1] is None and st.tokens[5] == 1
    assert c.sides[5] is None


def test_state_equality_looks_at_every_field():
    base = game()
    for slot, value in (("dist", 3), ("sp", (1, 0)), ("hp", (5, 5)), ("clock", 2), ("turn", 7), ("phase", "over"),
                        ("piles", ((("C1", "front"),), ())), ("tokens", (1,) + (0,) * 7), ("order", (0,)),
                        ("step", 1), ("cursor", (0, "mech", "", 0, "item")), ("cancelled", (True, False)),
                        ("shielded", (False, True)), ("attacked", (True, False)), ("replenish", (("back", "x"), None)),
                        ("result", Result((), "both", (0, 0))), ("rng", 99), ("chooser", 1), ("speeds", (1, 2)),
                        ("plays", (make_play("C1", "front"), None)), ("mechs", ("agile", "heavy")),
                        ("deploys", (None, None)), ("sides", (None,) * 8)):
        other = base.clone()
        setattr(other, slot, value)
        assert other != base, slot
    other = base.clone()
    other.legal_cache = ["x"]
    assert other == base
    assert (base == "state") is False and base.__eq__(3) is NotImplemented
    assert view(base, None) != base and view(base, None) == view(base, None) and view(base, "I") != view(base, None)


def test_SB_4_1_play_values_are_shared():
    p = make_play("C1", "front")
    assert p is make_play("C1", "front") and p == Play("C1", "front", "") and p.effect == ""
    q = make_play("C5", "mech", "cannon")
    assert (q.card, q.half, q.effect) == ("C5", "mech", "cannon") and q is not make_play("C5", "mech")


def test_state_clone_of_a_finished_game_keeps_the_result():
    st = game(hp=(2, 5), sp=(0, 1), dist=1)
    run(st, unit(st, "I", "infantry"), unit(st, "II", "mech"), "II effect melee")
    c = st.clone()
    assert c.result == st.result == Result(("II",), "mech", (4, 9)) and c == st and c.is_over()


def test_state_never_equals_a_view():
    st = game()
    st.rng = None           # as a view holds it: the views differ from the state by type alone
    assert view(st, None) != st and st != view(st, None)
