"""The bots (game.ai): levels, legality, reproducibility, views only, threads, other games."""

from __future__ import annotations

import threading

import pytest

from game.ai import LEVELS, make_bot
from game.ai.matches import play_game
from game.core.playout import random_action
from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.core.rng import Rng
from game.trench.ai import determinize
from game.trench.view import TrenchView

from . import toy

SPEC = get_game("trench-war")


def _mid_game(seed=11, decisions=30):
    """A 2-player position with soldiers on the board, S or N to decide."""
    state = SPEC.new_game(2, seed, SPEC.make_ruleset([], []))
    rng = Rng(seed)
    easy = {s: make_bot(SPEC, "easy", seed=i) for i, s in enumerate(SPEC.seats(state))}
    k = 0
    while k < decisions or state.current_player() == CHANCE:
        p = state.current_player()
        if p == CHANCE:
            state.apply(state.sample_chance())
            continue
        action = easy[p].choose(SPEC.view(state, p), state.legal_actions()) if k % 3 else \
            random_action(state, rng)
        state.apply(action)
        k += 1
        assert not state.is_over()
    return state


def test_levels_and_make_bot_by_name_or_spec():
    assert LEVELS == ("random", "easy", "normal", "hard")
    assert make_bot("trench-war", "easy").spec is SPEC
    assert make_bot(SPEC, "hard", simulations=3).level == "hard"
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        make_bot(SPEC, "expert")


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_and_budget_same_choice(level):
    state = _mid_game()
    seat = state.current_player()
    v = SPEC.view(state, seat)
    choices = {make_bot(SPEC, level, seed=5, simulations=40).choose(v, state.legal_actions())
               for _ in range(2)}
    assert len(choices) == 1 and choices <= set(state.legal_actions())


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_TW_10_choice_depends_on_the_view_only(level):
    """Two full states with the same view of the deciding seat (the others' secrets redrawn)
    give the same decision: the bot is handed the view, nothing else."""
    state = _mid_game(seed=12)
    seat = state.current_player()
    other = determinize(SPEC.view(state, seat), Rng(77))
    assert other.key() != state.key() and SPEC.view(other, seat) == SPEC.view(state, seat)
    seen = []

    def pick(s):
        v = SPEC.view(s, seat)
        seen.append(type(v))
        return make_bot(SPEC, level, seed=3, simulations=30).choose(v, s.legal_actions())

    assert pick(state) == pick(other)
    assert seen == [TrenchView, TrenchView]


def test_choose_from_a_worker_thread():
    state = _mid_game()
    seat = state.current_player()
    bot = make_bot(SPEC, "hard", seed=1, simulations=20)
    out = []
    worker = threading.Thread(target=lambda: out.append(bot.choose(SPEC.view(state, seat),
                                                                   state.legal_actions())))
    worker.start()
    worker.join(60)
    assert out and out[0] in state.legal_actions()


GAMES = [(2, None, ("hard", "normal")), (2, "first-game", ("easy", "random")),
         (3, "civilians", ("normal", "easy", "random")), (3, None, ("random", "hard", "easy")),
         (4, "guerrillas", ("random", "easy", "normal", "hard")),
         (4, "hidden-teams", ("hard", "random", "easy", "normal")),
         (4, "open-teams", ("easy", "normal", "hard", "random"))]


@pytest.mark.parametrize("players,variant,lineup", GAMES)
def test_every_level_finishes_whole_games_with_legal_actions(players, variant, lineup):
    """``play_game`` applies every choice through ``apply``, which rejects an illegal action."""
    record = play_game("trench-war", players, lineup, seed=players, simulations=2,
                       variants=(variant,) if variant else ())
    assert record.reason not in ("", "decision limit")
    assert set(record.seats.values()) == set(lineup)


@pytest.mark.parametrize("players,variant", [(2, "civilians"), (3, "first-game"), (4, None),
                                             (2, None), (4, "hidden-teams")])
def test_random_and_easy_finish_every_variant(players, variant):
    lineup = tuple(("easy", "random")[i % 2] for i in range(players))
    record = play_game("trench-war", players, lineup, seed=9, variants=(variant,) if variant else ())
    assert record.reason not in ("", "decision limit")


def test_other_games_random_and_easy_need_no_search_hooks():
    state = toy.Nim(7)
    for level in ("random", "easy"):
        bot = make_bot(toy.BARE, level, seed=2)
        assert bot.choose(toy.view(state, "A"), state.legal_actions()) in state.legal_actions()
    with pytest.raises(ValueError, match="nim: search needs the game's determinize and evaluate"):
        make_bot(toy.BARE, "normal", simulations=5).choose(toy.view(state, "A"), state.legal_actions())


@pytest.mark.parametrize("stones,best", [(5, 1), (6, 2), (7, 3)])
def test_search_finds_the_winning_nim_move(stones, best):
    """Leave a multiple of four: any other move loses against best play."""
    state = toy.Nim(stones)
    for level in ("normal", "hard"):
        bot = make_bot(toy.FULL, level, seed=4, simulations=400)
        assert bot.choose(toy.view(state, "A"), state.legal_actions()).n == best
    rows = make_bot(toy.FULL, "hard", seed=4, simulations=400).analyse(toy.view(state, "A"),
                                                                      state.legal_actions())
    assert rows[0][0].n == best and rows[0][2] > 0.5


