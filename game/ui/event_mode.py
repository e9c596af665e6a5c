"""Event mode (``trench-war --event``): the table running all day at a stand.

A title card, then an attract loop of bot games at a watchable pace with a slowly orbiting
camera and short captions of key moments, a result screen that explains each ending, then the
next game.  Any key or click offers a quick game: one person (South) against a bot (easy or
normal) with a hint for every decision; a minute without input goes back to the attract loop.

Everything happens on the one :class:`~game.ui.screen.GameScreen` of the program: each game is
put on it with ``screen.set_controller``; the layer over the table is one
:class:`EventMode` modal.  Nothing grows with time: the captions are a bounded feed, the only
``screen.on_step`` hook is added once, and a controller's steps belong to its game alone.

Captions read only the spectator's redacted events (the table's ``captions``), so no caption
depends on a secret, not even during the quick game.

    from game.ui.event_mode import start_event_mode
    mode = start_event_mode(screen, make_controller, settings)   # make_controller(kinds, seed)
"""

from __future__ import annotations

import time

from game.i18n import tr
from game.render.camera import CameraPose
from game.ui.feed import CaptionFeed
from game.ui.modal import Modal
from game.ui.seats import SeatKind

#: The attract loop's bots (South, North) and the levels a visitor may play against.
ATTRACT_LEVELS = ("normal", "normal")
QUICK_LEVELS = ("easy", "normal")
#: Pace: seconds each bot decision stays on screen (at least), the camera's orbit, the cards.
BOT_DELAY = 1.0
ORBIT_DEG_PER_S = 4.0
TITLE_SECONDS = 7.0
RESULT_SECONDS = 14.0
IDLE_SECONDS = 60.0
#: After a new round's wind (day turns to night or back) the bots wait at least this long, so the
#: light never flickers however fast a round with nothing to do goes by.
ROUND_HOLD = 4.0
#: Seconds before the idle return when the quick game starts to warn about it.
IDLE_WARNING = 15.0

TITLE, ATTRACT, OFFER, QUICK, RESULT = "title", "attract", "offer", "quick", "result"

GOLD = (255, 214, 120, 255)
INK = (246, 240, 226, 255)
SOFT = (215, 205, 185, 255)
HINT_BG = (40, 34, 14, 235)


def default_make_controller(game: str = "trench-war"):
    """``make_controller(kinds, seed, game=...)`` for a game of the default ruleset (``game`` by
    default; the attract loop passes the game whose turn it is)."""
    from game.core.registry import get_game
    from game.ui.controller import make_controller

    def make(kinds, seed, game=game):
        spec = get_game(game)
        return make_controller(spec, list(kinds), seed, spec.make_ruleset([], []))
    return make


def start_event_mode(screen, make_controller=None, settings=None, **options) -> "EventMode":
    """Run the event mode on ``screen`` from now on; returns the :class:`EventMode` layer.

    ``make_controller(seat_kinds, seed)`` gives a new game's controller (``seat_kinds`` a list of
    :class:`game.ui.seats.SeatKind`, South first); None uses the default ruleset.  ``settings``
    (:class:`game.settings.Settings` or None) gives the animation speed and the bot delay (never
    under :data:`BOT_DELAY`: the bots must stay watchable).  ``options`` are
    :class:`EventMode`'s (``idle_seconds``, ``fast``, ``seed``, ...: the tests shorten them)."""
    tables = getattr(screen, "tables", None)
    if tables is not None and "games" not in options:
        options["games"] = [g.name for g in tables.games() if g.playable]
    mode = EventMode(make_controller or default_make_controller(), settings, **options)
    mode.attach(screen)
    return mode


