"""Files that are never left half written.

``write_text_atomic`` writes ``PATH.tmp-PID``, flushes and fsyncs it, renames it over ``path`` in one
step and fsyncs the folder, so a crash or SIGKILL at any moment leaves either the old file or the new
one, never a mixture.  A temporary file that a killed writer left behind is removed by the next write.
"""

from __future__ import annotations

import glob
import os

#: What marks a temporary file beside its target: ``game.pos.tmp-1234`` (1234: the writer's pid).
TMP_MARK = ".tmp-"


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale_temps(path: str) -> None:
    """Remove temporary files beside ``path`` whose writer no longer runs."""
    for stale in glob.glob(glob.escape(path) + TMP_MARK + "*"):
        pid = stale.rsplit("-", 1)[-1]
        if pid.isdigit() and not _process_alive(int(pid)):
            try:
                os.remove(stale)
            except OSError:
                pass


def write_text_atomic(path: str, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) atomically; raise ``OSError`` naming the problem.

    Nothing is left behind on failure: the temporary file is removed before the error propagates.
    """
    write_bytes_atomic(path, text.encode("utf-8"))


def write_bytes_atomic(path: str, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically (see :func:`write_text_atomic`)."""
    path = os.fspath(path)
    if os.path.isdir(path):
        raise IsADirectoryError(21, "it is a folder", path)
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise FileNotFoundError(2, f"the folder {folder} does not exist", path)
    remove_stale_temps(path)
    tmp = f"{path}{TMP_MARK}{os.getpid()}"
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:
        pass  # some file systems cannot fsync a folder; the rename is still atomic
