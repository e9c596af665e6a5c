"""TW-3 setup order through the flow (first player, arming, snake placement, bases, placement
rounds) and TW-3.7/TW-4.1 round 1 (day, start player, no wind, forecasts drawn), with the exact
queues and the events of the flow (``first``, ``round``, ``forecast``, ``wind``) loud and quiet.
"""

from trench_helpers import legal

from game.core.protocol import CHANCE
from game.trench import new_game


def table(events):
    return [(e.kind, dict(e.data), e.text) for e in events]


def _first_legal(st):
    return sorted(str(a) for a in st.legal_actions())[0]


def _setup_three(quiet):
    """A three-player setup with W first; returns (state, {step: events})."""
    st = new_game(3, seed=11)
    st.set_quiet(quiet)
    log = {"first": table(st.apply("chance first W"))}
    assert st.phase == "arm" and st.queue == ("W", "N", "S")   # clockwise from the first player
    for seat in ("W", "N", "S"):
        st.apply(f"{seat} arm gun gas bomb")
    # TW-3.3 snake: 1st soldiers clockwise from W, 2nd counter-clockwise, 3rd clockwise again
    assert st.phase == "place" and st.queue == ("W1", "N1", "S1", "S2", "N2", "W2", "W3", "N3", "S3")
    while st.phase == "place":
        sid = st.queue[0]
        assert st.current_player() == sid[0]
        st.apply(_first_legal(st))
    assert st.phase == "base" and st.queue == ("W", "N", "S")      # TW-3.5 in placement order
    for seat in ("W", "N", "S"):
        assert st.current_player() == seat
        st.apply(_first_legal(st))
    # TW-3.6: the placement round in snake order, twice
    assert st.phase == "extra" and st.queue == ("W", "N", "S", "S", "N", "W")
    for seat in ("W", "N", "S", "S", "N"):
        st.apply(f"{seat} pass")
    assert st.phase == "extra" and st.queue == ("W",)
    log["last pass"] = table(st.apply("W pass"))
    return st, log


def test_TW_3_setup_order_and_TW_4_1_round_1_is_day_without_wind():
    st, log = _setup_three(quiet=False)
    assert log["first"] == [("first", {"seat": "W"}, "W is the first player")]
    assert log["last pass"] == [("pass", {"seat": "W"}, "W places nothing"),
                                ("round", {"round": 1, "day": True, "start": "W"}, "round 1 (day)")]
    assert (st.round, st.day, st.start, st.phase, st.wind, st.wind_card, st.forecasts) == (
        1, True, "W", "wind", None, None, ())
    assert st.current_player() == CHANCE
    # three players keep one forecast (TW-4.1); round 1 has no wind and no flip
    ev = table(st.apply("chance wind e"))
    assert ev == [("forecast", {"card": "e"}, "wind forecast: e"),
                  ("wind", {"round": 1, "day": True, "wind": None, "card": None, "forecasts": ("e",),
                            "eclipse": False}, "round 1: day, wind none, forecast e")]
    assert st.phase == "plot" and st.queue == ("W", "N", "S") and st.wind is None and st.day is True
    assert "W plot move" in legal(st)


def test_TW_3_setup_events_are_silent_in_quiet_mode():
    st, log = _setup_three(quiet=True)
    assert log["first"] == [("first", {"seat": "W"}, "")]
    assert log["last pass"] == [("pass", {"seat": "W"}, ""),
                                ("round", {"round": 1, "day": True, "start": "W"}, "")]
    ev = table(st.apply("chance wind eclipse"))
    assert ev == [("forecast", {"card": "eclipse"}, ""),
                  ("wind", {"round": 1, "day": True, "wind": None, "card": None, "forecasts": ("eclipse",),
                            "eclipse": False}, "")]


def test_TW_4_1_two_players_draw_two_forecasts_before_round_1():
    st = new_game(2, seed=3)
    st.apply("chance first N")
    assert st.queue == ("N", "S")
    st.apply("N arm gun gas bomb")
    st.apply("S arm bomb gas gun")
    assert st.queue == ("N1", "S1", "S2", "N2", "N3", "S3")
    while st.phase in ("place", "base"):
        st.apply(_first_legal(st))
    assert st.queue == ("N", "S", "S", "N")
    for seat in ("N", "S", "S", "N"):
        st.apply(f"{seat} pass")
    assert st.phase == "wind" and st.start == "N"
    ev = table(st.apply("chance wind s"))
    assert ev == [("forecast", {"card": "s"}, "wind forecast: s")] and st.phase == "wind"
    ev = table(st.apply("chance wind same"))
    assert ev[-1] == ("wind", {"round": 1, "day": True, "wind": None, "card": None, "forecasts": ("s", "same"),
                               "eclipse": False}, "round 1: day, wind none, forecast s same")
    assert st.queue == ("N", "S")
