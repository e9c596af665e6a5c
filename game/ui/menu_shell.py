"""The app shell: what the menus do to the one game screen of the program.

:class:`Shell` owns the decisions "which game is on the table now" (the demo behind the start menu,
a player's game, a loaded game, a replay) and opens the menus.  It reaches saves, replays and the
rules screen through their modules (``game.ui.saves``, ``game.ui.replay``,
``game.ui.rules_screen``) and the Rules lab through ``game.ui.rules_lab``; a module that is missing
is reported in a message box, never a crash.
"""

from __future__ import annotations

import sys

from game.i18n import tr
from game.ui.menu_games import new_game_controller, read_ruleset_settings, ruleset_files
from game.ui.menus import EscMenu, NewGameDialog, SavesList, StartMenu, message
from game.ui.settings_menu import SettingsMenu


def _module(name):
    """``game.ui.<name>``, or None while a partner's module is not there yet."""
    import importlib
    try:
        return importlib.import_module(f"game.ui.{name}")
    except ImportError:
        return None


class Shell:
    """The program around the table (see the module docstring).

    ``settings`` is the :class:`game.settings.Settings` in use (the Settings menu replaces it);
    ``lang`` the ``--lang`` choice, which wins over the setting until the player changes language.
    """

    def __init__(self, screen, spec, settings, *, lang=None, settings_path=None, demo_seed=0):
        self.spec = spec
        self.settings = settings
        self.lang = lang
        self.settings_path = settings_path
        self.demo_seed = demo_seed
        self.in_game = False
        self.can_continue = False
        self.autosaver = None
        self._labs = {}  # game -> its RulesLab form, kept with its edits while the program runs
        self.screen = None
        if screen is not None:
            self.attach(screen)

    def attach(self, screen) -> None:
        """Work on ``screen`` (a :class:`game.ui.screen.GameScreen`): a shell made with None (the
        start menu's first frame is painted before the screen exists) gets its screen here."""
        self.screen = screen
        screen.on_escape = self.on_escape
        screen.on_fullscreen = self._fullscreen_changed
        screen.on_game_over_quit = self.quit_to_menu
        screen.new_game = self._play_again

    # --- which game is on the table -------------------------------------------------------------
    def _clear_modals(self) -> None:
        while self.screen.modals:
            self.screen.pop_modal()

    def demo_controller(self):
        from game.ui.seats import DEMO, SeatKind
        self.demo_seed += 1
        kinds = [SeatKind(DEMO)] * self.spec.default_players
        return new_game_controller(self.spec, kinds, self.demo_seed, autosave=False)

    def next_demo(self) -> None:
        """A new demo game behind the start menu."""
        self.screen.set_controller(self.demo_controller())

    def show_start_menu(self) -> StartMenu:
        """The start menu over a demo game (the player's game, if any, is left to its autosave)."""
        from game.ui.screen import AUTO
        self._flush_autosave()
        self._clear_modals()
        self.in_game = False
        self.screen.paused = False
        self.screen.watch(AUTO)
        self.next_demo()
        return self.screen.push_modal(self.start_menu())

    def start_menu(self) -> StartMenu:
        """A new start menu layer (not yet on a screen); Continue is offered when an autosave waits."""
        saves = _module("saves")
        self.can_continue = bool(saves is not None and saves.has_autosave())
        return StartMenu(self)

    def play(self, controller) -> None:
        """Put a player's game on the table (closing every menu) and autosave it from now on."""
        from game.ui.screen import AUTO
        self._clear_modals()
        self.screen.paused = False
        self.screen.watch(AUTO)
        self.screen.set_controller(controller)
        self.in_game = True
        saves = _module("saves")
        if saves is not None and self.autosaver is None:
            self.autosaver = saves.attach_autosave(self.screen, keep=getattr(self.settings, "autosaves_kept", None))
            self.autosaver.on_notice = lambda text: self.screen.show_toast(text, 7.0)
        elif self.autosaver is not None:
            self.autosaver.keep = getattr(self.settings, "autosaves_kept", self.autosaver.keep)

    def _flush_autosave(self) -> None:
        if self.autosaver is not None and hasattr(self.autosaver, "flush"):
            self.autosaver.flush(timeout=5.0)

    # --- the menus' actions ----------------------------------------------------------------------
    def open_new_game(self) -> NewGameDialog:
        return self.screen.push_modal(NewGameDialog(self))

    def games(self) -> list:
        """The games on the table (``game.ui.table.GameInfo``) for the New game dialog: the app's
        catalog (``screen.tables``), else only the game the shell was made for."""
        tables = getattr(self.screen, "tables", None)
        if tables is None:
            return []
        return list(tables.games())

    def start_new_game(self, kinds, seed, ruleset_path="", variants=(), game=None) -> str | None:
        """Start a new game (of ``game``, default the shell's); returns None, or the problem in
        words (the dialog shows it)."""
        from game.core.errors import GameError
        from game.core.registry import get_game
        from game.ui.seats import SeatKind
        kinds = [k if isinstance(k, SeatKind) else SeatKind(k) for k in kinds]
        try:
            spec = self.spec if game in (None, self.spec.name) else get_game(game)
            if not self.has_table(spec.name):
                return self._no_table(spec.name)
            settings = read_ruleset_settings(ruleset_path) if ruleset_path else []
            ctl = new_game_controller(spec, kinds, seed, settings, list(variants))
        except (GameError, ValueError) as exc:
            return str(exc)
        self.play(ctl)
        return None

    def _play_again(self):
        """N / New game on the result panel: the same table with a new seed (the demo outside a game)."""
        from game.ui.menus import random_seed
        ctl = self.screen.ctl
        if not self.in_game:
            return self.demo_controller()
        kinds = list(getattr(ctl, "seat_kinds", ()) or [ctl.kinds[s] for s in ctl.seats])
        return new_game_controller(ctl.spec, kinds, random_seed(), getattr(ctl, "settings", ()),
                                   getattr(ctl, "variants", ()))

    def continue_game(self) -> None:
        saves = _module("saves")
        if saves is None:
            return self._missing("saves")
        path = saves.latest_autosave()
        if path is not None:
            self.load(path)

    def load(self, path) -> bool:
        """Load a saved game onto the table; a damaged file is said in a message, not loaded."""
        saves = _module("saves")
        if saves is None:
            self._missing("saves")
            return False
        try:
            ctl = saves.load_controller(path)
        except Exception as exc:  # noqa: BLE001 - RecordError, or anything a broken file causes
            self.screen.push_modal(message(tr("menu.cannot_load"), str(exc)))
            return False
        if not self.has_table(ctl.spec.name):
            self.screen.push_modal(message(tr("menu.cannot_load"), self._no_table(ctl.spec.name)))
            return False
        self.play(ctl)
        return True

    def open_tutorial(self) -> None:
        """The tutorial's menu (resume, lesson 1, lesson 2): the game's guided lessons."""
        opener = getattr(self.screen.ui, "open_tutorial", None)  # a table with lessons offers them
        if opener is None:
            return self._missing("tutorial")
        opener(self)

    def has_table(self, game: str) -> bool:
        """Whether ``game`` can be put on this screen (its table is registered)."""
        tables = getattr(self.screen, "tables", None)
        if tables is None:
            return game == getattr(self.screen.ui, "game", None)
        return any(g.name == game and g.playable for g in tables.games())

    def _no_table(self, game: str) -> str:
        tables = getattr(self.screen, "tables", None)
        title = game
        if tables is not None:
            try:
                title = tr(tables.info(game).title_key)
            except Exception:  # noqa: BLE001 - an unknown game: its name
                title = game
        return tr("menu.not_playable", title=title)

    def open_load(self) -> None:
        saves = _module("saves")
        if saves is None:
            return self._missing("saves")
        self.screen.push_modal(SavesList(tr("menu.load"), saves.list_saves(progress=self.progress_words),
                                         self.load))

    def open_replays(self) -> None:
        saves, replay = _module("saves"), _module("replay")
        if saves is None or replay is None or not hasattr(replay, "open_replay"):
            return self._missing("replay")
        self.screen.push_modal(SavesList(tr("menu.replays"), saves.list_saves(progress=self.progress_words),
                                         self.replay))

    def progress_words(self, record) -> str:
        """Where a saved match stands, in its game's own terms (its table's ``progress_words`` on the
        spectator's view of the stored position); empty when the game has no table here."""
        if record.position is None:
            return ""
        tables = getattr(self.screen, "tables", None)
        cache = self.__dict__.setdefault("_progress_tables", {})
        if record.game not in cache:
            table = None
            if tables is not None and record.game in [g.name for g in tables.games() if g.playable]:
                table = tables.table(record.game)
            elif record.game == getattr(self.screen.ui, "game", None):
                table = self.screen.ui
            cache[record.game] = table
        table = cache[record.game]
        if table is None:
            return ""
        from game.core.registry import get_game
        spec = get_game(record.game)
        return table.progress_words(spec.view(spec.parse_position(record.position), None))

    def replay(self, path) -> bool:
        from game.core.gamerecord import read_record
        replay = _module("replay")
        try:
            record = read_record(path)
            if not self.has_table(record.game):
                self.screen.push_modal(message(tr("menu.cannot_load"), self._no_table(record.game)))
                return False
            self._clear_modals()
            self.in_game = False
            replay.open_replay(self.screen, record, on_close=self.show_start_menu)
        except Exception as exc:  # noqa: BLE001 - a record that cannot be replayed
            self.show_start_menu()
            self.screen.push_modal(message(tr("menu.cannot_load"), str(exc)))
            return False
        return True

    def open_settings(self) -> SettingsMenu:
        return self.screen.push_modal(SettingsMenu(self, path=self.settings_path))

    def open_rules(self) -> None:
        rules = _module("rules_screen")
        if rules is None or not hasattr(rules, "RulesScreen"):
            return self._missing("rules")
        layer = {}

        def close():
            self.screen.pop_modal(layer.get("m"))
        layer["m"] = rules.RulesScreen(on_close=close, rules=getattr(self.screen.view, "rules", None),
                                       table=self.screen.ui)
        self.screen.push_modal(layer["m"])

    # --- the Rules lab ---------------------------------------------------------------------------
    def open_rules_lab(self):
        """The Rules lab: first the game to experiment on."""
        from game.ui.rules_lab import LabGamePicker
        return self.screen.push_modal(LabGamePicker(self))

    def open_lab(self, game: str):
        """The Rules lab's form of ``game`` (the same one, edits kept, each time it is opened)."""
        from game.ui.rules_lab import RulesLab
        if not self.has_table(game):
            return self.screen.push_modal(message(tr("lab.title"), self._no_table(game)))
        lab = self._labs.get(game)
        if lab is None:
            lab = self._labs[game] = RulesLab(self, game)
        return self.screen.push_modal(lab)

    def lab_watch(self, lab) -> bool:
        """Bots play the lab's edited rules on the game's table; Esc (or the result panel's Quit)
        goes back to the lab, N on the result panel plays another game of the same rules."""
        from game.core.errors import GameError
        from game.ui.menus import random_seed
        from game.ui.rules_lab import LabWatch
        from game.ui.screen import AUTO
        try:
            ctl = lab.watch_controller(random_seed())
        except (GameError, ValueError) as exc:
            lab.say(str(exc), bad=True)
            return False
        self._flush_autosave()
        self._clear_modals()
        self.in_game = False
        self.screen.paused = False
        self.screen.watch(AUTO)
        self.screen.set_controller(ctl)
        self.screen.new_game = lambda: lab.watch_controller(random_seed())
        self.screen.on_game_over_quit = lambda: self.back_to_lab(lab)
        self.screen.push_modal(LabWatch(lab, lambda: self.back_to_lab(lab)))
        return True

    def back_to_lab(self, lab):
        """From watching: the lab's form again (over the start menu and the game list), the last
        watched game standing still behind it."""
        from game.ui.rules_lab import LabGamePicker
        self.screen.new_game = self._play_again
        self.screen.on_game_over_quit = self.quit_to_menu
        self._clear_modals()
        saves = _module("saves")
        self.can_continue = bool(saves is not None and saves.has_autosave())
        self.screen.push_modal(StartMenu(self))
        self.screen.push_modal(LabGamePicker(self))
        return self.screen.push_modal(lab)

    def stop_lab_runs(self, wait: float | None = 30.0) -> None:
        """Cancel every quick balance still running (each stops after the game it is playing), so
        that leaving the program does not wait for a whole run's worker processes."""
        runs = [lab.balance.run for lab in self._labs.values() if lab.balance is not None]
        for run in runs:
            run.cancel()
        for run in runs:
            run.wait(wait)

    def quit(self) -> None:
        self._flush_autosave()
        self.screen.quit()

    def on_escape(self) -> None:
        """Esc in a game with nothing chosen: the Esc menu."""
        if self.in_game and not any(isinstance(m, EscMenu) for m in self.screen.modals):
            self.screen.push_modal(EscMenu(self))

    def can_save(self) -> bool:
        return self.in_game and getattr(self.screen.ctl, "seed", None) is not None

    def save_game(self) -> str | None:
        saves = _module("saves")
        if saves is None:
            self._missing("saves")
            return None
        try:
            path = saves.save_game(self.screen.ctl)
        except Exception as exc:  # noqa: BLE001 - RecordError, OSError: said, the game goes on
            self.screen.push_modal(message(tr("menu.cannot_save"), str(exc)))
            return None
        self.screen.push_modal(message(tr("menu.saved"), tr("menu.saved_to", path=path)))
        return path

    def quit_to_menu(self) -> None:
        self.show_start_menu()

    def _fullscreen_changed(self, full: bool) -> None:
        from dataclasses import replace

        from game.settings import save_settings
        self.settings = replace(self.settings, fullscreen=bool(full))
        try:
            save_settings(self.settings, self.settings_path)
        except OSError as exc:
            print(f"trench-war: {exc}", file=sys.stderr)

    def _missing(self, what) -> None:
        self.screen.push_modal(message(tr("menu.not_ready"), tr(f"menu.missing.{what}")))

    def ruleset_files(self) -> list:
        return ruleset_files()
