"""Atomic files (game.core.files): saves, autosaves and settings of every game are written through
``write_text_atomic``: the exact text lands, a failed write leaves the old file and no temporary file,
and a temporary file left by a killed writer is removed by the next write (a live writer's is kept)."""

from __future__ import annotations

import os

import pytest

from game.core import files
from game.core.files import TMP_MARK, remove_stale_temps, write_text_atomic


#: No process can have this pid (Linux caps pids at 2**22): a writer that is surely gone.  The tests never
#: signal a real process: a mutant that turns ``os.kill(pid, 0)`` into a real signal must not reach one.
GONE = 1_000_000_000
#: Pids the fake ``os.kill`` below treats as running writers.
LIVE = (4242, 4343)


@pytest.fixture
def kills(monkeypatch):
    """Replace ``os.kill`` for the module under test: running ``LIVE`` pids, every other pid gone; each
    call is recorded and must be the harmless probe (signal 0)."""
    calls = []

    def kill(pid, sig):
        calls.append((pid, sig))
        assert sig == 0, f"os.kill({pid}, {sig}) would signal a process"
        if pid not in LIVE:
            raise ProcessLookupError(3, "No such process")
    monkeypatch.setattr(files.os, "kill", kill)
    return calls


@pytest.fixture
def dead_pid():
    return GONE


def test_write_text_atomic_writes_exactly_the_text_as_utf8(tmp_path):
    path = tmp_path / "game.twr"
    write_text_atomic(path, "first\n")
    write_text_atomic(str(path), "南軍: 2点\nline two\r\nend")
    assert path.read_bytes() == "南軍: 2点\nline two\r\nend".encode("utf-8")  # no newline translation
    assert sorted(os.listdir(tmp_path)) == ["game.twr"]


def test_write_text_atomic_relative_path_in_the_current_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_text_atomic("plain.txt", "x")
    assert (tmp_path / "plain.txt").read_text() == "x"


def test_a_missing_folder_is_refused_naming_it(tmp_path):
    target = tmp_path / "missing" / "game.twr"
    with pytest.raises(FileNotFoundError) as err:
        write_text_atomic(target, "text")
    assert err.value.errno == 2 and err.value.filename == str(target)
    assert err.value.strerror == f"the folder {tmp_path / 'missing'} does not exist"
    assert os.listdir(tmp_path) == []


def test_a_folder_is_refused_as_the_target(tmp_path):
    with pytest.raises(IsADirectoryError) as err:
        write_text_atomic(tmp_path, "text")
    assert err.value.errno == 21 and err.value.strerror == "it is a folder" and err.value.filename == str(tmp_path)
    assert os.listdir(tmp_path) == []


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary_file(tmp_path):
    path = tmp_path / "game.twr"
    path.write_text("old save\n", encoding="utf-8")
    with pytest.raises(UnicodeEncodeError):
        write_text_atomic(path, "half \ud800 written")  # a lone surrogate cannot be encoded
    assert path.read_text(encoding="utf-8") == "old save\n"
    assert os.listdir(tmp_path) == ["game.twr"]


def test_a_failed_rename_removes_the_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "game.twr"

    def refuse(src, dst):
        raise PermissionError(13, "refused", dst)
    monkeypatch.setattr(files.os, "replace", refuse)
    with pytest.raises(PermissionError, match="refused"):
        write_text_atomic(path, "text")
    assert os.listdir(tmp_path) == []


def test_the_temporary_file_is_named_after_the_writer(tmp_path, monkeypatch):
    path = tmp_path / "game.twr"
    seen = []
    real = os.replace

    def spy(src, dst):
        seen.append((os.path.basename(src), open(src, encoding="utf-8").read()))
        return real(src, dst)
    monkeypatch.setattr(files.os, "replace", spy)
    write_text_atomic(path, "text")
    assert TMP_MARK == ".tmp-" and seen == [(f"game.twr.tmp-{os.getpid()}", "text")]


