"""A bot of every level (random, easy, normal, hard) takes a seat at each card table (Two Mists with
three and four seats, Smoke Blood Steel) and moves there through the shell's controller: it thinks on
its worker thread from its seat's view, its choice is legal (no fallback) and the table words it.  Small simulation budgets and no time budget: the moves
depend only on the seeds, never on the machine's speed."""

from __future__ import annotations

import random

import pytest

from game.ai import LEVELS, make_bot
from game.core.registry import get_game
from game.ui.controller import new_controller
from game.ui.seats import parse_seats
from game.tables import CATALOG

GAMES = [("two-mists", 3), ("two-mists", 4), ("smoke-blood-steel", 2)]


def test_every_level_is_offered():
    assert tuple(LEVELS) == ("random", "easy", "normal", "hard")


@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
@pytest.mark.parametrize("game, players", GAMES)
def test_a_bot_of_every_level_takes_a_seat_and_moves(game, players, level, capsys):
    spec = get_game(game)
    kinds = parse_seats(",".join(["human"] * (players - 1) + [level]), (players,))
    ctl = new_controller(spec, kinds, 7, autosave=False)
    seats = ctl.seats
    bot_seat = seats[-1]
    ctl.players[bot_seat] = make_bot(spec, level, seed=3, simulations=8)   # a small budget, no clock
    table = CATALOG.table(game)
    assert not ctl.is_human(bot_seat) and all(ctl.is_human(s) for s in seats[:-1])
    rng = random.Random(11)
    moves = []
    for _ in range(400):
        if ctl.is_over() or len(moves) >= 3:
            break
        seat = ctl.deciding()
        if seat == "chance":
            ctl.apply_chance()
            continue
        if ctl.is_human(seat):
            ctl.submit(seat, rng.choice(ctl.legal_for(seat)))
            continue
        assert seat == bot_seat
        legal = [str(a) for a in ctl.state.legal_actions()]
        view = ctl.view_for(seat)
        assert ctl.start_thinking() and ctl.thinking == bot_seat
        ctl._thinking[1].join()          # wait for the worker: no clock involved
        step = ctl.finish_thinking()
        assert step is not None and step.seat == bot_seat and str(step.action) in legal
        text = table.words(step.action, view)
        assert text and text != str(step.action) and "{" not in text
        moves.append(str(step.action))
    assert len(moves) >= 3 or ctl.is_over(), moves
    assert moves
    assert "failed" not in capsys.readouterr().err   # no fallback to a first legal action
