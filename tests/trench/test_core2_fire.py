"""Rules core II, TW-6.6 fire: gun layers and range, cube destruction, bombs, gas placement,
the empty-gun bonus (TW-9), and the Q&A case of a soldier walled in on four sides."""

from trench_helpers import col, height, illegal, legal, play, position, scene, where

HIGH = "target_points_2p=9 target_points=9"
FIRE = "S cards=fire slot=1 uses=0"


def gun(ammo=4, known="S"):
    return f"weapons=S:gun:{ammo}:{known}"


def test_TW_6_6a_gun_kills_the_first_standing_soldier_and_reveals_the_gun():
    text = scene(soldiers=f"S1 board d2 n {gun()}\nN1 board d5 s weapons=N:bomb:2:N\nN2 board d6 s",
                 turn=FIRE, rules=HIGH)
    st, ev = play(text, "S1 fire")
    assert st.soldier("N1").status == "corpse" and st.soldier("N2").status == "board"
    w = st.soldier("S1").weapons[0]
    assert w.ammo == 3 and w.public
    assert st.spent["S"] == 1 and st.points["S"] == 1
    fire = [e for e in ev if e.kind == "fire"][0]
    assert fire.get("hit") == "N1" and fire.get("weapon") == "gun"


def test_TW_6_6a_surface_shot_passes_over_a_trench_and_its_soldier():
    text = scene(cells={"d4": "0"}, soldiers=f"S1 board d2 n {gun()}\nN1 board d4 s\nN2 board d5 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire")
    assert st.soldier("N1").status == "board" and st.soldier("N2").status == "corpse"


def test_TW_6_6a_range_is_4_by_day_3_at_night_2_masked_at_night():
    soldiers = f"S1 board d1 n {gun()}\nN1 board d5 s\nN2 board b7 s"
    st, _ = play(scene(soldiers=soldiers, turn=FIRE, rules=HIGH), "S1 fire")
    assert st.soldier("N1").status == "corpse"                      # d2..d5: 4 cells
    st, _ = play(scene(soldiers=soldiers, turn=FIRE, rules=HIGH, time="night"), "S1 fire")
    assert st.soldier("N1").status == "board"
    soldiers = f"S1 board d1 n {gun()} mask-on\nN1 board d4 s\nN2 board b7 s"
    st, _ = play(scene(soldiers=soldiers, turn=FIRE, rules=HIGH, time="night"), "S1 fire")
    assert st.soldier("N1").status == "board"                       # range 2: d2, d3
    st, _ = play(scene(soldiers=soldiers, turn=FIRE, rules=HIGH), "S1 fire")
    assert st.soldier("N1").status == "corpse"                      # day, masked: 3


def test_TW_6_6a_shot_along_a_connected_trench_hits_and_stops_at_its_end():
    cells = {"d2": "0", "d3": "0", "d4": "0", "d6": "0"}
    text = scene(cells=cells, soldiers=f"S1 board d2 n {gun()}\nN1 board d4 s\nN2 board d6 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire")
    assert st.soldier("N1").status == "corpse"
    # N2 is in another trench beyond ground: the trench side (d5) stops the shot
    text = scene(cells=cells, soldiers=f"S1 board d3 n {gun()}\nN1 board a6 s\nN2 board d6 s",
                 turn=FIRE, rules=HIGH)
    st, ev = play(text, "S1 fire")
    assert st.soldier("N2").status == "board"
    assert [e for e in ev if e.kind == "fire"][0].get("stop") == position(text).soldier("S1").cell + 14


def test_TW_6_6a_ground_shot_cannot_hit_a_trench_soldier_but_a_rim_shot_hits_ground():
    # from the ground S1 cannot hit N1 in the trench ahead
    text = scene(cells={"d3": "0"}, soldiers=f"S1 board d2 n {gun()}\nN1 board d3 s\nN2 board b7 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire")
    assert st.soldier("N1").status == "board"
    # from a trench whose front cell is ground S1 fires over the rim
    text = scene(cells={"d2": "0"}, soldiers=f"S1 board d2 n {gun()}\nN1 board d4 s\nN2 board b7 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire")
    assert st.soldier("N1").status == "corpse"


