"""Decisions owed outside the normal flow (``pending``): one that has no option left when it
comes due is dropped and the play goes on by itself (TW-8 a moot gas deflection: the token moves
on; TW-4.6 a moot sinking penalty), and what follows it is still asked or done.
"""

from trench_helpers import legal, play, position, scene

HIGH = "target_points_2p=9 target_points=9"


def _queued(pending, soldiers="S1 board d2 n weapons=S:gas:1:S!\nN2 board b7 s"):
    """S's turn is spent (its one Fire card used by its only soldier).  S must first settle a
    penalty; then a deflection of S's gas token 1 (d3, d4 visited) is queued, and ``pending``.
    d5 and c4 are walls: under wind n the token at d4 has one way left (east), no choice."""
    return position(scene(cells={"d5": "2", "c4": "2"}, soldiers=soldiers, gas="1 S d4 2", wind="n",
                          spent={"S": 1}, turn="S cards=fire slot=1 uses=1 acted=S1:fire", order="S N",
                          plots={"N": "turn"}, rules=HIGH,
                          extra="variants: civilians\npending:\n  penalty S village\n  gas S 1 d3,d4 S1 -"
                                + "".join(f"\n  {p}" for p in pending)))


def test_TW_8_a_moot_deflection_last_in_the_queue_flows_on_and_the_spent_turn_ends():
    st = _queued(())
    st, ev = play(st, "S penalty skip")
    kinds = [e.kind for e in ev]
    assert kinds == ["penalty", "gas", "gas", "turn-end", "turn-start", "reveal"]
    assert ev[1].get("path") == (24, 25, 32, 39, 46) and ev[2].get("how") == "leave"
    assert st.gas == () and st.pending == () and st.turn.seat == "N" and st.order == ("N",)


def test_TW_8_after_a_moot_deflection_the_next_decision_is_still_asked():
    soldiers = "S1 board d2 n weapons=S:gas:1:S!\nS3 corpse b2 n food=1\nN2 board b7 s"
    st = _queued(("console S S3",), soldiers=soldiers)
    st, ev = play(st, "S penalty skip")
    assert [e.kind for e in ev] == ["penalty", "gas", "gas"] and st.gas == ()
    assert [(p.kind, p.seat) for p in st.pending] == [("console", "S")]
    assert sorted(legal(st)) == ["S console S1 food", "S console none"]
    st, ev = play(st, "S console S1 food")
    assert st.soldier("S1").food == 1 and st.turn.seat == "N"
