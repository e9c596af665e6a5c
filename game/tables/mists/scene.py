"""A Two Mists view -> the pieces on the table (pure; reads only the view).

``mists_scene(view, marks=None, lang=None)`` seats the 3 or 4 players round the table (A south,
then clockwise); in front of each: the character card face down (face up once the rules reveal it:
a pass, the end), the life track 0..``life_max`` with its marker, the intimidation mark, the cards
taken laid face up in the order taken with their targets printed on them (the public record,
TM-5.4), passes as chits, and during a Scout a face-down chit for every pointing made (only the
viewer's own shows its target, TM-12.3).  In the centre: the leftover card face down, the action
and equipment decks with their counts, the display (A1-A3, E1-E2) face up.  ``marks`` carries the
UI's highlights and the greyed display cards of the viewing seat.

The viewer's own character shows in the HUD, never on the table: the table looks the same to
everyone but for what the rules have revealed (a hot-seat screen can be seen over a shoulder).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from game.i18n import language
from game.mists.model import EQUIPMENT_KINDS, SEAT_INDEX, SEATS
from game.render.pieces import Card, Face, Label, Mat, PieceScene, Token, Track

from .rules_text import _card_effect
from .words import card_word, char_name, joined, phrase, t

SEAT_COLOURS = ((0.70, 0.16, 0.12), (0.14, 0.36, 0.62), (0.18, 0.48, 0.22), (0.70, 0.52, 0.12))
ACTION_PAPER = (0.95, 0.92, 0.84)
EQUIP_PAPER = (0.86, 0.90, 0.95)
CHAR_ACCENT = (0.30, 0.22, 0.42)
BACK_PAPER = (0.28, 0.24, 0.34)
CHAR_ICON = {"monster": "怪", "knight": "騎", "witch": "魔", "saint": "聖", "fool": "愚"}
CARD_W, CARD_H = 1.0, 1.4
REC_W, REC_H = 0.78, 1.08
SEAT_RX, SEAT_RY = 5.4, 3.9
#: the side of the table (camera preset) each seat looks from, by player count


def seat_azimuth(i: int, n: int) -> float:
    """The camera azimuth (degrees, ``game.render.camera``: S 0, W 90, N 180, E 270) from behind seat
    ``i`` of ``n``: the four sides at four seats, a third of a turn apart at three."""
    return i * 360.0 / n


@dataclass
class Marks:
    """What the UI marks: ``highlight`` {piece key: highlight name}; ``grey`` keys (cards the
    viewer may not take, TM-5.1)."""
    highlight: dict = field(default_factory=dict)
    grey: set = field(default_factory=set)


def seat_angle(i: int, n: int) -> float:
    """Degrees (counter-clockwise from east) of seat ``i``: A south, then clockwise."""
    return -90.0 - i * 360.0 / n


def seat_frame(i: int, n: int):
    """(x, y, yaw) of seat ``i``'s place; yaw turns its cards to read from that seat."""
    a = math.radians(seat_angle(i, n))
    return SEAT_RX * math.cos(a), SEAT_RY * math.sin(a), seat_angle(i, n) + 90.0


def local(i: int, n: int, u: float, v: float):
    """World (x, y) of the point ``u`` to seat ``i``'s right and ``v`` toward the centre."""
    x, y, yaw = seat_frame(i, n)
    r = math.radians(yaw)
    return x + u * math.cos(r) - v * math.sin(r), y + u * math.sin(r) + v * math.cos(r)


def _label(text, px=(256, 64), ink=(0.96, 0.92, 0.84)) -> Face:
    return Face(title=text, paper=None, ink=ink, px=px, layout="label", border=False)


def card_face(view, card: str, lang: str, px=(200, 280)) -> Face:
    """A display or record card: its name, what it does (ruleset numbers), who may not take it."""
    rules = view.rules
    who = sorted(rules.forbid[card] & set(rules.characters(view.n)),
                 key=("monster", "knight", "witch", "saint", "fool").index)
    forbid = phrase("rules.card.forbid", chars=joined(char_name(c) for c in who)) if who \
        else phrase("rules.card.anyone")
    paper = EQUIP_PAPER if card in EQUIPMENT_KINDS else ACTION_PAPER
    return Face(title=card_word(card).text(lang), lines=(_card_effect(rules, card).text(lang),),
                footer=forbid.text(lang), paper=paper, accent=(0.45, 0.12, 0.10), px=px)


