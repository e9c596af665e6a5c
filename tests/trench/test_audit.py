"""Rules audit: adversarial scenarios probing the interactions between rules.

Every expected result below was worked out by hand from ``shared/rules/trench-war.md``
(and the designer's text where the reference is terse), not copied from the engine.
"""

from trench_helpers import col, height, illegal, legal, play, position, scene, where

from game.trench.geometry import parse_cell
from game.trench.notation import format_position
from game.trench.state import ACTION_CARDS
from game.trench.view import view

HIGH = "target_points_2p=9 target_points=9"
MOVE = "S cards=move slot=1 uses=0"
TURN = "S cards=turn slot=1 uses=0"
FIRE = "S cards=fire slot=1 uses=0"
GUN = "weapons=S:gun:4:S"


def c(name):
    return parse_cell(name)


def gas_at(st):
    return sorted((g.gid, g.cell, g.layer) for g in st.gas)


# == TW-4 rounds, interrupt, wind ===============================================================
def test_TW_4_4_a_player_who_waits_without_an_interrupt_keeps_its_place():
    """Waiting (with or without the card plotted) never moves a player forward."""
    soldiers = "S1 board d2 n\nW1 board b4 e\nN1 board d6 s drugs=1"
    text = scene(players="S W N", soldiers=soldiers, turn="", plots={"S": "move", "W": "move"},
                 extra="queue: N", rules=HIGH)
    for plot in ("N plot turn move", "N plot interrupt move"):
        st, _ = play(text, plot + "; N wait")
        assert st.turn.seat == "S" and st.order == ("S", "W", "N"), plot
        st, _ = play(st, "S1 step n")                  # S's only soldier: the turn ends
        assert st.current_player() == "N" and "N wait" in legal(st)
        st, _ = play(st, "N wait")
        assert st.turn.seat == "W" and st.order == ("W", "N"), plot


def _round_end(round_, forecast, deck, wind="calm", wind_card=None, time="day"):
    """S's last turn of a round, one Turn card used: 'S pass' ends the round."""
    text = scene(soldiers="S1 board d2 n\nN1 board d6 s", turn="S cards=turn slot=1 uses=0", order="S",
                 round=round_, forecast=forecast, wind_deck=deck, wind=wind, wind_card=wind_card,
                 time=time, rules=HIGH)
    return play(text, "S1 turn e")                  # the only soldier: the card is spent, the turn ends


def test_TW_4_1_eclipse_in_round_2_keeps_the_day_and_the_next_forecast_blows():
    st, _ = _round_end(1, "eclipse w", "n,e,s,same,calm", wind="-", wind_card="-")
    assert st.round == 2 and st.phase == "wind"
    assert st.wind == "w" and st.wind_card == "w" and st.day is True and st.eclipse
    assert ACTION_CARDS is not None and "eclipse" in format_position(st).split("wind-discard:")[1].splitlines()[0]
    st, _ = play(st, "chance wind n; chance wind s")        # two players: two forecasts open again
    assert st.forecasts == ("n", "s") and st.phase == "plot" and st.day is True


def test_TW_4_1_same_after_calm_is_calm_and_after_a_wind_keeps_it():
    st, _ = _round_end(3, "same n", "s,w,e,eclipse", wind="calm")
    st, _ = play(st, "chance wind s")
    assert st.wind_card == "same" and st.wind == "calm" and st.day is False
    st, _ = _round_end(3, "same n", "s,w,calm,eclipse", wind="e", wind_card="e")
    st, _ = play(st, "chance wind s")
    assert st.wind_card == "same" and st.wind == "e"


def test_TW_4_1_round_1_has_no_wind_and_round_2_flips_to_night():
    st, _ = _round_end(1, "n e", "s,w,same,calm,eclipse", wind="-", wind_card="-")
    st, _ = play(st, "chance wind s")
    assert st.wind == "n" and st.day is False and st.forecasts == ("e", "s")


# == TW-6.1 step, push =========================================================================
def test_TW_6_1_a_cube_is_never_pushed_into_a_hole_holding_gas_items_or_a_corpse():
    base = dict(cells={"d3": "2", "d4": "0"}, turn=MOVE, rules=HIGH)
    illegal(scene(soldiers="S1 board d2 n\nN1 board b7 s", gas="1 N d4 1", **base), "S1 step n", "TW-6.1")
    illegal(scene(soldiers="S1 board d2 n\nN1 board b7 s", items="d4 food", **base), "S1 step n", "TW-6.1")
    illegal(scene(soldiers="S1 board d2 n\nN1 board b7 s\nN2 corpse d4 s", **base), "S1 step n", "TW-6.1")
    st, _ = play(scene(soldiers="S1 board d2 n\nN1 board b7 s", **base), "S1 step n")
    assert height(st, "d4") == 1 and height(st, "d3") == 1 and where(st, "S1")[1] == "d3"


