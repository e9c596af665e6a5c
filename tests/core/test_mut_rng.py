"""game.core.rng exactly: SplitMix64's numbers, rejection sampling in ``below``, and ``weighted``'s
distribution (statistically, with a fixed seed and a binomial tolerance) and its exact choice for a
given 64-bit draw.  Every game's chance outcomes (who starts, the wind, the deal) come from here."""

from __future__ import annotations

import math

import pytest

from game.core.registry import game_names, get_game
from game.core.rng import Rng

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15  # SplitMix64's increment
#: Vigna's splitmix64.c from seed 0 (the same values as test_core_basics).
SEED0 = [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]
#: How many binomial standard deviations a count may stray: a fair generator fails one such check
#: with probability below 1e-6, so a failure here is a biased ``weighted``, not bad luck.
SIGMAS = 5


class Draws(Rng):
    """An ``Rng`` whose 64-bit draws are given: pins what ``below``/``weighted`` make of each draw."""

    __slots__ = ("draws", "used")

    def __init__(self, *draws):
        super().__init__(0)
        self.draws = list(draws)
        self.used = 0

    def next_u64(self):
        self.used += 1
        return self.draws.pop(0)


def within_binomial(count, n, p):
    """``count`` successes of ``n`` draws agree with probability ``p`` (SIGMAS standard deviations)."""
    return abs(count - n * p) <= SIGMAS * math.sqrt(n * p * (1 - p))


# == SplitMix64 ===================================================================================
def test_splitmix64_state_advances_by_the_golden_increment_and_wraps():
    r = Rng(0)
    assert r.next_u64() == SEED0[0] and r.state == GOLDEN
    r = Rng(MASK)  # the largest state wraps round to GOLDEN - 1
    r.next_u64()
    assert r.state == GOLDEN - 1
    assert Rng(1 << 64).state == 0 and Rng(5 + (3 << 64)).state == 5  # the seed is taken mod 2**64


def test_splitmix64_mixer_maps_a_zero_sum_to_zero_and_the_default_seed_is_zero():
    assert Rng((-GOLDEN) & MASK).next_u64() == 0  # the finaliser of 0 is 0
    r = Rng()
    assert r.state == 0 and [r.next_u64() for _ in range(3)] == SEED0


def test_splitmix64_reference_values_for_another_seed():
    # Vigna's splitmix64.c, x = 1234567: the first five outputs
    r = Rng(1234567)
    assert [r.next_u64() for _ in range(5)] == [6457827717110365317, 3203168211198807973,
                                                9817491932198370423, 4593380528125082431,
                                                16408922859458223821]


def test_copy_is_independent_and_equality_is_by_state():
    a = Rng(42)
    a.next_u64()
    b = a.copy()
    assert b == a and b is not a and b.state == a.state
    assert b.next_u64() == a.next_u64()
    b.next_u64()
    assert b != a
    assert Rng(7) != 7 and Rng(7) != "Rng(0x0000000000000007)"
    assert repr(Rng(7)) == "Rng(0x0000000000000007)" and repr(Rng(MASK)) == "Rng(0xffffffffffffffff)"


# == below, choice ================================================================================
def test_below_is_the_draw_modulo_n():
    assert Draws(10).below(3) == 1 and Draws(11).below(3) == 2 and Draws(12).below(3) == 0
    assert Draws(MASK - 2).below(1) == 0
    r = Rng(0)
    assert [r.below(1000) for _ in range(3)] == [u % 1000 for u in SEED0]


def test_below_rejects_the_draws_past_the_last_whole_multiple_of_n():
    # 2**64 = 3 * k + 1: the draw 2**64 - 1 would give 0 one time too often, so it is drawn again
    r = Draws(MASK, 7)
    assert r.below(3) == 1 and r.used == 2
    # 2**64 - 2 is the last draw of the last whole cycle (it gives 2): kept
    r = Draws(MASK - 1, 7)
    assert r.below(3) == 2 and r.used == 1
    # n = 6: 2**64 = 6 * k + 4, so the last four draws are rejected, the one before is kept
    r = Draws(MASK, MASK - 3, MASK - 4, 9)
    assert r.below(6) == (MASK - 4) % 6 and r.used == 3
    # a power of two divides 2**64: nothing is rejected
    r = Draws(MASK)
    assert r.below(4) == 3 and r.used == 1


@pytest.mark.parametrize("n", [0, -1, -5])
def test_below_refuses_an_empty_range(n):
    with pytest.raises(ValueError, match=r"^Rng\.below needs n >= 1$"):
        Rng(1).below(n)


def test_below_is_uniform_statistically():
    r = Rng(2024)
    n = 6000
    draws = [r.below(6) for _ in range(n)]
    assert all(within_binomial(draws.count(k), n, 1 / 6) for k in range(6))


def test_choice_picks_the_item_at_below_len():
    assert Draws(5).choice("abc") == "c" and Draws(6).choice(["x", "y", "z"]) == "x"
    r, s = Rng(99), Rng(99)
    assert [r.choice("abcdefg") for _ in range(20)] == ["abcdefg"[s.below(7)] for _ in range(20)]


