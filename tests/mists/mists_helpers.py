"""Builders for Two Mists scenario tests: a position from a few keywords, actions in a row."""

from __future__ import annotations

from game.mists.invariants import check_invariants
from game.mists.model import ACTION_KINDS, EQUIPMENT_KINDS, FROM_CODE, SEAT_INDEX
from game.mists.notation import parse_take
from game.mists.ruleset import make_ruleset
from game.mists.setup import new_game


def make(chars: str = "MKWSF", *, display: str = "attack scout attack spear axe", active: str = "A",
         life=None, records=None, turn: int = 1, start: str = "A", marks: str = "", revealed: str = "",
         restricted: bool = False, rules=(), variants=(), seed: int = 1):
    """A state in phase ``take`` at ``active``'s decision.

    ``chars``: character codes of seats A.. then the leftover (``"MKWSF"``: A Monster, B
    Knight, C Witch, D Saint, Fool left over; 4 letters: 3 players).  ``display``: the five
    slots A1 A2 A3 E1 E2 (``-`` empty).  ``life``: dict seat -> life.  ``records``: dict seat ->
    record text (``"1:attack>C 3:spear"``).  The decks hold the rest of the cards.
    """
    n = len(chars) - 1
    rs = make_ruleset(list(rules), list(variants))
    s = new_game(n, seed, rs)
    s.chars = tuple(FROM_CODE[c] for c in chars[:n])
    s.leftover = FROM_CODE[chars[n]]
    s.phase = "take"
    s.turn = turn
    s.start = SEAT_INDEX[start]
    s.active = SEAT_INDEX[active]
    s.restricted = restricted
    cards = [None if c == "-" else c for c in display.split()]
    assert len(cards) == len(rs.slots)
    s.display = tuple(cards)
    lives = [rs.life_start] * n
    for seat, v in (life or {}).items():
        lives[SEAT_INDEX[seat]] = v
    s.life = tuple(lives)
    s.marks = tuple(seat in marks for seat in "ABCD"[:n])
    s.revealed = tuple(seat in revealed for seat in "ABCD"[:n])
    recs = [()] * n
    for seat, text in (records or {}).items():
        recs[SEAT_INDEX[seat]] = tuple(parse_take(t, n, "test") for t in text.split())
    s.records = tuple(recs)
    apile = list(rs.action_counts)
    epile = list(rs.equipment_counts)
    used = [c for c in cards if c] + [t.card for r in recs for t in r if t.card != "pass"]
    for c in used:
        if c in ACTION_KINDS:
            apile[ACTION_KINDS.index(c)] -= 1
        else:
            epile[EQUIPMENT_KINDS.index(c)] -= 1
    s.apile = tuple(apile)
    s.epile = tuple(epile)
    s.legal_cache = None
    problems = check_invariants(s)
    assert not problems, problems
    return s


def do(state, text: str) -> list:
    """Apply ``"a; b; c"`` in order; return all their events."""
    events = []
    for part in text.split(";"):
        if part.strip():
            events.extend(state.apply(part.strip()))
    return events


def kinds(events) -> list:
    return [e.kind for e in events]


def legal(state) -> list:
    return [str(a) for a in state.legal_actions()]


def life(state) -> dict:
    return dict(zip(state.seats, state.life))


def winners(state) -> list:
    return state.result.as_dict()["winners"]


__all__ = ["make", "do", "kinds", "legal", "life", "winners", "illegal"]


def illegal(state, text: str, rule: str) -> str:
    """Assert that ``text`` is refused with an ``IllegalActionError`` citing ``rule``; the state is unchanged."""
    import pytest

    from game.core.errors import IllegalActionError
    from game.mists.notation import format_position
    before = format_position(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(text)
    assert str(info.value).startswith(rule + ":"), str(info.value)
    assert format_position(state) == before
    return str(info.value)
