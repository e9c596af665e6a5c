"""The Rules lab in the window: pick a game, edit its ruleset keys in a form, watch bots play the
edited rules on the table, run a quick balance in the background and read its summary and plots,
save the ruleset file (or load one).

The shell knows no game: a game's keys, their ranges and defaults, the check of an edited ruleset
(the game's own refusal, with its rule id), ruleset files and the balance run all come from
:mod:`game.workbench.lab`, which reaches the game through the registry; the table comes from the
catalog the app handed the screen.  Layers, each a :class:`game.ui.modal.Modal`:

- :class:`LabGamePicker`: the games on the table;
- :class:`RulesLab`: the form (run rows, then one row per key) and a side panel with the changes
  and the check;
- :class:`LabWatch`: a bar over the table while bots play the edited rules (Esc: back to the form);
- :class:`LabBalance`: the quick balance's progress bar and Cancel, then its summary and plots;
- :class:`LabFiles`: ruleset files to load.
"""

from __future__ import annotations

import os

from pyglet.window import key, mouse

from game.i18n import language, tr
from game.render.hud import image_size, text_width
from game.ui.menu_widget import (GOLD, GREY, HEAD, INK, LAYER, PAPER, PAPER_EDGE, RED, SOFT, WOOD, WOOD_EDGE, Item,
                                 MenuModal)
from game.ui.modal import Modal
from game.ui.widgets import fit_text, wrap_lines

#: Games a quick balance plays by default ("a few hundred"), and the step of Left/Right on the row.
DEFAULT_GAMES = 200
GAMES_STEP = 50
MAX_GAMES = 100_000
#: The bots' level by default (quick to watch and to balance).
DEFAULT_LEVEL = "easy"
#: Longest value text a row shows (the deck compositions of Two Mists are long words).
VALUE_CHARS = 26


def _lab():
    from game.workbench import lab
    return lab


def _levels() -> tuple:
    from game.ui.seats import ai_levels
    return tuple(ai_levels()) or (DEFAULT_LEVEL,)


def _short(text: str, n: int = VALUE_CHARS) -> str:
    text = str(text)
    return text if len(text) <= n else text[:n - 1] + "…"


def shown_path(path: str, n: int = 64) -> str:
    """A path as the lab shows it in a line: the home folder as ``~``, a long one cut at the left."""
    home = os.path.expanduser("~")
    text = "~" + path[len(home):] if home not in ("", "/", "~") and path.startswith(home + os.sep) else path
    return text if len(text) <= n else "…" + text[-(n - 1):]


def lab_folder(game: str) -> str:
    """A new run folder for a quick balance of ``game`` under the data folder's ``lab/``."""
    import time

    from game.settings import data_dir
    base = os.path.join(data_dir(), "lab", game)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 1
    while os.path.exists(os.path.join(base, f"{stamp}-{n}")):
        n += 1
    return os.path.join(base, f"{stamp}-{n}")


def default_ruleset_path(game: str) -> str:
    """Where the lab saves a game's ruleset by default: ``rulesets/`` of the data folder (the New
    game dialog offers the files there)."""
    from game.settings import data_dir
    return os.path.join(data_dir(), "rulesets", f"{game}-lab.rules")


def summary_words() -> dict:
    """The balance summary's words in the current language (``game.workbench.report.SUMMARY_WORDS``)."""
    names = ("head", "arm", "seats", "first", "draws", "endings", "length", "skill", "never", "ab", "p_adj")
    return {n: tr(f"lab.summary.{n}") for n in names}


def plot_title(name: str) -> str:
    """A plot's name for the page tabs (``length_round.png`` -> "Length: round")."""
    stem = name[:-4] if name.endswith(".png") else name
    if stem.startswith("length_"):
        return tr("lab.plot.length", unit=stem[len("length_"):].replace("_", " "))
    text = tr(f"lab.plot.{stem}")
    return stem.replace("_", " ") if text == f"lab.plot.{stem}" else text


class LabGamePicker(MenuModal):
    """The games on the table; choosing one opens its :class:`RulesLab` (kept with its edits)."""

    def __init__(self, shell):
        self.shell = shell
        rows = []
        from game.ui.menus import game_tip, game_title
        for info in shell.games():
            rows.append(Item(f"game.{info.name}", lambda info=info: game_title(info),
                             (lambda name=info.name: shell.open_lab(name)), enabled=info.playable,
                             tip=lambda info=info: game_tip(info)))
        rows.append(Item("back", lambda: tr("menu.back"), self.close))
        super().__init__(lambda: tr("lab.title"), rows, on_back=self.close, subtitle=lambda: tr("lab.pick"))


