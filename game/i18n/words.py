"""The words of one table: catalog keys under the table's prefix (``"mists."`` -> mists.po).

A front-end makes one :class:`TableWords` and exports its methods (``key``, ``t``, ``phrase``,
``term``), so every table looks its words up the same way and a missing key fails at once.
"""

from __future__ import annotations

from game.i18n import FALLBACK, catalog, tr
from game.i18n.phrase import Phrase, Term


class TableWords:
    """Catalog keys ``<prefix><name>`` of one table."""

    def __init__(self, prefix: str):
        self.prefix = prefix

    def key(self, name: str) -> str:
        """The catalog key of ``name`` (``"log.take"`` -> ``"mists.log.take"``); KeyError if missing."""
        full = self.prefix + name
        if full not in catalog(FALLBACK):
            raise KeyError(full)
        return full

    def t(self, name: str, lang: str | None = None, /, **args) -> str:
        """The text of ``<prefix><name>`` now (or in ``lang``)."""
        return tr(self.key(name), lang, **args)

    def phrase(self, name: str, /, **args) -> Phrase:
        """A sentence of ``<prefix><name>``, translated only when shown."""
        return Phrase(self.key(name), **args)

    def term(self, name: str) -> Term:
        """A word of ``<prefix><name>``, translated only when shown."""
        return Term(self.key(name))
