"""variants.py pinned exactly (issue 24, point 8: its first mutation run): hidden teams dealt, seen,
revealed and scored; civilians and the village penalised (TW-9, TW-11)."""

from game.trench import make_ruleset, new_game, variants
from game.trench.view import view


def _teams(split="sw"):
    st = new_game(4, seed=1, rules=make_ruleset(variants=["hidden-teams"]))
    events = st.apply(f"chance teams {split}")
    return st, events


def _table(events):
    return [(e.kind, dict(e.data), e.text, e.seen_by) for e in events]


def test_TW_11_the_hidden_sides_are_dealt_each_seat_told_its_own():
    st, events = _teams("sw")
    assert st.teams == {"S": ("a", frozenset("S"), False), "W": ("a", frozenset("W"), False),
                        "N": ("b", frozenset("N"), False), "E": ("b", frozenset("E"), False)}
    table = _table(events)
    assert table[0] == ("teams", {}, "the secret sides are dealt", None)
    assert table[1:5] == [("team", {"seat": s, "team": t}, f"{s} is on side {t}", frozenset({s}))
                          for s, t in (("S", "a"), ("W", "a"), ("N", "b"), ("E", "b"))]
    assert [variants.true_team(st, s) for s in "SWNE"] == ["a", "a", "b", "b"]
    assert variants.team_of(st, "N") == ("N", "E") and variants.team_of(st, "W") == ("S", "W")


def test_TW_11_no_teams_no_true_team():
    st = new_game(2, seed=1, rules=make_ruleset())
    assert variants.true_team(st, "S") is None and variants.team_of(st, "S") == ("S",)
    events = []
    variants.team_seen(st, "N", "S", events)
    assert events == []


def test_TW_11_a_side_seen_is_told_to_the_viewer_once():
    st, _ = _teams("sn")
    events = []
    variants.team_seen(st, "W", "S", events)
    assert _table(events) == [("team-seen", {"seat": "W", "of": "S", "team": "a"}, "W sees that S is on side a",
                               frozenset({"W"}))]
    assert st.teams["S"] == ("a", frozenset("SW"), False)
    variants.team_seen(st, "W", "S", events)
    assert len(events) == 1
    variants.reveal_team(st, "E", events)
    assert _table(events)[1] == ("team-revealed", {"seat": "E", "team": "b"}, "E is on side b", None)
    variants.team_seen(st, "S", "E", events)
    assert len(events) == 2 and st.teams["E"] == ("b", frozenset("E"), True)
    v = view(st, "W")
    assert v.teams == {"S": ("a", frozenset("W"), False), "W": ("b", frozenset("W"), False),
                       "N": ("?", frozenset(), False), "E": ("b", frozenset(), True)}
    v = view(st, None)
    assert v.teams["S"] == ("?", frozenset(), False) and v.teams["E"] == ("b", frozenset(), True)


def test_TW_11_killing_a_hidden_team_mate_scores_for_the_other_side():
    st, _ = _teams("sw")
    events = []
    variants.soldier_killed(st, "N", st.soldier("E1"), events)
    assert _table(events) == [("team-revealed", {"seat": "N", "team": "b"}, "N is on side b", None),
                              ("score", {"seat": "S", "points": 1, "why": "ally-kill"},
                               "S +1: N killed its team-mate E1", None)]
    assert st.points == {"S": 1, "W": 0, "N": 0, "E": 0}


def test_TW_11_killing_an_enemy_reveals_the_killer_and_scores():
    st, _ = _teams("sw")
    events = []
    variants.soldier_killed(st, "N", st.soldier("S1"), events)
    assert _table(events) == [("team-revealed", {"seat": "N", "team": "b"}, "N is on side b", None),
                              ("score", {"seat": "N", "points": 1, "why": "kill"}, "N +1 for killing S1", None)]
    assert st.points["N"] == 1
    events = []
    variants.soldier_killed(st, "C", st.soldier("S2"), events)
    assert events == [] and st.points["N"] == 1


def test_TW_9_killing_a_civilian_or_the_village_is_penalised():
    st = new_game(2, seed=1, rules=make_ruleset(variants=["civilians"]))
    events = []
    variants.civilian_killed(st, "S", "C1", events)
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("penalty", "S", ("C1",))] and events == []
    variants.civilian_killed(st, "C", "C2", events)
    assert len(st.pending) == 1
    variants.village_destroyed(st, "N", events)
    assert _table(events) == [("village", {"seat": "N"}, "N destroys the village", None)]
    assert [(p.kind, p.seat, p.data) for p in st.pending][-1] == ("penalty", "N", ("village",))
    gue = new_game(2, seed=1, rules=make_ruleset(variants=["guerrillas"]))
    variants.civilian_killed(gue, "S", "C1", events)
    assert gue.pending == ()


def test_TW_11_quiet_mode_gives_the_same_events_without_text():
    st = new_game(4, seed=1, rules=make_ruleset(variants=["hidden-teams"])).set_quiet()
    events = st.apply("chance teams sw")
    assert [e.kind for e in events] == ["teams", "team", "team", "team", "team"] and all(e.text == "" for e in events)
    quiet = new_game(2, seed=1, rules=make_ruleset(variants=["civilians"])).set_quiet()
    events = []
    variants.village_destroyed(quiet, "S", events)
    assert [(e.kind, e.text) for e in events] == [("village", "")]


def test_TW_11_a_kill_of_ones_own_soldier_reveals_nothing_and_scores_nothing():
    st, _ = _teams("sw")
    events = []
    variants.soldier_killed(st, "N", st.soldier("N1"), events)
    assert events == [] and st.teams["N"][2] is False and st.points == {"S": 0, "W": 0, "N": 0, "E": 0}


def test_TW_11_a_team_mate_kill_worth_no_points_scores_no_event():
    st = new_game(4, seed=1, rules=make_ruleset(["kill_points=0"], variants=["hidden-teams"]))
    st.apply("chance teams sw")
    events = []
    variants.soldier_killed(st, "N", st.soldier("E1"), events)
    assert [e.kind for e in events] == ["team-revealed"] and st.points == {"S": 0, "W": 0, "N": 0, "E": 0}


def test_TW_11_a_civilian_has_no_side_to_be_seen():
    st, _ = _teams("sw")
    events = []
    variants.team_seen(st, "N", "C", events)
    assert events == []
