"""The words of Two Mists' table: catalog keys ``mists.*`` (game/i18n/<lang>/mists.po).

Seats keep their letters (A-D) in both languages; characters and cards are the designer's
names (shared/seeds/003: 怪物, 騎士 ..., 攻撃, 索敵 ...).
"""

from __future__ import annotations

from game.i18n.words import TableWords
from game.i18n.phrase import Joined, Phrase, Term

PREFIX = "mists."
_WORDS = TableWords(PREFIX)
key, t, phrase = _WORDS.key, _WORDS.t, _WORDS.phrase


def char_word(char: str) -> Term:
    """``monster`` -> 怪物 / the Monster."""
    return Term(key(f"char.{char}"))


def char_name(char: str) -> Term:
    """The bare name (怪物 / Monster), for lists and card faces."""
    return Term(key(f"char.{char}.name"))


def card_word(card: str) -> Term:
    """A card kind (``charge_k``, ``poison``) or ``pass`` by its name."""
    return Term(key(f"card.{card}"))


def joined(items) -> Joined:
    return Joined(tuple(items), key("sep.list"))


def seat_char(seat: str, char: str) -> Phrase:
    """``A (Knight)``."""
    return phrase("seat_char", seat=seat, char=char_name(char))
