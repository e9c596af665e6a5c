"""TW-4/TW-5 flow events (round, wind, eclipse, shuffle, skip, no-cards, plot, turn, reveal, pass,
wasted, sink discards, penalty), asserted with every data field and the text the log shows.

The expected values are worked out from the rules (TW-4.1 wind deck and day/night, TW-4.3 plot,
TW-4.6 end of round, TW-5 turn) and the Events table of ``docs/notation.md``.  Every run is
replayed in quiet mode (``set_quiet``), which must give the same kinds and data with no text.
"""

from trench_helpers import legal, play, position, scene

from game.core.protocol import CHANCE
from game.trench.state import ACTION_CARDS, WIND_CARDS

HIGH = "target_points_2p=9 target_points=9"


def table(events):
    return [(e.kind, dict(e.data), e.text) for e in events]


def run(text_or_state, actions):
    """Play ``actions`` loud and quiet; the quiet events are the loud ones without text."""
    loud, ev = play(text_or_state if isinstance(text_or_state, str) else text_or_state.clone(), actions)
    quiet = position(text_or_state) if isinstance(text_or_state, str) else text_or_state.clone()
    quiet.set_quiet()
    quiet, qev = play(quiet, actions)
    assert [(k, d) for k, d, _ in table(qev)] == [(k, d) for k, d, _ in table(ev)]
    assert [e.text for e in qev] == [""] * len(qev)
    assert [e.seen_by for e in qev] == [e.seen_by for e in ev]
    return loud, table(ev)


def _last_turn(**kw):
    """S takes the round's last turn (Turn card, its only soldier): ``S1 turn e`` ends the round."""
    kw.setdefault("soldiers", "S1 board d2 n\nN1 board d6 s")
    return scene(turn="S cards=turn slot=1 uses=0", order="S", rules=HIGH, **kw)


TURN_E = [("turn", {"sid": "S1", "before": "n", "after": "e"}, "S1 turns e"),
          ("turn-end", {"seat": "S"}, "S's turn ends")]


def test_TW_4_1_round_2_the_forecast_blows_a_card_is_drawn_and_night_falls():
    text = _last_turn(round=1, wind="-", wind_card="-", forecast="n e", wind_deck="s,w,same,calm,eclipse")
    st, ev = run(text, "S1 turn e")
    assert ev == TURN_E + [("round", {"round": 2, "start": "N"}, "round 2")]
    assert (st.round, st.start, st.phase, st.wind, st.wind_card, st.forecasts) == (2, "N", "wind", "n", "n", ("e",))
    assert st.current_player() == CHANCE and st.day is True and st.order == ()
    st, ev = run(st, "chance wind w")
    assert ev == [("forecast", {"card": "w"}, "wind forecast: w"),
                  ("wind", {"round": 2, "day": False, "wind": "n", "card": "n", "forecasts": ("e", "w"),
                            "eclipse": False}, "round 2: night, wind n, forecast e w")]
    assert st.phase == "plot" and st.queue == ("N", "S") and st.day is False
    assert WIND_CARDS.format(st.wind_deck) == "s,same,calm,eclipse" and st.wind_discard == WIND_CARDS.empty()


def test_TW_4_1_the_eclipse_is_discarded_the_next_forecast_blows_and_the_night_stays():
    text = _last_turn(round=4, time="night", wind="s", wind_card="s", forecast="eclipse e",
                      wind_deck="n,w,same,calm")
    st, ev = run(text, "S1 turn e")
    assert ev == TURN_E + [("round", {"round": 5, "start": "N"}, "round 5"),
                           ("eclipse", {}, "eclipse: day and night stay as they are")]
    assert (st.wind, st.wind_card, st.forecasts, st.eclipse) == ("e", "e", (), True)
    assert WIND_CARDS.format(st.wind_discard) == "s,eclipse"
    st, ev = run(st, "chance wind n")
    assert ev == [("forecast", {"card": "n"}, "wind forecast: n")] and st.phase == "wind"
    st, ev = run(st, "chance wind w")
    assert ev == [("forecast", {"card": "w"}, "wind forecast: w"),
                  ("wind", {"round": 5, "day": False, "wind": "e", "card": "e", "forecasts": ("n", "w"),
                            "eclipse": True}, "round 5: night, wind e, forecast n w")]
    assert st.day is False and st.phase == "plot"


