"""Every legal action has exactly one place on screen (issue 7, part 4), checked on many
positions of random games in every variant, without a window: the input map is pure."""

from __future__ import annotations

import pytest

from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.core.rng import Rng
from game.ui.choices import DIRECT, build_input_map
from game.trench.demo import lively_action
from game.ui.seats import SeatError, parse_seats
from game.tables.trench.board import target_of

SPEC = get_game("trench-war")


@pytest.mark.parametrize("players,variants,seed", [(2, [], 1), (3, [], 2), (4, [], 3), (2, ["first-game"], 4),
                                                   (2, ["civilians"], 5), (3, ["guerrillas"], 6),
                                                   (4, ["open-teams"], 7), (4, ["hidden-teams"], 8)])
def test_every_legal_action_has_one_route(players, variants, seed):
    state = SPEC.new_game(players, seed, SPEC.make_ruleset(["round_limit=6"], variants))
    rng = Rng(seed)
    checked = 0
    while not state.is_over() and checked < 400:
        seat = state.current_player()
        if seat != CHANCE:
            legal = state.legal_actions()
            imap = build_input_map(legal, SPEC.view(state, seat), target_of)
            assert len(imap) == len(legal)
            for a in legal:
                route = imap.route(a)
                assert route is not None, a
                if route[0] == "board":
                    # keyboard: Tab reaches the actor, the arrows its cell
                    assert route[1] in imap.actors() and route[2] in imap.targets(route[1])
                    assert route[1] is DIRECT or route[1] == a.actor
            checked += 1
        state.apply(lively_action(state, rng))
    assert checked > 30


def test_seats_parse_and_name_bad_entries():
    assert [k.kind for k in parse_seats("human, BOT")] == ["human", "bot"]
    assert parse_seats("human,bot,human")[2].human
    with pytest.raises(SeatError, match="robot"):
        parse_seats("human,robot")
    with pytest.raises(SeatError, match="5 seats"):
        parse_seats("bot,bot,bot,bot,bot")
    with pytest.raises(SeatError):
        parse_seats("")


def test_controller_log_for_a_seat_holds_no_other_seat_secret():
    from game.ui.controller import GameController
    state = SPEC.new_game(2, 3, SPEC.make_ruleset([], []))
    ctl = GameController(SPEC, state, parse_seats("human,human"), {})
    ctl.replay(SPEC.parse_actions("chance first S; S arm gun gas bomb; N arm bomb gun gas"))
    for seat, other in (("S", "N"), ("N", "S")):
        for _i, e in ctl.events_for(seat):
            assert e.seen_by is None or seat in e.seen_by
    assert ctl.legal_for("N") == [] or ctl.deciding() == "N"
    assert ctl.actions_text().splitlines()[0] == "chance first S"


def test_controller_refuses_a_decision_out_of_turn():
    from game.core.errors import IllegalActionError
    from game.ui.controller import GameController
    state = SPEC.new_game(2, 3, SPEC.make_ruleset([], []))
    ctl = GameController(SPEC, state, parse_seats("human,human"), {})
    ctl.replay(SPEC.parse_actions("chance first S"))
    with pytest.raises(IllegalActionError):
        ctl.submit("N", SPEC.parse_actions("N arm gun gas bomb")[0])
    reason = ctl.reason("S", "S plot move")
    assert reason and reason.startswith("TW-")


def test_every_pending_decision_and_setup_phase_has_its_own_prompt():
    from game.tables.trench.ui import TEXT
    for kind in ("console", "handover", "sink", "penalty", "gas", "interrupt"):  # docs/notation.md pending:
        assert TEXT[f"prompt.{kind}"] != TEXT["prompt.other"]
    for phase in ("arm", "place", "base", "extra", "plot", "turn"):
        assert f"prompt.{phase}" in TEXT