class EventMode(Modal):
    """The event mode's state machine and its layer over the table."""

    def __init__(self, make_controller, settings=None, *, idle_seconds=IDLE_SECONDS,
                 title_seconds=TITLE_SECONDS, result_seconds=RESULT_SECONDS, fast=1.0, seed=None,
                 attract_levels=ATTRACT_LEVELS, orbit_deg_per_s=ORBIT_DEG_PER_S, games=()):
        """``games``: the playable games the attract loop takes turns between (more than one: each
        attract game is the next one's, and ``make_controller`` gets ``game=NAME``)."""
        self.make_controller = make_controller
        self.game_names = list(games)
        self.idle_seconds = idle_seconds
        self.title_seconds = title_seconds
        self.result_seconds = result_seconds
        self.fast = max(float(fast), 0.01)
        self.attract_levels = tuple(attract_levels)
        self.orbit_deg_per_s = orbit_deg_per_s
        delay = getattr(settings, "bot_delay", BOT_DELAY)
        self.bot_delay = max(float(delay), BOT_DELAY)
        self.anim_speed = float(getattr(settings, "animation_speed", 1.0) or 1.0)
        self.seed = int(time.time()) if seed is None else int(seed)
        self.screen = None
        self.phase = TITLE
        self.t = 0.0  # seconds in event mode (sum of frame times)
        self.since = 0.0  # when the phase began
        self.last_input = 0.0
        self.quick_game = False  # the game on the table is a visitor's
        self.offer_focus = 0
        self.offer_game = 0  # which playable game the visitor's quick game is (Up/Down, or its button)
        self.feed = CaptionFeed(limit=3, seconds=6.0)
        self.games = 0  # games started (attract and quick)
        self.games_started = 0  # attract games started (whose turn it is)
        self.hint = None
        self.hold_until = 0.0  # bots and chance wait until then (after a round's wind)

    # --- life cycle -----------------------------------------------------------------------------
    def attach(self, screen) -> None:
        """Take over ``screen``: push this layer, hook the captions, start the first attract game."""
        self.screen = screen
        if self._on_step not in screen.on_step:
            screen.on_step.append(self._on_step)
        if self not in screen.modals:
            screen.push_modal(self)
        self._attract_game()
        self._enter(TITLE)

    def stop(self) -> None:
        """Leave the event mode (the game on the table stays)."""
        if self.screen is None:
            return
        if self._on_step in self.screen.on_step:
            self.screen.on_step.remove(self._on_step)
        self.screen.pop_modal(self)
        self.screen = None

    @property
    def pauses(self):
        # the bots of the attract loop wait a moment after each new round's wind
        return not self.quick_game and self.t < self.hold_until

    @property
    def blocking(self):
        # the table takes input only in a visitor's game
        return self.phase != QUICK

    def _next_seed(self) -> int:
        self.seed += 1
        return self.seed

    def attract_game_name(self):
        """The game of the next attract game (None: the maker's own), in turns."""
        if len(self.game_names) < 2:
            return None
        return self.game_names[self.games_started % len(self.game_names)]

    def _new_game(self, kinds, game=None) -> None:
        s = self.screen
        if game is None:
            s.set_controller(self.make_controller(kinds, self._next_seed()))
        else:
            s.set_controller(self.make_controller(kinds, self._next_seed(), game=game))
        self.games += 1
        s.paused = s.step_once = False
        s.show_help = False
        s.follow = False
        self.feed.clear()
        self.hold_until = 0.0

    def _attract_game(self) -> None:
        self.quick_game = False
        game = self.attract_game_name()
        self.games_started += 1
        kinds = [SeatKind(level) for level in self.attract_levels]
        if game is not None:
            from game.core.registry import get_game
            n = get_game(game).default_players
            kinds = (kinds * n)[:n]
        self._new_game(kinds, game)
        s = self.screen
        s.delay = self.bot_delay
        s.speed = self.anim_speed * self.fast
        s.show_log = True
        s.camera.snap(CameraPose(azimuth=s.camera.goal.azimuth, elevation=46.0, distance=14.5,
                                 target=(0.0, 0.0, 0.6)))

    def offered_game(self):
        """The game the visitor's quick game will be (None: the maker's own, when only one is playable)."""
        if len(self.game_names) < 2:
            return None
        return self.game_names[self.offer_game % len(self.game_names)]

    def _quick_game(self, level: str) -> None:
        self.quick_game = True
        game = self.offered_game()
        kinds = [SeatKind("human"), SeatKind(level)]
        if game is not None:
            from game.core.registry import get_game
            n = get_game(game).default_players
            kinds = [SeatKind("human")] + [SeatKind(level)] * (n - 1)
        self._new_game(kinds, game)
        s = self.screen
        s.delay = self.bot_delay
        s.speed = self.anim_speed
        s.show_log = True
        self.last_input = self.t

    def _enter(self, phase) -> None:
        self.phase = phase
        self.since = self.t
        if phase in (OFFER, QUICK):
            self.last_input = self.t

    # --- per frame -----------------------------------------------------------------------------------
    def update(self, screen, dt: float) -> None:
        self.t += dt
        self.feed.expire(self.t)
        over = screen.ctl.is_over() and screen.anim is None
        if self.phase in (TITLE, ATTRACT, OFFER, RESULT) and not self.quick_game:
            screen.camera.orbit(self.orbit_deg_per_s * min(dt, 0.1), 0.0)
        if self.phase == TITLE and self.t - self.since >= self.title_seconds:
            self._enter(ATTRACT)
        elif self.phase in (TITLE, ATTRACT) and over:
            self._enter(RESULT)
        elif self.phase == RESULT and self.t - self.since >= self.result_seconds:
            self._attract_game()
            self._enter(TITLE)
        elif self.phase == OFFER:
            if self.t - self.last_input >= self.idle_seconds:
                self._enter(TITLE if not over else RESULT)
        elif self.phase == QUICK:
            if self.t - self.last_input >= self.idle_seconds:
                self._attract_game()
                self._enter(TITLE)
            elif over:
                self._enter(RESULT)
        self.hint = screen.ui.event_hint(screen) if self.phase == QUICK else None

    # --- captions ------------------------------------------------------------------------------------
    def _on_step(self, step) -> None:
        """``screen.on_step`` hook: caption the step from the spectator's events only."""
        if self.screen is None:
            return
        events = self.screen.ctl.spec.redact_events(list(step.events), None)
        self.feed.add(self.screen.ui.captions(events), self.t)
        if any(e.kind == "wind" for e in events):
            self.hold_until = self.t + ROUND_HOLD / self.fast

    # --- input -----------------------------------------------------------------------------------------
    def _activity(self, screen) -> None:
        self.last_input = self.t

    def on_key_press(self, screen, symbol, modifiers) -> bool:
        from pyglet.window import key  # here: importing pyglet.window opens the display
        self._activity(screen)
        if self.phase == QUICK:
            return False
        if self.phase == OFFER:
            if symbol in (key.UP, key.DOWN) and len(self.game_names) > 1:
                self.offer_game = (self.offer_game + (-1 if symbol == key.UP else 1)) % len(self.game_names)
            elif symbol in (key.LEFT, key.UP, key.RIGHT, key.DOWN, key.TAB):
                step = -1 if symbol in (key.LEFT, key.UP) else 1
                self.offer_focus = (self.offer_focus + step) % len(QUICK_LEVELS)
            elif symbol in (key._1, key.NUM_1, key._2, key.NUM_2):
                self._quick_game(QUICK_LEVELS[0 if symbol in (key._1, key.NUM_1) else 1])
                self._enter(QUICK)
            elif symbol in (key.ENTER, key.RETURN, key.NUM_ENTER, key.SPACE):
                self._quick_game(QUICK_LEVELS[self.offer_focus])
                self._enter(QUICK)
            elif symbol in (key.ESCAPE, key.BACKSPACE):
                self._back_to_show(screen)
            return True
        if self.phase == RESULT and self.quick_game:
            self._attract_game()
            self._enter(TITLE)
            return True
        self._enter(OFFER)
        return True

    def _back_to_show(self, screen) -> None:
        if self.quick_game or screen.ctl.is_over():
            self._attract_game()
            self._enter(TITLE)
        else:
            self._enter(ATTRACT)

    def on_mouse_press(self, screen, x, y, button, modifiers) -> bool:
        from pyglet.window import key
        self._activity(screen)
        if self.phase == QUICK:
            return False
        if self.phase == OFFER:
            r = screen.canvas.hit(x, y) if screen.canvas is not None else None
            k = r.key if r is not None else None
            if k and k[0] == "event-level":
                self._quick_game(k[1])
                self._enter(QUICK)
            elif k == ("event-game",):
                self.offer_game = (self.offer_game + 1) % max(1, len(self.game_names))
            elif k == ("event-back",):
                self._back_to_show(screen)
            return True
        return self.on_key_press(screen, key.SPACE, 0)  # any click, as any key

    def on_mouse_motion(self, screen, x, y, dx, dy) -> bool:
        if self.phase in (QUICK, OFFER):
            self._activity(screen)
        return False

    def on_mouse_drag(self, screen, x, y, dx, dy, buttons, modifiers) -> bool:
        self._activity(screen)
        return self.phase != QUICK

    def on_mouse_scroll(self, screen, x, y, scroll_x, scroll_y) -> bool:
        self._activity(screen)
        return self.phase != QUICK

    def on_text(self, screen, text) -> bool:
        return self.phase != QUICK

    # --- painting ----------------------------------------------------------------------------------------
    def _countdown(self):
        if self.phase == RESULT:
            return max(0, int(self.result_seconds - (self.t - self.since) + 0.999))
        if self.phase in (QUICK, OFFER):
            left = self.idle_seconds - (self.t - self.last_input)
            if left <= min(IDLE_WARNING, self.idle_seconds / 2):
                return max(0, int(left + 0.999))
        return None

    def _picture_key(self, screen):
        return (self.phase, self.quick_game, self.feed.version, self.hint, self._countdown(), self.offer_focus,
                self.offer_game,
                screen.ctl.is_over() and screen.anim is None, self.games)

    def hud_key(self):
        return self._picture_key(self.screen) if self.screen is not None else None

    def paint(self, screen, cv) -> None:
        layer, cv.layer = cv.layer, 50
        try:
            if self.phase == TITLE:
                self._paint_title(screen, cv)
            elif self.phase == ATTRACT:
                self._paint_attract(screen, cv)
            elif self.phase == OFFER:
                self._paint_offer(screen, cv)
            elif self.phase == QUICK:
                self._paint_quick(screen, cv)
            elif self.phase == RESULT:
                self._paint_result(screen, cv)
        finally:
            cv.layer = layer

    def _table_center_x(self, screen, cv):
        right = 300 * cv.scale if screen.show_log else 0
        return (cv.width - right) / 2

    def _paint_captions(self, screen, cv, top):
        s = cv.scale
        cx = self._table_center_x(screen, cv)
        y = top
        for text in reversed(self.feed.texts()):  # newest on top, largest
            size = 17 if y == top else 13
            w = min(cv.width - 320 * s, max(260 * s, _text_width(text, size * s) + 40 * s))
            h = (size * 2.1) * s
            cv.rect(cx - w / 2, y - h, w, h, (16, 14, 12, 215), border=(150, 126, 84, 255))
            cv.text(text, cx, y - h / 2, size, INK, anchor_x="center", anchor_y="center", bold=(y == top))
            y -= h + 6 * s

    def _paint_banner(self, cv, text, y, size=15, cx=None):
        s = cv.scale
        w = min(cv.width - 20 * s, _text_width(text, size * s) + 60 * s)
        h = size * 2.3 * s
        cx = cv.width / 2 if cx is None else cx
        cv.rect(cx - w / 2, y, w, h, (70, 20, 16, 235), border=GOLD, border_w=2)
        cv.text(text, cx, y + h / 2, size, INK, anchor_x="center", anchor_y="center", bold=True)

    def _paint_title(self, screen, cv):
        s = cv.scale
        cv.rect(0, 0, cv.width, cv.height, (10, 9, 8, 200))
        cy = cv.height * 0.58
        cv.text(tr("app.title"), cv.width / 2, cy, 40, GOLD, anchor_x="center", anchor_y="center", bold=True)
        cv.text(tr("app.subtitle"), cv.width / 2, cy - 46 * s, 14, SOFT, anchor_x="center", anchor_y="center")
        cv.text(tr("event.tagline"), cv.width / 2, cy - 80 * s, 13, INK, anchor_x="center",
                anchor_y="center")
        self._paint_banner(cv, tr("event.press_key"), cv.height * 0.2, 18)

    def _paint_attract(self, screen, cv):
        s = cv.scale
        self._paint_captions(screen, cv, cv.height - 62 * s)
        # in the bottom panel, which holds no hand while bots play: the board stays clear
        cx = self._table_center_x(screen, cv)
        names = [tr(f"event.level.{lv}") for lv in self.attract_levels]
        cv.text(tr("event.attract_who", south=names[0], north=names[-1]), cx, 92 * s, 11, SOFT,
                anchor_x="center")
        self._paint_banner(cv, tr("event.press_key"), 28 * s, 16, cx=cx)

    def _paint_offer(self, screen, cv):
        s = cv.scale
        cv.rect(0, 0, cv.width, cv.height, (10, 9, 8, 170))
        w, h = min(cv.width - 40 * s, 620 * s), 300 * s
        x, y = (cv.width - w) / 2, (cv.height - h) / 2
        cv.panel(x, y, w, h, color=(24, 20, 16, 245), edge=GOLD)
        cv.text(tr("event.offer.title"), cv.width / 2, y + h - 44 * s, 24, GOLD, anchor_x="center",
                anchor_y="center", bold=True)
        cv.text(tr("event.offer.you"), cv.width / 2, y + h - 88 * s, 13, INK, anchor_x="center",
                anchor_y="center")
        game = self.offered_game()
        if game is not None:  # several games on the table: the visitor chooses (Up/Down or a click)
            info = screen.tables.info(game) if getattr(screen, "tables", None) is not None else None
            title = tr(info.title_key) if info is not None else game
            cv.button(x + 60 * s, y + 168 * s, w - 120 * s, 30 * s, f"▲▼  {title}", ("event-game",), size=12)
        bw, bh = (w - 80 * s) / 2, 64 * s
        for i, level in enumerate(QUICK_LEVELS):
            bx = x + 30 * s + i * (bw + 20 * s)
            cv.button(bx, y + 90 * s, bw, bh, f"{i + 1}  {tr(f'event.offer.{level}')}", ("event-level", level),
                      size=15, focused=(i == self.offer_focus))
        cv.button(x + w / 2 - 110 * s, y + 24 * s, 220 * s, 38 * s, tr("event.offer.back"), ("event-back",),
                  size=11)
        left = self._countdown()
        if left is not None:
            cv.text(tr("event.idle", seconds=left), cv.width / 2, y - 24 * s, 12, SOFT, anchor_x="center")

    def _paint_quick(self, screen, cv):
        s = cv.scale
        if self.hint:
            # over the top of the log column: a visitor needs the hint more than the log, and the
            # choices, the hand and the board stay clear
            text = tr(self.hint[0], **dict(self.hint[1]))
            size = 13.5
            width = 300 * s - 8 * s
            x = cv.width - 300 * s + 2 * s
            lines = _wrap(text, width - 28 * s, size * s)
            h = (len(lines) * size * 1.65 + 44) * s
            top = cv.height - 54 * s
            cv.rect(x, top - h, width, h, HINT_BG, border=GOLD, border_w=3)
            cv.region(x, top - h, width, h, ("panel",))
            cv.text(tr("event.hint.title"), x + 12 * s, top - 20 * s, 11, GOLD, bold=True)
            for i, line in enumerate(lines):
                cv.text(line, x + 14 * s, top - 44 * s - i * size * 1.65 * s, size, INK, anchor_y="center",
                        bold=True)
        left = self._countdown()
        if left is not None:
            self._paint_banner(cv, tr("event.idle", seconds=left), cv.height / 2, 16)

    def _paint_result(self, screen, cv):
        s = cv.scale
        lines = screen.ui.end_lines(screen) if hasattr(screen.ui, "end_lines") else []
        cv.rect(0, 0, cv.width, cv.height, (10, 9, 8, 190))
        w = min(cv.width - 40 * s, 900 * s)
        body = [ln for ln in lines[1:] if ln]
        wrapped = [part for ln in body for part in _wrap(ln, w - 60 * s, 14 * s)]
        h = (150 + 26 * len(wrapped)) * s
        h = min(h, cv.height - 40 * s)
        x, y = (cv.width - w) / 2, (cv.height - h) / 2
        cv.panel(x, y, w, h, color=(24, 20, 16, 245), edge=GOLD)
        cv.text(tr("event.result.title"), cv.width / 2, y + h - 30 * s, 14, SOFT, anchor_x="center",
                anchor_y="center")
        if lines:
            cv.text(lines[0], cv.width / 2, y + h - 70 * s, 30, GOLD, anchor_x="center", anchor_y="center",
                    bold=True)
        yy = y + h - 112 * s
        for part in wrapped:
            if yy < y + 40 * s:
                break
            cv.text(part, x + 30 * s, yy, 14, INK)
            yy -= 26 * s
        left = self._countdown()
        foot = tr("event.result.next", seconds=left) if not self.quick_game else tr("event.result.back",
                                                                                    seconds=left)
        cv.text(foot, cv.width / 2, y + 16 * s, 11, SOFT, anchor_x="center")


def _text_width(text, size):
    from game.render.hud import text_width  # the HUD (and pyglet) only once something is painted
    return text_width(text, size)


def _wrap(text, width, size):
    """Lines of ``text`` that fit ``width`` (the HUD's measured line breaking)."""
    from game.ui.widgets import wrap_lines
    return wrap_lines(text, width, size)


__all__ = ["start_event_mode", "EventMode", "default_make_controller"]
