"""The legal lists of ``legal.py``: who decides in each phase, the chance outcomes, and the EXACT
sorted legal list of small positions, each worked out by hand from ``shared/rules/trench-war.md``
(TW-4.3 plotting, TW-4.4 interrupt, TW-5 card use, TW-6 actions, TW-7.2 consolation, TW-9,
TW-11 civilians).
"""

import pytest
from trench_helpers import legal, play, position, scene

from game.core.errors import IllegalActionError
from game.core.protocol import CHANCE, TERMINAL
from game.trench import make_ruleset, new_game
from game.trench.geometry import CELLS, cell_name, is_corner

HIGH = "target_points_2p=9 target_points=9"


def L(text_or_state, actions=""):
    st = position(text_or_state) if isinstance(text_or_state, str) else text_or_state
    if actions:
        st, _ = play(st, actions)
    return st, sorted(legal(st))


# == who decides, chance ==========================================================================
def test_TW_3_who_decides_in_each_setup_phase():
    st = new_game(2, seed=5)
    assert st.current_player() == CHANCE and st.phase == "first"
    assert sorted((str(a), p) for a, p in st.chance_outcomes()) == [("chance first N", 0.5), ("chance first S", 0.5)]
    st.apply("chance first N")
    assert st.current_player() == "N" and st.chance_outcomes() == []
    assert sorted(legal(st)) == sorted(f"N arm {a} {b} {c}" for a, b, c in (
        ("gun", "gas", "bomb"), ("gun", "bomb", "gas"), ("gas", "gun", "bomb"), ("gas", "bomb", "gun"),
        ("bomb", "gun", "gas"), ("bomb", "gas", "gun")))
    st.apply("N arm gun gas bomb")
    st.apply("S arm gun gas bomb")
    assert st.queue[0] == "N1" and st.current_player() == "N"     # the soldier's seat decides
    assert sorted(legal(st)) == [f"N1 boat {f}7" for f in "bcdef"]
    while st.phase == "place":
        st.apply(sorted(legal(st))[0])
    assert st.phase == "base" and st.current_player() == "N"
    # TW-3.5: a non-corner ground cell of the own first row (boats lie off the board)
    assert sorted(legal(st)) == [f"N base {f}7" for f in "bcdef"]
    while st.phase == "base":
        st.apply(sorted(legal(st))[0])
    assert st.phase == "extra" and st.current_player() == "N" and "N pass" in legal(st)


def test_TW_4_who_decides_in_play_pending_and_over():
    st = position(scene(soldiers="S1 board d2 n\nN1 board b6 s", turn="", order="", extra="queue: N S", start="N",
                        rules=HIGH))
    assert st.current_player() == "N" and st.chance_outcomes() == []
    st = position(scene(soldiers="S1 board d3 n food=1\nS2 board b2 n\nN1 board d4 s\nN2 board a6 e",
                        turn="N cards=move slot=1 uses=0", order="N", start="N", rules=HIGH))
    st, _ = play(st, "N1 step s")
    assert st.pending and st.current_player() == "S" and st.chance_outcomes() == []
    with pytest.raises(IllegalActionError) as info:
        st.sample_chance()
    assert str(info.value) == "TW-4: not a chance node: S decides"
    st = position(scene(cells={"d7": "nN"}, soldiers="S1 board d6 n\nN1 board b6 s", points={"S": 1},
                        turn="S cards=move slot=1 uses=0"))
    st, _ = play(st, "S1 step n")
    assert st.current_player() == TERMINAL and st.chance_outcomes() == [] and st.legal_actions() == []


