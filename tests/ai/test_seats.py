"""Seat kinds (game.ui.seats): every non-human seat, the demo one included, decides from a view."""

from __future__ import annotations

import pytest

from game.ai.bench import mid_game
from game.i18n import catalog, tr
from game.trench.view import TrenchView
from game.ui.seats import AI_LEVELS, DemoBot, SeatError, SeatKind, make_player, parse_seats


def test_every_seat_kind_is_a_view_only_player():
    """No seat kind asks for the full state; the quick ones pick a legal action from a view
    (the search levels are covered in test_bots)."""
    spec, state = mid_game(decisions=12)
    seat = state.current_player()
    for kind in ("bot",) + AI_LEVELS:
        player = make_player(SeatKind(kind), spec.name, seed=3)
        assert not getattr(player, "needs_state", False) and not hasattr(player, "choose_state") \
            or isinstance(player, DemoBot)
    for kind in ("bot", "random", "easy"):
        view = spec.view(state, seat)
        assert type(view) is TrenchView
        assert make_player(SeatKind(kind), spec.name, seed=3).choose(view, state.legal_actions()) \
            in state.legal_actions()


def test_seats_messages_come_from_the_catalogs():
    assert [k.kind for k in parse_seats("human,bot")] == ["human", "bot"]
    with pytest.raises(SeatError, match=r"unknown seat kind 'robot' \(choose from human, bot, random"):
        parse_seats("human,robot")
    with pytest.raises(SeatError, match="5 seats given; this game seats 2 or 3 or 4 players"):
        parse_seats("bot,bot,bot,bot,bot")
    with pytest.raises(SeatError, match="--seats needs one entry per seat"):
        parse_seats(" , ")
    keys = {k for k in catalog("en") if k.startswith("seats.")}
    assert keys == {k for k in catalog("ja") if k.startswith("seats.")}
    assert {f"seats.kind.{k}" for k in ("human", "bot") + AI_LEVELS} <= keys
    assert tr("seats.kind.human", lang="ja") == tr("seat.human", lang="ja") == "人間"
    assert tr("seats.kind.hard", lang="ja") == tr("bot.hard", lang="ja")
    assert SeatKind("easy").label == "easy bot"
