"""A/B: every metric of two arms side by side, with its difference and a significance test,
corrected for the number of metrics compared (Holm by default, or Benjamini–Hochberg).

Rates (win rates, endings, draws, comebacks, yes/no questions) are compared with the pooled
two-proportion z test; means (lengths, points per source, lead changes, numeric questions) with a
bootstrap test of the difference of means.  A metric whose adjusted p-value is below ``alpha`` is
marked significant.  A metric that is the same constant in both arms (never or always in both)
has nothing to test: it is listed as ``untested`` and not counted in the correction.
"""

from __future__ import annotations

from .stats import CORRECTIONS, bootstrap_test, two_proportion_test


def _rate_rows(a: dict, b: dict) -> list[tuple]:
    """``(name, row_a, row_b)`` for every rate metric present in either arm."""
    rows = []

    def add(name, ra, rb):
        if ra is not None or rb is not None:
            rows.append((name, ra, rb))

    for seat in sorted(set(a["win_rate_by_seat"]) | set(b["win_rate_by_seat"])):
        add(f"win rate of seat {seat}", a["win_rate_by_seat"].get(seat), b["win_rate_by_seat"].get(seat))
    add("first player's win rate", a["first_player"], b["first_player"])
    for place in sorted(set(a.get("win_rate_by_turn_order", {})) | set(b.get("win_rate_by_turn_order", {})))[1:]:
        add(f"win rate of place {place} in the turn order", a["win_rate_by_turn_order"].get(place),
            b["win_rate_by_turn_order"].get(place))
    add("draws", a["draws"], b["draws"])
    for e in sorted(set(a["endings"]) | set(b["endings"])):
        add(f"ending: {e}", a["endings"].get(e), b["endings"].get(e))
    add("comebacks (winner once behind)", a["lead"]["comebacks"], b["lead"]["comebacks"])
    for q in sorted(set(a["questions"]) | set(b["questions"])):
        qa, qb = a["questions"].get(q), b["questions"].get(q)
        if (qa or qb or {}).get("kind") == "rate":
            add(q, qa, qb)
    for r in sorted(set(a.get("roles", {})) | set(b.get("roles", {}))):
        add(f"win rate of {r}", a.get("roles", {}).get(r), b.get("roles", {}).get(r))
    return rows


def _mean_rows(a: dict, b: dict, values_a: dict, values_b: dict) -> list[tuple]:
    rows = []
    for name in sorted(set(values_a) | set(values_b)):
        rows.append((name, values_a.get(name, []), values_b.get(name, [])))
    return rows


def per_game_values(lines: list, metrics_module) -> dict:
    """``{metric name: [value per game]}`` of the mean metrics, from an arm's lines."""
    out: dict = {}
    for line in lines:
        f = line["figures"]
        out.setdefault("length: actions", []).append(f["actions"])
        for unit, v in (f.get("length") or {}).items():
            out.setdefault(f"length: {unit}", []).append(v)
        for name, v in (f.get("estimates") or {}).items():
            out.setdefault(f"length: {name}", []).append(v)
        per = f.get("sources") or {}
        for src in sorted({s for p in per.values() for s in p}):
            out.setdefault(f"points per game: {src}", []).append(sum(p.get(src, 0) for p in per.values()))
        for q, v in (f.get("questions") or {}).items():
            if not isinstance(v, bool) and isinstance(v, (int, float)):
                out.setdefault(q, []).append(v)
        lead = metrics_module.lead_figures(line)
        if lead is not None:
            out.setdefault("lead changes", []).append(lead["lead_changes"])
            if "decisiveness" in lead:
                out.setdefault("decisiveness (when the winner's lead starts)", []).append(lead["decisiveness"])
    return out


def compare(a: dict, b: dict, lines_a: list, lines_b: list, correction: str = "holm", alpha: float = 0.05,
            seed: int = 0) -> dict:
    """The comparison table of two arms' metrics (``a``, ``b``) and their games."""
    from . import metrics as metrics_module

    rows, untested = [], []
    for name, ra, rb in _rate_rows(a, b):
        ra = ra or {"count": 0, "n": a["games"], "rate": 0.0}
        rb = rb or {"count": 0, "n": b["games"], "rate": 0.0}
        if not ra.get("n") or not rb.get("n"):
            continue
        if ra["rate"] == rb["rate"] and ra["rate"] in (0.0, 1.0):
            untested.append(name)      # never (or always) in both arms: nothing to test
            continue
        p = two_proportion_test(ra["count"], ra["n"], rb["count"], rb["n"])
        rows.append({"metric": name, "kind": "rate", "test": "two-proportion z", "a": ra["rate"], "b": rb["rate"],
                     "a_ci95": ra.get("ci95"), "b_ci95": rb.get("ci95"),
                     "difference": round((rb["rate"] or 0) - (ra["rate"] or 0), 4), "p": p})
    va = per_game_values(lines_a, metrics_module)
    vb = per_game_values(lines_b, metrics_module)
    for k, (name, xs, ys) in enumerate(_mean_rows(a, b, va, vb)):
        if not xs or not ys:
            continue
        if len(set(xs) | set(ys)) == 1:
            untested.append(name)      # the same constant in both arms
            continue
        ma, mb = sum(xs) / len(xs), sum(ys) / len(ys)
        p = bootstrap_test(xs, ys, seed=seed + k)
        rows.append({"metric": name, "kind": "mean", "test": "bootstrap", "a": round(ma, 4), "b": round(mb, 4),
                     "difference": round(mb - ma, 4), "p": p})
    adjusted = CORRECTIONS[correction]([r["p"] for r in rows])
    for r, q in zip(rows, adjusted):
        r["p"] = round(r["p"], 6)
        r["p_adjusted"] = round(q, 6)
        r["significant"] = q < alpha
    return {"correction": correction, "alpha": alpha, "tests": len(rows),
            "significant": [r["metric"] for r in rows if r["significant"]], "rows": rows,
            "untested": untested}
