"""What the app's Rules lab needs from the workbench, without a window: a game's ruleset keys as
typed form fields, checking an edited ruleset (refused with the rule id), saving it as a ruleset
file, and a quick balance run in the background with its progress and report.

    fields = ruleset_fields("trench-war")                  # [RuleField(key, kind, default, allowed, meaning)]
    problem = check("trench-war", {"gun_range": 5}, 2)     # None, or "TW-0: gun_range=9 is out of range 1..7"
    save_ruleset("mine.rules", "trench-war", {"gun_range": 5})
    run = QuickBalance(RunConfig(...), folder); run.start()
    run.progress()  -> (done, total);  run.done();  run.report  (dict), run.plots ({name: PNG bytes}), run.error
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from ..core.errors import GameError
from ..core.files import write_text_atomic
from ..core.registry import get_game


@dataclass(frozen=True)
class RuleField:
    """One ruleset key as a form field."""

    key: str
    kind: str           #: ``bool``, ``int`` (``allowed`` = (lo, hi)) or ``choice`` (``allowed`` lists them)
    default: object
    allowed: tuple
    meaning: str = ""


def ruleset_fields(game: str) -> list[RuleField]:
    """Every ruleset key the game lists, typed, with its range or choices and its default."""
    keys = get_game(game).extras.get("ruleset_keys") or {}
    out = []
    for key, (default, allowed, *rest) in keys.items():
        if isinstance(default, bool):
            kind = "bool"
        elif isinstance(default, int) and len(allowed) == 2 and all(type(v) is int for v in allowed):
            kind = "int"
        else:
            kind = "choice"
        out.append(RuleField(key, kind, default, tuple(allowed), str(rest[0]) if rest else ""))
    return out


def settings_of(values: dict, game: str | None = None) -> list[str]:
    """``key=value`` settings of the values that differ from their defaults (all of them without
    ``game``)."""
    defaults = {f.key: f.default for f in ruleset_fields(game)} if game else {}
    out = []
    for key, value in values.items():
        if game and key in defaults and value == defaults[key]:
            continue
        out.append(f"{key}={str(value).lower() if isinstance(value, bool) else value}")
    return out


def check(game: str, values: dict, players: int) -> str | None:
    """None if the edited ruleset can be played by ``players``, else the game's refusal (it starts
    with the rule id)."""
    spec = get_game(game)
    try:
        rules = spec.make_ruleset(settings_of(values), [])
        spec.new_game(players, 0, rules)
    except GameError as exc:
        return str(exc)
    return None


def save_ruleset(path: str, game: str, values: dict) -> None:
    """Write the changed keys as a ruleset file (``key = value`` lines), atomically."""
    lines = [f"# {get_game(game).title}: ruleset from the Rules lab (tools/balance.py --ruleset {path})"]
    lines += [s.replace("=", " = ", 1) for s in settings_of(values, game)]
    write_text_atomic(path, "\n".join(lines) + "\n")


class QuickBalance:
    """A balance run in a background thread (its games in worker processes, so the window stays
    responsive): ``progress()``, ``done()``, then ``report``, ``plots`` and ``summary``, or ``error``."""

    def __init__(self, config, folder: str, jobs: int = 1, resume: bool = False):
        self.config, self.folder, self.jobs, self.resume = config, folder, jobs, resume
        self.total = 0
        self.finished = 0
        self.report = None
        self.plots: dict = {}
        self.summary = ""
        self.error: str | None = None
        self._thread = threading.Thread(target=self._run, name="quick-balance", daemon=True)

    def start(self) -> "QuickBalance":
        self._thread.start()
        return self

    def progress(self) -> tuple[int, int]:
        return self.finished, self.total

    def done(self) -> bool:
        return not self._thread.is_alive() and (self.report is not None or self.error is not None)

    def wait(self, timeout: float | None = None) -> bool:
        self._thread.join(timeout)
        return self.done()

    def _on_progress(self, done: int, total: int) -> None:
        self.finished, self.total = done, total

    def _run(self) -> None:
        from . import store
        from .report import build_report, draw_plots, summary_text, write_report
        from .run import execute
        try:
            info = execute(self.config, self.folder, jobs=self.jobs, resume=self.resume, progress=False,
                           on_progress=self._on_progress)
            report = build_report(self.config, store.read_games(self.folder), info)
            self.plots = draw_plots(report)
            write_report(report, self.folder)
            self.summary = summary_text(report)
            self.report = {k: v for k, v in report.items() if not k.startswith("_")}
        except Exception as exc:  # shown in the window instead of a traceback
            self.error = f"{type(exc).__name__}: {exc}"
