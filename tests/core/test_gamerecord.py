"""Game records: round trips, atomic saves, and damaged or foreign files rejected untouched."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys

import pytest

from game.core.errors import NotationError
from game.core.files import write_text_atomic
from game.core.gamerecord import (GameRecord, RecordError, format_record, load_record, parse_record,
                                  read_record, save_record)
from game.core.playout import random_steps
from game.core.registry import get_game
from game.core.rng import Rng

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def played(seed=3, steps=60, players=2, settings=(), variants=()):
    """A record of ``steps`` random decisions, with the position after them."""
    spec = get_game("trench-war")
    record = GameRecord("trench-war", players, seed, tuple(settings), tuple(variants),
                        ("human",) + ("easy",) * (players - 1))
    state = record.new_state()
    for action in random_steps(state, Rng(seed), steps):
        record = record.with_action(action)
    return GameRecord(record.game, record.players, record.seed, record.settings, record.variants,
                      record.seats, record.actions, spec.format_position(state)), state


@pytest.mark.parametrize("variants,players", [((), 2), (("civilians",), 2), (("guerrillas",), 3),
                                              (("first-game",), 2), (("open-teams",), 4),
                                              (("hidden-teams",), 4)])
def test_record_round_trips_mid_game_for_every_variant(tmp_path, variants, players):
    record, state = played(seed=11, steps=70, players=players, variants=variants)
    path = tmp_path / "game.twr"
    save_record(path, record)
    loaded, loaded_state = load_record(path)
    assert loaded == record
    assert loaded.position == record.position
    spec = get_game("trench-war")
    assert spec.format_position(loaded_state) == spec.format_position(state)
    assert format_record(parse_record(path.read_text())) == path.read_text()


def test_quick_load_uses_the_stored_position_without_replaying(tmp_path):
    record, state = played(steps=40)
    path = tmp_path / "game.twr"
    save_record(path, record)
    _, quick = load_record(path, verify=False)
    assert get_game("trench-war").format_position(quick) == record.position


def _damaged(tmp_path, content: bytes):
    path = tmp_path / "bad.twr"
    path.write_bytes(content)
    before = hashlib.sha256(content).hexdigest()
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before  # never changed
    return str(err.value)


def test_truncated_record_is_rejected_as_cut_short(tmp_path):
    record, _ = played()
    text = format_record(record)
    message = _damaged(tmp_path, text[: len(text) // 2].encode())
    assert "cut short" in message and "bad.twr" in message


def test_binary_and_foreign_files_are_rejected(tmp_path):
    assert "binary" in _damaged(tmp_path, b"\x89PNG\r\n\x1a\n\0\0")
    assert "not a game record" in _damaged(tmp_path, b"players: S N\nphase: first\n")
    assert "not UTF-8" in _damaged(tmp_path, b"# Trench War game record\xff\n")


def test_newer_record_version_is_rejected_naming_it(tmp_path):
    record, _ = played()
    text = format_record(record).replace("record: 1\n", "record: 7\n", 1)
    assert "record format 7 comes from a newer version" in _damaged(tmp_path, text.encode())


def test_edited_record_fails_its_checksum(tmp_path):
    record, _ = played()
    text = format_record(record).replace("seed: 3\n", "seed: 4\n", 1)
    assert "checksum does not match" in _damaged(tmp_path, text.encode())


def test_an_unreplayable_action_names_its_number(tmp_path):
    record, _ = played(steps=5)
    bad = GameRecord(record.game, record.players, record.seed, seats=record.seats,
                     actions=record.actions[:2] + ("S1 fly away",))
    path = tmp_path / "bad.twr"
    save_record(path, bad)
    with pytest.raises(RecordError, match=r"action 3 \('S1 fly away'\) cannot be replayed"):
        load_record(path)


def test_parse_names_the_line_of_a_missing_field():
    record, _ = played(steps=3)
    lines = format_record(record).split("\n")
    del lines[4]  # seed
    body = "\n".join(lines[:-2]) + "\n"
    text = body + "check: " + hashlib.sha256(body.encode()).hexdigest()[:16] + "\n"
    with pytest.raises(NotationError, match=r"line 5: expected 'seed: \.\.\.'"):
        parse_record(text)


def test_write_text_atomic_leaves_no_temp_file_on_failure(tmp_path):
    with pytest.raises(FileNotFoundError):
        write_text_atomic(tmp_path / "missing" / "x", "text")
    with pytest.raises(IsADirectoryError):
        write_text_atomic(tmp_path, "text")
    assert list(tmp_path.iterdir()) == []


KILLER = r"""
import sys
sys.path.insert(0, {root!r})
from game.core.gamerecord import GameRecord, save_record
i = 0
while True:
    i += 1
    save_record({path!r}, GameRecord("trench-war", 2, 1, seats=("human", "easy"),
                                     actions=("chance first S",) * (i % 7)))
    if i == 3:
        print("ready", flush=True)
"""


def test_sigkill_during_autosave_leaves_the_last_good_save_loadable(tmp_path):
    path = str(tmp_path / "auto.twr")
    save_record(path, GameRecord("trench-war", 2, 1, seats=("human", "easy")))
    for _ in range(3):
        proc = subprocess.Popen([sys.executable, "-c", KILLER.format(root=ROOT, path=path)],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout.readline() == "ready\n"
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        record = parse_record(open(path, encoding="utf-8").read())
        assert record.game == "trench-war" and set(record.actions) <= {"chance first S"}
    save_record(path, GameRecord("trench-war", 2, 1))  # the next save removes the killed writer's temp
    assert [p for p in os.listdir(tmp_path) if ".tmp-" in p] == []


def test_read_record_parses_without_replaying(tmp_path):
    record, _ = played(steps=20)
    broken = GameRecord(record.game, record.players, record.seed, record.settings, record.variants, record.seats,
                        record.actions[:5] + ("S1 fly away",))
    path = tmp_path / "game.twr"
    save_record(path, broken)
    assert read_record(path) == broken  # the header reads; only loading replays (and refuses it)
    with pytest.raises(RecordError, match="action 6"):
        load_record(path)


@pytest.mark.parametrize("field,value,problem", [
    ("settings", ("gun range=5",), "record settings: 'gun range=5' is not a single word"),
    ("variants", ("",), "record variants: '' is not a single word"),
    ("seats", ("human", "easy bot"), "record seats: 'easy bot' is not a single word"),
    ("actions", ("chance first S\nS arm gun gas bomb",), "record action 1: .* cannot be written on one line"),
    ("actions", ("check: 0",), "record action 1: 'check: 0' cannot be written on one line"),
])
def test_format_record_refuses_fields_that_would_not_read_back(field, value, problem):
    fields = dict(game="trench-war", players=2, seed=1, seats=("human", "easy"))
    fields[field] = value
    with pytest.raises(ValueError, match=problem):
        format_record(GameRecord(**fields))


def test_record_format_zero_and_a_missing_version_are_refused(tmp_path):
    record, _ = played(steps=3)
    text = format_record(record)
    assert "unknown record format 0" in _damaged(tmp_path, text.replace("record: 1\n", "record: 0\n", 1).encode())
    assert "record must be a whole number" in _damaged(tmp_path, text.replace("record: 1\n", "record: x\n",
                                                                              1).encode())
