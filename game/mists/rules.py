"""The rule predicates shared by the flow, the views' helpers and the bots (TM-5, TM-6, TM-10.3).

Pure functions of a state; none changes it.
"""

from __future__ import annotations

from .model import EQUIPMENT_KINDS, WEAPONS

_EQUIP = frozenset(EQUIPMENT_KINDS)


def take_problem(state, seat: int, slot: int, restricted: bool, char=None) -> str | None:
    """Why ``seat`` may not take the card in display slot ``slot`` now (a message that
    starts with the rule id), or None when the take is legal (TM-5.1).

    ``char`` overrides the seat's character (the bots ask "what could X take?")."""
    card = state.display[slot]
    if card is None:
        return "TM-10.2: that display slot is empty"
    if char is None:
        char = state.chars[seat]
    if char in state.rules.forbid[card]:
        return f"TM-5.1: the {char} may not take {card}"
    if card in _EQUIP:
        if state.rules.equipment_once_per_player:
            for t in state.records[seat]:
                if t.card == card:
                    return f"TM-5.1: {card} is already in this player's record"
    elif restricted:
        return f"TM-7.7: an intimidated turn allows only equipment cards, not {card}"
    return None


def can_take_any(state, seat: int, restricted: bool, char=None) -> bool:
    """Whether some displayed card is legal for ``seat`` (TM-5.1, TM-9.1)."""
    for slot in range(len(state.display)):
        if take_problem(state, seat, slot, restricted, char) is None:
            return True
    return False


def weapons_owned(state, seat: int) -> int:
    """TM-6.1: weapons (Spear, Grimoire, Axe, Staff) in ``seat``'s record."""
    return sum(1 for t in state.records[seat] if t.card in WEAPONS)


def equipment_owned(state, seat: int) -> int:
    """TM-7.4: equipment cards in ``seat``'s record, Holy Poison included."""
    return sum(1 for t in state.records[seat] if t.card in _EQUIP)


def owns_poison(state, seat: int) -> bool:
    return any(t.card == "poison" for t in state.records[seat])


def damage_of(state, seat: int, card: str) -> int:
    """TM-6.1: base damage of ``card`` plus the weapon bonus of its taker."""
    rules = state.rules
    return rules.damage[card] + rules.weapon_bonus * weapons_owned(state, seat)


def sacrifice_self(state, seat: int) -> int:
    """TM-7.4: Sacrifice's self-damage, max(floor, base - equipment owned); never weapon-boosted (TM-6.2)."""
    rules = state.rules
    return max(rules.sacrifice_floor, rules.sacrifice_base - equipment_owned(state, seat))


def stalemate(state) -> bool:
    """TM-10.3 [I]: the display is empty, or every character is revealed and nobody can
    take any displayed card (intimidation ignored).  Uses public facts only."""
    display = state.display
    if display.count(None) == len(display):
        return True
    if not all(state.revealed):
        return False
    return not any(can_take_any(state, s, False) for s in range(state.n))
