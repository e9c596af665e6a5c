"""The words of Smoke Blood Steel's table: catalog keys ``steel.*`` (game/i18n/<lang>/steel.po),
and the names the card data gives (``name_en`` / ``name_jp``), shown in the current language.

Seats keep their set marks (I, II); the designer's words (shared/seeds/002): 近・中・長, 前・後・左・右,
機体, 随伴兵, 命令カード, 回収, 作戦開始, 作戦終了.
"""

from __future__ import annotations

from game.i18n.words import TableWords
from game.i18n.phrase import Joined, Named, Term

PREFIX = "steel."
_WORDS = TableWords(PREFIX)
key, t, phrase, term = _WORDS.key, _WORDS.t, _WORDS.phrase, _WORDS.term


def named(card) -> Named:
    """A card's (or an effect's) own name from the card data."""
    return Named(card.name_en, card.name_jp)


def dist_word(d: int) -> Term:
    """1 near, 2 mid, 3 far (近 / 中 / 長)."""
    return term(f"dist.{d}")


def dists_word(dists) -> Joined | Term:
    """The distances an effect works at; ``all`` when every one."""
    dists = tuple(dists)
    if dists == (1, 2, 3):
        return term("dist.all")
    return joined(dist_word(d) for d in dists)


def side_word(side: str) -> Term:
    """``front`` .. ``right`` or ``mech`` (前 / 後 / 左 / 右 / 機体)."""
    return term(f"side.{side}")


def move_word(move: str) -> Term:
    return term(f"move.{move}")


def joined(items) -> Joined:
    return Joined(tuple(items), key("sep.list"))
