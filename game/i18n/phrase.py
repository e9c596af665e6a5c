"""Sentences whose words are looked up when shown: a catalog key with arguments, some of them words.

A front-end builds its log, end explanation and previews as :class:`Phrase` values once, from a
seat's view and redacted events; the text is made only when read (``str(p)`` or ``p.text(lang)``),
so a language switch takes effect at once and two phrases compare equal iff they say the same
thing in every language (the privacy tests compare them).

    Phrase("mists.log.take", seat="B", card=Term("mists.card.attack"))
    Term("mists.char.saint")                      # one word of a catalog
    Joined((Term(...), "B", ...), sep_key="mists.sep.list")   # a list joined by a catalog separator
    Named(en="Medic", ja="衛生兵")                # a name the data gives in both languages
"""

from __future__ import annotations

from dataclasses import dataclass

from . import FALLBACK, catalog, tr


def _show(value, lang):
    if isinstance(value, (Term, Phrase, Joined, Named)):
        return value.text(lang)
    return value


@dataclass(frozen=True)
class Named:
    """A name that data gives in both languages (a card file's ``name_jp`` / ``name_en``)."""
    en: str
    ja: str

    def text(self, lang: str | None = None) -> str:
        from . import language
        return self.ja if (lang or language()) == "ja" else self.en

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Term:
    """One catalog text (a word or a fixed phrase), looked up when shown."""
    key: str
    args: tuple = ()

    def __post_init__(self):
        if self.key not in catalog(FALLBACK):
            raise KeyError(self.key)

    def text(self, lang: str | None = None) -> str:
        values = {k: _show(v, lang) for k, v in self.args}
        return tr(self.key, lang, **values)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True)
class Joined:
    """Items shown one after the other with the catalog separator ``sep_key`` between them."""
    items: tuple
    sep_key: str

    def text(self, lang: str | None = None) -> str:
        return tr(self.sep_key, lang).join(str(_show(i, lang)) for i in self.items)

    def __str__(self) -> str:
        return self.text()


class Phrase:
    """A whole sentence: catalog ``key`` filled with ``args`` (Terms, Phrases and Joined shown in
    the same language).  Hashable and comparable by key and arguments."""

    __slots__ = ("key", "args")

    def __init__(self, key: str, /, **args):
        if key not in catalog(FALLBACK):
            raise KeyError(key)
        self.key = key
        self.args = tuple(sorted(args.items()))

    def text(self, lang: str | None = None) -> str:
        return tr(self.key, lang, **{k: _show(v, lang) for k, v in self.args})

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Phrase({self.key!r}, {dict(self.args)!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, Phrase) and (self.key, self.args) == (other.key, other.args)

    def __hash__(self) -> int:
        return hash((self.key, self.args))
