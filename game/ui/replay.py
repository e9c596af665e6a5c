"""Replays: a recorded game on the game screen, with a bar to scrub it (also the designer's tool).

``open_replay(screen, record, on_close=...)`` puts the record's game on the existing
:class:`~game.ui.screen.GameScreen` (a controller on which nobody plays: no bot thinks, no chance
is drawn, nothing moves on by itself) and pushes a :class:`ReplayBar` (a ``Modal``):

- a timeline slider along the bottom, one tick per round: click or drag to jump to any action;
- Left / Right one action back / on (on is animated as in the game), Shift+Left / Right ten,
  PageUp / PageDown to the previous / next round, Home / End the start / the end;
- Space plays (and pauses) at a watchable pace, animated as in the game;
- V (or the button) cycles the seat watched: the spectator, then each seat, seen exactly as that
  seat saw it (``screen.watch``: hidden information stays hidden, the log is that seat's);
- E writes the position at this point as a ``.pos`` file (the game's position notation of the FULL
  state, hidden cards included: a designer's tool, and the bar says so), X (or P) a PNG of the screen, both
  into ``game.settings.data_dir()/exports/``, and the bar says where;
- Esc (or Close) closes the bar and calls ``on_close()``, which puts another game on the screen.

Stepping back rebuilds the controller at that point from a :class:`~game.ui.replay_timeline.Timeline`
(a full state cached every few actions), so the log shows exactly the actions up to it.

Designers open a record from the command line: ``python -m game.ui.replay FILE [--seat S]``.
"""

from __future__ import annotations

import os
import sys

from game.i18n import tr
from game.render.hud import DIM, INK
from game.ui.modal import Modal
from game.ui.replay_timeline import Timeline

#: Seconds between two actions while playing (at animation speed 1; the screen's speed divides it).
PLAY_PACE = 0.7
GOLD = (255, 226, 150, 255)
TRACK = (70, 62, 50, 255)
FILLED = (200, 160, 80, 255)
TICK = (150, 136, 110, 255)


def exports_dir() -> str:
    """Where exported positions and pictures go: ``data_dir()/exports``."""
    from game.settings import data_dir
    return os.path.join(data_dir(), "exports")


