"""The metrics of a balance report, computed from ``games.jsonl`` lines (one arm at a time).

Rates carry a 95% Wilson interval, means a 95% bootstrap interval (:mod:`game.workbench.stats`).
A game with several winners (Two Mists) counts one win for each winning seat; a game with none is a
draw.  The lead metrics follow Browne's and Ludii's: from each game's standings (the spectator's
score of every seat, sampled when it changes) come *decisiveness* (how far into the game, as a
share of its actions, the eventual sole winner takes the strict lead it keeps to the end: small is
an early decision), *lead changes* (how often the strict leader changes hands) and *comebacks*
(the winner trailed strictly at some point).  ``lead_course`` is the winner's margin over the best
other seat at ten points of each game's course.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict

from .stats import bootstrap_interval, mean, wilson

#: Points of a game's course (share of its actions) at which the winner's margin is read.
COURSE_POINTS = tuple(i / 10 for i in range(11))


def rate(successes: float, n: int) -> dict:
    """``{"count", "n", "rate", "ci95"}`` of a proportion."""
    lo, hi = wilson(successes, n)
    return {"count": successes, "n": n, "rate": round(successes / n, 4) if n else None,
            "ci95": [round(lo, 4), round(hi, 4)]}


def summary(values, seed: int = 0) -> dict:
    """``{"n", "mean", "ci95", "median", "min", "max"}`` of numbers (None fields for no values)."""
    values = [v for v in values if v is not None]
    if not values:
        return {"n": 0, "mean": None, "ci95": None, "median": None, "min": None, "max": None}
    ci = bootstrap_interval(values, seed)
    return {"n": len(values), "mean": round(mean(values), 4), "ci95": [round(ci[0], 4), round(ci[1], 4)],
            "median": statistics.median(values), "min": min(values), "max": max(values)}


# -- per game ------------------------------------------------------------------------------
def winners(line: dict) -> list:
    return list((line.get("result") or {}).get("winners") or [])


def leader(scores: dict):
    """The seat with the strictly highest score, or None on a tie."""
    if not scores:
        return None
    best = max(scores.values())
    top = [s for s, v in scores.items() if v == best]
    return top[0] if len(top) == 1 else None


def lead_figures(line: dict) -> dict | None:
    """Decisiveness, lead changes, comeback and the margin course of one game (None without a
    standing history or a sole winner)."""
    standings = line.get("standings") or []
    won = winners(line)
    actions = line["figures"].get("actions") or 0
    if not standings or actions <= 0:
        return None
    leaders = [leader(s) for _, s in standings]
    named = [x for x in leaders if x is not None]
    changes = sum(1 for a, b in zip(named, named[1:]) if a != b)
    out = {"lead_changes": changes}
    if len(won) != 1:
        return out
    w = won[0]
    # the lead the winner keeps starts at the first sample of its last unbroken run as sole leader
    taken = None
    for at, s in standings:
        if leader(s) == w:
            taken = at if taken is None else taken
        else:
            taken = None
    out["decisiveness"] = round(min(1.0, taken / actions), 4) if taken is not None else 1.0
    out["comeback"] = any(w in s and max(s.values()) > s[w] for _, s in standings)
    course = []
    k = 0
    for p in COURSE_POINTS:
        at = p * actions
        while k + 1 < len(standings) and standings[k + 1][0] <= at:
            k += 1
        s = standings[k][1]
        others = [v for seat, v in s.items() if seat != w]
        course.append((s.get(w, 0) - max(others)) if others else 0)
    out["course"] = course
    return out


# -- one arm -------------------------------------------------------------------------------
def arm_metrics(lines: list, seats: list, seed: int = 0) -> dict:
    """Every metric of one arm's games (``lines``: its ``main`` games without errors)."""
    n = len(lines)
    out: dict = {"games": n}
    wins = Counter(w for line in lines for w in winners(line))
    out["win_rate_by_seat"] = {s: rate(wins[s], n) for s in seats}
    draws = sum(1 for line in lines if not winners(line))
    out["draws"] = rate(draws, n)
    firsts = [line for line in lines if line["figures"].get("first")]
    out["first_player"] = rate(sum(1 for line in firsts if line["figures"]["first"] in winners(line)), len(firsts))
    out["first_player"]["fair"] = round(1 / len(seats), 4) if seats else None
    out["win_rate_by_turn_order"] = _turn_order(firsts)
    levels = sorted({lvl for line in lines for lvl in line["seats"].values()})
    if len(levels) > 1:
        seat_games, seat_wins = Counter(), Counter()
        for line in lines:
            for s, lvl in line["seats"].items():
                seat_games[lvl] += 1
                seat_wins[lvl] += s in winners(line)
        out["win_rate_by_bot"] = {lvl: rate(seat_wins[lvl], seat_games[lvl]) for lvl in levels}
    endings = Counter(line["figures"]["ending"] for line in lines)
    out["endings"] = {k: rate(v, n) for k, v in sorted(endings.items(), key=lambda kv: -kv[1])}
    length = {"actions": summary([line["figures"]["actions"] for line in lines], seed)}
    units = sorted({u for line in lines for u in line["figures"].get("length", {})})
    for u in units:
        length[u] = summary([line["figures"]["length"].get(u) for line in lines], seed + 1)
    for name in sorted({e for line in lines for e in line["figures"].get("estimates", {})}):
        length[name] = summary([line["figures"]["estimates"].get(name) for line in lines], seed + 2)
    out["length"] = length
    out["lead"] = _lead(lines, seed)
    out["sources"] = _sources(lines, seats, seed)
    out["questions"] = _questions(lines, seed)
    roles = _roles(lines)
    if roles:
        out["roles"] = roles
    contexts = _contexts(lines)
    if contexts:
        out["contexts"] = contexts
    out["fired"] = _fired(lines)
    return out