def test_TW_6_1_pushing_an_ally_into_gas_kills_it_for_the_gas_owner():
    text = scene(soldiers="S1 board d2 n\nS2 board d3 e\nN1 board b7 s", gas="1 N d4 2", turn=MOVE,
                 rules=HIGH)
    st, _ = play(text, "S1 step n")
    assert where(st, "S2")[:2] == ("corpse", "d4") and where(st, "S1")[1] == "d3"
    assert st.points["N"] == 1


def test_TW_6_1_a_pushed_ally_takes_the_corpse_it_lands_on():
    text = scene(soldiers="S1 board d2 n\nS2 board d3 e\nN1 board b7 s\nN3 corpse d4 s", turn=MOVE,
                 rules=HIGH, discards={"S": "fire"})
    st, _ = play(text, "S1 step n")
    assert st.soldier("S2").corpses == ("N3",) and st.score("S") == 1
    assert ACTION_CARDS.count(st.discards["S"], "fire") == 0       # eaten: the discards came back
    assert where(st, "S2")[2] == "e"                                # a push never turns the ally


def test_TW_6_1_climbing_out_into_an_enemy_is_never_an_assault():
    text = scene(cells={"d2": "0"}, soldiers="S1 board d2 n\nN1 board d3 s", turn=MOVE, rules=HIGH)
    illegal(text, "S1 step n", "TW-6")
    text = scene(cells={"d2": "0", "d3": "0"}, soldiers="S1 board d2 n\nN1 board d4 s", turn=MOVE, rules=HIGH)
    illegal(text, "S1 dash", "TW-6")


def test_TW_7_1_assault_on_an_enemy_base_scores_and_enters_the_cell():
    text = scene(cells={"d6": "0", "d7": "nN"}, soldiers="S1 board d6 n\nN1 board b7 s", turn=MOVE,
                 rules=HIGH)
    illegal(text, "S1 step n", "TW-6.1")                       # from a trench: never up a 2-stack
    text = scene(cells={"d7": "nN"}, soldiers="S1 board d6 n\nN1 board b7 s", turn=MOVE, rules=HIGH)
    st, _ = play(text, "S1 step n")
    assert col(st, "d7") == "n" and where(st, "S1")[1] == "d7" and st.points["S"] == 1
    text = scene(cells={"d7": "nN"}, soldiers="S1 board e7 w\nN1 board b7 s", turn=MOVE, rules=HIGH)
    st, _ = play(text, "S1 step w")
    assert st.points["S"] == 1
    illegal(scene(cells={"d7": "nN"}, soldiers="S1 board e7 n\nN1 board b7 s", turn=MOVE, rules=HIGH),
            "S1 step w", "TW-7.1")                            # not facing it


# == TW-6.2 dash ================================================================================
def test_TW_6_2_a_dash_takes_the_items_of_the_first_cell():
    st, _ = play(scene(items="d3 food", soldiers="S1 board d2 n\nN1 board b7 s", turn=MOVE, rules=HIGH),
                 "S1 dash")
    assert where(st, "S1")[1] == "d4" and st.soldier("S1").food == 1 and c("d3") not in st.items


def test_TW_6_2_a_jumped_trench_keeps_its_gas_and_items():
    text = scene(cells={"d3": "0"}, items="d3 food", gas="1 N d3 1",
                 soldiers="S1 board d2 n\nN1 board b7 s", turn=MOVE, rules=HIGH)
    st, _ = play(text, "S1 dash")
    assert where(st, "S1")[:2] == ("board", "d4") and st.soldier("S1").food == 0
    assert st.items[c("d3")] == ("food",) and gas_at(st) == [(1, c("d3"), 1)]


def test_TW_6_2_dashing_through_gas_on_the_ground_kills_in_the_first_cell():
    text = scene(gas="1 N d3 2", soldiers="S1 board d2 n\nN1 board b7 s", turn=MOVE, rules=HIGH)
    st, _ = play(text, "S1 dash")
    assert where(st, "S1")[:2] == ("corpse", "d3") and st.points["N"] == 1


def test_TW_6_2_a_dash_may_end_in_an_assault():
    text = scene(soldiers="S1 board d2 n\nN1 board d4 w\nN2 board b7 s", turn=MOVE, rules=HIGH)
    st, _ = play(text, "S1 dash")
    assert where(st, "N1")[0] == "carried" and where(st, "S1")[1] == "d4"
    assert st.points["S"] == 1 and st.score("S") == 2


