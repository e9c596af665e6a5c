"""TW-8 gas (and TW-4.2 lingering gas, TW-6.6b gas firing) pinned exactly: every gas event with all
its data and its text, the pending deflection's data, masks and the gas check, re-flow after terrain
changes, and the pure helpers ``blocked`` / ``step_choices`` / ``predict_path``.

Expected values are worked out from the rules reference (``/work/shared/rules/trench-war.md``) and
the Events table of ``docs/notation.md``.  Cells in event data are ``x + 7*y``: a1 = 0, d2 = 10,
d3 = 17, d4 = 24, d5 = 31, d6 = 38, d7 = 45; the c file is one less, the e file one more.  Every
scenario is also played in quiet mode, which must give the same events with empty texts.
"""

from trench_helpers import event_table, legal, play_loud_and_quiet, position, scene, where

from game.trench import gas
from game.trench.geometry import parse_cell

HIGH = "target_points_2p=9 target_points=9"
FIRE = "S cards=fire,move slot=1 uses=0"
GAS = "weapons=S:gas:2:S"


def c(name):
    return parse_cell(name)


table = event_table


def run(actions, state=None, **kw):
    """Play ``actions`` loud and quiet; both must give the same state and data (quiet: no texts).

    Returns the loud state and its events as ``(kind, data, text)``."""
    if state is None:
        kw.setdefault("rules", HIGH)
        kw.setdefault("turn", FIRE)
    loud, ev = play_loud_and_quiet(scene(**kw) if state is None else state, actions)
    return loud, table(ev)


def fire_ev(target, sid="S1", seat="S", tile="S:gas"):
    return ("fire", {"sid": sid, "seat": seat, "weapon": "gas", "tile": tile, "target": target},
            f"{sid} fires {tile} on {_name(target)}")


def _name(cell):
    from game.trench.geometry import cell_name
    return cell_name(cell)


def place(gid, owner, cell, layer):
    return ("gas", {"gid": gid, "owner": owner, "path": (cell,), "how": "place", "layer": layer},
            f"gas {gid} is released on {_name(cell)}")


def flow(gid, owner, path, layer):
    return ("gas", {"gid": gid, "owner": owner, "path": tuple(path), "how": "flow", "layer": layer},
            f"gas {gid} drifts {' '.join(_name(x) for x in path)}")


def leave(gid, owner, cell, layer, direction):
    return ("gas", {"gid": gid, "owner": owner, "path": (cell,), "how": "leave", "layer": layer,
                    "direction": direction}, f"gas {gid} leaves the board from {_name(cell)}")


def drop(gid, owner, cell):
    return ("gas", {"gid": gid, "owner": owner, "path": (cell,), "how": "drop", "layer": 1},
            f"gas {gid} drops into the trench on {_name(cell)}")


def death(sid, cell, killer, cause="gas"):
    return ("death", {"sid": sid, "cell": cell, "cause": cause, "killer": killer},
            f"{sid} dies on {_name(cell)} ({cause})")


def kill_score(seat, victim):
    return ("score", {"seat": seat, "points": 1, "why": "kill"}, f"{seat} +1 for killing {victim}")


def mask_used(sid, cell, gid):
    return ("mask-used", {"sid": sid, "cell": cell, "gid": gid},
            f"{sid}'s mask is used up by gas on {_name(cell)}")


def choice_ev(gid, cell, seat):
    return ("gas-choice", {"gid": gid, "cell": cell, "seat": seat},
            f"{seat} chooses where gas {gid} turns on {_name(cell)}")


def turn_ev(gid, side, seat):
    return ("gas-turn", {"gid": gid, "side": side, "seat": seat}, f"{seat} turns gas {gid} {side}")


def gas_at(st):
    return [(g.gid, g.owner, g.cell, g.layer) for g in st.gas]


# == TW-6.6b release, TW-8 drift, exposure, leaving ================================================
def test_TW_8_released_gas_drifts_with_the_wind_kills_on_entry_and_leaves_the_board():
    st, ev = run("S1 fire front", soldiers=f"S1 board d2 n {GAS}\nN1 board d5 s\nN2 board b7 s", wind="n")
    assert ev == [fire_ev(17), place(1, "S", 17, 2), death("N1", 31, "S"), kill_score("S", "N1"),
                  flow(1, "S", [17, 24, 31, 38, 45], 2), leave(1, "S", 45, 2, "n")]
    assert st.gas == () and st.next_gid == 2 and st.points == {"S": 1, "N": 0}
    assert where(st, "S1")[0] == "board" and where(st, "N1")[:2] == ("corpse", "d5")


def test_TW_8_each_release_takes_the_next_gas_id():
    st, ev = run("S1 fire front", cells={"d4": "0"}, soldiers=f"S1 board d3 n {GAS}\nN2 board b7 s",
                 gas="1 N d4 1\n2 N a4 2", extra="next-gas: 5", wind="n")
    # d4 is a trench: the token goes in layer 1 and rests (d5, c4, e4 are trench sides)
    assert ev == [fire_ev(24), place(5, "S", 24, 1)]
    assert st.next_gid == 6 and gas_at(st) == [(1, "N", 24, 1), (2, "N", c("a4"), 2), (5, "S", 24, 1)]