def _turn_order(lines) -> dict:
    """Win rate by place in the turn order ("1": the first player, "2": the next seat in the
    game's seat order, ...)."""
    wins, games = Counter(), Counter()
    for line in lines:
        order = line["order"]
        start = order.index(line["figures"]["first"])
        for place in range(len(order)):
            seat = order[(start + place) % len(order)]
            games[place + 1] += 1
            wins[place + 1] += seat in winners(line)
    return {str(p): rate(wins[p], games[p]) for p in sorted(games)}


def _lead(lines, seed) -> dict:
    figures = [f for f in (lead_figures(line) for line in lines) if f is not None]
    decided = [f for f in figures if "decisiveness" in f]
    out = {"games": len(figures),
           "decisiveness": summary([f["decisiveness"] for f in decided], seed + 3),
           "lead_changes": summary([f["lead_changes"] for f in figures], seed + 4),
           "comebacks": rate(sum(1 for f in decided if f["comeback"]), len(decided))}
    courses = [f["course"] for f in decided if "course" in f]
    out["course"] = [{"progress": p, **summary([c[i] for c in courses], seed + 5 + i)}
                     for i, p in enumerate(COURSE_POINTS)] if courses else []
    return out


def _sources(lines, seats, seed) -> dict:
    """Points per game from each source (all seats together), and each source's share of the
    winners' points."""
    names = sorted({src for line in lines for per in line["figures"].get("sources", {}).values() for src in per})
    out = {}
    for src in names:
        per_game, by_winner = [], 0
        for line in lines:
            per = line["figures"].get("sources", {})
            per_game.append(sum(per.get(s, {}).get(src, 0) for s in per))
            by_winner += sum(per.get(w, {}).get(src, 0) for w in winners(line))
        out[src] = {**summary(per_game, seed + 20), "winners_points": by_winner}
    return out


def _questions(lines, seed) -> dict:
    names = sorted({q for line in lines for q in line["figures"].get("questions", {})})
    out = {}
    n = len(lines)
    for q in names:
        values = [line["figures"].get("questions", {}).get(q) for line in lines]
        if all(isinstance(v, bool) or v is None for v in values):
            out[q] = {"kind": "rate", **rate(sum(1 for v in values if v), n)}
        else:
            out[q] = {"kind": "mean", **summary(values, seed + 30)}
    return out


def _roles(lines) -> dict:
    games, won = Counter(), Counter()
    for line in lines:
        for seat, role in (line["figures"].get("roles") or {}).items():
            games[role] += 1
            won[role] += seat in winners(line)
    return {role: rate(won[role], games[role]) for role in sorted(games)}


def _contexts(lines) -> dict:
    """Per context (Two Mists: the world), how many games and the win rate of each role in it."""
    out: dict = {}
    for line in lines:
        for name, value in (line["figures"].get("context") or {}).items():
            out.setdefault(name, {}).setdefault(value, []).append(line)
    n = len(lines)
    return {name: {value: {"games": rate(len(ls), n), "roles": _roles(ls)} for value, ls in sorted(vals.items())}
            for name, vals in out.items()}


def _fired(lines) -> dict:
    counts: dict = defaultdict(Counter)
    games_with: dict = defaultdict(Counter)
    for line in lines:
        for category, fired in (line["figures"].get("fired") or {}).items():
            for name, k in fired.items():
                counts[category][name] += k
                games_with[category][name] += 1
    return {c: {"counts": dict(sorted(counts[c].items(), key=lambda kv: -kv[1])),
                "games_with": dict(games_with[c])} for c in sorted(counts)}


def never_fired(fired: dict, universe: dict) -> dict:
    """``{category: [names in the universe that never fired]}`` (categories with a universe only)."""
    return {c: [name for name in names if not fired.get(c, {}).get("counts", {}).get(name)]
            for c, names in universe.items()}


def gradient_metrics(lines: list, stronger: str, players: int) -> dict:
    """The skill gradient: the share of games the stronger level wins when it sits alone against
    the level below (a shared or drawn game counts as a share).  Flagged when the stronger bot does
    not win more than its fair share (1 / players)."""
    n = len(lines)
    share = 0.0
    for line in lines:
        won = winners(line)
        strong = [s for s, lvl in line["seats"].items() if lvl == stronger]
        if won:
            share += sum(1 for s in won if s in strong) / len(won)
        else:
            share += len(strong) / max(len(line["seats"]), 1)
    fair = 1 / players
    out = rate(round(share, 4), n)
    out["fair"] = round(fair, 4)
    if n == 0:
        out["flag"] = None
        out["verdict"] = "no gradient games"
    elif out["rate"] <= fair:
        out["flag"] = True
        out["verdict"] = (f"FLAG: {stronger} wins {out['rate']:.0%} alone against the level below, no more "
                          f"than its fair share {fair:.0%}: this ruleset may have stopped being a game of skill")
    elif out["ci95"][0] <= fair:
        out["flag"] = False
        out["verdict"] = (f"{stronger} wins {out['rate']:.0%} (fair share {fair:.0%}), but the 95% interval "
                          f"reaches the fair share: more games are needed to be sure skill pays")
    else:
        out["flag"] = False
        out["verdict"] = f"{stronger} wins {out['rate']:.0%} against the level below (fair share {fair:.0%}): skill pays"
    return out
