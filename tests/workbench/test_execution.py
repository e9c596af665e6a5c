"""game.workbench.execution.run_tasks: how many games wait in an executor, and what a stop leaves.

A thread pool stands in for the worker processes: the loop only sees a ``concurrent.futures``
executor, and threads let the test count what was submitted and what ran."""

from __future__ import annotations

import concurrent.futures as cf
import os
import subprocess
import sys
import threading
from collections import namedtuple

import pytest

from game.workbench import execution
from game.workbench.execution import QUEUED_PER_WORKER, Workers, run_tasks

Task = namedtuple("Task", "key arm kind index seed")


def tasks(n):
    return [Task(f"A/main/{i}", "A", "main", i, i) for i in range(n)]


class CountingExecutor:
    """Wraps an executor; remembers the most futures submitted and not yet finished at once."""

    def __init__(self, inner):
        self.inner = inner
        self.lock = threading.Lock()
        self.outstanding = 0
        self.most = 0
        self.submitted = 0

    def submit(self, fn, *args):
        with self.lock:
            self.outstanding += 1
            self.submitted += 1
            self.most = max(self.most, self.outstanding)
        future = self.inner.submit(fn, *args)
        future.add_done_callback(self._finished)
        return future

    def _finished(self, _future):
        with self.lock:
            self.outstanding -= 1


def play_key(task):
    return {"key": task.key}


@pytest.mark.parametrize("slots", [1, 3])
def test_only_a_few_games_per_worker_are_submitted_at_a_time(slots):
    window = QUEUED_PER_WORKER * slots
    gate = threading.Event()

    class Counting(CountingExecutor):
        def submit(self, fn, *args):
            future = super().submit(fn, *args)
            if self.outstanding >= window:
                gate.set()         # no game ends before the first window is full
            return future

    def play(task):
        # only a wrong window (never filled) waits out the timeout, once, and then fails below
        if not gate.wait(10):
            gate.set()
        return {"key": task.key}

    with cf.ThreadPoolExecutor(slots) as pool:
        counting = Counting(pool)
        lines = []
        resubmitted = run_tasks(tasks(40), play, lines.append, Workers(counting, "threads", slots=slots))
    assert resubmitted == 0
    assert sorted(line["key"] for line in lines) == sorted(t.key for t in tasks(40))
    assert counting.submitted == 40
    assert counting.most == window


class FirstOnlyExecutor:
    """Plays the first game submitted at once and leaves every later one waiting, never started."""

    def __init__(self):
        self.futures = []

    def submit(self, fn, *args):
        future = cf.Future()
        if not self.futures:
            future.set_running_or_notify_cancel()
            future.set_result(fn(*args))
        self.futures.append(future)
        return future


def test_a_run_stopped_by_its_callback_cancels_the_games_not_started():
    class Stop(Exception):
        pass

    def on_done(_line):
        raise Stop()

    executor = FirstOnlyExecutor()
    with pytest.raises(Stop):
        run_tasks(tasks(1000), play_key, on_done, Workers(executor, "one worker", slots=1))
    first, *waiting = executor.futures
    assert first.result() == {"key": "A/main/0"}
    assert len(waiting) == QUEUED_PER_WORKER - 1
    assert all(future.cancelled() for future in waiting)


def test_a_game_that_loses_its_worker_goes_back_first_and_counts_as_resubmitted(monkeypatch):
    seen = []
    lost = {"A/main/1"}

    def play(task):
        seen.append(task.key)
        if task.key in lost:
            lost.discard(task.key)
            raise OSError("worker gone")   # what a lost worker's future raises (an infrastructure error)
        return {"key": task.key}

    def raising(fn, task):
        return fn(task)                    # let the OSError reach the future, as a lost worker would

    monkeypatch.setattr(execution, "guarded", raising)
    with cf.ThreadPoolExecutor(1) as pool:
        lines = []
        resubmitted = run_tasks(tasks(6), play, lines.append, Workers(pool, "threads", slots=1))
    assert resubmitted == 1
    assert sorted(line["key"] for line in lines) == sorted(t.key for t in tasks(6))
    assert seen.count("A/main/1") == 2
    assert seen.index("A/main/1", seen.index("A/main/1") + 1) < seen.index("A/main/5")


