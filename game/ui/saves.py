"""Saved games and the autosaves: game records (``docs/records.md``) in the user's data folder.

* ``attach_autosave(screen)`` writes the game on the screen after every applied step (decisions
  and chance outcomes alike), atomically, so after a crash or a kill Continue loses at most the
  last decision.  Every match has an autosave of its own in ``autosaves/`` (any game on the
  table): starting a new game never replaces an unfinished one.  Continue resumes the newest
  unfinished match (``latest_autosave()``); Load lists them all with their game, date, seats and
  progress; beyond the number the settings name (``autosaves_kept``) the oldest are removed,
  finished ones first, and the screen says so.  A match loaded from its autosave goes on in the
  same file.  The record is taken on the UI thread (cheap: the new
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
           "record_of", "controller_from_record", "SaveInfo", "Autosaver", "saves_dir", "RecordError",
           "autosaves_dir", "autosave_files", "latest_autosave", "prune_autosaves", "is_unfinished"]

#: The file extension of game records.
EXTENSION = ".twr"
#: The single autosave of older versions (still read: listed, continued in place).
AUTOSAVE_NAME = "autosave" + EXTENSION
SAVES_FOLDER = "saves"
AUTOSAVES_FOLDER = "autosaves"
#: How many match autosaves are kept when the settings say nothing.
DEFAULT_KEPT = 10


def autosaves_dir() -> str:
    """The folder of the matches' autosaves (``autosaves/`` in the data folder)."""
    return os.path.join(data_dir(), AUTOSAVES_FOLDER)


def legacy_autosave_path() -> str:
    return os.path.join(data_dir(), AUTOSAVE_NAME)


def _mtime(path: str) -> float:
    try:
        return os.stat(path).st_mtime_ns / 1e9
    except OSError:
        return 0.0


def autosave_files() -> list:
    """Every match's autosave (and an older version's single autosave), newest first."""
    paths = []
    folder = autosaves_dir()
    try:
        names = os.listdir(folder)
    except OSError:
        names = []
    paths = [os.path.join(folder, n) for n in names
             if n.endswith(EXTENSION) and os.path.isfile(os.path.join(folder, n))]
    if os.path.isfile(legacy_autosave_path()):
        paths.append(legacy_autosave_path())
    return sorted(paths, key=lambda p: (_mtime(p), p), reverse=True)


def is_autosave(path) -> bool:
    """Whether ``path`` is one of the autosaves (a match loaded from it goes on in it)."""
    p = os.path.abspath(os.fspath(path))
    return os.path.dirname(p) == os.path.abspath(autosaves_dir()) or p == os.path.abspath(legacy_autosave_path())


def autosave_path() -> str:
    """The newest autosave file (of any match, finished or not); where an older version kept its
    single autosave when there is none."""
    files = autosave_files()
    return files[0] if files else legacy_autosave_path()


def new_autosave_path(game: str, seed) -> str:
    """A new file in ``autosaves_dir()`` for a match of ``game`` begun now."""
    folder = autosaves_dir()
    stamp = datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
    base = os.path.join(folder, f"{stamp}_{game}_s{seed}")
    path, number = base + EXTENSION, 2
    while os.path.exists(path):
        path = f"{base}-{number}{EXTENSION}"
        number += 1
    return path


def is_unfinished(path) -> bool:
    """True for a record whose game is not over (judged from its stored position: no replay).  A
    file damaged beyond its header still counts, so that Continue says what is wrong with it."""
    try:
        record = read_record(path)
    except RecordError:
        return False
    if record.position is None:
        return True
    try:
        return not get_game(record.game).parse_position(record.position).is_over()
    except Exception:  # noqa: BLE001 - loading it will name the problem
        return True


def latest_autosave() -> str | None:
    """The newest unfinished match's autosave (what Continue resumes), or None."""
    return next((p for p in autosave_files() if is_unfinished(p)), None)


def prune_autosaves(keep: int, protect=()) -> list:
    """Remove autosaves beyond the ``keep`` newest (finished matches first, then the oldest), never
    one in ``protect``; returns the paths removed."""
    files = autosave_files()
    if len(files) <= keep:
        return []
    keep_set = {os.path.abspath(p) for p in protect}
    done = [p for p in files if not is_unfinished(p)]
    order = sorted(done, key=_mtime) + [p for p in sorted(files, key=_mtime) if p not in done]
    removed = []
    for path in order:
        if len(files) - len(removed) <= keep:
            break
        if os.path.abspath(path) in keep_set:
            continue
        try:
            os.remove(path)
            removed.append(path)
        except OSError:
            continue
    return removed


def saves_dir() -> str:
    """The folder of named saves (``saves/`` in the data folder)."""
    return os.path.join(data_dir(), SAVES_FOLDER)


