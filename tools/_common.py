"""Shared command-line helpers for the tools (not a public API).

Every tool takes ``--game NAME`` (default ``trench-war``) and reaches the game only through its
:class:`game.core.registry.GameSpec`; the helpers here parse the options all tools share, load
positions, write files atomically and turn the usual ways a command line ends badly (an unwritable
path, a closed pipe, Ctrl-C) into a one-line message and an exit status.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from game.core.errors import GameError  # noqa: E402
from game.core.errors import SeedError  # noqa: E402
from game.core.files import write_text_atomic  # noqa: E402
from game.core.registry import DEFAULT_GAME, game_names, get_game  # noqa: E402
from game.core.rng import SEED_MAX, parse_seed  # noqa: E402,F401  (SEED_MAX: for the tools)

def fail(message: str, status: int = 2) -> "NoReturn":  # noqa: F821
    print(f"error: {message}", file=sys.stderr)
    raise SystemExit(status)


def seed_type(text: str) -> int:
    """argparse type of a seed: an integer from 0 to 2**64 - 1 in ASCII digits (``game.core.rng.parse_seed``)."""
    try:
        return parse_seed(text)
    except SeedError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def check_seed_run(seed: int, count: int) -> None:
    """A run of ``count`` games on seeds ``seed``, ``seed + 1``, ...: every seed must be in range."""
    if count and seed + count - 1 > SEED_MAX:
        fail(f"seeds {seed}..{seed + count - 1} pass 2**64-1: start at {SEED_MAX - count + 1} or below")


def count_type(text: str) -> int:
    """argparse type of a count: a whole number >= 0."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} is negative; expected 0 or more")
    return value


def add_game_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default=DEFAULT_GAME, choices=game_names(),
                        help=f"which game (default {DEFAULT_GAME})")


def add_rules_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--set", action="append", default=[], metavar="K=V", help="ruleset override")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME",
                        help="ruleset variant")


def load_game(name: str):
    """The game's spec, or a clean exit naming the problem."""
    try:
        return get_game(name)
    except GameError as exc:
        fail(str(exc))


def check_players(game, players: int) -> None:
    if players not in game.players:
        fail(f"{game.name} is played by {', '.join(map(str, game.players))} players, not {players}")


def read_text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError as exc:
        fail(f"{path} is not UTF-8 text (byte {exc.start})")
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror}")


def write_atomic(path: str, text: str) -> None:
    """Write a file so that a crash never leaves it half written; a failure exits 2 naming it
    (see ``game.core.files.write_text_atomic``: no temporary file is left behind)."""
    try:
        write_text_atomic(path, text)
    except OSError as exc:
        fail(f"cannot write {path}: {exc.strerror}")


def run_main(main) -> None:
    """Run a tool's ``main`` and exit with its status; a closed pipe (``| head``) or Ctrl-C
    ends it quietly instead of with a traceback."""
    try:
        status = main()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again at exit; point it at devnull so that is silent too.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        status = 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        status = 128 + signal.SIGINT
    raise SystemExit(status)
