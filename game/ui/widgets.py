"""Generic HUD widgets for any game on the table: cards, a choice list, a pop-up menu,
the log panel, the privacy curtain and the game-over panel.

Each ``paint_*`` function draws onto a :class:`game.render.hud.HudCanvas` and adds its
click regions; region keys are tuples whose first item names the widget
(``("choice", i)``, ``("menu", i)``, ``("log", i)``, ``("card", kind)``, ...).
Strings come from the caller, except the few in ``TEXT`` (catalog keys ``ui.widgets.*``).
"""

from __future__ import annotations

import unicodedata

from game.render.hud import DIM, INK, PANEL, PANEL_EDGE, text_width
from game.ui.uitext import Texts

TEXT = Texts("ui.widgets")  # the catalog keys ui.widgets.*, read at paint time


def rgb255(c, alpha=255):
    return (int(c[0] * 255), int(c[1] * 255), int(c[2] * 255), alpha)


def paint_card(cv, x, y, w, h, icon, name, count=None, enabled=True, focused=False, key=None,
               tip="", face=(236, 226, 200, 250), back=False, mark=None):
    """A playing card: an icon, a name and ``×n``; ``back`` draws the face-down back."""
    s = cv.scale
    edge = (255, 210, 90, 255) if focused else (90, 74, 50, 255)
    if back:
        cv.rect(x, y, w, h, (92, 40, 34, 245), border=edge, border_w=2)
        cv.rect(x + 5 * s, y + 5 * s, w - 10 * s, h - 10 * s, (120, 58, 48, 245))
        cv.text("?", x + w / 2, y + h / 2, 14, (230, 200, 170, 255), anchor_x="center", anchor_y="center")
    else:
        fill = face if enabled else (120, 114, 104, 220)
        cv.rect(x, y, w, h, fill, border=edge, border_w=3 if focused else 1)
        ink = (40, 30, 20, 255) if enabled else (70, 66, 60, 255)
        cv.text(icon, x + w / 2, y + h * 0.60, 20, ink, anchor_x="center", anchor_y="center")
        cv.text(name, x + w / 2, y + 14 * s, 8.5, ink, anchor_x="center", anchor_y="center")
        if count is not None and count > 1:
            cv.text(f"×{count}", x + w - 4 * s, y + h - 12 * s, 9, ink, anchor_x="right", anchor_y="center",
                    bold=True)
        if mark:
            cv.text(mark, x + 4 * s, y + h - 12 * s, 7.5, (150, 30, 20, 255), anchor_y="center", bold=True)
    if key is not None:
        cv.region(x, y, w, h, key, tip)


def choice_lines(label, w, scale, wrap=False):
    """The lines a choice row shows in a list ``w`` wide: one line cut with ``…``, or with ``wrap``
    up to two (the second cut with ``…``), so a long choice never runs to the panel's edge."""
    inner, size = w - 34 * scale, 10 * scale  # 12 before the text, 22 after it to the panel's edge
    total = text_width(label, size)
    if not wrap or total <= inner:
        return [fit_text(label, inner, size)]
    # two lines of about the same length, broken after a comma or at a space where one is (never a
    # lone "る" on the second line, nor 毒ガ|ス)
    best = None
    for i, ch in enumerate(label):
        if ch in _BREAK_AFTER and 0 < i < len(label) - 1:
            first, rest = label[:i + 1].rstrip(), label[i + 1:].lstrip()
            longest = max(text_width(first, size), text_width(rest, size))
            if longest <= inner and (best is None or longest < best[0]):
                best = (longest, first, rest)
    if best is not None:
        return [best[1], best[2]]
    width = total / 2
    while width < inner and len(wrap_lines(label, width, size)) > 2:
        width = min(inner, width + 8 * scale)
    first = wrap_lines(label, width, size)[0]
    return [first, fit_text(label[len(first):].lstrip(), inner, size)]


#: Where a two-line choice prefers to break: after these.
_BREAK_AFTER = set(" 、，,・")


def choice_row_h(n_lines, scale):
    """The height of a choice row of ``n_lines`` lines."""
    return (24 + 14 * (n_lines - 1)) * scale


