"""The Trench War tutorial: two guided games against a bot, one sentence at a time.

Lesson 1 plays the first-game variant (plotting, the reveal, Move, Turn, Build, Fire, Dig, a kill
and scoring); lesson 2 the full rules (gas and wind, masks, drugs, Equip, Camp, Interrupt, the
boats' sinking and the judgement).  A *topic* opens the first time its moment comes in the game
(its trigger reads only the player's view and the player's redacted events); its sentences show one
at a time over the paused table, a click or any key for the next.  Between topics the panel shows
what to do now, with the same hints as the event mode's quick game (:mod:`.hints`), and rings the
target on screen (the card, Confirm, the list of choices; on the board the game's own highlights
light the soldiers and cells).

Progress (the lesson, the topics seen and the game so far, as a game record) is saved after every
decision in the data folder, so the tutorial can be left (Esc, Quit to menu) and resumed from the
start menu.

    from game.tables.trench.tutorial import start_tutorial
    start_tutorial(shell, lesson=1)           # or resume_tutorial(shell)
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import dataclass

from game.i18n import tr
from game.ui.modal import Modal

from .hints import hint

SEAT = "S"  # the player; the bot plays North
BOT = "easy"


@dataclass(frozen=True)
class Topic:
    """Sentences (catalog keys ``tutorial.<name>.<i>``) shown when ``trigger(tutor, view, events)``
    first says so."""
    name: str
    sentences: int
    trigger: object


@dataclass(frozen=True)
class Lesson:
    number: int
    variants: tuple
    settings: tuple
    seed: int
    topics: tuple


def _phase(name):
    return lambda tutor, v, events: getattr(v, "phase", None) == name and tutor.my_decision()


def _card(name):
    def trig(tutor, v, events):
        t = getattr(v, "turn", None)
        return (t is not None and t.seat == SEAT and t.slot is not None and t.slot < len(t.cards)
                and t.cards[t.slot] == name and tutor.my_decision())
    return trig


def _event(*kinds):
    return lambda tutor, v, events: any(e.kind in kinds for e in events)


def _always(tutor, v, events):
    return True


def _over(tutor, v, events):
    return tutor.screen.ctl.is_over()


def _mine(pred):
    return lambda tutor, v, events: any(s.seat == SEAT and pred(s) for s in getattr(v, "soldiers", ()))


def _round_at_least(n):
    return lambda tutor, v, events: (getattr(v, "round", 0) or 0) >= n and tutor.my_decision()


def _interrupt(tutor, v, events):
    pend = getattr(v, "pending", None)
    return bool(pend) and pend[0].kind == "interrupt" and tutor.my_decision()


def _sinking(tutor, v, events):
    rules = getattr(v, "rules", None)
    rnd = getattr(v, "round", 0) or 0
    on_boat = any(s.seat == SEAT and s.status == "boat" for s in getattr(v, "soldiers", ()))
    return rules is not None and on_boat and rnd >= max(1, rules.sink_after_round - 1) and tutor.my_decision()


LESSON_1 = (
    Topic("intro", 3, _always),
    Topic("arm", 2, _phase("arm")),
    Topic("boat", 2, _phase("place")),
    Topic("base", 1, _phase("base")),
    Topic("extra", 1, _phase("extra")),
    Topic("plot", 3, _phase("plot")),  # the 3rd: why Equip, Camp and Interrupt are in the hand
    Topic("reveal", 1, _event("reveal")),
    Topic("move", 1, _card("move")),
    Topic("turn", 1, _card("turn")),
    Topic("build", 1, _card("build")),
    Topic("fire", 1, _card("fire")),
    Topic("dig", 1, _card("dig")),
    Topic("kill", 1, _event("death")),
    Topic("score", 2, _event("score")),
    Topic("end1", 2, _over),
)

LESSON_2 = (
    Topic("intro2", 2, _always),
    Topic("arm2", 1, _phase("arm")),
    Topic("plot2", 1, _phase("plot")),
    Topic("wind", 2, _event("wind")),
    Topic("gas", 2, lambda tutor, v, events: bool(getattr(v, "gas", ()))),
    Topic("night", 1, lambda tutor, v, events: getattr(v, "day", True) is False),
    Topic("mask", 1, _mine(lambda s: s.mask_on or s.gas_check)),
    Topic("drug", 1, _event("drug")),
    Topic("equip", 1, _card("equip")),
    Topic("camp", 1, _card("camp")),
    Topic("interrupt", 1, _interrupt),
    Topic("sink", 1, _sinking),
    Topic("kill2", 1, _event("death")),
    Topic("end2", 2, _over),
)

LESSONS = {
    1: Lesson(1, ("first-game",), ("round_limit=4",), 5, LESSON_1),
    2: Lesson(2, (), ("round_limit=5",), 8, LESSON_2),
}


def sentences(topic: Topic) -> list:
    """The catalog keys of a topic's sentences, in order."""
    return [f"tutorial.{topic.name}.{i + 1}" for i in range(topic.sentences)]