class ReplayBar(Modal):
    """The replay bar over the game screen (see the module docstring for the keys)."""

    pauses = True  # nothing on the table advances by itself: only the bar moves the game on
    keyboard_camera = False  # Shift+arrows step through the game here, they do not orbit

    def __init__(self, timeline: Timeline, on_close=None, at: int = 0):
        self.timeline = timeline
        self.on_close = on_close
        self.k = at
        self.watching = None  # the seat watched (None: the spectator)
        self.playing = False
        self.wait = 0.0
        self.dragging = False
        self.drag_to = None  # the point a drag of the slider has reached, shown at the next frame
        self.message = ""
        self.hidden = False  # True while a PNG is taken without the bar
        self.pending_png = None
        self.png_stage = 0
        self.closed = False

    # --- moving about -------------------------------------------------------------------------------
    @property
    def total(self) -> int:
        return len(self.timeline)

    def jump(self, screen, k: int, force: bool = False) -> None:
        """Show the point after the first ``k`` actions (no animation); the camera stays put."""
        k = max(0, min(int(k), self.total))
        if k == self.k and not force and screen.anim is None:
            return
        camera = screen.camera
        screen.set_controller(self.timeline.controller_at(k))
        screen.camera = camera
        self.k = k

    def forward(self, screen) -> None:
        """One action on, animated as in the game."""
        ctl = screen.ctl
        if self.k >= self.total:
            self.playing = False
            return
        if len(ctl.steps) != self.k or not hasattr(ctl, "play_next"):
            self.jump(screen, self.k, force=True)
            ctl = screen.ctl
        step = ctl.play_next()
        self.k += 1
        screen.show_step(step, notify=False)  # no autosave or caption for a replayed step

    def back(self, screen) -> None:
        self.jump(screen, self.k - 1)

    def watch_next(self, screen) -> None:
        """Cycle the seat watched: the spectator, then each seat in order."""
        order = (None,) + self.timeline.seats
        self.watching = order[(order.index(self.watching) + 1) % len(order)] if self.watching in order else None
        screen.watch(self.watching)
        camera = screen.camera  # the new seat's camera, kept by the rebuild that ends any animation
        self.jump(screen, self.k, force=True)
        screen.camera = camera

    def toggle_play(self, screen) -> None:
        if not self.playing and self.k >= self.total:
            self.jump(screen, 0)
        self.playing = not self.playing
        self.wait = PLAY_PACE  # the first step comes at once

    # --- exports ----------------------------------------------------------------------------------------
    def _stem(self) -> str:
        rec = self.timeline.record
        return f"{rec.game}-{rec.seed}-at{self.k:04d}"

    def export_position(self) -> str | None:
        """Write the full position at this point as ``.pos``; returns the path (None on failure)."""
        from game.core.files import write_text_atomic
        path = os.path.join(exports_dir(), self._stem() + ".pos")
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            write_text_atomic(path, self.timeline.spec.format_position(self.timeline.state_at(self.k)))
        except OSError as exc:
            self.message = tr("replay.write_failed", path=path, error=exc.strerror or str(exc))
            return None
        self.message = tr("replay.wrote_pos", path=path)
        return path

    def export_picture(self, screen) -> str | None:
        """Save the next frame (table and HUD, without this bar) as PNG; the bar says where once written."""
        who = self.watching or "spectator"
        path = os.path.join(exports_dir(), f"{self._stem()}-{who}.png")
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
        except OSError as exc:
            self.message = tr("replay.write_failed", path=path, error=exc.strerror or str(exc))
            return None
        self.hidden = True  # one frame without the bar (and its hover tip), then the one captured
        self.pending_png = path
        self.png_stage = 0
        return path

    def close(self, screen) -> None:
        from game.ui.screen import AUTO
        if self.closed:
            return
        self.closed = True
        self.playing = False
        screen.pop_modal(self)
        screen.watch(AUTO)
        if self.on_close is not None:
            self.on_close()
        elif hasattr(screen.ctl, "frozen"):
            screen.ctl.frozen = True  # the replayed game stays on the screen, still

    # --- Modal ---------------------------------------------------------------------------------------------
    def hud_key(self):
        return (self.k, self.total, self.watching, self.playing, self.message, self.hidden, self.dragging)

    def update(self, screen, dt: float) -> None:
        if self.pending_png is not None:
            if self.png_stage == 0:
                self.png_stage = 1  # the next frame is drawn without the bar
            elif self.png_stage == 1:
                self.png_stage = 2
                screen.capture = self.pending_png
            elif screen.capture is None:
                path, self.pending_png, self.hidden = self.pending_png, None, False
                self.message = tr("replay.wrote_png", path=path)
        if self.drag_to is not None:
            self.jump(screen, self.drag_to)
            self.drag_to = None
        if self.playing and screen.anim is None and not self.dragging:
            self.wait += dt
            if self.wait >= PLAY_PACE / max(screen.speed, 0.01):
                self.wait = 0.0
                self.forward(screen)
                if self.k >= self.total:
                    self.playing = False

    def on_key_press(self, screen, symbol, modifiers) -> bool:
        from pyglet.window import key  # pyglet opens the display when imported: not at module level
        shift = modifiers & key.MOD_SHIFT
        if symbol == key.ESCAPE:
            self.close(screen)
        elif symbol == key.RIGHT:
            self.playing = False
            if shift:
                self.jump(screen, self.k + 10)
            else:
                self.forward(screen)
        elif symbol == key.LEFT:
            self.playing = False
            self.jump(screen, self.k - (10 if shift else 1))
        elif symbol == key.PAGEDOWN:
            self.playing = False
            self.jump(screen, self.timeline.next_round(self.k))
        elif symbol == key.PAGEUP:
            self.playing = False
            self.jump(screen, self.timeline.previous_round(self.k))
        elif symbol == key.HOME:
            self.playing = False
            self.jump(screen, 0)
        elif symbol == key.END:
            self.playing = False
            self.jump(screen, self.total)
        elif symbol == key.SPACE:
            self.toggle_play(screen)
        elif symbol == key.V:
            self.watch_next(screen)
        elif symbol == key.E:
            self.export_position()
        elif symbol in (key.X, key.P):  # P: the game screen's screenshot key does the same here
            self.export_picture(screen)
        elif symbol in (key.N, key.Q, key.PERIOD):
            pass  # the game screen's new game / quit / single step make no sense in a replay
        else:
            return False
        return True

    def _slider_k(self, screen, x) -> int | None:
        r = screen.canvas.find(("replay", "slider")) if screen.canvas is not None else None
        if r is None or r.w <= 0:
            return None
        return round(max(0.0, min(1.0, (x - r.x) / r.w)) * self.total)

    def on_mouse_press(self, screen, x, y, button, modifiers) -> bool:
        from pyglet.window import mouse
        r = screen.canvas.hit(x, y) if screen.canvas is not None else None
        if r is None:
            return False
        if r.key in (("new-game",), ("quit",)):
            return True  # the game-over panel's buttons do not apply to a replay
        if r.key[0] != "replay" or button != mouse.LEFT:
            return r.key[0] == "replay"
        name = r.key[1]
        if name == "slider":
            self.playing = False
            self.dragging = True
            k = self._slider_k(screen, x)
            if k is not None:
                self.jump(screen, k)
        elif name == "first":
            self.playing = False
            self.jump(screen, 0)
        elif name == "back":
            self.playing = False
            self.back(screen)
        elif name == "play":
            self.toggle_play(screen)
        elif name == "forward":
            self.playing = False
            self.forward(screen)
        elif name == "last":
            self.playing = False
            self.jump(screen, self.total)
        elif name == "watch":
            self.watch_next(screen)
        elif name == "pos":
            self.export_position()
        elif name == "png":
            self.export_picture(screen)
        elif name == "close":
            self.close(screen)
        return True

    def on_mouse_drag(self, screen, x, y, dx, dy, buttons, modifiers) -> bool:
        if not self.dragging:
            return False
        self.drag_to = self._slider_k(screen, x)  # applied once a frame (update): drags come faster
        return True

    def on_mouse_release(self, screen, x, y, button, modifiers) -> bool:
        if self.dragging:
            self.dragging = False
            if self.drag_to is not None:
                self.jump(screen, self.drag_to)
                self.drag_to = None
            return True
        r = screen.canvas.hit(x, y) if screen.canvas is not None else None
        return r is not None and r.key[0] == "replay"

    # --- painting -----------------------------------------------------------------------------------------
    def seat_name(self, screen, seat) -> str:
        if seat is None:
            return tr("replay.spectator")
        label = getattr(screen.ui, "seat_label", None)
        return label(seat) if label is not None else seat

    def status_text(self, screen) -> str:
        """Where we are, and the last action as the watched seat may see it."""
        parts = [tr("replay.position", k=self.k, n=self.total)]
        rnd = self.timeline.rounds[self.k] if self.timeline.rounds else None
        if rnd:  # round 0 is the setup
            parts.append(tr("replay.round", round=rnd))
        if self.k == 0:
            parts.append(tr("replay.start"))
        else:
            action = self.timeline.actions[self.k - 1]
            parts.append(tr("replay.last", action=self.timeline.spec.redact_action(action, self.watching)))
        return " · ".join(parts)

    def paint(self, screen, cv) -> None:
        if self.hidden:
            return
        s = cv.scale
        cv.layer = 2
        right = (300 * s if screen.show_log else 0) + 8 * s
        x, y = 8 * s, 132 * s + 6 * s  # above the game screen's hand panel, left of the log
        w, h = max(300 * s, cv.width - right - 16 * s), 64 * s
        hov = screen.hover_region.key if screen.hover_region is not None else None
        cv.panel(x, y, w, h, color=(20, 17, 14, 236), edge=(255, 214, 120, 255))
        cv.region(x, y, w, h, ("replay", "panel"))
        # top row: title, where we are, then the view / export / close buttons on the right
        bh, row = 22 * s, y + h - 28 * s
        bx = x + w - 8 * s
        buttons = (("close", tr("replay.close"), tr("replay.close_tip")),
                   ("png", tr("replay.export_png"), tr("replay.png_tip")),
                   ("pos", tr("replay.export_pos"), tr("replay.designer_note")),
                   ("watch", tr("replay.watching", seat=self.seat_name(screen, self.watching)),
                    tr("replay.watch_tip")))
        for name, label, tip in buttons:
            bw = max(56 * s, _label_width(label, 9.5 * s) + 18 * s)
            bx -= bw
            cv.button(bx, row, bw, bh, label, ("replay", name), size=9.5, focused=hov == ("replay", name), tip=tip)
            bx -= 6 * s
        cv.text(tr("replay.title"), x + 10 * s, row + bh / 2, 11.5, GOLD, anchor_y="center", bold=True)
        status = self.status_text(screen)
        sx = x + 16 * s + _label_width(tr("replay.title"), 11.5 * s, bold=True)
        while len(status) > 8 and sx + _label_width(status, 10 * s) > bx - 6 * s:
            status = status[:-2] + "…"
        cv.text(status, sx, row + bh / 2, 10, INK, anchor_y="center")
        # bottom row: the transport buttons, then the slider (a tick at the start of each round)
        by = y + 7 * s
        bx = x + 8 * s
        for name, tip in (("first", "replay.first"), ("back", "replay.back"), ("play", "replay.play_tip"),
                          ("forward", "replay.forward"), ("last", "replay.end")):
            bw = 30 * s
            cv.button(bx, by, bw, bh, "", ("replay", name), focused=hov == ("replay", name), tip=tr(tip))
            self._icon(cv, "pause" if name == "play" and self.playing else name, bx + bw / 2, by + bh / 2, s)
            bx += bw + 3 * s
        tx, ty = bx + 14 * s, by + bh / 2 - 3 * s
        tw = x + w - 16 * s - tx
        cv.rect(tx, ty - 3 * s, tw, 6 * s, TRACK)
        frac = self.k / self.total if self.total else 0.0
        cv.rect(tx, ty - 3 * s, tw * frac, 6 * s, FILLED)
        labelled = -1e9
        for at, rnd in self.timeline.round_starts():
            px = tx + tw * at / max(self.total, 1)
            cv.rect(px - 1 * s, ty - 6 * s, max(1, 2 * s), 12 * s, TICK)
            if px - labelled >= 26 * s:  # a round's number where there is room for it
                cv.text(str(rnd), px, ty + 8 * s, 7, DIM, anchor_x="center")
                labelled = px
        knob = tx + tw * frac
        cv.rect(knob - 4 * s, ty - 9 * s, 8 * s, 18 * s, (255, 214, 120, 255) if self.dragging else INK,
                border=(60, 50, 30, 255))
        cv.region(tx, by, tw, bh, ("replay", "slider"), tr("replay.slider_tip"))  # left end 0, right end all
        # a line above the bar: what was last written, else what an export holds
        note = self.message or tr("replay.designer_short")
        my = y + h + 4 * s
        mw = min(w, _label_width(note, 9 * s) + 22 * s)
        if self.message:
            cv.panel(x, my, mw, 22 * s, color=(16, 30, 18, 236), edge=(120, 200, 120, 255))
            cv.text(note, x + 10 * s, my + 11 * s, 9, INK, anchor_y="center")
        else:
            cv.panel(x, my, mw, 22 * s, color=(20, 17, 14, 200))
            cv.text(note, x + 10 * s, my + 11 * s, 9, DIM, anchor_y="center")

    @staticmethod
    def _icon(cv, name, cx, cy, s):
        """Transport icons drawn as shapes (no font needs the glyphs)."""
        a = 6 * s
        col = INK

        def right_tri(x0):
            cv.triangle((x0 - a * 0.6, cy - a), (x0 - a * 0.6, cy + a), (x0 + a * 0.7, cy), col)

        def left_tri(x0):
            cv.triangle((x0 + a * 0.6, cy - a), (x0 + a * 0.6, cy + a), (x0 - a * 0.7, cy), col)

        if name == "play":
            right_tri(cx)
        elif name == "pause":
            cv.rect(cx - a * 0.7, cy - a, a * 0.5, 2 * a, col)
            cv.rect(cx + a * 0.2, cy - a, a * 0.5, 2 * a, col)
        elif name == "forward":
            right_tri(cx)
        elif name == "back":
            left_tri(cx)
        elif name == "first":
            cv.rect(cx - a * 1.1, cy - a, 2 * s, 2 * a, col)
            left_tri(cx + a * 0.2)
        elif name == "last":
            right_tri(cx - a * 0.2)
            cv.rect(cx + a * 0.9, cy - a, 2 * s, 2 * a, col)


