"""The turn's resolution as numbered steps (SB-5): one step per item in speed order, then the
end-of-turn effects (SB-4.4), each with the sentences of what it did.

Public API::

    Step(number, seat, speed, title, lines)     # number None: an end-of-turn effect
    Resolution(rules)                           # .add(events): feed the viewer's redacted events
        .steps -> list[Step]                    # this turn's steps so far (the last turn's until
                                                # the next reveal), .notes: items that never were
        .current -> Step | None                 # the step resolving now (for the badge)
        .lines(lang=None) -> list[str]          # "1. II: Medic (speed 3)", "   uses Heal" ...

Built on the log (``logtext.Log``): the same sentences, grouped.  It reads nothing but events.
"""

from __future__ import annotations

from dataclasses import dataclass, field


from .logtext import Log
from .words import move_word, named, phrase, side_word

_STARTS = ("move", "recover", "item")


@dataclass
class Step:
    number: int | None
    seat: str
    speed: int | None
    title: object
    lines: list = field(default_factory=list)


class Resolution:
    def __init__(self, rules, log: Log | None = None):
        self.log = log or Log(rules)
        self.steps: list = []
        self.notes: list = []
        self.current = None
        self._queue: list = []
        self._turn_over = False

    def _title(self, seat: str, card_id: str, token: str, speed):
        cards = self.log.cards
        half = cards.command(card_id).half(token)
        if half.kind == "move":
            what = move_word(half.move)
        elif half.kind == "recover":
            what = move_word("recover")
        elif half.target == "mech":
            what = phrase("step.mech", name=named(cards.mech(self.log.mechs[seat])))
        else:
            eid = self.log.sides[seat][half.target]
            what = phrase("step.escort", name=named(cards.escort(eid)), side=side_word(half.target))
        return what

    def add(self, events) -> None:
        for e in events:
            entries = self.log.add([e])
            if e.kind == "reveal":
                self.steps, self.notes, self.current, self._turn_over = [], [], None, False
                plays = dict(zip(("I", "II"), e.get("plays")))
                speeds = dict(zip(("I", "II"), e.get("speeds")))
                self._queue = []
                for n, seat in enumerate(e.get("order"), 1):
                    card, token = plays[seat]
                    title = phrase("step.title", n=n, seat=seat, what=self._title(seat, card, token, speeds[seat]),
                                   speed=speeds[seat])
                    self._queue.append(Step(n, seat, speeds[seat], title))
                for seat in ("I", "II"):
                    if speeds[seat] is None:
                        card, token = plays[seat]
                        self.notes.append(phrase("step.empty", seat=seat, side=side_word(token)))
                continue
            if e.kind == "turn":
                self.current = None
                self._turn_over = True
                continue
            if self._turn_over or not entries:
                continue
            seat = e.get("seat")
            if e.kind in _STARTS and self._queue and self._queue[0].seat == seat:
                self.current = self._queue.pop(0)
                self.steps.append(self.current)
            elif e.kind in ("trigger", "fizzle") and not self._queue and self.current is not None \
                    and (self.current.number is not None) and self._ends_item(e):
                self.current = Step(None, seat, None, phrase("step.end_of_turn", seat=seat))
                self.steps.append(self.current)
            if self.current is not None:
                self.current.lines.extend(x.phrase for x in entries)

    def _ends_item(self, e) -> bool:
        """An end-of-turn effect: a trigger, or the fizzle of an effect left pending (SB-9.3)."""
        if e.kind == "trigger":
            return True
        return bool(e.get("reason", "").startswith("SB-9.3") or self._was_pending(e))

    def _was_pending(self, e) -> bool:
        for step in self.steps:
            for p in step.lines:
                if p.key.endswith("log.pending") and dict(p.args).get("seat") == e.get("seat"):
                    return True
        return False

    def lines(self, lang: str | None = None) -> list:
        out = []
        for step in self.steps:
            out.append(step.title.text(lang))
            out += ["   " + p.text(lang) for p in step.lines]
        out += [p.text(lang) for p in self.notes]
        return out


__all__ = ["Step", "Resolution"]
