"""Card piles as immutable multisets: a tuple of counts over a fixed list of kinds.

Tuples make a pile hashable, cheap to copy with the state, and printable in a
canonical order.
"""

from __future__ import annotations


class CardKinds:
    """A fixed, ordered list of card kinds and helpers over count tuples."""

    def __init__(self, kinds):
        self.kinds = tuple(kinds)
        self.index = {k: i for i, k in enumerate(self.kinds)}

    def empty(self) -> tuple:
        return (0,) * len(self.kinds)

    def make(self, counts: dict) -> tuple:
        pile = [0] * len(self.kinds)
        for kind, n in counts.items():
            pile[self.index[kind]] += n
        return tuple(pile)

    def add(self, pile: tuple, kind: str, n: int = 1) -> tuple:
        i = self.index[kind]
        return pile[:i] + (pile[i] + n,) + pile[i + 1:]

    def remove(self, pile: tuple, kind: str, n: int = 1) -> tuple:
        i = self.index[kind]
        if pile[i] < n:
            raise ValueError(f"no {kind} card to remove")
        return pile[:i] + (pile[i] - n,) + pile[i + 1:]

    def merge(self, a: tuple, b: tuple) -> tuple:
        return tuple(x + y for x, y in zip(a, b))

    def count(self, pile: tuple, kind: str) -> int:
        return pile[self.index[kind]]

    def present(self, pile: tuple) -> tuple:
        """The distinct kinds present, in canonical order."""
        return tuple(k for k, n in zip(self.kinds, pile) if n)

    def size(self, pile: tuple) -> int:
        return sum(pile)

    def format(self, pile: tuple) -> str:
        """``move:2,turn:1`` in canonical order; ``-`` for an empty pile."""
        parts = [f"{k}:{n}" if n > 1 else k for k, n in zip(self.kinds, pile) if n]
        return ",".join(parts) if parts else "-"

    def parse(self, text: str) -> tuple:
        """Inverse of :meth:`format`; raises ValueError naming a bad token."""
        text = text.strip()
        if text in ("-", ""):
            return self.empty()
        pile = [0] * len(self.kinds)
        for token in text.split(","):
            name, _, n = token.partition(":")
            if name not in self.index:
                raise ValueError(f"unknown card {name!r}")
            if n and not n.isdigit():
                raise ValueError(f"bad card count in {token!r}")
            pile[self.index[name]] += int(n) if n else 1
        return tuple(pile)
