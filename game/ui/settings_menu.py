"""The Settings menu, and :func:`apply_settings`, which makes each setting take effect at once.

Every field of :class:`game.settings.Settings` is one row, changed with Left/Right (or the row's
arrow buttons, or Enter / a click on the row, which steps forward); each change is saved to the
TOML file straight away and applied to the running screen.
"""

from __future__ import annotations

from dataclasses import fields, replace

from game.i18n import set_language, tr
from game.settings import Settings, save_settings
from game.ui.menu_widget import Item, MenuModal

#: The values the menu steps through, per numeric setting (inside ``game.settings.CHOICES``).
STEPS = {
    "ui_scale": (0.75, 0.875, 1.0, 1.125, 1.25, 1.5, 1.75, 2.0),
    "animation_speed": (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0, 4.0),
    "bot_delay": (0.0, 0.2, 0.4, 0.6, 0.8, 1.0, 1.5, 2.0, 3.0, 5.0),
}


def choices(name: str) -> tuple:
    """Every value the menu offers for the setting ``name``, in order."""
    from game.settings import CHOICES
    if name in STEPS:
        return STEPS[name]
    return tuple(CHOICES[name][0])


def step_value(name: str, current, delta: int):
    """The value ``delta`` steps from ``current`` (clamped at the ends; wraps for on/off and lists)."""
    values = choices(name)
    if current in values:
        i = values.index(current)
    else:  # a hand-edited number between two steps: start from the nearest
        i = min(range(len(values)), key=lambda k: abs(values[k] - current))
    if name in STEPS:
        return values[max(0, min(len(values) - 1, i + delta))]
    return values[(i + delta) % len(values)]


def value_text(name: str, value) -> str:
    """How the menu shows a setting's value, in the language in use."""
    if isinstance(value, bool):
        return tr("menu.on") if value else tr("menu.off")
    if name == "language":
        return tr(f"menu.language.{value}")
    if name == "msaa":
        return tr("menu.off") if value == 0 else f"{value}×"
    if name == "bot_delay":
        return tr("menu.seconds", n=f"{value:g}")
    if name in ("ui_scale", "animation_speed"):
        return f"{value:g}×"
    return str(value)


def apply_settings(screen, settings: Settings, *, lang: str | None = None) -> None:
    """Make every setting take effect on ``screen`` now.

    Colour-blind palette (``game.render.palette.use_palette``; the table and HUD are redrawn),
    language (``game.i18n.set_language``; ``lang`` overrides the setting, e.g. ``--lang``; the
    screen repaints and its log is worded again), UI scale (times the window's HUD scale), MSAA,
    animation speed (``screen.speed``), bot delay (``screen.delay``) and full screen
    (``window.set_fullscreen``).  ``screen`` may be None: only what needs no window is applied.
    """
    from game.render.palette import use_palette
    from game.render.hud import set_ui_scale
    use_palette("colour-blind" if settings.colour_blind else "standard")
    chosen = lang or (None if settings.language == "auto" else settings.language)
    set_language(chosen)
    set_ui_scale(settings.ui_scale)
    if screen is None:
        return
    screen.speed = float(settings.animation_speed)
    screen.delay = float(settings.bot_delay)
    screen.set_msaa(settings.msaa)
    if bool(screen.window.fullscreen) != bool(settings.fullscreen):
        screen.window.set_fullscreen(bool(settings.fullscreen))
    screen.look_version += 1
    screen.scene_version += 1  # the table's static layer holds the seat colours: rebuild it
    screen._rebuild_log()
    if screen.anim is None and screen.curtain is None:
        screen.camera.snap(screen.home_pose(screen.shown_seat))  # the frame round the table changed


class SettingsMenu(MenuModal):
    """Every setting on one row; changes are saved and applied at once.

    ``holder`` is any object with a ``settings`` attribute (the app); it is updated in place so
    the rest of the program sees the new values.  ``path``: the settings file (None: the user's).
    """

    def __init__(self, holder, on_close=None, path=None):
        self.holder = holder
        self.path = path
        self._on_close = on_close
        rows = [self._row(f.name) for f in fields(Settings)]
        rows.append(Item("back", lambda: tr("menu.back"), self.done))
        super().__init__(lambda: tr("menu.settings"), rows, on_back=self.done)

    def _row(self, name):
        return Item(name, lambda: tr(f"menu.setting.{name}"), None,
                    value=lambda: value_text(name, getattr(self.holder.settings, name)),
                    change=lambda delta: self.set(name, step_value(name, getattr(self.holder.settings, name),
                                                                   delta)),
                    tip=lambda: tr(f"menu.setting_tip.{name}"))

    def set(self, name, value) -> None:
        """Change one setting: save the file, apply everything to the screen."""
        new = replace(self.holder.settings, **{name: value})
        if new == self.holder.settings:
            return
        self.holder.settings = new
        if name == "language" and hasattr(self.holder, "lang"):
            self.holder.lang = None  # the player's choice now wins over --lang
        try:
            save_settings(new, self.path)
        except OSError as exc:
            self.say(tr("menu.settings_not_saved", problem=exc.strerror or str(exc)), bad=True)
        apply_settings(self.screen, new, lang=getattr(self.holder, "lang", None))

    def done(self) -> None:
        self.close()
        if self._on_close is not None:
            self._on_close()