class RulesLab(MenuModal):
    """The form of one game's ruleset keys (see the module docstring).

    ``values`` holds every key's value (typed: int, bool, word; None for an int key's ``none``;
    text the game refuses while it is being typed); ``problem`` is the game's refusal of the
    edited ruleset (it starts with the rule id), None when it can be played."""

    max_rows = 14
    width = 560
    max_width = 600
    align = "left"

    def __init__(self, shell, game: str):
        from game.core.registry import get_game
        lab = _lab()
        self.shell = shell
        self.game = game
        self.spec = get_game(game)
        self.fields = lab.ruleset_fields(game)
        self.by_key = {f.key: f for f in self.fields}
        self.values = lab.defaults_of(game)
        self.players = self.spec.default_players
        self.variants = tuple(self.spec.extras.get("variants", ()))
        self.preset = None  # the variant last applied (None: the defaults)
        self.level = DEFAULT_LEVEL if DEFAULT_LEVEL in _levels() else _levels()[-1]
        self.simulations = ""  # empty: the level's own budget
        self.games = str(DEFAULT_GAMES)
        self.path = default_ruleset_path(game)
        self.saved = None  # the path last saved to or loaded from
        self.problem = None
        self.balance = None  # the LabBalance layer of the last run (its results stay readable)
        super().__init__(self._title, [], on_back=self.close, subtitle=lambda: tr("lab.subtitle"))
        self.set_items(self._rows())
        self.recheck()

    def _title(self) -> str:
        return tr("lab.title_game", game=self.game_title())

    def game_title(self) -> str:
        """The game's name in the current language."""
        from game.ui.menus import game_title
        info = next((g for g in self.shell.games() if g.name == self.game), None)
        return game_title(info) if info is not None else self.game

    # --- rows ------------------------------------------------------------------------------------
    def _rows(self) -> list:
        rows = [
            Item("watch", lambda: tr("lab.watch"), self.watch, enabled=self.playable, tip=lambda: tr("lab.tip.watch")),
            Item("balance", lambda: tr("lab.balance"), self.quick_balance, enabled=self.playable,
                 tip=lambda: tr("lab.tip.balance")),
            Item("results", lambda: tr("lab.results"), self.show_results, enabled=lambda: self.balance is not None,
                 tip=lambda: tr("lab.tip.results")),
            Item("save", lambda: tr("lab.save"), self.save, edit=(lambda: self.path, self._set_path, None),
                 enabled=self.playable, tip=lambda: tr("lab.tip.save")),
            Item("load", lambda: tr("lab.load"), self.open_files, tip=lambda: tr("lab.tip.load")),
            Item("reset", lambda: tr("lab.reset"), self.reset, tip=lambda: tr("lab.tip.reset")),
            Item("back", lambda: tr("menu.back"), self.close),
        ]
        if len(self.spec.players) > 1:
            rows.append(Item("players", lambda: tr("menu.players"), None, value=lambda: str(self.players),
                             change=self._change_players, tip=lambda: tr("lab.tip.players")))
        if self.variants:
            rows.append(Item("preset", lambda: tr("lab.preset"), None, value=self._preset_text,
                             change=self._change_preset, tip=lambda: tr("lab.tip.preset")))
        rows += [
            Item("level", lambda: tr("lab.level"), None, value=lambda: tr(f"event.level.{self.level}"),
                 change=self._change_level, tip=lambda: tr("lab.tip.level")),
            Item("simulations", lambda: tr("lab.simulations"), None,
                 edit=(lambda: self.simulations, self._set_simulations, str.isdigit),
                 enabled=self._searches, tip=lambda: tr("lab.tip.simulations", n=self._own_budget())),
            Item("games", lambda: tr("lab.games"), None, edit=(lambda: self.games, self._set_games, str.isdigit),
                 change=self._change_games, tip=lambda: tr("lab.tip.games")),
        ]
        for f in self.fields:
            rows.append(self._key_row(f))
        return rows

    def _key_row(self, f) -> Item:
        lab = _lab()
        label = lambda: (f"* {f.key}" if self.changed(f.key) else f.key)  # noqa: E731
        tip = lambda: self._key_tip(f)  # noqa: E731
        if f.kind == "int":
            return Item(f"key.{f.key}", label, None, edit=(lambda: lab.value_text(self.values[f.key]),
                                                          lambda text: self.set_value(f.key, lab.parse_value(f, text)),
                                                          lambda ch: ch.isdigit() or ch in "-noe"),
                        change=lambda d: self._step_int(f, d), tip=tip)
        if f.kind == "bool":
            return Item(f"key.{f.key}", label, None, value=lambda: tr("menu.on") if self.values[f.key] is True
                        else tr("menu.off") if self.values[f.key] is False else str(self.values[f.key]),
                        change=lambda d: self.set_value(f.key, not self.values[f.key]), tip=tip)
        return Item(f"key.{f.key}", label, None, value=lambda: _short(lab.value_text(self.values[f.key])),
                    change=lambda d: self._step_choice(f, d), tip=tip)

    @staticmethod
    def _allowed_text(f, n=18) -> str:
        if f.kind == "int":
            return f"{f.allowed[0]}..{f.allowed[1]}"
        return " | ".join(_short(_lab().value_text(v), n) for v in f.allowed)

    def _key_tip(self, f) -> str:
        return tr("lab.tip.key", meaning=f.meaning, allowed=self._allowed_text(f),
                  default=_short(_lab().value_text(f.default), 30))

    # --- state -----------------------------------------------------------------------------------
    def playable(self) -> bool:
        return self.problem is None

    def changed(self, key_) -> bool:
        default = self.by_key[key_].default
        value = self.values[key_]
        return value != default or type(value) is not type(default)

    def changes(self) -> list:
        """``(key, default, value)`` of every key the form changed."""
        return [(f.key, f.default, self.values[f.key]) for f in self.fields if self.changed(f.key)]

    def recheck(self) -> None:
        """Ask the game whether the edited ruleset can be played by ``players``; its refusal (rule
        id and reason) is shown in red under the form and in the side panel."""
        self.problem = _lab().check(self.game, self.values, self.players)
        if self.problem:
            self.say(tr("lab.refused", problem=self.problem), bad=True)
        elif self.message_bad:
            self.say("")

    def set_value(self, key_, value) -> None:
        self.values[key_] = value
        self.recheck()

    def _step_int(self, f, delta) -> None:
        value = self.values[f.key]
        lo, hi = f.allowed
        if type(value) is not int:
            value = f.default if type(f.default) is int else lo
        else:
            value = max(lo, min(hi, value + delta))
        self.set_value(f.key, value)

    def _step_choice(self, f, delta) -> None:
        allowed = [str(v) for v in f.allowed]
        cur = str(self.values[f.key])
        i = allowed.index(cur) if cur in allowed else 0
        self.set_value(f.key, f.allowed[(i + delta) % len(allowed)])

    def _change_players(self, delta) -> None:
        allowed = tuple(self.spec.players)
        i = allowed.index(self.players) if self.players in allowed else 0
        self.players = allowed[max(0, min(len(allowed) - 1, i + delta))]
        self.recheck()

    def _preset_text(self) -> str:
        from game.ui.menus import variant_label
        name = tr("lab.preset_default") if self.preset is None else variant_label(self.preset)
        if self.values != _lab().preset_values(self.game, self.preset):
            return tr("lab.preset_edited", name=name)
        return name

    def _change_preset(self, delta) -> None:
        names = [None] + list(self.variants)
        i = names.index(self.preset) if self.preset in names else 0
        self.apply_preset(names[(i + delta) % len(names)])

    def apply_preset(self, variant) -> None:
        """Every key as the variant ``variant`` sets it (None: the defaults)."""
        self.preset = variant
        self.values = _lab().preset_values(self.game, variant)
        self.recheck()

    def _change_level(self, delta) -> None:
        levels = _levels()
        i = levels.index(self.level) if self.level in levels else 0
        self.level = levels[(i + delta) % len(levels)]

    def _own_budget(self):
        from game.workbench.run import budget
        return budget(self.level, None, self.game) or "–"

    def _searches(self) -> bool:
        from game.workbench.run import budget
        return budget(self.level, None, self.game) is not None

    def _set_simulations(self, text) -> None:
        self.simulations = text.lstrip("0")[:7]

    def _set_games(self, text) -> None:
        self.games = text.lstrip("0")[:6]

    def _change_games(self, delta) -> None:
        n = int(self.games or 0)
        self.games = str(max(1, min(MAX_GAMES, (n // GAMES_STEP + delta) * GAMES_STEP if n else GAMES_STEP)))

    def _set_path(self, text) -> None:
        self.path = text

    def reset(self) -> None:
        self.apply_preset(None)
        self.say(tr("lab.reset_done"))

    # --- actions ---------------------------------------------------------------------------------
    def settings(self) -> list:
        """The edited ruleset as ``key=value`` settings (the changed keys)."""
        return _lab().settings_of(self.values, self.game)

    def watch(self) -> None:
        """Bots of the chosen level play the edited ruleset on the game's table."""
        if self.problem is None:
            self.shell.lab_watch(self)

    def watch_controller(self, seed: int):
        """A new controller of the edited rules with a bot of ``level`` in every seat."""
        from game.ui.menu_games import new_game_controller
        from game.ui.seats import SeatKind
        return new_game_controller(self.spec, [SeatKind(self.level)] * self.players, seed, self.settings(), [],
                                   autosave=False)

    def config(self):
        """The quick balance's run: the edited ruleset, the chosen bots at a fixed budget."""
        from game.workbench.run import Arm, RunConfig
        settings = tuple(self.settings())
        label = ", ".join(settings) if settings else "default"
        sims = int(self.simulations) if self.simulations and self._searches() else None
        return RunConfig(game=self.game, players=self.players, bots=(self.level,), games=max(1, int(self.games or 1)),
                         arms=(Arm("A", label, settings=settings),), simulations=sims)

    def quick_balance(self, folder=None, pool=True) -> "LabBalance":
        """Start a quick balance in the background and show its progress (``pool``: games in a
        worker process, so the window stays responsive)."""
        if self.problem is not None:
            return None
        if self.balance is not None and self.balance.state() == "running":  # one run at a time
            self.screen.push_modal(self.balance)
            return self.balance
        if not self.games or int(self.games) < 1:
            self.games = str(DEFAULT_GAMES)
        run = _lab().QuickBalance(self.config(), folder or lab_folder(self.game), pool=pool, words=summary_words())
        self.balance = LabBalance(self, run.start())
        self.screen.push_modal(self.balance)
        return self.balance

    def show_results(self) -> None:
        if self.balance is not None and self.screen is not None:
            self.screen.push_modal(self.balance)

    def save(self) -> str | None:
        """Write the ruleset file (the changed keys, atomically); the path is said under the form."""
        from game.core.errors import GameError
        path = os.path.expanduser(self.path.strip())
        if self.problem is not None:
            return None
        if not path:
            self.say(tr("lab.no_path"), bad=True)
            return None
        try:
            folder = os.path.dirname(os.path.abspath(path))
            os.makedirs(folder, exist_ok=True)
            _lab().save_ruleset(path, self.game, self.values)
        except (OSError, GameError) as exc:
            self.say(tr("lab.not_saved", path=shown_path(path), problem=getattr(exc, "strerror", None) or str(exc)),
                     bad=True)
            return None
        self.saved = path
        self.say(tr("lab.saved", path=shown_path(path)))
        return path

    def load(self, path) -> bool:
        """Fill the form from a ruleset file; a bad file is said in red (its line and rule id)."""
        from game.core.errors import GameError
        try:
            values = _lab().load_values(path, self.game)
        except GameError as exc:
            self.say(str(exc), bad=True)
            return False
        self.values, self.preset, self.saved, self.path = values, None, path, path
        self.recheck()
        if self.problem is None:
            self.say(tr("lab.loaded", path=shown_path(path)))
        return True

    def open_files(self) -> None:
        self.screen.push_modal(LabFiles(self))

    # --- painting: the side panel ----------------------------------------------------------------
    def hud_key(self):
        return (super().hud_key(), self.problem, tuple(self.changes()), self.saved, self.players, self.level)

    def paint(self, screen, cv) -> None:
        super().paint(screen, cv)
        if self.covered(screen) or not getattr(self, "_boxes", None):
            return
        s = cv.scale
        right = max(bx + bw for bx, _by, bw, _bh in self._boxes.values()) + 20 * s
        x, w = right + 14 * s, cv.width - right - 28 * s
        if w < 200 * s:
            return
        top, bottom = cv.height - 20 * s, 20 * s
        old = cv.layer
        cv.layer = LAYER
        cv.rect(x, bottom, w, top - bottom, WOOD, border=WOOD_EDGE, border_w=2)
        px, pw = x + 10 * s, w - 20 * s
        cv.rect(px, bottom + 10 * s, pw, top - bottom - 20 * s, PAPER, border=PAPER_EDGE)
        yy = top - 34 * s
        ok = self.problem is None
        cv.text(tr("lab.check_ok") if ok else tr("lab.check_bad"), px + 12 * s, yy, 12,
                (30, 110, 40, 255) if ok else RED, bold=True)
        if not ok:
            for line in wrap_lines(self.problem, pw - 24 * s, 10 * s)[:5]:
                yy -= 16 * s
                cv.text(line, px + 12 * s, yy, 10, RED)
        yy -= 28 * s
        changes = self.changes()
        cv.text(tr("lab.changes", n=len(changes)), px + 12 * s, yy, 11.5, INK, bold=True)
        lab = _lab()
        room = int((yy - bottom - 90 * s) // (16 * s))
        for i, (k, default, value) in enumerate(changes):
            if i >= room:
                cv.text(tr("lab.more", n=len(changes) - i), px + 18 * s, yy - 16 * s, 10, GREY)
                break
            yy -= 16 * s
            line = f"{k}: {_short(lab.value_text(default), 14)} → {_short(lab.value_text(value), 14)}"
            cv.text(fit_text(line, pw - 30 * s, 10 * s), px + 18 * s, yy, 10, INK)
        if not changes:
            yy -= 16 * s
            cv.text(tr("lab.no_changes"), px + 18 * s, yy, 10, GREY)
        it = self.focused()
        f = self.by_key.get(it.id[4:]) if it is not None and it.id.startswith("key.") else None
        if f is not None and yy - bottom > 170 * s:  # the focused key, in full
            yy -= 30 * s
            cv.text(f.key, px + 12 * s, yy, 11.5, INK, bold=True)
            detail = [f.meaning, tr("lab.key_range", allowed=self._allowed_text(f, 60)),
                      tr("lab.key_default", default=_short(lab.value_text(f.default), 60))]
            for para in detail:
                for line in wrap_lines(para, pw - 30 * s, 10 * s)[:3]:
                    yy -= 16 * s
                    cv.text(line, px + 18 * s, yy, 10, INK)
        foot = bottom + 22 * s
        run = tr("lab.run_line", players=self.players, level=tr(f"event.level.{self.level}"), games=self.games or "–")
        cv.text(fit_text(run, pw - 24 * s, 9.5 * s), px + 12 * s, foot + 34 * s, 9.5, INK)
        where = tr("lab.saved_at") if self.saved else tr("lab.not_saved_yet")
        cv.text(where, px + 12 * s, foot + 16 * s, 9, GREY)
        if self.saved:
            cv.text(fit_text(shown_path(self.saved, 200), pw - 24 * s, 9 * s, keep_end=True), px + 12 * s, foot + 3 * s,
                    9, GREY)
        cv.layer = old


class LabWatch(Modal):
    """A bar over the table while bots play the lab's rules; Esc (or the bar's button) goes back
    to the form, edits kept.  The table underneath gets every other input (camera, speed keys)."""

    hides_hud = False

    def __init__(self, lab, on_back):
        self.lab = lab
        self.on_back = on_back
        self._box = None

    def hud_key(self):
        return ("lab-watch", language(), self.lab.level, self.lab.players)

    def text(self) -> str:
        return tr("lab.watching", level=tr(f"event.level.{self.lab.level}"), n=len(self.lab.settings()))

    def paint(self, screen, cv) -> None:
        s = cv.scale
        old = cv.layer
        cv.layer = LAYER
        label = self.text()
        bw = text_width(tr("lab.back_to_lab"), 10.5 * s) + 28 * s
        w = min(cv.width - 20 * s, text_width(label, 10.5 * s) + bw + 48 * s)
        x, h = (cv.width - w) / 2, 34 * s
        y = cv.height - h - 54 * s  # under the table's top bar
        cv.panel(x, y, w, h, color=(26, 22, 18, 236), edge=GOLD)
        cv.text(fit_text(label, w - bw - 40 * s, 10.5 * s), x + 14 * s, y + h / 2, 10.5, SOFT, anchor_y="center")
        cv.button(x + w - bw - 8 * s, y + 5 * s, bw, h - 10 * s, tr("lab.back_to_lab"), ("lab-back",), size=10.5)
        cv.layer = old

    def on_key_press(self, screen, symbol, modifiers) -> bool:
        if symbol == key.ESCAPE:
            self.on_back()
            return True
        return False

    def on_mouse_press(self, screen, x, y, button, modifiers) -> bool:
        r = screen.canvas.hit(x, y) if screen.canvas is not None else None
        if button == mouse.LEFT and r is not None and r.key == ("lab-back",):
            self.on_back()
            return True
        return False


class LabBalance(Modal):
    """A quick balance: its progress bar and Cancel while it runs, then pages of results (the
    summary, then each plot of the report), Left/Right or the tabs to turn them; Esc goes back
    to the form (the run goes on; "Results" in the form shows it again)."""

    blocking = True
    pauses = True

    def __init__(self, lab, run):
        self.lab = lab
        self.run = run
        self.page = 0
        self.screen = None
        self._state = None

    # --- state -----------------------------------------------------------------------------------
    def state(self) -> str:
        """``running``, ``done``, ``cancelled`` or ``failed``."""
        if not self.run.done():
            return "running"
        if self.run.error is not None:
            return "failed"
        return "cancelled" if self.run.cancelled else "done"

    def pages(self) -> list:
        """``[(title, plot name or None)]``: the summary, then the plots."""
        if self.state() != "done":
            return []
        return [(tr("lab.page.summary"), None)] + [(plot_title(n), n) for n in self.run.plots]

    def turn(self, delta) -> None:
        n = len(self.pages())
        if n:
            self.page = (self.page + delta) % n

    def cancel(self) -> None:
        self.run.cancel()

    def close(self) -> None:
        if self.screen is not None:
            self.screen.pop_modal(self)

    # --- Modal protocol --------------------------------------------------------------------------
    def hud_key(self):
        return ("lab-balance", language(), self.run.progress(), self.state(), self.page,
                self.run.cancelling)

    def update(self, screen, dt) -> None:
        self.screen = screen

    def on_key_press(self, screen, symbol, modifiers) -> bool:
        self.screen = screen
        if symbol in (key.ESCAPE, key.BACKSPACE):
            self.close()
        elif symbol in (key.LEFT, key.RIGHT, key.PAGEUP, key.PAGEDOWN):
            self.turn(-1 if symbol in (key.LEFT, key.PAGEUP) else 1)
        elif symbol == key.C and self.state() == "running":
            self.cancel()
        return True

    def on_text(self, screen, text) -> bool:
        return True

    def on_text_motion(self, screen, motion) -> bool:
        return True

    def on_mouse_press(self, screen, x, y, button, modifiers) -> bool:
        self.screen = screen
        if button == mouse.RIGHT:
            self.close()
            return True
        r = screen.canvas.hit(x, y) if screen.canvas is not None else None
        if button != mouse.LEFT or r is None or not isinstance(r.key, tuple) or r.key[:1] != ("lab-balance",):
            return True
        what = r.key[1]
        if what == "cancel":
            self.cancel()
        elif what == "back":
            self.close()
        elif what == "prev":
            self.turn(-1)
        elif what == "next":
            self.turn(1)
        elif what == "tab":
            self.page = r.key[2]
        return True

    def on_mouse_release(self, screen, x, y, button, modifiers) -> bool:
        return True

    def on_mouse_motion(self, screen, x, y, dx, dy) -> bool:
        return True

    def on_mouse_drag(self, screen, x, y, dx, dy, buttons, modifiers) -> bool:
        return True

    def on_mouse_scroll(self, screen, x, y, scroll_x, scroll_y) -> bool:
        self.turn(-1 if scroll_y > 0 else 1)
        return True

    # --- painting --------------------------------------------------------------------------------
    def paint(self, screen, cv) -> None:
        self.screen = screen
        s = cv.scale
        old = cv.layer
        cv.layer = LAYER + 1
        m = 14 * s
        x, y, w, h = m, m, cv.width - 2 * m, cv.height - 2 * m
        cv.rect(0, 0, cv.width, cv.height, (0, 0, 0, 120))
        cv.rect(x, y, w, h, WOOD, border=WOOD_EDGE, border_w=2)
        config = self.run.config
        cv.text(tr("lab.balance_title", game=self.lab.game_title()), x + w / 2, y + h - 22 * s, 15, HEAD,
                anchor_x="center", anchor_y="center", bold=True)
        level = tr(f"event.level.{config.bots[0]}")
        sims = tr("lab.sims_n", n=config.simulations) if config.simulations else ""
        sub = tr("lab.balance_sub", games=config.games, players=config.players, level=level, sims=sims,
                 ruleset=_short(config.arms[0].label, 60))
        cv.text(fit_text(sub, w - 40 * s, 9.5 * s), x + w / 2, y + h - 42 * s, 9.5, SOFT, anchor_x="center",
                anchor_y="center")
        px, py, pw, ph = x + 10 * s, y + 48 * s, w - 20 * s, h - 104 * s
        cv.rect(px, py, pw, ph, PAPER, border=PAPER_EDGE)
        state = self.state()
        bw, bh = 150 * s, 28 * s
        if state == "running":
            self._paint_progress(cv, px, py, pw, ph)
            cv.button(x + w - bw - 12 * s, y + 12 * s, bw, bh, tr("lab.cancel"), ("lab-balance", "cancel"),
                      enabled=not self.run.cancelling)
        else:
            if state == "done":
                self._paint_pages(cv, px, py, pw, ph)
                cv.button(x + 12 * s, y + 12 * s, 44 * s, bh, "◀", ("lab-balance", "prev"))
                cv.button(x + 62 * s, y + 12 * s, 44 * s, bh, "▶", ("lab-balance", "next"))
                cv.text(f"{self.page + 1} / {len(self.pages())}", x + 116 * s, y + 12 * s + bh / 2, 10.5, SOFT,
                        anchor_y="center")
            else:
                text = (tr("lab.cancelled", done=self.run.progress()[0], total=self.run.progress()[1],
                           folder=shown_path(self.run.folder)) if state == "cancelled"
                        else tr("lab.failed", problem=self.run.error))
                yy = py + ph - 40 * s
                for line in wrap_lines(text, pw - 40 * s, 11 * s)[:8]:
                    cv.text(line, px + 20 * s, yy, 11, RED if state == "failed" else INK)
                    yy -= 18 * s
            cv.button(x + w - bw - 12 * s, y + 12 * s, bw, bh, tr("lab.back_to_lab"), ("lab-balance", "back"))
        hint = tr("lab.balance_keys" if state == "running" else "lab.pages_keys")
        cv.text(fit_text(hint, w - 2 * bw - 80 * s, 8.5 * s), x + w / 2, y + 12 * s + bh / 2, 8.5,
                (214, 196, 160, 255), anchor_x="center", anchor_y="center")
        cv.layer = old

    def _paint_progress(self, cv, px, py, pw, ph) -> None:
        s = cv.scale
        done, total = self.run.progress()
        frac = done / total if total else 0.0
        bx, bw, bh = px + 40 * s, pw - 80 * s, 26 * s
        by = py + ph / 2 - bh / 2
        cv.text(tr("lab.running"), px + pw / 2, by + bh + 30 * s, 13, INK, anchor_x="center", anchor_y="center",
                bold=True)
        cv.rect(bx, by, bw, bh, (255, 252, 240, 255), border=PAPER_EDGE, border_w=2)
        if frac > 0:
            cv.rect(bx + 3 * s, by + 3 * s, max(1.0, (bw - 6 * s) * frac), bh - 6 * s, (190, 120, 30, 255))
        cv.text(tr("lab.progress", done=done, total=total or "…", pct=f"{frac:.0%}"), px + pw / 2, by - 20 * s, 11,
                INK, anchor_x="center", anchor_y="center")
        if self.run.cancelling:
            cv.text(tr("lab.cancelling"), px + pw / 2, by - 44 * s, 10.5, RED, anchor_x="center", anchor_y="center")
        folder = fit_text(shown_path(self.run.folder, 200), pw * 0.8, 9 * s, keep_end=True)
        cv.text(tr("lab.folder", folder=folder), px + pw / 2, py + 16 * s, 9, GREY, anchor_x="center",
                anchor_y="center")

    def _paint_pages(self, cv, px, py, pw, ph) -> None:
        s = cv.scale
        pages = self.pages()
        self.page = min(self.page, len(pages) - 1)
        # the tabs: as many as fit, the current one always among them
        tx, th = px + 8 * s, 24 * s
        ty = py + ph - th - 6 * s
        widths = [min(text_width(t, 9.5 * s) + 18 * s, 170 * s) for t, _ in pages]
        first = 0
        while sum(widths[first:self.page + 1]) + 4 * s * (self.page - first) > pw - 16 * s and first < self.page:
            first += 1
        for i in range(first, len(pages)):
            if tx + widths[i] > px + pw - 8 * s:
                break
            on = i == self.page
            cv.rect(tx, ty, widths[i], th, (252, 242, 214, 255) if on else (214, 200, 170, 255),
                    border=(190, 120, 30, 255) if on else PAPER_EDGE, border_w=2 if on else 1)
            cv.text(fit_text(pages[i][0], widths[i] - 12 * s, 9.5 * s), tx + widths[i] / 2, ty + th / 2, 9.5, INK,
                    anchor_x="center", anchor_y="center", bold=on)
            cv.region(tx, ty, widths[i], th, ("lab-balance", "tab", i))
            tx += widths[i] + 4 * s
        area_top = ty - 8 * s
        title, plot = pages[self.page]
        if plot is None:
            yy = self._paint_summary(cv, px, py, pw, area_top)
            first = next(iter(self.run.plots), None)
            if first is not None and yy - py - 30 * s > 150 * s:  # the win rates under the summary
                self._paint_plot(cv, self.run.plots[first], px, py + 26 * s, pw, yy - 8 * s - (py + 26 * s))
            report = fit_text(shown_path(os.path.join(self.run.folder, "report.html"), 200), pw * 0.8, 9 * s,
                              keep_end=True)
            cv.text(tr("lab.report_at", path=report), px + 20 * s, py + 12 * s, 9, GREY)
        else:
            self._paint_plot(cv, self.run.plots[plot], px, py + 6 * s, pw, area_top - py - 12 * s)

    def _paint_summary(self, cv, px, py, pw, top) -> float:
        """The summary's lines from ``top`` down (its indented lines indented); returns the y below."""
        s = cv.scale
        lines = []
        for para in self.run.summary.splitlines():
            indent = para.startswith("  ")
            lines += [(indent, part) for part in wrap_lines(para, pw - 60 * s, 10.5 * s)]
        yy = top - 16 * s
        for indent, line in lines:
            if yy < py + 30 * s:
                cv.text("…", px + 20 * s, yy, 10.5, GREY)
                break
            ink = RED if "FLAG" in line else INK  # the skill gradient's flag
            cv.text(line, px + (36 if indent else 20) * s, yy, 10.5, ink, bold=not indent)
            yy -= 17 * s
        return yy + 6 * s

    @staticmethod
    def _paint_plot(cv, png, x, y, w, h) -> None:
        """A plot as large as fits the box, its proportions kept, centred."""
        s = cv.scale
        iw, ih = image_size(png)
        k = min((w - 24 * s) / iw, h / ih)
        if k <= 0:
            return
        dw, dh = iw * k, ih * k
        cv.image(png, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh)


class LabFiles(MenuModal):
    """Ruleset files to load into the form: those the New game dialog offers, and a typed path."""

    max_rows = 12
    width = 600
    max_width = 640

    def __init__(self, lab):
        from game.ui.menu_games import ruleset_files
        self.lab = lab
        self.typed = lab.saved or lab.path
        files = sorted(set(ruleset_files() + ([lab.saved] if lab.saved else [])))
        rows = [Item(f"file:{os.path.basename(p)}", (lambda p=p: _short(os.path.basename(p), 40)),
                     (lambda p=p: self.choose(p)), tip=p) for p in files]
        rows.append(Item("path", lambda: tr("lab.path"), self._open_typed,
                         edit=(lambda: self.typed, self._set_typed, None), tip=lambda: tr("lab.tip.path")))
        rows.append(Item("back", lambda: tr("menu.back"), self.close))
        super().__init__(lambda: tr("lab.load"), rows, on_back=self.close,
                         body=[] if files else [tr("lab.no_files")])

    def _set_typed(self, text) -> None:
        self.typed = text

    def _open_typed(self) -> None:
        self.choose(os.path.expanduser(self.typed.strip()))

    def choose(self, path) -> None:
        if self.lab.load(path):
            self.close()
        else:
            self.say(self.lab.message, bad=True)
