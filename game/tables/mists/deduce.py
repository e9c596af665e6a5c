"""The deduction aid (TM-12.6): what the viewing seat can know for certain about the others.

From the viewer's view only: its own character, the characters turned face up, the deal
having no repeats (one card left over), and every seat's public record (a card proves its
taker is none of the characters it is forbidden to, TM-5.4).  Behaviour (targets, pointings)
is evidence for a person to weigh, not a hard constraint, so it rules nothing out here.

Public API::

    deduce(view) -> Deduction
    Deduction.seats: tuple[SeatDeduction]     # every seat but the viewer, in seat order
    Deduction.leftover: tuple[str]            # characters the leftover card may be
    Deduction.worlds: tuple[str]              # "front" / "back" still possible
    Deduction.lines() -> list[Phrase]         # the same in sentences, for the aid's panel
    SeatDeduction(seat, known, possible, excluded)
        # known: the character if certain; possible: characters still consistent;
        # excluded: ((character, Phrase reason), ...) for every other character of the set

A character is possible for a seat iff some whole deal consistent with every constraint gives
it that character (a bipartite matching of characters to seats and the leftover, with that
pair forced).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.mists.model import SEAT_INDEX, SEATS

from .words import card_word, char_name, joined, phrase


@dataclass(frozen=True)
class SeatDeduction:
    seat: str
    known: str | None
    possible: tuple
    excluded: tuple


@dataclass(frozen=True)
class Deduction:
    viewer: str | None
    seats: tuple
    leftover: tuple
    worlds: tuple

    def lines(self) -> list:
        out = []
        for sd in self.seats:
            if sd.known is not None:
                out.append(phrase("deduce.known", seat=sd.seat, char=char_name(sd.known)))
            else:
                out.append(phrase("deduce.possible", seat=sd.seat, chars=joined(char_name(c) for c in sd.possible)))
        out.append(phrase("deduce.leftover", chars=joined(char_name(c) for c in self.leftover)))
        if self.worlds == ("front",):
            out.append(phrase("deduce.world.front"))
        elif self.worlds == ("back",):
            out.append(phrase("deduce.world.back"))
        else:
            out.append(phrase("deduce.world.both"))
        return out


def _allowed(view, charset) -> list:
    """Per node (seats, then the leftover): the characters its own facts allow."""
    n = view.n
    nodes = []
    for s in range(n):
        c = view.chars[s]
        if c is not None:
            nodes.append({c})
            continue
        ok = set(charset)
        for entry in view.records[s]:
            if entry.card != "pass":
                ok -= view.rules.forbid[entry.card]
        nodes.append(ok)
    nodes.append({view.leftover} if view.leftover is not None else set(charset))
    return nodes


def _matches(allowed, charset, forced=None) -> bool:
    """Whether every node gets a different character it allows (``forced``: (node, char) fixed)."""
    owner = {}

    def place(node, seen) -> bool:
        for c in charset:
            if c in allowed[node] and c not in seen:
                seen.add(c)
                if c not in owner or place(owner[c], seen):
                    owner[c] = node
                    return True
        return False

    nodes = range(len(allowed))
    if forced is not None:
        node, char = forced
        if char not in allowed[node]:
            return False
        allowed = [({char} if i == node else allowed[i] - {char}) for i in nodes]
    return all(place(i, set()) for i in nodes)


def _reason(view, s: int, c: str, me: int | None):
    """Why ``c`` cannot be seat ``s``'s character, in words (the first reason that applies)."""
    if me is not None and view.chars[me] == c:
        return phrase("deduce.why.own", char=char_name(c))
    for t in range(view.n):
        if t != s and t != me and view.chars[t] == c:
            return phrase("deduce.why.revealed", seat=SEATS[t], char=char_name(c))
    for entry in view.records[s]:
        if entry.card != "pass" and c in view.rules.forbid[entry.card]:
            return phrase("deduce.why.took", seat=SEATS[s], card=card_word(entry.card), turn=entry.turn,
                          char=char_name(c))
    return phrase("deduce.why.elsewhere", char=char_name(c))


def deduce(view) -> Deduction:
    n = view.n
    charset = tuple(view.rules.characters(n))
    me = SEAT_INDEX[view.viewer] if view.viewer is not None else None
    allowed = _allowed(view, charset)
    possible = [tuple(c for c in charset if _matches(allowed, charset, (i, c))) for i in range(n + 1)]
    seats = []
    for s in range(n):
        if s == me:
            continue
        poss = possible[s]
        known = poss[0] if len(poss) == 1 else None
        excluded = tuple((c, phrase("deduce.why.known", seat=SEATS[s], char=char_name(known))
                          if view.chars[s] is not None else _reason(view, s, c, me))
                         for c in charset if c not in poss)
        seats.append(SeatDeduction(SEATS[s], known, poss, excluded))
    left = possible[n]
    worlds = tuple(w for w, ok in (("front", any(c != "monster" for c in left)), ("back", "monster" in left)) if ok)
    return Deduction(view.viewer, tuple(seats), left, worlds)