def test_TW_6_6b_release_exposes_the_occupant_of_the_target_cell_at_once():
    # calm: the token rests where it is put; N1 there is killed by the placement, the firer is untouched
    st, ev = run("S1 fire front", soldiers=f"S1 board d2 n {GAS}\nN1 board d3 s\nN2 board b7 s")
    assert ev == [fire_ev(17), place(1, "S", 17, 2), death("N1", 17, "S"), kill_score("S", "N1")]
    assert gas_at(st) == [(1, "S", 17, 2)] and where(st, "S1")[0] == "board"


def test_TW_6_6b_the_firer_is_exposed_when_the_gas_rests_in_its_own_cell():
    # calm: fired on its own cell, the token rests there: the firer dies, killed by its own gas
    st, ev = run("S1 fire here", soldiers=f"S1 board d2 n {GAS}\nN1 board b7 s")
    assert ev == [fire_ev(10), place(1, "S", 10, 2), death("S1", 10, "S")]
    assert where(st, "S1")[:2] == ("corpse", "d2") and st.points == {"S": 0, "N": 0}


def test_TW_6_6b_a_boxed_in_token_rests_in_the_firers_cell_and_uses_its_mask():
    # wind n, d3 a wall and c2/e2 walls: the token cannot move; the masked firer uses its mask up,
    # in its own turn, so the gas check falls at the end of its NEXT turn (gas-check 2)
    st, ev = run("S1 fire here", cells={"d3": "2", "c2": "2", "e2": "2"}, wind="n",
                 soldiers=f"S1 board d2 n {GAS} mask-on\nN1 board b7 s")
    assert ev == [fire_ev(10), place(1, "S", 10, 2), mask_used("S1", 10, 1)]
    s1 = st.soldier("S1")
    assert s1.status == "board" and s1.mask_on is False and s1.masks == 0 and s1.gas_check == 2


def test_TW_6_6b_the_firer_is_not_exposed_when_the_gas_drifts_away_from_its_cell():
    st, ev = run("S1 fire here", soldiers=f"S1 board d2 n {GAS}\nN1 board b7 s", wind="e")
    assert ev == [fire_ev(10), place(1, "S", 10, 2), flow(1, "S", [10, 11, 12, 13], 2),
                  leave(1, "S", 13, 2, "e")]
    assert where(st, "S1")[0] == "board"


def test_TW_6_6b_the_firer_is_not_exposed_by_gas_resting_on_its_front_cell():
    st, ev = run("S1 fire front", soldiers=f"S1 board d2 n {GAS}\nN1 board b7 s")
    assert ev == [fire_ev(17), place(1, "S", 17, 2)]
    assert where(st, "S1")[0] == "board" and st.soldier("S1").gas_check == 0


def test_TW_8_gas_flowing_into_the_firers_cell_exposes_it():
    # fired east onto e4 (wind n): e5 is a wall; left (west) is d4, the firer's cell; right is f4.
    st, ev = run("S1 fire front", cells={"e5": "2"}, wind="n", soldiers=f"S1 board d4 e {GAS}\nN1 board b7 s")
    assert ev == [fire_ev(25), place(1, "S", 25, 2), choice_ev(1, 25, "S")]
    st, ev = run("S gas left", state=st)
    assert ev == [turn_ev(1, "left", "S"), death("S1", 24, "S"), flow(1, "S", [25, 24, 31, 38, 45], 2),
                  leave(1, "S", 45, 2, "n")]


# == TW-8 deflection ==============================================================================
def test_TW_8_a_blocked_token_waits_for_its_owners_choice_with_its_stroke_so_far():
    st, ev = run("S1 fire front", cells={"d5": "2"}, soldiers=f"S1 board d2 n {GAS}\nN2 board b7 s", wind="n")
    assert ev == [fire_ev(17), place(1, "S", 17, 2), flow(1, "S", [17, 24], 2), choice_ev(1, 24, "S")]
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("gas", "S", (1, "d3,d4", "S1", "-"))]
    assert gas_at(st) == [(1, "S", 24, 2)] and legal(st) == {"S gas left", "S gas right"}
    assert gas.choice_options(st, st.pending[0]) == ["left", "right"]
    right, ev = run("S gas right", state=st)
    assert ev == [turn_ev(1, "right", "S"), flow(1, "S", [24, 25, 32, 39, 46], 2), leave(1, "S", 46, 2, "n")]
    assert right.pending == () and right.gas == ()
    left, ev = run("S gas left", state=st)
    assert ev == [turn_ev(1, "left", "S"), flow(1, "S", [24, 23, 30, 37, 44], 2), leave(1, "S", 44, 2, "n")]