# == weighted: exact choices =====================================================================
HALF = 1 << 63


@pytest.mark.parametrize("draw,value", [
    (0, "a"), (HALF - (1 << 12), "a"),            # below half of 2**64: the first outcome
    (HALF, "b"), (MASK - (1 << 12), "b"),         # from half on: the second
])
def test_weighted_maps_the_draw_onto_the_cumulative_weights(draw, value):
    r = Draws(draw)
    assert r.weighted([("a", 1), ("b", 1)]) == value and r.used == 1


@pytest.mark.parametrize("draw,value", [
    (0, "a"), (HALF // 4 - (1 << 12), "a"),       # [0, 1/8): a (weight 1 of 8)
    (HALF // 4, "b"), (HALF - (1 << 12), "b"),    # [1/8, 1/2): b (weight 3 of 8)
    (HALF, "c"), (MASK - (1 << 12), "c"),         # [1/2, 1): c (weight 4 of 8)
])
def test_weighted_three_outcomes_boundaries(draw, value):
    assert Draws(draw).weighted([("a", 1), ("b", 3), ("c", 4)]) == value
    assert Draws(draw).weighted([("a", 0.125), ("b", 0.375), ("c", 0.5)]) == value  # float weights


def test_weighted_never_picks_a_zero_weight_outcome_even_at_the_extreme_draws():
    for draw in (0, 1, HALF, MASK - 1, MASK):
        assert Draws(draw).weighted([("zero", 0), ("one", 1)]) == "one"
        assert Draws(draw).weighted([("one", 1), ("zero", 0)]) == "one"
        assert Draws(draw).weighted([("z1", 0), ("one", 1), ("z2", 0), ("z3", 0.0)]) == "one"


def test_weighted_the_highest_draws_pick_the_last_outcome():
    # (2**64 - 1) / 2**64 rounds to 1.0 in floating point: still the last outcome, not past it
    assert Draws(MASK).weighted([("a", 1), ("b", 1)]) == "b"
    assert Draws(MASK).weighted([("a", 1), ("b", 2), ("c", 1)]) == "c"
    assert Draws(MASK).weighted([("only", 3)]) == "only"


def test_weighted_with_every_weight_zero_gives_the_last_outcome():
    assert Draws(0).weighted([("a", 0), ("b", 0), ("c", 0)]) == "c"


def test_weighted_with_a_real_seed_follows_its_draws():
    # Rng(0) draws 0xE220... = 0.8833 of 2**64 first, then 0x6E78... = 0.4315
    r = Rng(0)
    assert r.weighted([("a", 1), ("b", 1)]) == "b"
    assert r.weighted([("a", 1), ("b", 1)]) == "a"
    assert r.state == (2 * GOLDEN) & MASK  # one draw each
    assert Rng(0).weighted([("a", 88), ("b", 12)]) == "b"  # 88.33 of 100: past a's 88
    assert Rng(0).weighted([("a", 89), ("b", 11)]) == "a"  # below a's 89


# == weighted: distribution =======================================================================
@pytest.mark.parametrize("weights", [(1, 1), (1, 3), (3, 1), (1, 2, 7), (0.25, 0.25, 0.5), (5, 0, 5)])
def test_weighted_distribution_matches_the_weights(weights):
    r = Rng(31337)
    n = 4000
    outcomes = [(i, w) for i, w in enumerate(weights)]
    draws = [r.weighted(outcomes) for _ in range(n)]
    total = sum(weights)
    for i, w in enumerate(weights):
        if w == 0:
            assert draws.count(i) == 0
        else:
            assert within_binomial(draws.count(i), n, w / total), (weights, i, draws.count(i))


@pytest.mark.parametrize("name", game_names())
def test_every_seat_can_win_the_first_chance_draw(name):
    """The first chance outcome of a new game (who starts, who chooses, the deal) drawn over many
    seeds follows the game's own probabilities: a biased ``weighted`` that made S never start fails."""
    spec = get_game(name)
    rules = spec.make_ruleset([], [])
    n = 400
    counts = {}
    for seed in range(n):
        state = spec.new_game(spec.default_players, seed, rules)
        action = str(state.sample_chance())
        counts[action] = counts.get(action, 0) + 1
    outcomes = spec.new_game(spec.default_players, 0, rules).chance_outcomes()
    probability = {str(a): p for a, p in outcomes}
    assert set(counts) <= set(probability)
    if len(outcomes) <= 4:  # who starts / who chooses: every seat must come up, in proportion
        for text, p in probability.items():
            assert within_binomial(counts.get(text, 0), n, p), (text, counts)


def test_next_state_is_where_one_draw_leaves_the_generator():
    from game.core.rng import next_state
    for seed in (0, 1, 12345, MASK, MASK - GOLDEN + 1):
        r = Rng(seed)
        r.next_u64()
        assert next_state(seed) == r.state == (seed + GOLDEN) & MASK
    assert next_state(MASK) == (MASK + GOLDEN) & MASK < MASK  # wraps at 2**64
