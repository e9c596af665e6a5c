"""Where a run's games are played: in this process, a local process pool, or a Dask cluster.

All three go through one loop (:func:`run_tasks`) over a ``concurrent.futures.Executor``: a
``ProcessPoolExecutor`` for ``--jobs J``, and for ``--cluster`` Dask's own executor
(``distributed.Client.get_executor()``), either on a ``LocalCluster`` of N worker processes
(``local:N``) or on a running scheduler (``tcp://HOST:8786``).  A game is a picklable task whose
result depends on the task alone, so where it ran never changes it.

When a worker is lost (a killed process, a machine gone) its unfinished games fail with an
infrastructure error, never with a game's own: they are submitted again, up to ``RETRIES`` times
each; games already finished are never lost (each was written as it ended).

Only a few games per worker are submitted at a time (``QUEUED_PER_WORKER``), and a run stopped
early (Ctrl-C, a cancelled quick balance, an error) cancels the ones not started.  Submitting a
whole run at once would leave thousands of queued games behind a stop: CPython's process pool
forgets ``shutdown(cancel_futures=True)`` when the executor is collected before its manager
thread reads the flag, and then plays every queued game before the program can exit.
"""

from __future__ import annotations

import concurrent.futures as cf
import multiprocessing
import sys
import traceback
from collections import deque
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager

#: How often one game is resubmitted after losing its worker before the run gives up on it.
RETRIES = 3
#: Seconds to wait for a Dask scheduler before saying it cannot be reached.
CONNECT_TIMEOUT = 5
#: Games submitted ahead per worker: one playing and one waiting keeps every worker busy.
QUEUED_PER_WORKER = 2

DASK_MISSING = ("--cluster needs Dask's distributed scheduler, an optional extra: "
                "pip install -e '.[cluster]'  (or: pip install 'dask[distributed]')")


class ClusterError(RuntimeError):
    """The cluster cannot be used (Dask missing, a bad or unreachable address)."""


def guarded(fn, task):
    """Run ``fn(task)``; a game's own exception comes back as ``{"key", "error"}`` instead of
    raising, so that only a lost worker makes a future fail."""
    try:
        return fn(task)
    except Exception as exc:  # a rules crash is a finding of the run, reported with its game
        return {"key": task.key, "arm": task.arm, "kind": task.kind, "index": task.index, "seed": task.seed,
                "error": f"{type(exc).__name__}: {exc}", "traceback": traceback.format_exc(limit=6)}


def parse_cluster(address: str) -> tuple[str, object]:
    """``("local", N)`` for ``local:N``, ``("remote", address)`` for ``tcp://HOST:PORT``."""
    if address.startswith("local:"):
        try:
            n = int(address[6:])
        except ValueError:
            n = 0
        if n < 1:
            raise ClusterError(f"--cluster {address}: expected local:N with N workers, N >= 1")
        return "local", n
    if "://" in address or ":" in address:
        return "remote", address
    raise ClusterError(f"--cluster {address}: expected local:N or a scheduler address such as tcp://HOST:8786")


class Workers:
    """An executor, how many games it plays at once (``slots``) and what to say about it;
    ``restart()`` replaces a broken local pool."""

    def __init__(self, executor, label: str, restart=None, slots: int = 1):
        self.executor = executor
        self.label = label
        self.slots = max(1, slots)
        self._restart = restart

    def restart(self):
        if self._restart is None:
            raise RuntimeError(f"{self.label} broke and cannot be restarted")
        self.executor = self._restart(self.executor)
        return self.executor


def _new_pool(jobs: int):
    return cf.ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("spawn"))