def test_TW_8_one_open_side_is_taken_without_a_choice():
    st, ev = run("S1 fire front", cells={"d5": "2", "c4": "2"}, wind="n",
                 soldiers=f"S1 board d2 n {GAS}\nN2 board b7 s")
    assert ev == [fire_ev(17), place(1, "S", 17, 2), flow(1, "S", [17, 24, 25, 32, 39, 46], 2),
                  leave(1, "S", 46, 2, "n")]
    assert st.pending == ()
    st, ev = run("S1 fire front", cells={"d5": "2", "e4": "2"}, wind="n",
                 soldiers=f"S1 board d2 n {GAS}\nN2 board b7 s")
    assert ev[2:] == [flow(1, "S", [17, 24, 23, 30, 37, 44], 2), leave(1, "S", 44, 2, "n")]


def test_TW_8_never_upwind_and_no_way_left_means_rest():
    # d5, c4, e4 walls: the only open cell is d3, upwind: the token rests on d4
    st, ev = run("S1 fire front", cells={"d5": "2", "c4": "2", "e4": "2"}, wind="n",
                 soldiers=f"S1 board d2 n {GAS}\nN2 board b7 s")
    assert ev == [fire_ev(17), place(1, "S", 17, 2), flow(1, "S", [17, 24], 2)]
    assert gas_at(st) == [(1, "S", 24, 2)] and st.pending == ()


def test_TW_8_a_side_step_off_the_board_leaves_it_by_that_side():
    # g4 (wind n): g5 a wall; left is f4, right is off the board: both open, the owner chooses
    st, ev = run("S1 fire front", cells={"g5": "2"}, wind="n", soldiers=f"S1 board f3 n weapons=S:gas:2:S\n"
                                                                       "N2 board b7 s", turn=FIRE)
    assert ev == [fire_ev(c("f4")), place(1, "S", c("f4"), 2), flow(1, "S", [c("f4"), c("f5"), c("f6"), c("f7")], 2),
                  leave(1, "S", c("f7"), 2, "n")]
    st, ev = run("S1 fire here", cells={"g5": "2"}, wind="n", soldiers=f"S1 board g4 w {GAS} mask-on\n"
                                                                      "N2 board b7 s")
    assert ev == [fire_ev(c("g4")), place(1, "S", c("g4"), 2), choice_ev(1, c("g4"), "S")]
    out, ev = run("S gas right", state=st)
    assert ev == [turn_ev(1, "right", "S"), leave(1, "S", c("g4"), 2, "e")]
    assert out.gas == () and out.soldier("S1").mask_on           # it never rested on the firer


def test_TW_8_one_stroke_a_token_never_reenters_a_cell_of_its_movement():
    # L1 trench d4-e4-e3: wind n.  d4: north d5 ground, left c4 ground, right e4 open -> e4;
    # e4: north e5 ground, left d4 visited, right f4 ground -> rest on e4 (e3 is upwind)
    st, ev = run("S1 fire front", cells={"d4": "0", "e4": "0", "e3": "0"}, wind="n",
                 soldiers=f"S1 board d3 n {GAS}\nN2 board b7 s")
    assert ev == [fire_ev(24), place(1, "S", 24, 1), flow(1, "S", [24, 25], 1)]
    assert gas_at(st) == [(1, "S", 25, 1)]


# == TW-8 layers ==================================================================================
def test_TW_8_surface_gas_drops_into_a_trench_runs_along_it_and_leaves_from_it():
    st, ev = run("S1 fire front", cells={"d5": "0", "d6": "0", "d7": "0"}, wind="n",
                 soldiers=f"S1 board d2 n {GAS}\nN1 board d6 s\nN2 board b6 s")
    # d3 (L2), d4 (L2, over ground), d5 hole: L1, d6 and d7 along the trench, off the board in L1
    assert ev == [fire_ev(17), place(1, "S", 17, 2), death("N1", 38, "S"), kill_score("S", "N1"),
                  flow(1, "S", [17, 24, 31, 38, 45], 1), leave(1, "S", 45, 1, "n")]


def test_TW_8_surface_gas_passes_over_ground_but_stops_at_walls():
    cols = {"d4": "1", "d5": "2"}
    st = position(scene(cells=cols, soldiers="S1 board b2 n\nN2 board b7 s", rules=HIGH))
    assert gas.blocked(st.columns, c("d4"), 2) is False
    assert gas.blocked(st.columns, c("d5"), 2) is True
    assert gas.blocked(st.columns, c("d4"), 1) is True        # in a trench ground is a side
    assert gas.blocked(st.columns, c("d5"), 1) is True
    hole = position(scene(cells={"d4": "0"}, soldiers="S1 board b2 n\nN2 board b7 s", rules=HIGH))
    assert gas.blocked(hole.columns, c("d4"), 1) is False and gas.blocked(hole.columns, c("d4"), 2) is False


