"""TW-3 setup scenarios the mutation run of ``game/trench/setup.py`` needs: the TW-3.6 placement
round with the civilians variant (TW-11: civilians and the village), exact events and what is left."""

from game.trench import make_ruleset, new_game
from game.trench.geometry import parse_cell


def table(events):
    return [(e.kind, dict(e.data), e.text) for e in events]


def _to_placement_round(variants=(), quiet=False):
    st = new_game(2, seed=3, rules=make_ruleset(variants=list(variants)))
    st.set_quiet(quiet)
    st.apply("chance first S")
    st.apply("S arm gun gas bomb")
    st.apply("N arm gun gas bomb")
    while st.phase in ("place", "base"):
        st.apply(sorted(str(a) for a in st.legal_actions())[0])
    assert st.phase == "extra" and st.queue == ("S", "N", "N", "S")
    return st


def test_TW_3_6_TW_11_civilians_and_the_village_are_placed_in_the_placement_round():
    st = _to_placement_round(["civilians"])
    assert st.setup_left == (3, 2, 1)
    c3, e5, c5, b3 = (parse_cell(n) for n in ("c3", "e5", "c5", "b3"))
    assert table(st.apply("S civilian c3")) == [
        ("place", {"seat": "S", "what": "civilian", "cell": c3}, "S places a civilian on c3")]
    c1 = st.soldier("C1")
    assert (c1.status, c1.cell, c1.facing) == ("board", c3, "n")
    assert st.soldier("C2").status == "unplaced" and st.setup_left == (3, 1, 1)
    assert table(st.apply("N civilian e5")) == [
        ("place", {"seat": "N", "what": "civilian", "cell": e5}, "N places a civilian on e5")]
    c2 = st.soldier("C2")
    assert (c2.status, c2.cell, c2.facing) == ("board", e5, "s")
    assert st.soldier("C1").cell == c3 and st.setup_left == (3, 0, 1)
    assert table(st.apply("N village c5")) == [
        ("place", {"seat": "N", "what": "village", "cell": c5}, "N places a village on c5")]
    assert st.columns[c5] == "nV" and st.setup_left == (3, 0, 0)
    assert table(st.apply("S food b3")) == [
        ("place", {"seat": "S", "what": "food", "cell": b3}, "S places a food on b3"),
        ("round", {"round": 1, "day": True, "start": "S"}, "round 1 (day)")]
    assert st.items[b3] == ("food",) and st.setup_left == (2, 0, 0)
    assert st.phase == "wind"


def test_TW_3_6_placement_events_are_silent_in_quiet_mode():
    st = _to_placement_round(["civilians"], quiet=True)
    c3, c5 = parse_cell("c3"), parse_cell("c5")
    assert table(st.apply("S civilian c3")) == [("place", {"seat": "S", "what": "civilian", "cell": c3}, "")]
    assert table(st.apply("N village c5")) == [("place", {"seat": "N", "what": "village", "cell": c5}, "")]
    assert table(st.apply("N pass")) == [("pass", {"seat": "N"}, "")]
    assert st.soldier("C1").cell == c3 and st.columns[c5] == "nV" and st.setup_left == (3, 1, 0)
