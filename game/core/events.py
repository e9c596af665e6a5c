"""Events: what happened, as a stream for animation, logs and per-viewer redaction.

Game-agnostic: each game names its own event kinds and data keys.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for animation and the log.

    ``kind`` names it (see docs/notation.md, "Events"); ``data`` holds its
    details as a tuple of (key, value) pairs; ``text`` is a one-line log entry.
    ``seen_by`` is None for a public event, else the seats allowed to see it.
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


_SET_KIND, _SET_DATA, _SET_TEXT, _SET_SEEN_BY = (Event.__dict__[name].__set__
                                                  for name in ("kind", "data", "text", "seen_by"))


def make_event(kind: str, /, text: str = "", seen_by=None, **data) -> Event:
    """``Event(kind, tuple(data.items()), text, seen_by)``, filled through the slots
    (the rules core makes a few events per action; this skips the frozen ``__init__``)."""
    event = object.__new__(Event)
    _SET_KIND(event, kind)
    _SET_DATA(event, tuple(data.items()))
    _SET_TEXT(event, text)
    _SET_SEEN_BY(event, seen_by)
    return event