def test_TW_4_1_an_eclipse_in_daytime_keeps_the_day_and_the_next_round_flips_again():
    text = _last_turn(round=4, time="day", wind="s", wind_card="s", forecast="eclipse e",
                      wind_deck="n,w,same,calm")
    st, _ = run(text, "S1 turn e; chance wind n; chance wind w")
    assert st.day is True and st.eclipse is True
    # round 6: the eclipse flag is cleared at the end of round 5, so the day flips to night
    assert st.phase == "plot" and st.queue == ("N", "S")
    st, ev = run(st, "N plot turn; S plot turn; N1 turn e; S1 turn w")
    assert ev[-1] == ("round", {"round": 6, "start": "S"}, "round 6")
    assert st.eclipse is False and WIND_CARDS.count(st.wind_discard, "e") == 1 and st.wind_card == "n"
    st, ev = run(st, "chance wind calm")
    assert ev[-1] == ("wind", {"round": 6, "day": False, "wind": "n", "card": "n", "forecasts": ("w", "calm"),
                               "eclipse": False}, "round 6: night, wind n, forecast w calm")


def test_TW_4_1_an_empty_wind_deck_is_remade_from_the_discards():
    text = _last_turn(round=6, time="night", wind="calm", wind_card="same", forecast="e n", wind_deck="-",
                      wind_discard="s,w,calm,eclipse")
    st, ev = run(text, "S1 turn e")
    assert ev == TURN_E + [("round", {"round": 7, "start": "N"}, "round 7"),
                           ("shuffle", {}, "the wind discards become the deck")]
    assert WIND_CARDS.format(st.wind_deck) == "s,w,same,calm,eclipse" and WIND_CARDS.size(st.wind_discard) == 0
    assert sorted((str(a), p) for a, p in st.chance_outcomes()) == sorted(
        (f"chance wind {k}", 0.2) for k in ("s", "w", "same", "calm", "eclipse"))
    st, ev = run(st, "chance wind calm")
    assert ev == [("forecast", {"card": "calm"}, "wind forecast: calm"),
                  ("wind", {"round": 7, "day": True, "wind": "e", "card": "e", "forecasts": ("n", "calm"),
                            "eclipse": False}, "round 7: day, wind e, forecast n calm")]


def test_TW_4_1_same_first_in_a_game_is_calm_and_the_wind_event_says_so():
    text = _last_turn(round=1, wind="-", wind_card="-", forecast="same e", wind_deck="n,s,w,calm,eclipse")
    st, ev = run(text, "S1 turn e; chance wind n")
    assert ev[-1] == ("wind", {"round": 2, "day": False, "wind": "calm", "card": "same", "forecasts": ("e", "n"),
                               "eclipse": False}, "round 2: night, wind calm, forecast e n")


