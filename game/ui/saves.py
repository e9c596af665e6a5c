"""Saved games and the autosave: game records (``docs/records.md``) in the user's data folder.

* ``attach_autosave(screen)`` writes the game on the screen to ``autosave_path()`` after every
  applied step (decisions and chance outcomes alike), atomically, so after a crash or a kill
  Continue loses at most the last decision.  The record is taken on the UI thread (cheap: the new
  action texts and the position) and written by one worker thread, newest first: a record still
  waiting when a newer one arrives is replaced by it (the newer holds every action of the older),
  so the writes stay in order and the window never waits for the disk.  A failed write is reported
  once on stderr; the game goes on.
* ``save_game(controller)`` writes a named file in ``saves/``; ``list_saves()`` describes every
  save (damaged ones too, marked, never raising); ``load_controller(path)`` builds the game again
  (``RecordError`` naming the file and the problem; the file is only read).

Which games are autosaved: a controller's ``autosave`` attribute, or, when it is None, any game a
person plays (bot-only games such as the demo behind the start menu or the event mode's attract
loop never replace the player's autosave).
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
import time
from dataclasses import dataclass
from datetime import datetime

from game.core.gamerecord import GameRecord, RecordError, read_record, save_record
from game.core.registry import get_game
from game.i18n import tr
from game.settings import data_dir
from game.ui.controller import GameController, controller_from_record

__all__ = ["autosave_path", "has_autosave", "attach_autosave", "save_game", "list_saves", "load_controller",
           "record_of", "controller_from_record", "SaveInfo", "Autosaver", "saves_dir", "RecordError"]

#: The file extension of game records.
EXTENSION = ".twr"
AUTOSAVE_NAME = "autosave" + EXTENSION
SAVES_FOLDER = "saves"


def autosave_path() -> str:
    """The autosave file (in ``game.settings.data_dir()``)."""
    return os.path.join(data_dir(), AUTOSAVE_NAME)


def saves_dir() -> str:
    """The folder of named saves (``saves/`` in the data folder)."""
    return os.path.join(data_dir(), SAVES_FOLDER)


def has_autosave() -> bool:
    """True when there is a game to continue: an autosave that reads as a record and whose game is
    not over (judged from its stored position; quick: no replay).  A file damaged beyond its header
    still counts, so that Continue says what is wrong with it."""
    try:
        record = read_record(autosave_path())
    except RecordError:
        return False
    if record.position is None:
        return True
    try:
        return not get_game(record.game).parse_position(record.position).is_over()
    except Exception:  # noqa: BLE001 - loading it will name the problem
        return True


def record_of(controller: GameController, position: bool = True) -> GameRecord:
    """The record of the controller's game so far (with the position after it, unless ``position``
    is False).  ``RecordError`` for a game that did not start as a new game (set up from a
    position: there is no seed to replay it from)."""
    if controller.seed is None:
        raise RecordError("this game was set up from a position, not started as a new game, so it "
                          "cannot be saved as a record")
    return GameRecord(controller.spec.name, len(controller.seats), controller.seed, controller.settings,
                      controller.variants, controller.seat_words, tuple(str(st.action) for st in controller.steps),
                      controller.spec.format_position(controller.state) if position else None)


def wants_autosave(controller) -> bool:
    """Whether ``controller``'s game is autosaved (its ``autosave`` flag; None: when a person plays)."""
    choice = getattr(controller, "autosave", None)
    if choice is not None:
        return bool(choice)
    return bool(controller.humans)


def load_controller(path) -> GameController:
    """The game saved in ``path`` as a controller (every action replayed as a step, bots recreated).
    ``RecordError`` naming the file and the problem; the file is only read, never changed."""
    path = os.fspath(path)
    record = read_record(path)
    try:
        return controller_from_record(record)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None


def save_game(controller: GameController, path=None) -> str:
    """Write the controller's game to ``path`` (default: a new file named after the date and time in
    ``saves_dir()``), atomically; return the path.  ``RecordError`` for a game that cannot be
    recorded, ``OSError`` naming the file when it cannot be written."""
    record = record_of(controller)
    if path is None:
        folder = saves_dir()
        os.makedirs(folder, exist_ok=True)
        stamp = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
        path = os.path.join(folder, f"{stamp}_{record.game}{EXTENSION}")
        number = 2
        while os.path.exists(path):
            path = os.path.join(folder, f"{stamp}_{record.game}-{number}{EXTENSION}")
            number += 1
    path = os.fspath(path)
    save_record(path, record)
    return path


# --- the list of saves ----------------------------------------------------------------------------

@dataclass(frozen=True)
class SaveInfo:
    """One save file as the Load list shows it.  ``damaged`` is None, or the problem (English, from
    ``RecordError``) for a file that cannot be loaded; then ``players``/``actions`` are 0."""

    path: str
    title: str          #: e.g. "Trench War: You vs Easy bot" (the language in use)
    when: datetime      #: when the file was last written (local time)
    players: int
    seats: tuple        #: seat kinds as words (``("human", "easy")``)
    actions: int        #: decisions and chance outcomes recorded
    game: str | None = None
    auto: bool = False  #: the autosave
    damaged: str | None = None

    @property
    def detail(self) -> str:
        """A second line: players and actions, or why the file is damaged."""
        if self.damaged is not None:
            return tr("saves.damaged", problem=self.damaged)
        return tr("saves.detail", players=self.players, actions=self.actions)

    @property
    def when_text(self) -> str:
        return self.when.strftime("%Y-%m-%d %H:%M")


def seat_label(word: str) -> str:
    """A seat kind's name for people (``human`` -> "You")."""
    key = "saves.seat." + word.replace("-", "_")
    text = tr(key)
    return word if text == key else text