def _label_width(text: str, size: float, bold: bool = False) -> float:
    """A label's width in pixels (the HUD measures the bundled font, Japanese and Latin alike)."""
    from game.render.hud import text_width
    return text_width(text, size, bold)


def open_replay(screen, record, on_close=None, at: int = 0) -> ReplayBar:
    """Show ``record`` (a :class:`game.core.gamerecord.GameRecord`) on ``screen`` with the replay bar;
    closing the bar calls ``on_close()``, which should put another game on the screen.  Raises
    :class:`game.core.gamerecord.RecordError` naming the action when the record cannot be replayed."""
    timeline = record if isinstance(record, Timeline) else Timeline(record)
    bar = ReplayBar(timeline, on_close=on_close, at=max(0, min(at, len(timeline))))
    screen.paused = False  # the table's own playback pause would freeze the replay's animations
    screen.set_controller(timeline.controller_at(bar.k))
    screen.watch(None)
    screen.push_modal(bar)
    return bar


def main(argv=None, tables=None) -> int:
    """``python -m game.ui.replay FILE``: open a game record in a window with the replay bar
    (``tables``: the games' tables, ``game.ui.table.TableCatalog``; the entry point passes them)."""
    import argparse
    parser = argparse.ArgumentParser(prog="python -m game.ui.replay",
                                     description="Open a game record (a save or an autosave) as a replay: "
                                                 "scrub it, watch it as any seat, export positions and pictures.",
                                     epilog="Keys: Left/Right one action (Right animates), Shift+Left/Right ten, "
                                            "PageUp/PageDown a round, Home/End the start/the end, Space play/pause, "
                                            "V the seat watched (spectator, then each seat), E export the FULL "
                                            "position (hidden cards included) as .pos, X or P a PNG (both into "
                                            "the data folder's exports/), Esc close.  The slider: click or drag.")
    parser.add_argument("file", help="a game record (docs/records.md)")
    parser.add_argument("--at", type=int, default=0, metavar="K", help="start after the first K actions")
    parser.add_argument("--seat", default=None, help="watch as this seat (default: the spectator)")
    parser.add_argument("--lang", choices=("ja", "en"), default=None, help="language (default: the settings')")
    parser.add_argument("--size", default="1280x720", help="window size WxH")
    parser.add_argument("--msaa", type=int, default=4, help="multisampling (0 to switch off)")
    parser.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    from game.core.errors import GameError
    from game.core.gamerecord import load_record
    from game.i18n import set_language
    from game.settings import load_settings
    try:
        settings = load_settings()
        lang = args.lang or (None if settings.language == "auto" else settings.language)
        set_language(lang)
        record, _state = load_record(args.file)
        if tables is None or not tables.info(record.game).playable:
            playable = ", ".join(tables.playable()) if tables is not None else "none"
            raise GameError(f"{args.file}: a replay of {record.game} cannot be shown yet "
                            f"(games with a table: {playable})")
        timeline = Timeline(record)
        if args.seat is not None and args.seat not in timeline.seats:
            raise GameError(f"--seat {args.seat}: not a seat of this game ({' '.join(timeline.seats)})")
        width, height = (int(v) for v in args.size.lower().split("x"))
    except (GameError, ValueError) as exc:
        print(f"replay: {exc}", file=sys.stderr)
        return 2
    from game.ui.launch import open_game_screen
    screen = open_game_screen(timeline.controller_at(0), width, height, tables=tables, prefix="replay",
                              caption="Trench War replay", delay=settings.bot_delay,
                              speed=settings.animation_speed, msaa=args.msaa)
    if screen is None:
        return 1
    from game.ui.screen import run_screen
    bar = open_replay(screen, timeline, on_close=screen.quit, at=args.at)
    if args.seat is not None:
        while bar.watching != args.seat:
            bar.watch_next(screen)
    run_screen(screen, frames=args.frames)
    return 0


if __name__ == "__main__":
    from game.tables import CATALOG  # the entry point wires in the games' tables
    sys.exit(main(tables=CATALOG))
