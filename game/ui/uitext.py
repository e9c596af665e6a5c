"""A module's strings as a read-only mapping over the message catalogs.

``TEXT = Texts("ui.hud")`` makes ``TEXT["round"]`` the text of the catalog key ``ui.hud.round`` in
the language chosen *now* (``game.i18n.set_language``), so a language switch shows on the next
paint.  A key the English catalog lacks raises ``KeyError`` naming the full key, as a ``dict`` would.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.i18n import FALLBACK, catalog, tr


class Texts(Mapping):
    """The catalog entries under ``prefix``, looked up at each access."""

    def __init__(self, prefix: str):
        self.prefix = prefix.rstrip(".") + "."

    def __getitem__(self, key: str) -> str:
        full = self.prefix + key
        if full not in catalog(FALLBACK):
            raise KeyError(full)
        return tr(full)

    def __contains__(self, key) -> bool:
        return isinstance(key, str) and self.prefix + key in catalog(FALLBACK)

    def __iter__(self):
        n = len(self.prefix)
        return iter([k[n:] for k in catalog(FALLBACK) if k.startswith(self.prefix)])

    def __len__(self) -> int:
        return sum(1 for k in catalog(FALLBACK) if k.startswith(self.prefix))

    def __repr__(self) -> str:
        return f"Texts({self.prefix[:-1]!r})"


__all__ = ["Texts"]