def paint_choices(cv, x, y_top, w, labels, focus=None, first=0, max_rows=10, title=None, tips=None, wrap=False):
    """A vertical list of choice buttons from ``y_top`` down; rows ``first..first+max_rows``
    (``wrap``: a long label takes two lines, see :func:`choice_lines`).

    Regions: ``("choice", i)`` per visible row, ``("choice-up",)`` / ``("choice-down",)``.
    Returns the bottom y.
    """
    s = cv.scale
    rows = [choice_lines(label, w, s, wrap) for label in labels[first:first + max_rows]]
    head = 22 * s if title else 0
    more = len(labels) > max_rows
    h = head + sum(choice_row_h(len(r), s) for r in rows) + (2 * 16 * s if more else 0) + 8 * s
    y0 = y_top - h
    cv.panel(x, y0, w, h)
    y = y_top - 4 * s
    if title:
        cv.text(title, x + 8 * s, y - 14 * s, 10.5, (255, 226, 150, 255), bold=True)
        y -= head
    if more:
        cv.text(TEXT["more_up"] if first > 0 else "", x + w / 2, y - 8 * s, 8, DIM, anchor_x="center",
                anchor_y="center")
        cv.region(x, y - 16 * s, w, 16 * s, ("choice-up",))
        y -= 16 * s
    for i, lines in enumerate(rows):
        idx = first + i
        row = choice_row_h(len(lines), s)
        y -= row
        cut = lines[-1].endswith("…") and not labels[idx].endswith("…")  # the whole label in its tip
        cv.button(x + 4 * s, y + 2 * s, w - 8 * s, row - 3 * s, "", ("choice", idx), focused=(idx == focus),
                  tip=(tips[idx] if tips else "") or (labels[idx] if cut else ""))
        for k, line in enumerate(lines):
            cv.text(line, x + 12 * s, y + row / 2 + (len(lines) - 1 - 2 * k) * 7 * s, 10, INK, anchor_y="center")
    if more:
        cv.text(TEXT["more_down"] if first + max_rows < len(labels) else "", x + w / 2, y - 8 * s, 8, DIM,
                anchor_x="center", anchor_y="center")
        cv.region(x, y - 16 * s, w, 16 * s, ("choice-down",))
    return y0


def paint_menu(cv, x, y, labels, focus=0, title=None):
    """A small pop-up menu whose top-left is near (x, y), kept on screen.  Regions ``("menu", i)``."""
    s = cv.scale
    w = max([text_width(t, 10.5 * s) for t in labels] + [text_width(title or "", 10.5 * s)]) + 30 * s
    row = 26 * s
    h = row * len(labels) + (24 * s if title else 0) + 10 * s
    x = min(max(x, 4), cv.width - w - 4)
    y = min(max(y, h + 4), cv.height - 4)
    cv.panel(x, y - h, w, h, color=(26, 22, 18, 240), edge=(255, 214, 120, 255))
    yy = y - 5 * s
    if title:
        cv.text(title, x + 10 * s, yy - 15 * s, 10.5, (255, 226, 150, 255), bold=True)
        yy -= 24 * s
    for i, label in enumerate(labels):
        yy -= row
        cv.button(x + 5 * s, yy + 2 * s, w - 10 * s, row - 4 * s, "", ("menu", i), focused=(i == focus))
        cv.text(label, x + 14 * s, yy + row / 2, 10.5, INK, anchor_y="center")


#: Characters a line never starts with (closing punctuation, small kana) and never ends with
#: (opening brackets): Japanese line breaking (kinsoku) in its simplest form.
_NO_START = set("、。，．・：；？！）」』】〕］｝〉》”’ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ…‥々〜,.:;!?)]}")
_NO_END = set("（「『【〔［｛〈《“‘([{")


def _wide(ch) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def break_units(text):
    """``[(unit, space_before)]``: the pieces a line may break between.  Latin words stay whole;
    Japanese breaks between any two characters, except before closing punctuation or after an
    opening bracket."""
    units = []
    space = False
    for ch in str(text):
        if ch.isspace():
            space = True
            continue
        if units and not space:
            prev = units[-1][0]
            if ch in _NO_START or prev[-1] in _NO_END or not (_wide(ch) or _wide(prev[-1])):
                units[-1] = (prev + ch, units[-1][1])
                continue
        units.append((ch, space and bool(units)))
        space = False
    return units


def wrap_lines(text, width, size):
    """Greedy line breaking by measured width (``text_width``): at spaces in Latin text and between
    characters in Japanese (see :func:`break_units`)."""
    lines, cur = [], ""
    for unit, space in break_units(text):
        trial = f"{cur} {unit}" if (cur and space) else cur + unit
        if cur and text_width(trial, size) > width:
            lines.append(cur)
            cur = unit
        else:
            cur = trial
    if cur:
        lines.append(cur)
    return lines or [""]


def fit_text(text, width, size, keep_end=False):
    """``text`` cut with ``…`` so that it measures at most ``width`` (unchanged when it fits);
    ``keep_end`` cuts at the start instead (a path's end is what tells files apart)."""
    text = str(text)
    if text_width(text, size) <= width:
        return text
    if keep_end:
        while text and text_width("…" + text, size) > width:
            text = text[1:]
        return "…" + text.lstrip()
    while text and text_width(text + "…", size) > width:
        text = text[:-1]
    return text.rstrip() + "…"


