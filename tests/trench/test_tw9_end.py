"""TW-9 points, immediate win, judgement with its whole tie-break chain."""

import pytest
from trench_helpers import illegal, kinds, play, position, scene

from game.trench.casualties import judge

HIGH = "target_points_2p=9 target_points=9"


def _judge(text):
    st = position(text)
    ev = []
    judge(st, "judgement", ev)
    assert st.is_over() and kinds(ev) == ["end"]
    return st.result.winners


def test_TW_9_escape_scores_1_with_two_players_2_with_three():
    two = scene(soldiers="S1 board d7 n\nS2 board b2 n\nN1 board b6 s", rules=HIGH)
    st, _ = play(two, "S1 step n")
    assert st.points["S"] == 1
    three = scene(players="S W N", order="S W N",
                  soldiers="S1 board d7 n\nS2 board b2 n\nW1 board b4 e\nN1 board b6 s", rules=HIGH)
    st, _ = play(three, "S1 step n")
    assert st.points["S"] == 2


def test_TW_9_escaper_weapons_go_to_a_surviving_soldier():
    text = scene(soldiers="""
        S1 board d7 n weapons=S:gun:4:S cubes=1
        S2 board b2 n weapons=S:bomb:2:S
        S3 board c2 n weapons=S:gas:2:S
        N1 board b6 s
    """, rules=HIGH)
    st, _ = play(text, "S1 step n")
    assert st.current_player() == "S" and {"S handover S2", "S handover S3"} <= {str(a) for a in st.legal_actions()}
    st, _ = play(st, "S handover S3")
    assert [w.tile for w in st.soldier("S3").weapons] == ["S:gas", "S:gun"]
    assert st.out == 1  # the escaper's carried cube leaves the game


def test_TW_9_last_soldier_without_points_cannot_escape():
    text = scene(soldiers="S1 board d7 n\nS2 corpse b2 n\nN1 board b6 s", rules=HIGH)
    illegal(text, "S1 step n", "TW-9")
    with_point = scene(soldiers="S1 board d7 n\nS2 corpse b2 n\nN1 board b6 s", rules=HIGH,
                       points={"S": 1})
    st, _ = play(with_point, "S1 step n")
    assert st.points["S"] == 2


def test_TW_9_destroying_an_enemy_base_scores_and_reaching_the_target_wins_at_once():
    text = scene(cells={"d7": "nN"}, soldiers="S1 board d6 n\nN1 board b6 s", points={"S": 1})
    st, ev = play(text, "S1 step n")
    assert st.is_over() and st.result.winners == ("S",) and st.result.reason == "target"
    assert "end" in kinds(ev)
    assert st.current_player() == "terminal" and st.legal_actions() == []


def test_TW_9_judgement_when_the_dead_reach_four_with_two_players():
    text = scene(soldiers="S1 board d3 n\nN1 board d4 s\nN2 board b6 s", rules=HIGH, dead=3)
    st, ev = play(text, "S1 step n")
    assert st.dead == 4 and st.is_over() and st.result.reason == "judgement"
    assert st.result.winners == ("S",)


def test_TW_9_judgement_limits_by_player_count():
    from game.trench.ruleset import make_ruleset
    r = make_ruleset()
    assert (r.judgement_dead(2), r.judgement_dead(3), r.judgement_dead(4)) == (4, 6, 8)
    three = scene(players="S W N", order="S W N", dead=4, rules=HIGH,
                  soldiers="S1 board d3 n\nS2 board b2 n\nW1 board d4 s\nW2 board b5 e\nN1 board f6 s")
    st, _ = play(three, "S1 step n")
    assert st.dead == 5 and not st.is_over()


def test_TW_9_judgement_most_points():
    text = scene(soldiers="S1 board d2 n\nN1 board d6 s", points={"N": 1}, rules=HIGH)
    assert _judge(text) == ("N",)


def test_TW_9_judgement_tie_rows_advanced_boat_counts_zero():
    # S1 on d3 has advanced 3 rows; N1 on d4 has advanced 4 rows (7 - 4 + 1)
    text = scene(soldiers="S1 board d3 n\nN1 board d4 s", rules=HIGH)
    assert _judge(text) == ("N",)
    boat = scene(soldiers="S1 board d1 n\nN1 boat d7 s", rules=HIGH)
    assert _judge(boat) == ("S",)  # 1 row against 0 on a boat (turn order would favour N)


def test_TW_9_judgement_tie_carried_enemy_corpses():
    # S: 1 point (a base); N: 0 points + 1 carried enemy corpse = 1 point; rows equal (3 each)
    text = scene(soldiers="S1 board d3 n\nS2 carried - n carrier=N1\nN1 board d5 s corpses=S2",
                 points={"S": 1}, rules=HIGH)
    st = position(text)
    assert st.score("S") == st.score("N") == 1
    assert _judge(text) == ("N",)


def test_TW_9_judgement_tie_surviving_soldiers():
    text = scene(soldiers="S1 board d3 n\nS2 board b1 n\nN1 board d5 s\nN2 corpse f5 s", rules=HIGH,
                 start="N", order="S")
    assert _judge(text) == ("S",)


def test_TW_9_judgement_tie_ammunition_spent():
    text = scene(soldiers="S1 board d3 n\nN1 board d5 s", rules=HIGH, spent={"S": 1, "N": 3})
    assert _judge(text) == ("N",)


@pytest.mark.parametrize("start,winner", [("S", "N"), ("N", "S")])
def test_TW_9_judgement_tie_later_in_turn_order(start, winner):
    order = "S N" if start == "S" else "S"        # S's turn: N, the start player, has had its turn
    text = scene(soldiers="S1 board d3 n\nN1 board d5 s", rules=HIGH, start=start, order=order)
    assert _judge(text) == (winner,)


def test_TW_9_judgement_turn_order_counts_seats_that_already_acted():
    # Three players, start S: order S W N.  N is acting (S and W have had their turn).  N has
    # fewer survivors; S and W tie on everything else: W is later in the round's order.
    text = scene(players="S W N", start="S", order="N", turn="N cards=move slot=1 uses=0",
                 rules=HIGH, soldiers="""
        S1 board d3 n
        S2 board b2 n
        W1 board c4 e
        W2 board c6 e
        N1 board d5 s
    """)
    assert _judge(text) == ("W",)


def test_TW_9_corpse_points_judgement_setting_counts_corpses_at_judgement():
    # corpse_points=judgement: S carries an enemy corpse (0 points during play, 1 at judgement);
    # N has 1 point; rows equal; so S wins on carried corpses.
    text = scene(soldiers="S1 board d3 n corpses=N2\nN1 board d5 s\nN2 carried - s carrier=S1",
                 points={"N": 1}, rules=HIGH + " corpse_points=judgement")
    st = position(text)
    assert st.score("S") == 0
    assert _judge(text) == ("S",)


def test_TW_9_round_limit_ends_in_judgement():
    text = scene(soldiers="S1 board d3 n\nN1 board d5 s", rules=HIGH + " round_limit=5",
                 turn="S cards=move slot=1 uses=0", order="S N")
    st, ev = play(text, "S1 step n")
    # N plotted nothing, so the round ends after S's turn: round 5 was the last
    assert st.is_over() and st.result.reason == "round-limit"
    assert st.result.winners == ("S",)  # S advanced 4 rows, N 3
