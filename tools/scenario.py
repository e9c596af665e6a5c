#!/usr/bin/env python3
"""Drive a game's rules core from the command line (any game on the table: --game NAME).

  scenario.py [--game G] --new [--players N] [--seed S] [--set K=V ...] [--variant NAME ...]
      print the position at the start of setup
  scenario.py [--game G] FILE [--do "ACTION; ACTION"] [--random K] [--seed S] [--json] [--write OUT]
      load a position (FILE or - for stdin), apply the actions, then K random legal
      decisions, and print the resulting position
  scenario.py [--game G] FILE --legal          list the legal actions, one per line
  scenario.py [--game G] FILE --view SEAT      print what SEAT may know (spectator: --view -)

An illegal or malformed action exits with status 2 and the reason on stderr;
FILE is never modified (``--write OUT`` saves the result atomically).
"""

from __future__ import annotations

import argparse
import json
import sys

from _common import (add_game_option, add_rules_options, check_players, count_type, fail, load_game,
                     read_text, run_main, seed_type, write_atomic)

from game.core.errors import GameError
from game.core.playout import random_steps
from game.core.rng import Rng

SPECTATOR = ("-", "spectator")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", nargs="?", help="position file, or - for standard input")
    add_game_option(p)
    p.add_argument("--new", action="store_true", help="start a new game instead of loading FILE")
    p.add_argument("--players", type=int, default=None, help="players for --new (default: the game's usual)")
    p.add_argument("--seed", type=seed_type, default=0, help="seed: the new game's generator, and the "
                                                             "random decisions of --random")
    add_rules_options(p)
    p.add_argument("--do", default="", metavar="ACTIONS", help="actions separated by ';'")
    p.add_argument("--random", type=count_type, default=0, metavar="K", help="then K random decisions")
    p.add_argument("--legal", action="store_true", help="list the legal actions")
    p.add_argument("--view", metavar="SEAT", help="print SEAT's view (- for the spectator view)")
    p.add_argument("--json", action="store_true", help="print position, events and actions as JSON")
    p.add_argument("--write", metavar="OUT", help="also save the resulting position to OUT")
    return p


def _viewer(game, state, name: str):
    """The seat named on the command line (None: spectator); an empty or unknown name is an error."""
    if name in SPECTATOR:
        return None
    seats = game.seats(state)
    seat = name.strip().upper()
    if seat not in seats:
        fail(f"--view {name!r} is not a seat in play (seats: {' '.join(seats)}; - for the spectator)")
    return seat


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    game = load_game(args.game)
    try:
        if args.new:
            players = game.default_players if args.players is None else args.players
            check_players(game, players)
            state = game.new_game(players, args.seed, game.make_ruleset(args.set, args.variant))
        elif args.file:
            if args.set or args.variant:
                fail("--set and --variant apply to --new; a position file carries its own rules")
            state = game.parse_position(read_text(args.file))
        else:
            fail("give a position FILE (or - for stdin), or --new")
        viewer = _viewer(game, state, args.view) if args.view is not None else None
        applied, events = [], []
        for action in game.parse_actions(args.do):
            events += state.apply(action)
            applied.append(str(action))

        def record(_state, action, new_events):
            applied.append(str(action))
            events.extend(new_events)

        random_steps(state, Rng(args.seed), args.random, on_step=record)
    except GameError as exc:
        fail(str(exc))
    if args.legal:
        for action in state.legal_actions():
            print(action)
        return 0
    if args.view is not None:
        text = game.format_view(game.view(state, viewer))
        events = game.redact_events(events, viewer)
        applied = [game.redact_action(a, viewer) for a in applied]
    else:
        text = game.format_position(state)
    if args.write:
        write_atomic(args.write, game.format_position(state))
    if args.json:
        print(json.dumps({"game": game.name, "position": text, "actions": applied,
                          "events": [e.as_dict() for e in events],
                          "result": game.result(state) if state.is_over() else None},
                         indent=1, default=list))
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    run_main(main)