def test_TW_6_2_a_dash_over_a_trench_onto_an_ally_or_a_wall_is_illegal():
    base = dict(cells={"d3": "0"}, turn=MOVE, rules=HIGH)
    illegal(scene(soldiers="S1 board d2 n\nS2 board d4 n\nN1 board b7 s", **base), "S1 dash", "TW-6.2")
    illegal(scene(soldiers="S1 board d2 n\nN1 board b7 s", **{**base, "cells": {"d3": "0", "d4": "2"}}),
            "S1 dash", "TW-6.2")


# == TW-6.3 turn and carry ======================================================================
def test_TW_6_3_carrying_a_cube_away_from_resting_gas_lets_it_flow():
    """d4 gas rests under wind s (d3 wall, c4/e4 walls); carrying d3's top cube to e2 opens the way:
    the gas runs d3, d2 (S1 is there), d1 and off the board."""
    text = scene(cells={"d3": "2", "c4": "2", "e4": "2"}, gas="1 N d4 2", wind="s",
                 soldiers="S1 board d2 n\nS2 board b2 n\nN1 board b7 s", turn=TURN, rules=HIGH)
    st, _ = play(text, "S1 turn e carry")
    assert height(st, "d3") == 1 and height(st, "e2") == 2
    assert st.gas == () and where(st, "S1")[0] == "corpse" and st.points["N"] == 1


def test_TW_6_3_carrying_an_ally_into_gas_or_onto_a_corpse():
    text = scene(gas="1 N e2 2", soldiers="S1 board d2 n\nS2 board d3 w\nN1 board b7 s", turn=TURN,
                 rules=HIGH)
    st, _ = play(text, "S1 turn e carry")
    assert where(st, "S2")[:2] == ("corpse", "e2") and st.points["N"] == 1
    text = scene(soldiers="S1 board d2 n\nS2 board d3 w\nN1 board b7 s\nN2 corpse e2 s", turn=TURN,
                 rules=HIGH)
    st, _ = play(text, "S1 turn e carry")
    assert st.soldier("S2").corpses == ("N2",) and st.score("S") == 1


def test_TW_6_3_a_half_turn_carry_needs_the_swept_side_free():
    text = scene(cells={"c2": "2"}, soldiers="S1 board d2 n\nN1 board b7 s", turn=TURN, rules=HIGH,
                 items="e2 food")
    st = position(text)
    opts = legal(st)
    assert "S1 turn s carry w" not in opts and "S1 turn s carry e" not in opts   # wall west, item east
    assert "S1 turn s" in opts


def test_TW_6_4_never_build_on_gas():
    text = scene(gas="1 N d4 2", soldiers="S1 board d2 n cubes=1\nN1 board b7 s",
                 turn="S cards=build slot=1 uses=0", rules=HIGH)
    illegal(text, "S1 build d4", "TW-6.4")


# == TW-6.6 fire ================================================================================
def test_TW_6_6a_gun_from_a_trench_rim_hits_a_standing_soldier():
    text = scene(cells={"d2": "0"}, soldiers=f"S1 board d2 n {GUN}\nN1 board d5 s\nN2 board b7 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire")
    assert where(st, "N1")[0] == "corpse" and st.points["S"] == 1


def test_TW_6_6a_gun_along_a_trench_hits_in_it_and_stops_at_ground():
    cells = {"d2": "0", "d3": "0", "d4": "0", "d5": "0"}
    st, _ = play(scene(cells=cells, soldiers=f"S1 board d2 n {GUN}\nN1 board d5 s\nN2 board b7 s",
                       turn=FIRE, rules=HIGH), "S1 fire")
    assert where(st, "N1")[0] == "corpse"
    # the standing N1 beyond the trench's end is not hit: the ground cube stops the shot
    text = scene(cells={"d2": "0", "d3": "0"}, soldiers=f"S1 board d2 n {GUN}\nN1 board d4 s\nN2 board b7 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire")
    assert where(st, "N1")[0] == "board" and st.soldier("S1").weapons[0].ammo == 3
    st, _ = play(text, "S1 fire destroy")                       # the ground cube goes: N1 drops in, alive
    assert height(st, "d4") == 0 and where(st, "N1")[0] == "board"
    assert st.soldier("S1").weapons[0].ammo == 2


def test_TW_6_6a_gun_from_ground_passes_over_a_trench_soldier():
    text = scene(cells={"d3": "0"}, soldiers=f"S1 board d2 n {GUN}\nN1 board d3 s\nN2 board d5 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire")
    assert where(st, "N1")[0] == "board" and where(st, "N2")[0] == "corpse"


