"""The program's menus: the start menu, the New game dialog, the list of saves and the Esc menu.

Each is a :class:`game.ui.menu_widget.MenuModal` (keyboard: Up/Down, Enter, Left/Right, Esc or
Backspace; mouse: hover and click) that calls back into the app shell
(:class:`game.ui.menu_shell.Shell`) for what it does.  The start menu is a blocking layer over a
bot-against-bot demo game that plays on behind it while the camera orbits slowly.
"""

from __future__ import annotations

from game.i18n import tr
from game.ui.menu_widget import Item, MenuModal, MessageBox, wrap

__all__ = ["StartMenu", "EscMenu", "NewGameDialog", "SavesList", "MessageBox", "MenuModal", "Item"]


class StartMenu(MenuModal):
    """New game, Tutorial, Continue (greyed without an autosave), Load, Replays, Settings, Rules,
    Rules lab, Quit."""

    hides_hud = True
    pauses = False  # the demo game plays on behind it
    align = "left"
    #: the camera's slow orbit round the demo table (degrees a second)
    ORBIT_DEG_PER_S = 4.0
    #: seconds a finished demo game stays on the table before the next one starts
    DEMO_REST_S = 5.0

    def __init__(self, shell):
        self.shell = shell
        self._over_since = None
        items = [
            Item("new_game", lambda: tr("menu.new_game"), shell.open_new_game,
                 tip=lambda: tr("menu.tip.new_game")),
            Item("tutorial", lambda: tr("menu.tutorial"), shell.open_tutorial, tip=lambda: tr("menu.tip.tutorial")),
            Item("continue", lambda: tr("menu.continue"), shell.continue_game, enabled=lambda: shell.can_continue,
                 tip=lambda: tr("menu.tip.continue")),
            Item("load", lambda: tr("menu.load"), shell.open_load, tip=lambda: tr("menu.tip.load")),
            Item("replays", lambda: tr("menu.replays"), shell.open_replays, tip=lambda: tr("menu.tip.replays")),
            Item("settings", lambda: tr("menu.settings"), shell.open_settings, tip=lambda: tr("menu.tip.settings")),
            Item("rules", lambda: tr("menu.rules"), shell.open_rules, tip=lambda: tr("menu.tip.rules")),
            Item("rules_lab", lambda: tr("menu.rules_lab"), shell.open_rules_lab, tip=lambda: tr("menu.tip.rules_lab")),
            Item("quit", lambda: tr("menu.quit"), shell.quit, tip=lambda: tr("menu.tip.quit")),
        ]
        super().__init__(lambda: tr("app.title"), items, subtitle=lambda: tr("app.subtitle"))

    def update(self, screen, dt) -> None:
        super().update(screen, dt)
        screen.camera.orbit(self.ORBIT_DEG_PER_S * min(dt, 0.1), 0.0)
        if screen.ctl.is_over() and screen.anim is None:
            if self._over_since is None:
                self._over_since = screen.clock
            elif screen.clock - self._over_since > self.DEMO_REST_S:
                self._over_since = None
                self.shell.next_demo()
        else:
            self._over_since = None


class EscMenu(MenuModal):
    """In a game: Resume, Save, Settings, Rules, Quit to menu (Esc again resumes)."""

    pauses = True

    def __init__(self, shell):
        self.shell = shell
        items = [
            Item("resume", lambda: tr("menu.resume"), self.close),
            Item("save", lambda: tr("menu.save"), shell.save_game, enabled=shell.can_save,
                 tip=lambda: tr("menu.tip.save")),
            Item("settings", lambda: tr("menu.settings"), shell.open_settings),
            Item("rules", lambda: tr("menu.rules"), shell.open_rules),
            Item("quit_to_menu", lambda: tr("menu.quit_to_menu"), shell.quit_to_menu,
                 tip=lambda: tr("menu.tip.quit_to_menu")),
        ]
        super().__init__(lambda: tr("menu.paused"), items, on_back=self.close)


def _seat_kind_label(kind: str) -> str:
    if kind == "human":
        return tr("seat.human")
    if kind == "bot":
        return tr("menu.seat_demo")
    return tr(f"bot.{kind}")