def test_TW_11_hidden_teams_deal_the_secret_sides_before_the_first_player():
    st = new_game(4, seed=1, rules=make_ruleset({"hidden_teams": True}))
    outcomes = sorted((str(a), round(p, 9)) for a, p in st.chance_outcomes())
    assert outcomes == [(f"chance teams {s}", round(1 / 6, 9)) for s in sorted(("sw", "sn", "se", "wn", "we", "ne"))]
    st.apply("chance teams sn")
    assert sorted((str(a), p) for a, p in st.chance_outcomes()) == [
        ("chance first E", 0.25), ("chance first N", 0.25), ("chance first S", 0.25), ("chance first W", 0.25)]


def test_TW_4_1_the_wind_draw_is_one_of_the_cards_left_in_the_deck():
    text = scene(soldiers="S1 board d2 n\nN1 board d6 s", turn="S cards=turn slot=1 uses=0", order="S",
                 forecast="n e", wind_deck="s,w,same,eclipse", rules=HIGH)
    st, opts = L(text, "S1 turn e")
    assert opts == ["chance wind eclipse", "chance wind s", "chance wind same", "chance wind w"]
    assert sorted(p for _, p in st.chance_outcomes()) == [0.25] * 4
    assert str(st.sample_chance()) in opts


# == TW-4.3 plot, TW-4.4 interrupt ================================================================
PLOT = dict(turn="", order="", extra="queue: S N", rules=HIGH)
SMALL_HAND = dict(hands={"S": "move:2,turn,interrupt"}, discards={"S": "turn,build:2,fire:2,dig,equip,camp"})


def test_TW_4_3_plot_one_or_two_cards_a_pair_needs_two_copies_interrupt_needs_a_drug():
    _, opts = L(scene(soldiers="S1 board d2 n drugs=1\nN1 board b6 s", **PLOT, **SMALL_HAND))
    assert opts == ["S plot interrupt", "S plot interrupt move", "S plot interrupt turn", "S plot move",
                    "S plot move interrupt", "S plot move move", "S plot move turn", "S plot turn",
                    "S plot turn interrupt", "S plot turn move"]
    _, opts = L(scene(soldiers="S1 board d2 n\nN1 board b6 s", **PLOT, **SMALL_HAND))
    assert opts == ["S plot move", "S plot move move", "S plot move turn", "S plot turn", "S plot turn move"]


def test_TW_6_10_the_drug_to_pay_may_be_on_a_boat_but_not_on_a_corpse():
    _, opts = L(scene(soldiers="S1 board d2 n\nS2 boat f1 n drugs=1\nN1 board b6 s", **PLOT, **SMALL_HAND))
    assert "S plot interrupt" in opts
    _, opts = L(scene(soldiers="S1 board d2 n\nS2 corpse f2 n drugs=1\nN1 board b6 s", **PLOT, **SMALL_HAND))
    assert "S plot interrupt" not in opts and len(opts) == 5
    _, opts = L(scene(soldiers="S1 board d2 n\nN1 board b6 s drugs=1", **PLOT, **SMALL_HAND))
    assert "S plot interrupt" not in opts                          # an enemy's drug pays nothing


def test_TW_4_4_only_seats_that_could_hold_the_interrupt_are_asked_before_a_turn():
    """Before S's turn, N is asked (drug, Interrupt unused) whatever it plotted; a used
    Interrupt (out of play) or no drug: nobody is asked."""
    base = dict(turn="", order="", extra="queue: S N", rules=HIGH)
    st, _ = play(scene(soldiers="S1 board d2 n\nN1 board b6 s drugs=1", **base), "S plot move; N plot turn")
    assert st.current_player() == "N" and sorted(legal(st)) == ["N wait"]
    st, _ = play(scene(soldiers="S1 board d2 n\nN1 board b6 s drugs=1", **base), "S plot move; N plot turn interrupt")
    assert sorted(legal(st)) == ["N interrupt N1", "N wait"]
    st, _ = play(scene(soldiers="S1 board d2 n\nN1 board b6 s\nN2 board f6 s drugs=1\nN3 board c6 s drugs=2", **base),
                 "S plot move; N plot interrupt")
    assert sorted(legal(st)) == ["N interrupt N2", "N interrupt N3", "N wait"]
    used = dict(turn="", order="", extra="queue: S N\ninterrupt-used: N", rules=HIGH)
    st, _ = play(scene(soldiers="S1 board d2 n\nN1 board b6 s drugs=1", **used), "S plot move; N plot turn")
    assert st.current_player() == "S" and st.turn.seat == "S"
    st, _ = play(scene(soldiers="S1 board d2 n\nN1 board b6 s", **base), "S plot move; N plot turn")
    assert st.turn.seat == "S"