@contextmanager
def executor_for(jobs: int = 1, cluster: str | None = None, pool: bool = False):
    """The :class:`Workers` for ``--jobs`` / ``--cluster`` (executor None: play in this process);
    ``pool``: a process pool even for one job (the app's Rules lab: games off the window's process)."""
    if cluster:
        kind, arg = parse_cluster(cluster)
        try:
            import distributed
        except ImportError:
            raise ClusterError(DASK_MISSING) from None
        if kind == "local":
            with distributed.LocalCluster(n_workers=arg, threads_per_worker=1, processes=True,
                                          dashboard_address=None, silence_logs=40) as lc, \
                    distributed.Client(lc, set_as_default=False) as client:
                yield Workers(client.get_executor(pure=False), f"a Dask LocalCluster of {arg} workers", slots=arg)
        else:
            try:
                client = distributed.Client(arg, timeout=CONNECT_TIMEOUT, set_as_default=False)
            except (OSError, TimeoutError) as exc:
                raise ClusterError(f"cannot reach the Dask scheduler at {arg} within {CONNECT_TIMEOUT}s "
                                   f"({type(exc).__name__}: {exc})") from None
            except ValueError as exc:
                raise ClusterError(f"--cluster {arg}: {exc}") from None
            try:
                info = client.scheduler_info().get("workers", {})
                threads = sum(w.get("nthreads", 1) for w in info.values())
                # workers may join after the connection: room for more than the count seen now
                yield Workers(client.get_executor(pure=False), f"the Dask scheduler at {arg} ({len(info)} workers)",
                              slots=max(threads, 16))
            finally:
                client.close()
    elif jobs > 1 or pool:
        pool = _new_pool(jobs)

        def restart(old):
            old.shutdown(wait=False, cancel_futures=True)
            return _new_pool(jobs)

        workers = Workers(pool, f"{jobs} local process{'es' if jobs > 1 else ''}", restart, slots=jobs)
        try:
            yield workers
        except BaseException:
            workers.executor.shutdown(wait=False, cancel_futures=True)
            raise
        workers.executor.shutdown(wait=True)
    else:
        yield Workers(None, "this process")


def _lost(exc: BaseException) -> bool:
    """Whether a future's exception means its worker was lost (not that the game failed)."""
    if isinstance(exc, (BrokenProcessPool, cf.CancelledError, OSError, EOFError)):
        return True
    return type(exc).__name__ in ("KilledWorker", "CommClosedError", "FutureCancelledError", "WorkerLost")


def run_tasks(tasks: list, fn, on_done, workers: Workers | None = None) -> int:
    """Play every task, calling ``on_done(line)`` as each finishes (in finishing order).

    Returns how many games were resubmitted after losing their worker.  At most
    ``QUEUED_PER_WORKER × workers.slots`` games are submitted at a time; if ``on_done`` (or
    anything else) raises, the games not yet started are cancelled before the exception goes on.
    A broken local pool (a killed worker process breaks a ``ProcessPoolExecutor`` for good) is
    replaced and every game it had not finished goes to the new one; Dask reschedules by itself,
    and a game whose future still fails is submitted again."""
    if workers is None or workers.executor is None:
        for task in tasks:
            on_done(guarded(fn, task))
        return 0
    window = QUEUED_PER_WORKER * workers.slots
    waiting = deque(tasks)
    resubmitted = 0
    tries = {t.key: 0 for t in tasks}
    pending: dict = {}

    def fill() -> bool:
        """Submit waiting games up to the window; False if the pool broke (a worker died while
        the last games finished), the game it refused still waiting."""
        while waiting and len(pending) < window:
            try:
                future = workers.executor.submit(guarded, fn, waiting[0])
            except BrokenProcessPool:
                return False
            pending[future] = waiting.popleft()
        return True

    try:
        while True:
            retry, broken = [], not fill()
            if not broken:
                if not pending:
                    break
                done, _ = cf.wait(list(pending), return_when=cf.FIRST_COMPLETED)
                for future in done:
                    task = pending.pop(future)
                    try:
                        line = future.result()
                    except BaseException as exc:  # noqa: BLE001 - a lost worker is retried, anything else raised
                        if not _lost(exc):
                            raise
                        retry.append(task)
                        broken = broken or isinstance(exc, BrokenProcessPool)
                        continue
                    on_done(line)
            if broken:
                for future, task in pending.items():
                    if future.done() and not future.cancelled() and future.exception() is None:
                        on_done(future.result())
                    else:
                        retry.append(task)
                pending.clear()
                workers.restart()
                print(f"a worker process died: {len(retry)} unfinished games resubmitted", file=sys.stderr)
            for task in reversed(retry):
                tries[task.key] += 1
                if tries[task.key] > RETRIES:
                    raise RuntimeError(f"game {task.key} lost its worker {tries[task.key]} times; giving up")
                waiting.appendleft(task)
                resubmitted += 1
    finally:
        for future in pending:
            future.cancel()
    return resubmitted


__all__ = ["Workers", "executor_for", "run_tasks", "guarded", "parse_cluster", "ClusterError", "DASK_MISSING",
           "RETRIES", "CONNECT_TIMEOUT", "QUEUED_PER_WORKER"]