def test_TW_6_6a_from_a_trench_the_wall_in_front_is_destroyed_from_below():
    text = scene(cells={"d2": "0", "d3": "2"}, soldiers=f"S1 board d2 n {GUN}\nN1 board b7 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire destroy")
    assert height(st, "d3") == 1                                 # daruma: the wall drops


def test_TW_6_6a_night_and_mask_shorten_the_gun():
    soldiers = "S1 board d2 n {}weapons=S:gun:4:S\nN1 board d5 s\nN2 board b7 s"
    st, _ = play(scene(soldiers=soldiers.format(""), turn=FIRE, time="night", rules=HIGH), "S1 fire")
    assert where(st, "N1")[0] == "corpse"                        # range 3: d3 d4 d5
    st, _ = play(scene(soldiers=soldiers.format("mask-on "), turn=FIRE, time="night", rules=HIGH), "S1 fire")
    assert where(st, "N1")[0] == "board"                         # range 2: d3 d4


def test_TW_6_6a_a_mask_does_not_stop_a_bullet_and_the_worn_mask_is_a_belonging():
    text = scene(soldiers=f"S1 board d2 n {GUN}\nN1 board d3 s mask-on", turn="S cards=fire,move slot=1 uses=0",
                 rules=HIGH)
    st, _ = play(text, "S1 fire; S reveal; S1 step n")
    assert where(st, "N1")[0] == "carried" and st.soldier("S1").masks == 1


def test_TW_6_6b_gas_on_the_own_cell_exposes_the_firer_only_if_it_rests_there():
    soldiers = "S1 board d2 n weapons=S:gas:2:S\nS2 board b2 n\nN1 board b7 s"
    st, _ = play(scene(soldiers=soldiers, turn=FIRE, rules=HIGH), "S1 fire here")
    assert where(st, "S1")[0] == "corpse" and st.points == {"S": 0, "N": 0}
    st, _ = play(scene(soldiers=soldiers, turn=FIRE, wind="e", rules=HIGH), "S1 fire here")
    assert where(st, "S1")[0] == "board" and st.gas == ()


def test_TW_6_6c_a_bomb_on_the_own_cell_kills_the_thrower_and_scores_nothing():
    text = scene(soldiers="S1 board d2 n weapons=S:bomb:2:S food=1\nS2 board b2 n\nN1 board b7 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire d2")
    assert where(st, "S1")[:2] == ("corpse", "d2") and height(st, "d2") == 0
    assert st.points == {"S": 0, "N": 0} and st.dead == 1 and st.spent["S"] == 1
    assert st.pending and st.pending[0].kind == "console" and st.pending[0].seat == "S"


def test_TW_6_6c_bomb_range_over_walls_from_ground_but_not_from_a_trench():
    st = position(scene(cells={"d3": "2"}, soldiers="S1 board d2 n weapons=S:bomb:2:S\nN1 board b7 s",
                        turn=FIRE, rules=HIGH))
    assert {"S1 fire d2", "S1 fire d3", "S1 fire d4"} <= legal(st)
    st = position(scene(cells={"d2": "0", "d3": "2"}, soldiers="S1 board d2 n weapons=S:bomb:2:S\nN1 board b7 s",
                        turn=FIRE, rules=HIGH))
    assert "S1 fire d3" in legal(st) and "S1 fire d4" not in legal(st)
    st = position(scene(cells={"d2": "0"}, soldiers="S1 board d2 n weapons=S:bomb:2:S\nN1 board b7 s",
                        turn=FIRE, rules=HIGH))
    assert "S1 fire d4" in legal(st)                                  # over ground: one level up


def test_TW_6_6c_a_bomb_destroys_an_enemy_base_and_scores():
    text = scene(cells={"d7": "nN"}, soldiers="S1 board d5 n weapons=S:bomb:2:S\nN1 board b7 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire d7")
    assert col(st, "d7") == "n" and st.points["S"] == 1


# == TW-6.7 dig ==================================================================================
def test_TW_6_7_remote_dig_under_a_soldier_beside_boxed_trench_gas():
    """c4 gas rests in a trench (wind e: d4 ground, c5/c3 ground).  Digging d4 under N1 drops N1 into
    the new hole; the gas flows in (L1), kills N1 for S, and rests (e4, d5, d3 are trench sides)."""
    text = scene(cells={"c4": "0"}, gas="1 S c4 1", wind="e",
                 soldiers="S1 board d2 n\nN1 board d4 s\nN2 board b7 s", turn="S cards=dig slot=1 uses=0",
                 rules=HIGH)
    st, _ = play(text, "S dig d4")
    assert height(st, "d4") == 0 and where(st, "N1")[:2] == ("corpse", "d4")
    assert st.points["S"] == 1 and gas_at(st) == [(1, c("d4"), 1)]