# == TW-5 what the player is asked during a turn ==================================================
def test_TW_5_the_second_card_must_be_used_no_pass():
    _, opts = L(scene(soldiers="S1 board d2 n\nN1 board b6 s", rules=HIGH,
                      turn="S cards=move,turn slot=2 uses=0 acted=S1:move"))
    assert opts == ["S1 turn e", "S1 turn s", "S1 turn w"]


def test_TW_6_7_the_remote_dig_only_as_the_first_use_of_the_first_card():
    _, opts = L(scene(soldiers="S1 board d2 n\nN1 board b6 s", rules=HIGH,
                      turn="S cards=move,dig slot=2 uses=0 acted=S1:move"))
    assert opts == ["S1 dig"]
    _, opts = L(scene(soldiers="S1 board d2 n\nS2 board f2 n\nN1 board b6 s", rules=HIGH,
                      turn="S cards=dig slot=1 uses=1 acted=S1:dig"))
    assert opts == ["S pass", "S2 dig"]
    st, opts = L(scene(soldiers="S1 board d2 n\nS2 board f2 n\nN1 board b6 s", rules=HIGH,
                       turn="S cards=dig slot=1 uses=0"))
    remote = sorted(f"S dig {cell_name(c)}" for c in CELLS if not is_corner(c))   # any ground cell, no wall
    assert opts == sorted(remote + ["S1 dig", "S2 dig"])


def test_TW_2_a_soldier_on_a_boat_cannot_dig_so_a_dig_card_is_wasted():
    st, _ = L(scene(soldiers="S1 boat d1 n\nN1 board b6 s", turn="S cards=dig slot=1 uses=0", order="S", rules=HIGH))
    assert st.phase == "wind" and st.current_player() == CHANCE


def test_TW_6_1_move_list_of_a_soldier_in_a_trench():
    """S1 in the d2 trench facing north: c2 is a hole (walk), e2 a wall (nothing), d3 and d1
    ground (climb out or tunnel); the dash climbs onto d3 and runs to d4."""
    _, opts = L(scene(cells={"d2": "0", "c2": "0", "e2": "2"}, soldiers="S1 board d2 n\nN1 board b6 s", rules=HIGH,
                      turn="S cards=move slot=1 uses=0"))
    assert opts == ["S1 dash", "S1 step n", "S1 step s", "S1 step w", "S1 tunnel n", "S1 tunnel s"]


def test_TW_2_a_soldier_on_a_boat_may_step_dash_or_turn_only():
    def text(cards):
        return scene(soldiers="S1 boat d1 n cubes=1\nN1 board b6 s", rules=HIGH, turn=f"S cards={cards} slot=1 uses=0")
    _, opts = L(text("move,build"))
    assert opts == ["S1 dash", "S1 step n"]                    # no tunnel from a boat
    _, opts = L(text("build,move"))
    assert opts == ["S1 dash", "S1 step n"]                    # Build wasted: Move revealed
    _, opts = L(text("turn,move"))
    assert opts == ["S1 turn e", "S1 turn s", "S1 turn w"]


