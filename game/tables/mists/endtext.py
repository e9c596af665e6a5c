"""The end of a game of Two Mists explained in sentences (TM-2, TM-11), from a finished view.

Public API::

    end_lines(view, curse=None) -> list[Phrase]
        # why it ended (a death, the Saint's curse, her own Sacrifice, a stalemate, the turn
        # limit); every card turned (the leftover too); the world named and why (front: a
        # Monster is in play; back: none); each seat's victory condition in that world and
        # whether it holds; the Fool's win by its own death; every winner.
    condition(char, world, fool_in_set) -> Phrase      # the victory condition in words
    curse_of(view, curse=None) -> seat index | None    # who died of the Saint's curse

``curse`` is the seat letter of a ``curse`` event the log saw (None: derived from the view,
which is exact under ``death_check = immediate``).  Whether a condition holds is the rules
core's own verdict (``game.mists.scoring.wins``), never recomputed here.
"""

from __future__ import annotations

from game.mists.model import SEATS
from game.mists.scoring import wins

from .words import char_name, char_word, joined, phrase, seat_char


def condition(char: str, world: str, fool_in_set: bool):
    """TM-2.2: ``char``'s victory condition in ``world``."""
    if char == "saint" and world == "back":
        return phrase("end.cond.saint.back_fool" if fool_in_set else "end.cond.saint.back")
    return phrase(f"end.cond.{char}.{world}")


def curse_of(view, curse: str | None = None):
    """TM-2.4: the seat that dealt the Saint the finishing blow and died of it, or None."""
    r = view.result
    if curse is not None:
        return SEATS.index(curse)
    if r.reason != "death" or "saint" not in r.characters:
        return None
    saint = r.characters.index("saint")
    finisher = view.active
    if saint not in r.dead or finisher == saint or finisher not in r.dead:
        return None
    if view.rules.death_check == "immediate":
        return finisher                  # the only double death under `immediate` (TM-11.3)
    last = view.records[finisher][-1].card if view.records[finisher] else None
    return finisher if last != "sacrifice" else None


def end_lines(view, curse: str | None = None) -> list:
    r = view.result
    if r is None:
        raise ValueError("the game is not over")
    chars = r.characters
    n = len(chars)
    seats = SEATS[:n]
    out = []
    cursed = curse_of(view, curse)
    if r.reason == "death":
        first = r.dead[0]
        if chars[first] == "saint" and view.active == first and cursed is None:
            out.append(phrase("end.saint_own", seat=seats[first]))
        else:
            out.append(phrase("end.death", seat=seats[first], char=char_word(chars[first])))
        for s in r.dead[1:]:
            if s == cursed:
                out.append(phrase("end.curse", seat=seats[s], char=char_word(chars[s])))
            else:
                out.append(phrase("end.death_too", seat=seats[s], char=char_word(chars[s])))
    elif r.reason == "stalemate":
        out.append(phrase("end.stalemate"))
    else:
        out.append(phrase("end.turn_limit", limit=view.rules.turn_limit))
    out.append(phrase("end.cards", cards=joined(seat_char(seats[s], chars[s]) for s in range(n)),
                      leftover=char_name(r.leftover)))
    if r.world == "front":
        out.append(phrase("end.world.front", seat=seats[chars.index("monster")]))
    else:
        out.append(phrase("end.world.back"))
    dead_chars = frozenset(chars[s] for s in r.dead)
    fool_in_set = "fool" in view.rules.characters(n)
    for s in range(n):
        holds = wins(chars[s], dead_chars, r.world, fool_in_set)
        assert holds == (s in r.winners)
        out.append(phrase("end.seat.dead" if s in r.dead else "end.seat", seat=seats[s], char=char_word(chars[s]),
                          cond=condition(chars[s], r.world, fool_in_set),
                          verdict=phrase("end.holds" if holds else "end.fails")))
    if "fool" in chars:
        fool = chars.index("fool")
        if r.world == "front" and fool in r.winners:
            out.append(phrase("end.fool_counter" if fool == cursed else "end.fool_death", seat=seats[fool]))
    if r.winners:
        out.append(phrase("end.winners", winners=joined(seat_char(seats[s], chars[s]) for s in r.winners)))
    else:
        out.append(phrase("end.no_winner"))
    return out
