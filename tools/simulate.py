#!/usr/bin/env python3
"""Play whole games with random legal decisions and check invariants (any game: --game NAME).

  simulate.py [--game G] --games N [--players K] [--seed S] [--variant NAME ...] [--set K=V ...] [--json]
  simulate.py [--game G] --extreme N [--players K] [--seed S] [--json]

After every action it checks the game's invariants (``check_invariants``: for Trench War cube
conservation, one soldier per cell, heights 0-2, nobody on a wall or off the board, belongings within
the ruleset's limits, 12 cards per player, ...), that the position text round-trips (parse then format
gives the same text, and the parsed state equals the state field by field: a field the writer drops is
caught), that every seat's view (and the spectator's) parses back to the same view and, where the game
provides it (``invariants.check_view``), holds no other seat's secret, that no viewer is shown an event
meant for others (``seen_by``), and, where the game provides an
``invariants.EventAudit``, that the events tell the same story as the state (points scored = the
scoreboard).

``--extreme N`` soaks unusual rulesets: every ruleset key at its minimum, every key at its maximum,
then N rulesets of random legal values (a ruleset the game rejects as a whole is counted, not played);
``--games`` games are played under each.

Exit status 1 if any game raised or broke an invariant.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections import Counter

from _common import (add_game_option, add_rules_options, check_players, check_seed_run, count_type, fail, load_game,
                     run_main, seed_type)

from game.core.errors import GameError
from game.core.playout import random_action
from game.core.registry import GAME_MODULES
from game.core.rng import Rng

#: A game still running after this many actions counts as an error (it should have ended).
MAX_ACTIONS = 200_000


#: State slots that are derived or no part of the position (caches, indexes, quiet mode).
_DERIVED_SLOTS = frozenset(("legal_cache", "index", "quiet", "table"))


def _slots(obj) -> list[str]:
    return [s for cls in type(obj).__mro__ for s in getattr(cls, "__slots__", ())] + list(getattr(obj, "__dict__", ()))


def state_difference(a, b) -> str | None:
    """The first field in which two states differ (None if none): by ``key()`` where the state has
    one, else slot by slot, never by their texts (which share the writer's blind spots)."""
    if type(a) is not type(b):
        return f"type {type(a).__name__} != {type(b).__name__}"
    for slot in _slots(a):
        if slot in _DERIVED_SLOTS:
            continue
        if getattr(a, slot, None) != getattr(b, slot, None):
            return slot
    if hasattr(a, "key") and a.key() != b.key():
        return "key()"
    return None


def game_hooks(game) -> tuple:
    """``(check_view, EventAudit)`` from the game's ``invariants`` module, each None if absent."""
    package = GAME_MODULES.get(game.name, "").rpartition(".")[0]
    try:
        module = importlib.import_module(package + ".invariants")
    except ImportError:
        return None, None
    return getattr(module, "check_view", None), getattr(module, "EventAudit", None)


def check_position(game, state, hooks) -> list[str]:
    """The invariants, the position round trip (text and state) and every seat's view."""
    problems = list(game.check_invariants(state))
    text = game.format_position(state)
    parsed = game.parse_position(text)
    if game.format_position(parsed) != text:
        problems.append("notation: the position text does not round-trip")
    differs = state_difference(parsed, state)
    if differs:
        problems.append(f"notation: the parsed position differs from the state in {differs}")
    check_view = hooks[0]
    for seat in (None,) + tuple(game.seats(state)):
        v = game.view(state, seat)
        vtext = game.format_view(v)
        back = game.parse_position(vtext)
        if game.format_view(back) != vtext:
            problems.append(f"notation: the view of {seat} does not round-trip")
        differs = state_difference(back, v)
        if differs:
            problems.append(f"notation: the parsed view of {seat} differs in {differs}")
        if check_view is not None:
            problems += check_view(state, v)
    return problems


def check_events(game, state, events) -> list[str]:
    """Every viewer (the spectator included) is shown only the events meant for it (``seen_by``)."""
    problems = []
    for viewer in (None,) + tuple(game.seats(state)):
        for e in game.redact_events(list(events), viewer):
            if e.seen_by is not None and (viewer is None or viewer not in e.seen_by):
                who = "the spectator" if viewer is None else viewer
                problems.append(f"events: {who} is shown the private '{e.kind}' event of {sorted(e.seen_by)}")
    return problems


def play_one(game, players: int, seed: int, rules, check: bool = True) -> dict:
    """One random game; returns its figures and the first error, if any."""
    state = None
    actions = 0
    hooks = game_hooks(game) if check else (None, None)
    try:
        state = game.new_game(players, seed, rules)
        audit = hooks[1](state) if hooks[1] is not None else None
        rng = Rng(seed ^ 0x5EED)
        while not state.is_over():
            action = random_action(state, rng)
            events = state.apply(action)
            actions += 1
            if check:
                problems = check_position(game, state, hooks) + check_events(game, state, events or ())
                if audit is not None:
                    problems += audit.check(state, events or ())
                if problems:
                    return {"seed": seed, "actions": actions, "error": f"after '{action}': {problems[0]}",
                            "rounds": getattr(state, "round", None)}
            if actions > MAX_ACTIONS:
                return {"seed": seed, "actions": actions, "error": "game did not end",
                        "rounds": getattr(state, "round", None)}
    except Exception as exc:  # a crash is a finding, reported with its seed
        return {"seed": seed, "actions": actions, "rounds": getattr(state, "round", None),
                "error": f"{type(exc).__name__}: {exc}"}
    result = game.result(state)
    return {"seed": seed, "actions": actions, "rounds": getattr(state, "round", None), "error": None,
            "reason": result.get("reason"), "winners": list(result.get("winners", ())), "result": result}


def extreme_rulesets(game, count: int, seed: int) -> list[tuple[str, list[str]]]:
    """(label, settings) pairs: all keys at minimum, all at maximum, then ``count`` random ones."""
    keys = game.extras.get("ruleset_keys")
    if not keys:
        fail(f"{game.name} does not list its ruleset keys, so --extreme cannot vary them")

    def bound(allowed, which):
        """The lowest or highest value of an integer range; None for switches and choices."""
        if len(allowed) == 2 and all(type(v) is int for v in allowed):
            return allowed[0] if which == "min" else allowed[1]
        return None

    rng = Rng(seed)
    sets = []
    for which in ("min", "max"):
        sets.append((which, [f"{k}={bound(allowed, which)}" for k, (_d, allowed, *_r) in keys.items()
                             if bound(allowed, which) is not None]))
    for i in range(count):
        chosen = []
        for key, (_default, allowed, *_rest) in keys.items():
            if isinstance(_default, bool):
                continue  # variants are switched by name, not soaked at random
            if isinstance(_default, int):
                lo, hi = allowed
                value = lo + rng.below(hi - lo + 1)
            else:
                value = allowed[rng.below(len(allowed))]
            chosen.append(f"{key}={value}")
        sets.append((f"random-{i}", chosen))
    return sets


def run_games(game, args, rules, label: str = "") -> list[dict]:
    """``--games`` games from ``--seed`` on, with a progress bar and ETA on a terminal (tqdm)."""
    from tqdm import tqdm

    seeds = tqdm(range(args.seed, args.seed + args.games), desc=label or game.name, unit="game", leave=False,
                 disable=True if args.quiet else None, file=sys.stderr, dynamic_ncols=True)
    return [play_one(game, args.players, seed, rules, not args.no_check) for seed in seeds]


def report_of(game, args, results, elapsed) -> dict:
    errors = [r for r in results if r["error"]]
    actions = sum(r["actions"] for r in results)
    done = [r for r in results if not r["error"]]
    rounds = [r["rounds"] for r in results if r["rounds"] is not None]
    report = {
        "game": game.name, "games": len(results), "players": args.players, "variants": args.variant,
        "errors": len(errors), "actions": actions,
        "actions_per_s": round(actions / elapsed, 1) if elapsed else None,
        "rounds_mean": round(sum(rounds) / len(rounds), 2) if rounds else None,
        "endings": dict(Counter(r["reason"] for r in done)),
        "wins": dict(sorted(Counter(w for r in done for w in r["winners"]).items())),
        "seconds": round(elapsed, 2), "checked": not args.no_check, "first_errors": errors[:5],
    }
    if game.summarize is not None:
        report.update(game.summarize([r["result"] for r in done]))
    return report


def print_report(report: dict, label: str = "") -> None:
    checks = "with checks" if report["checked"] else "no checks"
    print(f"{label}{report['games']} games of {report['game']}, {report['players']} players"
          f"{' (' + ', '.join(report['variants']) + ')' if report['variants'] else ''}: "
          f"{report['errors']} errors, {report['actions']} actions, {report['actions_per_s']} actions/s "
          f"({checks})" + (f", {report['rounds_mean']} rounds on average" if report["rounds_mean"] is not None
                           else ""))
    print("endings: " + ", ".join(f"{k} {v}" for k, v in report["endings"].items()))
    print("wins: " + ", ".join(f"{k} {v}" for k, v in report["wins"].items()))
    for key, value in report.items():
        if key not in ("game", "games", "players", "variants", "errors", "actions", "actions_per_s",
                       "rounds_mean", "endings", "wins", "seconds", "checked", "first_errors",
                       "ruleset", "settings"):
            print(f"{key}: {value}")
    for e in report["first_errors"]:
        print(f"seed {e['seed']}: {e['error']}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_option(p)
    p.add_argument("--games", type=count_type, default=100)
    p.add_argument("--players", type=int, default=None, help="players (default: the game's usual)")
    p.add_argument("--seed", type=seed_type, default=0, help="seed of the first game (then +1 per game)")
    add_rules_options(p)
    p.add_argument("--extreme", type=count_type, default=None, metavar="N",
                   help="soak minimum, maximum and N random rulesets instead of one")
    p.add_argument("--no-check", action="store_true", help="skip the per-action invariant checks")
    p.add_argument("--quiet", action="store_true", help="no progress bar (it shows only on a terminal anyway)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    game = load_game(args.game)
    if args.players is None:
        args.players = game.default_players
    check_players(game, args.players)
    check_seed_run(args.seed, args.games or 0)
    if args.extreme is not None:
        return soak(game, args)
    try:
        rules = game.make_ruleset(args.set, args.variant)
        game.new_game(args.players, 0, rules)  # validates players against the variants
    except GameError as exc:
        fail(str(exc))
    started = time.perf_counter()
    results = run_games(game, args, rules)
    report = report_of(game, args, results, time.perf_counter() - started)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_report(report)
    return 1 if report["errors"] else 0


def soak(game, args) -> int:
    """Play ``--games`` games under each extreme ruleset; report each and the rejected ones."""
    reports, rejected = [], []
    for label, settings in extreme_rulesets(game, args.extreme, args.seed):
        try:
            rules = game.make_ruleset(settings + list(args.set), args.variant)
            game.new_game(args.players, 0, rules)
        except GameError as exc:
            rejected.append({"ruleset": label, "reason": str(exc)})
            continue
        started = time.perf_counter()
        report = report_of(game, args, run_games(game, args, rules, label), time.perf_counter() - started)
        report["ruleset"] = label
        report["settings"] = settings
        reports.append(report)
    errors = sum(r["errors"] for r in reports)
    if args.json:
        print(json.dumps({"game": game.name, "rulesets": len(reports), "rejected": rejected,
                          "errors": errors, "reports": reports}, indent=1))
    else:
        for r in reports:
            print_report(r, label=f"[{r['ruleset']}] ")
        for r in rejected:
            print(f"[{r['ruleset']}] rejected: {r['reason']}")
        print(f"{len(reports)} rulesets played, {len(rejected)} rejected, {errors} errors")
    return 1 if errors else 0


if __name__ == "__main__":
    run_main(main)
