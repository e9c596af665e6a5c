"""Two Mists' search knowledge (game.mists.ai): the table evaluation that aims the others'
blows by what they can know, and seat ties broken by the determinization's generator."""

from __future__ import annotations

from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.mists.ai import evaluate, evaluate_table, order_actions
from game.mists.model import Take


def _dealt(players, seed):
    spec = get_game("two-mists")
    state = spec.new_game(players, seed, spec.make_ruleset([], []))
    while state.current_player() == CHANCE:
        state.apply(state.sample_chance())
    return state


def test_TM_2_2_table_evaluation_with_nothing_known_is_the_first_death_odds():
    """Nobody knows anything: every blow is spread evenly, so each player is equally likely to
    die first.  Without a Saint in play that is the one-seat evaluation (the Monster wins 2 of
    3 first deaths); with her, the curse counts (TM-2.4): her finisher dies with her."""
    state = _dealt(3, 6)
    assert state.chars == ("knight", "witch", "monster")
    table = evaluate_table(state)
    assert table == {s: evaluate(state, s) for s in state.seats}
    assert abs(table["C"] - 1 / 3) < 1e-9 and abs(table["A"] + 1 / 3) < 1e-9
    state = _dealt(3, 2)
    assert state.chars == ("saint", "witch", "monster")
    table = evaluate_table(state)
    # each wins half the time: the Saint and the Witch when the Monster dies (1/3) or
    # finishes the Saint (1/6); the Monster when the Witch dies (1/3) or finishes her (1/6).
    assert [round(table[s], 9) + 0.0 for s in "ABC"] == [0.0, 0.0, 0.0]
    assert [round(evaluate(state, s), 9) for s in "ABC"] == [round(-1 / 3, 9)] * 3


def test_TM_5_4_a_monster_that_proves_itself_draws_the_blows():
    """C (the Monster) took Combo (not the Witch or the Saint) and the Knight's Charge (not the
    Knight): everyone can tell it is the Monster, so its value falls and the others' rise,
    against the same damage taken with Attacks that prove nothing."""
    state = _dealt(3, 2)
    state.records = ((), (), (Take(1, "attack", target=0), Take(4, "attack", target=1)))
    hidden = evaluate_table(state)
    state.records = ((), (), (Take(1, "combo", target=0), Take(4, "charge_k", target=1)))
    proven = evaluate_table(state)
    assert proven["C"] < hidden["C"] - 0.2
    assert proven["A"] > hidden["A"] and proven["B"] > hidden["B"]


def test_TM_2_4_the_saints_finisher_dies_with_her():
    """The Saint (A) at 1 life will die first; the one-seat evaluation ignores the curse, so
    for the Monster (C) her death is a loss.  Counting the curse, the Witch (B) may be her
    finisher and die with her, which wins the Monster its game (TM-2.2)."""
    state = _dealt(3, 2)
    state.life = (1, 7, 7)
    table = evaluate_table(state)
    assert evaluate(state, "C") < -0.9
    assert table["C"] > evaluate(state, "C") + 0.5
    # the Witch and the Monster are equally likely finishers: each side wins half the time
    assert all(abs(v) < 0.05 for v in table.values())


def test_seat_ties_are_not_always_broken_toward_the_first_seat():
    """The Monster (C) may aim at the Knight (A) or the Witch (B), both at full life and both
    winning it the game: which comes first follows the state's generator (a determinization
    draws it), so over several draws each seat leads sometimes."""
    state = _dealt(3, 6)
    assert state.chars == ("knight", "witch", "monster")
    state.records = ((), (), (Take(1, "attack"),))
    state.phase, state.active = "target", 2
    state.legal_cache = None
    legal = state.legal_actions()
    assert [str(a) for a in legal] == ["C target A", "C target B"]
    firsts = []
    for k in range(16):
        state.rng = k * 0x9E3779B97F4A7C15 % (1 << 62)
        firsts.append(str(order_actions(state, legal)[0]))
    assert 4 <= firsts.count("C target A") <= 12
    state.life = (7, 6, 7)  # no longer a tie: the weaker one first, whatever the generator
    leads = set()
    for k in range(16):
        state.rng = k * 0x9E3779B97F4A7C15 % (1 << 62)
        leads.add(str(order_actions(state, legal)[0]))
    assert leads == {"C target B"}


def _saint_at_two():
    """The Saint (A) at 2 life, no equipment, to take: Sacrifice's self-damage (5) would kill her
    alone, a game nobody wins in the back world or the front (TM-7.4, TM-2.2)."""
    state = _dealt(3, 2)
    state.life = (2, 6, 7)
    state.display = ("sacrifice", "sacrifice", "combo", "staff", "poison")
    state.phase, state.active, state.legal_cache = "take", 0, None
    return state


def test_TM_2_5_a_game_nobody_wins_is_lost_by_everyone_in_the_search():
    """The search scores a finished game with no winner -1 for every seat (the game's
    ``bot_no_winner``), not 0 as a draw; a game without that setting keeps 0."""
    from game.ai.ismcts import Search
    from game.core.rng import Rng
    spec = get_game("two-mists")
    state = _saint_at_two()
    state.apply(state.legal_actions()[0])          # A takes Sacrifice
    while state.current_player() == CHANCE:        # the refill
        state.apply(state.sample_chance())
    state.apply(state.legal_actions()[0])          # ... and strikes B: 2 to B, 5 to herself
    assert state.is_over() and spec.result(state)["winners"] == []
    assert Search(spec, "A", Rng(1))._rollout(state.clone()) == {"A": -1.0, "B": -1.0, "C": -1.0}
    plain = type(spec)(**{**spec.__dict__, "extras": {**spec.extras, "bot_no_winner": 0.0}})
    assert Search(plain, "A", Rng(1))._rollout(state.clone()) == {"A": 0.0, "B": 0.0, "C": 0.0}


def test_TM_7_4_search_bots_do_not_sacrifice_themselves_into_a_lost_game():
    """Offered two Sacrifices that would kill her, the Saint's search plays something else, and
    the rollout ordering ranks them below every other take (only the pass is lower)."""
    from game.ai import make_bot
    spec = get_game("two-mists")
    state = _saint_at_two()
    legal = state.legal_actions()
    assert [str(a) for a in legal] == ["A take A1", "A take A2", "A take E1", "A take E2", "A pass"]
    assert [str(a) for a in order_actions(state, legal)][2:] == ["A take A1", "A take A2", "A pass"]
    for level in ("normal", "hard"):
        for seed in range(3):
            bot = make_bot(spec, level, seed=seed, simulations=300)
            assert str(bot.choose(spec.view(state, "A"), legal)) not in ("A take A1", "A take A2")
