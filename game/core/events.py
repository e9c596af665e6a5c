"""Events: what happened, as a stream for animation, logs and per-viewer redaction.

Game-agnostic: each game names its own event kinds and data keys.
"""

from __future__ import annotations

from typing import NamedTuple


class Event(NamedTuple):
    """Something that happened, for animation and the log.

    ``kind`` names it (see docs/notation.md, "Events"); ``data`` holds its
    details as a tuple of (key, value) pairs; ``text`` is a one-line log entry.
    ``seen_by`` is None for a public event, else the seats allowed to see it.

    Immutable; a named tuple rather than a frozen dataclass because the rules cores make a
    few per action and a tuple is made in one step (``make_event``).
    """
    kind: str
    data: tuple = ()
    text: str = ""
    seen_by: frozenset | None = None

    def get(self, key, default=None):
        for k, v in self.data:
            if k == key:
                return v
        return default

    def as_dict(self) -> dict:
        return {"kind": self.kind, **dict(self.data), "text": self.text}


_TUPLE_NEW = tuple.__new__


def make_event(kind: str, /, text: str = "", seen_by=None, **data) -> Event:
    """``Event(kind, tuple(data.items()), text, seen_by)``, made in one step (the rules
    cores make a few events per action)."""
    return _TUPLE_NEW(Event, (kind, tuple(data.items()), text, seen_by))
