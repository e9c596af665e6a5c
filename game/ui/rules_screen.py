"""The rules in the app: a summary in the current language, in pages with headings (issue 10, part 6).

``RulesScreen(on_close=callable)`` is a blocking :class:`~game.ui.modal.Modal` that pauses the game:
``screen.push_modal(RulesScreen(on_close=...))`` opens it (the start menu and the Esc menu do).
Pages are tabs along the top (click one, or Left/Right, Tab); the page scrolls with the wheel,
Up/Down, PageUp/PageDown, Home/End; Esc (or the close button) pops it and calls ``on_close()``.

The pages are the game's: ``table.rules_pages(rules)`` (``game.ui.table.TableFrontEnd``) gives
``[(tab title, [(kind, text)])]`` in the current language (kind ``h`` a heading, ``c`` a card or piece
name, ``p`` a paragraph), asked again at each paint so a language switch shows at once; ``rules`` is
the ruleset whose numbers the text quotes (None: the game's default).
"""

from __future__ import annotations

from game.i18n import language, tr
from game.render.hud import DIM, INK, text_width
from game.ui import widgets
from game.ui.modal import Modal

GOLD = (255, 226, 150, 255)
HEADING, BODY = 13.0, 11.0


class RulesScreen(Modal):
    """A readable rules summary in pages; blocking, pauses the game, Esc closes."""

    blocking = True
    pauses = True
    LINE = 18.0  # body line height at scale 1 (pixels)

    def __init__(self, on_close=None, rules=None, *, table):
        self.on_close = on_close
        self.table = table
        self.rules = rules
        self.page = 0
        self.scroll = 0  # lines scrolled down from the top of the page
        self.max_scroll = 0  # known after a paint
        self.visible = 10  # body lines that fit, known after a paint
        self.closed = False
        self.hover = None

    # --- state ----------------------------------------------------------------------------
    def hud_key(self):
        return ("rules", self.page, self.scroll, language(), self.hover)

    def pages(self) -> list:
        """``[(tab title, [(kind, text)])]`` in the current language (remembered per language)."""
        if getattr(self, "_pages_for", None) != language():
            self._pages = list(self.table.rules_pages(self.rules)) or [("", [("p", "")])]
            self._pages_for = language()
        return self._pages

    def set_page(self, page: int):
        self.page = page % len(self.pages())
        self.scroll = 0

    def scroll_by(self, lines: int):
        self.scroll = max(0, min(self.scroll + lines, self.max_scroll))

    def close(self, screen):
        if self.closed:
            return
        self.closed = True
        screen.pop_modal(self)
        if self.on_close is not None:
            self.on_close()

    # --- input ----------------------------------------------------------------------------
    def on_key_press(self, screen, symbol, modifiers) -> bool:
        from pyglet.window import key
        if symbol == key.ESCAPE:
            self.close(screen)
        elif symbol == key.RIGHT or (symbol == key.TAB and not modifiers & key.MOD_SHIFT):
            self.set_page(self.page + 1)
        elif symbol == key.LEFT or symbol == key.TAB:
            self.set_page(self.page - 1)
        elif symbol == key.DOWN:
            self.scroll_by(1)
        elif symbol == key.UP:
            self.scroll_by(-1)
        elif symbol == key.PAGEDOWN or symbol == key.SPACE:
            self.scroll_by(max(1, self.visible - 1))
        elif symbol == key.PAGEUP:
            self.scroll_by(-max(1, self.visible - 1))
        elif symbol == key.HOME:
            self.scroll = 0
        elif symbol == key.END:
            self.scroll = self.max_scroll
        elif key._1 <= symbol <= key._9 and symbol - key._1 < len(self.pages()):
            self.set_page(symbol - key._1)
        return True

    def on_mouse_scroll(self, screen, x, y, scroll_x, scroll_y) -> bool:
        self.scroll_by(-3 * int(round(scroll_y)) if scroll_y else 0)
        return True

    def on_mouse_press(self, screen, x, y, button, modifiers) -> bool:
        r = screen.canvas.hit(x, y) if screen.canvas is not None else None
        if r is not None and r.key[0] == "rules-tab":
            self.set_page(r.key[1])
        elif r is not None and r.key[0] == "rules-close":
            self.close(screen)
        return True

    def on_mouse_motion(self, screen, x, y, dx, dy) -> bool:
        r = screen.canvas.hit(x, y) if screen.canvas is not None else None
        self.hover = r.key if r is not None and r.key[0] in ("rules-tab", "rules-close") else None
        return True

    # --- painting --------------------------------------------------------------------------
    def lines(self, width: float, scale: float) -> list:
        """``[(kind, text)]`` wrapped to ``width`` pixels: the page's lines, blank lines between blocks."""
        out, last = [], None
        for kind, text in self.pages()[self.page][1]:
            size = (HEADING if kind == "h" else BODY) * scale
            if out and (kind != "p" or last == "p"):  # a blank line before a heading and between paragraphs
                out.append(("gap", ""))
            out += [(kind, part) for part in widgets.wrap_lines(text, width, size)]
            last = kind
        return out

    def paint(self, screen, cv):
        s = cv.scale
        cv.layer = max(cv.layer, 4)
        cv.rect(0, 0, cv.width, cv.height, (8, 7, 6, 170))
        cv.region(0, 0, cv.width, cv.height, ("rules-panel",))
        w = min(cv.width - 24 * s, 940 * s)
        h = cv.height - 24 * s
        x, y = (cv.width - w) / 2, 12 * s
        cv.panel(x, y, w, h, color=(22, 19, 15, 250), edge=(255, 214, 120, 255))
        top = y + h
        cv.text(tr("rules.heading"), x + 20 * s, top - 30 * s, 17, GOLD, bold=True)
        close = tr("rules.close")
        bw = text_width(close, 10 * s) + 24 * s
        cv.button(x + w - bw - 12 * s, top - 38 * s, bw, 28 * s, close, ("rules-close",), size=10,
                  focused=self.hover == ("rules-close",))
        # the tabs
        tx, ty, th = x + 16 * s, top - 76 * s, 28 * s
        for i, (label, _) in enumerate(self.pages()):
            tw = text_width(label, 10.5 * s) + 22 * s
            if tx + tw > x + w - 16 * s:  # too many to fit: the rest wrap below would hide the text; shrink
                tw = max(40 * s, x + w - 16 * s - tx)
                label = widgets.fit_text(label, tw - 12 * s, 10.5 * s)
            current = i == self.page
            fill = (92, 80, 52, 250) if current else (48, 42, 34, 240)
            edge = (255, 214, 120, 255) if current or self.hover == ("rules-tab", i) else (120, 104, 80, 255)
            cv.rect(tx, ty, tw, th, fill, border=edge, border_w=2 if current else 1)
            cv.text(label, tx + tw / 2, ty + th / 2, 10.5, GOLD if current else INK, anchor_x="center",
                    anchor_y="center", bold=current)
            cv.region(tx, ty, tw, th, ("rules-tab", i))
            tx += tw + 6 * s
        # the page body
        body_top, body_bottom = ty - 14 * s, y + 34 * s
        line_h = self.LINE * s
        width = w - 60 * s
        lines = self.lines(width, s)
        self.visible = max(1, int((body_top - body_bottom) // line_h))
        self.max_scroll = max(0, len(lines) - self.visible)
        self.scroll = min(self.scroll, self.max_scroll)
        yy = body_top
        for kind, text in lines[self.scroll:self.scroll + self.visible]:
            yy -= line_h
            if kind == "h":
                cv.text(text, x + 24 * s, yy + 3 * s, HEADING, GOLD, bold=True)
            elif kind == "c":
                cv.text(text, x + 24 * s, yy + 3 * s, 12, (255, 236, 190, 255), bold=True)
            elif kind == "p":
                cv.text(text, x + 32 * s, yy + 3 * s, BODY, INK)
        # scroll bar and the hint
        if self.max_scroll:
            track = body_top - body_bottom
            bar = max(24 * s, track * self.visible / len(lines))
            pos = (track - bar) * self.scroll / self.max_scroll
            cv.rect(x + w - 14 * s, body_bottom, 5 * s, track, (60, 54, 46, 220))
            cv.rect(x + w - 14 * s, body_top - pos - bar, 5 * s, bar, (255, 214, 120, 230))
        cv.text(tr("rules.hint"), x + 20 * s, y + 12 * s, 9, DIM)
        cv.text(tr("rules.page_of", page=self.page + 1, pages=len(self.pages())), x + w - 20 * s, y + 12 * s, 9, DIM,
                anchor_x="right")


__all__ = ["RulesScreen"]