def test_TW_6_4_build_list_masked_soldiers_build_nothing():
    text = scene(soldiers="S1 board d2 n cubes=1\nN1 board b6 s", rules=HIGH, items="c5 food",
                 turn="S cards=build slot=1 uses=0", gas="1 N f5 2")
    _, opts = L(text)
    free = [c for c in CELLS if not is_corner(c) and cell_name(c) not in ("d2", "b6", "c5", "f5")]
    assert opts == sorted([f"S1 build {cell_name(c)}" for c in free])   # nothing to collect: d3 is ground
    masked = scene(soldiers="S1 board d2 n cubes=1 mask-on\nN1 board b6 s", rules=HIGH,
                   turn="S cards=build,move slot=1 uses=0")
    _, opts = L(masked)                                         # Build wasted; masked: steps only
    assert opts == ["S1 step e", "S1 step n", "S1 step s", "S1 step w"]


def test_TW_6_5_collect_is_offered_without_cubes_carried():
    _, opts = L(scene(cells={"d3": "2"}, soldiers="S1 board d2 n\nN1 board b6 s", rules=HIGH,
                      turn="S cards=build,move slot=1 uses=0"))
    assert opts == ["S1 collect"]


def test_TW_6_9_camp_choices_by_day_and_by_night():
    soldiers = "S1 board d2 n food=1 corpses=N2\nN2 carried - s carrier=S1\nS2 board f2 n\nN1 board b6 s"
    base = dict(soldiers=soldiers, turn="S cards=camp slot=1 uses=0", discards={"S": "move,fire"}, rules=HIGH)
    _, opts = L(scene(**base))
    assert opts == ["S camp S1 N2 fire", "S camp S1 N2 move", "S camp S1 food fire", "S camp S1 food move"]
    _, opts = L(scene(time="night", **base))
    assert opts == ["S camp S1 N2", "S camp S1 food"]
    _, opts = L(scene(**{**base, "discards": {}}))
    assert opts == ["S camp S1 N2", "S camp S1 food"]          # by day with nothing else discarded


# == decisions outside the turn ===================================================================
def test_TW_7_2_consolation_choices_respect_the_cube_limit():
    text = scene(soldiers="S1 board d3 n weapons=S:gun:4:S food=1 cubes=1 drugs=1 masks=1\nS2 board b2 n cubes=2\n"
                          "S3 board f2 n\nN1 board d4 s\nN2 board a6 e",
                 turn="N cards=move slot=1 uses=0", order="N", start="N", rules=HIGH)
    st, opts = L(text, "N1 step s")
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("console", "S", ("S1",))]
    assert opts == ["S console S2 S:gun", "S console S2 drug", "S console S2 food", "S console S2 mask",
                    "S console S3 S:gun", "S console S3 cube", "S console S3 drug", "S console S3 food",
                    "S console S3 mask", "S console none"]


def test_TW_9_the_escapers_weapons_go_to_one_of_the_survivors():
    def text(s3):
        return scene(soldiers=f"S1 board d7 n weapons=S:gun:4:S\nS2 board b2 n\nS3 {s3} c2 n\nN1 board b6 s",
                     turn="S cards=move slot=1 uses=0", rules=HIGH)
    st, opts = L(text("board"), "S1 step n")
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("handover", "S", ("S1",))]
    assert opts == ["S handover S2", "S handover S3"]
    st, opts = L(text("corpse"), "S1 step n")                    # one survivor: it takes them, no question
    assert st.pending == () and [w.tile for w in st.soldier("S2").weapons] == ["S:gun"]
    assert opts == ["S pass", "S2 dash", "S2 step e", "S2 step n", "S2 step s", "S2 step w"]


