#!/usr/bin/env python3
"""Balance reports from many bot games, for any game on the table; A/B rulesets; one machine or Dask.

  balance.py --game G [--players K] [--bots LEVEL[,LEVEL...]] [--ruleset FILE] [--set K=V] [--variant V]
             [--against FILE | --against-set K=V | --against-variant V] [--against-seed S] [--from POSITION]
             --games N [--seed S] [--simulations K] [--gradient SHARE] [--correction holm|bh]
             [--jobs J | --cluster local:N | --cluster tcp://HOST:8786] --out DIR [--resume] [--json]
  balance.py --extract DIR/games.jsonl LINE --out GAME.twr

Plays N games per ruleset (arm A: the ruleset given; arm B with --against...: the other one) on the
same seeds with the same bots, seats rotating so every bot plays every seat equally; bots play at a
fixed simulation budget (--simulations, else each level's default), so results never depend on the
machine's load.  A share of extra games (--gradient, default 0.2) seats the strongest chosen level
alone against the level below, for the skill gradient.  Every finished game is appended to
DIR/games.jsonl as it ends (--resume continues an interrupted run without replaying them); at the
end DIR/report.html (self-contained, plots embedded), DIR/report.json (docs/workbench.md) and the
PNG plots are written and a short summary printed.  --jobs J plays on J local processes;
--cluster local:N on a Dask LocalCluster of N workers, --cluster tcp://HOST:8786 on a running Dask
scheduler (the optional extra: pip install -e '.[cluster]').  --extract writes one game of a run
as a game record that the replay viewer opens (python -m game.ui.replay GAME.twr).

Exit status 1 if a game raised an error (listed in the report), 2 for bad options.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys

import _common
from _common import add_game_option, check_players, count_type, fail, load_game, read_text, seed_type

from game.ai import LEVELS
from game.core.errors import GameError
from game.core.rulesets import key_name
from game.workbench import store
from game.workbench.execution import ClusterError, parse_cluster
from game.workbench.positions import PositionError, from_position
from game.workbench.report import build_report, summary_text, write_report
from game.workbench.run import Arm, RunConfig, execute


def ruleset_file_settings(spec, path: str) -> list[str]:
    """A ruleset file's ``key = value`` lines as ``key=value`` settings, each checked by the game
    (an error names the file and line)."""
    settings = []
    for number, raw in enumerate(read_text(path).splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line or line.startswith("["):
            continue
        key, sep, value = line.partition("=")
        if not sep:
            fail(f"{path}:{number}: expected key = value, got {line!r}")
        setting = f"{key_name(key)}={value.strip().strip(chr(34))}"
        try:
            spec.make_ruleset([setting], [])
        except GameError as exc:
            fail(f"{path}:{number}: {exc}")
        settings.append(setting)
    return settings


def describe(settings, variants) -> str:
    words = list(settings) + [f"variant {v}" for v in variants]
    return ", ".join(words) if words else "default"


def build_arms(spec, args) -> tuple:
    base_settings = (ruleset_file_settings(spec, args.ruleset) if args.ruleset else []) + list(args.set)
    base_variants = list(args.variant)
    label_a = (os.path.basename(args.ruleset) + (", " if args.set or args.variant else "") if args.ruleset else "") \
        + (describe(args.set, args.variant) if (args.set or args.variant or not args.ruleset) else "")
    arms = [Arm("A", label_a or "default", tuple(base_settings), tuple(base_variants))]
    if args.against or args.against_set or args.against_variant or args.against_seed is not None:
        settings = ruleset_file_settings(spec, args.against) if args.against else list(base_settings)
        settings += list(args.against_set)
        variants = base_variants + list(args.against_variant)
        if args.against:
            label = os.path.basename(args.against) + (", " + describe(args.against_set, args.against_variant)
                                                      if args.against_set or args.against_variant else "")
        else:
            label = describe(args.against_set, args.against_variant) if (args.against_set or args.against_variant) \
                else label_a + " (again)"
        if args.against_seed is not None:
            label += f", seeds from {args.against_seed}"
        arms.append(Arm("B", label, tuple(settings), tuple(variants), args.against_seed))
    return tuple(arms)


def check_arms(spec, arms, players: int, start: str | None) -> None:
    """Refuse, with the game's reason, an arm whose ruleset cannot be played (or started --from)."""
    for arm in arms:
        try:
            rules = spec.make_ruleset(list(arm.settings), list(arm.variants))
            if start is None:
                spec.new_game(players, 0, rules)
            else:
                from_position(spec, start, rules, 0)
        except PositionError as exc:
            fail(f"arm {arm.name} ({arm.label}): {exc}")
        except GameError as exc:
            fail(f"arm {arm.name} ({arm.label}): {exc}")


def extract(args) -> int:
    games_path, line = args.extract
    try:
        number = int(line)
    except ValueError:
        fail(f"--extract: LINE is a line number of {games_path}, not {line!r}")
    if not args.out:
        fail("--extract needs --out GAME.twr")
    try:
        record = store.extract(games_path, number, args.out)
    except (GameError, OSError, ValueError, KeyError) as exc:
        fail(f"--extract: {exc}")
    print(f"wrote {args.out}: {record.game}, {record.players} players, seed {record.seed}, "
          f"{len(record.actions)} actions (open it with: python -m game.ui.replay {args.out})")
    return 0


def _terminate(signum, frame):
    raise KeyboardInterrupt  # SIGTERM (timeout, a scheduler) stops like Ctrl-C: finished games kept


