"""Two Mists' search knowledge (game.mists.ai): the table evaluation that aims the others'
blows by what they can know, and seat ties broken by the determinization's generator."""

from __future__ import annotations

import pytest

from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.mists.ai import evaluate, evaluate_table, order_actions
from game.mists.model import Take

from .selfplay import play_bots


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


def _blows(records, viewer="B"):
    """B's (the Witch's) belief in seed 2's deal (A Saint, B Witch, C Monster) after ``records``:
    ``{(A's character, C's character): weight}``."""
    from game.mists.ai import consistent_deals, deal_weights
    spec = get_game("two-mists")
    state = _dealt(3, 2)
    assert state.chars == ("saint", "witch", "monster")
    state.records = records
    view = spec.view(state, viewer)
    deals = consistent_deals(view)
    return {(d[0][0], d[0][2]): w for d, w in zip(deals, deal_weights(view, deals))}


def test_TM_12_6_a_blow_struck_knowing_nothing_weighs_every_deal_alike():
    """A attacks C in the first turn: A knew only its own character then, and whatever it is,
    B and C were alike to it, so the blow tells B nothing (every deal weighs 1/2)."""
    weights = _blows(((Take(1, "attack", target=2),), (), ()))
    assert len(weights) == 6 and set(weights.values()) == {0.5}


def test_TM_12_6_a_blow_weighs_deals_by_what_the_striker_knew_when_it_struck():
    """C took Sacrifice in turn 1 (so C is not the Monster, TM-7.4); A then attacks B.  Judged
    by what A knew in turn 2 (its own character, C's exclusion), the blow on B is likelier from
    a Knight (B is the Monster or, in the back world, the Witch: 3/4 of A's deals) than from
    the Saint (1, but C's death wins her too in the back world: 1/2) or the Monster (2/3 for
    either); the same blow struck before C's Sacrifice tells nothing.  C's own blow, struck
    knowing nothing, halves every deal alike."""
    from game.mists.ai import AWARE_FLOOR as f
    sacrifice = (Take(1, "sacrifice", target=0),)
    weights = _blows(((Take(2, "attack", target=1),), (), sacrifice))
    assert set(weights) == {("saint", "knight"), ("monster", "saint"), ("monster", "knight"),
                            ("knight", "saint")}      # C is not the Monster: ruled out
    knight, monster, saint = (f + 3 / 4) / (2 * f + 1) / 2, 0.25, (f + 1) / (2 * f + 3 / 2) / 2
    assert weights == pytest.approx({("saint", "knight"): saint, ("monster", "saint"): monster,
                                     ("monster", "knight"): monster, ("knight", "saint"): knight})
    assert knight > saint > monster
    sacrifice = (Take(3, "sacrifice", target=0),)
    early = _blows(((Take(2, "attack", target=1),), (), sacrifice))
    assert set(early) == set(weights) and set(early.values()) == {0.25}


def test_TM_12_6_the_viewers_own_blows_and_intimidations_weigh_nothing():
    own = _blows(((), (Take(1, "attack", target=0), Take(4, "attack", target=2)), ()))
    marks = _blows(((Take(2, "intimidate", target=1),), (), ()))
    assert set(own.values()) == {1.0} and set(marks.values()) == {1.0}


def test_TM_12_6_belief_draws_rule_out_what_the_records_exclude():
    """Every belief draw keeps the view, never gives C (who took Sacrifice and Holy Poison) the
    Monster, never gives B (who took Combo: not the Witch or the Saint) the Saint, and over
    enough draws reaches every deal the records leave."""
    from game.core.rng import Rng
    from game.mists.ai import consistent_deals, determinize_belief
    spec = get_game("two-mists")
    state = _dealt(4, 3)
    state.records = ((Take(2, "attack", target=1),), (Take(3, "combo", target=0, choice="decline"),),
                     (Take(1, "sacrifice", target=1), Take(4, "poison")), ())
    view = spec.view(state, "D")
    deals = {(d[0], d[1]) for d in consistent_deals(view)}
    seen = set()
    for k in range(400):
        drawn = determinize_belief(view, Rng(k))
        assert spec.view(drawn, "D") == view
        assert drawn.chars[2] != "monster" and drawn.chars[1] not in ("witch", "saint")
        seen.add((drawn.chars, drawn.leftover))
    assert seen == deals and len(deals) > 4


def test_knowledge_cache_gives_what_a_fresh_computation_gives():
    """The caches of what each player can know (on the records' tuples and the ruleset) hand
    back exactly what a cold computation gives, position after position of a game."""
    import game.mists.ai as ai
    from game.core.rng import Rng
    spec = get_game("two-mists")
    state = spec.new_game(4, 8, spec.make_ruleset([], []))
    rng = Rng(8)
    seen = 0
    while not state.is_over():
        if state.current_player() == CHANCE:
            state.apply(state.sample_chance())
            continue
        warm = [ai._knowledge(state, d) for d in range(state.n)]
        ai._ALLOWED.clear()
        ai._KNOWLEDGE.clear()
        assert [ai._knowledge(state, d) for d in range(state.n)] == warm
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        seen += 1
    assert seen > 10


def test_same_seed_and_level_same_two_mists_game():
    """A game of one hard and two normal bots (small budgets) played twice from the same seeds:
    the same actions, the belief and its caches included."""
    def play():
        return play_bots("two-mists", 3, ("hard", "normal", "normal"), 21, 30)

    first = play()
    assert play() == first and len(first) > 20


def test_TM_9_2_the_hard_search_tells_passes_apart_by_the_character_they_show():
    """A pass turns the passer's character face up (TM-9.2): the observation ``reveals`` shows
    it, and only what every seat's view shows (TM-12.2); ``hard`` keys the others' moves by it."""
    from game.ai.bots import level_settings
    from game.mists.ai import OBSERVATIONS
    spec = get_game("two-mists")
    observe = OBSERVATIONS["reveals"]
    state = _dealt(4, 5)
    assert observe(state, 0) == (None, None, None, None)
    passer = state.active
    (pass_,) = [a for a in state.legal_actions() if a.verb == "pass"]
    state.apply(pass_)
    shown = tuple(state.chars[s] if s == passer else None for s in range(4))
    for seat in spec.seats(state):
        view = spec.view(state, seat)
        assert observe(state, seat) == shown
        assert tuple(view.chars[s] if view.revealed[s] else None for s in range(4)) == shown
    assert level_settings(spec, "hard")["observation"] == "reveals"
    assert level_settings(spec, "normal")["observation"] is None
