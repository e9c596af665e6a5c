#!/usr/bin/env python3
"""Mutation testing of the rules packages with mutmut 3 (not part of CI: minutes per module).

  mutation.py --module game/trench/movement.py [--module ...]   one or more modules
  mutation.py --package game/trench                             every module of a package
  mutation.py --all                                             game/core and every rules package
  mutation.py --module ... --function NAME                      only the mutants of one function (repeatable)
  mutation.py --report-only --module ...                        print the last results again
  mutation.py --list                                            the modules it knows

For each module it copies the tree (``game/``, ``tests/``, ``docs/``, ``tools/``, ``pyproject.toml``) into a scratch folder
``mutants-work/<module>/`` (ignored by git), narrows mutmut's ``only_mutate`` to that module and
its test selection to the tests that matter (``tests/trench`` and ``tests/core`` for a Trench War
module, ...), runs ``mutmut run`` with one worker under ``nice``, and prints

  game/trench/movement.py: 812/830 killed = 97.8% (3 equivalent excluded, 15 survived, 0 no tests)

then the surviving mutants by name (``--diff`` prints each one's diff).  A mutant that runs past mutmut's
CPU-time limit (an endless loop; CPU time, so machine load does not cause it) counts as killed; the
count is printed.  mutmut keeps its results in
the scratch folder, so a second run re-tests only the functions that changed.

Equivalent mutants (a change no test can observe, e.g. a default that is always overridden) are
listed in ``tools/mutation_equivalent*.txt`` as ``<mutant name>  # reason``; they count neither as
killed nor in the total.  Exit status 1 if a module scores below ``--target`` (default 0: report only).
"""

from __future__ import annotations

import argparse
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "mutants-work"
EQUIVALENT_FILE = ROOT / "tools" / "mutation_equivalent.txt"

#: Rules packages under mutation, and the tests that exercise each (run from the scratch copy).
PACKAGES: dict[str, list[str]] = {
    "game/core": ["tests/core", "tests/trench"],
    "game/trench": ["tests/trench", "tests/core"],
    "game/arena": ["tests/arena", "tests/core"],
    "game/mists": ["tests/mists", "tests/core"],
    "game/steel": ["tests/steel", "tests/core"],
}

#: Modules that are not rules (bots, messages, the registry entry) and are left out of --all.
SKIPPED = {"__init__.py", "ai.py", "explain.py", "spec.py"}

#: Slow suites of random playouts, fuzzing and ruleset soaks: left out unless --full, so that a module
#: takes minutes, not hours, and the score measures what the scenario tests pin down.
SLOW = ["tests/trench/test_leaks.py", "tests/trench/test_properties.py", "tests/trench/test_strict_positions.py",
        "tests/trench/test_tw0_ruleset.py", "tests/trench/test_tw0_validation.py", "tests/trench/test_core2_info.py",
        "tests/core/test_gamerecord.py", "tests/arena/test_properties.py", "tests/mists/test_properties.py",
        "tests/mists/test_fuzz_positions.py", "tests/steel/test_properties.py", "tests/steel/test_fuzz_positions.py",
        "tests/core/test_leaks.py", "tests/core/test_fuzz_every_game.py", "tests/core/test_view_checks.py"]

#: Tests that read the rules modules' source text (mutmut's copies hold every mutant's code).
DESELECT = ["tests/trench/test_docs.py::test_docs_events_table_lists_every_event_kind"]

#: mutmut exit codes (mutmut.stats.status_by_exit_code), folded into what the score needs.
KILLED_CODES = {1, 3, 37}
SURVIVED_CODES = {0}
NO_TESTS_CODES = {5, 33}
TIMEOUT_CODES = {36, -24, 24, 152, 255}


def package_of(module: str) -> str:
    for package in PACKAGES:
        if module.startswith(package + "/"):
            return package
    raise SystemExit(f"error: {module} is not in a rules package ({', '.join(PACKAGES)})")