def _seat_label(seat: str, i: int) -> str:
    """A seat row's name: the seat's own (``seat.S``: South), else "Player 2"."""
    key = f"seat.{seat}"
    text = tr(key)
    return tr("menu.seat_n", n=i + 1) if text == key else text


def variant_label(name: str) -> str:
    """A variant's name for people (the key ``menu.variant.<name>``, else the name itself)."""
    key = "menu.variant." + name.replace("-", "_")
    text = tr(key)
    return name if text == key else text


def seat_kind_choices() -> tuple:
    """What a seat may be: a person, then the bot levels (the demo player while none exist)."""
    from game.ui.seats import DEMO, HUMAN, ai_levels
    levels = ai_levels()
    return (HUMAN,) + (tuple(levels) if levels else (DEMO,))


def random_seed() -> int:
    """A fresh game seed for the dialog (from the OS; the game's own randomness follows from it)."""
    import secrets  # here: the start menu's first frame does not need it
    return secrets.randbelow(1_000_000)


def game_title(info) -> str:
    """A game's name in the current language (``GameInfo.title_key``), marked when not playable."""
    title = tr(info.title_key)
    return title if info.playable else tr("menu.game_not_playable", title=title)


def game_tip(info) -> str:
    """A game's one-line description and its player counts, for the Game row's tip."""
    counts = "–".join(str(n) for n in (min(info.players), max(info.players))) if len(info.players) > 1 \
        else str(info.players[0])
    return f"{tr(info.blurb_key)} ({tr('menu.game_players', players=counts)})"


