"""A bounded feed of short texts on screen for a while (the event mode's captions)."""

from __future__ import annotations

from collections import deque


class CaptionFeed:
    """The captions on screen now: at most ``limit``, each shown for ``seconds``.

    Bounded whatever happens (a deque): the event mode runs for hours."""

    def __init__(self, limit: int = 3, seconds: float = 5.0):
        self.seconds = seconds
        self.items = deque(maxlen=limit)  # (text, shown until)
        self.version = 0  # changes whenever the shown list changes

    def add(self, texts, now: float) -> None:
        for text in texts:
            self.items.append((text, now + self.seconds))
            self.version += 1

    def expire(self, now: float) -> None:
        while self.items and self.items[0][1] <= now:
            self.items.popleft()
            self.version += 1

    def clear(self) -> None:
        if self.items:
            self.items.clear()
            self.version += 1

    def texts(self) -> list:
        return [t for t, _ in self.items]
