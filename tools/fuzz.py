#!/usr/bin/env python3
"""Fuzz a game's position parser: mutated positions are rejected cleanly or playable.

  fuzz.py [--game G] [--positions N] [--mutations M] [--moves K] [--seed S] [--json]

Takes N positions from random games of G (default trench-war; every player count, some variants;
any game through its spec), makes M mutations of each
(lines dropped, doubled or swapped, tokens replaced, digits changed, odd characters, bytes that
are not UTF-8) and parses each.  Every mutation must either raise ``NotationError`` (naming a
line) or give a position that keeps the invariants and plays K random moves without any error.
Exit status 1 on any finding: an untyped error (not a ``NotationError`` naming a line or the
position), or a position accepted but invalid (broken invariants at once or in play, or an error in
play).  ``tests/trench/test_strict_positions.py`` and ``tests/core/test_fuzz_every_game.py`` run
short versions.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from game.core.errors import GameError, NotationError  # noqa: E402
from game.core.playout import random_action  # noqa: E402
from game.core.registry import game_names, get_game  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from tools._common import check_seed_run, seed_type  # noqa: E402

SETUPS = [(2, []), (3, []), (4, []), (2, ["civilians"]), (4, ["guerrillas"]), (4, ["open-teams"]),
          (4, ["hidden-teams"]), (2, ["first-game"])]


def setups(spec) -> list:
    """(players, variants) of the sample games: Trench War's list; else every player count, alone
    and with each variant."""
    if spec.name == "trench-war":
        return SETUPS
    out = [(n, []) for n in spec.players]
    out += [(spec.players[i % len(spec.players)], [v]) for i, v in enumerate(spec.extras.get("variants", ()))]
    return out
ODD = ["6²", "-1", "0", "9", "99", "x", "?", "-", "S", "N", "Z", "C1", "S9", "a0", "h1", "d4", "n",
       "nn", "nnn", "=", ":", ",", "S:gun:9:S", "corpses=N0", "carrier=S1", "é", "\u00a0", "0x10",
       "plot=interrupt", "hand=move:13", "1_0", "turn", "board", "gas", "e"]


def sample_positions(count: int, seed: int, spec=None) -> list[str]:
    """Position texts from random games at random points (setup, mid-game, pending decisions)."""
    spec = spec or get_game("trench-war")
    rng = Rng(seed)
    out = []
    i = 0
    table = setups(spec)
    while len(out) < count:
        players, variants = table[i % len(table)]
        st = spec.new_game(players, seed + i, spec.make_ruleset([], variants))
        stop = rng.below(400)
        for _ in range(stop):
            if st.is_over():
                break
            st.apply(random_action(st, rng))
        out.append(spec.format_position(st))
        i += 1
    return out


def mutate(text: str, rng: Rng):
    """One random mutation of a position text (a str, or bytes that are not valid UTF-8)."""
    lines = text.splitlines()
    kind = rng.below(9)
    i = rng.below(len(lines))
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[rng.below(len(lines))])
    elif kind == 2:
        j = rng.below(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif kind in (3, 4, 5):
        tokens = lines[i].split(" ")
        k = rng.below(len(tokens))
        if kind == 3:  # a token from elsewhere in the text
            words = text.split()
            tokens[k] = words[rng.below(len(words))]
        elif kind == 4:
            tokens[k] = ODD[rng.below(len(ODD))]
        else:  # a sub-token (key=value, a:b, a,b) replaced
            t = tokens[k]
            for sep in ("=", ":", ","):
                if sep in t:
                    parts = t.split(sep)
                    parts[rng.below(len(parts))] = ODD[rng.below(len(ODD))]
                    t = sep.join(parts)
                    break
            else:
                t = ODD[rng.below(len(ODD))]
            tokens[k] = t
        lines[i] = " ".join(tokens)
    elif kind == 6:  # a digit changed
        digits = [k for k, ch in enumerate(lines[i]) if ch.isdigit()]
        if digits:
            k = digits[rng.below(len(digits))]
            lines[i] = lines[i][:k] + str(rng.below(10)) + lines[i][k + 1:]
    elif kind == 7:  # a character changed
        line = lines[i]
        if line:
            k = rng.below(len(line))
            lines[i] = line[:k] + "Sn2-?é,=: \t"[rng.below(11)] + line[k + 1:]
    else:
        if rng.below(4) == 0:
            return ("\n".join(lines) + "\n").encode("utf-8") + b"\xff\xfe"
        lines.insert(i, ODD[rng.below(len(ODD))] + ": " + ODD[rng.below(len(ODD))])
    return "\n".join(lines) + "\n"


def check_text(text, rng: Rng, moves: int, spec=None) -> str | None:
    """None if ``text`` is rejected with a NotationError naming a line (or the position), or is
    accepted and plays ``moves`` random moves keeping the invariants; else the finding."""
    spec = spec or get_game("trench-war")
    check_invariants = spec.check_invariants
    try:
        st = spec.parse_position(text)
    except NotationError as exc:
        message = str(exc)
        if not (message.startswith("line ") or message.startswith("position")):
            return f"rejected without naming a line: {message}"
        return None
    except Exception as exc:  # noqa: BLE001  (an untyped exception is the finding)
        return f"untyped: parse raised {type(exc).__name__}: {exc}"
    if hasattr(st, "viewer"):
        return None   # a mutation that made the text a view: read back as one, never played on
    problems = check_invariants(st)
    if problems:
        return f"accepted but invalid: broken invariants: {problems[0]}"
    try:
        for _ in range(moves):
            if st.is_over():
                break
            a = random_action(st, rng)
            st.apply(a)
            problems = check_invariants(st)
            if problems:
                return f"accepted but invalid: after {a}: {problems[0]}"
    except Exception as exc:  # noqa: BLE001
        kind = "GameError" if isinstance(exc, GameError) else type(exc).__name__
        return f"accepted but invalid: fails in play: {kind}: {exc}"
    return None


def run(positions: int, mutations: int, moves: int, seed: int, game: str = "trench-war") -> dict:
    """``positions`` × ``mutations`` mutated positions of ``game``: the counts and the first findings."""
    spec = get_game(game)
    rng = Rng(seed)
    total = accepted = 0
    findings = []
    for base in sample_positions(positions, seed, spec):
        for _ in range(mutations):
            text = mutate(base, rng)
            total += 1
            finding = check_text(text, rng, moves, spec)
            if finding is None:
                if isinstance(text, str):
                    try:
                        spec.parse_position(text)
                        accepted += 1
                    except NotationError:
                        pass
                continue
            findings.append({"finding": finding, "text": text if isinstance(text, str) else repr(text)})
    untyped = sum(1 for f in findings if f["finding"].startswith(("untyped", "rejected without")))
    return {"game": game, "mutations": total, "accepted": accepted, "findings": len(findings),
            "untyped_errors": untyped, "accepted_but_invalid": len(findings) - untyped,
            "first_findings": findings[:5]}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", default="trench-war", choices=game_names())
    p.add_argument("--positions", type=int, default=200)
    p.add_argument("--mutations", type=int, default=50)
    p.add_argument("--moves", type=int, default=300)
    p.add_argument("--seed", type=seed_type, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    check_seed_run(args.seed, args.positions)
    report = run(args.positions, args.mutations, args.moves, args.seed, args.game)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"{report['game']}: {report['mutations']} mutated positions: {report['accepted']} accepted, "
              f"{report['untyped_errors']} untyped errors, {report['accepted_but_invalid']} accepted but invalid")
        for f in report["first_findings"]:
            print("-", f["finding"])
    return 1 if report["findings"] else 0


if __name__ == "__main__":
    sys.exit(main())
