"""Two Mists' log in sentences, from the redacted events one seat (or the spectator) sees.

Public API::

    LogEntry(turn, seat, kind, phrase)   # .text(lang=None): the sentence
    Log()                                # .add(events) -> new entries; .entries
    describe_events(events) -> list[LogEntry]

Nothing here reads a state: a private event (a player's own character, their own Scout
pointing) reaches only its seat's log because ``game.mists.view.redact_events`` gives it only to
that seat, and a pointing appears for everyone only in the ``pointing`` event, once all are in
(TM-7.2, TM-12.3).  The sentences are ``mists.log.*`` keys of ``game/i18n/<lang>/mists.po``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n.phrase import Phrase

from .words import card_word, char_word, joined, phrase


@dataclass(frozen=True)
class LogEntry:
    """One sentence: the turn it happened in (0: setup), whose turn (None: setup), the event kind."""
    turn: int
    seat: str | None
    kind: str
    phrase: Phrase

    def text(self, lang: str | None = None) -> str:
        return self.phrase.text(lang)


def _damage(e) -> Phrase:
    seat, target, card = e.get("seat"), e.get("target"), e.get("card")
    if seat == target:
        return phrase("log.self_damage", seat=seat, amount=e.get("amount"), card=card_word(card),
                      life=e.get("life"))
    return phrase("log.damage", seat=seat, target=target, amount=e.get("amount"), card=card_word(card),
                  life=e.get("life"))


def _heal(e) -> Phrase:
    if e.get("seat") == e.get("target"):
        return phrase("log.heal_self", seat=e.get("seat"), amount=e.get("amount"), life=e.get("life"))
    return phrase("log.heal", seat=e.get("seat"), target=e.get("target"), amount=e.get("amount"),
                  life=e.get("life"))


def _pointing(e) -> Phrase:
    seats = "ABCD"
    pairs = [phrase("log.point_pair", seat=seats[i], target=p) for i, p in enumerate(e.get("points"))]
    return phrase("log.pointing", seat=e.get("seat"), points=joined(pairs))


def _end(e) -> Phrase:
    winners = e.get("winners")
    if winners:
        return phrase("log.end", reason=phrase(f"log.end.{e.get('reason')}"), winners=joined(winners))
    return phrase("log.end_none", reason=phrase(f"log.end.{e.get('reason')}"))


_SENTENCES = {
    "deal": lambda e: phrase("log.deal"),
    "character": lambda e: phrase("log.character", seat=e.get("seat"), char=char_word(e.get("character"))),
    "draw": lambda e: phrase("log.draw", card=card_word(e.get("card")), slot=e.get("slot"), left=e.get("left")),
    "first": lambda e: phrase("log.first", seat=e.get("seat")),
    "turn": lambda e: phrase("log.turn_extra" if e.get("extra") else "log.turn", turn=e.get("turn"),
                             seat=e.get("seat")),
    "poison": lambda e: phrase("log.poison", seat=e.get("seat"), amount=e.get("amount"), life=e.get("life")),
    "intimidated": lambda e: phrase("log.intimidated", seat=e.get("seat")),
    "take": lambda e: phrase("log.take", seat=e.get("seat"), card=card_word(e.get("card")), slot=e.get("slot")),
    "pass": lambda e: phrase("log.pass", seat=e.get("seat"), life=e.get("life")),
    "reveal": lambda e: phrase("log.reveal", seat=e.get("seat"), char=char_word(e.get("character"))),
    "heal": _heal,
    "damage": _damage,
    "mark": lambda e: phrase("log.mark", seat=e.get("seat"), target=e.get("target")),
    "point": lambda e: phrase("log.point_own", seat=e.get("seat"), target=e.get("target")),
    "pointing": _pointing,
    "extra": lambda e: phrase("log.extra" if e.get("choice") == "extra" else "log.decline", seat=e.get("seat")),
    "death": lambda e: phrase("log.death", seat=e.get("seat"), char=char_word(e.get("character"))),
    "curse": lambda e: phrase("log.curse", seat=e.get("seat"), char=char_word(e.get("character"))),
    "end": _end,
}

#: Every event kind of the rules core (docs/mists.md, "Events") has a sentence.
KINDS = tuple(_SENTENCES)


class Log:
    """The log of one viewer: feed it that viewer's redacted events from the game's start."""

    def __init__(self):
        self.entries: list = []
        self.turn = 0
        self.seat = None

    def add(self, events) -> list:
        new = []
        for e in events:
            if e.kind == "turn":
                self.turn, self.seat = e.get("turn"), e.get("seat")
            make = _SENTENCES.get(e.kind)
            if make is None:
                raise ValueError(f"no sentence for the Two Mists event {e.kind!r}")
            new.append(LogEntry(self.turn, self.seat, e.kind, make(e)))
        self.entries.extend(new)
        return new


def describe_events(events) -> list:
    """A fresh log fed with ``events``: its entries."""
    log = Log()
    log.add(events)
    return log.entries
