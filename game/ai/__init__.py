"""AI opponents for every game on the table, written against ``game.core`` only.

    from game.ai import LEVELS, make_bot
    bot = make_bot("trench-war", "hard", seed=0)          # or a GameSpec
    action = bot.choose(SPEC.view(state, seat), state.legal_actions())

Levels: ``random`` (uniform), ``easy`` (one-ply greedy on the game's evaluation, no search),
``normal`` and ``hard`` (information-set MCTS over determinizations; ``hard`` searches longer
with longer, greedier rollouts).  ``easy`` and the search levels use the game spec's
``determinize``, ``evaluate`` and ``order_actions``; ``random`` needs none of them.
"""

from __future__ import annotations

from ..core.registry import GameSpec, get_game
from .bots import Bot, EasyBot, RandomBot, SearchBot

LEVELS = ("random", "easy", "normal", "hard")


def make_bot(game, level: str, seed: int = 0, seconds: float | None = None,
             simulations: int | None = None) -> Bot:
    """A bot of ``level`` for ``game`` (a ``GameSpec`` or its ``--game`` name).

    ``seconds`` / ``simulations``: the search budget per decision (``normal``/``hard``; the
    level's defaults when both are None).  With a simulation budget and no time budget the
    choices depend only on the seed and the views.
    """
    spec = game if isinstance(game, GameSpec) else get_game(game)
    if level == "random":
        return RandomBot(spec, seed)
    if level == "easy":
        return EasyBot(spec, seed)
    if level in ("normal", "hard"):
        return SearchBot(spec, level, seed, seconds=seconds, simulations=simulations)
    raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")


__all__ = ["LEVELS", "Bot", "make_bot"]