def has_autosave() -> bool:
    """True when there is a game to continue: an unfinished match's autosave (``latest_autosave``)."""
    return latest_autosave() is not None


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
        ctl = controller_from_record(record)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    if is_autosave(path):
        ctl.autosave_file = path  # the match goes on in its own autosave
    return ctl


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
    auto: bool = False  #: a match's autosave
    damaged: str | None = None
    progress: str = ""  #: where the match stands, in its game's terms ("Round 3, turn")

    @property
    def value_text(self) -> str:
        """The row's right-hand text: the progress and the date."""
        return f"{self.progress} · {self.when_text}" if self.progress else self.when_text

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


def _info(path: str, auto: bool, progress=None) -> SaveInfo:
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
        title = (tr("saves.encoding_title", name=name, encoding=exc.encoding) if exc.encoding
                 else tr("saves.damaged_title", name=name))
        return SaveInfo(path, title, when, 0, (), 0, None, auto, problem)
    words = ""
    if progress is not None:
        try:
            words = progress(record) or ""
        except Exception:  # noqa: BLE001 - a position that does not parse: the load will say why
            words = ""
    return SaveInfo(path, title_of(record, auto), when, record.players, record.seats, len(record.actions),
                    record.game, auto, None, words)


def list_saves(include_autosave: bool = True, progress=None) -> list[SaveInfo]:
    """Every save in ``saves_dir()`` and every match's autosave, newest first; quick (no replay).
    Damaged files are listed with ``damaged`` set, never raising.  ``progress(record) -> str`` words
    where a match stands (the shell asks the game's table)."""
    paths = []
    folder = saves_dir()
    try:
        names = os.listdir(folder)
    except OSError:
        names = []
    for name in names:
        if name.endswith(EXTENSION) and os.path.isfile(os.path.join(folder, name)):
            paths.append((os.path.join(folder, name), False))
    if include_autosave:
        paths += [(p, True) for p in autosave_files()]
    infos = [_info(path, auto, progress) for path, auto in paths]
    infos.sort(key=lambda info: (info.when, info.path), reverse=True)
    return infos


# --- the autosave ---------------------------------------------------------------------------------

class Autosaver:
    """Writes the screen's game to ``path`` after each step (see the module docstring).

    ``timings`` collects, per step, ``(actions, take_ms, write_ms)``: the time on the UI thread
    and the worker's write (for ``tools/savekill.py --bench``); kept only when ``keep_timings``.
    """

    def __init__(self, screen, path: str | None = None, keep_timings: bool = False, keep: int | None = None):
        self.screen = screen
        self.fixed_path = path  #: one file for every game (tools, tests); None: a file per match
        self.path = path        #: the file being written (the current match's)
        self.keep = DEFAULT_KEPT if keep is None else int(keep)  #: match autosaves kept
        self.on_notice = None   #: callback(text): something the player should be told (the screen's toast)
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
        path = self._path_for(ctl)
        with self._cond:
            self._pending = (record, (time.perf_counter() - start) * 1000, path)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _path_for(self, ctl) -> str:
        """The file of ``ctl``'s match: the fixed one, the one it was loaded from, or a new one (then
        the oldest autosaves beyond ``keep`` go, and the player is told what happened)."""
        if self.fixed_path is not None:
            return self.fixed_path
        path = getattr(ctl, "autosave_file", None)
        if path is None:
            others = [p for p in autosave_files() if is_unfinished(p)]
            path = new_autosave_path(ctl.spec.name, ctl.seed)
            ctl.autosave_file = path
            removed = prune_autosaves(max(1, self.keep) - 1, protect=())
            kept = [p for p in others if p not in removed]
            if removed:
                self._notice(tr("saves.pruned", n=len(removed), keep=self.keep))
            elif kept:
                self._notice(tr("saves.kept_others", n=len(kept)))
        self.path = path
        return path

    def _notice(self, text: str) -> None:
        if self.on_notice is not None:
            try:
                self.on_notice(text)
            except Exception:  # noqa: BLE001 - a notice never stops the autosave
                pass

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
                (record, take_ms, path), self._pending = self._pending, None
                self._busy = True
            start = time.perf_counter()
            try:
                os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
                save_record(path, record)
                self.written += 1
                if self.on_written is not None:
                    self.on_written(len(record.actions))
            except Exception as exc:  # noqa: BLE001 - a full disk must not end the game
                if not self.failed:
                    self.failed = True
                    print(tr("saves.autosave_failed", path=path, problem=_why(exc)), file=sys.stderr)
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


def attach_autosave(screen, path: str | None = None, keep: int | None = None) -> Autosaver:
    """Autosave the games played on ``screen`` (hooks ``screen.on_step``; once per screen): one file
    per match (``path``: one file for all), keeping ``keep`` match autosaves (default 10)."""
    for callback in screen.on_step:
        if isinstance(callback, Autosaver):
            if keep is not None:
                callback.keep = int(keep)
            return callback
    saver = Autosaver(screen, path, keep=keep)
    screen.on_step.append(saver)
    _savers.append(saver)
    return saver
