"""TM-1: seats, characters, card kinds and the immutable records of a position."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.cards import CardKinds

#: Seats clockwise (TM-1): seat index 0 is "A"; the next player after s is (s + 1) mod n.
SEATS = ("A", "B", "C", "D")
SEAT_INDEX = {s: i for i, s in enumerate(SEATS)}

#: The five character cards (TM-1) and their one-letter codes in the notation.
CHARACTERS = ("monster", "knight", "witch", "saint", "fool")
CODES = {"monster": "M", "knight": "K", "witch": "W", "saint": "S", "fool": "F"}
FROM_CODE = {v: k for k, v in CODES.items()}

#: Card kinds (TM-0, TM-7, TM-8).  Behaviour is fixed per kind; counts and restrictions are data.
CHARGES = ("charge_m", "charge_k", "charge_w", "charge_s", "charge_f")
ACTION_KINDS = ("attack", "scout") + CHARGES + ("sacrifice", "combo", "arcana", "intimidate")
WEAPONS = ("spear", "grimoire", "axe", "staff")
EQUIPMENT_KINDS = WEAPONS + ("poison",)
CARD_KINDS = ACTION_KINDS + EQUIPMENT_KINDS
ACTION_PILE = CardKinds(ACTION_KINDS)
EQUIPMENT_PILE = CardKinds(EQUIPMENT_KINDS)

#: Cards whose resolution asks the taker for a damage (or mark) target (TM-7).
TARGETED = frozenset(ACTION_KINDS) - {"scout", "arcana"}


@dataclass(frozen=True, slots=True)
class Take:
    """One entry of a player's public record (TM-5.3, TM-5.4): a card taken, or a pass.

    ``card`` is a card kind or ``"pass"``; ``heal`` and ``target`` are seat indices
    (Arcana's heal, the damage or intimidation target); ``points`` is Scout's revealed
    pointing, one seat index per seat in seat order; ``choice`` is Combo's ``extra`` or
    ``decline``.  Fields are filled as the card resolves.
    """
    turn: int
    card: str
    heal: int | None = None
    points: tuple | None = None
    target: int | None = None
    choice: str | None = None


@dataclass(frozen=True, slots=True)
class Result:
    """TM-11: how the game ended.  ``dead`` are seat indices (D), in order of death."""
    reason: str            # "death", "stalemate" or "turn_limit"
    dead: tuple
    world: str             # "front" or "back"
    winners: tuple         # seat indices
    characters: tuple      # character per seat
    leftover: str

    def as_dict(self) -> dict:
        seats = SEATS[:len(self.characters)]
        winners = [seats[i] for i in self.winners]
        return {
            "winners": winners,
            "reason": self.reason,
            "scores": {s: int(i in self.winners) for i, s in enumerate(seats)},
            "dead": [seats[i] for i in self.dead],
            "world": self.world,
            "characters": {s: c for s, c in zip(seats, self.characters)},
            "leftover": self.leftover,
            "winning_characters": [self.characters[i] for i in self.winners],
        }


def slot_names(rules) -> tuple:
    """``("A1", "A2", "A3", "E1", "E2")`` for the default display (TM-0)."""
    return rules.slots
