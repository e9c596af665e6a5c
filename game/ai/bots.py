"""The bot levels: ``random``, ``easy`` (one-ply greedy), ``normal`` and ``hard`` (ISMCTS).

A bot answers ``choose(view, legal_actions) -> action`` for the seat ``view.viewer``; it is
handed that seat's view only, never the full state.  Each bot owns a seeded generator that
advances with every decision.

A search level is defined by a **simulation budget**, not by time: the same seed and level
play the same moves on an idle machine and a busy one.  A **time cap** (CPU seconds of the
deciding thread, about ten times the level's median decision on an idle machine) only guards
against a pathological position; when it cuts a search short the bot counts it
(``capped``), keeps ``last_capped`` and logs a warning on the ``game.ai`` logger, because the
choice then depends on the machine.  An explicit ``seconds`` budget (wall clock) trades
reproducibility for a bounded thinking time.  ``choose`` may be called from a worker thread
(one decision at a time per bot).
"""

from __future__ import annotations

import logging
import threading
import time

from ..core.rng import Rng
from .ismcts import Search, best_child, ranking
from .policies import greedy_pick, guided_pick

LOG = logging.getLogger("game.ai")

#: Search settings per level (a game may override any of them per level in
#: ``spec.extras["bot_levels"]``, see :func:`level_settings`):
#:
#: * ``simulations``: the budget per decision (what defines the level);
#: * ``time_cap``: CPU seconds after which a search stops early (a guard, reported);
#: * ``rollout_depth``, ``greed``: actions played after the tree, and how strongly they
#:   follow the game's ordering (``spec.order_actions``);
#: * ``c``: UCB exploration; ``widen``: progressive widening (``2 + widen * sqrt(visits)``
#:   best-ordered actions considered at a node);
#: * ``evaluation``: a name looked up in ``spec.extras["bot_evaluations"]``
#:   (``state -> {seat: value}``), else ``spec.evaluate`` seat by seat;
#: * ``determinization``: a name looked up in ``spec.extras["bot_determinizations"]``
#:   (``(view, rng) -> state``, e.g. one that weighs the hidden facts by the evidence), else
#:   ``spec.determinize``;
#: * ``ordering``: a name looked up in ``spec.extras["bot_orderings"]`` (``(state, actions) ->
#:   actions``: the tree's widening order and the rollout policy), else ``spec.order_actions``;
#: * ``hidden_bandits``: another player's hidden choice (a plot, a simultaneous play) is
#:   searched as that player's own decision, with statistics shared by every position that
#:   player cannot tell apart, instead of being drawn from the rollout policy (with the game's
#:   ``spec.extras["bot_rewind"]``, a choice committed just before ours is searched too);
#: * ``others_by_policy``: the other players' moves in the tree follow the rollout policy
#:   (``ordering``) instead of UCB on their reward in our determinizations, where they would
#:   play as if they knew our hidden facts (a hidden-role game's bluff is then worth something);
#: * ``observation``: a name looked up in ``spec.extras["bot_observations"]`` (``(state, seat)
#:   -> hashable``: what a seat sees of the secrets, such as the cards turned face up); with
#:   ``others_by_policy``, the tree tells apart another player's moves by what they showed
#:   (``game.ai.ismcts``), so the bot's later decisions know it;
#: * ``stop_margin``: a decision's search ends once its most visited action leads the next by
#:   more than this fraction of the simulations left (1: only when the rest of the budget could
#:   not change the choice; below 1 sooner, the runner-up needing most of what is left).
SEARCH_LEVELS = {
    "normal": {"simulations": 500, "time_cap": 2.0, "rollout_depth": 6, "c": 0.8, "greed": 0.5,
               "widen": 1.5, "evaluation": "normal", "hidden_bandits": False, "determinization": None, "ordering": None,
               "others_by_policy": False, "observation": None, "stop_margin": 1.0},
    "hard": {"simulations": 2500, "time_cap": 8.0, "rollout_depth": 6, "c": 0.8, "greed": 0.5,
             "widen": 1.5, "evaluation": "strong", "hidden_bandits": False, "determinization": None, "ordering": None,
             "others_by_policy": False, "observation": None, "stop_margin": 1.0},
}


def level_settings(spec, level: str) -> dict:
    """The search settings of ``level`` for the game ``spec``: :data:`SEARCH_LEVELS` with the
    game's own overrides (``spec.extras["bot_levels"][level]``) on top."""
    settings = dict(SEARCH_LEVELS[level])
    overrides = ((spec.extras or {}).get("bot_levels") or {}).get(level) or {}
    unknown = set(overrides) - set(settings)
    if unknown:
        raise ValueError(f"{spec.name}: unknown bot setting(s) {', '.join(sorted(unknown))} for {level}")
    settings.update(overrides)
    return settings


