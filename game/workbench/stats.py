"""Statistics of a balance run: 95% intervals, two-arm tests and multiple-comparison corrections.

Rates get Wilson score intervals and two-proportion z tests; means (rounds, actions, points per
game) get percentile bootstrap intervals and bootstrap tests of the difference.  Every bootstrap
draws from a generator seeded by the caller, so a report is the same each time it is built.
``holm`` and ``benjamini_hochberg`` adjust a family of p-values (the metrics of one A/B report).
"""

from __future__ import annotations

import math

import numpy as np

#: Resamples per bootstrap interval or test.
BOOTSTRAP = 2000
Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``successes / n`` (95% by default); ``(0, 1)`` for no trials."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(p * (1 - p), 0.0) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def normal_sf(z: float) -> float:
    """P(Z > z) for a standard normal Z."""
    return 0.5 * math.erfc(z / math.sqrt(2))


def two_proportion_test(x1: float, n1: int, x2: float, n2: int) -> float:
    """Two-sided p-value of the pooled two-proportion z test of ``x1/n1`` against ``x2/n2``.

    Identical rates, or a pooled rate of 0 or 1 (nothing can differ), give 1.0."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (x1 + x2) / (n1 + n2)
    var = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if var <= 0:
        return 1.0
    z = abs(x1 / n1 - x2 / n2) / math.sqrt(var)
    return min(1.0, 2 * normal_sf(z))


def mean(values) -> float | None:
    values = list(values)
    return float(sum(values) / len(values)) if values else None


def bootstrap_interval(values, seed: int = 0, resamples: int = BOOTSTRAP) -> tuple[float, float] | None:
    """The 95% percentile bootstrap interval of the mean of ``values`` (None for no values)."""
    data = np.asarray(list(values), dtype=float)
    if data.size == 0:
        return None
    if data.size == 1 or np.all(data == data[0]):
        return (float(data[0]) if data.size == 1 else float(data.mean()),) * 2
    rng = np.random.default_rng(seed)
    means = data[rng.integers(0, data.size, (resamples, data.size))].mean(axis=1)
    lo, hi = np.percentile(means, [2.5, 97.5])
    return (float(lo), float(hi))


def bootstrap_test(a, b, seed: int = 0, resamples: int = BOOTSTRAP) -> float:
    """Two-sided bootstrap p-value for a difference of means between samples ``a`` and ``b``.

    Both samples are re-centred on the pooled mean (the null hypothesis of equal means) and
    resampled; p is the share of resampled differences at least as far from 0 as the observed one,
    with the usual +1 so it is never 0.  Empty samples, or two constant samples with equal values,
    give 1.0."""
    x = np.asarray(list(a), dtype=float)
    y = np.asarray(list(b), dtype=float)
    if x.size == 0 or y.size == 0:
        return 1.0
    observed = abs(x.mean() - y.mean())
    if observed == 0:
        return 1.0
    pooled = np.concatenate([x, y]).mean()
    xc, yc = x - x.mean() + pooled, y - y.mean() + pooled
    if np.all(xc == xc[0]) and np.all(yc == yc[0]):
        return 1.0 / (resamples + 1)   # no spread at all, yet different: as far as a test can tell
    rng = np.random.default_rng(seed)
    dx = xc[rng.integers(0, x.size, (resamples, x.size))].mean(axis=1)
    dy = yc[rng.integers(0, y.size, (resamples, y.size))].mean(axis=1)
    extreme = int(np.sum(np.abs(dx - dy) >= observed - 1e-12))
    return (extreme + 1) / (resamples + 1)


def holm(pvalues: list[float]) -> list[float]:
    """Holm–Bonferroni adjusted p-values (same order as given), controlling the family-wise error."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def benjamini_hochberg(pvalues: list[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values (same order), controlling the false discovery rate."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i], reverse=True)
    adjusted = [1.0] * m
    running = 1.0
    for k, i in enumerate(order):
        rank = m - k
        running = min(running, pvalues[i] * m / rank)
        adjusted[i] = min(1.0, running)
    return adjusted


CORRECTIONS = {"holm": holm, "bh": benjamini_hochberg}
