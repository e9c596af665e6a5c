#!/usr/bin/env python3
"""Bots against bots: win rates with Wilson intervals, decision times, Elo.

  tournament.py [--game NAME] --bots random,easy,normal,hard --players 2|3|4 --games N
                [--seconds-per-move T] [--simulations K] [--jobs J] [--seed S] [--lone NAME]
                [--set K=V] [--variant NAME] [--json] [--plot OUT.png]
  tournament.py [--game NAME] --explain POSITION [--seat SEAT] [--level hard] [--top 8]

Two players: every pair of bots plays N games, seats alternating.  Three or four: for every
ordered pair (a, b), N tables of one ``a`` against ``players - 1`` copies of ``b``, ``a``
rotating through the seats.  A draw (no winner, or both sides among the winners) counts as
half a win.  ``--json`` prints exactly
``{"pairs": [{"a", "b", "games", "a_wins", "b_wins", "draws", "a_win_rate", "ci95"}],
"decision_s": {NAME: {"median", "p90"}}, "elo": {NAME: E}}``.
``--plot`` draws each pair's win rate (bar) with its 95% interval (whisker) and the 50% line.
``--explain`` prints, for one position and seat, the search's top candidate actions with their
visit counts and value estimates.
"""

from __future__ import annotations

import argparse
import json
import sys
from multiprocessing import get_context

from tqdm import tqdm

import _common
from _common import add_game_option, add_rules_options, check_players, fail, load_game, read_text

from game.ai import LEVELS, make_bot
from game.ai.matches import play_task, schedule, summarize


def run(args) -> dict:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    for b in bots:
        if b not in LEVELS:
            fail(f"unknown bot {b!r} (levels: {', '.join(LEVELS)})")
    if len(bots) < 2:
        fail("--bots needs at least two bot levels")
    rows = schedule(bots, args.players, args.games, args.lone)
    _common.check_seed_run(args.seed, len(rows))
    tasks = [(args.game, args.players, lineup, args.seed + k, args.seconds_per_move, args.simulations,
              tuple(args.set), tuple(args.variant)) for k, (_, _, lineup) in enumerate(rows)]
    records = []
    show = not args.quiet and sys.stderr.isatty() or args.progress
    with tqdm(total=len(tasks), unit="game", desc=f"{args.game} tournament", disable=not show,
              file=sys.stderr, dynamic_ncols=True) as bar:
        if args.jobs <= 1:
            for task in tasks:
                records.append(play_task(task))
                bar.update(1)
        else:
            with get_context("spawn").Pool(args.jobs) as pool:
                for rec in pool.imap(play_task, tasks):
                    records.append(rec)
                    bar.update(1)
    return summarize(bots, rows, records)


def table(report: dict) -> str:
    lines = [f"{'a':>7} {'b':>7} {'games':>5} {'a won':>5} {'b won':>5} {'draws':>5} "
             f"{'a rate':>6}  95% interval"]
    for p in report["pairs"]:
        lines.append(f"{p['a']:>7} {p['b']:>7} {p['games']:>5} {p['a_wins']:>5} {p['b_wins']:>5} "
                     f"{p['draws']:>5} {p['a_win_rate']:>6.1%}  [{p['ci95'][0]:.1%}, {p['ci95'][1]:.1%}]")
    lines.append("")
    lines.append("decision seconds (median, p90): " + ", ".join(
        f"{k} {v['median']:.3f}/{v['p90']:.3f}" for k, v in report["decision_s"].items()))
    lines.append("elo: " + ", ".join(f"{k} {v:.0f}" for k, v in report["elo"].items()))
    return "\n".join(lines)


def plot(report: dict, path: str, title: str) -> None:
    """Each pair's win rate with its 95% interval and the 50% line (the workbench's plotting)."""
    from game.workbench import plots

    plots.save(plots.tournament_pairs(report, title), path)


def explain(args) -> int:
    spec = load_game(args.game)
    state = spec.parse_position(read_text(args.explain))
    seat = args.seat or state.current_player()
    if seat not in spec.seats(state):
        fail(f"{seat!r} is not a seat in play ({' '.join(spec.seats(state))})")
    if state.current_player() != seat:
        fail(f"it is not {seat}'s decision now (it is {state.current_player()}'s)")
    bot = make_bot(spec, args.level, seed=args.seed, seconds=args.seconds_per_move,
                   simulations=args.simulations)
    if not hasattr(bot, "analyse"):
        fail(f"--explain needs a searching level (normal or hard), not {args.level}")
    rows = bot.analyse(spec.view(state, seat), state.legal_actions(), top=args.top)
    print(f"{seat} to decide; {bot.last_simulations} simulations")
    print(f"{'visits':>7} {'value':>7}  action")
    for action, visits, value in rows:
        print(f"{visits:>7} {value:>+7.3f}  {action}")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    add_game_option(parser)
    add_rules_options(parser)
    parser.add_argument("--bots", default="random,easy", help="comma-separated levels")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=_common.count_type, default=20, help="games per pair")
    parser.add_argument("--seconds-per-move", type=float, default=None)
    parser.add_argument("--simulations", type=int, default=None, help="search budget per decision")
    parser.add_argument("--lone", metavar="NAME", help="3-4 players: only tables of this bot alone "
                        "against copies of another")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=_common.seed_type, default=0)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--plot", metavar="OUT.png")
    parser.add_argument("--progress", action="store_true", help="progress bar even when not a tty")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument("--explain", metavar="POSITION", help="explain one decision instead")
    parser.add_argument("--seat")
    parser.add_argument("--level", default="hard", choices=("normal", "hard"))
    parser.add_argument("--top", type=int, default=8)
    args = parser.parse_args(argv)
    if args.explain:
        return explain(args)
    spec = load_game(args.game)
    if args.players is None:
        args.players = spec.default_players
    check_players(spec, args.players)
    if args.seconds_per_move is not None and args.seconds_per_move <= 0:
        fail("--seconds-per-move must be positive")
    report = run(args)
    if args.plot:
        plot(report, args.plot, f"{spec.title.split(' (')[0]}: bots against bots, {args.players} players, "
                                f"{args.games} games per pair")
    print(json.dumps(report) if args.json else table(report))
    return 0


if __name__ == "__main__":
    _common.run_main(main)
