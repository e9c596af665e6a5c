"""The workbench's plots (matplotlib, drawn off-screen): each titled, with labelled axes, a legend
and 95% intervals.  Every function returns PNG bytes; :func:`save` writes them.  Used by the
balance report and by ``tools/tournament.py --plot``.

Arms are ``[(label, metrics), ...]`` in the order they are drawn (``A`` first).
"""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402

#: Colour-blind-safe colours (Okabe–Ito), one per arm or series.
COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
DPI = 110
SIZE = (8.0, 4.6)


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.tight_layout()
    fig.savefig(buf, format="png", dpi=DPI)
    plt.close(fig)
    return buf.getvalue()


def save(png: bytes, path: str) -> None:
    from ..core.files import write_bytes_atomic
    write_bytes_atomic(path, png)


def _errors(rows: list) -> np.ndarray:
    """Asymmetric error bars (2 x n) from ``{"rate"|"mean", "ci95"}`` rows."""
    lows, highs = [], []
    for r in rows:
        centre = r.get("rate", r.get("mean")) or 0.0
        lo, hi = r.get("ci95") or (centre, centre)
        lows.append(max(0.0, centre - lo))
        highs.append(max(0.0, hi - centre))
    return np.array([lows, highs])


def grouped_bars(title: str, categories: list, arms: list, values, ylabel: str, xlabel: str,
                 reference: tuple | None = None, percent: bool = True) -> bytes:
    """Bars per category and arm with 95% interval whiskers; ``values(metrics, category)`` gives a
    ``{"rate"|"mean", "ci95"}`` row (or None).  ``reference``: ``(y, label)`` of a dashed line."""
    fig, ax = plt.subplots(figsize=SIZE)
    n = max(len(arms), 1)
    width = 0.8 / n
    x = np.arange(len(categories))
    for i, (label, metrics) in enumerate(arms):
        rows = [values(metrics, c) or {"rate": 0.0, "ci95": [0.0, 0.0]} for c in categories]
        heights = [r.get("rate", r.get("mean")) or 0.0 for r in rows]
        ax.bar(x + (i - (n - 1) / 2) * width, heights, width * 0.92, yerr=_errors(rows), capsize=3,
               color=COLOURS[i % len(COLOURS)], label=label, error_kw={"elinewidth": 1, "ecolor": "#333333"})
    if reference is not None:
        ax.axhline(reference[0], color="#555555", linestyle="--", linewidth=1, label=reference[1])
    ax.set_xticks(x)
    ax.set_xticklabels([str(c) for c in categories], rotation=20 if len(categories) > 5 else 0,
                       ha="right" if len(categories) > 5 else "center")
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if percent:
        ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
        ax.set_ylim(0, max(1.0, ax.get_ylim()[1]) if reference and reference[0] > 0.5 else None)
    ax.legend(loc="best", fontsize="small", title="whiskers: 95% interval", title_fontsize="x-small")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def win_rate_by_seat(game: str, seats: list, arms: list) -> bytes:
    return grouped_bars(f"{game}: win rate by seat", seats, arms,
                        lambda m, s: m["win_rate_by_seat"].get(s), "games won", "seat",
                        reference=(1 / len(seats), f"fair share 1/{len(seats)}") if seats else None)


def endings(game: str, arms: list) -> bytes:
    names = sorted({e for _, m in arms for e in m["endings"]},
                   key=lambda e: -max(m["endings"].get(e, {}).get("rate") or 0 for _, m in arms))
    return grouped_bars(f"{game}: how games end", names, arms, lambda m, e: m["endings"].get(e),
                        "share of games", "ending")


def score_sources(game: str, arms: list) -> bytes | None:
    names = sorted({s for _, m in arms for s in m["sources"]})
    if not names:
        return None
    return grouped_bars(f"{game}: points per game by source (all seats)", names, arms,
                        lambda m, s: m["sources"].get(s), "points per game (mean)", "source", percent=False)


def roles(game: str, arms: list, what: str = "role") -> bytes | None:
    names = sorted({r for _, m in arms for r in m.get("roles", {})})
    if not names:
        return None
    return grouped_bars(f"{game}: win rate by {what}", names, arms, lambda m, r: m.get("roles", {}).get(r),
                        "games won", what)