def test_TW_8_fired_into_a_trench_the_token_is_in_layer_1_and_never_climbs_out():
    st, ev = run("S1 fire front", cells={"d3": "0"}, wind="n", soldiers=f"S1 board d2 n {GAS}\nN2 board b7 s")
    assert ev == [fire_ev(17), place(1, "S", 17, 1)]          # d4, c3, e3 are ground: trench sides
    assert gas_at(st) == [(1, "S", 17, 1)]


# == TW-8 exposure: masks, pooled tokens, the gas check ============================================
def test_TW_8_stepping_into_pooled_gas_is_one_exposure_by_the_first_token():
    tokens = "1 N d3 2\n2 S d3 2"
    st, ev = run("S1 step n", turn="S cards=move,move slot=1 uses=0", gas=tokens,
                 soldiers="S1 board d2 n mask-on\nN1 board b7 s")
    assert ev[1:] == [mask_used("S1", 17, 1)]
    s1 = st.soldier("S1")
    assert s1.status == "board" and not s1.mask_on and s1.gas_check == 2   # its own turn: until the next
    st, ev = run("S1 step n", turn="S cards=move,move slot=1 uses=0", gas=tokens,
                 soldiers="S1 board d2 n\nS2 board a2 n\nN1 board b7 s")
    assert ev[1:] == [death("S1", 17, "N"), kill_score("N", "S1")]         # gas 1 is N's
    assert st.points == {"S": 0, "N": 1}


def test_TW_8_a_mask_is_used_up_in_the_enemys_turn_and_checked_at_the_end_of_its_owners_turn():
    st, ev = run("S1 fire front", soldiers=f"S1 board d2 n {GAS}\nN1 board d3 s mask-on masks=1\nN2 board b7 s",
                 plots={"N": "turn"})
    assert ev == [fire_ev(17), place(1, "S", 17, 2), mask_used("N1", 17, 1)]
    n1 = st.soldier("N1")
    assert n1.status == "board" and n1.mask_on is False and n1.masks == 1 and n1.gas_check == 1
    st, ev = run("S pass; N1 turn e; N pass", state=st)
    k = [e[0] for e in ev].index("gas-check")
    assert ev[k:k + 3] == [("gas-check", {"sid": "N1", "cell": 17}, "N1 is still in gas on d3"),
                           death("N1", 17, "S"), kill_score("S", "N1")]


def _checked(gas_check, tokens="1 N d3 2\n2 S d3 2", cell="d3", extra_soldiers="", points=None):
    return scene(soldiers=f"S1 board {cell} n gas-check={gas_check}\nS2 board a2 n food=1\n"
                          f"N1 board b7 s{extra_soldiers}", gas=tokens,
                 turn="S cards=move slot=1 uses=1 acted=S2:move", rules=HIGH, points=points)


def test_TW_8_gas_check_kills_at_the_end_of_the_owners_turn_for_the_first_tokens_owner():
    st, ev = run("S pass", state=position(_checked(1)))
    k = [e[0] for e in ev].index("gas-check")
    assert ev[k - 2:k + 3] == [("pass", {"seat": "S"}, "S passes"), ("turn-end", {"seat": "S"}, "S's turn ends"),
                      ("gas-check", {"sid": "S1", "cell": 17}, "S1 is still in gas on d3"),
                      death("S1", 17, "N"), kill_score("N", "S1")]
    assert where(st, "S1")[0] == "corpse" and st.soldier("S1").gas_check == 0 and st.points["N"] == 1


def test_TW_8_gas_check_of_two_counts_down_without_dying():
    st, ev = run("S pass", state=position(_checked(2)))
    assert "gas-check" not in [e[0] for e in ev] and "death" not in [e[0] for e in ev]
    assert where(st, "S1")[0] == "board" and st.soldier("S1").gas_check == 1


def test_TW_8_gas_check_out_of_the_gas_is_cleared_without_harm():
    st, ev = run("S pass", state=position(_checked(1, tokens="1 N e3 2")))
    assert "death" not in [e[0] for e in ev]
    assert where(st, "S1")[0] == "board" and st.soldier("S1").gas_check == 0


def test_TW_8_gas_check_belongs_to_its_owner_turn_only():
    # N1 in gas with a check due: S's turn end does not count for it
    text = scene(soldiers="S1 board a2 n\nN1 board d3 s gas-check=1\nN2 board b7 s", gas="1 S d3 2",
                 turn="S cards=move slot=1 uses=1 acted=S1:move", rules=HIGH, plots={"N": "turn"})
    st, ev = run("S pass", state=position(text))
    assert st.current_player() == "N" and where(st, "N1")[0] == "board" and st.soldier("N1").gas_check == 1


def test_TW_8_gas_checks_of_several_soldiers_in_one_turn_end():
    text = scene(soldiers="S1 board d3 n gas-check=2\nS2 board c3 n gas-check=1\nS3 board a2 n\n"
                          "N1 board b7 s", gas="1 N d3 2\n2 N c3 2",
                 turn="S cards=move slot=1 uses=1 acted=S3:move", rules=HIGH)
    st, ev = run("S pass", state=position(text))
    assert st.soldier("S1").gas_check == 1 and where(st, "S1")[0] == "board"
    assert where(st, "S2")[0] == "corpse" and st.points["N"] == 1


