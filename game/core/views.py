"""Per-viewer redaction helpers shared by every game (who may see which event)."""

from __future__ import annotations


def redact_events(events, viewer) -> list:
    """The events ``viewer`` may see: public ones (``seen_by`` None) and those naming it.

    ``viewer`` None is the public spectator, who sees only public events.
    """
    return [e for e in events if e.seen_by is None or (viewer is not None and viewer in e.seen_by)]
