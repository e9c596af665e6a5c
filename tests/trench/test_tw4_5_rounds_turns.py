"""TW-4 round structure (wind deck, calm/same/eclipse, forecasts, day and night, sinking) and
TW-5 turns (plot, reveal, one card for two soldiers, pass, same category, dash, discards)."""

from trench_helpers import illegal, kinds, legal, play, position, scene, where

from game.core.protocol import CHANCE
from game.trench.state import ACTION_CARDS, WIND_CARDS

ONE_TURN_LEFT = dict(order="S", turn="S cards=move slot=1 uses=0")


def _end_round(**kw):
    """S takes the last turn of the round with one Move; return the position after it."""
    soldiers = kw.pop("soldiers", "S1 board d3 n\nN1 board b6 s")
    st, ev = play(scene(soldiers=soldiers, **ONE_TURN_LEFT, **kw), "S1 step n")
    if st.turn is not None and st.turn.seat == "S":
        st, more = play(st, "S pass")
        ev += more
    return st, ev


def test_TW_4_1_round_2_forecast_becomes_current_new_forecast_drawn_night_falls():
    st, ev = _end_round(round=1, wind="-", forecast="n e", wind_deck="s,w,same,calm,eclipse")
    assert st.round == 2 and st.start == "N" and st.current_player() == CHANCE
    assert st.wind == "n" and st.wind_card == "n" and st.forecasts == ("e",)
    ev = st.apply("chance wind w")
    assert st.forecasts == ("e", "w") and not st.day and st.phase == "plot"
    assert st.queue == ("N", "S")  # the new start player plots first
    w = [e for e in ev if e.kind == "wind"][0]
    assert (w.get("round"), w.get("day"), w.get("wind")) == (2, False, "n")


def test_TW_4_1_three_players_keep_one_forecast():
    text = scene(players="S W N", order="S", turn="S cards=move slot=1 uses=0", round=1, wind="-",
                 forecast="calm", wind_deck="n,e,s,w,same,eclipse",
                 soldiers="S1 board d3 n\nW1 board b4 e\nN1 board b6 s")
    st, _ = play(text, "S1 step n")
    assert st.start == "W" and st.wind == "calm" and st.forecasts == ()
    st.apply("chance wind s")
    assert st.forecasts == ("s",) and st.phase == "plot" and st.queue == ("W", "N", "S")


def test_TW_4_1_same_continues_the_previous_wind_or_calm():
    st, _ = _end_round(round=3, wind="s", forecast="same e", wind_deck="n,w,calm,eclipse",
                       wind_discard="-", rules="sink_after_round=0")
    assert st.wind_card == "same" and st.wind == "s"
    st, _ = _end_round(round=1, wind="-", forecast="same e", wind_deck="n,s,w,calm,eclipse")
    assert st.wind_card == "same" and st.wind == "calm"


def test_TW_4_1_eclipse_is_discarded_next_card_current_no_day_night_flip():
    st, ev = _end_round(round=4, time="night", wind="s", wind_card="s", forecast="eclipse e",
                        wind_deck="n,w,same,calm", wind_discard="-")
    assert "eclipse" in kinds(ev)
    assert st.wind_card == "e" and st.wind == "e" and st.forecasts == ()
    assert WIND_CARDS.count(st.wind_discard, "eclipse") == 1
    assert WIND_CARDS.count(st.wind_discard, "s") == 1  # last round's card discarded
    st.apply("chance wind n")
    st.apply("chance wind w")
    assert st.forecasts == ("n", "w") and not st.day and st.eclipse and st.phase == "plot"


def test_TW_4_1_eclipse_drawn_when_it_must_become_current_repeats():
    # 3 players: the only forecast is the eclipse; the next card drawn becomes current
    text = scene(players="S W N", order="S", turn="S cards=move slot=1 uses=0", round=2,
                 time="night", wind="e", forecast="eclipse", wind_deck="n,s,w,same,calm",
                 wind_discard="-", soldiers="S1 board d3 n\nW1 board b4 e\nN1 board b6 s")
    st, _ = play(text, "S1 step n")
    assert st.current_player() == CHANCE and st.wind_card is None
    st.apply("chance wind s")
    assert st.wind_card == "s" and st.forecasts == ()
    st.apply("chance wind calm")
    assert st.forecasts == ("calm",) and not st.day  # night stays night


def test_TW_4_1_empty_deck_is_remade_from_the_discards():
    st, ev = _end_round(round=6, wind="calm", wind_card="same", forecast="e n", wind_deck="-",
                        wind_discard="s,w,calm,eclipse", time="night")
    assert "shuffle" in kinds(ev)
    assert {str(a) for a, _ in st.chance_outcomes()} == {
        "chance wind s", "chance wind w", "chance wind calm", "chance wind eclipse",
        "chance wind same"}
    assert WIND_CARDS.size(st.wind_discard) == 0


def test_TW_4_6_soldiers_on_boats_sink_after_round_3_with_penalty():
    soldiers = """
        S1 board d3 n weapons=S:gun:4:S food=1 masks=1
        S2 boat c1 n weapons=S:gas:2:S food=1 cubes=1
        N1 board b6 s
        N2 boat e7 s
    """
    st, ev = _end_round(round=3, soldiers=soldiers)
    assert st.soldier("S2").status == "sunk" and st.soldier("N2").status == "sunk"
    assert st.dead == 2 and st.points == {"S": 0, "N": 0}
    assert st.corpses_at(st.soldiers[0].cell) == []  # no corpse anywhere
    assert all(s.status != "corpse" for s in st.soldiers)
    assert kinds(ev).count("sink") == 2
    # S owes a penalty (N1 has nothing to discard, so N owes none)
    assert st.current_player() == "S"
    assert legal(st) == {"S sink S1 S:gun", "S sink S1 mask", "S sink S1 food"}
    st, _ = play(st, "S sink S1 S:gun")
    assert st.soldier("S1").weapons == () and st.current_player() == CHANCE
    assert st.round == 4


