#!/usr/bin/env python3
"""Planted bugs: does the suite (and simulate's invariants) catch a careless edit?

  planted.py                       every plant: its tests, then simulate (rules plants)
  planted.py --only tiebreak-order --only weighted-bias
  planted.py --list                the plants, run nothing
  planted.py --no-simulate         tests only

Each plant is one small edit that breaks a behaviour issue 14 found unpinned (each of them was once made
without a single test failing).  For each, the tool copies the tree into a scratch folder, makes the
edit there (never in the working tree), runs the plant's tests (``pytest -x``, the slow playout suites
left out as in ``tools/mutation.py``) and, for a rules plant, ``tools/simulate.py`` with its invariants,
then prints whether each caught it and how (the first failing test, or simulate's first error).
Exit status 1 if some plant escaped the tests.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
from mutation import SLOW  # noqa: E402  (the same slow suites are left out)

RULES_TESTS = ("tests/trench", "tests/core")
COPIED = ("game", "tests", "tools", "docs", "assets", "shaders", "pyproject.toml")


@dataclass(frozen=True)
class Plant:
    name: str
    what: str            # the behaviour it breaks, in the words
    path: str
    old: str
    new: str
    tests: tuple = RULES_TESTS
    simulate: bool = True
    game: str = "trench-war"   #: the game simulate plays (its player counts: 2 and 4, or the game's own)


PLANTS = (
    Plant("tiebreak-order", "the judgement tie-break chain: carried corpses before rows advanced",
          "game/trench/casualties.py",
          "return (judgement_points(state, seat), rows, state.carried_enemy_corpses(seat),",
          "return (judgement_points(state, seat), state.carried_enemy_corpses(seat), rows,"),
    Plant("own-base-scores", "destroying your own (or an open-team ally's) base scores",
          "game/trench/scoring.py",
          "kind in BASE_KINDS and not state.is_ally(kind, seat):", "kind in BASE_KINDS:"),
    Plant("writer-drops-gas-check", "the position writer drops a soldier's gas-check",
          "game/trench/notation.py", '("cubes", s.cubes), ("gas-check", s.gas_check)):', '("cubes", s.cubes)):'),
    Plant("weighted-bias", "Rng.weighted never picks the first outcome (S never starts)",
          "game/core/rng.py", "acc = 0.0", "acc = -outcomes[0][1]"),
    Plant("spectator-sees-private", "the spectator sees private (seen_by) events",
          "game/core/views.py", "(viewer is not None and viewer in e.seen_by)",
          "(viewer is None or viewer in e.seen_by)"),
    Plant("notation-line-off-by-one", "a NotationError names the line before the bad one",
          "game/trench/notation.py", "for number, raw in enumerate(text.splitlines(), start=1):",
          "for number, raw in enumerate(text.splitlines(), start=0):"),
    Plant("kill-scores-two", "a kill scores one point too many",
          "game/trench/variants.py", "state.points[killer] += points", "state.points[killer] += points + 1"),
    Plant("one-step-path-hidden", "a one-step path overlay is not drawn",
          "game/tables/trench/ui.py", "if len(p.path) > 1:", "if len(p.path) > 2:",
          tests=("tests/render/test_overlay_items.py", "tests/ui/test_describe_preview.py"), simulate=False),
    Plant("dash-highlights-passed-cell", "a dash highlights the cell it passes, not its landing cell",
          "game/tables/trench/board.py", "cell = _ahead(own, s.facing, 1 if boat else 2)", "cell = _ahead(own, s.facing, 1)",
          tests=("tests/render/test_overlay_items.py", "tests/ui/test_input_map.py", "tests/ui/test_board_targets.py"),
          simulate=False),
    # issue 24, point 7: view bugs simulate did not see in the other games
    Plant("steel-committed-play-shown", "the opponent's committed card shows before the reveal (SB-4.1)",
          "game/steel/view.py", "        return HIDDEN_PLAY                       # committed",
          "        return p                       # committed", tests=("tests/steel", "tests/core"),
          game="smoke-blood-steel"),
    Plant("mists-pointing-public", "a Scout pointing shows to everyone before the reveal (TM-12.3)",
          "game/mists/view.py", "p if (s == me or p is None) else HIDDEN", "p if True else HIDDEN",
          tests=("tests/mists", "tests/core"), game="two-mists"),
)

#: Player counts simulate plays for each game.
SIMULATED_PLAYERS = {"trench-war": (2, 4), "two-mists": (3, 4), "smoke-blood-steel": (2,), "immortal-arena": (2,)}


def copy_tree(dest: Path) -> None:
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        elif src.exists():
            shutil.copy2(src, dest / name)


def plant(work: Path, p: Plant) -> str:
    """Make the edit in the scratch copy; returns the original text to restore."""
    target = work / p.path
    text = target.read_text(encoding="utf-8")
    if text.count(p.old) != 1:
        raise SystemExit(f"error: plant {p.name}: {p.path} holds {text.count(p.old)} copies of the text to "
                         f"change (expected 1): the code moved, update the plant")
    target.write_text(text.replace(p.old, p.new), encoding="utf-8")
    return text


def run_tests(work: Path, p: Plant, env: dict) -> str | None:
    """The first failing test's id, or None when every test passed."""
    ignore = [f"--ignore={s}" for s in SLOW]
    done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
                           "-o", "addopts=", *ignore, *p.tests], cwd=work, env=env, capture_output=True, text=True)
    if done.returncode == 0:
        return None
    failed = [ln.split(" ", 1)[1].split(" - ")[0] for ln in done.stdout.splitlines() if ln.startswith("FAILED ")]
    errors = [ln for ln in done.stdout.splitlines() if ln.startswith("ERROR ")]
    return (failed or errors or [f"pytest exit {done.returncode}"])[0]