def test_TW_8_an_escaped_soldiers_gas_check_is_dropped_and_the_others_still_count():
    text = scene(soldiers="S1 board d7 n gas-check=1\nS2 board c3 n gas-check=1\nS3 board a2 n\n"
                          "N1 board b6 s", gas="1 N d7 2\n2 N c3 2",
                 turn="S cards=move,move slot=1 uses=0", rules=HIGH)
    st, ev = run("S1 step n; S pass", state=position(text))
    assert where(st, "S1")[0] == "escaped" and st.soldier("S1").gas_check == 0
    assert where(st, "S2")[0] == "corpse"


def test_TW_8_the_game_ends_at_the_first_gas_check_death_that_reaches_the_target():
    text = scene(soldiers="S1 board d3 n gas-check=1\nS2 board c3 n gas-check=1\nS3 board a2 n\n"
                          "N1 board b7 s", gas="1 N d3 2\n2 N c3 2",
                 turn="S cards=move slot=1 uses=1 acted=S3:move", rules=HIGH, points={"N": 8})
    st, ev = run("S pass", state=position(text))
    assert st.result.winners == ("N",) and st.result.reason == "target"
    deaths = [e for e in ev if e[0] == "death"]
    assert len(deaths) == 1
    assert sorted([where(st, "S1")[0], where(st, "S2")[0]]) == ["board", "corpse"]


# == TW-8 re-flow after a terrain change ===========================================================
def test_TW_8_digging_under_resting_gas_drops_it_into_the_new_trench_in_calm():
    st, ev = run("S1 dig", turn="S cards=dig,move slot=1 uses=0", soldiers="S1 board d3 n mask-on\nN2 board b7 s",
                 gas="1 N d3 2")
    assert ev[-1] == drop(1, "N", 17)
    assert gas_at(st) == [(1, "N", 17, 1)] and st.soldier("S1").mask_on    # it did not move: no exposure


def test_TW_8_digging_under_gas_in_the_wind_drops_it_then_it_flows_along_the_trench():
    st, ev = run("S1 dig", turn="S cards=dig,move slot=1 uses=0", cells={"d4": "0"}, wind="n",
                 soldiers="S1 board d3 n mask-on\nN2 board b7 s", gas="1 N d3 2")
    assert ev[-2:] == [drop(1, "N", 17), flow(1, "N", [17, 24], 1)]
    assert gas_at(st) == [(1, "N", 24, 1)]


def test_TW_8_a_change_beside_a_resting_token_lets_it_move_again():
    # d4 boxed in by walls d5, c4, e4 (wind n); S1 on c3 collects c4's top cube: c4 is beside d4
    cells = {"d5": "2", "c4": "2", "e4": "2"}
    st, ev = run("S1 collect", turn="S cards=build,move slot=1 uses=0", cells=cells, wind="n",
                 soldiers="S1 board c3 n\nN2 board b7 s", gas="1 N d4 2")
    assert ev[-2:] == [flow(1, "N", [24, 23, 30, 37, 44], 2), leave(1, "N", 44, 2, "n")]


def test_TW_8_a_change_not_beside_a_resting_token_leaves_it_alone():
    cells = {"d5": "2", "c4": "2", "e4": "2", "c5": "2", "b4": "2"}
    for who in ("S1 board c6 s", "S1 board a4 e"):     # c5 is diagonal to d4, b4 two cells away
        st, ev = run("S1 collect", turn="S cards=build,move slot=1 uses=0", cells=cells, wind="n",
                     soldiers=f"{who}\nN2 board b7 s", gas="1 N d4 2")
        assert "gas" not in [e[0] for e in ev] and gas_at(st) == [(1, "N", 24, 2)]


# == TW-4.2 lingering gas ==========================================================================
def _round_end(soldiers="S1 board b2 n\nN2 board b7 s", **kw):
    return scene(soldiers=soldiers, turn="S cards=turn slot=1 uses=0", order="S", rules=HIGH, **kw)


def test_TW_4_2_lingering_tokens_move_in_turn_the_first_blocked_one_queues_the_rest():
    st, ev = run("S1 turn e; chance wind s", state=position(_round_end(cells={"d5": "2"},
                                                                      gas="1 N d4 2\n2 N f3 2")))
    assert st.wind == "n"                                  # the forecast n became the wind
    assert [e for e in ev if e[0].startswith("gas")] == [choice_ev(1, 24, "N")]
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("gas", "N", (1, "d4", "-", "2"))]
    assert gas_at(st) == [(1, "N", 24, 2), (2, "N", c("f3"), 2)]
    st, ev = run("N gas left", state=st)
    assert ev == [turn_ev(1, "left", "N"), flow(1, "N", [24, 23, 30, 37, 44], 2), leave(1, "N", 44, 2, "n"),
                  flow(2, "N", [c("f3"), c("f4"), c("f5"), c("f6"), c("f7")], 2), leave(2, "N", c("f7"), 2, "n")]
    assert st.gas == () and st.phase == "plot"


