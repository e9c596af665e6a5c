#!/usr/bin/env python3
"""Play whole Trench War games with random legal decisions and check invariants.

  simulate.py --games N --players K [--seed S] [--variant NAME ...] [--set K=V ...] [--json]

After every action it checks: cube conservation, one soldier per cell, heights
0-2, nobody on a wall, 12 cards per player, and that the position text round-trips.
Exit status 1 if any game raised or broke an invariant.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

import _common  # noqa: F401
from _common import fail

from game.core.errors import GameError
from game.core.playout import random_action
from game.core.rng import Rng
from game.trench import make_ruleset, new_game
from game.trench.invariants import check_invariants
from game.trench.notation import format_position, parse_position


def play_one(players: int, seed: int, rules, check: bool = True) -> dict:
    """One random game; returns its figures and the first error, if any."""
    state = new_game(players, seed=seed, rules=rules)
    rng = Rng(seed ^ 0x5EED)
    actions = 0
    try:
        while not state.is_over():
            action = random_action(state, rng)
            state.apply(action)
            actions += 1
            if check:
                problems = check_invariants(state)
                text = format_position(state)
                if format_position(parse_position(text)) != text:
                    problems.append("notation: the position text does not round-trip")
                if problems:
                    return {"seed": seed, "actions": actions, "error": f"after '{action}': {problems[0]}",
                            "rounds": state.round}
            if actions > 200_000:
                return {"seed": seed, "actions": actions, "error": "game did not end",
                        "rounds": state.round}
    except Exception as exc:  # a crash is a finding, reported with its seed
        return {"seed": seed, "actions": actions, "rounds": state.round,
                "error": f"{type(exc).__name__}: {exc}"}
    return {"seed": seed, "actions": actions, "rounds": state.round, "error": None,
            "reason": state.result.reason, "winners": state.result.winners}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--seed", type=int, default=0, help="seed of the first game (then +1 per game)")
    p.add_argument("--variant", action="append", default=[], metavar="NAME")
    p.add_argument("--set", action="append", default=[], metavar="K=V")
    p.add_argument("--no-check", action="store_true", help="skip the per-action invariant checks")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    try:
        rules = make_ruleset(args.set, args.variant)
        new_game(args.players, rules=rules)  # validates players against the variants
    except GameError as exc:
        fail(str(exc))
    started = time.perf_counter()
    results = [play_one(args.players, args.seed + i, rules, not args.no_check) for i in range(args.games)]
    elapsed = time.perf_counter() - started
    errors = [r for r in results if r["error"]]
    actions = sum(r["actions"] for r in results)
    endings = Counter(r.get("reason") for r in results if not r["error"])
    wins = Counter(w for r in results if not r["error"] for w in r["winners"])
    report = {
        "games": args.games, "players": args.players, "variants": args.variant,
        "errors": len(errors), "actions": actions,
        "actions_per_s": round(actions / elapsed, 1) if elapsed else None,
        "rounds_mean": round(sum(r["rounds"] for r in results) / max(1, len(results)), 2),
        "endings": dict(endings), "wins": dict(sorted(wins.items())),
        "seconds": round(elapsed, 2), "first_errors": errors[:5],
    }
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"{report['games']} games, {report['players']} players"
              f"{' (' + ', '.join(args.variant) + ')' if args.variant else ''}: "
              f"{report['errors']} errors, {actions} actions, {report['actions_per_s']} actions/s "
              f"(with checks), {report['rounds_mean']} rounds on average")
        print("endings: " + ", ".join(f"{k} {v}" for k, v in endings.items()))
        print("wins: " + ", ".join(f"{k} {v}" for k, v in sorted(wins.items())))
        for e in errors[:5]:
            print(f"seed {e['seed']}: {e['error']}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