def test_stale_temporary_files_of_dead_writers_are_removed(tmp_path, dead_pid, kills):
    path = tmp_path / "my-game [1].twr"  # a hyphen and glob brackets in the name
    stale = tmp_path / f"my-game [1].twr.tmp-{dead_pid}"
    live = tmp_path / f"my-game [1].twr.tmp-{LIVE[0]}"  # a running writer
    odd = tmp_path / "my-game [1].twr.tmp-abc"
    other = tmp_path / f"other.twr.tmp-{dead_pid}"
    for p in (stale, live, odd, other):
        p.write_text("partial")
    remove_stale_temps(str(path))
    assert sorted(os.listdir(tmp_path)) == sorted([live.name, odd.name, other.name])
    stale.write_text("partial")
    write_text_atomic(path, "saved")
    assert sorted(os.listdir(tmp_path)) == sorted([path.name, live.name, odd.name, other.name])
    assert path.read_text() == "saved"


def test_a_stale_file_that_vanishes_meanwhile_is_no_error(tmp_path, dead_pid, kills, monkeypatch):
    (tmp_path / f"g.twr.tmp-{dead_pid}").write_text("x")

    def gone(p):
        raise FileNotFoundError(2, "gone", p)
    monkeypatch.setattr(files.os, "remove", gone)
    remove_stale_temps(str(tmp_path / "g.twr"))  # no error


def test_process_alive_probes_with_signal_zero(kills):
    assert files._process_alive(LIVE[0]) is True
    assert files._process_alive(GONE) is False
    assert kills == [(LIVE[0], 0), (GONE, 0)]


def test_process_alive_for_a_pid_no_process_can_have():
    assert files._process_alive(GONE) is False  # the real os.kill: no process to reach


def test_process_alive_for_someone_elses_process(monkeypatch):
    def not_mine(pid, sig):
        assert sig == 0
        raise PermissionError(1, "not permitted")
    monkeypatch.setattr(files.os, "kill", not_mine)
    assert files._process_alive(1) is True  # someone else's live process


def test_a_temp_of_a_live_writer_owned_by_someone_else_is_kept(tmp_path, monkeypatch):
    (tmp_path / "g.twr.tmp-1").write_text("x")

    def not_mine(pid, sig):
        raise PermissionError(1, "not permitted")
    monkeypatch.setattr(files.os, "kill", not_mine)
    remove_stale_temps(str(tmp_path / "g.twr"))
    assert os.listdir(tmp_path) == ["g.twr.tmp-1"]


def test_a_folder_that_cannot_be_fsynced_is_no_error(tmp_path, monkeypatch):
    real_open = os.open

    def no_folder(path, flags, *args):
        if os.path.isdir(path):
            raise OSError(22, "cannot open a folder here")
        return real_open(path, flags, *args)
    monkeypatch.setattr(files.os, "open", no_folder)
    write_text_atomic(tmp_path / "g.twr", "ok")
    assert (tmp_path / "g.twr").read_text() == "ok"


def test_the_folder_is_opened_read_only_fsynced_and_closed(tmp_path, monkeypatch):
    calls = []
    real_open, real_fsync, real_close = os.open, os.fsync, os.close

    def spy_open(path, flags, *args):
        fd = real_open(path, flags, *args)
        calls.append(("open", str(path), flags, fd))
        return fd

    def spy_fsync(fd):
        calls.append(("fsync", fd))
        return real_fsync(fd)

    def spy_close(fd):
        calls.append(("close", fd))
        return real_close(fd)
    monkeypatch.setattr(files.os, "open", spy_open)
    monkeypatch.setattr(files.os, "fsync", spy_fsync)
    monkeypatch.setattr(files.os, "close", spy_close)
    write_text_atomic(tmp_path / "g.twr", "ok")
    folder_fd = calls[-3][3]
    assert calls[-3][:3] == ("open", str(tmp_path), os.O_RDONLY)
    assert calls[-2:] == [("fsync", folder_fd), ("close", folder_fd)]
    assert calls[0][0] == "fsync"  # the file's own data first


def test_the_text_is_written_as_utf8_whatever_the_locale(tmp_path):
    import locale
    path = tmp_path / "game.twr"
    old = locale.setlocale(locale.LC_CTYPE)
    try:
        locale.setlocale(locale.LC_CTYPE, "C")  # a plain open() would write ASCII now (UTF-8 mode off)
        write_text_atomic(path, "南軍: 2点\n")
    finally:
        locale.setlocale(locale.LC_CTYPE, old)
    assert path.read_bytes() == "南軍: 2点\n".encode("utf-8")