def test_TW_4_6_no_sinking_before_round_3():
    st, _ = _end_round(round=2, soldiers="S1 board d3 n\nS2 boat c1 n\nN1 board b6 s")
    assert st.soldier("S2").status == "boat" and st.dead == 0


def test_TW_4_3_plot_one_or_two_cards_in_order_interrupt_needs_a_drug():
    base = dict(turn="", order="", extra="queue: S N")
    st = position(scene(soldiers="S1 board d3 n drugs=1\nN1 board b6 s", **base))
    opts = legal(st)
    assert "S plot move" in opts and "S plot move move" in opts and "S plot dig dig" not in opts
    assert "S plot interrupt move" in opts and "S plot move interrupt" in opts
    assert "S plot interrupt interrupt" not in opts
    st, ev = play(st, "S plot build move")
    assert st.plots["S"] == ("build", "move")
    assert ACTION_CARDS.count(st.hands["S"], "build") == 1
    assert "plot-detail" in kinds(ev) and [e for e in ev if e.kind == "plot-detail"][0].seen_by == {"S"}
    assert st.current_player() == "N"
    assert not any("interrupt" in a for a in legal(st))  # N has no drug
    illegal(st, "N plot interrupt", "TW-4.3")


def test_TW_5_first_card_revealed_then_discarded_publicly():
    text = scene(soldiers="S1 board d3 n\nN1 board b6 s", turn="", plots={"N": "turn"},
                 extra="queue: S")
    st, ev = play(text, "S plot move turn")
    assert st.turn.seat == "S" and st.turn.slot == 0
    assert ACTION_CARDS.count(st.discards["S"], "move") == 1 and st.plots["S"] == ("turn",)
    assert [e.get("card") for e in ev if e.kind == "reveal"] == ["move"]
    illegal(st, "S reveal", "TW-5")
    illegal(st, "S pass", "TW-5")
    illegal(st, "S1 turn e", "TW-5")


def test_TW_5_one_card_for_two_actions_on_two_soldiers_second_card_back_to_hand():
    text = scene(soldiers="S1 board d3 n\nS2 board e3 n\nN1 board b6 s",
                 turn="S cards=move,turn slot=1 uses=0", order="S N", plots={"N": "turn"})
    st, ev = play(text, "S1 step n")
    assert "S1 step n" not in legal(st) and "S2 step n" in legal(st)
    st, ev = play(st, "S2 step n")
    assert st.turn.seat == "N"  # S's turn ended after two actions
    assert ACTION_CARDS.count(st.hands["S"], "turn") == 2 and st.plots["S"] == ()
    assert ACTION_CARDS.count(st.discards["S"], "turn") == 0


def test_TW_5_pass_after_one_action_returns_the_second_card():
    text = scene(soldiers="S1 board d3 n\nN1 board b6 s", turn="S cards=move,build slot=1 uses=0",
                 order="S N", plots={"N": "turn"})
    st, ev = play(text, "S1 step n; S pass")
    assert ACTION_CARDS.count(st.hands["S"], "build") == 2 and "pass" in kinds(ev)


def test_TW_5_reveal_second_card_and_same_category_rule():
    text = scene(soldiers="S1 board d3 n\nS2 board e3 n\nN1 board b6 s",
                 turn="S cards=move,move slot=1 uses=0", order="S N", plots={"N": "turn"})
    st, ev = play(text, "S1 step n; S reveal")
    assert st.turn.slot == 1 and ACTION_CARDS.count(st.discards["S"], "move") == 2
    assert not any(a.startswith("S1") for a in legal(st))
    illegal(st, "S1 step n", "TW-5")
    st, _ = play(st, "S2 step n")
    assert st.turn.seat == "N"


def test_TW_5_different_categories_for_one_soldier():
    text = scene(soldiers="S1 board d3 n\nN1 board b6 s", turn="S cards=move,turn slot=1 uses=0",
                 order="S N", plots={"N": "turn"})
    st, _ = play(text, "S1 step n; S reveal; S1 turn e")
    assert where(st, "S1") == ("board", "d4", "e") and st.turn.seat == "N"


def test_TW_5_dash_exhausts_the_soldier():
    text = scene(soldiers="S1 board d3 n\nS2 board e3 n\nN1 board b6 s",
                 turn="S cards=move,turn slot=1 uses=0", order="S N", plots={"N": "turn"})
    st, _ = play(text, "S1 dash; S reveal")
    illegal(st, "S1 turn e", "TW-5")
    assert "S2 turn e" in legal(st)


def test_TW_4_6_one_penalty_per_sunk_soldier():
    soldiers = """
        S1 board d3 n weapons=S:gun:4:S food=1 masks=1
        S2 boat c1 n
        S3 boat e1 n
        N1 board b6 s
    """
    st, _ = _end_round(round=3, soldiers=soldiers)
    assert [p.kind for p in st.pending] == ["sink", "sink"] and st.dead == 2
    st, _ = play(st, "S sink S1 food; S sink S1 mask")
    s1 = st.soldier("S1")
    assert (s1.food, s1.masks, len(s1.weapons)) == (0, 0, 1) and st.pending == ()
