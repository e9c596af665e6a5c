"""A reusable menu layer in the table's look: a wooden frame round a paper sheet of rows.

:class:`MenuModal` is a :class:`game.ui.modal.Modal` (blocking: the table underneath gets no input)
showing a title, optional body lines and a list of :class:`Item` rows.  A row is a button
(Enter / click runs ``action``), a setting (``value`` shown on the right, changed with Left/Right
or the two arrow buttons, ``change(delta)``), or a text field (``edit``: typed characters go into
it, Backspace deletes one).  Up/Down (or hovering the mouse) move the focus over enabled rows;
Esc, and Backspace outside a text field, run ``on_back``.  Labels may be callables, read at each
paint, so a change of language shows at once.
"""

from __future__ import annotations

import itertools

from pyglet.window import key, mouse

from game.i18n import language, tr
from game.render.hud import text_width

WOOD = (96, 64, 38, 248)
WOOD_EDGE = (46, 30, 16, 255)
WOOD_DARK = (70, 46, 26, 250)
PAPER = (236, 226, 200, 252)
PAPER_HOT = (252, 242, 214, 255)
PAPER_EDGE = (176, 150, 110, 255)
INK = (40, 30, 20, 255)
GREY = (150, 140, 125, 255)
GOLD = (255, 214, 120, 255)
HEAD = (255, 232, 170, 255)
RED = (160, 36, 24, 255)
SOFT = (236, 222, 196, 255)

#: The layer menus paint on: above every layer of the game's HUD.
LAYER = 6

_uids = itertools.count(1)


def _text(value) -> str:
    return str(value() if callable(value) else value)


class Item:
    """One row of a menu.

    ``label``: text or a callable giving it.  ``action()``: run on Enter / click.  ``enabled``:
    bool or callable.  ``value()``: the setting's current value as text (shown right).
    ``change(delta)``: Left (-1) / Right (+1).  ``edit``: ``(get, set, allowed)`` for a text field
    (``allowed(ch) -> bool`` filters typed characters).  ``tip``: a line shown under the menu while
    the row has the focus.  ``id``: a stable name (tests find rows by it).
    """

    def __init__(self, id, label, action=None, *, enabled=True, value=None, change=None, edit=None,
                 tip=""):
        self.id = id
        self.label = label
        self.action = action
        self.enabled = enabled
        self.value = value
        self.change = change
        self.edit = edit
        self.tip = tip

    def is_enabled(self) -> bool:
        return bool(self.enabled() if callable(self.enabled) else self.enabled)

    def label_text(self) -> str:
        return _text(self.label)

    def value_text(self) -> str | None:
        if self.edit is not None:
            return self.edit[0]()
        return None if self.value is None else _text(self.value)