def game_title(game: str) -> str:
    key = "saves.game." + game.replace("-", "_")
    text = tr(key)
    return game if text == key else text


def title_of(record: GameRecord, auto: bool = False) -> str:
    """The title a save is listed under, in the language in use."""
    versus = tr("saves.versus").join(seat_label(w) for w in record.seats) or tr("saves.players",
                                                                                  players=record.players)
    title = tr("saves.title", game=game_title(record.game), seats=versus)
    return tr("saves.autosave_title", title=title) if auto else title


def _info(path: str, auto: bool) -> SaveInfo:
    try:
        when = datetime.fromtimestamp(os.path.getmtime(path))
    except OSError:
        when = datetime.fromtimestamp(0)
    try:
        record = read_record(path)
    except RecordError as exc:
        name = os.path.basename(path)
        problem = str(exc)
        if problem.startswith(path + ": "):
            problem = problem[len(path) + 2:]
        return SaveInfo(path, tr("saves.damaged_title", name=name), when, 0, (), 0, None, auto, problem)
    return SaveInfo(path, title_of(record, auto), when, record.players, record.seats, len(record.actions),
                    record.game, auto)


def list_saves(include_autosave: bool = True) -> list[SaveInfo]:
    """Every save in ``saves_dir()`` (and the autosave), newest first; quick (no replay).  Damaged
    files are listed with ``damaged`` set, never raising."""
    paths = []
    folder = saves_dir()
    try:
        names = os.listdir(folder)
    except OSError:
        names = []
    for name in names:
        if name.endswith(EXTENSION) and os.path.isfile(os.path.join(folder, name)):
            paths.append((os.path.join(folder, name), False))
    if include_autosave and os.path.isfile(autosave_path()):
        paths.append((autosave_path(), True))
    infos = [_info(path, auto) for path, auto in paths]
    infos.sort(key=lambda info: (info.when, info.path), reverse=True)
    return infos


# --- the autosave ---------------------------------------------------------------------------------

class Autosaver:
    """Writes the screen's game to ``path`` after each step (see the module docstring).

    ``timings`` collects, per step, ``(actions, take_ms, write_ms)``: the time on the UI thread
    and the worker's write (for ``tools/savekill.py --bench``); kept only when ``keep_timings``.
    """

    def __init__(self, screen, path: str | None = None, keep_timings: bool = False):
        self.screen = screen
        self.path = path or autosave_path()
        self.failed = False     #: a write failed (reported once on stderr)
        self.written = 0        #: records written
        self.keep_timings = keep_timings
        self.timings = []
        self.on_written = None  #: optional callback(actions) in the worker after each write (tools)
        self._ctl = None
        self._texts = []        # the action texts of self._ctl so far (only new steps are formatted)
        self._cond = threading.Condition()
        self._pending = None    # (record, take_ms): the newest record not yet written
        self._busy = False
        self._thread = None
        self._refused = None    # the controller whose record could not be taken (said once)

    def __call__(self, step) -> None:
        """``screen.on_step`` callback: take the record of the game now and hand it to the writer."""
        ctl = self.screen.ctl
        if not wants_autosave(ctl):
            return
        start = time.perf_counter()
        try:
            record = self._record(ctl)
        except RecordError as exc:
            if self._refused is not ctl:
                self._refused = ctl
                print(tr("saves.autosave_off", problem=str(exc)), file=sys.stderr)
            return
        with self._cond:
            self._pending = (record, (time.perf_counter() - start) * 1000)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _record(self, ctl) -> GameRecord:
        if ctl is not self._ctl or len(self._texts) > len(ctl.steps):
            self._ctl, self._texts = ctl, []
        if ctl.seed is None:
            record_of(ctl, position=False)  # raises the reason
        steps = ctl.steps
        self._texts.extend(str(st.action) for st in steps[len(self._texts):])
        return GameRecord(ctl.spec.name, len(ctl.seats), ctl.seed, ctl.settings, ctl.variants, ctl.seat_words,
                          tuple(self._texts), ctl.spec.format_position(ctl.state))

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None:
                    self._cond.wait()
                (record, take_ms), self._pending = self._pending, None
                self._busy = True
            start = time.perf_counter()
            try:
                os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
                save_record(self.path, record)
                self.written += 1
                if self.on_written is not None:
                    self.on_written(len(record.actions))
            except Exception as exc:  # noqa: BLE001 - a full disk must not end the game
                if not self.failed:
                    self.failed = True
                    print(tr("saves.autosave_failed", path=self.path, problem=_why(exc)), file=sys.stderr)
            finally:
                if self.keep_timings:
                    self.timings.append((len(record.actions), take_ms, (time.perf_counter() - start) * 1000))
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every record taken so far is written; False if ``timeout`` ran out first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._cond:
            while self._pending is not None or self._busy:
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def detach(self) -> None:
        """Stop autosaving this screen (what was taken is still written)."""
        if self in self.screen.on_step:
            self.screen.on_step.remove(self)


def _why(exc: BaseException) -> str:
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc) or type(exc).__name__


_savers: list = []


@atexit.register
def _flush_all() -> None:
    for saver in _savers:
        saver.flush(timeout=5.0)


def attach_autosave(screen, path: str | None = None) -> Autosaver:
    """Autosave the games played on ``screen`` (hooks ``screen.on_step``; once per screen)."""
    for callback in screen.on_step:
        if isinstance(callback, Autosaver):
            return callback
    saver = Autosaver(screen, path)
    screen.on_step.append(saver)
    _savers.append(saver)
    return saver