def run_simulate(work: Path, env: dict, games: int, game: str = "trench-war") -> str | None:
    """Simulate's first error line over the game's player counts (Trench War: 2 and 4), or None."""
    for players in SIMULATED_PLAYERS[game]:
        done = subprocess.run([sys.executable, "tools/simulate.py", "--game", game, "--games", str(games),
                               "--players", str(players), "--seed", "14"], cwd=work, env=env,
                              capture_output=True, text=True)
        if done.returncode != 0:
            lines = [ln for ln in (done.stdout + done.stderr).splitlines() if ln.strip()]
            hit = next((ln for ln in lines if "after '" in ln or "Error:" in ln),
                       next((ln for ln in lines if "error" in ln.lower()), lines[-1] if lines else ""))
            return f"{players}p: {hit.strip()[:160]}"
    return None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--only", action="append", default=[], help="a plant's name (repeatable)")
    ap.add_argument("--list", action="store_true", help="print the plants and run nothing")
    ap.add_argument("--no-simulate", action="store_true", help="run the tests only")
    ap.add_argument("--games", type=int, default=40, help="simulate games per player count (default 40)")
    args = ap.parse_args(argv)
    plants = [p for p in PLANTS if not args.only or p.name in args.only]
    unknown = set(args.only) - {p.name for p in PLANTS}
    if unknown:
        ap.error(f"no plant named {', '.join(sorted(unknown))} (see --list)")
    if args.list:
        for p in plants:
            print(f"{p.name}: {p.what} ({p.path}; tests {' '.join(p.tests)})")
        return 0
    escaped = 0
    with tempfile.TemporaryDirectory(prefix="planted-") as tmp:
        work = Path(tmp)
        copy_tree(work)
        env = {**os.environ, "PYTHONPATH": str(work), "PYTHONDONTWRITEBYTECODE": "1"}
        for p in plants:
            original = plant(work, p)
            try:
                caught = run_tests(work, p, env)
                simulated = run_simulate(work, env, args.games, p.game) if p.simulate and not args.no_simulate else None
            finally:
                (work / p.path).write_text(original, encoding="utf-8")
            escaped += caught is None
            sim = "-" if not p.simulate or args.no_simulate else (f"caught ({simulated})" if simulated else "missed")
            print(f"{p.name}: {p.what}\n  tests: {f'caught by {caught}' if caught else 'MISSED'}\n  simulate: {sim}")
            sys.stdout.flush()
    print(f"{len(plants) - escaped}/{len(plants)} plants caught by the tests")
    return 1 if escaped else 0


if __name__ == "__main__":
    raise SystemExit(main())