def _named(spec, key: str, what: str, name):
    if name is None:
        return None
    table = (spec.extras or {}).get(key) or {}
    if name not in table:
        raise ValueError(f"{spec.name}: no {what} called {name!r}")
    return table[name]


def level_determinization(spec, name):
    """The game's determinization called ``name`` (None: ``spec.determinize``)."""
    return _named(spec, "bot_determinizations", "determinization", name)


def level_ordering(spec, name):
    """The game's action ordering called ``name`` (None: ``spec.order_actions``)."""
    return _named(spec, "bot_orderings", "action ordering", name)


def level_observation(spec, name):
    """The game's observation called ``name`` (None: the tree keys moves by their text only)."""
    return _named(spec, "bot_observations", "observation", name)


def level_evaluation(spec, name: str):
    """The game's whole-table evaluation called ``name`` (None: use ``spec.evaluate``)."""
    table = (spec.extras or {}).get("bot_evaluations") or {}
    return table.get(name)


class Bot:
    """Base class: a level name, a seeded generator, a lock, and decision timing
    (``last_seconds`` wall clock, ``last_cpu`` CPU seconds of the deciding thread)."""

    level = "bot"

    def __init__(self, spec, seed: int = 0):
        self.spec = spec
        self.seed = seed
        self.rng = Rng(seed)
        self._lock = threading.Lock()
        self.last_seconds = 0.0
        self.last_cpu = 0.0

    def choose(self, view, legal_actions: list):
        """One of ``legal_actions`` for the seat ``view.viewer``."""
        if not legal_actions:
            raise ValueError("choose needs at least one legal action")
        with self._lock:
            started, cpu = time.perf_counter(), time.thread_time()
            if len(legal_actions) == 1:
                action = legal_actions[0]
            else:
                action = self._choose(view, list(legal_actions))
            self.last_seconds = time.perf_counter() - started
            self.last_cpu = time.thread_time() - cpu
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
    """ISMCTS (``normal``, ``hard``): see :mod:`game.ai.ismcts`.

    ``simulations``: the budget (default: the level's); ``seconds``: a wall-clock budget
    instead (or as well: whichever ends first); ``time_cap``: the CPU-seconds guard (default:
    the level's; None: no cap)."""

    _DEFAULT = object()

    def __init__(self, spec, level: str, seed: int = 0, seconds=None, simulations=None,
                 time_cap=_DEFAULT):
        super().__init__(spec, seed)
        self.level = level
        settings = level_settings(spec, level)
        if seconds is None and simulations is None:
            simulations = settings["simulations"]
        self.seconds = seconds
        self.simulations = simulations
        self.time_cap = settings["time_cap"] if time_cap is SearchBot._DEFAULT else time_cap
        self.settings = settings
        self.last_simulations = 0
        self.last_capped = False
        self.capped = 0

    def _search(self, view, decided_among=None):
        s = self.settings
        search = Search(self.spec, view.viewer, self.rng, c=s["c"], rollout_depth=s["rollout_depth"],
                        greed=s["greed"], widen=s["widen"], hidden_bandits=s["hidden_bandits"],
                        evaluate_all=level_evaluation(self.spec, s["evaluation"]),
                        rewind=(self.spec.extras or {}).get("bot_rewind"),
                        determinize=level_determinization(self.spec, s["determinization"]),
                        order=level_ordering(self.spec, s["ordering"]),
                        others_by_policy=s["others_by_policy"],
                        observe=level_observation(self.spec, s["observation"]))
        root = search.run(view, simulations=self.simulations, seconds=self.seconds,
                          cpu_cap=self.time_cap, decided_among=decided_among, stop_margin=s["stop_margin"])
        self.last_simulations = search.simulations
        self.last_capped = search.capped
        if search.capped:
            self.capped += 1
            LOG.warning("%s %s bot (seat %s): time cap of %.1f CPU s reached after %d of %d simulations",
                        self.spec.name, self.level, view.viewer, self.time_cap, search.simulations,
                        self.simulations)
        return root

    def _choose(self, view, legal):
        root = self._search(view, decided_among=legal)
        return best_child(root, legal)

    def analyse(self, view, legal_actions: list, top: int = 5) -> list:
        """The ``top`` candidate actions as ``(action, visits, mean value)``, most visited first."""
        with self._lock:
            return ranking(self._search(view), list(legal_actions))[:top]
