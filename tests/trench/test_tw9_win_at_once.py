"""TW-9: the first player to reach the target wins at once: nothing that would follow in the same
action (gas on the arrival cell) happens after the end."""

from trench_helpers import play, scene, where


def test_TW_9_a_win_by_a_taken_corpse_ends_the_move_before_the_gas_there():
    """N1's corpse lies on N's base of height 1 (d4), under N's resting gas.  S1 destroys the base (+1),
    drops in and takes the enemy corpse (+1 carried): S reaches 2 and wins at once, so the gas on d4
    no longer kills S1 and N scores nothing."""
    st, ev = play(scene(cells={"d4": "N"}, gas="1 N d4 2", wind="e",
                        soldiers="S1 board d3 n\nS2 board b2 n\nN1 corpse d4 s\nN2 board b7 s",
                        turn="S cards=move,move slot=1 uses=0"), "S1 step n")
    assert [e.kind for e in ev] == ["cube", "score", "move", "pickup", "eat", "end"]
    assert where(st, "S1")[:2] == ("board", "d4") and st.points == {"S": 1, "N": 0}
    assert st.score("S") == 2 and st.result.winners == ("S",)