def paint_log(cv, x, y, w, h, groups, scroll=0, hover=None, title=None):
    """The log panel: ``groups`` is ``[(title, [(entry_id, text), ...]), ...]`` oldest first.

    The newest lines sit at the bottom; ``scroll`` lines back from the end.  Regions
    ``("log", entry_id)`` per visible entry and ``("log-panel",)`` for the wheel.
    Returns the number of lines in the whole log (for clamping ``scroll``).
    """
    s = cv.scale
    cv.panel(x, y, w, h)
    cv.region(x, y, w, h, ("log-panel",))
    cv.text(title or TEXT["log"], x + 10 * s, y + h - 18 * s, 11, (255, 226, 150, 255), bold=True)
    size = 9.5
    line_h = 15 * s
    inner = w - 22 * s
    lines = []  # (kind, text, entry_id)
    for gtitle, entries in groups:
        lines.append(("head", gtitle, None))
        for eid, text in entries:
            for k, part in enumerate(wrap_lines(text, inner - 10 * s, size * s)):
                lines.append(("entry", ("• " if k == 0 else "  ") + part, eid))
    if not lines:
        lines.append(("head", TEXT["log_empty"], None))
    visible = max(1, int((h - 34 * s) // line_h))
    scroll = max(0, min(scroll, max(0, len(lines) - visible)))
    end = len(lines) - scroll
    start = max(0, end - visible)
    yy = y + h - 30 * s
    spans = {}
    for kind, text, eid in lines[start:end]:
        yy -= line_h
        if kind == "head":
            cv.text(text, x + 10 * s, yy + 3 * s, size, (255, 214, 140, 255), bold=True)
        else:
            if eid == hover:
                cv.rect(x + 6 * s, yy, w - 12 * s, line_h, (90, 80, 50, 200))
            cv.text(text, x + 14 * s, yy + 3 * s, size, INK)
            lo, hi = spans.get(eid, (yy, yy + line_h))
            spans[eid] = (min(lo, yy), max(hi, yy + line_h))
    for eid, (lo, hi) in spans.items():
        cv.region(x + 6 * s, lo, w - 12 * s, hi - lo, ("log", eid))
    if start > 0:
        cv.text(TEXT["more_up"], x + w - 10 * s, y + h - 18 * s, 8, DIM, anchor_x="right")
    return len(lines)


def paint_curtain(cv, name, color):
    """Full-screen, opaque: nothing of the table, HUD or log shows through."""
    cv.rect(0, 0, cv.width, cv.height, (14, 12, 10, 255))
    r, g, b = color[:3]
    band = 120 * cv.scale
    cv.rect(0, cv.height / 2 - band / 2, cv.width, band, (r * 2 // 3, g * 2 // 3, b * 2 // 3, 255))
    cv.rect(0, cv.height / 2 - band / 2, cv.width, 6 * cv.scale, (r, g, b, 255))
    cv.rect(0, cv.height / 2 + band / 2 - 6 * cv.scale, cv.width, 6 * cv.scale, (r, g, b, 255))
    cv.text(TEXT["pass_to"].format(name=name), cv.width / 2, cv.height / 2 + 12 * cv.scale, 30,
            INK, anchor_x="center", anchor_y="center", bold=True)
    cv.text(TEXT["press_key"].format(name=name), cv.width / 2, cv.height / 2 - 34 * cv.scale, 13, INK,
            anchor_x="center", anchor_y="center")
    cv.text(TEXT["hidden"], cv.width / 2, cv.height / 2 - 90 * cv.scale, 11, DIM, anchor_x="center",
            anchor_y="center")
    cv.region(0, 0, cv.width, cv.height, ("curtain",))


def paint_game_over(cv, lines, title=None, to_menu=False):
    """A central panel: the winner and the reasons, then New game / Quit (``to_menu``: Menu) buttons."""
    s = cv.scale
    w = min(cv.width - 40 * s, 620 * s)
    body = []
    for line in lines:
        body += wrap_lines(line, w - 40 * s, 11 * s)
    h = (70 + 18 * len(body) + 60) * s
    x, y = (cv.width - w) / 2, (cv.height - h) / 2 + 30 * s
    cv.panel(x, y, w, h, color=(22, 18, 14, 240), edge=(255, 214, 120, 255))
    cv.text(title or TEXT["game_over"], x + w / 2, y + h - 30 * s, 20, (255, 226, 150, 255), anchor_x="center",
            anchor_y="center", bold=True)
    yy = y + h - 62 * s
    for line in body:
        cv.text(line, x + 20 * s, yy, 11, INK)
        yy -= 18 * s
    bw = 170 * s
    cv.button(x + w / 2 - bw - 10 * s, y + 14 * s, bw, 32 * s, TEXT["new_game"], ("new-game",))
    cv.button(x + w / 2 + 10 * s, y + 14 * s, bw, 32 * s, TEXT["to_menu" if to_menu else "quit"], ("quit",))


__all__ = ["TEXT", "break_units", "choice_lines", "choice_row_h", "fit_text", "paint_card", "paint_choices", "paint_curtain", "paint_game_over", "paint_log",
           "paint_menu", "rgb255", "wrap_lines", "PANEL", "PANEL_EDGE"]
