"""A balance run: which games to play (the plan), playing them with resumption, and the report.

    config = RunConfig(game="trench-war", players=2, bots=("normal",), games=1000,
                       arms=[Arm("A", "default"), Arm("B", "--set gun_range=5", settings=("gun_range=5",))])
    report = run(config, "out/", jobs=2)          # or cluster="local:2" / "tcp://host:8786"

Seats rotate so that every bot level plays every seat equally often; every arm plays the same seeds
(unless an arm has its own first seed) with the same bots.  A share of extra games (``gradient``,
20% by default) seats the strongest chosen level alone against the level below it, for the skill
gradient.  Each finished game is appended to ``games.jsonl`` as it ends; ``resume=True`` plays
only the games missing from it.
"""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from dataclasses import dataclass

from ..ai import LEVELS
from ..ai.bots import SEARCH_LEVELS
from ..core.registry import get_game
from . import store
from .execution import executor_for, run_tasks
from .play import GameTask, play

#: Default share of extra games for the skill gradient.
GRADIENT_SHARE = 0.2
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@dataclass(frozen=True)
class Arm:
    """One ruleset of a run: ``A`` (the base) and, for an A/B run, ``B`` (``--against``)."""

    name: str
    label: str = "default"
    settings: tuple = ()
    variants: tuple = ()
    seed: int | None = None        #: first seed of this arm (None: the run's)


@dataclass(frozen=True)
class RunConfig:
    game: str
    players: int
    bots: tuple = ("normal",)
    games: int = 100
    seed: int = 0
    arms: tuple = (Arm("A"),)
    gradient: float = GRADIENT_SHARE
    simulations: int | None = None  #: the search levels' budget per decision (None: each level's default)
    start: str | None = None        #: ``--from`` position text
    start_name: str | None = None
    correction: str = "holm"

    def as_dict(self) -> dict:
        d = dataclasses.asdict(self)
        d["bots"] = list(self.bots)
        d["arms"] = [dict(dataclasses.asdict(a), settings=list(a.settings), variants=list(a.variants))
                     for a in self.arms]
        return d

    @classmethod
    def from_dict(cls, d: dict) -> "RunConfig":
        d = dict(d)
        d["bots"] = tuple(d["bots"])
        d["arms"] = tuple(Arm(a["name"], a["label"], tuple(a["settings"]), tuple(a["variants"]), a.get("seed"))
                          for a in d["arms"])
        return cls(**d)


def search_settings(game: str, level: str) -> dict | None:
    """A search level's settings in ``game`` (None for the levels that do not search): the bots'
    own per-game table where ``game.ai.bots`` has one (``level_settings``), else ``SEARCH_LEVELS``."""
    if level not in SEARCH_LEVELS:
        return None
    from ..ai import bots
    per_game = getattr(bots, "level_settings", None)
    return dict(per_game(get_game(game), level)) if per_game is not None else dict(SEARCH_LEVELS[level])


def budget(level: str, simulations: int | None, game: str = "trench-war"):
    """The fixed simulation budget a level plays at (None for the levels that do not search)."""
    settings = search_settings(game, level)
    if settings is None:
        return None
    return simulations if simulations is not None else settings["simulations"]


def lineup(levels: tuple, players: int, rotation: int) -> tuple:
    """The bot of each seat in game ``rotation``: the levels in turn round the table, rotated one
    seat per game so every level plays every seat equally often."""
    pattern = [levels[i % len(levels)] for i in range(players)]
    r = rotation % players
    return tuple(pattern[-r:] + pattern[:-r]) if r else tuple(pattern)


def gradient_levels(bots: tuple) -> tuple[str, str] | None:
    """``(stronger, below)``: the strongest chosen level and the level under it (None for random)."""
    strongest = max(bots, key=LEVELS.index)
    i = LEVELS.index(strongest)
    return (strongest, LEVELS[i - 1]) if i > 0 else None


def gradient_games(config: RunConfig) -> int:
    return round(config.games * config.gradient) if gradient_levels(config.bots) else 0


def plan(config: RunConfig) -> list[GameTask]:
    """Every game of the run, in a fixed order: game by game, each arm's in turn (so a run stopped
    early has played both arms alike), the gradient's games after the main ones."""
    pair = gradient_levels(config.bots)
    extra = gradient_games(config)
    per_arm = []
    for arm in config.arms:
        first = config.seed if arm.seed is None else arm.seed
        common = dict(game=config.game, players=config.players, arm=arm.name, settings=tuple(arm.settings),
                      variants=tuple(arm.variants), start=config.start)
        tasks = []
        for i in range(config.games):
            lu = lineup(config.bots, config.players, i)
            tasks.append(GameTask(seed=first + i, lineup=lu, kind="main", index=i,
                                  simulations=tuple(budget(lv, config.simulations, config.game) for lv in lu),
                                  **common))
        for j in range(extra):
            stronger, weaker = pair
            lu = tuple(stronger if k == j % config.players else weaker for k in range(config.players))
            tasks.append(GameTask(seed=first + config.games + j, lineup=lu, kind="gradient", index=j,
                                  simulations=tuple(budget(lv, config.simulations, config.game) for lv in lu),
                                  **common))
        per_arm.append(tasks)
    return [t for group in zip(*per_arm) for t in group]