def length_histogram(game: str, arms: list, lines_by_arm: dict, unit: str, label: str) -> bytes:
    """Overlaid histograms of one length unit (``actions`` or a game's own), a line at each mean."""
    fig, ax = plt.subplots(figsize=SIZE)
    values = {a: [_length(line, unit) for line in lines_by_arm.get(a, [])] for a, _ in arms}
    everything = [v for vs in values.values() for v in vs if v is not None]
    if everything:
        lo, hi = min(everything), max(everything)
        bins = np.linspace(lo, hi + 1, min(30, int(hi - lo) + 2)) if hi > lo else [lo - 0.5, lo + 0.5]
        for i, (arm, metrics) in enumerate(arms):
            vs = [v for v in values[arm] if v is not None]
            colour = COLOURS[i % len(COLOURS)]
            ax.hist(vs, bins=bins, histtype="stepfilled", alpha=0.35, color=colour, edgecolor=colour,
                    label=f"{arm} (n={len(vs)})")
            summary = metrics["length"].get(unit) or {}
            if summary.get("mean") is not None:
                ax.axvline(summary["mean"], color=colour, linewidth=1.5,
                           label=f"{arm} mean {summary['mean']:.1f} [{summary['ci95'][0]:.1f}, {summary['ci95'][1]:.1f}]")
    ax.set_title(f"{game}: game length ({label})")
    ax.set_xlabel(label)
    ax.set_ylabel("games")
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="best", fontsize="small", title="mean [95% interval]", title_fontsize="x-small")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)


def _length(line: dict, unit: str):
    figures = line.get("figures") or {}
    return figures.get("actions") if unit == "actions" else (figures.get("length") or {}).get(unit)


def lead_course(game: str, arms: list) -> bytes | None:
    """The eventual winner's margin over the best other seat along the game (mean and 95% band)."""
    if not any(m["lead"].get("course") for _, m in arms):
        return None
    fig, ax = plt.subplots(figsize=SIZE)
    for i, (label, metrics) in enumerate(arms):
        course = metrics["lead"].get("course") or []
        if not course:
            continue
        colour = COLOURS[i % len(COLOURS)]
        xs = [c["progress"] * 100 for c in course]
        ax.plot(xs, [c["mean"] for c in course], color=colour, marker="o", markersize=3, label=f"{label} mean")
        ax.fill_between(xs, [c["ci95"][0] for c in course], [c["ci95"][1] for c in course], color=colour,
                        alpha=0.2, label=f"{label} 95% interval")
    ax.axhline(0, color="#555555", linewidth=1, linestyle="--", label="level")
    ax.set_title(f"{game}: the eventual winner's lead over the game's course")
    ax.set_xlabel("game progress (% of its actions)")
    ax.set_ylabel("winner's score minus the best other")
    ax.legend(loc="best", fontsize="small")
    ax.grid(alpha=0.3)
    return _png(fig)


def tournament_pairs(report: dict, title: str = "bot tournament") -> bytes:
    """``tools/tournament.py --plot``: each pair's win rate of ``a`` with its 95% interval."""
    pairs = report["pairs"]
    labels = [f"{p['a']} vs {p['b']}\n({p['games']} games)" for p in pairs]
    rows = [{"rate": p["a_win_rate"], "ci95": p["ci95"]} for p in pairs]
    fig, ax = plt.subplots(figsize=(max(7.5, 1.3 * len(pairs) + 2), 4.6))
    x = np.arange(len(pairs))
    ax.bar(x, [r["rate"] for r in rows], 0.6, yerr=_errors(rows), capsize=4, color=COLOURS[0],
           label="win rate of the first-named bot (draws count half)", error_kw={"ecolor": "#333333"})
    ax.axhline(0.5, color="#555555", linestyle="--", linewidth=1, label="even (50%)")
    ax.set_xticks(x)
    ax.set_xticklabels(labels, rotation=20 if len(pairs) > 4 else 0, ha="right" if len(pairs) > 4 else "center")
    ax.set_ylim(0, 1)
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    ax.set_title(title)
    ax.set_xlabel("pair (a vs b)")
    ax.set_ylabel("a's win rate")
    ax.legend(loc="upper right", fontsize="small", title="whiskers: 95% Wilson interval", title_fontsize="x-small")
    ax.grid(axis="y", alpha=0.3)
    return _png(fig)