def test_TW_6_6a_two_rounds_destroy_the_cube_that_stops_the_shot():
    text = scene(cells={"d4": "2"}, soldiers=f"S1 board d2 n {gun()}\nN1 board d5 s\nN2 board b7 s",
                 turn=FIRE, rules=HIGH)
    st = position(text)
    assert {"S1 fire", "S1 fire destroy"} <= legal(st)
    st, _ = play(text, "S1 fire")                     # spared: one round
    assert height(st, "d4") == 2 and st.soldier("S1").weapons[0].ammo == 3
    st, ev = play(text, "S1 fire destroy")            # destroyed: two rounds
    assert height(st, "d4") == 1 and st.soldier("S1").weapons[0].ammo == 2
    assert st.spent["S"] == 2 and st.out == 1
    assert st.soldier("N1").status == "board"         # the shot stopped at the cube


def test_TW_6_6a_destroy_needs_a_second_round_and_a_cube():
    text = scene(cells={"d4": "2"}, soldiers=f"S1 board d2 n {gun(1)}\nN1 board d5 s\nN2 board b7 s",
                 turn=FIRE, rules=HIGH)
    assert "S1 fire destroy" not in legal(position(text))
    illegal(text, "S1 fire destroy", "TW-6.6a")
    text = scene(soldiers=f"S1 board d2 n {gun()}\nN1 board g5 s\nN2 board b7 s", turn=FIRE, rules=HIGH)
    illegal(text, "S1 fire destroy", "TW-6.6a")


def test_TW_6_6a_daruma_drop_and_opening_a_hole():
    # along a trench the shot stops at the ground cube under a wall: the wall drops
    text = scene(cells={"d2": "0", "d3": "0", "d4": "2"}, soldiers=f"S1 board d2 n {gun()}\nN2 board b7 s",
                 turn=FIRE, rules=HIGH)
    st, ev = play(text, "S1 fire destroy")
    assert col(st, "d4") == "n" and any(e.get("how") == "drop" for e in ev)
    # a lone ground cube destroyed opens a hole; the soldier on it drops in
    text = scene(cells={"d2": "0", "d3": "0"}, soldiers=f"S1 board d2 n {gun()}\nN1 board d4 w\nN2 board b7 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire destroy")
    assert height(st, "d4") == 0 and where(st, "N1") == ("board", "d4", "w")


def test_TW_6_6a_shooting_a_base_destroys_it_and_scores():
    text = scene(cells={"d7": "nN"}, soldiers=f"S1 board d3 n {gun()}\nN2 board a6 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire destroy")
    assert col(st, "d7") == "n" and st.points["S"] == 1


def test_TW_6_6a_a_boat_soldier_cannot_fire_nor_when_out_of_rounds():
    text = scene(soldiers=f"S1 boat d1 n {gun()}\nS2 board b2 n weapons=S:bomb:0:S\n"
                          "S3 board f2 n weapons=S:gas:2:S\nN2 board b7 s",
                 turn="S cards=fire,move slot=1 uses=0", rules=HIGH)
    illegal(text, "S1 fire", "TW-2")
    illegal(text, "S2 fire", "TW-6.6")


def test_TW_6_6c_bomb_arc_from_a_trench_cannot_pass_a_wall():
    bomb = "weapons=S:bomb:2:S"
    text = scene(cells={"d2": "0", "d3": "2"}, soldiers=f"S1 board d2 n {bomb}\nN1 board d4 s\nN2 board b7 s",
                 turn=FIRE, rules=HIGH)
    opts = legal(position(text))
    assert "S1 fire d3" in opts and "S1 fire d2" in opts and "S1 fire d4" not in opts
    illegal(text, "S1 fire d4", "TW-6.6c")
    # from ground the same wall is cleared
    text = scene(cells={"d3": "2"}, soldiers=f"S1 board d2 n {bomb}\nN1 board d4 s\nN2 board b7 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire d4")
    assert st.soldier("N1").status == "corpse" and height(st, "d4") == 0   # its ground cube is destroyed
    assert where(st, "S1")[1] == "d2" and st.spent["S"] == 1


