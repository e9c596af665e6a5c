"""TW-7 assault, death, corpses, consolation, items, eating a corpse, allies handing items."""

from trench_helpers import col, illegal, kinds, legal, play, position, scene, where

HIGH = "target_points_2p=9"  # keeps a kill from ending a two-player game at once


def test_TW_7_1_assault_needs_facing():
    text = scene(soldiers="S1 board d3 e\nN1 board d4 s\nN2 board g6 s", rules=HIGH)
    illegal(text, "S1 step n", "TW-7.1")
    assert "S1 step n" not in legal(position(text))


def test_TW_7_1_assault_kills_scores_and_enters():
    text = scene(soldiers="S1 board d3 n\nN1 board d4 s\nN2 board g6 s", rules=HIGH)
    st, ev = play(text, "S1 step n")
    assert st.soldier("N1").status in ("corpse", "carried")
    assert where(st, "S1")[:2] == ("board", "d4")
    assert st.points["S"] == 1 and st.dead == 1
    death = [e for e in ev if e.kind == "death"]
    assert death[0].get("killer") == "S" and death[0].get("cause") == "assault"


def test_TW_7_1_assault_into_trench_and_along_trench():
    text = scene(cells={"d4": "0", "d3": "0"}, soldiers="S1 board d3 n\nN1 board d4 s\nN2 board g6 s",
                 rules=HIGH)
    st, _ = play(text, "S1 step n")
    assert st.soldier("N1").status != "board" and where(st, "S1")[1] == "d4"


def test_TW_7_1_ally_is_pushed_not_assaulted_and_boat_soldiers_are_safe():
    text = scene(soldiers="S1 board d6 n\nN1 boat d7 s\nN2 board g6 s", rules=HIGH)
    # N1 on its boat beside d7 is not on the board: S1 may step onto d7 freely
    st, _ = play(text, "S1 step n")
    assert where(st, "S1")[1] == "d7" and st.soldier("N1").status == "boat"


def test_TW_7_2_consolation_comes_first_then_the_assaulter_takes_the_rest():
    text = scene(soldiers="""
        S1 board d3 n
        N1 board d4 s weapons=N:gun:4:N food=1 drugs=1
        N2 board g6 s
    """, rules=HIGH)
    st, ev = play(text, "S1 step n")
    assert st.current_player() == "N"
    opts = legal(st)
    assert {"N console none", "N console N2 N:gun", "N console N2 food", "N console N2 drug"} <= opts
    st, ev = play(st, "N console N2 N:gun")
    n2 = st.soldier("N2")
    assert [w.tile for w in n2.weapons] == ["N:gun"]
    s1 = st.soldier("S1")
    # the assaulter took the corpse with what was left: food and drug, not the gun
    assert s1.corpses == ("N1",) and s1.food == 1 and s1.drugs == 1 and s1.weapons == ()
    assert st.soldier("N1").status == "carried"


def test_TW_7_2_corpse_keeps_belongings_and_hidden_weapon():
    text = scene(cells={"d4": "2"}, soldiers="""
        S1 board d3 n
        N1 board d5 s weapons=N:bomb:2:N masks=1 cubes=1
    """, rules=HIGH, turn="S cards=dig slot=1 uses=0")
    st = position(text)
    from game.trench.casualties import kill
    ev = []
    kill(st, "N1", "S", "test", ev)
    c = st.soldier("N1")
    assert c.status == "corpse" and c.cubes == 1 and c.masks == 1
    assert c.weapons[0].known == frozenset("N")  # unrevealed: S still does not know it
    # N has no survivor: no consolation owed
    assert st.pending == ()


def test_TW_7_3_items_taken_on_entry_and_cubes_beyond_limit_return():
    text = scene(soldiers="""
        S1 board d3 n cubes=1
        N1 board g6 s
        N2 corpse d4 s weapons=N:gas:2:N cubes=2 food=1 masks=1
    """, rules=HIGH, items="d4 drug")
    st, ev = play(text, "S1 step n")
    s = st.soldier("S1")
    assert s.cubes == 2 and s.drugs == 1 and s.food == 1 and s.masks == 1
    assert [w.tile for w in s.weapons] == ["N:gas"] and "S" in s.weapons[0].known
    assert st.supply == position(text).supply + 1  # the third cube goes back [I]


