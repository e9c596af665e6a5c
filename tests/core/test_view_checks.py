"""Checks that see every game (issue 24, point 7): tools/simulate.py checks that no view holds
another seat's secret in Two Mists and Smoke Blood Steel as in Trench War (each game's
``invariants.check_view``).  Planted view bugs that simulate once let through now stop it."""

import dataclasses
import importlib.util
import os
import sys

import pytest

from game.core.playout import random_steps
from game.core.registry import get_game
from game.core.rng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if os.path.join(ROOT, "tools") not in sys.path:
    sys.path.insert(0, os.path.join(ROOT, "tools"))   # simulate.py imports its _common helpers
_spec = importlib.util.spec_from_file_location("view_check_simulate", os.path.join(ROOT, "tools", "simulate.py"))
simulate = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(simulate)


@pytest.mark.parametrize("game", ["trench-war", "two-mists", "smoke-blood-steel"])
def test_simulate_finds_a_view_check_for_the_game(game):
    check_view, _ = simulate.game_hooks(get_game(game))
    assert check_view is not None


@pytest.mark.parametrize("game, variants", [("two-mists", []), ("smoke-blood-steel", []),
                                            ("smoke-blood-steel", ["effect-at-play"])])
def test_every_view_of_random_games_passes_the_check(game, variants):
    spec = get_game(game)
    check_view, _ = simulate.game_hooks(spec)
    for seed in range(6):
        state = spec.new_game(spec.default_players, seed, spec.make_ruleset([], variants))
        for _ in range(40):
            for viewer in (None, *spec.seats(state)):
                assert check_view(state, spec.view(state, viewer)) == []
            if state.is_over():
                break
            random_steps(state, Rng(seed), 3)


def _planted(game, patch):
    spec = get_game(game)

    def leaky_view(state, viewer):
        v = spec.view(state, viewer)
        patch(state, v)
        return v
    return dataclasses.replace(spec, view=leaky_view, format_view=lambda v: spec.format_position(v))


def _first_error(spec, variants=(), games=8):
    for seed in range(games):
        out = simulate.play_one(spec, spec.default_players, seed, spec.make_ruleset([], list(variants)))
        if out["error"]:
            return out["error"]
    return None


def _show_plays(state, v):
    v.plays = state.plays


def _show_deploys(state, v):
    v.deploys = state.deploys


def _show_pointing(state, v):
    v.pointing = state.pointing


def _show_characters(state, v):
    v.chars = state.chars


@pytest.mark.parametrize("game, patch, message", [
    ("smoke-blood-steel", _show_plays, "SB-4.1: the view of"),
    ("smoke-blood-steel", _show_deploys, "SB-3.5: the view of"),
    ("two-mists", _show_pointing, "TM-12.3: the view of"),
    ("two-mists", _show_characters, "hidden character"),
], ids=["steel-committed-play", "steel-deployment", "mists-scout-pointing", "mists-characters"])
def test_simulate_stops_at_a_view_that_shows_a_secret(game, patch, message):
    error = _first_error(_planted(game, patch))
    assert error is not None and message in error, error


def test_SB_7_1_simulate_stops_at_a_view_that_shows_an_effect_named_at_play_too_early():
    def show_effects(state, v):
        v.plays = tuple(real if real is not None and shown is not None and shown.card != "?" else shown
                        for real, shown in zip(state.plays, v.plays))
    error = _first_error(_planted("smoke-blood-steel", show_effects), ["effect-at-play"], games=30)
    assert error is not None and "SB-7.1: the view of" in error, error
