#!/usr/bin/env python3
"""Bots against bots: win rates with Wilson intervals, decision times, Elo.

  tournament.py [--game NAME] --bots random,easy,normal,hard --players 2|3|4 --games N
                [--seconds-per-move T] [--simulations K] [--jobs J] [--seed S] [--lone NAME]
                [--time-limit S] [--out REPORT.json]
                [--set K=V] [--variant NAME] [--json] [--plot OUT.png]
  tournament.py [--game NAME] --explain POSITION [--seat SEAT] [--level hard] [--top 8]

Two players: every pair of bots plays N games, seats alternating.  Three or four: for every
ordered pair (a, b), N tables of one ``a`` against ``players - 1`` copies of ``b``, ``a``
rotating through the seats.  A draw (no winner, or both sides among the winners) counts as
half a win.  With three or more players a game may have several winners, so each pair also
reports how often ``a`` is among the winners against the share an equal bot would get (winners
per game / players) and their ratio, with 95% intervals.  ``--json`` prints exactly
``{"pairs": [{"a", "b", "games", "a_wins", "b_wins", "draws", "a_win_rate", "ci95"}
(+ "a_among_winners", "among_ci95", "equal_share", "share_ratio", "share_ratio_ci95" for 3+
players)], "decision_s": {NAME: {"median", "p90"}}, "decision_cpu_s": {NAME: {"median",
"p90"}}, "capped": {NAME: decisions cut short by the time cap}, "elo": {NAME: E},
"finished": N, "scheduled": M}``.  Decision times are wall seconds and CPU seconds of the
deciding thread (the CPU figure is the one a loaded machine does not distort).

The bots play their levels' simulation budgets (``--simulations`` overrides them;
``--seconds-per-move`` gives a wall-clock budget instead), so results do not depend on the
machine's load; only the wall time does.  A tournament keeps what it played: stopped by Ctrl-C,
by ``timeout`` (SIGTERM) or by ``--time-limit``, it prints the finished games' table (and
JSON) and says how many of the scheduled games it played; ``--out`` is rewritten (atomically)
after every finished game.
``--plot`` draws each pair's win rate (bar) with its 95% interval (whisker) and the 50% line.
``--explain`` prints, for one position and seat, the search's top candidate actions with their
visit counts and value estimates.
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from multiprocessing import TimeoutError as PoolTimeout
from multiprocessing import get_context

from tqdm import tqdm

import _common
from _common import (add_game_option, add_rules_options, check_players, fail, load_game, read_text,
                     write_atomic)

from game.ai import LEVELS, make_bot
from game.ai.matches import play_task, schedule, summarize


class Stop(Exception):
    """The tournament was told to stop (SIGTERM, the time limit)."""


def _on_sigterm(signum, frame):
    raise Stop("terminated")


def _worker_init():
    # Ctrl-C reaches the whole process group: the parent decides, the workers carry on until
    # it terminates them.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(args) -> dict:
    """Play the schedule; the report of the games finished (all of them unless stopped)."""
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
    records = [None] * len(tasks)
    started = time.perf_counter()
    deadline = None if args.time_limit is None else started + args.time_limit
    show = not args.quiet and sys.stderr.isatty() or args.progress
    stopped = ""
    done = 0

    def report():
        out = summarize(bots, rows, records)
        out["finished"], out["scheduled"] = done, len(tasks)
        if stopped:
            out["stopped"] = stopped
        return out

    def finished(k, rec):
        nonlocal done
        records[k] = rec
        done += 1
        if args.out:
            write_atomic(args.out, json.dumps(report()) + "\n")
        bar.update(1)

    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    pool = None
    bar = tqdm(total=len(tasks), unit="game", desc=f"{args.game} tournament", disable=not show,
               file=sys.stderr, dynamic_ncols=True)
    try:
        if args.jobs <= 1:
            for k, task in enumerate(tasks):
                if deadline is not None and time.perf_counter() >= deadline:
                    raise Stop("time limit")
                finished(k, play_task(task))
        else:
            pool = get_context("spawn").Pool(args.jobs, initializer=_worker_init)
            results = pool.imap_unordered(_indexed, list(enumerate(tasks)))
            for _ in tasks:
                if deadline is None:
                    k, rec = results.next()
                else:
                    left = deadline - time.perf_counter()
                    if left <= 0:
                        raise Stop("time limit")
                    try:
                        k, rec = results.next(timeout=left)
                    except PoolTimeout:
                        raise Stop("time limit") from None
                finished(k, rec)
    except KeyboardInterrupt:
        stopped = "interrupted"
    except Stop as exc:
        stopped = str(exc)
    finally:
        bar.close()
        signal.signal(signal.SIGTERM, previous)
        if pool is not None:
            pool.terminate()
            pool.join()
    if stopped:
        print(f"{stopped}: {done} of {len(tasks)} games finished", file=sys.stderr)
    out = report()
    if args.out:
        write_atomic(args.out, json.dumps(out) + "\n")
    return out


def _indexed(item):
    k, task = item
    return k, play_task(task)


def table(report: dict) -> str:
    lines = [f"{'a':>7} {'b':>7} {'games':>5} {'a won':>5} {'b won':>5} {'draws':>5} "
             f"{'a rate':>6}  95% interval"]
    for p in report["pairs"]:
        lines.append(f"{p['a']:>7} {p['b']:>7} {p['games']:>5} {p['a_wins']:>5} {p['b_wins']:>5} "
                     f"{p['draws']:>5} {p['a_win_rate']:>6.1%}  [{p['ci95'][0]:.1%}, {p['ci95'][1]:.1%}]")
    multi = [p for p in report["pairs"] if "a_among_winners" in p]
    if multi:
        lines.append("")
        lines.append(f"{'a':>7} {'b':>7} {'among winners':>13}  95% interval    {'equal share':>11} "
                     f"{'ratio':>5}  95% interval")
        for p in multi:
            lo, hi = p["among_ci95"]
            rlo, rhi = p["share_ratio_ci95"]
            ratio = "-" if p["share_ratio"] is None else f"{p['share_ratio']:.2f}"
            rint = "" if rlo is None else f"[{rlo:.2f}, {rhi:.2f}]"
            lines.append(f"{p['a']:>7} {p['b']:>7} {p['a_among_winners']:>13.1%}  [{lo:.1%}, {hi:.1%}]"
                         f" {p['equal_share']:>11.1%} {ratio:>5}  {rint}")
    lines.append("")
    lines.append("decision seconds, wall (median/p90): " + ", ".join(
        f"{k} {v['median']:.3f}/{v['p90']:.3f}" for k, v in report["decision_s"].items()))
    if report.get("decision_cpu_s"):
        lines.append("decision seconds, CPU (median/p90): " + ", ".join(
            f"{k} {v['median']:.3f}/{v['p90']:.3f}" for k, v in report["decision_cpu_s"].items()))
    if report.get("capped"):
        lines.append("time cap reached (decisions): " + ", ".join(
            f"{k} {v}" for k, v in report["capped"].items()))
    lines.append("elo: " + ", ".join(f"{k} {v:.0f}" for k, v in report["elo"].items()))
    if "finished" in report and report["finished"] < report["scheduled"]:
        lines.append(f"{report.get('stopped', 'stopped')}: {report['finished']} of "
                     f"{report['scheduled']} games finished")
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
    capped = f" (time cap of {bot.time_cap} CPU s reached)" if bot.last_capped else ""
    print(f"{seat} to decide; {bot.last_simulations} simulations{capped}")
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
    parser.add_argument("--time-limit", type=float, metavar="S",
                        help="stop after S seconds and report the games finished by then")
    parser.add_argument("--out", metavar="REPORT.json",
                        help="write the JSON report here, rewritten after every finished game")
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
    if args.time_limit is not None and args.time_limit <= 0:
        fail("--time-limit must be positive")
    if args.simulations is not None and args.simulations <= 0:
        fail("--simulations must be positive")
    report = run(args)
    if args.plot:
        plot(report, args.plot, f"{spec.title.split(' (')[0]}: bots against bots, {args.players} players, "
                                f"{args.games} games per pair")
    print(json.dumps(report) if args.json else table(report))
    # a stopped run still printed its table; the status says it was stopped from outside
    return {"interrupted": 128 + signal.SIGINT, "terminated": 128 + signal.SIGTERM}.get(
        report.get("stopped"), 0)


if __name__ == "__main__":
    _common.run_main(main)