class NewGameDialog(MenuModal):
    """The game, players, each seat a person or a bot level, variants, a ruleset file and the seed."""

    max_rows = 15
    width = 560

    def __init__(self, shell, on_back=None):
        self.shell = shell
        spec = shell.spec
        self.spec = spec
        self.games = list(shell.games())
        self.game = spec.name if any(g.name == spec.name for g in self.games) else \
            (self.games[0].name if self.games else spec.name)
        self.players = spec.default_players
        kinds = seat_kind_choices()
        bot = "easy" if "easy" in kinds else kinds[-1]
        self.kinds = ["human"] + [bot] * 3
        self.variants = []
        self.ruleset = ""
        self.seed = str(random_seed())
        self._seats_for = {}
        super().__init__(lambda: tr("menu.new_game"), [], on_back=on_back or self.close)
        self._rebuild()
        self.focus_on("players")  # the game row is one Up away; the keys of a Trench game stay as they were

    def seats(self) -> tuple:
        """The seat names of a game of ``self.players`` (South first)."""
        n = self.players
        if n not in self._seats_for:
            spec = self.spec
            self._seats_for[n] = tuple(spec.seats(spec.new_game(n, 0, spec.make_ruleset([], []))))
        return self._seats_for[n]

    def info(self):
        """The chosen game's :class:`game.ui.table.GameInfo` (None when the shell lists no games)."""
        return next((g for g in self.games if g.name == self.game), None)

    def _rebuild(self) -> None:
        spec = self.spec
        rows = []
        if self.games:
            rows.append(Item("game", lambda: tr("menu.game"), None, value=lambda: game_title(self.info()),
                             change=self._change_game, tip=lambda: game_tip(self.info())))
        rows.append(Item("players", lambda: tr("menu.players"), None, value=lambda: str(self.players),
                         change=self._change_players, tip=lambda: tr("menu.tip.players")))
        for i, seat in enumerate(self.seats()):
            rows.append(Item(f"seat.{seat}", lambda seat=seat, i=i: _seat_label(seat, i), None,
                             value=lambda i=i: _seat_kind_label(self.kinds[i]),
                             change=lambda d, i=i: self._change_kind(i, d), tip=lambda: tr("menu.tip.seat")))
        for name in spec.extras.get("variants", ()):
            rows.append(Item(f"variant.{name}", lambda name=name: tr("menu.variant", name=variant_label(name)),
                             None, value=lambda name=name: tr("menu.on") if name in self.variants else tr("menu.off"),
                             change=lambda d, name=name: self._toggle_variant(name),
                             tip=lambda name=name: self._variant_tip(name)))
        rows.append(Item("ruleset", lambda: tr("menu.ruleset"), None,
                         edit=(lambda: self.ruleset, self._set_ruleset, None),
                         change=self._cycle_ruleset, tip=lambda: self._ruleset_tip()))
        rows.append(Item("seed", lambda: tr("menu.seed"), None,
                         edit=(lambda: self.seed, self._set_seed, str.isdigit),
                         change=lambda d: self._set_seed(str(random_seed())), tip=lambda: tr("menu.tip.seed")))
        rows.append(Item("start", lambda: tr("menu.start"), self.start))
        rows.append(Item("back", lambda: tr("menu.back"), self.back))
        focus_id = self.focused().id if self.focused() is not None else None
        self.set_items(rows)
        if focus_id:
            self.focus_on(focus_id)

    # --- changes ------------------------------------------------------------------------------------
    def _change_game(self, delta) -> None:
        """The next or previous game on the table: its default players, no variants."""
        names = [g.name for g in self.games]
        i = names.index(self.game) if self.game in names else 0
        self.game = names[(i + delta) % len(names)]
        from game.core.registry import get_game
        self.spec = get_game(self.game)
        self.players = self.spec.default_players
        self.variants = []
        self._seats_for = {}
        self.say("")
        self._rebuild()

    def _change_players(self, delta) -> None:
        allowed = tuple(self.spec.players)
        i = allowed.index(self.players) if self.players in allowed else 0
        self.players = allowed[max(0, min(len(allowed) - 1, i + delta))]
        self._rebuild()

    def _change_kind(self, i, delta) -> None:
        kinds = seat_kind_choices()
        cur = kinds.index(self.kinds[i]) if self.kinds[i] in kinds else 0
        self.kinds[i] = kinds[(cur + delta) % len(kinds)]

    def _toggle_variant(self, name) -> None:
        if name in self.variants:
            self.variants.remove(name)
        else:
            self.variants.append(name)

    def _variant_tip(self, name) -> str:
        key = "menu.variant_tip." + name.replace("-", "_")
        text = tr(key)
        return "" if text == key else text

    def _set_seed(self, text) -> None:
        self.seed = text[:19]

    def _set_ruleset(self, text) -> None:
        self.ruleset = text

    def _cycle_ruleset(self, delta) -> None:
        files = [""] + self.shell.ruleset_files()
        cur = files.index(self.ruleset) if self.ruleset in files else 0
        self.ruleset = files[(cur + delta) % len(files)]

    def _ruleset_tip(self) -> str:
        if not self.ruleset:
            return tr("menu.tip.ruleset")
        return self.ruleset

    # --- start ------------------------------------------------------------------------------------------
    def seat_kinds(self) -> list:
        return list(self.kinds[:self.players])

    def start(self) -> None:
        """Start the game as set; a problem (a bad seed, ruleset file or combination) is said in red."""
        if not self.seed:
            self._set_seed(str(random_seed()))
        info = self.info()
        if info is not None and not info.playable:
            self.say(tr("menu.not_playable", title=tr(info.title_key)), bad=True)
            return
        problem = self.shell.start_new_game(self.seat_kinds(), int(self.seed), self.ruleset.strip(),
                                            list(self.variants), game=self.spec.name)
        if problem:
            self.say(problem, bad=True)


class SavesList(MenuModal):
    """The saved games (the autosave too), newest first; choosing one calls ``on_choose(path)``.
    Damaged files are listed greyed with the problem as their tip."""

    max_rows = 9
    width = 620

    def __init__(self, title, infos, on_choose, on_back=None):
        rows = []
        for k, info in enumerate(infos):
            bad = info.damaged is not None
            rows.append(Item(f"save.{k}", info.title, (lambda p=info.path: on_choose(p)),
                             enabled=not bad, value=getattr(info, "value_text", info.when_text), tip=info.detail))
        rows.append(Item("back", lambda: tr("menu.back"), self.back))
        body = [] if infos else [tr("menu.no_saves")]
        super().__init__(title, rows, on_back=on_back or self.close, body=body)
        self.infos = list(infos)


def message(title, text, width_px=380, size=10.5, on_close=None) -> MessageBox:
    """A :class:`MessageBox` whose text is wrapped to the box."""
    return MessageBox(title, wrap(text, width_px, size), on_close=on_close)
