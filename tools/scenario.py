#!/usr/bin/env python3
"""Drive the Trench War rules core from the command line.

  scenario.py --new --players N [--seed S] [--set K=V ...] [--variant NAME ...]
      print the position at the start of setup
  scenario.py FILE [--do "ACTION; ACTION"] [--random K] [--seed S] [--json] [--write OUT]
      load a position (FILE or - for stdin), apply the actions, then K random legal
      decisions, and print the resulting position
  scenario.py FILE --legal          list the legal actions, one per line
  scenario.py FILE --view SEAT      print what SEAT may know (spectator: --view -)

An illegal or malformed action exits with status 2 and the reason on stderr;
FILE is never modified (``--write OUT`` saves the result atomically).
"""

from __future__ import annotations

import argparse
import json
import sys

import _common  # noqa: F401  (puts the repository on sys.path)
from _common import fail, read_text, write_atomic

from game.core.errors import GameError
from game.core.playout import random_steps
from game.core.rng import Rng
from game.trench import make_ruleset, new_game, parse_actions
from game.trench.notation import format_position, parse_position
from game.trench.view import redact_action, redact_events, view


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", nargs="?", help="position file, or - for standard input")
    p.add_argument("--new", action="store_true", help="start a new game instead of loading FILE")
    p.add_argument("--players", type=int, default=2, help="players for --new (2-4)")
    p.add_argument("--seed", type=int, default=0, help="seed: the new game's generator, and the "
                                                        "random decisions of --random")
    p.add_argument("--set", action="append", default=[], metavar="K=V", help="ruleset override")
    p.add_argument("--variant", action="append", default=[], metavar="NAME", help="ruleset variant")
    p.add_argument("--do", default="", metavar="ACTIONS", help="actions separated by ';'")
    p.add_argument("--random", type=int, default=0, metavar="K", help="then K random decisions")
    p.add_argument("--legal", action="store_true", help="list the legal actions")
    p.add_argument("--view", metavar="SEAT", help="print SEAT's view (- for the spectator view)")
    p.add_argument("--json", action="store_true", help="print position, events and actions as JSON")
    p.add_argument("--write", metavar="OUT", help="also save the resulting position to OUT")
    return p


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.new:
            rules = make_ruleset(args.set, args.variant)
            state = new_game(args.players, seed=args.seed, rules=rules)
        elif args.file:
            state = parse_position(read_text(args.file))
            if args.set or args.variant:
                fail("--set and --variant apply to --new; a position file carries its own rules")
        else:
            fail("give a position FILE (or - for stdin), or --new")
        applied, events = [], []
        for action in parse_actions(args.do):
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
    shown = state
    seat = None
    if args.view:
        seat = None if args.view in ("-", "spectator") else args.view.upper()
        try:
            shown = view(state, seat)
        except ValueError as exc:
            fail(str(exc))
        events = redact_events(events, seat)
        applied = [redact_action(a, seat) for a in applied]
    text = format_position(shown)
    if args.write:
        write_atomic(args.write, format_position(state))
    if args.json:
        print(json.dumps({"position": text, "actions": applied,
                          "events": [e.as_dict() for e in events],
                          "result": state.result.as_dict() if state.result else None},
                         indent=1, default=list))
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