def test_TW_6_1_tunnelling_under_a_soldier_kills_the_tunneller_and_scores_nothing():
    text = scene(cells={"c4": "0"}, soldiers="S1 board c4 e\nS2 board b2 n\nN1 board d4 s food=2\nN2 board b7 s",
                 turn=MOVE, rules=HIGH)
    st, _ = play(text, "S1 tunnel e")
    assert where(st, "S1")[0] in ("corpse", "carried") and where(st, "N1")[:2] == ("board", "d4")
    assert height(st, "d4") == 0 and st.points == {"S": 0, "N": 0} and st.dead == 1
    assert st.soldier("N1").food == 2


def test_TW_6_7_masked_soldier_may_dig_but_not_build():
    text = scene(soldiers="S1 board d2 n mask-on cubes=1\nN1 board b7 s", turn="S cards=dig,build slot=1 uses=0",
                 rules=HIGH)
    st, ev = play(text, "S1 dig; S reveal")
    assert height(st, "d2") == 0 and "wasted" in [e.kind for e in ev]


# == TW-6.8 drugs ===============================================================================
def test_TW_6_8_drug_extra_actions_keep_the_same_category_rule():
    text = scene(soldiers="S1 board d2 n drugs=1\nS2 board b2 n drugs=1\nN1 board b7 s",
                 turn="S cards=move,equip slot=1 uses=0", rules=HIGH)
    st, _ = play(text, "S1 step n; S reveal; S1 drug")
    opts = legal(st)
    assert "S1 drug move" not in opts and "S1 drug equip" not in opts and "S1 drug turn" in opts
    st, _ = play(text, "S1 dash; S reveal")                   # S1 dashed: it cannot even take the drug
    assert "S1 drug" not in legal(st) and "S2 drug" in legal(st)


# == TW-6.9 camp, TW-7.4 eating ====================================================================
def test_TW_6_9_camp_with_a_carried_enemy_corpse_by_day_and_by_night():
    soldiers = "S1 board d2 n corpses=N1\nN1 carried - s carrier=S1\nN2 board b7 s"
    base = dict(soldiers=soldiers, turn="S cards=camp slot=1 uses=0", discards={"S": "move,turn,fire"},
                rules=HIGH)
    st = position(scene(**base))
    assert st.score("S") == 1
    st, _ = play(scene(**base), "S camp S1 N1 move")
    assert st.soldier("N1").status == "gone" and st.score("S") == 0
    assert ACTION_CARDS.format(st.discards["S"]) == "turn,fire"
    st, _ = play(scene(time="night", **base), "S camp S1 N1")
    assert st.discards["S"] == ACTION_CARDS.empty() and st.score("S") == 0


def test_TW_7_4_only_an_enemy_corpse_restores_the_interrupt():
    base = dict(turn=MOVE, discards={"S": "fire,dig"}, extra="interrupt-used: S", rules=HIGH)
    st, _ = play(scene(soldiers="S1 board d2 n\nS2 corpse d3 n\nN1 board b7 s", **base), "S1 step n")
    assert "S" in st.interrupt_used and ACTION_CARDS.count(st.hands["S"], "dig") == 1
    assert st.score("S") == 0
    st, _ = play(scene(soldiers="S1 board d2 n\nS2 board b2 n\nN1 corpse d3 n\nN2 board b7 s", **base),
                 "S1 step n")
    assert "S" not in st.interrupt_used and ACTION_CARDS.count(st.hands["S"], "interrupt") == 1


def test_TW_7_3_cubes_beyond_the_limit_go_back_to_the_supply():
    text = scene(soldiers="S1 board d2 n cubes=1\nN1 corpse d3 s cubes=2\nN2 board b7 s", turn=MOVE, rules=HIGH)
    before = position(text).supply
    st, _ = play(text, "S1 step n")
    assert st.soldier("S1").cubes == 2 and st.supply == before + 1


def test_TW_7_5_a_worn_mask_stays_on():
    """TW-6: a mask stays on until gas uses it up: it cannot be handed to an ally."""
    text = scene(soldiers="S1 board d2 n mask-on\nS2 board d3 n\nN1 board b7 s", turn=MOVE, rules=HIGH)
    assert "S1 give S2 mask" not in legal(position(text))
    text = scene(soldiers="S1 board d2 n mask-on masks=1\nS2 board d3 n\nN1 board b7 s", turn=MOVE, rules=HIGH)
    st, _ = play(text, "S1 give S2 mask")
    assert st.soldier("S1").mask_on and st.soldier("S1").masks == 0 and st.soldier("S2").masks == 1


