"""The HUD a simple card table paints (generic): a top bar, a panel of sentences, the choice list,
the log, the pop-up menu, the game-over panel and the hover tip.

A table's ``paint(screen, cv)`` calls :func:`paint_table_hud` with its own words::

    paint_table_hud(table, screen, cv, head="Two Mists — turn 4: B", right="A 7 · B 5 · ...",
                    lines=[(text, colour, size), ...], extra=callable(cv, y) -> y)

A table may define ``button_tip(action, view) -> str``: the hover tip of that choice button.
``lines`` go into the bottom-left panel (the prompt, hints, previews); ``extra`` paints more widgets
above it (a hand with plot slots) and returns the y it reached.  A face-up card under the mouse is
read out in a panel beside it (:func:`card_reader_lines`: its printed title, lines and footer, in
type a person reads at 1280x720 however small the card lies from the camera).  Regions: ``("panel",)``, the
shell's ``("choice", i)``, ``("log", i)``, ``("menu", i)``, ``("new-game",)``, ``("quit",)``.
"""

from __future__ import annotations

from game.render.hud import text_width
from game.ui import widgets

GOLD = (255, 226, 150, 255)
PALE = (236, 228, 210, 255)
GREY = (160, 150, 140, 255)
RED = (255, 140, 120, 255)
CYAN = (190, 240, 255, 255)


def card_reader_lines(screen) -> list:
    """What the face-up card under the mouse says (``[title, line, ..., footer]``), or []: read
    from the scene the shown seat's view built, so it holds only what that seat sees (a face-down
    card reads nothing)."""
    from game.render.pieces.model import Card
    key = getattr(screen.hover_pick, "key", None)
    find = getattr(screen.scene, "find", None)
    if key is None or find is None or screen.curtain is not None:
        return []
    piece = find(key)
    if not isinstance(piece, Card) or piece.front is None or piece.flip >= 0.5:
        return []
    face = piece.front
    return [x for x in (face.title, *face.lines, face.footer) if x]


def _paint_card_reader(screen, cv) -> None:
    rows = card_reader_lines(screen)
    if not rows or screen.mouse_px is None:
        return
    s = cv.scale
    width = 340 * s
    wrapped = [(line, i == 0) for i, text in enumerate(rows)
               for line in widgets.wrap_lines(text, width - 20 * s, (13 if i == 0 else 11) * s)]
    h = sum((13 if bold else 11) * 1.45 * s for _, bold in wrapped) + 14 * s
    mx, my = screen.mouse_px
    x = min(mx + 18 * s, cv.width - width - 4 * s)
    y = max(4 * s, min(my - h / 2, cv.height - 48 * s - h))
    cv.panel(x, y, width, h, color=(250, 244, 228, 240))
    yy = y + h - 7 * s
    for text, bold in wrapped:
        size = 13 if bold else 11
        yy -= size * 1.45 * s
        cv.text(text, x + 10 * s, yy + 3 * s, size, (40, 30, 24, 255), bold=bold)


def paint_lines(cv, x, y, width, lines) -> float:
    """A panel of wrapped ``(text, colour, size)`` rows from ``y`` up; returns the top y."""
    s = cv.scale
    rows = []
    for text, colour, size in lines:
        for part in widgets.wrap_lines(text, width - 20 * s, size * s):
            rows.append((part, colour, size))
    if not rows:
        return y
    h = sum(r[2] * 1.6 for r in rows) * s + 12 * s
    cv.panel(x, y, width, h, color=(20, 18, 16, 225))
    cv.region(x, y, width, h, ("panel",))
    yy = y + h - 8 * s
    for text, colour, size in rows:
        yy -= size * 1.6 * s
        cv.text(text, x + 10 * s, yy + 3 * s, size, colour)
    return y + h


def paint_table_hud(table, screen, cv, head: str, right: str = "", lines=(), extra=None,
                    choices_title: str = "", menu_title: str = "") -> None:
    s = cv.scale
    view, ctl = screen.view, screen.ctl
    log_w = 300 * s if screen.show_log else 0
    top_h = 44 * s
    cv.panel(0, cv.height - top_h, cv.width, top_h, color=(20, 18, 16, 230))
    cv.region(0, cv.height - top_h, cv.width, top_h, ("panel",))
    cv.text(head, 12 * s, cv.height - 28 * s, 13, GOLD, bold=True)
    if right:
        cv.text(right, cv.width - 12 * s, cv.height - 28 * s, 11, PALE, anchor_x="right")
    width = min(cv.width - log_w - 20 * s, 600 * s)
    y = 8 * s
    if extra is not None:
        y = extra(cv, y) + 6 * s
    y = paint_lines(cv, 8 * s, y, width, list(lines)) + 6 * s
    imap = screen.input_map()
    if imap is not None and imap.buttons:
        labels = [table.words(a, view) for a in imap.buttons]
        tip_of = getattr(table, "button_tip", None)
        tips = [tip_of(a, view) for a in imap.buttons] if tip_of is not None else None
        bw = min(cv.width - log_w - 24 * s, max(280 * s, max(text_width(t, 10 * s) for t in labels) + 36 * s))
        widgets.paint_choices(cv, 8 * s, y + (24 * min(len(labels), 6) + 40) * s, bw, labels,
                              focus=screen.focus if screen.actor == "none" else None,
                              first=screen.choice_first, max_rows=6, title=choices_title or None, tips=tips)
    if screen.show_log:
        m = screen.log_model
        n = widgets.paint_log(cv, cv.width - log_w, 8 * s, log_w - 4 * s, cv.height - top_h - 16 * s, m["groups"],
                              scroll=screen.log_scroll, hover=screen.log_hover)
        screen.log_scroll = min(screen.log_scroll, max(0, n))
    cv.layer = 2
    if screen.menu is not None:
        labels = [table.words(a, view) for a in screen.menu["actions"]]
        widgets.paint_menu(cv, screen.menu["x"], screen.menu["y"], labels, screen.menu["focus"],
                           title=menu_title or None)
    if ctl.is_over() and screen.anim is None:
        widgets.paint_game_over(cv, table.end_lines(screen), to_menu=screen.on_game_over_quit is not None)
    hov = screen.hover_region
    if hov is None and screen.menu is None:
        cv.layer = 3
        _paint_card_reader(screen, cv)
    if hov is not None and hov.tip:
        cv.layer = 3
        tl = widgets.wrap_lines(hov.tip, 380 * s, 10 * s)
        w = max(text_width(t, 10 * s) for t in tl) + 16 * s
        h = len(tl) * 15 * s + 10 * s
        x = min(hov.x + hov.w + 8 * s, cv.width - w - 4)
        yb = min(hov.y, cv.height - h - 4)
        cv.panel(x, yb, w, h, color=(10, 10, 10, 235))
        for i, t in enumerate(tl):
            cv.text(t, x + 8 * s, yb + h - 16 * s - i * 15 * s, 10)