def code_version() -> dict:
    """The code a run played with: the git commit and whether the tree had changes."""
    def git(*args):
        try:
            return subprocess.run(["git", "-C", ROOT, *args], capture_output=True, text=True, timeout=10,
                                  check=True).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return None
    commit = git("rev-parse", "HEAD")
    status = git("status", "--porcelain", "--untracked-files=no")
    from importlib import metadata
    try:
        version = metadata.version("trench-war")
    except metadata.PackageNotFoundError:
        version = None
    return {"commit": commit, "dirty": bool(status) if status is not None else None, "package": version}


def prepare(config: RunConfig, folder: str, resume: bool) -> list[dict]:
    """Create or reopen the run folder; the finished games (for ``resume``)."""
    os.makedirs(folder, exist_ok=True)
    previous = store.read_run(folder)
    finished = store.read_games(folder, repair=resume)
    if resume:
        if previous is None:
            raise store.RunError(f"{folder} holds no run to resume (no {store.RUN})")
        if previous != config.as_dict():
            differ = sorted(k for k in set(previous) | set(config.as_dict())
                            if previous.get(k) != config.as_dict().get(k))
            raise store.RunError(f"--resume: {folder} holds a run with other settings ({', '.join(differ)}); "
                                 f"give the same options, or another --out")
        return finished
    if finished or previous is not None:
        raise store.RunError(f"{folder} already holds a run ({len(finished)} games): "
                             f"--resume continues it; or choose another --out")
    store.write_run(folder, config.as_dict())
    return []


def execute(config: RunConfig, folder: str, jobs: int = 1, cluster: str | None = None, resume: bool = False,
            progress: bool = True, fn=play, on_progress=None, pool: bool = False) -> dict:
    """Play the run's missing games into ``folder``; returns ``{"played", "skipped", "resubmitted",
    "where"}``.  Ctrl-C stops it with every finished game kept (``--resume`` goes on).
    ``on_progress(done, total)`` is called at the start and after every game (an exception it
    raises stops the run there, every finished game kept).  ``pool``: play in a process pool even
    for one job."""
    from tqdm import tqdm

    finished = prepare(config, folder, resume)
    done = {line["key"] for line in finished}
    tasks = plan(config)
    todo = [t for t in tasks if t.key not in done]
    log = store.GameLog(folder)
    errors = [0]
    try:
        with executor_for(jobs, cluster, pool) as workers, \
                tqdm(total=len(tasks), initial=len(tasks) - len(todo), unit="game", desc=config.game,
                     disable=not progress, file=sys.stderr, dynamic_ncols=True, smoothing=0.05) as bar:
            bar.set_postfix_str(f"on {workers.label}")
            count = [len(tasks) - len(todo)]
            if on_progress is not None:
                on_progress(count[0], len(tasks))

            def on_done(line):
                log.append(line)
                if line.get("error"):
                    errors[0] += 1
                    bar.set_postfix_str(f"on {workers.label}, {errors[0]} errors")
                bar.update(1)
                count[0] += 1
                if on_progress is not None:
                    on_progress(count[0], len(tasks))

            resubmitted = run_tasks(todo, fn, on_done, workers)
            where = workers.label
    finally:
        log.close()
    return {"played": len(todo), "skipped": len(tasks) - len(todo), "resubmitted": resubmitted, "where": where}


def run(config: RunConfig, folder: str, jobs: int = 1, cluster: str | None = None, resume: bool = False,
        progress: bool = True) -> dict:
    """Play the run (what is missing) and write its report; returns the report."""
    from .report import build_report, write_report

    info = execute(config, folder, jobs, cluster, resume, progress)
    report = build_report(config, store.read_games(folder), info)
    write_report(report, folder)
    return report


def full_ruleset(game: str, arm: Arm) -> dict:
    """Every key of an arm's ruleset, as played (JSON values)."""
    from .play import _jsonable
    spec = get_game(game)
    rules = spec.make_ruleset(list(arm.settings), list(arm.variants))
    if dataclasses.is_dataclass(rules):
        values = {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)
                  if f.repr and not f.name.startswith("_")}
    else:
        values = dict(vars(rules))
    return _jsonable(values)


__all__ = ["Arm", "RunConfig", "plan", "lineup", "gradient_levels", "execute", "run", "code_version",
           "full_ruleset"]
