"""Bot levels (game.ai.bots): a level is a simulation budget, so its play does not depend on
the machine's load; the time cap is only a reported guard; the search's game knowledge hooks."""

from __future__ import annotations

import logging
import subprocess
import sys

import pytest

from game.ai import make_bot
from game.ai.bots import SEARCH_LEVELS, SearchBot, level_settings
from game.ai.ismcts import Search
from game.core.protocol import CHANCE
from game.core.registry import game_names, get_game
from game.core.rng import Rng

from . import toy
from .selfplay import play_bots


@pytest.mark.parametrize("game", game_names())
def test_levels_are_simulation_budgets(game):
    """No wall-clock budget by default: a level plays its simulations, under a CPU-time cap."""
    spec = get_game(game)
    for level in ("normal", "hard"):
        bot = make_bot(spec, level)
        settings = level_settings(spec, level)
        assert bot.seconds is None and bot.simulations == settings["simulations"] > 0
        assert bot.time_cap == settings["time_cap"] > 0
    assert level_settings(spec, "hard")["simulations"] > level_settings(spec, "normal")["simulations"]


def test_a_game_overrides_only_known_settings():
    spec = toy.FULL
    assert level_settings(spec, "hard") == SEARCH_LEVELS["hard"]
    odd = type(spec)(**{**spec.__dict__, "extras": {"bot_levels": {"hard": {"simulatons": 5}}}})
    with pytest.raises(ValueError, match="nim: unknown bot setting.s. simulatons for hard"):
        make_bot(odd, "hard")


BUSY = "import time\nend = time.time() + 120\nwhile time.time() < end: pass"


@pytest.mark.parametrize("game,players,lineup", [("two-mists", 3, ("hard", "normal", "normal")),
                                                 ("smoke-blood-steel", 2, ("hard", "normal"))])
def test_same_moves_on_a_busy_machine(game, players, lineup):
    """One game played twice, the second time with two busy processes on both cores: the same
    actions (the budget is simulations, and the CPU-time cap does not fire)."""
    idle = play_bots(game, players, lineup, 5, 24)
    busy = [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(2)]
    try:
        loaded = play_bots(game, players, lineup, 5, 24)
    finally:
        for p in busy:
            p.kill()
            p.wait()
    assert loaded == idle and len(idle) > 10


def test_the_time_cap_stops_a_search_and_is_reported(caplog):
    """A cap of 0 CPU seconds stops the search at its first check (16 simulations) and says so."""
    bot = make_bot(toy.FULL, "hard", seed=1, simulations=10**6, time_cap=0.0)
    state = toy.Nim(9)
    with caplog.at_level(logging.WARNING, logger="game.ai"):
        action = bot.choose(toy.view(state, "A"), state.legal_actions())
    assert action in state.legal_actions()
    assert bot.last_simulations == 16 and bot.last_capped and bot.capped == 1
    assert "nim hard bot (seat A): time cap of 0.0 CPU s reached after 16 of 1000000 simulations" in caplog.text
    uncapped = make_bot(toy.FULL, "hard", seed=1, simulations=40, time_cap=None)
    uncapped.analyse(toy.view(state, "A"), state.legal_actions())  # the full budget, never stopped early
    assert uncapped.last_simulations == 40 and not uncapped.last_capped and uncapped.capped == 0


@pytest.mark.parametrize("bandits,expected", [(False, "risky"), (True, "safe")])
def test_hidden_choices_searched_as_the_other_players_decisions(bandits, expected):
    """Another player's hidden choice drawn from the ordering is assumed to be the one it
    prefers (``trust``); searched as that player's own decision, it is its best (``trap``)."""
    state = toy.Ambush()
    search = Search(toy.AMBUSH, "A", Rng(3), greed=0.9, hidden_bandits=bandits)
    root = search.run(toy.ambush_view(state, "A"), simulations=400)
    best = max(root.children.values(), key=lambda n: n.visits)
    assert best.action.verb == expected


def test_rewound_search_decides_below_the_others_hidden_choices():
    """With a rewind, the first node is the other player's hidden choice; the search hands back
    the node of our decision, whose children are our legal actions."""
    spec = toy.AMBUSH
    rewound = type(spec)(**{**spec.__dict__, "extras": {"bot_rewind": lambda v, rng: toy.Ambush()}})
    state = toy.Ambush()
    state.apply(toy.Act("A", "risky"))
    view = toy.ambush_view(state, "B")
    node = Search(rewound, "B", Rng(1), hidden_bandits=True).run(view, simulations=50)
    assert {n.action.verb for n in node.children.values()} == {"trust", "trap"}
    assert all(n.mover == "B" for n in node.children.values())


def _mists_after_chance(players, seed):
    spec = get_game("two-mists")
    state = spec.new_game(players, seed, spec.make_ruleset([], []))
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance())
    return spec, state


def test_TM_12_6_belief_draws_keep_the_view():
    from game.mists.ai import determinize_belief
    spec, state = _mists_after_chance(4, 3)
    view = spec.view(state, "B")
    for k in range(20):
        assert spec.view(determinize_belief(view, Rng(k)), "B") == view


