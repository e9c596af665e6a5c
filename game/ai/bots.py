"""The bot levels: ``random``, ``easy`` (one-ply greedy), ``normal`` and ``hard`` (ISMCTS).

A bot answers ``choose(view, legal_actions) -> action`` for the seat ``view.viewer``; it is
handed that seat's view only, never the full state.  Each bot owns a seeded generator that
advances with every decision, so the same seed and the same simulation budget give the same
choices; a time budget (``seconds``) trades that for a bounded thinking time.  ``choose`` may
be called from a worker thread (one decision at a time per bot).
"""

from __future__ import annotations

import threading
import time

from ..core.rng import Rng
from .ismcts import Search, best_child, ranking
from .policies import greedy_pick, guided_pick

#: Search settings per level: default time and simulation budgets, rollout length, exploration,
#: and the evaluation: a name looked up in the game's ``spec.extras["bot_evaluations"]``
#: (``state -> {seat: value}``), else ``spec.evaluate`` seat by seat.
SEARCH_LEVELS = {
    "normal": {"seconds": 0.2, "simulations": 1500, "rollout_depth": 6, "c": 0.8, "greed": 0.5,
               "evaluation": "normal"},
    "hard": {"seconds": 0.8, "simulations": 8000, "rollout_depth": 6, "c": 0.8, "greed": 0.5,
             "evaluation": "strong"},
}


def level_evaluation(spec, name: str):
    """The game's whole-table evaluation called ``name`` (None: use ``spec.evaluate``)."""
    table = (spec.extras or {}).get("bot_evaluations") or {}
    return table.get(name)


class Bot:
    """Base class: a level name, a seeded generator, a lock, and decision timing."""

    level = "bot"

    def __init__(self, spec, seed: int = 0):
        self.spec = spec
        self.seed = seed
        self.rng = Rng(seed)
        self._lock = threading.Lock()
        self.last_seconds = 0.0

    def choose(self, view, legal_actions: list):
        """One of ``legal_actions`` for the seat ``view.viewer``."""
        if not legal_actions:
            raise ValueError("choose needs at least one legal action")
        with self._lock:
            started = time.perf_counter()
            if len(legal_actions) == 1:
                action = legal_actions[0]
            else:
                action = self._choose(view, list(legal_actions))
            self.last_seconds = time.perf_counter() - started
        return action

    def _choose(self, view, legal: list):
        raise NotImplementedError

    def __repr__(self):
        return f"{type(self).__name__}({self.spec.name!r}, seed={self.seed})"


class RandomBot(Bot):
    """Uniform over the legal actions (the baseline)."""

    level = "random"

    def _choose(self, view, legal):
        return legal[self.rng.below(len(legal))]


class EasyBot(Bot):
    """A fast heuristic: one-ply look-ahead over its own actions on one determinization,
    scored by the game's evaluation; without those, the game's action ordering (a guided
    random pick), or uniform."""

    level = "easy"

    def _choose(self, view, legal):
        spec = self.spec
        if spec.determinize is None or spec.evaluate is None:
            return guided_pick(spec, view, legal, self.rng, 0.7)
        state = spec.determinize(view, self.rng)
        quiet = getattr(state, "set_quiet", None)
        if quiet is not None:
            quiet()
        return greedy_pick(spec, state, view.viewer, legal, self.rng, limit=40, settle=0)


class SearchBot(Bot):
    """ISMCTS (``normal``, ``hard``): see :mod:`game.ai.ismcts`."""

    def __init__(self, spec, level: str, seed: int = 0, seconds=None, simulations=None):
        super().__init__(spec, seed)
        self.level = level
        settings = SEARCH_LEVELS[level]
        if seconds is None and simulations is None:
            seconds, simulations = settings["seconds"], settings["simulations"]
        self.seconds = seconds
        self.simulations = simulations
        self.settings = settings
        self.last_simulations = 0

    def _search(self, view):
        s = self.settings
        search = Search(self.spec, view.viewer, self.rng, c=s["c"], rollout_depth=s["rollout_depth"],
                        greed=s["greed"], evaluate_all=level_evaluation(self.spec, s["evaluation"]))
        root = search.run(view, simulations=self.simulations, seconds=self.seconds)
        self.last_simulations = search.simulations
        return root

    def _choose(self, view, legal):
        root = self._search(view)
        return best_child(root, legal)

    def analyse(self, view, legal_actions: list, top: int = 5) -> list:
        """The ``top`` candidate actions as ``(action, visits, mean value)``, most visited first."""
        with self._lock:
            return ranking(self._search(view), list(legal_actions))[:top]