def test_TW_4_3_skipping_seats_and_seats_without_cards_are_not_asked_to_plot():
    """Three players; round 6 starts with W (clockwise after S).  W holds only its Interrupt and
    no drug: nothing to plot.  N chose to skip its next turn (TW-9).  Only S plots; the turn
    order then holds S alone."""
    discards = {"W": "move:2,turn:2,build:2,fire:2,dig,equip,camp"}
    text = scene(players="S W N", turn="S cards=turn slot=1 uses=0", order="S", round=5, rules=HIGH,
                 forecast="e", wind_deck="n,s,w,same,eclipse", wind="calm", wind_card="calm",
                 soldiers="S1 board d2 n\nW1 board b4 e\nN1 board d6 s", discards=discards,
                 hands={"W": "interrupt"}, extra="skip: N")
    st, ev = run(text, "S1 turn e")
    assert ev == TURN_E + [("round", {"round": 6, "start": "W"}, "round 6")]
    st, ev = run(st, "chance wind s")
    assert ev == [("forecast", {"card": "s"}, "wind forecast: s"),
                  ("wind", {"round": 6, "day": False, "wind": "e", "card": "e", "forecasts": ("s",),
                            "eclipse": False}, "round 6: night, wind e, forecast s"),
                  ("no-cards", {"seat": "W"}, "W has no card to plot"),
                  ("skip", {"seat": "N"}, "N skips this round's turn")]
    assert st.queue == ("S",) and st.skip == frozenset() and st.current_player() == "S"
    st, ev = run(st, "S plot move")
    assert ev == [("plot", {"seat": "S", "count": 1}, "S plots 1 card(s)"),
                  ("plot-detail", {"seat": "S", "cards": ("move",)}, "S plots move"),
                  ("turn-start", {"seat": "S"}, "S's turn"),
                  ("reveal", {"seat": "S", "card": "move", "slot": 1}, "S reveals move")]
    assert st.order == ("S",) and st.turn.seat == "S" and st.turn.slot == 0


def test_TW_4_3_plot_events_the_detail_only_to_the_plotter_then_turns_follow_the_start_player():
    text = scene(turn="", order="", start="N", extra="queue: N S",
                 soldiers="S1 board d2 n\nN1 board d6 s", rules=HIGH)
    st, ev = run(text, "N plot fire build")
    assert ev == [("plot", {"seat": "N", "count": 2}, "N plots 2 card(s)"),
                  ("plot-detail", {"seat": "N", "cards": ("fire", "build")}, "N plots fire build")]
    assert [e.seen_by for e in play(text, "N plot fire build")[1]] == [None, frozenset({"N"})]
    assert st.plots["N"] == ("fire", "build") and ACTION_CARDS.format(st.hands["N"]) == "move:2,turn:2,build,fire,dig,equip,camp,interrupt"
    assert st.queue == ("S",) and st.phase == "plot"
    st, ev = run(st, "S plot dig")
    # N1 holds no weapon (Fire: nothing) and no cube, and stands on ground before ground (Build:
    # nothing to place or collect): both cards are wasted (TW-5), then S's turn begins.
    assert ev == [("plot", {"seat": "S", "count": 1}, "S plots 1 card(s)"),
                  ("plot-detail", {"seat": "S", "cards": ("dig",)}, "S plots dig"),
                  ("turn-start", {"seat": "N"}, "N's turn"),
                  ("reveal", {"seat": "N", "card": "fire", "slot": 1}, "N reveals fire"),
                  ("wasted", {"seat": "N", "card": "fire"}, "N's fire card has no legal action"),
                  ("reveal", {"seat": "N", "card": "build", "slot": 2}, "N reveals build"),
                  ("wasted", {"seat": "N", "card": "build"}, "N's build card has no legal action"),
                  ("turn-end", {"seat": "N"}, "N's turn ends"),
                  ("turn-start", {"seat": "S"}, "S's turn"),
                  ("reveal", {"seat": "S", "card": "dig", "slot": 1}, "S reveals dig")]
    assert st.order == ("S",) and st.plots == {"S": (), "N": ()}
    assert ACTION_CARDS.format(st.discards["N"]) == "build,fire"
    # S's Dig as the 1st card: S1's own dig, or a remote dig of any ground cell (45: no corner)
    opts = legal(st)
    assert "S1 dig" in opts and len(opts) == 46 and "S dig a1" not in opts and "S dig d2" in opts