# == TW-8 gas and masks ==========================================================================
def test_TW_8_a_masked_soldier_must_leave_the_gas_by_the_end_of_its_next_turn():
    text = scene(soldiers="S1 board d2 n weapons=S:gas:2:S\nN1 board d3 s mask-on\nN2 board b7 s",
                 turn=FIRE, order="S N", plots={"N": "move"}, rules=HIGH)
    st, _ = play(text, "S1 fire front")
    assert where(st, "N1")[0] == "board" and st.soldier("N1").gas_check == 1
    assert st.turn.seat == "N"
    st, _ = play(st, "N2 step e; N pass")            # N's turn ends with N1 still in the gas
    assert where(st, "N1")[0] == "corpse" and st.points["S"] == 1
    st, _ = play(text, "S1 fire front; N1 step e; N pass")   # out of the gas in time: it lives
    assert where(st, "N1")[:2] == ("board", "e3") and st.soldier("N1").gas_check == 0


# == TW-9 escape, sinking, the end ===============================================================
def test_TW_9_escape_two_players_scores_one_and_can_win():
    text = scene(soldiers=f"S1 board d7 n {GUN}\nS2 board b2 n\nN1 board b6 s", turn=MOVE, points={"S": 1})
    st, _ = play(text, "S1 step n")
    assert where(st, "S1")[0] == "escaped" and st.soldier("S2").weapons[0].tile == "S:gun"
    assert st.result is not None and st.result.winners == ("S",) and st.result.reason == "target"


def test_TW_9_escape_three_players_scores_two_and_asks_who_takes_the_weapons():
    text = scene(players="S W N", soldiers=f"S1 board d7 n {GUN}\nS2 board b2 n\nS3 board f2 n\nW1 board a4 e\n"
                                          "N1 board b6 s", turn=MOVE, rules=HIGH)
    st, _ = play(text, "S1 step n")
    assert st.points["S"] == 2 and st.pending[0].kind == "handover"
    st, _ = play(st, "S handover S3")
    assert st.soldier("S3").weapons[0].tile == "S:gun"


def test_TW_9_the_last_soldier_with_no_points_cannot_escape():
    text = scene(soldiers="S1 board d7 n\nN1 board b6 s", turn=MOVE)
    illegal(text, "S1 step n", "TW-9")
    st, _ = play(scene(soldiers="S1 board d7 n\nN1 board b6 s", turn=MOVE, points={"S": 1}), "S1 step n")
    assert st.points["S"] == 2 and st.result.winners == ("S",)
    # escaping is only over the far edge
    illegal(scene(soldiers="S1 board a4 w\nS2 board b2 n\nN1 board b6 s", turn=MOVE), "S1 step w", "TW-6.1")


def test_TW_4_6_boats_sink_after_round_3_and_cost_a_kind_of_equipment():
    text = scene(round=3, order="S", soldiers="S1 boat d1 n\nS2 board d3 n food=1 masks=2\nN1 board b6 s",
                 turn="S cards=turn slot=1 uses=0", rules=HIGH)
    st, ev = play(text, "S2 turn e; S pass")
    assert where(st, "S1")[0] == "sunk" and st.dead == 1 and "sink" in [e.kind for e in ev]
    assert st.pending[0].kind == "sink" and {"S sink S2 food", "S sink S2 mask"} <= legal(st)
    st, _ = play(st, "S sink S2 mask")
    assert st.soldier("S2").masks == 0 and st.soldier("S2").food == 1
    assert not any(s.status == "corpse" for s in st.soldiers)


def _judged(**kw):
    """S1 gasses itself (calm): the 4th death of a two-player game calls the judgement."""
    soldiers = "S1 board d5 n weapons=S:gas:2:S\n" + kw.pop("soldiers")
    return play(scene(soldiers=soldiers, turn=FIRE, dead=3, **kw), "S1 fire here")[0]


def test_TW_9_judgement_tie_breaks_rows_then_survivors_then_spent_then_turn_order():
    st = _judged(soldiers="S2 board b4 n\nN1 board b6 s")
    assert st.result.reason == "judgement" and st.result.winners == ("S",)      # rows 4 vs 2
    st = _judged(soldiers="S2 board b3 n\nS3 board c2 n\nN1 board b5 s")
    assert st.result.winners == ("S",)                                           # rows 3 = 3; 2 survivors vs 1
    st = _judged(soldiers="S2 board b3 n\nN1 board b5 s")
    assert st.result.winners == ("S",)                                           # spent 1 vs 0
    st = _judged(soldiers="S2 board b3 n\nN1 board b5 s", spent={"N": 1})
    assert st.result.winners == ("N",)                                           # all equal: N acts later
    st = _judged(soldiers="S2 board b3 n\nN1 board b5 s", points={"N": 1})
    assert st.result.winners == ("N",)                                           # points first


