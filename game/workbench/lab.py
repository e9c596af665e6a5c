"""What the app's Rules lab needs from the workbench, without a window: a game's ruleset keys as
typed form fields, checking an edited ruleset (refused with the rule id), saving it as a ruleset
file, and a quick balance run in the background with its progress and report.

    fields = ruleset_fields("trench-war")                  # [RuleField(key, kind, default, allowed, meaning)]
    problem = check("trench-war", {"gun_range": 5}, 2)     # None, or "TW-0: gun_range=9 is out of range 1..7"
    save_ruleset("mine.rules", "trench-war", {"gun_range": 5})
    load_values("mine.rules", "trench-war")                 # {"gun_range": 5}, checked by the game
    preset_values("trench-war", "first-game")              # the keys a variant changes, as form values
    run = QuickBalance(RunConfig(...), folder, pool=True); run.start()
    run.progress()  -> (done, total);  run.done();  run.report  (dict), run.plots ({name: PNG bytes}), run.error
    run.cancel()    -> stops after the game being played (run.cancelled); the folder keeps the finished games

The app's window for all this is ``game.ui.rules_lab`` (docs/workbench.md, "The Rules lab").
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


def value_text(value) -> str:
    """A form value as a ruleset file writes it: ``true``/``false``, ``none``, the number or word."""
    if value is None or isinstance(value, bool):
        return str(value).lower()
    return str(value)


def parse_value(field: RuleField, text: str):
    """What a person typed into ``field`` as its value: an int (or None for ``none``) for an int
    field, a bool for ``true``/``false``; anything else stays text, for the game's own check to
    refuse with its rule id."""
    raw = str(text).strip()
    if field.kind == "int":
        if raw.lower() == "none":
            return None
        try:
            return int(raw)
        except ValueError:
            return raw
    if field.kind == "bool":
        from ..core.rulesets import FALSE_WORDS, TRUE_WORDS
        low = raw.lower()
        return True if low in TRUE_WORDS else False if low in FALSE_WORDS else raw
    return raw


def settings_of(values: dict, game: str | None = None) -> list[str]:
    """``key=value`` settings of the values that differ from their defaults (all of them without
    ``game``)."""
    defaults = {f.key: f.default for f in ruleset_fields(game)} if game else {}
    out = []
    for key, value in values.items():
        if game and key in defaults and value == defaults[key] and type(value) is type(defaults[key]):
            continue
        out.append(f"{key}={value_text(value)}")
    return out


def defaults_of(game: str) -> dict:
    """Every key's default, as form values."""
    return {f.key: f.default for f in ruleset_fields(game)}


def preset_values(game: str, variant: str | None) -> dict:
    """The form values of a variant (the defaults for None): every key read back from the ruleset
    the game makes for it, where the form can hold that value (a number in range, a listed word,
    ``none``)."""
    values = defaults_of(game)
    if not variant:
        return values
    spec = get_game(game)
    rules, default = spec.make_ruleset([], [variant]), spec.make_ruleset([], [])
    for f in ruleset_fields(game):
        if not hasattr(rules, f.key) or getattr(rules, f.key) == getattr(default, f.key, object()):
            continue
        played = getattr(rules, f.key)
        if isinstance(played, (tuple, list)):
            played = ",".join(str(v) for v in played)
        if f.kind == "bool" and isinstance(played, bool):
            values[f.key] = played
        elif f.kind == "int" and (played is None or (type(played) is int and f.allowed[0] <= played <= f.allowed[1])):
            values[f.key] = played
        elif f.kind == "choice" and str(played) in [str(v) for v in f.allowed]:
            values[f.key] = str(played)
    return values


def load_values(path: str, game: str) -> dict:
    """The form values of a ruleset file (every key at its default but those the file sets);
    ``RulesetError`` naming the file and line of a malformed line, an unknown key or a bad value
    (the game's own check, with its rule id)."""
    from ..core.rulesets import read_settings_file
    spec = get_game(game)
    lines = {}

    def checked(key, raw):
        spec.make_ruleset([f"{key}={raw}"], [])  # the game's own refusal, with its rule id
        lines[key] = raw
        return raw

    read_settings_file("ruleset", path, checked)
    fields = {f.key: f for f in ruleset_fields(game)}
    values = defaults_of(game)
    for key, raw in lines.items():
        values[key] = parse_value(fields[key], raw) if key in fields else raw
    return values


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


class Cancelled(Exception):
    """Raised between two games of a :class:`QuickBalance` that was cancelled."""


class QuickBalance:
    """A balance run in a background thread: ``progress()``, ``done()``, then ``report``, ``plots``
    and ``summary``, or ``error``, or ``cancelled``.  ``pool=True`` plays the games in worker
    processes (``jobs`` of them, at least one), so a window in this process stays responsive;
    ``words`` (label -> text) words the summary in the window's language."""

    def __init__(self, config, folder: str, jobs: int = 1, resume: bool = False, pool: bool = False,
                 words: dict | None = None):
        self.config, self.folder, self.jobs, self.resume, self.pool = config, folder, jobs, resume, pool
        self.words = words
        self.total = 0
        self.finished = 0
        self.report = None
        self.plots: dict = {}
        self.summary = ""
        self.error: str | None = None
        self.cancelled = False
        self._cancel = threading.Event()
        self._thread = threading.Thread(target=self._run, name="quick-balance", daemon=True)

    def start(self) -> "QuickBalance":
        self._thread.start()
        return self

    def progress(self) -> tuple[int, int]:
        return self.finished, self.total

    def done(self) -> bool:
        return not self._thread.is_alive() and (self.report is not None or self.error is not None
                                                 or self.cancelled)

    def cancel(self) -> None:
        """Stop after the game being played (finished games stay in the folder; none is cut short)."""
        self._cancel.set()

    @property
    def cancelling(self) -> bool:
        """Whether :meth:`cancel` was called (the run may still be finishing its game)."""
        return self._cancel.is_set()

    def _progress_hook(self, done: int, total: int) -> None:
        self._on_progress(done, total)
        if self._cancel.is_set():
            raise Cancelled()

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
                           on_progress=self._progress_hook, pool=self.pool)
            report = build_report(self.config, store.read_games(self.folder), info)
            self.plots = draw_plots(report)
            write_report(report, self.folder)
            self.summary = summary_text(report, self.words)
            self.report = {k: v for k, v in report.items() if not k.startswith("_")}
        except Cancelled:
            self.cancelled = True
        except Exception as exc:  # shown in the window instead of a traceback
            self.error = f"{type(exc).__name__}: {exc}"
