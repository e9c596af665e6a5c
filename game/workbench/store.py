"""A run's folder: ``run.json`` (what was asked), ``games.jsonl`` (one line per finished game,
appended as it ends) and the report.  A run killed at any moment loses at most the games still
being played: each line is written whole and synced; a line cut short by the kill is dropped on
``--resume``.  :func:`record_of` turns any line into a game record the replay viewer opens.
"""

from __future__ import annotations

import json
import os

from ..core.errors import GameError
from ..core.files import write_text_atomic
from ..core.gamerecord import GameRecord, format_record

GAMES = "games.jsonl"
RUN = "run.json"


class RunError(GameError, ValueError):
    """A run folder that cannot be used as asked (the message says why)."""


def read_games(folder: str, repair: bool = False) -> list[dict]:
    """The finished games of a run; a last line cut short is dropped (and, with ``repair``, cut
    from the file so new lines follow a whole one)."""
    path = os.path.join(folder, GAMES)
    if not os.path.exists(path):
        return []
    with open(path, "rb") as handle:
        data = handle.read()
    lines, good_end = [], 0
    offset = 0
    for raw in data.split(b"\n"):
        end = offset + len(raw) + 1
        if raw.strip():
            try:
                lines.append(json.loads(raw))
            except ValueError:
                if end <= len(data):       # a damaged line in the middle: the file is not ours to guess at
                    raise RunError(f"{path}: line {len(lines) + 1} is not a JSON object") from None
                break                      # the last line, cut short by a kill
            good_end = min(end, len(data))
        offset = end
    if repair and good_end < len(data):
        with open(path, "r+b") as handle:
            handle.truncate(good_end)
    return lines


class GameLog:
    """Appends finished games to ``games.jsonl``, one synced line each."""

    def __init__(self, folder: str):
        self.path = os.path.join(folder, GAMES)
        self._handle = open(self.path, "a", encoding="utf-8")

    def append(self, line: dict) -> None:
        self._handle.write(json.dumps(line, separators=(",", ":")) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()


def write_run(folder: str, config: dict) -> None:
    write_text_atomic(os.path.join(folder, RUN), json.dumps(config, indent=1) + "\n")


def read_run(folder: str) -> dict | None:
    path = os.path.join(folder, RUN)
    if not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def record_of(line: dict) -> GameRecord:
    """The game record (``docs/records.md``) of a ``games.jsonl`` line: it replays the game exactly.
    A game started from a ``--from`` position has no record (it did not start as a new game)."""
    if line.get("from"):
        raise RunError("this game started from a --from position, which a game record cannot hold; "
                       "replay it with tools/scenario.py from that position and the line's actions")
    return GameRecord(game=line["game"], players=line["players"], seed=line["seed"],
                      settings=tuple(line.get("settings") or ()), variants=tuple(line.get("variants") or ()),
                      seats=tuple(line["seats"][s] for s in line["order"]), actions=tuple(line["actions"]))


def extract(games_path: str, number: int, out: str) -> GameRecord:
    """Write line ``number`` (from 1) of a ``games.jsonl`` as a game record file at ``out``."""
    folder = os.path.dirname(os.path.abspath(games_path))
    if os.path.basename(games_path) != GAMES:
        lines = _read_any(games_path)
    else:
        lines = read_games(folder)
    if not 1 <= number <= len(lines):
        raise RunError(f"{games_path} has {len(lines)} games; there is no line {number}")
    record = record_of(lines[number - 1])
    state = record.state_at()
    from ..core.registry import get_game
    record = GameRecord(record.game, record.players, record.seed, record.settings, record.variants,
                        record.seats, record.actions, get_game(record.game).format_position(state))
    write_text_atomic(out, format_record(record))
    return record


def _read_any(path: str) -> list[dict]:
    with open(path, encoding="utf-8") as handle:
        return [json.loads(raw) for raw in handle if raw.strip()]
