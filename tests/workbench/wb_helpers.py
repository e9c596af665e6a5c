"""Helpers the workbench tests hand to worker processes (importable by name in a spawned worker)."""

from __future__ import annotations

import os

from game.workbench.play import play


def die_once_then_play(task):
    """Play the task, but the first time the game ``A/main/1`` is asked for, kill this worker
    process (as a lost machine would); the marker file named by ``WB_DIE_MARKER`` remembers it."""
    marker = os.environ["WB_DIE_MARKER"]
    if task.key == "A/main/1" and not os.path.exists(marker):
        with open(marker, "w") as handle:
            handle.write(str(os.getpid()))
        os._exit(9)
    return play(task)


def note_key(task):
    """Append the task's key to the file named by ``WB_RAN_FILE`` (which games really ran)."""
    with open(os.environ["WB_RAN_FILE"], "a", encoding="utf-8") as handle:
        handle.write(task.key + "\n")
    return {"key": task.key}
