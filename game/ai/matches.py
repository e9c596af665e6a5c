"""Bot-against-bot games and their statistics (the library behind ``tools/tournament.py``).

Game-agnostic: a game is reached through its ``GameSpec``; bots through :func:`make_bot`.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from itertools import combinations, permutations

from ..core.protocol import CHANCE
from ..core.registry import get_game
from . import make_bot

#: A game still running after this many decisions is stopped and counted as a draw.
MAX_DECISIONS = 5000


@dataclass
class GameRecord:
    """One finished game: who sat where, who won, and each level's decision times."""
    seats: dict                     # seat -> bot name
    winners: list                   # seats
    decisions: int
    times: dict = field(default_factory=dict)   # bot name -> [wall seconds of non-forced decisions]
    reason: str = ""
    cpu: dict = field(default_factory=dict)     # bot name -> [CPU seconds of non-forced decisions]
    capped: dict = field(default_factory=dict)  # bot name -> decisions cut short by the time cap


def play_game(game: str, players: int, lineup: tuple, seed: int, seconds=None, simulations=None,
              settings=(), variants=()) -> GameRecord:
    """Play one game; ``lineup[i]`` is the bot level of the i-th seat in ``spec.seats`` order."""
    spec = get_game(game)
    rules = spec.make_ruleset(list(settings), list(variants))
    state = spec.new_game(players, seed, rules)
    seats = spec.seats(state)
    bots = {s: make_bot(spec, lineup[i], seed=seed * 31 + i + 1, seconds=seconds, simulations=simulations)
            for i, s in enumerate(seats)}
    times: dict = {}
    cpu: dict = {}
    decisions = 0
    while not state.is_over() and decisions < MAX_DECISIONS:
        player = state.current_player()
        if player == CHANCE:
            state.apply(state.sample_chance())
            continue
        legal = state.legal_actions()
        bot = bots[player]
        action = bot.choose(spec.view(state, player), legal)
        if len(legal) > 1:
            name = lineup[seats.index(player)]
            times.setdefault(name, []).append(bot.last_seconds)
            cpu.setdefault(name, []).append(bot.last_cpu)
        state.apply(action)
        decisions += 1
    result = spec.result(state) if state.is_over() else None
    winners = list(result["winners"]) if result else []
    capped: dict = {}
    for i, s in enumerate(seats):
        n = getattr(bots[s], "capped", 0)
        if n:
            capped[lineup[i]] = capped.get(lineup[i], 0) + n
    return GameRecord(dict(zip(seats, lineup)), winners, decisions, times,
                      result.get("reason", "") if result else "decision limit", cpu, capped)


def play_task(task: tuple) -> GameRecord:
    """``play_game(*task)``: a picklable entry point for worker processes."""
    return play_game(*task)


def schedule(bots: list, players: int, games: int, lone: str | None = None) -> list:
    """``[(a, b, lineup), ...]``: for two players every unordered pair, seats alternating; for
    more, every ordered pair ``a`` alone against ``players - 1`` copies of ``b``, ``a`` rotating
    through the seats (``lone``: only the pairs whose lone bot is that one).  ``games`` tables
    per pair."""
    out = []
    pairs = combinations(bots, 2) if players == 2 else permutations(bots, 2)
    if lone is not None and players > 2:
        pairs = [(a, b) for a, b in pairs if a == lone]
    for a, b in pairs:
        for g in range(games):
            where = g % players
            lineup = tuple(a if i == where else b for i in range(players))
            out.append((a, b, lineup))
    return out


def score_pair(a: str, records: list) -> tuple:
    """``(a_wins, b_wins, draws)`` over games of one pair (a draw: no winner, or both sides win)."""
    aw = bw = dr = 0
    for r in records:
        a_won = any(r.seats[s] == a for s in r.winners)
        b_won = any(r.seats[s] != a for s in r.winners)
        if a_won and not b_won:
            aw += 1
        elif b_won and not a_won:
            bw += 1
        else:
            dr += 1
    return aw, bw, dr