def test_a_game_lost_more_than_the_retries_allow_stops_the_run(monkeypatch):
    def play(task):
        raise OSError("worker gone")

    monkeypatch.setattr(execution, "guarded", lambda fn, task: fn(task))
    with cf.ThreadPoolExecutor(1) as pool:
        with pytest.raises(RuntimeError, match=r"game A/main/0 lost its worker 4 times; giving up"):
            run_tasks(tasks(3), play, lambda line: None, Workers(pool, "threads", slots=1))


def test_in_this_process_every_game_is_played_in_order():
    lines = []
    assert run_tasks(tasks(5), play_key, lines.append, Workers(None, "this process")) == 0
    assert [line["key"] for line in lines] == [t.key for t in tasks(5)]


STOPPED_RUN = r"""
import sys
from collections import namedtuple
sys.path.insert(0, sys.argv[1])
from game.workbench.execution import executor_for, run_tasks
from wb_helpers import note_key

Task = namedtuple("Task", "key arm kind index seed")


class Stop(Exception):
    pass


def stop(_line):
    raise Stop()


if __name__ == "__main__":
    try:
        with executor_for(1, pool=True) as workers:
            run_tasks([Task(f"A/main/{i}", "A", "main", i, i) for i in range(400)], note_key, stop, workers)
    except Stop:
        print("stopped")
"""


def test_a_stopped_process_pool_run_plays_no_queued_game_before_the_program_exits(tmp_path):
    """The program's exit waits for the pool's games: only those already handed to a worker may run
    (CPython's own ``cancel_futures`` is lost when the executor is collected first)."""
    script = tmp_path / "stopped_run.py"
    script.write_text(STOPPED_RUN, encoding="utf-8")
    ran = tmp_path / "ran.txt"
    here = os.path.dirname(os.path.abspath(__file__))
    proc = subprocess.run([sys.executable, str(script), os.path.dirname(os.path.dirname(here))],
                          env=dict(os.environ, WB_RAN_FILE=str(ran), PYTHONPATH=here), capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0 and proc.stdout.strip() == "stopped", proc.stderr[-2000:]
    played = ran.read_text(encoding="utf-8").split()
    assert 1 <= len(played) <= QUEUED_PER_WORKER and played[0] == "A/main/0"


class BreaksAtSubmit:
    """A pool whose worker died while its last games finished: those games' results are in,
    and the next submit raises ``BrokenProcessPool`` (what a process pool does)."""

    def __init__(self, good: int):
        self.good = good
        self.submitted = []

    def submit(self, fn, *args):
        from concurrent.futures.process import BrokenProcessPool
        if len(self.submitted) >= self.good:
            raise BrokenProcessPool("A child process terminated abruptly")
        future = cf.Future()
        future.set_running_or_notify_cancel()
        future.set_result(fn(*args))
        self.submitted.append(args[1].key)
        return future


def test_a_pool_found_broken_at_submit_is_replaced_and_no_game_is_lost_or_played_twice():
    broken = BreaksAtSubmit(good=3)
    fresh = cf.ThreadPoolExecutor(1)
    lines = []
    try:
        workers = Workers(broken, "a pool", restart=lambda old: fresh, slots=2)
        resubmitted = run_tasks(tasks(8), play_key, lines.append, workers)
    finally:
        fresh.shutdown()
    assert broken.submitted == ["A/main/0", "A/main/1", "A/main/2"]
    assert sorted(line["key"] for line in lines) == sorted(t.key for t in tasks(8))
    assert len(lines) == 8 and resubmitted == 0   # finished games kept; the refused one was never lost
