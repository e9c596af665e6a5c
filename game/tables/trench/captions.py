"""Short captions of a Trench War game's key moments, for the event mode's attract loop.

Built only from events the SPECTATOR may see: the caller passes the events of one applied step,
and :func:`spectator_captions` redacts them for the spectator (``spec.redact_events(events, None)``)
before wording anything, so no caption can depend on a secret (a plotted card, who carries which
weapon).  The words come from the ``event.cap.*`` catalog keys in the current language.

Public API::

    captions(events) -> list[str]              # events already redacted for the spectator
    spectator_captions(spec, events) -> list[str]   # redacts first, then words them
    CaptionFeed(limit, seconds)                # the few captions on screen now (bounded)
"""

from __future__ import annotations


from game.i18n import tr
from game.ui.feed import CaptionFeed  # noqa: F401 - re-exported: captions and their feed together
from game.trench.geometry import cell_name
from game.trench.model import BASE_KINDS

#: Causes of death with their own wording (others use ``event.cause.other``).
CAUSES = ("gas", "gun", "bomb", "assault")


def seat_name(seat) -> str:
    """A seat's name as an army (``South``, ``南軍``), or the seat's letter when it has none."""
    return tr(f"event.seat.{seat}") if seat in ("S", "W", "N", "E") else str(seat)


def soldier_name(sid) -> str:
    """``S2`` -> ``South's soldier 2`` (``南の兵士2``)."""
    sid = str(sid or "?")
    if len(sid) >= 2 and sid[0] in "SWNE" and sid[1:].isdigit():
        return tr("event.soldier", seat=seat_name(sid[0]), n=sid[1:])
    return sid


def _cell(cell) -> str:
    return cell_name(cell) if isinstance(cell, int) else "?"


def _winners(winners) -> str:
    return tr("event.list.sep").join(seat_name(w) for w in winners)


def _one(e):
    """The caption of one spectator event, or None when it is not a key moment."""
    kind = e.kind
    if kind == "death":
        cause = e.get("cause")
        how = tr(f"event.cause.{cause}") if cause in CAUSES else tr("event.cause.other")
        killer = e.get("killer")
        victim = soldier_name(e.get("sid"))
        if killer in BASE_KINDS and str(e.get("sid", ""))[:1] != killer:
            return tr("event.cap.kill", killer=seat_name(killer), victim=victim, how=how)
        return tr("event.cap.death", victim=victim, how=how)
    if kind == "gas" and e.get("how") == "place":
        path = e.get("path") or (None,)
        return tr("event.cap.gas", seat=seat_name(e.get("owner")), cell=_cell(path[0]))
    if kind == "cube" and e.get("how") == "destroy" and e.get("kind") in BASE_KINDS:
        return tr("event.cap.base", seat=seat_name(e.get("kind")))
    if kind == "village":
        return tr("event.cap.village", seat=seat_name(e.get("seat")))
    if kind == "place" and e.get("sid"):
        return tr("event.cap.landing", soldier=soldier_name(e.get("sid")), cell=_cell(e.get("cell")))
    if kind == "escape":
        return tr("event.cap.escape", soldier=soldier_name(e.get("sid")))
    if kind == "sink":
        return tr("event.cap.sink", soldier=soldier_name(e.get("sid")))
    if kind == "interrupt":
        return tr("event.cap.interrupt", seat=seat_name(e.get("seat")))
    if kind == "wind":
        light = tr("event.day") if e.get("day") else tr("event.night")
        return tr("event.cap.round", n=e.get("round"), light=light)
    if kind == "eclipse":
        return tr("event.cap.eclipse")
    if kind == "end":
        winners = tuple(e.get("winners") or ())
        if not winners:
            return tr("event.cap.draw")
        key = "event.cap.winner.1" if len(winners) == 1 else "event.cap.winner.n"
        return tr(key, winners=_winners(winners))
    return None


def captions(events) -> list:
    """Captions of the key moments among ``events`` (already redacted for the spectator), in order.

    Landings of one step come as one caption each; callers show only the latest few."""
    out = []
    for e in events:
        if e.seen_by is not None:  # never word a private event, whoever passed it in
            continue
        text = _one(e)
        if text and (not out or out[-1] != text):
            out.append(text)
    return out


def spectator_captions(spec, events) -> list:
    """Redact ``events`` for the spectator with the game's own rules, then caption them."""
    return captions(spec.redact_events(list(events), None))


__all__ = ["captions", "spectator_captions", "CaptionFeed", "seat_name", "soldier_name"]
