"""The rules in the app: a summary in the current language, in pages with headings (issue 10, part 6).

``RulesScreen(on_close=callable)`` is a blocking :class:`~game.ui.modal.Modal` that pauses the game:
``screen.push_modal(RulesScreen(on_close=...))`` opens it (the start menu and the Esc menu do).
Pages are tabs along the top (click one, or Left/Right, Tab); the page scrolls with the wheel,
Up/Down, PageUp/PageDown, Home/End; Esc (or the close button) pops it and calls ``on_close()``.

The words are catalog keys ``rules.*`` (``game/i18n/<lang>/rules.po``), read at paint time, with
the numbers filled from a Trench War ruleset (the default one unless given), and the card list
(kinds and counts) from the rules package's starting hand, each card told by its ``card.<kind>.help``.
"""

from __future__ import annotations

from game.i18n import language, tr
from game.render.hud import DIM, INK, text_width
from game.ui import widgets
from game.ui.modal import Modal

#: Pages in order: (tab key, [catalog keys; a key whose last part starts with ``h_`` is a heading]).
#: The cards page is built from the card list instead (:func:`card_blocks`).
PAGES = (
    ("aim", ("rules.aim.h_goal", "rules.goal", "rules.aim.h_points", "rules.aim.points", "rules.aim.penalty",
             "rules.aim.h_judgement", "rules.aim.judgement", "rules.aim.h_hidden", "rules.hidden")),
    ("round", ("rules.round.h_setup", "rules.round.setup", "rules.round.h_phases", "rules.round.p1",
               "rules.round.p2", "rules.round.p3", "rules.round.p4", "rules.round.p5", "rules.round.h_turn",
               "rules.round.turn1", "rules.round.turn2")),
    ("cards", ()),
    ("board", ("rules.board.h_board", "rules.board", "rules.board.h_move", "rules.board.move",
               "rules.board.h_trench", "rules.board.trench", "rules.board.h_assault", "rules.board.assault",
               "rules.board.h_death", "rules.board.death", "rules.board.h_cubes", "rules.board.cubes")),
    ("weapons", ("rules.weapons.h_gun", "rules.weapons.gun", "rules.weapons.h_gas", "rules.gas",
                 "rules.weapons.h_bomb", "rules.weapons.bomb", "rules.weapons.h_kit", "rules.weapons.kit",
                 "rules.weapons.h_wind", "rules.weapons.wind")),
    ("variants", ("rules.variants.h_first", "rules.variants.first", "rules.variants.h_civilians",
                  "rules.variants.civilians", "rules.variants.h_guerrillas", "rules.variants.guerrillas",
                  "rules.variants.h_teams", "rules.variants.teams")),
)

GOLD = (255, 226, 150, 255)
HEADING, BODY = 13.0, 11.0


def is_heading(key: str) -> bool:
    return key.rsplit(".", 1)[-1].startswith("h_")


def rule_values(rules=None) -> dict:
    """The numbers the rules text quotes, from ``rules`` (default: Trench War's default ruleset)."""
    if rules is None:
        from game.trench.ruleset import Ruleset
        rules = Ruleset()
    from game.trench.state import START_HAND
    return {"target_2p": rules.target(2), "target": rules.target(3), "soldiers": rules.soldiers_per_player,
            "kill_points": rules.kill_points, "base_points": rules.base_points,
            "escape_2p": rules.escape_value(2), "escape_3p": rules.escape_value(3),
            "dead_2p": rules.judgement_dead(2), "dead_3p": rules.judgement_dead(3), "dead_4p": rules.judgement_dead(4),
            "sink": rules.sink_after_round, "cubes": rules.max_cubes_carried, "gun_range": rules.gun_range,
            "gun_range_short": max(0, rules.gun_range - rules.night_range_penalty), "gun_rounds": rules.gun_rounds,
            "gas_shots": rules.gas_shots, "bomb_range": rules.bomb_range, "bombs": rules.bombs,
            "total": sum(START_HAND)}


def card_list():
    """``[(kind, count)]`` of a starting hand, in the cards' order (from the rules package)."""
    from game.trench.state import ACTION_CARDS, START_HAND
    return [(k, ACTION_CARDS.count(START_HAND, k)) for k in ACTION_CARDS.kinds if ACTION_CARDS.count(START_HAND, k)]


def card_blocks(values) -> list:
    """The cards page: a heading, then each card's name and count and what it does."""
    blocks = [("h", tr("rules.cards", **values))]
    for kind, count in card_list():
        name = tr(f"card.{kind}")
        title = tr("rules.card_title.1", name=name) if count == 1 else tr("rules.card_title", name=name, count=count)
        blocks += [("c", title), ("p", tr(f"card.{kind}.help"))]
    return blocks


def page_blocks(page: int, values) -> list:
    """``[(kind, text)]`` of one page in the current language: ``h`` heading, ``c`` card name, ``p`` text."""
    name, keys = PAGES[page]
    if name == "cards":
        return card_blocks(values)
    return [("h" if is_heading(k) else "p", tr(k, **values)) for k in keys]


class RulesScreen(Modal):
    """A readable rules summary in pages; blocking, pauses the game, Esc closes."""

    blocking = True
    pauses = True
    LINE = 18.0  # body line height at scale 1 (pixels)

    def __init__(self, on_close=None, rules=None):
        self.on_close = on_close
        self.values = rule_values(rules)
        self.page = 0
        self.scroll = 0  # lines scrolled down from the top of the page
        self.max_scroll = 0  # known after a paint
        self.visible = 10  # body lines that fit, known after a paint
        self.closed = False
        self.hover = None

    # --- state ----------------------------------------------------------------------------
    def hud_key(self):
        return ("rules", self.page, self.scroll, language(), self.hover)

    def set_page(self, page: int):
        self.page = page % len(PAGES)
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
        elif key._1 <= symbol <= key._9 and symbol - key._1 < len(PAGES):
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
        for kind, text in page_blocks(self.page, self.values):
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
        for i, (name, _) in enumerate(PAGES):
            label = tr(f"rules.tab.{name}")
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
        cv.text(tr("rules.page_of", page=self.page + 1, pages=len(PAGES)), x + w - 20 * s, y + 12 * s, 9, DIM,
                anchor_x="right")


__all__ = ["PAGES", "RulesScreen", "card_list", "page_blocks", "rule_values"]
