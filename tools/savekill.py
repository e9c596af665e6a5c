#!/usr/bin/env python3
"""Kill a game while it autosaves, again and again, and check that Continue still works.

  savekill.py [--kills N] [--seed S] [--game NAME] [--seats KINDS] [--dir DIR] [--json]
  savekill.py --bench [--games N] [--seats KINDS]

Each round starts a process that continues the autosave in DIR (``game.ui.saves.load_controller``,
as Continue does; a new game when there is none or it is over), plays on with bots through the
real autosaver (``game.ui.saves.Autosaver``: the record is taken after each step and written by its
worker thread, atomically), and is sent SIGKILL at a random moment, most often in the middle of a
write.  After every kill the autosave must load and hold every step the process had applied, or
all but the last one (the one being written).  The process makes its next decision only once the
previous one is written, as a person or a paced bot at the table does (a write takes about a
millisecond; a decision on screen takes most of a second).  Prints the counts; exit status 1 when
any kill broke the rule.

``--bench`` plays whole games and prints the median cost of one autosave mid-game and late in the
game: the time the UI thread spends taking the record, and the worker's write (with fsync), in ms.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time

from _common import ROOT, add_game_option, count_type, seed_type  # noqa: F401  (ROOT: sys.path)

from game.core.protocol import CHANCE


def decide(ctl) -> None:
    """One step: chance, or the deciding bot's choice (every seat is a bot here)."""
    if ctl.deciding() == CHANCE:
        ctl.apply_chance()
        return
    ctl.start_thinking()
    while not ctl.bot_ready():
        time.sleep(0.0002)
    ctl.finish_thinking()


def _say(text: str) -> None:
    os.write(1, (text + "\n").encode())  # one write per line: whole lines even when killed


def child(args) -> int:
    """The killed process: continue the autosave (or start a game) and play on, autosaving."""
    from types import SimpleNamespace

    from game.core.gamerecord import RecordError
    from game.core.registry import get_game
    from game.ui import saves
    from game.ui.controller import new_controller
    from game.ui.seats import parse_seats

    path = args.child
    spec = get_game(args.game)
    kinds = parse_seats(args.seats, spec.players)
    seed = args.seed
    ctl = None
    if os.path.exists(path):
        try:
            ctl = saves.load_controller(path)
        except RecordError as exc:
            _say(f"damaged {exc}")
            return 3
        ctl.autosave = True
        seed = ctl.seed
        _say(f"game {seed} {len(ctl.steps)}")
    if ctl is None or ctl.is_over():
        if ctl is not None:
            seed = ctl.seed + 1
        ctl = new_controller(spec, kinds, seed, autosave=True)
        _say(f"game {seed} 0")
    real_save = saves.save_record

    def save(target, record):
        _say(f"writing {record.seed} {len(record.actions)}")
        real_save(target, record)
        _say(f"written {record.seed} {len(record.actions)}")

    saves.save_record = save
    screen = SimpleNamespace(ctl=ctl, on_step=[])
    saver = saves.Autosaver(screen, path)
    screen.on_step.append(saver)
    rng = random.Random(seed)
    while True:
        if screen.ctl.is_over():
            seed += 1
            screen.ctl = new_controller(spec, kinds, seed, autosave=True)
            _say(f"game {seed} 0")
        decide(screen.ctl)
        _say(f"applied {seed} {len(screen.ctl.steps)}")
        saver(screen.ctl.steps[-1])
        saver.flush()
        time.sleep(rng.random() * 0.002)