def test_SB_4_1_rewind_takes_back_the_face_down_play():
    """Seat II decides after I's face-down play: the rewound state has I to play, and whatever
    I plays there, II's view is the one it decides from."""
    from game.steel.ai import rewind
    spec = get_game("smoke-blood-steel")
    state = spec.new_game(2, 4, spec.make_ruleset([], []))
    rng = Rng(4)
    while not (state.phase == "play" and state.current_player() == "II"):
        legal = state.legal_actions() if state.current_player() != CHANCE else [state.sample_chance()]
        state.apply(legal[rng.below(len(legal))])
    view = spec.view(state, "II")
    st = rewind(view, Rng(1))
    assert st.current_player() == "I"
    for play in st.legal_actions():
        again = st.clone()
        again.apply(play)
        assert spec.view(again, "II") == view
    mine = spec.view(state, "I")
    assert spec.view(rewind(mine, Rng(1)), "I") == mine  # nothing of I's own to take back


def test_TM_12_6_fair_rollouts_know_only_what_the_actor_can_know():
    """The Saint (A) with nothing to go on: B and C are equally likely to be the Monster and
    their deaths equally likely to win her; once B takes Sacrifice (not the Monster, TM-7.4),
    C is the Monster in half the deals left, and C's death wins her in all of them (front: the
    Monster dies; back: she lives), B's in half (back only)."""
    from game.mists.ai import _knowledge
    from game.mists.model import Take
    spec, state = _mists_after_chance(3, 2)
    assert state.chars == ("saint", "witch", "monster")
    good, monster, _ = _knowledge(state, 0)
    assert good == (0.0, 4 / 6, 4 / 6) and monster == (0.0, 2 / 6, 2 / 6)
    state.records = ((), (Take(1, "sacrifice", target=2),), ())
    good, monster, _ = _knowledge(state, 0)
    assert good == (0.0, 0.5, 1.0) and monster == (0.0, 0.0, 0.5)
    # the omniscient ordering knows C is the Monster; B's Sacrifice only narrows it for A
    assert _knowledge(state, 2)[1][2] == 1.0


@pytest.mark.parametrize("by_policy", [False, True])
def test_other_players_moves_follow_the_policy_when_asked(by_policy):
    """``others_by_policy``: B's replies in A's tree are drawn from the rollout policy (here
    always its first-ordered action, take 1), not searched; A's own moves are still searched."""
    state = toy.Nim(7)
    search = Search(toy.FULL, "A", Rng(2), greed=1.0, others_by_policy=by_policy)
    root = search.run(toy.view(state, "A"), simulations=300)
    assert {str(k) for k in root.children} == {"A take 1", "A take 2", "A take 3"}
    replies = {str(k) for child in root.children.values() for k in child.children}
    assert replies == ({"B take 1"} if by_policy else {"B take 1", "B take 2", "B take 3"})


@pytest.mark.parametrize("observed", [False, True])
def test_a_move_that_shows_a_secret_splits_the_tree_by_what_it_showed(observed):
    """Peek: B's ``show`` reads the same whatever B's card; keyed by what it showed
    (``observe``), A's next decision knows the card and asking wins for certain; keyed by
    its text alone, A names the card blind and asking is worth a coin toss, no more than
    quitting."""
    observe = toy.PEEK.extras["bot_observations"]["card"] if observed else None
    search = Search(toy.PEEK, "A", Rng(3), others_by_policy=True, observe=observe)
    root = search.run(toy.peek_view(toy.Peek("y"), "A"), simulations=400)
    ask = root.children[toy.Act("A", "ask")]
    shows = {k for k in ask.children}
    if observed:
        assert shows == {("B show", "x"), ("B show", "y")}
        assert ask.mean > 0.9
        for (_, card), node in ask.children.items():
            best = max(node.children.values(), key=lambda n: n.visits)
            assert best.action == toy.Act("A", card)
    else:
        assert shows == {"B show"}
        assert abs(ask.mean) < 0.2


def test_an_observation_needs_the_others_drawn_by_the_policy():
    with pytest.raises(ValueError, match="peek: a search keyed by what a move shows needs others_by_policy"):
        Search(toy.PEEK, "A", Rng(3), observe=lambda s, seat: None)


def test_a_level_names_its_observation():
    spec = type(toy.PEEK)(**{**toy.PEEK.__dict__, "extras": {
        **toy.PEEK.extras, "bot_levels": {"hard": {"others_by_policy": True, "observation": "card"}}}})
    bot = make_bot(spec, "hard", seed=3, simulations=300)
    assert bot.choose(toy.peek_view(toy.Peek("x"), "A"), toy.Peek().legal_actions()) == toy.Act("A", "ask")
    odd = type(spec)(**{**spec.__dict__, "extras": {**spec.extras, "bot_levels": {
        "hard": {"others_by_policy": True, "observation": "smell"}}}})
    with pytest.raises(ValueError, match="peek: no observation called 'smell'"):
        make_bot(odd, "hard").choose(toy.peek_view(toy.Peek("x"), "A"), toy.Peek().legal_actions())