def test_TW_9_reaching_the_target_in_the_judgement_kill_wins_by_target():
    text = scene(soldiers=f"S1 board d2 n {GUN}\nN1 board d4 s\nN2 board b7 s", turn=FIRE, dead=3,
                 points={"S": 1})
    st, _ = play(text, "S1 fire")
    assert st.result.reason == "target" and st.result.winners == ("S",)


def test_TW_9_the_empty_gun_bonus_needs_the_gas_too_with_two_players():
    soldiers = "S1 board d2 n weapons=S:gun:1:S\nS2 board b2 n weapons=S:gas:{}:S\nN1 board b7 s"
    st, _ = play(scene(soldiers=soldiers.format(1), turn=FIRE, rules=HIGH), "S1 fire")
    assert st.points["S"] == 0
    st, _ = play(scene(soldiers=soldiers.format(0), turn=FIRE, rules=HIGH), "S1 fire")
    assert st.points["S"] == 1


# == TW-10 vision and views ======================================================================
def test_TW_10_vision_runs_across_a_trench_but_not_over_a_wall():
    base = dict(soldiers="S1 board d2 n\nS2 board b2 n\nN1 board d6 s weapons=N:bomb:2:N", turn=TURN, rules=HIGH)
    st, _ = play(scene(cells={"d4": "0"}, **base), "S2 turn e")
    assert "S" in st.soldier("N1").weapons[0].known
    st, _ = play(scene(cells={"d4": "2"}, **base), "S2 turn e")
    assert "S" not in st.soldier("N1").weapons[0].known


def test_TW_10_views_hide_hands_plots_unseen_weapons_and_the_generator():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board b7 s weapons=N:bomb:2:N",
                 turn="S cards=move,fire slot=1 uses=0", rules=HIGH)
    st = position(text)
    v = format_position(view(st, "N"))
    assert "rng: ?" in v and "S hand=?" in v and "cards=move,?" in v and "S:gun" not in v
    assert "N:bomb" in v
    sv = format_position(view(st, None))
    assert "N:bomb" not in sv and "S:gun" not in sv and "hand=?" in sv


# == TW-11 variants ===============================================================================
def _civ(soldiers, variant="civilians", **kw):
    return scene(soldiers=soldiers, extra=f"variants: {variant}", **kw)


def test_TW_11_civilians_step_for_anyone_but_never_push_or_assault():
    soldiers = "S1 board d2 n\nN1 board b6 s\nC1 board c4 e\nC2 board f4 s"
    st = position(_civ(soldiers, turn=MOVE, rules=HIGH, cells={"d4": "2"}))
    opts = legal(st)
    assert "C1 step n" in opts and "C1 step e" not in opts and "C1 dash" not in opts
    st = position(_civ("S1 board d2 n\nN1 board c5 s\nC1 board c4 n\nC2 board f4 s", turn=MOVE, rules=HIGH))
    assert "C1 step n" not in legal(st)                      # no assault
    st = position(_civ("S1 board c3 n\nS2 board c5 s\nN1 board b6 s\nC1 board c4 n\nC2 board f4 s",
                       turn=MOVE, rules=HIGH))
    assert "C1 step n" not in legal(st)                      # no push either
    st, _ = play(st, "S1 step n")                             # a soldier facing a civilian kills it
    assert where(st, "C1")[0] == "carried" and st.pending[0].kind == "penalty" and st.dead == 1


def test_TW_11_guerrillas_fire_the_acting_players_weapon_and_score():
    soldiers = f"S1 board b2 n {GUN}\nN1 board d6 s\nN2 board b7 s\nC1 board d3 n\nC2 board f4 s"
    st, _ = play(_civ(soldiers, "guerrillas", turn=FIRE, rules=HIGH), "C1 fire S:gun")
    assert where(st, "N1")[0] == "corpse" and st.points["S"] == 1
    assert st.soldier("S1").weapons[0].ammo == 3 and not st.pending


def test_TW_11_open_teams_pool_points_toward_three():
    text = scene(players="S W N E", soldiers=f"S1 board d2 n {GUN}\nW1 board a4 e\nN1 board d4 s\n"
                                              "N2 board b7 s\nE1 board g4 w", turn=FIRE,
                 extra="variants: open-teams", points={"S": 1, "W": 1})
    st, _ = play(text, "S1 fire")
    assert st.result is not None and set(st.result.winners) == {"S", "W"}