def wilson(wins: float, n: int, z: float = 1.96) -> tuple:
    """The Wilson score interval of a proportion ``wins / n`` (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list, q: float) -> float:
    """The ``q`` quantile (0..1) by linear interpolation; 0.0 for no values."""
    if not values:
        return 0.0
    v = sorted(values)
    pos = (len(v) - 1) * q
    lo = int(math.floor(pos))
    hi = min(lo + 1, len(v) - 1)
    return v[lo] + (v[hi] - v[lo]) * (pos - lo)


def elo(bots: list, pairs: list) -> dict:
    """Elo ratings fitted to the pair results (Bradley-Terry by minorisation-maximisation,
    draws as half a win each way, a small prior of one draw against each opponent so an
    unbeaten bot stays finite), the first bot anchored at 1000."""
    score = {b: 0.0 for b in bots}
    games: dict = {}
    for p in pairs:
        a, b = p["a"], p["b"]
        score[a] += p["a_wins"] + 0.5 * p["draws"] + 0.5
        score[b] += p["b_wins"] + 0.5 * p["draws"] + 0.5
        n = p["games"] + 1
        games[a, b] = games.get((a, b), 0) + n
        games[b, a] = games.get((b, a), 0) + n
    strength = {b: 1.0 for b in bots}
    for _ in range(500):
        new = {}
        for i in bots:
            denom = sum(n / (strength[i] + strength[j]) for (x, j), n in games.items() if x == i)
            new[i] = score[i] / denom if denom else strength[i]
        strength = new
    anchor = strength[bots[0]]
    return {b: round(1000 + 400 * math.log10(strength[b] / anchor), 1) for b in bots}


def among_winners(a: str, records: list) -> dict:
    """For tables of one ``a`` among copies of another bot (3 or more players, where a game may
    have several winners): how often ``a`` is among the winners, its 95% interval, and the
    share an equal bot would get (the mean of winners per game / players), with their ratio."""
    n = len(records)
    hits = sum(1 for r in records if any(r.seats[s] == a for s in r.winners))
    equal = sum(len(r.winners) / len(r.seats) for r in records) / n if n else 0.0
    lo, hi = wilson(hits, n)
    rate = hits / n if n else 0.0
    ratio = (lambda x: round(x / equal, 3) if equal else None)
    return {"a_among_winners": round(rate, 4), "among_ci95": [round(lo, 4), round(hi, 4)],
            "equal_share": round(equal, 4), "share_ratio": ratio(rate),
            "share_ratio_ci95": [ratio(lo), ratio(hi)]}


def _spread(values: list) -> dict:
    return {"median": round(percentile(values, 0.5), 5), "p90": round(percentile(values, 0.9), 5)}


def summarize(bots: list, schedule_rows: list, records: list) -> dict:
    """The tournament's JSON: ``pairs``, ``decision_s``, ``decision_cpu_s``, ``capped``, ``elo``
    (see tools/tournament.py).  ``records[i]`` is the game of ``schedule_rows[i]``, or None for
    a game not played (an interrupted tournament): only finished games count."""
    by_pair: dict = {}
    for (a, b, _), r in zip(schedule_rows, records):
        pair = by_pair.setdefault((a, b), [])
        if r is not None:
            pair.append(r)
    pairs = []
    for (a, b), recs in by_pair.items():
        aw, bw, dr = score_pair(a, recs)
        n = len(recs)
        rate = (aw + 0.5 * dr) / n if n else 0.0
        lo, hi = wilson(aw + 0.5 * dr, n)
        row = {"a": a, "b": b, "games": n, "a_wins": aw, "b_wins": bw, "draws": dr,
               "a_win_rate": round(rate, 4), "ci95": [round(lo, 4), round(hi, 4)]}
        if recs and len(recs[0].seats) > 2:
            row.update(among_winners(a, recs))
        pairs.append(row)
    times: dict = {}
    cpu: dict = {}
    capped = {}
    for r in records:
        if r is None:
            continue
        for name, ts in r.times.items():
            times.setdefault(name, []).extend(ts)
        for name, ts in r.cpu.items():
            cpu.setdefault(name, []).extend(ts)
        for name, k in r.capped.items():
            capped[name] = capped.get(name, 0) + k
    return {"pairs": pairs, "decision_s": {name: _spread(ts) for name, ts in times.items()},
            "decision_cpu_s": {name: _spread(ts) for name, ts in cpu.items()},
            "capped": capped, "elo": elo(bots, pairs)}