def test_same_choice_in_any_process():
    """No set or dict order decides anything: the same seed and budget choose the same action
    under different PYTHONHASHSEED values."""
    import os
    import subprocess
    import sys
    code = ("from game.ai import make_bot\nfrom game.ai.bench import mid_game\n"
            "spec, state = mid_game(decisions=16)\nseat = state.current_player()\n"
            "print(make_bot(spec, 'hard', seed=2, simulations=25).choose(spec.view(state, seat), "
            "state.legal_actions()))")
    out = set()
    for hashseed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out.add(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                               timeout=120, check=True).stdout)
    assert len(out) == 1 and out.pop().strip()


@pytest.mark.parametrize("stones", [5, 6, 7, 9])
def test_a_search_stops_once_the_rest_of_its_budget_cannot_change_the_choice(stones):
    """The bot plays what the full budget would have chosen (same seed), after fewer
    simulations once the most visited action is out of reach; ``analyse`` runs the full budget."""
    state = toy.Nim(stones)
    view, legal = toy.view(state, "A"), state.legal_actions()
    bot = make_bot(toy.FULL, "hard", seed=4, simulations=400)
    action = bot.choose(view, legal)
    full = make_bot(toy.FULL, "hard", seed=4, simulations=400)
    rows = full.analyse(view, legal, top=3)
    assert full.last_simulations == 400
    assert action == rows[0][0]
    assert 0 < bot.last_simulations < 400
    lead = rows[0][1] - rows[1][1]
    assert lead > 0


def test_a_stop_margin_below_one_ends_the_search_sooner_on_a_smaller_lead():
    """``stop_margin`` m: the search ends once the lead exceeds m x the simulations left."""
    state = toy.Nim(7)
    view, legal = toy.view(state, "A"), state.legal_actions()
    exact = make_bot(toy.FULL, "hard", seed=4, simulations=400)
    action = exact.choose(view, legal)
    sooner = make_bot(toy.FULL, "hard", seed=4, simulations=400)
    sooner.settings = dict(sooner.settings, stop_margin=0.3)
    assert sooner.choose(view, legal) == action
    assert 0 < sooner.last_simulations < exact.last_simulations < 400


def _node_with(visits):
    from game.ai.ismcts import Node
    node = Node(None)
    for action, v in visits.items():
        child = node.children[action] = Node("A", action)
        child.visits = v
    return node


def test_decided_means_a_lead_larger_than_the_simulations_left():
    from game.ai.ismcts import _decided
    node = _node_with({"x": 10, "y": 3, "z": 1})
    legal = ["x", "y", "z", "w"]
    assert _decided(node, legal, 6)
    assert not _decided(node, legal, 7)   # all 7 to y would tie x: not decided
    assert _decided(_node_with({"y": 3, "x": 10}), legal, 6)   # order of the children
    assert not _decided(_node_with({"x": 10, "y": 10}), legal, 0)
    # Only the legal actions count: an illegal child's visits neither lead nor trail.
    assert _decided(_node_with({"x": 10, "y": 3, "bad": 9}), legal, 6)
    assert not _decided(_node_with({"x": 10, "y": 3, "bad": 20}), ["x", "y"], 7)
    assert _decided(_node_with({"x": 10}), legal, 9) and not _decided(_node_with({"x": 10}), legal, 10)
    # A stop margin scales what is left: a lead of 7 is decided against 7.5 x 0.9 but not 7.5 x 1.0.
    assert _decided(node, legal, 7.5 * 0.9) and not _decided(node, legal, 7.5)


@pytest.mark.parametrize("mover", ["A", "B"])
def test_progressive_widening_considers_the_best_ordered_actions_first(mover):
    """A node with ``v`` visits considers its ``2 + widen * sqrt(v)`` best-ordered actions, for the
    searching seat's own moves (keyed by themselves) and another player's (keyed by their text)."""
    from game.ai.ismcts import Node, Search
    from game.core.rng import Rng
    search = Search(toy.FULL, "A", Rng(1), widen=1.0)
    state = toy.Nim(9, to_move=mover)
    legal = state.legal_actions()                      # take 1, 2, 3: FULL orders them as listed
    key = (lambda a: a) if mover == "A" else str
    node = Node(None)
    child, (k, action) = search._select(state, node, mover, legal)
    assert child is None and action == legal[0] and k == key(legal[0])
    for a in legal[:2]:
        node.children[key(a)] = Node(mover, a)
    node.children[key(legal[0])].visits, node.children[key(legal[0])].total = 3, -3.0
    node.children[key(legal[1])].visits = 1
    child, action = search._select(state, node, mover, legal)   # width 2: the third is not looked at
    assert child is node.children[key(legal[1])] and action == legal[1]
    assert [node.children[key(a)].avail for a in legal[:2]] == [1, 1]
    node.visits = 1                                              # width 3: the third is added
    child, (k, action) = search._select(state, node, mover, legal)
    assert child is None and action == legal[2] and k == key(legal[2])
