"""AI opponents for every game on the table, written against ``game.core`` only.

    from game.ai import LEVELS, make_bot
    bot = make_bot("trench-war", "hard", seed=0)          # or a GameSpec
    action = bot.choose(SPEC.view(state, seat), state.legal_actions())

Levels: ``random`` (uniform), ``easy`` (one-ply greedy on the game's evaluation, no search),
``normal`` and ``hard`` (information-set MCTS over determinizations, each level a fixed number
of simulations per decision, so the same seed plays the same moves on a busy machine).
``hard`` searches more simulations than ``normal`` and adds the game's own knowledge where
the game gives it: Trench War's sharper evaluation (gas paths, boats about to sink), Smoke
Blood Steel's simultaneous plays searched as the other player's decisions, Two Mists' belief
over the hidden characters (weighed by the others' damage targets, each judged by what its
striker could know when it struck), an evaluation that
aims the others' blows by what they can know, and every player in its tree and rollouts
acting on what that player can know (so hiding one's character is worth something); in Two
Mists ``normal`` uses that knowledge too (it made normal stronger against easy; more simulations
did not make hard stronger than normal there, see ``game/mists/ai.py``), and ``hard`` alone
tells apart, in its tree, another player's pass by the character it shows.  The
settings are :data:`game.ai.bots.SEARCH_LEVELS` with each game's ``BOT_LEVELS`` (in its
``ai.py``) on top; :func:`game.ai.bots.level_settings` gives them.  ``easy`` and the search
levels use the game spec's ``determinize``, ``evaluate`` and ``order_actions``; ``random``
needs none of them.
"""

from __future__ import annotations

from ..core.registry import GameSpec, get_game
from .bots import Bot, EasyBot, RandomBot, SearchBot

LEVELS = ("random", "easy", "normal", "hard")


def make_bot(game, level: str, seed: int = 0, seconds: float | None = None,
             simulations: int | None = None, time_cap=SearchBot._DEFAULT) -> Bot:
    """A bot of ``level`` for ``game`` (a ``GameSpec`` or its ``--game`` name).

    ``simulations`` / ``seconds``: the search budget per decision (``normal``/``hard``; the
    level's simulation budget when both are None).  With a simulation budget and no time
    budget the choices depend only on the seed and the views, unless the level's time cap
    (``time_cap`` CPU seconds; None: none) fires, which the bot reports.
    """
    spec = game if isinstance(game, GameSpec) else get_game(game)
    if level == "random":
        return RandomBot(spec, seed)
    if level == "easy":
        return EasyBot(spec, seed)
    if level in ("normal", "hard"):
        return SearchBot(spec, level, seed, seconds=seconds, simulations=simulations, time_cap=time_cap)
    raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")


__all__ = ["LEVELS", "Bot", "make_bot"]