def test_TW_4_2_several_tokens_queued_behind_a_choice_keep_their_order():
    st, ev = run("S1 turn e; chance wind s", state=position(_round_end(cells={"d5": "2", "b5": "2"},
                                                                      gas="1 N d4 2\n2 N f3 2\n3 S b4 2")))
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("gas", "N", (1, "d4", "-", "2,3"))]
    st, ev = run("N gas right", state=st)
    # gas 1: e4 e5 e6 e7; gas 2: f3..f7; gas 3 (S's): b5 is a wall, a4 and c4 open: S chooses
    assert ev == [turn_ev(1, "right", "N"), flow(1, "N", [24, 25, 32, 39, 46], 2), leave(1, "N", 46, 2, "n"),
                  flow(2, "N", [c("f3"), c("f4"), c("f5"), c("f6"), c("f7")], 2), leave(2, "N", c("f7"), 2, "n"),
                  choice_ev(3, c("b4"), "S")]
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("gas", "S", (3, "b4", "-", "-"))]
    st, ev = run("S gas left", state=st)
    # a4 a5 a6; a7 is a corner pillar: west is off the board, east is b6: both open, S chooses again
    assert ev == [turn_ev(3, "left", "S"), flow(3, "S", [c("b4"), c("a4"), c("a5"), c("a6")], 2),
                  choice_ev(3, c("a6"), "S")]
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("gas", "S", (3, "b4,a4,a5,a6", "-", "-"))]
    st, ev = run("S gas left", state=st)
    assert ev == [turn_ev(3, "left", "S"), leave(3, "S", c("a6"), 2, "w")]
    assert st.gas == () and st.pending == ()


# == a pending deflection that has no choice left moves on by itself ===============================
def _queued(cells, pending_gas, tokens, soldiers=f"S1 board d2 n weapons=S:gas:1:S!\nN2 board b7 s"):
    """S must first settle a penalty; a gas deflection of S waits behind it (``pending_gas``)."""
    return position(scene(cells=cells, soldiers=soldiers, gas=tokens, wind="n", spent={"S": 1},
                          turn="S cards=fire,move slot=1 uses=1 acted=S1:fire", rules=HIGH,
                          extra=f"variants: civilians\npending:\n  penalty S village\n  gas S {pending_gas}"))


PENALTY = ("penalty", {"seat": "S", "choice": "skip"}, "S takes the penalty: skip")


def test_TW_8_a_deflection_left_with_one_way_goes_on_without_asking_then_the_queue_flows():
    st = _queued({"d5": "2", "c4": "2"}, "1 d3,d4 S1 2", "1 S d4 2\n2 S f3 2")
    assert gas.choice_options(st, st.pending[1]) == []
    st, ev = run("S penalty skip", state=st)
    assert ev == [PENALTY, flow(1, "S", [24, 25, 32, 39, 46], 2), leave(1, "S", 46, 2, "n"),
                  flow(2, "S", [c("f3"), c("f4"), c("f5"), c("f6"), c("f7")], 2), leave(2, "S", c("f7"), 2, "n")]
    assert st.gas == () and st.pending == ()


def test_TW_8_a_moot_deflection_that_rests_where_it_was_fired_exposes_the_firer():
    # released on the firer's own cell and boxed in since: it rests there, the firer is exposed
    st = _queued({"d3": "2", "c2": "2", "e2": "2"}, "1 d2 S1 -", "1 S d2 2")
    st, ev = run("S penalty skip", state=st)
    assert ev == [PENALTY, death("S1", 10, "S")]
    # the same with no firer recorded: nobody is exposed again
    st = _queued({"d3": "2", "c2": "2", "e2": "2"}, "1 d2 - -", "1 S d2 2")
    st, ev = run("S penalty skip", state=st)
    assert ev == [PENALTY] and where(st, "S1")[0] == "board"


def test_TW_8_a_deflection_keeps_its_stroke_a_visited_cell_is_never_offered():
    # at d4 (d5 a wall) the stroke already went through c4: only e4 is left
    st = _queued({"d5": "2"}, "1 c3,c4,d4 S1 -", "1 S d4 2")
    assert gas.choice_options(st, st.pending[1]) == []
    st, ev = run("S penalty skip", state=st)
    assert ev == [PENALTY, flow(1, "S", [24, 25, 32, 39, 46], 2), leave(1, "S", 46, 2, "n")]