def main(argv=None) -> int:
    signal.signal(signal.SIGTERM, _terminate)
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_option(p)
    p.add_argument("--players", type=int, default=None, help="players (default: the game's usual, or the position's)")
    p.add_argument("--bots", default="normal", help="bot level(s) round the table, comma-separated (default normal)")
    p.add_argument("--ruleset", metavar="FILE", help="a ruleset file of key = value lines (arm A)")
    p.add_argument("--set", action="append", default=[], metavar="K=V", help="ruleset override (arm A)")
    p.add_argument("--variant", action="append", default=[], metavar="NAME", help="ruleset variant (arm A)")
    p.add_argument("--against", metavar="FILE", help="arm B: this ruleset file instead of arm A's settings")
    p.add_argument("--against-set", action="append", default=[], metavar="K=V", help="arm B: A's ruleset with K=V")
    p.add_argument("--against-variant", action="append", default=[], metavar="NAME", help="arm B: A's plus a variant")
    p.add_argument("--against-seed", type=seed_type, default=None, metavar="S",
                   help="arm B plays seeds from S (an A/A check: the same ruleset on other seeds)")
    p.add_argument("--from", dest="start", metavar="POSITION", help="start every game at this position file")
    p.add_argument("--games", type=count_type, default=None, help="games per arm")
    p.add_argument("--seed", type=seed_type, default=0, help="seed of the first game (then +1 per game)")
    p.add_argument("--simulations", type=int, default=None, help="search budget per decision of normal/hard bots")
    p.add_argument("--gradient", type=float, default=0.2, metavar="SHARE",
                   help="extra games (share of --games) of the strongest level alone against the level below")
    p.add_argument("--correction", choices=("holm", "bh"), default="holm",
                   help="multiple-comparison correction of the A/B tests (Holm, or Benjamini-Hochberg)")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, default=1, help="local worker processes (default 1: this process)")
    where.add_argument("--cluster", metavar="ADDRESS", help="local:N (a Dask LocalCluster) or tcp://HOST:8786")
    p.add_argument("--out", metavar="DIR", help="the run's folder (games.jsonl, report.html, report.json, plots)")
    p.add_argument("--resume", action="store_true", help="continue the run in --out, skipping finished games")
    p.add_argument("--json", action="store_true", help="print report.json instead of the summary")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--extract", nargs=2, metavar=("GAMES_JSONL", "LINE"),
                   help="write game LINE (from 1) of a run as a game record (--out FILE) and stop")
    args = p.parse_args(argv)
    if args.extract:
        return extract(args)
    if not args.out:
        fail("--out DIR is required (the run's folder)")
    if args.games is None:
        fail("--games N is required (games per arm)")
    if args.simulations is not None and args.simulations < 1:
        fail("--simulations must be at least 1")
    if not 0 <= args.gradient <= 1:
        fail("--gradient is a share of --games, from 0 to 1")
    if args.jobs < 1:
        fail("--jobs must be at least 1")
    spec = load_game(args.game)
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    for b in bots:
        if b not in LEVELS:
            fail(f"unknown bot level {b!r} (levels: {', '.join(LEVELS)})")
    if not bots:
        fail("--bots needs at least one level")
    start = None
    if args.start:
        start = read_text(args.start)
        try:
            state = spec.parse_position(start)
        except GameError as exc:
            fail(f"--from {args.start}: {exc}")
        players = len(spec.seats(state))
        if args.players is not None and args.players != players:
            fail(f"--from {args.start} is a {players}-player position, not {args.players}")
        args.players = players
    if args.players is None:
        args.players = spec.default_players
    check_players(spec, args.players)
    if args.cluster:
        try:
            parse_cluster(args.cluster)
        except ClusterError as exc:
            fail(str(exc))
    arms = build_arms(spec, args)
    check_arms(spec, arms, args.players, start)
    config = RunConfig(game=spec.name, players=args.players, bots=bots, games=args.games, seed=args.seed,
                       arms=arms, gradient=args.gradient, simulations=args.simulations, start=start,
                       start_name=args.start, correction=args.correction)
    try:
        info = execute(config, args.out, jobs=args.jobs, cluster=args.cluster, resume=args.resume,
                       progress=not args.quiet)
    except (store.RunError, ClusterError) as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot use {args.out}: {exc}")
    except KeyboardInterrupt:
        lines = store.read_games(args.out)
        if lines:
            report = build_report(config, lines, {"interrupted": True})
            write_report(report, args.out)
        print(f"\ninterrupted: {len(lines)} finished games are kept in {os.path.join(args.out, store.GAMES)}"
              f"{' (report.html shows them, marked partial)' if lines else ''}; "
              f"run the same command with --resume to go on", file=sys.stderr)
        return 130
    report = build_report(config, store.read_games(args.out), info)
    write_report(report, args.out)
    if args.json:
        print(json.dumps({k: v for k, v in report.items() if not k.startswith("_")}, indent=1, ensure_ascii=False))
    else:
        print(summary_text(report))
        extra = f", {info['resubmitted']} resubmitted after a lost worker" if info["resubmitted"] else ""
        print(f"played {info['played']} games on {info['where']} ({info['skipped']} already finished{extra}); "
              f"report: {os.path.join(args.out, 'report.html')}")
    return 1 if report["run"]["errors"] else 0


if __name__ == "__main__":
    _common.run_main(main)
