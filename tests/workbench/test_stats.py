"""game.workbench.stats: intervals, tests and corrections against known values."""

from __future__ import annotations

import pytest

from game.workbench import stats


def test_wilson_interval_known_values():
    lo, hi = stats.wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = stats.wilson(0, 20)
    assert lo == 0.0 and round(hi, 4) == 0.1611
    assert stats.wilson(0, 0) == (0.0, 1.0)


def test_two_proportion_test_known_value_and_degenerate_cases():
    # 60/100 against 40/100: z = 2.828, two-sided p = 0.00468
    assert stats.two_proportion_test(60, 100, 40, 100) == pytest.approx(0.004678, abs=1e-5)
    assert stats.two_proportion_test(30, 60, 30, 60) == 1.0
    assert stats.two_proportion_test(0, 10, 0, 10) == 1.0       # nothing varies
    assert stats.two_proportion_test(5, 0, 3, 10) == 1.0        # an empty arm


def test_holm_and_benjamini_hochberg_adjust_known_families():
    ps = [0.01, 0.04, 0.03, 0.005]
    assert stats.holm(ps) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert stats.benjamini_hochberg(ps) == pytest.approx([0.02, 0.04, 0.04, 0.02])
    assert stats.holm([]) == [] and stats.benjamini_hochberg([]) == []
    assert stats.holm([0.9, 0.8]) == [1.0, 1.0]


def test_bootstrap_is_seeded_and_finds_a_clear_difference_only():
    a = [10, 11, 12, 10, 11, 12, 10, 11] * 4
    b = [20, 21, 19, 20, 22, 18, 20, 21] * 4
    assert stats.bootstrap_test(a, b, seed=3) == stats.bootstrap_test(a, b, seed=3)
    assert stats.bootstrap_test(a, b, seed=3) < 0.001
    assert stats.bootstrap_test(a, list(a), seed=3) == 1.0
    lo, hi = stats.bootstrap_interval(a, seed=1)
    assert lo < sum(a) / len(a) < hi and stats.bootstrap_interval(a, seed=1) == (lo, hi)
    assert stats.bootstrap_interval([]) is None
    assert stats.bootstrap_interval([4, 4, 4]) == (4.0, 4.0)
    assert stats.bootstrap_test([], [1, 2]) == 1.0