class MenuModal:
    """A blocking menu layer (see the module docstring).  Subclasses fill ``items``."""

    blocking = True
    pauses = True
    #: the game's HUD is not painted while this is on the screen (the start menu shows the table)
    hides_hud = False
    #: rows shown at once (longer lists scroll with the focus)
    max_rows = 11
    width = 460
    #: the widest the frame grows for long labels and values (None: the window's width); longer
    #: values are cut with "…"
    max_width = None
    #: "center", or "left" (the start menu leaves the table in view)
    align = "center"

    def __init__(self, title="", items=(), *, on_back=None, body=(), subtitle=""):
        self.uid = next(_uids)
        self.title = title
        self.subtitle = subtitle
        self.items = list(items)
        self.body = body  # lines (or a callable giving them) between the title and the rows
        self.on_back = on_back
        self.focus = 0
        self.first = 0
        self.message = ""
        self.message_bad = False
        self.screen = None
        self._fit = None  # rows that fit the window at the last paint (a small window shows fewer)
        self._fix_focus(1)

    @property
    def shown(self) -> int:
        """How many rows are shown at once."""
        return min(self.max_rows, self._fit or self.max_rows)

    # --- state -------------------------------------------------------------------------------
    def set_items(self, items) -> None:
        self.items = list(items)
        self.focus = min(self.focus, max(0, len(self.items) - 1))
        self._fix_focus(1)

    def focused(self) -> Item | None:
        return self.items[self.focus] if 0 <= self.focus < len(self.items) else None

    def item(self, id) -> Item | None:
        return next((it for it in self.items if it.id == id), None)

    def focus_on(self, id) -> bool:
        for i, it in enumerate(self.items):
            if it.id == id and it.is_enabled():
                self.focus = i
                self._scroll()
                return True
        return False

    def say(self, text, bad=False) -> None:
        """Show a line under the rows (an error in red when ``bad``)."""
        self.message, self.message_bad = str(text), bad

    def _fix_focus(self, step) -> None:
        n = len(self.items)
        for k in range(n):
            i = (self.focus + k * step) % n
            if self.items[i].is_enabled():
                self.focus = i
                break
        self._scroll()

    def _scroll(self) -> None:
        if self.focus < self.first:
            self.first = self.focus
        elif self.focus >= self.first + self.shown:
            self.first = self.focus - self.shown + 1
        self.first = max(0, min(self.first, max(0, len(self.items) - self.shown)))

    def move(self, delta) -> None:
        n = len(self.items)
        if not n:
            return
        i = self.focus
        for _ in range(n):
            i = (i + delta) % n
            if self.items[i].is_enabled():
                self.focus = i
                break
        self._scroll()

    # --- actions ---------------------------------------------------------------------------------
    def activate(self, i=None) -> None:
        it = self.items[self.focus if i is None else i] if self.items else None
        if it is None or not it.is_enabled():
            return
        self.message = ""
        if it.action is not None:
            it.action()
        elif it.edit is not None:
            if i is None:
                self.move(1)  # Enter ends typing in a field: on to the next row
        elif it.change is not None:
            it.change(1)

    def change(self, delta, i=None) -> None:
        it = self.items[self.focus if i is None else i] if self.items else None
        if it is not None and it.is_enabled() and it.change is not None:
            self.message = ""
            it.change(delta)

    def back(self) -> None:
        if self.on_back is not None:
            self.on_back()

    def close(self) -> None:
        """Take this layer off its screen."""
        if self.screen is not None:
            self.screen.pop_modal(self)

    # --- Modal protocol ----------------------------------------------------------------------------
    def hud_key(self):
        rows = tuple((it.label_text(), it.value_text(), it.is_enabled())
                     for it in self.items[self.first:self.first + self.shown])
        body = tuple(self.body() if callable(self.body) else self.body)
        return (self.uid, language(), _text(self.title), _text(self.subtitle), body, rows, self.focus,
                self.first, self.message, self.message_bad)

    def update(self, screen, dt) -> None:
        self.screen = screen

    def on_key_press(self, screen, symbol, modifiers) -> bool:
        self.screen = screen
        it = self.focused()
        if symbol in (key.UP, key.DOWN):
            self.move(-1 if symbol == key.UP else 1)
        elif symbol == key.TAB:
            self.move(-1 if modifiers & key.MOD_SHIFT else 1)
        elif symbol in (key.LEFT, key.RIGHT):
            self.change(-1 if symbol == key.LEFT else 1)
        elif symbol in (key.ENTER, key.RETURN, key.NUM_ENTER):
            self.activate()
        elif symbol == key.BACKSPACE and it is not None and it.edit is not None and it.is_enabled():
            get, put, _ok = it.edit
            put(get()[:-1])
        elif symbol in (key.ESCAPE, key.BACKSPACE):
            self.back()
        elif symbol in (key.PAGEUP, key.PAGEDOWN):
            for _ in range(self.shown - 1):
                self.move(-1 if symbol == key.PAGEUP else 1)
        elif symbol in (key.HOME, key.END):
            self.focus = 0 if symbol == key.HOME else len(self.items) - 1
            self._fix_focus(1 if symbol == key.HOME else -1)
        return True

    def on_text(self, screen, text) -> bool:
        it = self.focused()
        if it is not None and it.edit is not None and it.is_enabled():
            get, put, ok = it.edit
            typed = "".join(ch for ch in text if ch.isprintable() and (ok is None or ok(ch)))
            if typed:
                put(get() + typed)
        return True

    def on_text_motion(self, screen, motion) -> bool:
        return True

    def _hit(self, screen, x, y):
        r = screen.canvas.hit(x, y) if screen.canvas is not None else None
        if r is None or not isinstance(r.key, tuple) or len(r.key) != 3 or r.key[1] != self.uid:
            return None
        return r.key

    def on_mouse_motion(self, screen, x, y, dx, dy) -> bool:
        k = self._hit(screen, x, y)
        if k is not None and k[0] in ("mrow", "mdec", "minc") and self.items[k[2]].is_enabled():
            self.focus = k[2]
        return True

    def on_mouse_press(self, screen, x, y, button, modifiers) -> bool:
        self.screen = screen
        if button == mouse.RIGHT:
            self.back()
            return True
        k = self._hit(screen, x, y)
        if k is None or button != mouse.LEFT:
            return True
        kind, _uid, i = k
        if kind == "mrow":
            if self.items[i].is_enabled():
                self.focus = i
                self.activate(i)
        elif kind in ("mdec", "minc"):
            self.focus = i
            self.change(-1 if kind == "mdec" else 1, i)
        elif kind == "mup":
            self.first = max(0, self.first - 3)
        elif kind == "mdown":
            self.first = min(max(0, len(self.items) - self.shown), self.first + 3)
        return True

    def on_mouse_release(self, screen, x, y, button, modifiers) -> bool:
        return True

    def on_mouse_drag(self, screen, x, y, dx, dy, buttons, modifiers) -> bool:
        return True

    def on_mouse_scroll(self, screen, x, y, scroll_x, scroll_y) -> bool:
        self.first = max(0, min(max(0, len(self.items) - self.shown), self.first - int(scroll_y)))
        return True

    # --- painting ----------------------------------------------------------------------------------
    def row_box(self, cv, i):
        """The window rectangle (x, y, w, h) of row ``i`` as last painted, or None (tests)."""
        return self._boxes.get(i) if hasattr(self, "_boxes") else None

    def covered(self, screen) -> bool:
        """True when a blocking layer (another menu, the rules) lies on top of this one."""
        mods = screen.modals
        if self not in mods:
            return False
        return any(m.blocking for m in mods[mods.index(self) + 1:])

    def paint(self, screen, cv) -> None:
        self.screen = screen
        if self.covered(screen):
            return
        s = cv.scale
        old_layer = cv.layer
        cv.layer = LAYER
        title = _text(self.title)
        subtitle = _text(self.subtitle)
        body = list(self.body() if callable(self.body) else self.body)
        row_h = 34 * s
        spare = cv.height - 24 * s - (44 + (20 if subtitle else 0)) * s - (19 * len(body) + 10) * s - 50 * s - 44 * s
        fit = max(3, int(spare // row_h))
        if fit != self._fit:
            self._fit = fit
            self._scroll()
        rows = self.items[self.first:self.first + self.shown]
        more_up, more_down = self.first > 0, self.first + self.shown < len(self.items)
        row_h, pad = 34 * s, 18 * s
        widest = [text_width(title, 17 * s, True) + 40 * s, text_width(subtitle, 10 * s) + 40 * s]
        widest += [text_width(line, 10.5 * s) + 2 * pad + 30 * s for line in body]
        for it in rows:
            v = it.value_text()
            extra = (text_width(v, 11 * s) + 80 * s) if v is not None else 0
            widest.append(text_width(it.label_text(), 12 * s) + extra + 2 * pad + 24 * s)
        w = min(max([self.width * s] + widest), cv.width - 24 * s, (self.max_width or 1e9) * s)
        head_h = (44 + (20 if subtitle else 0)) * s
        body_h = (19 * len(body) + (10 if body else 0)) * s
        arrows_h = (16 * s) * (more_up or more_down) * 2
        foot_h = 64 * s  # the keys, and the focused row's tip on up to two lines
        h = head_h + body_h + row_h * len(rows) + arrows_h + foot_h + 12 * s
        h = min(h, cv.height - 12 * s)
        x = (cv.width - w) / 2 if self.align == "center" else min(56 * s, (cv.width - w) / 2)
        y = max(6 * s, (cv.height - h) / 2)
        top = y + h
        # the wooden frame, the paper inside
        cv.rect(x - 3 * s, y - 3 * s, w + 6 * s, h + 6 * s, (0, 0, 0, 90))
        cv.rect(x, y, w, h, WOOD, border=WOOD_EDGE, border_w=2)
        for k in range(1, 4):  # a little wood grain
            cv.rect(x + 4 * s, top - k * h / 4, w - 8 * s, max(1, 1.2 * s), WOOD_DARK)
        cv.text(title, x + w / 2, top - 29 * s, 17, HEAD, anchor_x="center", anchor_y="center", bold=True)
        if subtitle:
            cv.text(subtitle, x + w / 2, top - 52 * s, 10, SOFT, anchor_x="center", anchor_y="center")
        px, pw = x + 12 * s, w - 24 * s
        paper_top = top - head_h
        paper_bottom = y + foot_h
        cv.rect(px, paper_bottom, pw, paper_top - paper_bottom, PAPER, border=PAPER_EDGE)
        yy = paper_top - 8 * s
        for line in body:
            yy -= 19 * s
            cv.text(line, px + pad - 6 * s, yy + 4 * s, 10.5, INK)
        if body:
            yy -= 10 * s
        if more_up or more_down:
            yy -= 16 * s
            if more_up:
                cx = px + pw / 2
                cv.triangle((cx - 8 * s, yy + 3 * s), (cx + 8 * s, yy + 3 * s), (cx, yy + 13 * s), GREY)
            cv.region(px, yy, pw, 16 * s, ("mup", self.uid, 0))
        self._boxes = {}
        col = 0  # the widest value among the rows with arrows: the arrows line up in two columns
        for it in rows:
            if it.change is not None and it.value_text() is not None:
                col = max(col, text_width(it.value_text() or tr("menu.none"), 11 * s, True))
        col = min(col, pw * 0.5)
        for k, it in enumerate(rows):
            i = self.first + k
            yy -= row_h
            on = it.is_enabled()
            focused = i == self.focus
            bx, by, bw, bh = px + 5 * s, yy + 3 * s, pw - 10 * s, row_h - 5 * s
            if focused:
                cv.rect(bx, by, bw, bh, PAPER_HOT, border=(190, 120, 30, 255), border_w=2)
                cv.rect(bx + 2 * s, by + 3 * s, 4 * s, bh - 6 * s, (190, 120, 30, 255))
            ink = INK if on else GREY
            cv.text(it.label_text(), bx + 14 * s, by + bh / 2, 12, ink, anchor_y="center", bold=focused)
            cv.region(bx, by, bw, bh, ("mrow", self.uid, i), _text(it.tip))
            self._boxes[i] = (bx, by, bw, bh)
            v = it.value_text()
            if it.edit is not None and not v and not focused:
                v, ink = tr("menu.none"), GREY
            elif it.edit is not None and focused:
                v += "_"
            if v is not None:
                vx = bx + bw - 14 * s
                if it.change is not None:
                    aw = 22 * s
                    cy = by + bh / 2
                    ax = bx + bw - aw - 4 * s
                    cv.triangle((ax + aw - 5 * s, cy), (ax + 6 * s, cy + 7 * s), (ax + 6 * s, cy - 7 * s), ink)
                    cv.region(ax, by, aw, bh, ("minc", self.uid, i))
                    while len(v) > 4 and text_width(v, 11 * s, focused) > col:
                        v = "…" + v[2:]
                    lx = ax - 12 * s - col - aw
                    cv.triangle((lx + 5 * s, cy), (lx + aw - 6 * s, cy + 7 * s), (lx + aw - 6 * s, cy - 7 * s), ink)
                    cv.region(lx, by, aw, bh, ("mdec", self.uid, i))
                    cv.text(v, lx + aw + 6 * s + col / 2, cy, 11, ink, anchor_x="center", anchor_y="center",
                            bold=focused)
                else:
                    shown = v
                    if it.edit is not None:
                        fw = min(max(text_width(shown, 11 * s) + 16 * s, 120 * s), bw * 0.62)
                        cv.rect(vx - fw + 6 * s, by + 4 * s, fw, bh - 8 * s, (255, 252, 240, 255),
                                border=PAPER_EDGE)
                        while len(shown) > 4 and text_width(shown, 11 * s) > fw - 12 * s:
                            shown = "…" + shown[2:]
                    cv.text(shown, vx, by + bh / 2, 11, ink, anchor_x="right", anchor_y="center")
        if more_up or more_down:
            yy -= 16 * s
            if more_down:
                cx = px + pw / 2
                cv.triangle((cx - 8 * s, yy + 13 * s), (cx + 8 * s, yy + 13 * s), (cx, yy + 3 * s), GREY)
            cv.region(px, yy, pw, 16 * s, ("mdown", self.uid, 0))
        # the foot: the focused row's tip or the last message, and the keys
        it = self.focused()
        line, colour = self.message, (255, 170, 150, 255) if self.message_bad else HEAD
        if not line and it is not None:
            line, colour = _text(it.tip), SOFT
        if line:
            from game.ui.widgets import wrap_lines
            lines = wrap_lines(line, w - 24 * s, 10 * s)
            if len(lines) > 2:  # a third line would not fit the foot: the second ends in "…"
                fits = lines[1]
                while len(fits) > 2 and text_width(fits + "…", 10 * s) > w - 24 * s:
                    fits = fits[:-1]
                lines = [lines[0], fits + "…"]
            for i, part in enumerate(lines):
                yy = y + (34 + (10 if len(lines) == 2 else 0) - 15 * i) * s
                cv.text(part, x + w / 2, yy, 10, colour, anchor_x="center", anchor_y="center")
        cv.text(self.keys_hint(), x + w / 2, y + 13 * s, 8.5, (214, 196, 160, 255), anchor_x="center",
                anchor_y="center")
        cv.layer = old_layer

    def keys_hint(self) -> str:
        it = self.focused()
        if it is not None and it.edit is not None:
            return tr("menu.keys_edit")
        if any(i.change is not None for i in self.items):
            return tr("menu.keys")
        return tr("menu.keys_plain") if self.on_back is None else tr("menu.keys_back")


class MessageBox(MenuModal):
    """A short notice with one OK button (Enter, Esc or a click closes it)."""

    width = 420

    def __init__(self, title, lines, on_close=None):
        self._after = on_close
        super().__init__(title, [Item("ok", lambda: tr("menu.ok"), self._ok)], on_back=self._ok,
                         body=list(lines))

    def _ok(self):
        self.close()
        if self._after is not None:
            self._after()


def wrap(text, width, size) -> list:
    """Lines of ``text`` no wider than ``width`` pixels at ``size`` (scaled) points; breaks at spaces,
    or anywhere in text without spaces (Japanese)."""
    out = []
    for para in str(text).split("\n"):
        cur = ""
        for token in (para.split(" ") if " " in para else list(para)):
            sep = " " if (" " in para and cur) else ""
            trial = cur + sep + token
            if cur and text_width(trial, size) > width:
                out.append(cur)
                cur = token
            else:
                cur = trial
        out.append(cur)
    return out