def test_TW_11_open_teams_team_mates_do_not_see_each_others_weapons():
    """TW-10: a player learns the weapon of an *enemy* soldier it sees; a team-mate is not one."""
    text = scene(players="S W N E", soldiers="S1 board c2 n\nW1 board b2 e weapons=W:gas:2:W\n"
                                             "N1 board b7 s\nE1 board g6 w", turn=TURN,
                 extra="variants: open-teams", rules=HIGH)
    st, _ = play(text, "S1 turn w")
    assert "S" not in st.soldier("W1").weapons[0].known


def test_TW_9_a_skip_penalty_skips_this_rounds_turn_when_it_is_still_to_come():
    """N digs c3 beside S's resting trench gas (c4, wind s); the gas flows onto the civilian
    there and kills it; S, still to act this round, chooses to skip: S's next turn is this one."""
    soldiers = "S1 board b2 n\nN1 board d6 s\nN2 board b7 s\nC1 board c3 s\nC2 board f6 s"
    text = scene(cells={"c4": "0"}, gas="1 S c4 1", wind="s", soldiers=soldiers,
                 turn="N cards=dig slot=1 uses=0", order="N S", start="N", plots={"S": "turn"},
                 extra="variants: civilians", rules=HIGH)
    st, _ = play(text, "N dig c3")
    assert where(st, "C1")[0] == "corpse" and st.pending[0].kind == "penalty" and st.pending[0].seat == "S"
    st, ev = play(st, "S penalty skip")
    assert "skip" in [e.kind for e in ev] and "S" not in st.skip
    assert not any(e.kind == "turn-start" and e.get("seat") == "S" for e in ev)
    assert st.plots["S"] == () and ACTION_CARDS.count(st.hands["S"], "turn") == 2
    assert st.round == 6


def test_TW_6_2_a_dash_from_a_boat_jumps_an_edge_trench_and_removes_the_boat():
    text = scene(cells={"d1": "0"}, soldiers="S1 boat d1 n\nN1 board b7 s", turn=MOVE, rules=HIGH)
    before = position(text)
    st, _ = play(text, "S1 dash")
    assert where(st, "S1")[:2] == ("board", "d2") and st.out == before.out + 1


def test_TW_6_2_a_dash_over_the_far_edge_escapes():
    text = scene(soldiers="S1 board d6 n\nS2 board b2 n\nN1 board b5 s", turn=MOVE, rules=HIGH)
    st, _ = play(text, "S1 dash")
    assert where(st, "S1")[0] == "escaped" and st.points["S"] == 1


def test_TW_11_killing_a_guerrilla_is_not_penalised():
    soldiers = "S1 board d2 n weapons=S:gas:2:S\nN1 board b7 s\nC1 board d3 s\nC2 board f6 s"
    st, _ = play(_civ(soldiers, "guerrillas", turn=FIRE, rules=HIGH), "S1 fire front")
    assert where(st, "C1")[0] == "corpse" and not st.pending and st.points["S"] == 0 and st.dead == 1
    st, _ = play(_civ(soldiers, turn=FIRE, rules=HIGH), "S1 fire front")
    assert st.pending[0].kind == "penalty" and st.pending[0].seat == "S"


def test_TW_11_an_unplaced_civilian_named_in_an_action_is_an_illegal_action_not_a_crash():
    """Built position (no seed to hunt for a game where a civilian stayed unplaced): guerrillas, S
    moves, C2 never placed; naming it is refused with the rule id, and the position is unchanged."""
    soldiers = "S1 board d2 n\nN1 board b7 s\nC1 board c4 n\nC2 unplaced - n"
    text = _civ(soldiers, "guerrillas", turn=MOVE, rules=HIGH)
    assert where(position(text), "C2") == ("unplaced", None, "n")       # precondition
    message = illegal(text, "C2 step n", "TW-5")
    assert message == "TW-5: C2 is not in play (unplaced)"


def test_TW_6_6c_a_destroyed_cube_event_says_destroy_and_names_its_cause():
    from game.trench.model import make_event  # noqa: F401  (events come from the engine below)
    from game.trench.scoring import destroy_top
    from game.trench import new_game
    state = new_game(2, seed=0)
    events = []
    destroy_top(state, 0, "S", "bomb", events)
    cube = [e for e in events if e.kind == "cube"][0]
    assert cube.get("how") == "destroy" and cube.get("cause") == "bomb"