def test_TW_8_tokens_set_moving_while_a_deflection_is_pending_join_its_queue():
    """The hooks (terrain change, lingering) queue tokens behind a pending deflection, once each."""
    st = _queued({"d5": "2"}, "1 d3,d4 S1 2\n  penalty S village", "1 S d4 2\n2 S f3 2\n3 N b4 2\n4 N g2 2")
    ev = []
    gas.linger(st, ev)
    queued = [("penalty", "S", ("village",)), ("gas", "S", (1, "d3,d4", "S1", "2,3,4")), ("penalty", "S", ("village",))]
    assert ev == [] and [(p.kind, p.seat, p.data) for p in st.pending] == queued
    gas.terrain_changed(st, (c("b3"), c("g3")), ev)
    assert ev == [] and [(p.kind, p.seat, p.data) for p in st.pending] == queued
    assert gas_at(st) == [(1, "S", 24, 2), (2, "S", c("f3"), 2), (3, "N", c("b4"), 2), (4, "N", c("g2"), 2)]


def test_TW_8_terrain_change_in_calm_drops_but_does_not_move():
    st = position(scene(soldiers="S1 board b2 n\nN2 board b7 s", gas="1 N d4 2\n2 S e4 2", rules=HIGH))
    st.columns[24] = ""                                      # d4's ground cube is gone
    ev = []
    gas.terrain_changed(st, c("d4"), ev)
    assert table(ev) == [drop(1, "N", 24)]
    assert gas_at(st) == [(1, "N", 24, 1), (2, "S", 25, 2)]
    st.wind = "e"
    ev = []
    gas.terrain_changed(st, c("d4"), ev)                    # e4's token is beside d4: both move
    assert table(ev) == [flow(2, "S", [25, 26, 27], 2), leave(2, "S", 27, 2, "e")]
    assert gas_at(st) == [(1, "N", 24, 1)]                   # d4 in the trench: e4 is a side


# == the pure rules ================================================================================
def test_TW_8_step_choices_wind_side_choice_rest_and_the_edge():
    st = position(scene(cells={"d5": "2", "c4": "2"}, soldiers="S1 board b2 n\nN2 board b7 s", rules=HIGH))
    cols = st.columns
    assert gas.step_choices(cols, 17, 2, {17}, "n") == ("go", "n", 24)
    assert gas.step_choices(cols, 24, 2, {24}, "n") == ("go", "e", 25)          # c4 a wall: right
    assert gas.step_choices(cols, 24, 2, {24, 25}, "n") == ("rest",)            # e4 visited
    assert gas.step_choices(cols, 17, 2, {17}, "e") == ("go", "e", 18)
    assert gas.step_choices(cols, 31 - 7 + 7, 2, {31}, "s") == ("go", "s", 24)
    assert gas.step_choices(cols, 45, 2, {45}, "n") == ("go", "n", None)        # off the board
    assert gas.step_choices(cols, 38, 2, {38}, "n") == ("go", "n", 45)
    assert gas.step_choices(cols, 30, 2, {30}, "e") == ("go", "n", 37)          # c4 a wall: left
    assert gas.step_choices(cols, 32, 2, {32}, "w") == ("choose", {"left": ("s", 25), "right": ("n", 39)})
    for calm in ("calm", None, "same"):
        assert gas.step_choices(cols, 17, 2, {17}, calm) == ("rest",)
    # a side step off the board is an open side [I]
    assert gas.step_choices(cols, c("g4"), 2, {c("g4"), c("g5"), c("f4")}, "n") == ("go", "e", None)


def test_TW_8_predict_path_defaults_to_the_current_wind_and_the_left_side():
    text = scene(cells={"d5": "2", "d7": "0"}, soldiers="S1 board b2 n\nN2 board b7 s", gas="1 N d3 2",
                 wind="n", rules=HIGH)
    st = position(text)
    left = [(17, 2), (24, 2), (23, 2), (30, 2), (37, 2), (44, 2), None]
    assert gas.predict_path(st, st.gas[0]) == left
    assert gas.predict_path(st, (17, 2), policy="right") == [(17, 2), (24, 2), (25, 2), (32, 2), (39, 2),
                                                              (46, 2), None]
    asked = []

    def pick(cell, layer, options):
        asked.append((cell, layer, dict(options)))
        return "right"

    assert gas.predict_path(st, (17, 2), "n", pick)[2] == (25, 2)
    assert asked == [(24, 2, {"left": ("w", 23), "right": ("e", 25)})]
    assert gas.predict_path(st, (17, 2), "n", lambda *a: "up") == left     # a bad answer: left
    # into the d7 trench from d6: layer 1 from there on
    assert gas.predict_path(st, (38, 2)) == [(38, 2), (45, 1), None]
    assert gas.predict_path(st, (17, 2), "calm") == [(17, 2)]
    assert gas_at(st) == [(1, "N", 17, 2)]                # nothing moved