def test_TW_6_6c_bomb_kills_in_a_trench_destroys_top_cube_and_base():
    bomb = "weapons=S:bomb:2:S"
    text = scene(cells={"d4": "0"}, soldiers=f"S1 board d2 n {bomb}\nN1 board d4 s\nN2 board b7 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire d4")
    assert st.soldier("N1").status == "corpse" and height(st, "d4") == 0
    text = scene(cells={"d7": "nN"}, soldiers=f"S1 board d5 n {bomb}\nN2 board a6 s", turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire d7")
    assert col(st, "d7") == "n" and st.points["S"] == 1
    text = scene(cells={"d4": "2"}, soldiers=f"S1 board d2 n {bomb}\nN2 board b7 s", turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire d4")
    assert height(st, "d4") == 1


def test_TW_6_6c_bomb_at_range_0_kills_the_thrower_too():
    text = scene(soldiers="S1 board d2 n weapons=S:bomb:2:S\nS2 board b2 n\nN2 board b7 s",
                 turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire d2")
    assert st.soldier("S1").status == "corpse" and st.points["S"] == 0 and height(st, "d2") == 0


def test_TW_6_6b_gas_goes_on_own_or_front_cell_never_a_wall():
    gas = "weapons=S:gas:2:S"
    text = scene(cells={"d3": "2"}, soldiers=f"S1 board d2 n {gas} mask-on\nN2 board b7 s", turn=FIRE, rules=HIGH)
    opts = legal(position(text))
    assert "S1 fire here" in opts and "S1 fire front" not in opts
    illegal(text, "S1 fire front", "TW-6.6b")
    text = scene(soldiers=f"S1 board d2 n {gas}\nN1 board d3 s\nN2 board b7 s", turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire front")                 # calm: it rests on d3 and kills N1
    assert st.soldier("N1").status == "corpse" and [(g.cell, g.layer) for g in st.gas] == [(position(text).soldier("N1").cell, 2)]
    assert st.points["S"] == 1 and st.soldier("S1").weapons[0].ammo == 1 and st.spent["S"] == 1


def test_TW_9_emptying_the_own_gun_scores_once():
    text = scene(soldiers=f"S1 board d2 n {gun(1)}\nS2 board b2 n weapons=S:gas:0:S\nN2 board b7 s",
                 turn="S cards=fire slot=1 uses=0", rules=HIGH)
    st, ev = play(text, "S1 fire")
    assert st.points["S"] == 1 and "S" in st.bonus
    assert any(e.get("why") == "empty-gun" for e in ev)
    # two players: the gas must be empty too
    text = scene(soldiers=f"S1 board d2 n {gun(1)}\nS2 board b2 n weapons=S:gas:1:S\nN2 board b7 s",
                 turn="S cards=fire slot=1 uses=0", rules=HIGH)
    st, _ = play(text, "S1 fire")
    assert st.points["S"] == 0
    st, ev = play(st, "S2 fire here")                   # calm: the gas rests on S2 and kills it
    assert "S" in st.bonus and st.points["S"] == 1


def test_TW_9_empty_gun_with_three_or_more_players_needs_only_the_gun():
    text = scene(players="S W N", soldiers=f"S1 board d2 n {gun(1)}\nS2 board b2 n weapons=S:gas:2:S\n"
                 "W1 board a4 e\nN2 board b7 s", turn=FIRE, rules=HIGH)
    st, _ = play(text, "S1 fire")
    assert st.points["S"] == 1 and st.bonus == {"S"}


def test_QA_walled_in_on_four_sides_gets_out_by_shooting():
    cells = {"d4": "0", "d5": "2", "d3": "2", "c4": "2", "e4": "2"}
    text = scene(cells=cells, soldiers=f"S1 board d4 n {gun()}\nN2 board b7 s",
                 turn="S cards=fire,move slot=1 uses=0", rules=HIGH)
    st = position(text)
    st, _ = play(text, "S1 fire destroy; S reveal")
    assert height(st, "d5") == 1
    st, _ = play(st, "S1 step n")
    assert where(st, "S1")[:2] == ("board", "d5")


def test_QA_walled_in_without_rounds_collects_the_ground_cube_daruma():
    cells = {"d4": "0", "d5": "2", "d3": "2", "c4": "2", "e4": "2"}
    text = scene(cells=cells, soldiers=f"S1 board d4 n {gun(0)}\nN2 board b7 s",
                 turn="S cards=build,move slot=1 uses=0", rules=HIGH)
    st, _ = play(text, "S1 collect; S reveal; S1 step n")
    assert where(st, "S1")[:2] == ("board", "d5") and st.soldier("S1").cubes == 1