def modules_of(package: str) -> list[str]:
    return sorted(f"{package}/{p.name}" for p in (ROOT / package).glob("*.py") if p.name not in SKIPPED)


def load_equivalents(paths=None) -> dict[str, str]:
    """``{mutant name: reason}`` from the checked-in lists (``tools/mutation_equivalent*.txt``); a line
    without a reason is an error."""
    equivalents = {}
    for path in paths or sorted(EQUIVALENT_FILE.parent.glob("mutation_equivalent*.txt")):
        equivalents.update(_read_equivalents(path))
    return equivalents


def _read_equivalents(path: Path) -> dict[str, str]:
    equivalents = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, _, reason = line.partition("#")
        if not reason.strip():
            raise SystemExit(f"error: {path.name} line {number}: {name.strip()} has no '# reason'")
        equivalents[name.strip()] = reason.strip()
    return equivalents


def mutmut_section(module: str, tests: list[str], full: bool = False, timeout_multiplier: float | None = None) -> str:
    """The ``[tool.mutmut]`` section of the scratch copy's pyproject.toml."""
    def toml_list(items):
        return "[" + ", ".join(json.dumps(i) for i in items) + "]"
    args = ["-p", "no:cacheprovider", "-q", "-x"] + [f"--deselect={t}" for t in DESELECT]
    args += [] if full else [f"--ignore={t}" for t in SLOW]
    return ("[tool.mutmut]\n"
            f"source_paths = {toml_list(['game'])}\n"
            f"only_mutate = {toml_list([module])}\n"
            f"also_copy = {toml_list(['docs', 'tools'])}\n"
            f"pytest_add_cli_args = {toml_list(args)}\n"
            f"pytest_add_cli_args_test_selection = {toml_list(tests)}\n"
            "use_git_change_detection = false\n"
            + (f"timeout_multiplier = {timeout_multiplier}\n" if timeout_multiplier else ""))


def prepare(module: str, full: bool = False, tests_at: str | None = None,
            timeout_multiplier: float | None = None) -> Path:
    """Refresh the scratch copy for ``module``'s package and point mutmut at ``module``."""
    package = package_of(module)
    work = workdir(module, full)
    work.mkdir(parents=True, exist_ok=True)
    _drop_stale(work)
    for folder in ("game", "tests", "docs", "tools"):
        ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
        shutil.copytree(ROOT / folder, work / folder, dirs_exist_ok=True, ignore=ignore)
    if tests_at:  # the tests as committed at a revision (a "before" score), the rules as they are now
        shutil.rmtree(work / "tests")
        archive = subprocess.run(["git", "archive", tests_at, "tests"], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(work)], input=archive.stdout, check=True)
    copy = work / "mutants" / module
    if copy.exists() and not (work / "mutants" / (module + ".meta")).exists():
        copy.unlink()  # copied unmutated while another module was under test: let mutmut mutate it
        stats = work / "mutants" / "mutmut-stats.json"
        if stats.exists():
            stats.unlink()  # its test map predates this module's trampolines: collect it again
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    text = re.sub(r"\n\[tool\.mutmut\]\n(?:(?!\n\[).)*", "\n", text, flags=re.S)
    (work / "pyproject.toml").write_text(text.rstrip() + "\n\n" + mutmut_section(module, PACKAGES[package], full,
                                                                                    timeout_multiplier),
                                         encoding="utf-8")
    return work


def _drop_stale(work: Path) -> None:
    """Remove the scratch copy's tests, docs and tools (and mutmut's copies of them), and any game file
    the tree no longer has, so that a renamed or deleted file never runs from an old copy.  The game
    modules themselves stay: mutmut compares their times to keep its results."""
    for base in (work, work / "mutants"):
        for folder in ("tests", "docs", "tools"):
            shutil.rmtree(base / folder, ignore_errors=True)
        for path in (base / "game").rglob("*.py") if (base / "game").is_dir() else ():
            if not (ROOT / path.relative_to(base)).exists():
                path.unlink()