# --- progress on disk --------------------------------------------------------------------------

def progress_path() -> str:
    from game.settings import data_dir
    return os.path.join(data_dir(), "tutorial.json")


def game_path() -> str:
    from game.settings import data_dir
    return os.path.join(data_dir(), "tutorial.twr")


def read_progress() -> dict | None:
    """{"lesson": n, "seen": [...], "done": [...]} or None (no tutorial left unfinished)."""
    try:
        with open(progress_path(), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("lesson") not in LESSONS:
        return None
    return data


def can_resume() -> bool:
    data = read_progress()
    return bool(data) and not data.get("finished") and os.path.exists(game_path())


def _write_progress(data: dict) -> None:
    from game.core.files import write_text_atomic
    os.makedirs(os.path.dirname(progress_path()), exist_ok=True)
    write_text_atomic(progress_path(), json.dumps(data, sort_keys=True))


# --- the layer over the table ------------------------------------------------------------------

class Tutor(Modal):
    """The tutorial's panel: a topic's sentences one at a time (blocking, the table paused), then
    the hint for the decision at hand with its target ringed."""

    def __init__(self, screen, lesson: Lesson, seen=(), on_leave=None):
        self.screen = screen
        self.lesson = lesson
        self.seen = list(seen)
        self.queue = []  # catalog keys still to show, the first on screen
        self.events = []  # the player's redacted events since the last check
        self.shown = []  # every sentence shown (tests read it)
        self.on_leave = on_leave
        self.t = 0.0
        self.finished = False
        screen.on_step.append(self._on_step)
        self._check()

    # the table waits while a sentence is up
    @property
    def blocking(self):
        return bool(self.queue)

    @property
    def pauses(self):
        return bool(self.queue)

    def my_decision(self) -> bool:
        return self.screen.ctl.human_to_decide() == SEAT

    def _on_step(self, step):
        if self not in self.screen.modals:  # the tutorial was left (Quit to menu): a demo game now
            self.detach()
            return
        self.events += self.screen.ctl.spec.redact_events(list(step.events), SEAT)
        self.save()

    def _check(self):
        if self.queue:
            return
        stamp = (len(self.screen.ctl.steps), self.screen.ctl.human_to_decide())
        if stamp == getattr(self, "_checked_at", None) and not self.events:
            return  # the triggers read the view and who decides: unchanged
        self._checked_at = stamp
        v = self.screen.ctl.view_for(SEAT)
        events, self.events = self.events, []
        for topic in self.lesson.topics:
            if topic.name in self.seen:
                continue
            try:
                hit = topic.trigger(self, v, events)
            except Exception:  # noqa: BLE001 - a trigger never breaks the lesson
                hit = False
            if hit:
                self._checked_at = None  # another topic may be due at this same moment (a kill, the end)
                self.seen.append(topic.name)
                self.queue += sentences(topic)
                self.shown.append(self.queue[0])
                self.save()
                return

    def advance(self) -> None:
        """The next sentence (a click or any key)."""
        if self.queue:
            self.queue.pop(0)
            if self.queue:
                self.shown.append(self.queue[0])
        if not self.queue:
            self._check()
        if not self.queue and self.screen.ctl.is_over() and not self.finished:
            self.finished = True
            self.save()

    def update(self, screen, dt) -> None:
        self.t += dt
        if not self.queue and screen.anim is None:
            self._check()

    def save(self) -> None:
        """Progress and the game so far, for Resume on the start menu."""
        from game.ui import saves
        try:
            os.makedirs(os.path.dirname(game_path()), exist_ok=True)
            if self.finished:
                if os.path.exists(game_path()):
                    os.remove(game_path())
            else:
                saves.save_game(self.screen.ctl, game_path())
            _write_progress({"lesson": self.lesson.number, "seen": self.seen, "finished": self.finished})
        except Exception as exc:  # noqa: BLE001 - the lesson goes on; resuming is what is lost
            import sys
            print(f"trench-war: the tutorial's progress was not saved: {exc}", file=sys.stderr)

    def detach(self) -> None:
        if self._on_step in self.screen.on_step:
            self.screen.on_step.remove(self._on_step)

    # --- input --------------------------------------------------------------------------------------
    def on_key_press(self, screen, symbol, modifiers) -> bool:
        from pyglet.window import key
        if not self.queue:
            return False
        if symbol == key.ESCAPE:
            return False  # the Esc menu (leave the tutorial) stays one key away
        self.advance()
        return True

    def on_mouse_press(self, screen, x, y, button, modifiers) -> bool:
        if not self.queue:
            return False
        self.advance()
        return True

    # --- painting -----------------------------------------------------------------------------------
    def current(self):
        """(catalog key, values) on the panel now: a lesson sentence, or the hint for the decision."""
        if self.queue:
            return self.queue[0], ()
        return hint(self.screen) or (None, ())

    def target(self):
        """The HUD region ringed for the decision at hand (None: the board's own highlights)."""
        screen = self.screen
        if self.queue or screen.deciding_human() != SEAT:
            return None
        imap = screen.input_map()
        if imap is None:
            return None
        if imap.plots:
            ps = screen.ui.plot_state(screen)
            if ps is None:
                return None
            if ps[2] is not None and (screen.plot_slots[1] is not None or not ps[1]):
                return ("confirm",)
            allowed = [k for k in ps[1] if ps[0].get(k, 0) > 0]
            from game.trench.state import ACTION_CARDS
            for k in ACTION_CARDS.kinds:
                if k in allowed:
                    return ("card", k)
            return None
        if imap.buttons and not imap.board:
            return ("choice", 0)
        return None

    def hud_key(self):
        key_, values = self.current()
        return (key_, values, self.target(), int(self.t * 4) % 4, self.finished)

    def panel_lines(self, cv, width):
        """(lesson title, the sentence's lines, foot) of the panel ``width`` wide, or None."""
        s = cv.scale
        key_, values = self.current()
        if key_ is None:
            return None
        from game.ui.widgets import fit_text, wrap_lines
        lines = wrap_lines(tr(key_, **dict(values)), width - 28 * s, 12 * s)
        foot = wrap_lines(tr("tutorial.next") if self.queue else tr("tutorial.leave"), width - 28 * s, 8.5 * s)
        if len(foot) > 2:  # the keys' line on at most two lines
            foot = [foot[0], fit_text(" ".join(foot[1:]), width - 28 * s, 8.5 * s)]
        return tr("tutorial.lesson", n=self.lesson.number), lines, foot

    def panel_height(self, cv, width) -> float:
        """The panel's height at ``width`` (0 when it shows nothing): the table's right column
        keeps that much room for it below the choices."""
        parts = self.panel_lines(cv, width)
        return 0.0 if parts is None else self._height(cv, parts)

    @staticmethod
    def _height(cv, parts):
        return (len(parts[1]) * 19 + 46 + 12 * len(parts[2])) * cv.scale

    def paint(self, screen, cv) -> None:
        s = cv.scale
        # in the room the table's right column keeps for it (below the choices, above the log):
        # never over the board and its edge labels (the table's viewport leaves that column out)
        free = getattr(screen.ui, "column_free", None)
        if free is not None:
            x, low, width, high = free
        else:
            x, low, width, high = 10 * s, 0, min(cv.width * 0.46, 470 * s), cv.height - 60 * s
        parts = self.panel_lines(cv, width)
        if parts is None:
            return
        cv.layer = 6
        lesson, lines, foot = parts
        h = self._height(cv, parts)
        y = max(low, high - h)
        gold = (255, 214, 120, 255)
        cv.panel(x, y, width, h, color=(22, 20, 16, 240), edge=gold)
        if self.queue:
            cv.region(x, y, width, h, ("tutorial",))
        cv.text(lesson, x + 14 * s, y + h - 20 * s, 10, gold, bold=True)
        for i, line in enumerate(lines):
            cv.text(line, x + 14 * s, y + h - 42 * s - i * 19 * s, 12, (250, 242, 224, 255))
        for i, part in enumerate(foot):
            cv.text(part, x + 14 * s, y + 10 * s + (len(foot) - 1 - i) * 12 * s, 8.5, (200, 190, 170, 220))
        target = self.target()
        r = cv.find(target) if target is not None else None
        if r is not None:  # the target, ringed and pulsing
            pulse = 3 + 2 * math.sin(self.t * 6.0)
            pad = (4 + pulse) * s
            cv.rect(r.x - pad, r.y - pad, r.w + 2 * pad, r.h + 2 * pad, (0, 0, 0, 0), border=gold,
                    border_w=3)


def _controller(shell, lesson: Lesson):
    from game.ui.menu_games import new_game_controller
    from game.ui.seats import parse_seats
    return new_game_controller(shell.spec, parse_seats(f"human,{BOT}"), lesson.seed, list(lesson.settings),
                               list(lesson.variants), autosave=False)


def _attach(shell, ctl, lesson: Lesson, seen=()):
    shell.play(ctl)
    screen = shell.screen
    old = getattr(screen, "tutor", None)
    if old is not None:
        old.detach()
    tutor = Tutor(screen, lesson, seen)
    screen.tutor = tutor
    screen.push_modal(tutor)
    return tutor


def start_tutorial(shell, lesson: int = 1) -> Tutor:
    """A new guided game of ``lesson`` (1 or 2) on the shell's screen."""
    les = LESSONS[lesson]
    return _attach(shell, _controller(shell, les), les)


def resume_tutorial(shell) -> Tutor | None:
    """The tutorial left unfinished, where it was left (None when there is none)."""
    data = read_progress()
    if not data or not os.path.exists(game_path()):
        return None
    from game.ui import saves
    ctl = saves.load_controller(game_path())
    ctl.autosave = False
    return _attach(shell, ctl, LESSONS[data["lesson"]], data.get("seen", ()))


def open_tutorial_menu(shell):
    """The start menu's Tutorial entry: resume, lesson 1, lesson 2."""
    from game.ui.menu_widget import Item, MenuModal
    layer = {}

    def go(fn):
        def run():
            shell.screen.pop_modal(layer["m"])
            fn()
        return run
    items = [
        Item("resume", lambda: tr("tutorial.menu.resume"), go(lambda: resume_tutorial(shell)), enabled=can_resume,
             tip=lambda: tr("tutorial.menu.tip.resume")),
        Item("lesson1", lambda: tr("tutorial.menu.lesson1"), go(lambda: start_tutorial(shell, 1)),
             tip=lambda: tr("tutorial.menu.tip.lesson1")),
        Item("lesson2", lambda: tr("tutorial.menu.lesson2"), go(lambda: start_tutorial(shell, 2)),
             tip=lambda: tr("tutorial.menu.tip.lesson2")),
    ]
    layer["m"] = MenuModal(lambda: tr("tutorial.menu.title"), items, on_back=lambda: shell.screen.pop_modal(layer["m"]))
    shell.screen.push_modal(layer["m"])
    return layer["m"]
