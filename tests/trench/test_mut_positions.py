"""Whole-position checks of ``game/trench/positions.py``: each refusal of ``parse_position`` made on
purpose, one at a time, with its exact message and the line it names (the flow of play TW-3/TW-4,
the board TW-2/TW-11, soldiers TW-2/TW-6.5/TW-7.4, gas TW-8, the wind, the cards TW-6.10, the turn
TW-5/TW-6.8, pending decisions TW-4.4/TW-7.2/TW-8/TW-9, the invariants and the decision due now),
and the near neighbours that are accepted."""

from functools import lru_cache

import pytest
from trench_helpers import scene

from game.core.errors import NotationError
from game.core.protocol import CHANCE
from game.trench import make_ruleset, new_game
from game.trench.notation import format_position, parse_position

TWO = "S1 board d3 n\nN1 board d5 s"
CIVILIANS = "C1 board f4 n\nC2 board f2 n"


@lru_cache(maxsize=None)
def at_phase(phase: str, players: int = 2, variants: tuple = ()) -> str:
    """The text of a seeded game played (first legal action each time) until ``phase`` begins."""
    st = new_game(players, seed=7, rules=make_ruleset(variants=list(variants)))
    while st.phase != phase:
        st.apply(st.chance_outcomes()[0][0] if st.current_player() == CHANCE else st.legal_actions()[0])
    return format_position(st)


def put(text: str, key: str, value) -> str:
    """``key: value`` in place of the line ``key:`` (added at the end if absent; None: removed)."""
    lines = text.splitlines()
    for i, ln in enumerate(lines):
        if ln.startswith(key + ":"):
            if value is None:
                del lines[i]
            else:
                lines[i] = f"{key}: {value}"
            break
    else:
        assert value is not None
        lines.append(f"{key}: {value}")
    return "\n".join(lines) + "\n"


def line_of(text: str, start: str) -> str:
    return next(f"line {n}" for n, ln in enumerate(text.splitlines(), 1) if ln.startswith(start))


def refused(text: str, start: str, message: str) -> None:
    """parse_position refuses ``text`` with exactly ``line N: message``, N the first line
    beginning with ``start``."""
    with pytest.raises(NotationError) as info:
        parse_position(text)
    assert str(info.value) == f"{line_of(text, start)}: {message}"


def accepted(text: str):
    return parse_position(text)


def with_soldiers(more: str = "", base: str = TWO, **kw) -> str:
    return scene(soldiers=base + ("\n" + more if more else ""), **kw)


