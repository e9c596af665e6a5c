"""TW-11 hidden teams [I]: the end of the game reveals every side (the winners name one side anyway)."""

from __future__ import annotations

from game.core.playout import random_action
from game.core.rng import Rng
from game.trench import make_ruleset, new_game
from game.trench.view import view


def _finished_hidden_teams_game(seed):
    state = new_game(4, seed=seed, rules=make_ruleset(variants=["hidden-teams"]))
    rng = Rng(seed ^ 0x5EED)
    events = []
    while not state.is_over():
        events = state.apply(random_action(state, rng))
    return state, events


def test_TW_11_game_end_reveals_every_side_before_the_end_event():
    state, last = _finished_hidden_teams_game(0)
    assert all(public for _team, _known, public in state.teams.values())
    kinds = [e.kind for e in last]
    assert kinds[-1] == "end"
    revealed = [(e.get("seat"), e.get("team")) for e in last if e.kind == "team-revealed"]
    # seed 0: N's side was already public; the end reveals S, W and E, in seat order, before "end"
    assert revealed == [(s, state.teams[s][0]) for s in ("S", "W", "E")]
    assert kinds[-4:] == ["team-revealed"] * 3 + ["end"]
    spectator = view(state, None)
    assert {s: t[0] for s, t in spectator.teams.items()} == {s: t[0] for s, t in state.teams.items()}
