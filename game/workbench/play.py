"""Playing one game of a balance run: bots in every seat, the spectator's events counted.

:func:`play` takes a :class:`GameTask` (plain data, picklable, so it runs the same in this process,
a local process pool or a Dask worker) and returns the game's line for ``games.jsonl``: its seed,
seats, ruleset, result, figures (see :mod:`game.workbench.adapters`), the standings over its course
and every action's text (so the game replays exactly: :func:`game.workbench.store.record_of`).
Bots see only their seat's view and play at a fixed simulation budget, so a game depends on its
task alone, never on the machine's load.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from ..ai import make_bot
from ..core.protocol import CHANCE
from ..core.registry import get_game
from .adapters import adapter_for

#: A game still running after this many decisions is stopped (ending ``decision-limit``).
MAX_DECISIONS = 5000


@dataclass(frozen=True)
class GameTask:
    """Everything one game depends on."""

    game: str
    players: int
    seed: int
    lineup: tuple                 #: bot level of each seat, in the game's seat order
    arm: str = "A"                #: which ruleset of the run (``A``; ``B`` with ``--against``)
    kind: str = "main"            #: ``main``, or ``gradient`` (the chosen level against the level below)
    index: int = 0                #: the game's number within its arm and kind
    settings: tuple = ()          #: ``key=value`` ruleset settings (a ruleset file's, then ``--set``)
    variants: tuple = ()
    simulations: tuple = ()       #: each seat's search budget per decision (None for levels without search)
    start: str | None = None      #: a position text every game starts from (``--from``), else a new game

    @property
    def key(self) -> str:
        """The game's identity in a run (``A/main/17``): a resumed run skips finished keys."""
        return f"{self.arm}/{self.kind}/{self.index}"

    def as_dict(self) -> dict:
        d = asdict(self)
        d["lineup"] = list(self.lineup)
        d["settings"] = list(self.settings)
        d["variants"] = list(self.variants)
        d["simulations"] = list(self.simulations)
        return d


def bot_seed(seed: int, seat_index: int) -> int:
    """The seed of the bot in a seat: the same in both arms of an A/B run."""
    return (seed * 31 + seat_index + 1) % 2**64


def start_state(spec, task: GameTask, rules):
    """The state a task's game starts from: a new game, or its ``--from`` position with the arm's
    ruleset and the task's seed (see :func:`game.workbench.positions.from_position`)."""
    if task.start is None:
        return spec.new_game(task.players, task.seed, rules)
    from .positions import from_position
    return from_position(spec, task.start, rules, task.seed)


def play(task: GameTask) -> dict:
    """Play one game to its end (or ``MAX_DECISIONS``); its ``games.jsonl`` line as a dict."""
    spec = get_game(task.game)
    adapter = adapter_for(task.game)
    rules = spec.make_ruleset(list(task.settings), list(task.variants))
    state = start_state(spec, task, rules)
    seats = tuple(spec.seats(state))
    budgets = tuple(task.simulations) + (None,) * (len(seats) - len(task.simulations))
    bots = {s: make_bot(spec, task.lineup[i], seed=bot_seed(task.seed, i), seconds=None, simulations=budgets[i])
            for i, s in enumerate(seats)}
    tally = adapter.new_tally()
    standings = []

    def sample(at: int) -> None:
        value = adapter.standing(spec.view(state, None))
        if value is not None and (not standings or standings[-1][1] != value):
            standings.append([at, value])

    sample(0)
    actions = []
    decisions = 0
    while not state.is_over() and decisions < MAX_DECISIONS:
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance()
            actor = None
        else:
            action = bots[player].choose(spec.view(state, player), state.legal_actions())
            actor = player
            decisions += 1
        events = state.apply(action) or ()
        actions.append(str(action))
        public = spec.redact_events(list(events), None)
        adapter.observe(tally, actions[-1], actor, public)
        if adapter.standing_events and any(e.kind in adapter.standing_events for e in public):
            sample(len(actions))
    result = spec.result(state) if state.is_over() else {"winners": [], "reason": "decision-limit", "scores": {}}
    result = _jsonable(result)
    figures = adapter.finish(tally, state, result, seats)
    if not state.is_over():
        figures["ending"] = "decision-limit"
    figures["actions"] = len(actions)
    figures["decisions"] = decisions
    return {"key": task.key, "arm": task.arm, "kind": task.kind, "index": task.index, "seed": task.seed,
            "game": task.game, "players": task.players,
            "seats": {s: task.lineup[i] for i, s in enumerate(seats)}, "order": list(seats),
            "settings": list(task.settings), "variants": list(task.variants), "simulations": list(task.simulations),
            "from": task.start is not None,
            "result": result, "figures": _jsonable(figures), "standings": _jsonable(standings),
            "actions": actions}


def _jsonable(value):
    """Tuples to lists, frozensets to sorted lists, dict keys to strings: a JSON value."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_jsonable(v) for v in value)
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)