def test_TW_7_4_eating_a_corpse_returns_discards_and_enemy_restores_interrupt():
    text = scene(soldiers="""
        S1 board d3 n
        S2 board b2 n
        N1 board g6 s
        N2 corpse d4 s
    """, rules=HIGH, discards={"S": "build,dig"},
                 hands={"S": "move,turn:2,build,fire:2,equip,camp"},
                 extra="interrupt-used: S")
    st, ev = play(text, "S1 step n")
    from game.trench.state import ACTION_CARDS
    assert st.discards["S"] == ACTION_CARDS.empty()
    # move was revealed this turn and is in the discard too: everything comes back
    assert ACTION_CARDS.count(st.hands["S"], "interrupt") == 1 and "S" not in st.interrupt_used
    assert ACTION_CARDS.count(st.hands["S"], "move") == 2
    assert "eat" in kinds(ev)
    assert st.score("S") == 1  # one carried enemy corpse


def test_TW_7_4_ally_corpse_is_eaten_but_never_scores_nor_restores_interrupt():
    text = scene(soldiers="""
        S1 board d3 n
        S2 corpse d4 n food=1
        N1 board g6 s
    """, rules=HIGH, discards={"S": "build"},
                 hands={"S": "move,turn:2,build,fire:2,dig,equip,camp"}, extra="interrupt-used: S")
    st, ev = play(text, "S1 step n")
    assert st.soldier("S1").corpses == ("S2",) and st.score("S") == 0
    assert "S" in st.interrupt_used
    from game.trench.state import ACTION_CARDS
    assert ACTION_CARDS.count(st.hands["S"], "build") == 2


def test_TW_7_4_carried_enemy_corpse_scores_at_once_and_can_win():
    # two players, target 2: an assault kill (1) plus the carried corpse (1) wins at once
    text = scene(soldiers="S1 board d3 n\nN1 board d4 s food=1\nN2 board g6 s")
    st, ev = play(text, "S1 step n")
    assert not st.is_over() and st.current_player() == "N"  # consolation first (TW-7.2)
    st, ev = play(st, "N console N2 food")
    assert st.is_over() and st.result.winners == ("S",) and st.result.reason == "target"
    assert st.soldier("N2").food == 1
    # a corpse with no belongings owes no consolation: the win is immediate
    bare = scene(soldiers="S1 board d3 n\nN1 board d4 s\nN2 board g6 s")
    st, ev = play(bare, "S1 step n")
    assert st.is_over() and st.result.winners == ("S",) and dict(st.result.scores)["S"] == 2


def test_TW_7_4_corpse_points_judgement_setting_counts_only_at_judgement():
    text = scene(soldiers="S1 board d3 n\nN1 board g6 s\nN2 corpse d4 s",
                 rules="corpse_points=judgement")
    st, _ = play(text, "S1 step n")
    assert st.score("S") == 0 and not st.is_over()


def test_TW_7_5_adjacent_allies_hand_belongings_without_an_action():
    text = scene(soldiers="""
        S1 board d3 n food=1 cubes=1
        S2 board e3 n
        S3 board g3 n drugs=1
        N1 board g6 s
    """, rules=HIGH)
    st = position(text)
    opts = legal(st)
    assert "S1 give S2 food" in opts and "S1 give S2 cube" in opts
    assert not any(a.startswith("S3 give") for a in opts)  # not adjacent
    st, _ = play(st, "S1 give S2 food; S1 give S2 cube")
    assert st.soldier("S2").food == 1 and st.soldier("S2").cubes == 1
    assert st.turn.uses == 0  # no action spent
    illegal(st, "S3 give S1 drug", "TW-7.5")


def test_TW_7_2_tunneller_killed_by_a_falling_soldier_consolation_then_corpse_taken():
    text = scene(cells={"d4": "0"}, rules=HIGH, discards={"N": "build"}, plots={"N": "turn"},
                 soldiers="S1 board d4 e food=1 cubes=1\nS2 board b2 n\nN1 board e4 s")
    st, ev = play(text, "S1 tunnel e")
    assert st.soldier("S1").status == "corpse" and st.points == {"S": 0, "N": 0}
    assert st.current_player() == "S" and "S console S2 cube" in legal(st)
    st, ev = play(st, "S console S2 cube")
    assert st.soldier("S2").cubes == 1
    n1 = st.soldier("N1")
    assert n1.corpses == ("S1",) and n1.food == 1 and n1.cubes == 0
    assert where(st, "N1")[:2] == ("board", "e4")
    assert "eat" in kinds(ev) and st.discards["N"] == (0,) * 8
    assert st.score("N") == 1  # an enemy corpse carried


def test_TW_7_1_dash_assaults_an_enemy_base():
    text = scene(cells={"d7": "nN"}, soldiers="S1 board d5 n\nN1 board b6 s", rules=HIGH)
    st, ev = play(text, "S1 dash")
    assert col(st, "d7") == "n" and where(st, "S1")[1] == "d7" and st.points["S"] == 1