# == exposure outside a turn, and the end of the game during a movement ============================
def test_TW_4_2_lingering_gas_exposes_in_the_wind_phase_a_mask_then_lasts_until_the_owners_turn_end():
    text = _round_end(gas="1 N d3 2\n2 N f2 2", soldiers="S1 board b2 n\nS2 board d4 s mask-on\nS3 board f3 n food=1\n"
                                                         "N2 board b7 s")
    st, ev = run("S1 turn e; S pass; chance wind s", state=position(text))
    gas_ev = [e for e in ev if e[0] in ("gas", "mask-used", "death", "score")]
    # gas 1: d3 d4 (S2 masked) d5 d6 d7, off; gas 2: f2 f3 (S3 dies) f4 .. f7, off
    assert gas_ev == [mask_used("S2", 24, 1), flow(1, "N", [17, 24, 31, 38, 45], 2), leave(1, "N", 45, 2, "n"),
                      death("S3", c("f3"), "N"), kill_score("N", "S3"),
                      flow(2, "N", [c("f2"), c("f3"), c("f4"), c("f5"), c("f6"), c("f7")], 2),
                      leave(2, "N", c("f7"), 2, "n")]
    s2 = st.soldier("S2")
    assert s2.status == "board" and not s2.mask_on and s2.gas_check == 1   # no turn of S had begun


def test_TW_9_a_gas_kill_that_reaches_the_target_ends_the_game_and_the_token_stops_there():
    st, ev = run("S1 fire front", soldiers=f"S1 board d2 n {GAS}\nN1 board d5 s\nN2 board b7 s", wind="n",
                 points={"S": 8})
    assert ev[:4] == [fire_ev(17), place(1, "S", 17, 2), death("N1", 31, "S"), kill_score("S", "N1")]
    assert ev[-1] == ("end", {"winners": ("S",), "reason": "target"}, "game over (target): S wins")
    assert st.is_over() and gas_at(st) == [(1, "S", 31, 2)] and "leave" not in [e[1].get("how") for e in ev]


def test_TW_9_a_release_that_kills_to_the_target_ends_the_game_before_the_token_moves():
    st, ev = run("S1 fire front", soldiers=f"S1 board d2 n {GAS}\nN1 board d3 s\nN2 board b7 s", wind="n",
                 points={"S": 8})
    assert ev == [fire_ev(17), place(1, "S", 17, 2), death("N1", 17, "S"), kill_score("S", "N1"),
                  ("end", {"winners": ("S",), "reason": "target"}, "game over (target): S wins")]
    assert gas_at(st) == [(1, "S", 17, 2)]


def test_TW_4_2_lingering_gas_that_ends_the_game_leaves_the_later_tokens_where_they_are():
    text = _round_end(gas="1 N d3 2\n2 N f2 2", soldiers="S1 board b2 n\nS2 board d5 s\nN2 board b7 s",
                      points={"N": 8})
    st, ev = run("S1 turn e; S pass; chance wind s", state=position(text))
    assert st.result.winners == ("N",) and ev[-1][0] == "end"
    assert gas_at(st) == [(1, "N", 31, 2), (2, "N", c("f2"), 2)]


def test_TW_8_predict_path_keeps_one_stroke_through_side_steps():
    # L1: d3 -> d4 (wind n); d5, c4 ground: right to e4; e5, f4 ground and d4 already visited: rest
    st = position(scene(cells={"d3": "0", "d4": "0", "e4": "0"}, soldiers="S1 board b2 n\nN2 board b7 s", rules=HIGH))
    assert gas.predict_path(st, (17, 1), "n") == [(17, 1), (24, 1), (25, 1)]


def test_TW_8_a_moot_deflection_that_meets_a_real_choice_later_keeps_the_queue():
    # d4: only e4 is open (d5, c4 walls); then e5, e6; e7 is a wall: d6 or f6, S chooses, gas 2 still queued
    st = _queued({"d5": "2", "c4": "2", "e7": "2"}, "1 d3,d4 S1 2", "1 S d4 2\n2 S f3 2")
    st, ev = run("S penalty skip", state=st)
    assert ev == [PENALTY, flow(1, "S", [24, 25, 32, 39], 2), choice_ev(1, 39, "S")]
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("gas", "S", (1, "d3,d4,e4,e5,e6", "S1", "2"))]
    st, ev = run("S gas left", state=st)
    assert ev == [turn_ev(1, "left", "S"), flow(1, "S", [39, 38, 45], 2), leave(1, "S", 45, 2, "n"),
                  flow(2, "S", [c("f3"), c("f4"), c("f5"), c("f6"), c("f7")], 2), leave(2, "S", c("f7"), 2, "n")]


def test_TW_8_a_second_deflection_of_a_fired_token_still_names_its_firer():
    # d5 a wall: S turns the gas right at d4; e4 e5 e6, and e7 a wall: a second choice, same stroke
    st, ev = run("S1 fire front", cells={"d5": "2", "e7": "2"}, wind="n", soldiers=f"S1 board d2 n {GAS}\nN2 board b7 s")
    st, ev = run("S gas right", state=st)
    assert ev == [turn_ev(1, "right", "S"), flow(1, "S", [24, 25, 32, 39], 2), choice_ev(1, 39, "S")]
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("gas", "S", (1, "d3,d4,e4,e5,e6", "S1", "-"))]