# == TW-11 civilians ==============================================================================
def test_TW_11_civilians_move_and_turn_for_anyone_guerrillas_also_fire_and_dig():
    soldiers = "S1 board d2 n\nN1 board b6 s\nC1 board c4 n\nC2 corpse f4 s"
    _, opts = L(scene(soldiers=soldiers, turn="S cards=turn slot=1 uses=0", extra="variants: civilians", rules=HIGH))
    assert opts == ["C1 turn e", "C1 turn s", "C1 turn w", "S1 turn e", "S1 turn s", "S1 turn w"]
    _, opts = L(scene(soldiers=soldiers, turn="S cards=dig,move slot=1 uses=0", extra="variants: civilians",
                      rules=HIGH))
    assert "S1 dig" in opts and "C1 dig" not in opts
    _, opts = L(scene(soldiers=soldiers, turn="S cards=dig,move slot=2 uses=0", extra="variants: guerrillas",
                      rules=HIGH))
    assert opts == ["C1 step e", "C1 step n", "C1 step s", "C1 step w", "S1 dash", "S1 step e", "S1 step n",
                    "S1 step s", "S1 step w"]                   # a civilian never dashes (TW-11)
    _, opts = L(scene(soldiers=soldiers, turn="S cards=move,dig slot=2 uses=0", extra="variants: guerrillas",
                      rules=HIGH))
    assert opts == ["C1 dig", "S1 dig"]


def test_TW_7_2_a_soldier_at_the_cube_limit_may_still_take_a_carried_corpse_as_consolation():
    text = scene(soldiers="S1 board d3 n cubes=1 corpses=N3\nN3 carried - s carrier=S1\nS2 board b2 n cubes=2\n"
                          "N1 board d4 s\nN2 board a6 e",
                 turn="N cards=move slot=1 uses=0", order="N", start="N", rules=HIGH)
    st, opts = L(text, "N1 step s")
    assert [(p.kind, p.seat) for p in st.pending] == [("console", "S")]
    assert opts == ["S console S2 N3", "S console none"]


def test_TW_4_6_the_sinking_penalty_lists_every_survivors_kinds_and_no_wind_is_drawn_meanwhile():
    text = scene(round=3, soldiers="S1 board d2 n food=1\nS2 boat c1 n\nS3 board f2 n masks=1 weapons=S:bomb:2:S\n"
                                   "N1 board b6 s", turn="S cards=turn slot=1 uses=0", order="S",
                 forecast="n e", wind_deck="s,w,same,eclipse", rules=HIGH)
    st, opts = L(text, "S1 turn e; S pass")
    assert st.phase == "wind" and [(p.kind, p.seat) for p in st.pending] == [("sink", "S")]
    assert opts == ["S sink S1 food", "S sink S3 S:bomb", "S sink S3 mask"]
    assert st.current_player() == "S" and st.chance_outcomes() == []
    with pytest.raises(IllegalActionError) as info:
        st.sample_chance()
    assert str(info.value) == "TW-4: not a chance node: S decides"


# == TW-6.8 drugs ===================================================================================
def test_TW_6_8_drug_actions_beside_the_plotted_cards_and_for_the_drugged_soldier_only():
    """S2 takes a drug with the Equip card (two extra actions, cards from hand or discards, never
    Equip again for S2).  Revealed, the Move card serves S1 or S2; once it is used only the drug
    actions (or pass) remain; a drug card played for Turn offers S2's turns only."""
    text = scene(soldiers="S1 board d2 n\nS2 board f2 n drugs=1\nN1 board b6 s",
                 turn="S cards=equip,move slot=1 uses=0", rules=HIGH)
    st, opts = L(text, "S2 drug")
    assert opts == ["S pass", "S reveal", "S2 drug dig", "S2 drug move", "S2 drug turn"]
    st, opts = L(st, "S reveal")
    assert opts == ["S1 dash", "S1 step e", "S1 step n", "S1 step s", "S1 step w", "S2 dash", "S2 drug dig",
                    "S2 drug move", "S2 drug turn", "S2 step e", "S2 step n", "S2 step s", "S2 step w"]
    st, opts = L(st, "S1 step n")
    assert opts == ["S pass", "S2 drug dig", "S2 drug move", "S2 drug turn"]
    st, opts = L(st, "S2 drug turn")
    assert opts == ["S2 turn e", "S2 turn s", "S2 turn w"]