def swap(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def plotted(text: str, seat: str = "N") -> str:
    """``seat`` has plotted one Move card (taken from its full hand)."""
    text = swap(text, f"  {seat} hand=move:2,", f"  {seat} hand=move,")
    return swap(text, "interrupt discard=- plot=-\npoints", "interrupt discard=- plot=move\npoints") \
        if seat == "N" else swap(text, f"  {seat} hand=move,turn:2,build:2,fire:2,dig,equip,camp,interrupt "
                                       f"discard=- plot=-", f"  {seat} hand=move,turn:2,build:2,fire:2,dig,"
                                                            f"equip,camp,interrupt discard=- plot=move")


def over(text: str) -> str:
    return put(put(put(text, "phase", "over"), "result", "S target"), "order", None)


# == flow ===============================================================================================
def test_TW_9_phase_over_and_a_result_line_go_together():
    turn = at_phase("turn")
    message = "'phase: over' and a 'result:' line go together"
    refused(put(turn, "phase", "over"), "phase:", message)
    refused(put(turn, "result", "S target"), "phase:", message)
    assert accepted(over(with_soldiers())).result.winners == ("S",)


def test_TW_11_hidden_teams_lines():
    hidden = at_phase("turn", 4, ("hidden-teams",))
    assert "teams: S=a:S W=a:W N=b:N E=b:E" in hidden
    accepted(hidden)
    refused(put(at_phase("turn"), "teams", "S=a:S N=b:N"), "teams:", "teams only with the hidden-teams variant")
    refused(put(hidden, "teams", "S=a:S W=a:W N=b:N"), "teams:", "hidden teams give every seat a side")
    refused(put(hidden, "teams", None), "players:", "hidden teams need every seat's side after phase first")
    for teams in ("S=a:S W=a:W N=a:N E=b:E", "S=a:S W=a:W N=b:N E=b:S", "S=b:S W=b:W N=b:N E=b:E"):
        refused(put(hidden, "teams", teams), "teams:", "two seats a side, each seat knowing its own")
    finished = over(hidden.split("pending:")[0])
    accepted(finished)
    accepted(put(finished, "teams", None))  # a finished game keeps whatever it ended with
    from game.trench.view import view
    seen = format_position(view(parse_position(hidden), "S"))
    assert "teams: S=a:S W=?:- N=?:- E=?:-" in seen  # a view shows only the sides its viewer knows
    assert accepted(seen).viewer == "S"
    first = at_phase("first", 4, ("hidden-teams",))
    assert "teams:" not in first
    accepted(first)
    accepted(put(first, "teams", "S=a:S W=a:W N=b:N E=b:E"))


def test_TW_3_setup_is_round_0_with_no_start_order_or_turn():
    arm = at_phase("arm")
    refused(put(arm, "round", "1"), "round:", "setup (phase arm) is round 0")
    message = "no start player, order or turn during setup"
    refused(put(arm, "start", "S"), "phase:", message)
    refused(put(arm, "order", "S N"), "phase:", message)
    refused(put(arm, "turn", "S cards=move slot=1 uses=0"), "phase:", message)
    refused(put(at_phase("wind"), "round", "0"), "round:", "phase wind is in round 1 or later")


def test_TW_3_1_the_first_player_is_drawn_in_phase_first_and_set_after_it():
    message = "the first player is drawn in phase first, and set after it"
    refused(put(at_phase("arm"), "first", "-"), "first:", message)
    refused(put(at_phase("first"), "first", "S"), "first:", message)
    refused(put(at_phase("turn"), "first", "-"), "first:", message)


@pytest.mark.parametrize("phase", ["wind", "plot", "turn"])
def test_TW_4_a_round_has_its_start_player(phase):
    refused(put(at_phase(phase), "start", "-"), "start:", f"phase {phase} needs the round's start player")


def test_TW_4_turn_declared_and_order_lines_belong_to_their_phases():
    plot = at_phase("plot")
    refused(put(plot, "turn", "S cards=move slot=1 uses=0"), "turn:", "a turn line only in phase turn")
    refused(put(plot, "declared", "N"), "declared:", "declared interrupts only in phase turn")
    accepted(put(at_phase("turn"), "declared", "N"))
    refused(put(at_phase("wind"), "order", "S N"), "order:", "a turn order only in phase turn")
    accepted(put(plot, "order", "S N"))


@pytest.mark.parametrize("phase", ["arm", "base", "extra", "plot"])
def test_TW_3_a_deciding_phase_needs_a_queue_of_seats_in_play(phase):
    text = at_phase(phase)
    message = f"phase {phase} needs a queue naming who decides next"
    refused(put(text, "queue", None), "players:", message)
    refused(put(text, "queue", "-"), "queue:", message)
    refused(put(text, "queue", "S E"), "queue:", "'E' is not a seat in play")
    if phase == "extra":
        accepted(put(text, "queue", "S N N S"))
        accepted(put(text, "queue", "S S"))
    else:
        refused(put(text, "queue", "S S"), "queue:", "a seat appears twice")


def test_TW_3_3_phase_place_queues_the_soldiers_still_to_land():
    place = at_phase("place")
    assert "queue: S1 N1 N2 S2 S3 N3" in place
    refused(put(place, "queue", None), "players:", "phase place needs a queue of soldiers to land")
    refused(put(place, "queue", "-"), "queue:", "phase place needs a queue of soldiers to land")
    refused(put(place, "queue", "S1 S1"), "queue:", "a soldier appears twice")
    refused(put(place, "queue", "S1 S9"), "queue:", "S9 is not a soldier still to land")
    refused(put(place, "queue", "S1 S"), "queue:", "S is not a soldier still to land")
    landed = swap(put(place, "queue", "S1 N1"), "  N1 unplaced - s", "  N1 boat b7 s")
    refused(landed, "queue:", "N1 is not a soldier still to land")
    accepted(put(place, "queue", "S1 N1"))
    civilians = at_phase("place", 2, ("civilians",))
    refused(put(civilians, "queue", "S1 C1"), "queue:", "C1 is not a soldier still to land")


@pytest.mark.parametrize("phase", ["first", "wind", "turn"])
def test_TW_4_no_queue_outside_the_deciding_phases(phase):
    refused(put(at_phase(phase), "queue", "S"), "queue:", f"no queue in phase {phase}")


def test_TW_5_phase_turn_needs_a_turn_line_or_a_pending_decision_and_the_order():
    turn = with_soldiers()
    refused(put(turn, "turn", None), "phase:", "phase turn needs a 'turn:' line (whose turn, which cards)")
    refused(put(turn, "order", None), "players:", "phase turn needs the order of the turns left")
    refused(put(turn, "order", "-"), "order:", "phase turn needs the order of the turns left")
    mid_turn = _pending("console S S2")  # a decision owed in the middle of S's turn
    accepted(mid_turn)
    refused(put(mid_turn, "order", "-"), "order:", "phase turn needs the order of the turns left")
    between = at_phase("turn")  # between two turns: N may declare an interrupt (pending), no turn line
    assert "\nturn:" not in between and "order: S N" in between
    refused(between.split("pending:")[0], "phase:", "phase turn needs a 'turn:' line (whose turn, which cards)")
    refused(put(between, "order", "-"), "  interrupt", "N has no turn left this round")


# == board ==============================================================================================
def test_TW_2_one_base_a_seat_in_play():
    refused(with_soldiers(cells={"c4": "nE"}), "board:", "base E on c4: one base per seat in play")
    refused(with_soldiers(cells={"c4": "nS", "e4": "nS"}), "board:", "base S on e4: one base per seat in play")
    accepted(with_soldiers(cells={"c4": "nS", "e4": "nN"}))


def test_TW_11_at_most_one_village_and_only_with_civilians():
    message = "a village only with the civilians variant, at most one"
    refused(with_soldiers(cells={"c4": "nV"}), "board:", message)
    civ = {"extra": "variants: civilians"}
    accepted(with_soldiers(CIVILIANS, cells={"c4": "nV"}, **civ))
    refused(with_soldiers(CIVILIANS, cells={"c4": "nV", "e4": "nV"}, **civ), "board:", message)
    left = {"extra": "variants: civilians\nsetup-left: food=0 civilians=0 village=1"}
    refused(with_soldiers(CIVILIANS, cells={"c4": "nV"}, **left), "setup-left:", "the village is on the board already")
    accepted(with_soldiers(CIVILIANS, **left))


# == soldiers ===========================================================================================
def test_TW_2_every_soldier_is_one_of_this_game():
    refused(with_soldiers("S9 board b2 n"), "  S9", "S9 is not in this game (soldiers: S1 S2 S3 N1 N2 N3)")
    refused(with_soldiers("C1 board b2 n"), "  C1", "C1 is not in this game (soldiers: S1 S2 S3 N1 N2 N3)")
    arm = at_phase("arm")
    refused(swap(arm, "  S3 unplaced - n masks=1 drugs=1 food=1\n", ""), "soldiers:",
            "during setup every soldier is listed; missing S3")
    refused(swap(swap(arm, "  S3 unplaced - n masks=1 drugs=1 food=1\n", ""),
                 "  N1 unplaced - s masks=1 drugs=1 food=1\n", ""), "soldiers:",
            "during setup every soldier is listed; missing S3 N1")
    accepted(with_soldiers())  # after setup a scenario may leave soldiers out


@pytest.mark.parametrize("status", ["board", "corpse", "boat"])
def test_TW_2_a_soldier_on_the_board_or_a_boat_has_a_cell(status):
    refused(with_soldiers(f"S2 {status} - n"), "  S2", f"S2 with status {status} needs a cell")


@pytest.mark.parametrize("status", ["unplaced", "escaped", "sunk", "gone"])
def test_TW_2_a_soldier_off_the_board_has_no_cell(status):
    refused(with_soldiers(f"S2 {status} b2 n", dead=1), "  S2", f"S2 with status {status} has no cell (-)")


def test_TW_2_one_living_soldier_a_cell_never_on_a_wall():
    refused(with_soldiers("S2 board d3 n"), "  S2", "TW-2: S2 and S1 stand on d3")
    refused(with_soldiers("S2 board b2 n", cells={"b2": "2"}), "  S2", "TW-2: S2 stands on the wall b2")
    accepted(with_soldiers("S2 corpse d3 n", dead=1))  # a corpse may lie under a living soldier
    accepted(with_soldiers("S2 corpse b2 n\nS3 corpse b2 n", dead=2))


def test_TW_3_3_a_boat_lies_beside_a_free_edge_cell_of_its_own_side():
    message = "'s boat must lie beside a free non-corner edge cell of its own side (TW-2)"
    refused(with_soldiers("S2 boat b7 n"), "  S2", "S2" + message)
    refused(with_soldiers("S2 boat a1 n"), "  S2", "S2" + message)
    refused(with_soldiers("S2 boat b1 n\nS3 boat b1 n"), "  S3", "S3" + message)
    refused(with_soldiers("C1 boat b1 n\nC2 board f4 n", extra="variants: civilians"), "  C1", "C1" + message)
    accepted(with_soldiers("S2 boat b1 n\nS3 boat c1 n"))


def test_TW_3_every_soldier_is_placed_after_phase_place_but_civilians_may_wait():
    refused(with_soldiers("S2 unplaced - n"), "  S2", "every soldier is placed after phase place")
    accepted(with_soldiers("C1 unplaced - n\nC2 board f4 n", extra="variants: civilians"))
    accepted(at_phase("base", 2, ("civilians",)))
    refused(with_soldiers("C1 escaped - n\nC2 board f4 n", extra="variants: civilians"), "  C1",
            "a civilian never escapes")
    accepted(with_soldiers("S2 escaped - n"))


def test_TW_7_4_a_carried_corpse_and_its_carrier():
    message = "a carried corpse names its carrier (carrier=SID)"
    refused(with_soldiers("S2 carried - n", dead=1), "  S2", message)
    refused(with_soldiers("S2 carried - n carrier=S2", dead=1), "  S2", message)
    refused(with_soldiers("S2 carried - n carrier=S3", dead=1), "  S2", message)
    refused(with_soldiers("S2 corpse b2 n carrier=S1", dead=1), "  S2", "only a carried corpse has a carrier")
    refused(with_soldiers("S2 gone - n carrier=N1", dead=1), "  S2", "only a carried corpse has a carrier")
    refused(with_soldiers("S2 board b2 n corpses=S3"), "  S2", "S2 carries an unknown corpse 'S3'")
    refused(with_soldiers("S2 board b2 n corpses=S2"), "  S2", "S2 carries an unknown corpse 'S2'")
    refused(with_soldiers("S2 board b2 n corpses=S3\nS3 carried - n carrier=S1", dead=1,
                          base="S1 board d3 n corpses=S3\nN1 board d5 s"), "  S2",
            "corpse S3 is carried twice (S1 and S2)")
    refused(with_soldiers("S2 board b2 n corpses=S3\nS3 corpse c2 n", dead=1), "  S2",
            "S3 must be 'carried' with carrier=S2")
    refused(with_soldiers("S2 board b2 n corpses=S3\nS3 carried - n carrier=S1", dead=1), "  S2",
            "S3 must be 'carried' with carrier=S2")
    refused(with_soldiers("S2 board b2 n\nS3 carried - n carrier=S2", dead=1), "  S3",
            "S2 does not list S3 in its corpses")
    accepted(with_soldiers("S2 board b2 n corpses=S3\nS3 carried - n carrier=S2", dead=1))
    accepted(with_soldiers("S2 boat b1 n corpses=S3\nS3 carried - n carrier=S2", dead=1))
    arm = at_phase("arm")
    unplaced = swap(swap(arm, "  S1 unplaced - n masks=1 drugs=1 food=1", "  S1 unplaced - n corpses=S2"),
                    "  S2 unplaced - n masks=1 drugs=1 food=1", "  S2 carried - n carrier=S1")
    refused(put(unplaced, "dead", "1"), "  S1", "an unplaced soldier carries nothing")


def test_TW_6_5_at_most_two_cubes_carried():
    refused(with_soldiers("S2 board b2 n cubes=3"), "  S2", "TW-6.5: S2 carries 3 cubes (at most 2)")
    accepted(with_soldiers("S2 board b2 n cubes=2"))
    refused(with_soldiers("S2 board b2 n cubes=2", rules="max_cubes_carried=1"), "  S2",
            "TW-6.5: S2 carries 2 cubes (at most 1)")


def test_TW_8_gas_check_only_on_the_board():
    refused(with_soldiers("S2 corpse b2 n gas-check=1", dead=1), "  S2", "gas-check only for a soldier on the board")
    refused(with_soldiers("S2 boat b1 n gas-check=1"), "  S2", "gas-check only for a soldier on the board")
    accepted(with_soldiers("S2 board b2 n gas-check=1"))


@pytest.mark.parametrize("what", ["weapons=S:gun:4:S", "masks=1", "mask-on", "drugs=1", "food=1", "cubes=1"])
def test_TW_7_an_eaten_or_carried_soldier_holds_nothing(what):
    refused(with_soldiers("S2 gone - n " + what, dead=1), "  S2", "a gone soldier holds nothing")
    carried = with_soldiers("S2 carried - n carrier=N1 " + what, dead=1)
    refused(swap(carried, "N1 board d5 s", "N1 board d5 s corpses=S2"), "  S2", "a carried soldier holds nothing")


def test_TW_7_a_carried_soldier_carries_no_corpse():
    text = with_soldiers("S2 carried - n carrier=N1 corpses=S3\nS3 carried - n carrier=S2", dead=2)
    refused(swap(text, "N1 board d5 s", "N1 board d5 s corpses=S2"), "  S2", "a carried soldier holds nothing")
    accepted(with_soldiers("S2 sunk - n masks=1 weapons=S:gun:4:S", dead=1))
    accepted(with_soldiers("S2 corpse b2 n masks=1 weapons=S:gun:4:S", dead=1))


def test_TW_0_weapon_tiles_once_each_within_their_ammunition_and_kinds():
    refused(with_soldiers("S2 board b2 n weapons=?"), "  S2",
            "hidden parts ('?') only in a view (with a 'view:' line); a game position is complete")
    refused(with_soldiers("S2 board b2 n weapons=S:gun:4:S", base="S1 board d3 n weapons=S:gun:4:S\nN1 board d5 s"),
            "  S2", "weapon S:gun is held twice (S1 and S2)")
    refused(with_soldiers("S2 board b2 n weapons=S:gun:5:S"), "  S2", "S:gun holds 5, more than its 4 (TW-0)")
    refused(with_soldiers("S2 board b2 n weapons=S:gas:3:S"), "  S2", "S:gas holds 3, more than its 2 (TW-0)")
    refused(with_soldiers("S2 board b2 n weapons=S:bomb:3:S"), "  S2", "S:bomb holds 3, more than its 2 (TW-0)")
    accepted(with_soldiers("S2 board b2 n weapons=S:gun:4:S,N:bomb:2:N"))
    first_game = {"extra": "variants: first-game"}
    refused(with_soldiers("S2 board b2 n weapons=S:gas:0:S", **first_game), "  S2", "no gas tile in this ruleset")
    accepted(with_soldiers("S2 board b2 n weapons=S:bomb:2:S", **first_game))


@pytest.mark.parametrize("status", ["corpse b2", "sunk -", "gone -"])
def test_TW_9_the_dead_count_covers_the_dead_listed(status):
    refused(with_soldiers(f"S2 {status} n", dead=0), "dead:",
            "1 soldiers and civilians listed are dead, sunk or eaten, more than 0")
    accepted(with_soldiers(f"S2 {status} n", dead=2))
    accepted(with_soldiers("S2 escaped - n", dead=0))


def test_TW_9_a_carried_corpse_counts_among_the_dead():
    text = with_soldiers("S2 board b2 n corpses=S3\nS3 carried - n carrier=S2\nN2 corpse b6 s", dead=1)
    refused(text, "dead:", "2 soldiers and civilians listed are dead, sunk or eaten, more than 1")


# == gas ==================================================================================================
def test_TW_8_gas_layer_1_lies_in_a_hole_layer_2_on_ground():
    def gas(layer, column):
        return with_soldiers(gas=f"1 S c3 {layer}", extra="next-gas: 2", cells={"c3": column})
    accepted(gas(2, "1"))
    accepted(gas(1, "0"))
    for layer, column in ((2, "0"), (1, "1"), (2, "2"), (1, "2")):
        refused(gas(layer, column), "gas:", "gas 1 on c3: layer 1 lies in a hole, layer 2 on ground (TW-8)")
    text = with_soldiers(gas="1 S c3 2\n2 N c4 1", extra="next-gas: 3", cells={"c4": "0"})
    accepted(text)
    refused(swap(text, "2 N c4 1", "2 N c4 2"), "gas:", "gas 2 on c4: layer 1 lies in a hole, layer 2 on ground (TW-8)")


# == wind =================================================================================================
def test_TW_4_1_the_seven_wind_cards_once_each():
    text = with_soldiers()
    message = "the wind deck, discards, forecasts and current card must be the 7 wind cards once each"
    refused(put(text, "wind-deck", "s,w,same"), "wind-deck:", message)
    refused(put(text, "wind-deck", "s,w,same,eclipse,n"), "wind-deck:", message)
    refused(put(text, "wind-discard", "calm"), "wind-deck:", message)


def test_TW_4_1_in_phases_plot_and_turn_the_wind_is_settled():
    text = with_soldiers()
    refused(put(put(text, "forecast", "n"), "wind-deck", "e,s,w,same,eclipse"), "forecast:",
            "in phase turn the wind is settled: the current card (after round 1) and 2 forecast(s)")
    plot = at_phase("plot")
    refused(put(put(plot, "forecast", "n"), "wind-deck", "e,s,w,same,calm,eclipse"), "forecast:",
            "in phase plot the wind is settled: the current card (after round 1) and 2 forecast(s)")
    no_card = put(put(text, "wind-card", "-"), "wind-deck", "s,w,same,eclipse,calm")
    refused(no_card, "forecast:",
            "in phase turn the wind is settled: the current card (after round 1) and 2 forecast(s)")
    refused(put(no_card, "round", "2"), "forecast:",
            "in phase turn the wind is settled: the current card (after round 1) and 2 forecast(s)")
    accepted(put(no_card, "round", "1"))
    three = with_soldiers(players="S W N", base="S1 board d3 n\nW1 board b4 e\nN1 board d5 s")
    accepted(put(put(three, "forecast", "n"), "wind-deck", "e,s,w,same,eclipse"))
    refused(put(put(three, "forecast", "-"), "wind-deck", "n,e,s,w,same,eclipse"), "forecast:",
            "in phase turn the wind is settled: the current card (after round 1) and 1 forecast(s)")
    accepted(put(put(at_phase("wind"), "forecast", "n"), "wind-deck", "e,s,w,same,calm,eclipse"))


def test_TW_3_no_wind_during_setup():
    arm = at_phase("arm")
    refused(put(put(arm, "forecast", "n"), "wind-deck", "e,s,w,same,calm,eclipse"), "forecast:", "no wind during setup")
    refused(put(put(put(arm, "wind-card", "n"), "wind", "n"), "wind-deck", "e,s,w,same,calm,eclipse"), "forecast:",
            "no wind during setup")
    refused(put(arm, "wind", "calm"), "forecast:", "no wind during setup")


def test_TW_4_1_the_wind_is_the_current_card():
    text = with_soldiers()
    card_n = swap(put(put(text, "wind-card", "n"), "forecast", "e w"), "wind-deck: s,w,same,eclipse", "wind-deck: s,same,eclipse,calm")
    refused(card_n, "wind:", "the wind is the current card (n)")
    accepted(put(card_n, "wind", "n"))
    same = put(put(text, "wind-card", "same"), "wind-deck", "s,w,calm,eclipse")
    for wind in ("calm", "n", "e", "s", "w"):  # the card 'same' keeps the wind of the round before
        assert accepted(put(same, "wind", wind)).wind == wind
    refused(put(same, "wind", "-"), "wind:", "a current wind card means a wind")
    refused(put(put(same, "wind", "-"), "round", "2"), "wind:", "a current wind card means a wind")
    accepted(put(put(same, "wind", "-"), "round", "1"))


def test_TW_4_1_a_wind_card_is_due_from_a_deck():
    wind = at_phase("wind")
    empty = put(put(wind, "wind-deck", "-"), "wind-discard", "n,e,s,w,same,calm,eclipse")
    refused(empty, "wind-deck:", "a wind card is due: the deck is empty")
    accepted(put(put(wind, "wind-deck", "n"), "wind-discard", "e,s,w,same,calm,eclipse"))


# == cards ================================================================================================
def test_TW_1_each_seat_holds_its_twelve_action_cards():
    text = with_soldiers()
    full = "(move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt)"
    refused(swap(text, "  S hand=move,", "  S hand="), "  S hand",
            f"S's hand, discards, plot (and a used Interrupt) must be its 12 action cards {full}, not "
            f"move,turn:2,build:2,fire:2,dig,equip,camp,interrupt")
    refused(swap(text, "  N hand=move:2,", "  N hand=move:3,"), "  N hand",
            f"N's hand, discards, plot (and a used Interrupt) must be its 12 action cards {full}, not "
            f"move:3,turn:2,build:2,fire:2,dig,equip,camp,interrupt")
    refused(text + "interrupt-used: N\n", "  N hand",
            f"N's hand, discards, plot (and a used Interrupt) must be its 12 action cards {full}, not "
            f"move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt:2")
    used = swap(text, "  N hand=move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt",
                "  N hand=move:2,turn:2,build:2,fire:2,dig,equip,camp") + "interrupt-used: N\n"
    assert accepted(used).interrupt_used == frozenset("N")


def test_TW_6_10_the_interrupt_card_is_never_discarded():
    text = swap(with_soldiers(), "  N hand=move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt discard=-",
                "  N hand=move:2,turn:2,build:2,fire:2,dig,equip,camp discard=interrupt")
    refused(text, "  N hand", "the Interrupt card is never discarded (TW-6.10)")


@pytest.mark.parametrize("phase", ["wind", "arm", "first"])
def test_TW_5_cards_are_plotted_only_in_phases_plot_and_turn(phase):
    refused(plotted(at_phase(phase)), "  N hand", "cards are plotted only in phases plot and turn")


def test_TW_5_a_finished_game_keeps_its_plotted_cards():
    text = over(with_soldiers())
    assert accepted(plotted(text)).plots["N"] == ("move",) or accepted(plotted(text)).plots["N"] == ["move"]


def test_TW_5_a_seat_still_in_the_plot_queue_has_plotted_nothing():
    plot = at_phase("plot")
    refused(plotted(plot), "  N hand", "N has not plotted yet")
    refused(plotted(plot, "S"), "  S hand", "S has not plotted yet")
    accepted(plotted(put(plot, "queue", "S")))


# == turn =================================================================================================
def _turn(turn: str, soldiers: str = TWO + "\nS2 board b2 n", **kw) -> str:
    return scene(soldiers=soldiers, turn=turn, **kw)


def test_TW_5_the_turn_line_agrees_with_the_order_and_the_plotted_cards():
    base = _turn("S cards=move slot=1 uses=0")
    refused(_turn("S cards=move slot=1 uses=0", order="N S"), "turn:", "it is S's turn, so the order starts with S")
    refused(put(base, "turn", "S cards=jump slot=1 uses=0"), "turn:", "unknown card 'jump'")
    refused(_turn("S cards=move,build,dig slot=1 uses=0"), "turn:", "one or two cards, an undeclared Interrupt last")
    refused(put(base, "turn", "S cards=interrupt,move slot=1 uses=0"), "turn:",
            "one or two cards, an undeclared Interrupt last")
    accepted(_turn("S cards=move,interrupt slot=1 uses=0"))
    alone = swap(put(base, "turn", "S cards=interrupt slot=1 uses=0"),
                 "  S hand=move,turn:2,build:2,fire:2,dig,equip,camp,interrupt discard=move plot=-",
                 "  S hand=move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt discard=- plot=-")
    st = accepted(alone)  # a lone Interrupt revealed: no action, back to hand, the turn is over (TW-6.10)
    assert (st.turn, st.phase) == (None, "wind")
    refused(put(base, "turn", "S cards=move slot=2 uses=0"), "turn:", "slot 2 but 1 card(s)")
    refused(_turn("S cards=move,build slot=2 uses=2"), "turn:", "the 2nd card serves one action")
    accepted(_turn("S cards=move,build slot=2 uses=1"))
    accepted(_turn("S cards=move,build slot=1 uses=2"))
    refused(_turn("S cards=move,build slot=1 uses=0", plots={"S": "dig"}), "turn:",
            "the unrevealed cards must be S's plotted cards")
    refused(_turn("S cards=move slot=1 uses=0", plots={"S": "dig"}), "turn:",
            "the unrevealed cards must be S's plotted cards")


def test_TW_5_the_soldiers_that_acted_dashed_or_have_extra_actions():
    refused(_turn("S cards=move slot=1 uses=1 acted=S3:move"), "turn:", "unknown soldier S3")
    refused(_turn("S cards=move slot=1 uses=1 acted=S1:move,S1:move"), "turn:", "an acted entry appears twice")
    accepted(_turn("S cards=move,turn slot=2 uses=1 acted=S1:move,S1:turn"))
    refused(_turn("S cards=move slot=1 uses=1 acted=S1:move dashed=N1"), "turn:", "N1 cannot have dashed in S's turn")
    accepted(_turn("S cards=move slot=1 uses=1 acted=S1:move dashed=S1"))
    civilians = TWO + "\n" + CIVILIANS
    accepted(_turn("S cards=move slot=1 uses=1 acted=S1:move dashed=C1", soldiers=civilians,
                   extra="variants: civilians"))


def test_TW_6_8_drug_actions_belong_to_the_seats_soldiers_once_each():
    message = "drug actions belong to S's soldiers, once each"
    refused(_turn("S cards=move slot=1 uses=0 extra=S1:1,S1:1"), "turn:", message)
    refused(_turn("S cards=move slot=1 uses=0 extra=N1:1"), "turn:", message)
    refused(_turn("S cards=move slot=1 uses=0 extra=C1:1", soldiers=TWO + "\n" + CIVILIANS,
                  extra="variants: civilians"), "turn:", message)
    accepted(_turn("S cards=move slot=1 uses=0 extra=S1:1,S2:1"))
    for turn in ("S cards=move slot=1 uses=0 extra-card=S1:move", "S cards=move slot=1 uses=0 extra=S1:0 extra-card=S1:move",
                 "S cards=move slot=1 uses=0 extra=S2:1 extra-card=S1:move"):
        refused(_turn(turn), "turn:", "extra-card S1:move needs an extra action of S1")
    accepted(_turn("S cards=move slot=1 uses=0 extra=S2:1,S1:1 extra-card=S1:move"))


# == pending decisions =====================================================================================
PENDING_SOLDIERS = TWO + "\nS2 corpse b2 n\nN2 escaped - s"


def _pending(rows: str, soldiers: str = PENDING_SOLDIERS, **kw) -> str:
    kw.setdefault("dead", 1)
    extra = kw.pop("extra", "")
    return scene(soldiers=soldiers, extra=extra + "\npending:\n" + "\n".join("  " + r for r in rows.split(";")), **kw)


def test_TW_7_2_a_consolation_comes_from_a_corpse_of_the_seat():
    accepted(_pending("console S S2"))
    refused(_pending("console S N1"), "  console", "console names N1, not a soldier of S")
    refused(_pending("console S S3"), "  console", "console names S3, not a soldier of S")
    refused(_pending("console S S1"), "  console", "the consolation comes from a corpse; S1 is board")
    refused(_pending("console N N2"), "  console", "the consolation comes from a corpse; N2 is escaped")


def test_TW_9_a_handover_comes_from_an_escaped_soldier_of_the_seat():
    accepted(_pending("handover N N2"))
    refused(_pending("handover S N2"), "  handover", "handover names N2, not a soldier of S")
    refused(_pending("handover S S2"), "  handover", "the handover comes from an escaped soldier; S2 is corpse")
    accepted(_pending("console S S2;handover N N2"))
    refused(_pending("console S S2;handover S S2"), "  handover",
            "the handover comes from an escaped soldier; S2 is corpse")


def test_TW_9_a_penalty_is_for_a_civilian_or_the_village():
    accepted(_pending("penalty S village"))
    message = "a penalty is for a civilian (C1, C2) or the village"
    refused(_pending("penalty S S1"), "  penalty", message)
    refused(_pending("penalty S C1"), "  penalty", message)
    accepted(_pending("penalty S C1", soldiers=PENDING_SOLDIERS + "\n" + CIVILIANS, extra="variants: civilians"))


def _gas_pending(data: str) -> str:
    return scene(soldiers="S1 board d3 n weapons=S:gas:2:S\nN1 board d5 s", gas="1 S c3 2\n2 N e3 2",
                 extra="next-gas: 3\npending:\n  gas S " + data)


def test_TW_8_a_gas_deflection_names_a_token_of_the_seat_its_path_and_the_tokens_left():
    refused(_gas_pending("x c3 S1 -"), "  gas S", "gas x is not a token of S")
    refused(_gas_pending("2 c3 S1 -"), "  gas S", "gas 2 is not a token of S")
    refused(_gas_pending("7 c3 S1 -"), "  gas S", "gas 7 is not a token of S")
    refused(_gas_pending("1 z9 S1 -"), "  gas S", "not a cell: 'z9' (files a-g, ranks 1-7)")
    refused(_gas_pending("1 - S1 -"), "  gas S", "the gas path visited is a list of distinct cells")
    refused(_gas_pending("1 c3,c3 S1 -"), "  gas S", "the gas path visited is a list of distinct cells")
    refused(_gas_pending("1 c3 S9 -"), "  gas S", "unknown firer S9")
    for rest in ("x", "9", "2,x", "2,9"):
        refused(_gas_pending(f"1 c3 S1 {rest}"), "  gas S", "the gas tokens still to move must be tokens on the board")
    # well formed, but not a blocked token: nothing to decide (the pending line is named)
    for data in ("1 c3 S1 -", "1 c3,c4 - 2", "1 c3 N1 1,2"):
        refused(_gas_pending(data), "pending:", "the position cannot be played: no decision is possible now")


def test_TW_4_4_an_interrupt_is_asked_between_turns_of_a_seat_still_to_play():
    between = at_phase("turn")
    accepted(between)
    refused(put(between, "turn", "S cards=move,move slot=1 uses=0"), "  interrupt",
            "an interrupt is asked between turns (TW-4.4)")
    refused(put(between, "order", "S"), "  interrupt", "N has no turn left this round")
    refused(_pending("interrupt N", turn=None), "  interrupt", "an interrupt is asked between turns (TW-4.4)")


def test_TW_9_no_decision_is_pending_once_the_game_is_over_or_during_setup():
    refused(over(with_soldiers("S2 corpse b2 n", dead=1)) + "pending:\n  console S S2\n", "pending:",
            "no decision is pending once the game is over")
    for phase in ("first", "arm", "place", "base", "extra"):
        refused(at_phase(phase) + "pending:\n  interrupt S\n", "pending:",
                "no decision outside the normal flow during setup")


# == invariants and the decision due now ====================================================================
def test_TW_1_an_invariant_broken_names_its_line():
    text = with_soldiers()
    refused(swap(text, "supply=15", "supply=14"), "cubes:",
            "TW-1: natural cubes do not add up to 68: {'board': 53, 'boats': 0, 'carried': 0, 'supply': 14, "
            "'out': 0, 'total': 67}")
    refused(with_soldiers("S2 corpse c3 n", cells={"c3": "2"}, dead=1), "board:", "TW-2: S2 lies on the wall c3")
    refused(with_soldiers(base="S1 board d3 n masks=2 mask-on\nN1 board d5 s masks=2"), "board:",
            "TW-1: 5 gas masks, more than 1 per soldier")
    # the lines agree, the invariants are not run: strict=False
    st = parse_position(swap(text, "supply=15", "supply=14"), strict=False)
    assert st.supply == 14


def test_TW_5_a_position_with_nothing_to_decide_names_the_line_due():
    refused(with_soldiers(extra="pending:\n  sink S"), "pending:",
            "the position cannot be played: no decision is possible now")


def test_TW_5_a_handmade_turn_whose_card_has_no_action_is_settled_before_play():
    st = accepted(scene(soldiers="S1 boat d1 n\nN1 board b7 s", turn="S cards=dig slot=1 uses=0", order="S"))
    assert st.legal_cache is None
    assert st.turn is None and st.round == 6 and st.phase == "wind" and st.legal_actions()


def test_TW_5_a_board_with_no_cell_for_a_base_cannot_be_played():
    base = at_phase("base")
    walls = swap(swap(base, "\n  1   2  1  1  1  1  1  2", "\n  1   2  2  2  2  2  2  2"), "supply=7", "supply=2")
    refused(walls, "phase:", "the position cannot be played: no decision is possible now")
    holes = swap(swap(base, "\n  1   2  1  1  1  1  1  2", "\n  1   2  0  0  0  0  0  2"), "supply=7", "supply=12")
    refused(holes, "phase:", "the position cannot be played: no decision is possible now")
    accepted(swap(swap(base, "\n  1   2  1  1  1  1  1  2", "\n  1   2  2  2  2  1  2  2"), "supply=7", "supply=3"))


def test_TW_10_the_settled_turn_tells_each_player_what_its_soldiers_see():
    """The hand-made turn is settled as the engine would (TW-5), and the sight update that follows
    it (TW-10) runs: S1 on its boat sees N1's gun, unknown to S in the text."""
    text = scene(soldiers="S1 boat d1 n\nN1 board d2 s weapons=N:gun:4:N", turn="S cards=dig slot=1 uses=0", order="S")
    st = accepted(text)
    assert (st.phase, st.round, st.soldier("N1").weapons[0].known) == ("wind", 6, frozenset("SN"))
    unsettled = accepted(scene(soldiers="S1 boat d1 n\nN1 board d2 s weapons=N:gun:4:N",
                               turn="S cards=move slot=1 uses=0", order="S"))  # S1 may move: no settling
    assert unsettled.soldier("N1").weapons[0].known == frozenset("N")


def _view_text() -> str:
    from game.trench.view import view
    st = parse_position(scene(soldiers="S1 board d3 n weapons=S:gun:4:S\nN1 board d5 s\nS2 board b2 n weapons=S:bomb:2:S",
                              turn="S cards=move,build slot=1 uses=0"))
    text = format_position(view(st, "N"))
    assert "view: N" in text and "  S1 board d3 n weapons=?" in text and "turn: S cards=move,? slot=1" in text
    return text


def test_TW_10_a_view_hides_parts_but_what_it_shows_is_checked():
    text = _view_text()
    assert accepted(text).viewer == "N"
    for weapons in ("?,S:gun:9:S", "S:gun:9:S,?"):
        refused(swap(text, "  S1 board d3 n weapons=?", "  S1 board d3 n weapons=" + weapons), "  S1",
                "S:gun holds 9, more than its 4 (TW-0)")
    accepted(swap(text, "  S1 board d3 n weapons=?", "  S1 board d3 n weapons=?,?"))


def test_TW_10_a_view_hides_the_plotted_cards_so_the_turn_is_not_checked_against_them():
    text = _view_text()
    accepted(swap(text, "turn: S cards=move,? slot=1", "turn: S cards=move slot=1"))
    accepted(swap(text, "  S hand=? discard=move plot=?", "  S hand=? discard=move plot=-"))
