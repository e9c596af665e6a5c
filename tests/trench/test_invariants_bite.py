"""The invariants and the event audit catch what they claim to (each broken on purpose here)."""

from trench_helpers import play, scene

from game.core.events import make_event
from game.trench.invariants import EventAudit, check_invariants, check_view
from game.trench.model import evolve
from game.trench.notation import parse_position
from game.trench.view import view

BASE = dict(soldiers="S1 board d3 n weapons=S:gun:4:S\nN1 board d4 s\nN2 board b7 s",
            turn="S cards=move,move slot=1 uses=0", rules="target_points_2p=9 target_points=9")


def test_event_audit_agrees_with_a_real_assault():
    st = parse_position(scene(**BASE))
    audit = EventAudit(st)
    events = st.apply("S1 step n")
    assert audit.check(st, events) == []
    assert st.points["S"] == 1 and st.dead == 1


def test_event_audit_catches_points_scored_without_an_event_and_an_event_without_points():
    st = parse_position(scene(**BASE))
    audit = EventAudit(st)
    st.points["S"] += 1
    assert audit.check(st, []) == ["TW-9: the events score {'S': 0, 'N': 0}, the scoreboard says {'S': 1, 'N': 0}"]
    assert audit.check(st, [make_event("score", seat="N", points=1, why="kill")]) == [
        "TW-9: the events score {'S': 1, 'N': 1}, the scoreboard says {'S': 1, 'N': 0}"]
    assert audit.check(st, [make_event("death", sid="N1")]) == ["TW-9: the events report 1 dead, the count says 0"]


def test_invariants_catch_a_soldier_off_the_board_in_a_wall_and_a_tall_column():
    st, _ = play(scene(**BASE))
    st.put(evolve(st.soldier("N2"), cell=49))
    assert check_invariants(st) == ["TW-2: N2 (board) is off the board: cell 49"]
    st.put(evolve(st.soldier("N2"), cell=0))  # a1 is a corner wall
    assert check_invariants(st) == ["TW-2: N2 stands on the wall a1"]
    st.put(evolve(st.soldier("N2"), cell=45))
    st.columns[45] = "nnn"
    assert "TW-2: d7 is 3 high" in check_invariants(st)


def test_invariants_catch_belongings_beyond_the_ruleset():
    st = parse_position(scene(**BASE))
    s1 = st.soldier("S1")
    st.put(evolve(s1, weapons=(evolve(s1.weapons[0], ammo=5),)))
    assert check_invariants(st) == ["TW-1: S1's S:gun holds 5 (0..4)"]
    st.put(evolve(s1, masks=9))
    assert check_invariants(st) == ["TW-1: 9 gas masks, more than 1 per soldier"]


def test_check_view_catches_a_leaked_hand_and_weapon():
    st = parse_position(scene(**BASE))
    v = view(st, "N")
    assert check_view(st, v) == []
    v.hands = dict(st.hands)
    v.soldiers = list(st.soldiers)
    assert check_view(st, v) == ["TW-10: the view of N shows S's hand",
                                 "TW-10: the view of N shows S1's unseen S:gun",
                                 "TW-10: the view of N shows who else has seen S:gun"]


def test_event_audit_catches_a_base_scored_that_was_no_enemy_base():
    """TW-9: destroying an enemy base scores; one's own base (or the village, or a plain cube) does not."""
    st = parse_position(scene(**BASE))
    for kind in ("S", "V", "n"):
        audit = EventAudit(st)
        st.points["S"] += 1
        events = [make_event("cube", how="destroy", kind=kind, frm=10, to=None, layer=2, cause="bomb", sid=None),
                  make_event("score", seat="S", points=1, why="base")]
        assert audit.check(st, events) == [f"TW-9: S scores a base, but the base destroyed is {kind!r}, not an enemy's"]
        st.points["S"] -= 1
    audit = EventAudit(st)
    st.points["S"] += 1
    events = [make_event("cube", how="destroy", kind="N", frm=10, to=None, layer=2, cause="bomb", sid=None),
              make_event("score", seat="S", points=1, why="base")]
    assert audit.check(st, events) == []