def test_TW_9_a_skip_chosen_during_the_round_skips_the_turn_still_to_come_with_its_event():
    """N digs beside S's resting trench gas; it flows onto a civilian, S (still to act this round)
    chooses to skip: S's plotted card goes back to hand, the skip is announced, the round ends."""
    soldiers = "S1 board b2 n\nN1 board d6 s\nN2 board b7 s\nC1 board c3 s\nC2 board f6 s"
    text = scene(cells={"c4": "0"}, gas="1 S c4 1", wind="s", soldiers=soldiers,
                 turn="N cards=dig slot=1 uses=0", order="N S", start="N", plots={"S": "turn"},
                 extra="variants: civilians", rules=HIGH)
    st, _ = run(text, "N dig c3")
    assert [(p.kind, p.seat) for p in st.pending] == [("penalty", "S")]
    st, ev = run(st, "S penalty skip")
    assert ev == [("penalty", {"seat": "S", "choice": "skip"}, "S takes the penalty: skip"),
                  ("turn-end", {"seat": "N"}, "N's turn ends"),
                  ("skip", {"seat": "S"}, "S skips this round's turn"),
                  ("round", {"round": 6, "start": "S"}, "round 6")]
    assert st.skip == frozenset() and st.plots["S"] == () and ACTION_CARDS.count(st.hands["S"], "turn") == 2


def test_TW_4_a_round_in_which_nobody_can_plot_passes_without_turns():
    """S skips (penalty) and N holds only its Interrupt with no drug: nobody plots, no turn is
    played, the round ends at once and the next one begins; the game goes on."""
    discards = {"N": "move:2,turn:2,build:2,fire:2,dig,equip,camp"}
    text = _last_turn(round=5, forecast="e n", wind_deck="s,w,same,eclipse", discards=discards,
                      hands={"N": "interrupt"}, extra="skip: S")
    st, ev = run(text, "S1 turn e")
    assert ev == TURN_E + [("round", {"round": 6, "start": "N"}, "round 6")]
    st, ev = run(st, "chance wind s")
    assert ev == [("forecast", {"card": "s"}, "wind forecast: s"),
                  ("wind", {"round": 6, "day": False, "wind": "e", "card": "e", "forecasts": ("n", "s"),
                            "eclipse": False}, "round 6: night, wind e, forecast n s"),
                  ("no-cards", {"seat": "N"}, "N has no card to plot"),
                  ("skip", {"seat": "S"}, "S skips this round's turn"),
                  ("round", {"round": 7, "start": "S"}, "round 7")]
    assert st.result is None and st.round == 7 and st.phase == "wind" and st.current_player() == CHANCE
    assert st.wind_card == "n" and st.forecasts == ("s",)


def test_TW_4_1_three_players_an_eclipse_as_the_only_forecast_with_an_empty_deck():
    """Three players keep one forecast.  It is the eclipse: discarded; no forecast is left and
    the deck is empty, so the discards become the deck and the next card drawn becomes current."""
    text = scene(players="S W N", order="S", turn="S cards=turn slot=1 uses=0", round=4, rules=HIGH,
                 wind="s", wind_card="s", forecast="eclipse", wind_deck="-", wind_discard="n,e,w,same,calm",
                 soldiers="S1 board d2 n\nW1 board b4 e\nN1 board b6 s")
    st, ev = run(text, "S1 turn e")
    assert ev == TURN_E + [("round", {"round": 5, "start": "W"}, "round 5"),
                           ("eclipse", {}, "eclipse: day and night stay as they are"),
                           ("shuffle", {}, "the wind discards become the deck")]
    assert WIND_CARDS.format(st.wind_deck) == "n,e,s,w,same,calm,eclipse" and st.wind_card is None
    st, ev = run(st, "chance wind w")
    assert ev == [("forecast", {"card": "w"}, "wind forecast: w")]
    assert st.wind_card == "w" and st.forecasts == () and st.current_player() == CHANCE
    st, ev = run(st, "chance wind calm")
    assert ev == [("forecast", {"card": "calm"}, "wind forecast: calm"),
                  ("wind", {"round": 5, "day": True, "wind": "w", "card": "w", "forecasts": ("calm",),
                            "eclipse": True}, "round 5: day, wind w, forecast calm")]