def char_face(char: str, lang: str) -> Face:
    return Face(title=char_name(char).text(lang), icon=CHAR_ICON[char], paper=(0.93, 0.90, 0.96),
                accent=CHAR_ACCENT, px=(200, 280))


def back_face(lang: str) -> Face:
    return Face(title=t("table.back", lang), icon="霧", paper=BACK_PAPER, ink=(0.92, 0.90, 0.96),
                accent=(0.75, 0.70, 0.85), px=(200, 280))


def _record_line(entry, lang) -> str:
    """What is printed under a taken card: its targets, heal, pointing, Combo choice."""
    parts = []
    if entry.heal is not None:
        parts.append("+" + SEATS[entry.heal])
    if entry.points is not None:
        parts.append(" ".join(f"{SEATS[s]}→{SEATS[p]}" for s, p in enumerate(entry.points)))
    if entry.target is not None:
        parts.append("→" + SEATS[entry.target])
    if entry.choice is not None:
        parts.append(t(f"table.choice.{entry.choice}", lang))
    return " ".join(parts)


def mists_scene(view, marks: Marks | None = None, lang: str | None = None) -> PieceScene:
    lang = lang or language()
    marks = marks or Marks()
    n = view.n
    rules = view.rules
    pieces = [Mat("centre", 0.0, -0.15, 5.8, 3.3, color=(0.20, 0.27, 0.24))]
    me = SEAT_INDEX[view.viewer] if view.viewer is not None else None
    for i in range(n):
        seat = SEATS[i]
        x, y, yaw = seat_frame(i, n)
        colour = SEAT_COLOURS[i]
        mx, my = local(i, n, 0.0, 0.55)
        pieces.append(Mat(("seatmat", seat), mx, my, 5.2, 2.5, color=tuple(c * 0.45 for c in colour), yaw=yaw,
                          highlight="selected" if i == view.active and view.result is None else None))
        char = view.chars[i] if (view.revealed[i] or view.result is not None) else None
        cx, cy = local(i, n, -1.9, 0.0)
        pieces.append(Card(("char", seat), cx, cy, char_face(char, lang) if char else back_face(lang), back_face(lang),
                           w=CARD_W, h=CARD_H, z=0.01, yaw=yaw, flip=0.0 if char else 1.0))
        name = seat
        lx, ly = local(i, n, -1.9, -0.95)
        pieces.append(Label(("name", seat), lx, ly, _label(name, ink=tuple(min(1.0, c + 0.35) for c in colour)),
                            w=1.2, h=0.3, z=0.01, yaw=yaw))
        # life track 0..top, read from the seat's side
        top = rules.life_max if rules.life_max is not None else max(rules.life_start, max(view.life))
        cells = tuple(str(k) for k in range(top + 1))
        cell = 0.3
        tx, ty = local(i, n, -1.0, -0.95)
        pieces.append(Track(("life", seat), tx, ty, labels=cells, value=min(view.life[i], top), cell=cell, yaw=yaw,
                            marker_color=colour))
        if view.marks[i]:
            kx, ky = local(i, n, -1.0, -0.45)
            pieces.append(Token(("mark", seat), kx, ky, "chit", (0.95, 0.80, 0.45), 0.36, z=0.01, yaw=yaw,
                                face=Face(title=t("table.mark", lang), paper=(0.95, 0.80, 0.45), px=(96, 96),
                                          layout="label")))
        if view.pointing is not None and view.pointing[i] is not None:
            px_, py_ = local(i, n, -1.9, 0.95)
            p = view.pointing[i]
            text = ("→" + SEATS[p]) if (i == me and p != "?") else "?"
            pieces.append(Token(("point", seat), px_, py_, "chit", (0.85, 0.85, 0.90), 0.4, z=0.01, yaw=yaw,
                                face=Face(title=text, paper=(0.85, 0.85, 0.90), px=(96, 96), layout="label")))
        # the record: cards taken, in order, face up, in rows of 6 toward the centre
        for k, entry in enumerate(view.records[i]):
            row, col = divmod(k, 4)
            rx, ry = local(i, n, -1.0 + col * (REC_W + 0.06) + REC_W / 2, 0.05 + row * (REC_H * 0.45))
            key = ("rec", seat, k)
            if entry.card == "pass":
                pieces.append(Token(key, rx, ry, "chit", (0.80, 0.30, 0.25), 0.5, z=0.01 + row * 0.01, yaw=yaw,
                                    face=Face(title=card_word("pass").text(lang), lines=(f"T{entry.turn}",),
                                              paper=(0.80, 0.30, 0.25), ink=(1, 1, 1), px=(128, 128),
                                              layout="label")))
                continue
            face = card_face(view, entry.card, lang, px=(136, 188))
            face = Face(title=face.title, corner=f"{entry.turn}", footer=_record_line(entry, lang), paper=face.paper,
                        accent=face.accent, px=face.px)
            pieces.append(Card(key, rx, ry, face, None, w=REC_W, h=REC_H, z=0.01 + row * 0.012, yaw=yaw))
    # the centre: the display in a row, the leftover card and the two decks below it, turned to be
    # read from the viewer's side of the table
    first_centre = len(pieces)
    left = view.leftover if view.result is not None else None
    pieces.append(Card("leftover", -1.3, -0.95, char_face(left, lang) if left else back_face(lang), back_face(lang),
                       w=0.62, h=0.87, z=0.02, flip=0.0 if left else 1.0))
    pieces.append(Label("leftover_label", -1.3, -1.52, _label(t("table.leftover", lang)), w=1.1, h=0.24, z=0.03))
    for name, x, pile, paper in (("actions", -0.1, view.apile, ACTION_PAPER),
                                 ("equipment", 1.1, view.epile, EQUIP_PAPER)):
        count = sum(pile)
        deck_face = Face(title=t(f"table.deck.{name}", lang), paper=paper, px=(160, 222), layout="label")
        for k in range(min(count, 5)):
            pieces.append(Card((name, "deck", k), x, -0.95, deck_face, deck_face, w=0.62, h=0.87,
                               z=0.02 + k * 0.02, flip=1.0))
        pieces.append(Label((name, "count"), x, -1.52, _label(t("table.deck_count", lang, n=count)), w=1.1, h=0.24,
                            z=0.03))
    for k, slot in enumerate(rules.slots):
        card = view.display[k]
        gap = 0.3 if k >= rules.action_slots else 0.0
        sx = (k - (len(rules.slots) - 1) / 2) * 0.98 + gap - 0.15
        pieces.append(Label(("slotname", slot), sx, 1.12, _label(slot), w=0.6, h=0.22, z=0.03))
        if card is not None:
            pieces.append(Card(("slot", slot), sx, 0.35, card_face(view, card, lang), None, w=0.94, h=1.32, z=0.02))
    spin = -seat_azimuth(SEAT_INDEX[view.viewer], n) if view.viewer in SEAT_INDEX else 0.0
    if spin:
        c, sn = math.cos(math.radians(spin)), math.sin(math.radians(spin))
        for p in pieces[first_centre:]:
            p.x, p.y = p.x * c - p.y * sn, p.x * sn + p.y * c
            p.yaw = p.yaw + spin
    hl, grey = marks.highlight, marks.grey
    for p in pieces:
        if p.key in hl:
            p.highlight = hl[p.key]
        if p.key in grey:
            p.grey = True
    return PieceScene(pieces)


def pointing_scene(view, points, marks: Marks | None = None, lang: str | None = None) -> PieceScene:
    """The table at the moment the Scout pointings are turned up together (TM-7.2): ``view`` before
    the last pointing, every seat's chit showing its target (``points``: one seat letter per seat)."""
    scene = mists_scene(view, marks, lang)
    scene.pieces = [p for p in scene.pieces if not (isinstance(p.key, tuple) and p.key[0] == "point")]
    for i, target in enumerate(points):
        x, y = local(i, view.n, -1.9, 0.95)
        _, _, yaw = seat_frame(i, view.n)
        scene.pieces.append(Token(("point", SEATS[i]), x, y, "chit", (0.95, 0.85, 0.55), 0.4, z=0.01, yaw=yaw,
                                  face=Face(title="→" + target, paper=(0.95, 0.85, 0.55), px=(96, 96),
                                            layout="label")))
    return scene


__all__ = ["Marks", "mists_scene", "pointing_scene", "seat_frame", "local", "card_face"]