def one_kill(args, path, rng) -> dict:
    """Start a child, kill it at a random moment, check the autosave; a dict of what happened."""
    cmd = [sys.executable, os.path.abspath(__file__), "--child", path, "--game", args.game, "--seats",
           args.seats, "--seed", str(args.seed)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    seen = []
    # wait for the first write to start so that the process is playing, then a random while
    while True:
        line = proc.stdout.readline().decode()
        if not line:
            break
        seen.append(line.split())
        if line.startswith(("writing", "damaged")):
            break
    time.sleep(rng.uniform(0.0, args.max_wait))
    os.kill(proc.pid, signal.SIGKILL)
    rest, err = proc.communicate()
    seen += [line.split() for line in rest.decode().splitlines()]
    return check(path, seen, err.decode())


def check(path, seen, err) -> dict:
    """Compare the autosave with the child's last applied step (see the module docstring)."""
    from game.core.gamerecord import RecordError
    from game.ui.saves import load_controller
    out = {"during_write": bool(seen) and seen[-1][0] == "writing", "lost": None, "problem": None}
    if any(words[0] == "damaged" for words in seen):
        out["problem"] = "the child could not load the autosave: " + " ".join(seen[-1][1:])
        return out
    # the child's games in order: seed -> steps applied (a game's count starts where it was loaded)
    applied = {}
    for words in seen:
        if words[0] in ("game", "applied"):
            applied[int(words[1])] = int(words[2])
    try:
        ctl = load_controller(path)
    except RecordError as exc:
        out["problem"] = f"the autosave does not load: {exc}"
        return out
    seeds = list(applied)
    if ctl.seed not in applied:
        out["problem"] = f"the autosave holds game {ctl.seed}, the process played {seeds}"
        return out
    later = seeds[seeds.index(ctl.seed) + 1:]
    lost = applied[ctl.seed] - len(ctl.steps) + sum(applied[s] for s in later)
    out["lost"] = lost
    if not 0 <= lost <= 1:
        out["problem"] = f"{lost} steps lost (game {ctl.seed}: {len(ctl.steps)} saved, {applied[ctl.seed]} applied)"
    if err.strip():
        out["stderr"] = err.strip()[-300:]
    return out


def kill_loop(args) -> int:
    rng = random.Random(args.seed)
    folder = os.path.abspath(args.dir or tempfile.mkdtemp(prefix="savekill-"))
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, "autosave.twr")
    counts = {"kills": 0, "during_write": 0, "lost_0": 0, "lost_1": 0, "failures": 0, "games": 0}
    problems = []
    start = time.monotonic()
    for _ in range(args.kills):
        result = one_kill(args, path, rng)
        counts["kills"] += 1
        counts["during_write"] += result["during_write"]
        if result["problem"]:
            counts["failures"] += 1
            problems.append(result["problem"])
        elif result["lost"] in (0, 1):
            counts[f"lost_{result['lost']}"] += 1
    from game.core.gamerecord import RecordError, read_record
    try:
        record = read_record(path)
        counts["games"] = record.seed - args.seed + 1
        counts["last_game_steps"] = len(record.actions)
    except RecordError:
        counts["games"] = counts["last_game_steps"] = None
    counts["seconds"] = round(time.monotonic() - start, 1)
    stale = [p for p in os.listdir(folder) if ".tmp-" in p]
    counts["temp_files_left"] = len(stale)
    if args.json:
        print(json.dumps({**counts, "problems": problems[:5]}))
    else:
        print(f"savekill: {counts['kills']} kills ({counts['during_write']} during a write) in {counts['seconds']} s, "
              f"{counts['games']} games played on; the autosave loaded {counts['kills'] - counts['failures']} times, "
              f"losing nothing {counts['lost_0']} times and the last step {counts['lost_1']} times; "
              f"{counts['failures']} failures; {len(stale)} temp files left by the last kill")
        for problem in problems[:5]:
            print(f"  {problem}")
    if not args.dir:
        for name in os.listdir(folder):
            os.remove(os.path.join(folder, name))
        os.rmdir(folder)
    return 1 if counts["failures"] else 0


def bench(args) -> int:
    """Median autosave cost mid-game and late in the game (see the module docstring)."""
    from types import SimpleNamespace

    from game.core.registry import get_game
    from game.ui import saves
    from game.ui.controller import new_controller
    from game.ui.seats import parse_seats
    spec = get_game(args.game)
    kinds = parse_seats(args.seats, spec.players)
    folder = tempfile.mkdtemp(prefix="savebench-")
    path = os.path.join(folder, "autosave.twr")
    mid, late, sizes, lengths = [], [], [], []
    for game in range(args.games):
        ctl = new_controller(spec, kinds, args.seed + game, autosave=True)
        screen = SimpleNamespace(ctl=ctl, on_step=[])
        saver = saves.Autosaver(screen, path, keep_timings=True)
        while not ctl.is_over() and len(ctl.steps) < 5000:
            decide(ctl)
            saver(ctl.steps[-1])
            saver.flush()
        n = len(ctl.steps)
        lengths.append(n)
        sizes.append(os.path.getsize(path))
        for actions, take, write in saver.timings:
            if 0.4 * n <= actions <= 0.6 * n:
                mid.append((take, write))
            elif actions >= 0.85 * n:
                late.append((take, write))
    for name in os.listdir(folder):
        os.remove(os.path.join(folder, name))
    os.rmdir(folder)

    def med(rows, i):
        return round(statistics.median(r[i] for r in rows), 3) if rows else None

    figures = {"games": args.games, "median_steps": statistics.median(lengths), "max_steps": max(lengths),
               "median_file_bytes_at_end": statistics.median(sizes),
               "mid_take_ms": med(mid, 0), "mid_write_ms": med(mid, 1),
               "late_take_ms": med(late, 0), "late_write_ms": med(late, 1),
               "late_take_ms_p95": round(sorted(r[0] for r in late)[int(0.95 * (len(late) - 1))], 3) if late else None,
               "late_write_ms_p95": round(sorted(r[1] for r in late)[int(0.95 * (len(late) - 1))], 3) if late else None}
    print(json.dumps(figures) if args.json else
          "savebench: {games} games ({median_steps} steps median, {max_steps} most; {median_file_bytes_at_end} bytes "
          "at the end); per autosave, median ms: mid-game UI thread {mid_take_ms} + write {mid_write_ms}; "
          "late UI thread {late_take_ms} + write {late_write_ms} (95th percentile {late_take_ms_p95} + "
          "{late_write_ms_p95})".format(**figures))
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_game_option(p)
    p.add_argument("--seats", default="random,random", help="bot seats (default random,random: fast)")
    p.add_argument("--seed", type=seed_type, default=1, help="first game's seed and the kill timing's")
    p.add_argument("--kills", type=count_type, default=20, help="how many times to kill (default 20)")
    p.add_argument("--max-wait", type=float, default=0.15,
                   help="longest wait in seconds between the first write and the kill (default 0.15)")
    p.add_argument("--dir", default=None, help="folder for the autosave (default: a temporary one, removed)")
    p.add_argument("--json", action="store_true", help="print the counts as JSON")
    p.add_argument("--bench", action="store_true", help="measure the autosave's cost instead")
    p.add_argument("--games", type=count_type, default=10, help="with --bench: games to play (default 10)")
    p.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.child:
        return child(args)
    if args.bench:
        return bench(args)
    return kill_loop(args)


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
