"""Who sits at each seat: a person at this computer (``human``) or a bot.

``--seats human,bot`` gives one entry per seat in the game's seat order; the player
count follows from it.  ``bot`` is the lively demo player (``game.ui.demo``); once
``game.ai`` is importable, ``random``, ``easy``, ``normal`` and ``hard`` name its
levels.  Game-agnostic apart from the demo player, which a game may replace.
"""

from __future__ import annotations

from dataclasses import dataclass

HUMAN = "human"
DEMO = "bot"
AI_LEVELS = ("random", "easy", "normal", "hard")

TEXT = {
    "empty": "--seats needs one entry per seat, e.g. human,bot",
    "unknown": "unknown seat kind {kind!r} (choose from {choices})",
    "count": "{n} seats given; this game seats {allowed} players",
    "no-ai": "seat kind {kind!r} needs the bots package game.ai, which is not available yet",
}


class SeatError(ValueError):
    """A ``--seats`` value the program cannot use; the message names the problem."""


@dataclass(frozen=True)
class SeatKind:
    """One seat's player: ``kind`` is ``human``, ``bot`` (demo) or an AI level."""
    kind: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN


def ai_levels() -> tuple:
    """The AI levels available now (empty while ``game.ai`` is not importable)."""
    try:
        from game.ai import LEVELS
    except Exception:  # noqa: BLE001 - the bots package may not exist yet
        return ()
    return tuple(LEVELS)


def parse_seats(text: str, allowed_players=(2, 3, 4)) -> list[SeatKind]:
    """``"human,bot"`` -> seat kinds; SeatError naming a bad entry or count."""
    parts = [p.strip().lower() for p in str(text or "").split(",") if p.strip()]
    if not parts:
        raise SeatError(TEXT["empty"])
    levels = ai_levels()
    choices = (HUMAN, DEMO) + AI_LEVELS
    for p in parts:
        if p not in choices:
            raise SeatError(TEXT["unknown"].format(kind=p, choices=", ".join(choices)))
        if p in AI_LEVELS and p not in levels:
            raise SeatError(TEXT["no-ai"].format(kind=p))
    if len(parts) not in allowed_players:
        raise SeatError(TEXT["count"].format(n=len(parts), allowed=" or ".join(map(str, allowed_players))))
    return [SeatKind(p) for p in parts]


class DemoBot:
    """The lively demo player as a bot.  It reads the full state it is lent by the
    controller (a clone), as the demo table always did; it plans nothing."""

    needs_state = True

    def __init__(self, seed: int = 0):
        from game.core.rng import Rng
        self.rng = Rng(seed)

    def choose_state(self, state):
        from game.ui.demo import lively_action
        return lively_action(state, self.rng)


def make_player(kind: SeatKind, game: str = "trench-war", seed: int = 0):
    """A bot object for a non-human seat (``choose(view, legal)`` or ``choose_state(state)``)."""
    if kind.kind == DEMO:
        return DemoBot(seed)
    from game.ai import make_bot
    return make_bot(game, kind.kind, seed=seed)
