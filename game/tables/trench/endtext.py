"""Why the game ended, in words, with every seat's score (TW-9).

Reads only a ``TrenchView`` whose ``result`` is set (the result is public) and, for the
points by source, the viewer's log tally (``game.tables.trench.logtext.Log.tally``).

Every line comes from the ``describe`` catalogs (keys ``describe.end.*``), looked up when
``end_lines`` is called: it follows ``game.i18n.set_language`` at once.

Public API::

    end_lines(view, tally=None) -> list[str]
        # first the winner(s), then the reason: the target reached, or judgement (the dead
        # reached the limit / the round limit / no soldier left) and which step of the
        # tie-break chain decided it (points, rows advanced, carried enemy corpses, surviving
        # soldiers, ammunition spent, later in the turn order), then one line per seat.
    deciding_step(view) -> tuple[str, tuple] | None
        # judgement only: (step key, ((seat, value), ...)) of the step that decided;
        # step keys: "points", "rows", "corpses", "survivors", "spent", "order"
"""

from __future__ import annotations

from game.i18n import FALLBACK, catalog, tr
from game.trench import casualties
from game.trench.state import seat_order_from
from game.tables.trench.logtext import seat_word
from game.tables.trench.sheet import seat_scores

#: The catalog keys of this module start with this (``game/i18n/<lang>/describe.po``).
PREFIX = "describe.end."


#: The judgement chain (TW-9), in the order of ``casualties.tiebreak_key``.
STEPS = ("points", "rows", "corpses", "survivors", "spent", "order")


def t(key: str, **args) -> str:
    """The line ``key`` in the current language, filled with ``args``; KeyError for an unknown key."""
    full = PREFIX + key.replace("-", "_")
    if full not in catalog(FALLBACK):
        raise KeyError(key)
    return tr(full, **args)


def _keys(view) -> dict:
    """Each seat's tie-break key as the view shows it; the points are the result's own
    (hidden teams pool points by sides the viewer may not know)."""
    scores = dict(view.result.scores)
    keys = {}
    for seat in view.seats:
        k = casualties.tiebreak_key(view, seat)
        keys[seat] = (scores.get(seat, k[0]),) + tuple(k[1:])
    return keys


def deciding_step(view):
    """Judgement only: ``(step, ((seat, value), ...))`` of the first tie-break step at which
    the winners' best seat beats every other seat; None when the game ended otherwise."""
    r = view.result
    if r is None or r.reason == "target":
        return None
    keys = _keys(view)
    winners = set(r.winners)
    best = max((s for s in view.seats if s in winners), key=lambda s: keys[s])
    others = [s for s in view.seats if s not in winners]
    if not others:
        return None
    rival = max(others, key=lambda s: keys[s])
    for i, step in enumerate(STEPS):
        if keys[best][i] != keys[rival][i]:
            return step, tuple((s, keys[s][i]) for s in view.seats)
    return None


def end_lines(view, tally=None) -> list:
    """Why the game ended and every seat's score, as lines."""
    r = view.result
    if r is None:
        return []
    sep = t("list.sep")
    # the headline names the sides in full ("South wins."), as the HUD does; the details use the log's words
    winners = sep.join(tr(f"seat.{s}") for s in r.winners)
    lines = [t("winner.1" if len(r.winners) == 1 else "winner.n", winners=winners)]
    players = len(view.seats)
    if r.reason == "target":
        scores = dict(r.scores)
        seat = max(r.winners, key=lambda s: scores.get(s, 0))
        lines.append(t("target", seat=seat_word(seat), points=scores.get(seat, 0), target=view.rules.target(players)))
    elif r.reason == "judgement":
        lines.append(t("judgement", dead=view.dead, limit=view.rules.judgement_dead(players)))
    elif r.reason == "round-limit":
        lines.append(t("round-limit", round=view.round))
    elif r.reason == "no-soldiers":
        lines.append(t("no-soldiers"))
    else:
        lines.append(t("other", reason=r.reason))
    step = deciding_step(view)
    if step is not None:
        name, values = step
        if name == "order":
            order = seat_order_from(view.seats, view.start or view.first or view.seats[0])
            words = sep.join(t("order.value", seat=seat_word(s), place=order.index(s) + 1) for s, _ in values)
        else:
            words = sep.join(t("value", seat=seat_word(s), value=v) for s, v in values)
        lines.append(t(f"step.{name}", values=words))
    lines.append(t("scores"))
    final = dict(r.scores)
    for score in seat_scores(view, tally):
        line = score.lines[0]
        if final.get(score.seat, score.total) != score.total:
            line = t("score.final", line=line, final=final[score.seat])
        lines.append(line)
    return lines


__all__ = ["PREFIX", "STEPS", "end_lines", "deciding_step"]