def workdir(module: str, full: bool = False) -> Path:
    # One scratch folder a module: mutmut's test map and results never mix two modules' runs.
    return WORK / (module[:-3].replace("/", "_") + ("-full" if full else ""))


def run_mutmut(work: Path, module: str, children: int, nice: int, names: list[str] | None = None) -> int:
    """``mutmut run`` on the mutants of ``module`` (or only ``names``); its output goes to a log in the
    scratch folder.  Naming mutants makes mutmut test them again even when it has a result."""
    dotted = module[:-3].replace("/", ".")
    command = ["nice", "-n", str(nice), sys.executable, "-m", "mutmut", "run",
               "--max-children", str(children), *(names or [f"{dotted}.*"])]
    log = work / (Path(module).stem + ".log")
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    with open(log, "w", encoding="utf-8") as out:
        return subprocess.call(command, cwd=work, stdout=out, stderr=subprocess.STDOUT, env=env)


def results(work: Path, module: str) -> dict[str, int | None]:
    """``{mutant name: exit code}`` from mutmut's metadata for ``module``."""
    meta = work / "mutants" / (module + ".meta")
    if not meta.exists():
        return {}
    return json.loads(meta.read_text(encoding="utf-8")).get("exit_code_by_key", {})


def score(module: str, codes: dict, equivalents: dict) -> dict:
    names = {k: v for k, v in codes.items() if k not in equivalents}
    killed = sorted(k for k, v in names.items() if v in KILLED_CODES or v in TIMEOUT_CODES)
    timeouts = sorted(k for k, v in names.items() if v in TIMEOUT_CODES)
    survived = sorted(k for k, v in names.items() if v in SURVIVED_CODES)
    no_tests = sorted(k for k, v in names.items() if v in NO_TESTS_CODES)
    unchecked = sorted(k for k, v in names.items() if v is None)
    other = sorted(k for k in names if k not in set(killed + survived + no_tests + unchecked))
    total = len(names) - len(unchecked)
    return {"module": module, "killed": len(killed), "total": total,
            "score": round(100 * len(killed) / total, 1) if total else None,
            "equivalent": sum(1 for k in codes if k in equivalents), "timeouts": len(timeouts),
            "survived": survived, "no_tests": no_tests, "unchecked": unchecked, "other": other}


