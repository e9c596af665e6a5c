"""Hidden information in every game (TW-10, TW-11, TM-12, SB-11, IA-1): lock-step pairs of games
that differ in one secret look alike to every observer who may not know it: views, the events shown,
who decides, the redacted legal actions and the redacted action history (tools/leaks.py runs the
long version).  The planted leaks show the check sees each channel."""

import dataclasses
import importlib.util
import os

import pytest

from game.core.registry import game_names, get_game
from game.core.rng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_spec = importlib.util.spec_from_file_location("every_game_leaks", os.path.join(ROOT, "tools", "leaks.py"))
leaks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(leaks)

#: The secrets each game's pairs must include (found through the spec alone).
SECRETS = {"trench-war": {"arm", "plot", "rng"}, "immortal-arena": {"rng"},
           "two-mists": {"chance deal", "point", "rng"}, "smoke-blood-steel": {"play", "rng"}}


@pytest.mark.parametrize("game", game_names())
def test_lock_step_pairs_of_every_game_show_no_secret(game):
    report = leaks.run(pairs=40, steps=80, seed=3, game=game)
    assert report["pairs"] == 40
    assert report["leaks"] == 0, report["first_leaks"][:2]
    assert SECRETS[game] <= set(report["secrets"]), report["secrets"]


def _hidden_teams_start():
    spec = get_game("trench-war")
    state = spec.new_game(4, 7, spec.make_ruleset([], ["hidden-teams"]))
    assert str(state.legal_actions()[0]).startswith("chance teams")
    return spec, state


@pytest.mark.parametrize("viewer", ["S", "W", "N", "E", None])
def test_TW_11_the_hidden_teams_split_reads_as_a_question_mark_to_everyone(viewer):
    spec, state = _hidden_teams_start()
    assert {spec.redact_action(a, viewer) for a in state.legal_actions()} == {"chance teams ?"}


def test_TW_11_lock_step_finds_no_leak_in_the_teams_split():
    spec, state = _hidden_teams_start()
    found = []
    pair = leaks._action_pair(spec, state, Rng(1), found)
    assert found == [] and pair is not None
    assert pair[3] == "chance" and set(pair[5]) >= {None}


def test_TW_11_an_unredacted_teams_split_is_a_leak():
    """The bug of issue 24: the split's text unchanged to every seat and the spectator."""
    spec, state = _hidden_teams_start()
    planted = dataclasses.replace(spec, redact_action=lambda action, viewer, st=None: str(action))
    found = []
    leaks._action_pair(planted, state, Rng(1), found)
    assert any("action texts differ" in f and "chance teams" in f for f in found), found


def _planted_run(game, patch_view, seeds=range(1, 80)):
    spec = get_game(game)

    def leaky_view(state, viewer):
        v = spec.view(state, viewer)
        patch_view(state, v)
        return v
    planted = dataclasses.replace(spec, view=leaky_view)
    out = []
    for seed in seeds:
        found = []
        pair = leaks.make_pair(planted, seed, found)
        out += found
        if pair is not None:
            out += leaks.lock_step(planted, pair, 60)[0]
        if out:
            break
    return out


def test_SB_11_a_view_showing_the_opponents_committed_play_is_a_leak():
    def show_plays(state, v):
        v.plays = state.plays
    assert _planted_run("smoke-blood-steel", show_plays)


def test_TM_12_a_view_showing_scout_pointings_is_a_leak():
    def show_pointing(state, v):
        v.pointing = state.pointing
    assert _planted_run("two-mists", show_pointing)


def test_TW_10_a_view_showing_the_generator_is_a_leak():
    def show_rng(state, v):
        v.rng = state.rng
    assert _planted_run("trench-war", show_rng, seeds=[5, 10, 15, 20])
