#!/usr/bin/env python3
"""Write (or check) the exact course of many seeded random games: every action, every event
(kind, data, text, who sees it) and the position text after each action.

  trace_games.py --out FILE [--game G ...] [--games N] [--variant V ...]
                                                           write the traces' digests (and with
                                                           --full, the traces themselves)
  trace_games.py --check FILE                              replay the same games here and say
                                                           where the first difference is

For changes that must not change play (speed work, refactoring): write FILE on the tree before,
check it on the tree after.  Games cycle through each game's player counts; the player
decisions come from their own seeded generator, the chance outcomes from the state's.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys

from _common import run_main

from game.core.playout import random_action
from game.core.registry import game_names, get_game
from game.core.rng import Rng


def game_lines(spec, players: int, seed: int, variants=()):
    """The lines of one game's trace: the start position, then per action its text, its events
    and the position after it."""
    state = spec.new_game(players, seed, spec.make_ruleset([], list(variants)))
    rng = Rng(seed ^ 0x5EED)
    yield "start " + spec.format_position(state)
    steps = 0
    while not state.is_over() and steps < 20000:
        action = random_action(state, rng)
        events = state.apply(action)
        yield f"action {action}"
        for e in events:
            seen = None if e.seen_by is None else sorted(e.seen_by)
            yield f"event {e.kind} {e.data!r} {e.text!r} {seen!r}"
        yield "position " + spec.format_position(state)
        steps += 1


def traces(games: list, count: int, variants=()):
    """``(game, players, seed, lines)`` of every game traced, the lines made on demand."""
    for name in games:
        spec = get_game(name)
        for i in range(count):
            players = spec.players[i % len(spec.players)]
            if "open-teams" in variants or "hidden-teams" in variants:
                players = 4
            yield name, players, i, game_lines(spec, players, i, variants)


def write(args) -> int:
    out = {"games": args.game or game_names(), "count": args.games, "variants": args.variant or [],
           "digests": {}}
    full = open(args.full, "w") if args.full else None
    for name, players, seed, lines in traces(out["games"], args.games, out["variants"]):
        h = hashlib.sha256()
        for line in lines:
            h.update(line.encode() + b"\n")
            if full:
                full.write(f"{name} {players} {seed} {line}\n")
        out["digests"].setdefault(name, []).append([players, seed, h.hexdigest()])
    if full:
        full.close()
    with open(args.out, "w") as f:
        json.dump(out, f, indent=0)
    print(f"wrote {sum(len(v) for v in out['digests'].values())} game traces to {args.out}")
    return 0


def check(args) -> int:
    with open(args.check) as f:
        want = json.load(f)
    bad = 0
    for name, players, seed, lines in traces(want["games"], want["count"], want.get("variants", ())):
        expected = {(p, s): d for p, s, d in want["digests"][name]}[(players, seed)]
        got = list(lines)
        h = hashlib.sha256()
        for line in got:
            h.update(line.encode() + b"\n")
        if h.hexdigest() != expected:
            bad += 1
            print(f"DIFFERENT: {name}, {players} players, seed {seed} (write --full on both trees "
                  f"and diff them to see the first line)")
    total = sum(len(v) for v in want["digests"].values())
    print(f"{total - bad} of {total} games identical ({', '.join(want['games'])})")
    return 1 if bad else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", help="write the digests to this file")
    p.add_argument("--full", help="with --out: also write every trace line to this file")
    p.add_argument("--check", help="replay the games of this digest file and compare")
    p.add_argument("--game", action="append", choices=game_names(), help="a game (repeatable; default all)")
    p.add_argument("--games", type=int, default=300, help="games per game (default 300)")
    p.add_argument("--variant", action="append", help="a ruleset variant for every game (repeatable; "
                   "open-teams and hidden-teams are played by 4)")
    args = p.parse_args(argv)
    if bool(args.out) == bool(args.check):
        p.error("give --out FILE or --check FILE")
    return write(args) if args.out else check(args)


if __name__ == "__main__":
    run_main(main)