def print_score(s: dict, work: Path, diff: bool) -> None:
    pct = f"{s['score']}%" if s["score"] is not None else "n/a"
    print(f"{s['module']}: {s['killed']}/{s['total']} killed = {pct} ({s['timeouts']} of them by a CPU-time limit, "
          f"{s['equivalent']} equivalent excluded, "
          f"{len(s['survived'])} survived, {len(s['no_tests'])} no tests, {len(s['other'])} suspicious, "
          f"{len(s['unchecked'])} not checked)")
    for label in ("survived", "no_tests", "other"):
        for name in s[label]:
            print(f"  {label.replace('_', ' ')}: {name}")
            if diff:
                shown = subprocess.run([sys.executable, "-m", "mutmut", "show", name], cwd=work,
                                       capture_output=True, text=True)
                print("    " + shown.stdout.strip().replace("\n", "\n    "))


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--module", action="append", default=[], help="a module path such as game/trench/movement.py")
    p.add_argument("--package", action="append", default=[], help="every module of a package, e.g. game/trench")
    p.add_argument("--all", action="store_true", help="game/core and every rules package")
    p.add_argument("--list", action="store_true", help="print the modules and their tests, run nothing")
    p.add_argument("--report-only", action="store_true", help="print the last results, run nothing")
    p.add_argument("--diff", action="store_true", help="print each surviving mutant's diff")
    p.add_argument("--max-children", type=int, default=1, help="mutmut workers (default 1)")
    p.add_argument("--nice", type=int, default=10, help="niceness of the mutmut run (default 10)")
    p.add_argument("--target", type=float, default=0.0, help="exit 1 if a module scores below this percent")
    p.add_argument("--json", action="store_true", help="print the scores as JSON")
    p.add_argument("--survivors", action="store_true",
                   help="test again only the mutants that survived (or had no tests) last time: after adding tests")
    p.add_argument("--function", action="append", default=[], metavar="NAME",
                   help="only the mutants of this function (or Class.method) of each module: a quick check of new "
                        "code on a loaded machine; the score then counts the others as not checked")
    p.add_argument("--resume", action="store_true",
                   help="test only the mutants (of the --function set, or of the module) that have no result yet: "
                        "to continue a run that was stopped")
    p.add_argument("--timeout-multiplier", type=float, metavar="X",
                   help="a mutant whose tests run past X times their measured time (plus 1 s) is stopped and "
                        "counted as killed (mutmut's default 15: an endless loop then costs minutes; check each "
                        "timeout's diff when lowering it)")
    p.add_argument("--tests-at", metavar="REV", help="use the tests committed at git revision REV (a before score)")
    p.add_argument("--full", action="store_true", help="include the slow playout and fuzz suites (hours)")
    args = p.parse_args(argv)

    modules = list(args.module)
    for package in args.package:
        modules += modules_of(package.rstrip("/"))
    if args.all or args.list:
        modules += [m for package in PACKAGES for m in modules_of(package)]
    for module in modules:
        if not (ROOT / module).is_file():
            raise SystemExit(f"error: no module {module}")
        package_of(module)
    if args.list:
        for module in modules:
            print(f"{module}: tests {' '.join(PACKAGES[package_of(module)])}")
        return 0
    if not modules:
        p.error("name a --module, a --package or --all")

    equivalents = load_equivalents()
    scores = []
    for module in modules:
        work = workdir(module, args.full)
        if not args.report_only:
            names = None
            if args.function:
                dotted = module[:-3].replace("/", ".")
                names = [f"{dotted}.x{'ǁ' + f.replace('.', 'ǁ') if '.' in f else '_' + f}__mutmut_*"
                         for f in args.function]
            if args.resume:
                pending = score(module, results(work, module), equivalents)["unchecked"]
                if names:
                    pending = [n for n in pending if any(fnmatch.fnmatchcase(n, pattern) for pattern in names)]
                names = pending
                if not names:
                    print(f"{module}: no mutant left to test")
            if args.survivors:
                last = score(module, results(work, module), equivalents)
                names = last["survived"] + last["no_tests"] + last["other"]
                if not names:
                    print(f"{module}: no survivors to test again")
            work = prepare(module, args.full, args.tests_at, args.timeout_multiplier)
            status = run_mutmut(work, module, args.max_children, args.nice, names) if names != [] else 0
            if status not in (0, 1):
                print(f"{module}: mutmut FAILED (exit {status}; see {work / (Path(module).stem + '.log')}): "
                      f"the figures below are from an earlier run, not this one")
        s = score(module, results(work, module), equivalents)
        scores.append(s)
        if not args.json:
            print_score(s, work, args.diff)
            sys.stdout.flush()
    known = {n for s in scores for n in results(workdir(s["module"], args.full), s["module"])}
    prefixes = tuple(s["module"][:-3].replace("/", ".") + "." for s in scores)
    stale = sorted(n for n in equivalents if n.startswith(prefixes) and n not in known)
    for name in stale:
        print(f"warning: {name} in {EQUIVALENT_FILE.name} is no longer a mutant (renumbered?)")
    if args.json:
        print(json.dumps(scores, indent=1))
    low = [s for s in scores if s["score"] is not None and s["score"] < args.target]
    return 1 if low else 0


if __name__ == "__main__":
    raise SystemExit(main())
