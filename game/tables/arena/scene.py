"""An Immortal Arena view -> the pieces on the table (pure; reads only the view: it hides nothing).

``arena_scene(view, marks)`` lays out the six unit cards in their rows (name, icon and actions
printed from the ruleset's unit table), a wooden pawn standing on each living unit and lying on
each fallen one (whose card is greyed), damage (or strike) and spirit counters stacked on the card
with their count on top, markers for healing and for each reason a unit is restricted (pinned
足止め / bound 拘束, IA-8.3; activated last turn, IA-4.3), the provisions bank and each player's
provisions as wooden discs with readable counts, waza-ari tokens (or a points track per player
in the ``dice`` ruleset), and the dice last rolled.  ``marks`` carries the UI's highlights.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import language, tr
from game.render.pieces import Card, Die, Face, Label, Mat, PieceScene, Token, Track

from . import layout as L
from .words import act_name, unit_type_name

SEAT_ACCENT = ((0.62, 0.14, 0.10), (0.12, 0.26, 0.55))
SEAT_PAWN = ((0.78, 0.16, 0.12), (0.16, 0.36, 0.78))
ROW_FELT = (((0.40, 0.20, 0.17), (0.34, 0.17, 0.15), (0.29, 0.15, 0.13)),
            ((0.17, 0.24, 0.38), (0.15, 0.21, 0.33), (0.13, 0.18, 0.29)))
DAMAGE_COLOR = (0.80, 0.12, 0.10)
STRIKE_COLOR = (0.35, 0.12, 0.45)
SPIRIT_COLOR = (0.15, 0.45, 0.85)
PROVISION_COLOR = (0.84, 0.60, 0.28)
WAZA_COLOR = (0.93, 0.76, 0.22)
WHITE = (1.0, 1.0, 1.0)
ICONS = {"cavalry": "shape:horse", "infantry": "shape:arrow", "artillery": "shape:cannon",
         "warrior": "shape:sword", "fire_mage": "shape:flame", "ice_mage": "shape:snow"}
DISC_R = 0.11
DISC_H = 0.3 * DISC_R


@dataclass
class Marks:
    """What the UI marks on the table: ``highlight`` {piece key: highlight name}, ``grey`` keys,
    ``dice`` the faces last rolled and ``roll`` (0..1, 1 settled) of their roll."""
    highlight: dict = field(default_factory=dict)
    grey: set = field(default_factory=set)
    dice: tuple = ()
    roll: float = 1.0


def unit_key(uid: str) -> tuple:
    return ("unit", uid)


def count_face(n, ink=WHITE) -> Face:
    return Face(title=str(n), paper=None, ink=ink, px=(64, 64), layout="big", border=False)


def label_face(text: str, ink=(0.96, 0.92, 0.84), px=(320, 80)) -> Face:
    return Face(title=text, paper=None, ink=ink, px=px, layout="label", border=False)


def unit_face(view, seat: int, k: int, lang: str) -> Face:
    """The printed unit card: icon, name, its actions (ruleset data), heavy armour, spirit cap."""
    table, r = view.table, view.rules
    kind = table.types[k]
    acts = " ".join(act_name(d.name, lang) for d in table.actions[k])
    lines = [acts]
    notes = []
    if k == table.heavy:
        notes.append(tr("arena.heavy", lang=lang))
    cap = getattr(r, "spirit_cap", 0)
    if any(d.spirit_gain for d in table.actions[k]) and cap:
        notes.append(tr("arena.spirit_cap", lang=lang, n=cap))
    return Face(title=unit_type_name(kind, lang), lines=tuple(lines), icon=ICONS.get(kind, kind[:1].upper()),
                corner=L.SEATS[seat], footer=" · ".join(notes), accent=SEAT_ACCENT[seat], px=(360, 240),
                layout="banner", clear=(0.28, 0.27))


def _stack(key, x, y, n, color, z0, face_ink=WHITE):
    """``n`` discs stacked at (x, y), the count printed on the top one."""
    out = []
    for i in range(n):
        out.append(Token((key, i), x, y, "disc", color, DISC_R, z=z0 + i * DISC_H,
                         face=count_face(n, face_ink) if i == n - 1 else None))
    return out


def arena_scene(view, marks: Marks | None = None, lang: str | None = None) -> PieceScene:
    lang = lang or language()
    marks = marks or Marks()
    table, r = view.table, view.rules
    dice = bool(table.dice)
    pieces = []
    card_z = 0.02  # on the row mat
    for seat in range(2):
        for row in range(3):
            y = L.row_y(seat, row)
            pieces.append(Mat(("row", seat, row), 0.0, y, L.ROW_MAT_W, L.ROW_GAP - 0.08,
                              color=ROW_FELT[seat][row]))
            pieces.append(Label(("rowlabel", seat, row), L.ROW_LABEL_X, y,
                                label_face(f"{L.SEATS[seat]} {tr('arena.row_label.' + ('front', 'middle', 'back')[row], lang=lang)}",
                                           px=(240, 80)), w=1.05, h=0.35))
    for i, u in enumerate(view.units):
        seat, k = i // 3, i % 3
        uid = table.uids[i]
        x, y = L.unit_xy(seat, k, u.row)
        face = unit_face(view, seat, k, lang)
        pieces.append(Card(unit_key(uid), x, y, face, None, w=L.CARD_W, h=L.CARD_H, z=card_z,
                           grey=not u.living))
        top = card_z + 0.025
        pieces.append(Token(("pawn", uid), x + 0.62, y + 0.2, "pawn", SEAT_PAWN[seat], 0.28, z=top,
                            fall=0.0 if u.living else 1.0, yaw=0.0 if seat == 0 else 180.0))
        pieces += _stack(("damage", uid), x + 0.47, y - 0.36, u.damage, STRIKE_COLOR if dice else DAMAGE_COLOR, top)
        pieces += _stack(("spirit", uid), x + 0.75, y - 0.36, u.spirit, SPIRIT_COLOR, top)
        chips = []
        if u.pinned:
            chips.append(("pinned", tr("arena.status.bound" if dice else "arena.status.pinned", lang=lang),
                          (0.95, 0.85, 0.55)))
        last_k, quick = view.last[seat]
        if u.living and last_k == k and not quick and r.restrict_last_activated:
            chips.append(("last", tr("arena.status.last", lang=lang), (0.85, 0.85, 0.85)))
        if u.healing:
            chips.append(("healing", tr("arena.status.healing", lang=lang), (0.7, 0.92, 0.7)))
        for j, (name, text, paper) in enumerate(chips):
            pieces.append(Token(("chit", uid, name), x - 0.66 + j * 0.4, y - 0.39, "chit", paper, 0.36, z=top,
                                face=Face(title=text, paper=paper, px=(96, 96), layout="label", border=True,
                                          accent=(0.3, 0.25, 0.2))))
    # the right of the table: each seat's area (its provisions and waza-ari, or its points) on its
    # own side, the bank (or the dice) between them
    x = L.RIGHT_X
    for seat in range(2):
        y = L.side_y(seat)
        pieces.append(Mat(("seatmat", seat), x, y, L.AREA_W, L.AREA_H, color=ROW_FELT[seat][1]))
    if not dice:
        for seat in range(2):
            y = L.side_y(seat)
            n = view.provisions[seat]
            pieces.append(Label(("provlabel", seat), x, y + L.PROV_LABEL_DY,
                                label_face(f"{tr('arena.provisions', lang=lang, seat=L.SEATS[seat])} {n}"),
                                w=1.6, h=0.4, z=0.02))
            for j, (px, py) in enumerate(L.grid(n, x, y + L.PROV_DY, cols=5, step=0.3)):
                pieces.append(Token(("prov", seat, j), px, py, "disc", PROVISION_COLOR, 0.13, z=0.02))
            w = view.waza[seat]
            pieces.append(Label(("wazalabel", seat), x, y + L.WAZA_LABEL_DY,
                                label_face(f"{tr('arena.waza_ari', lang=lang)} {w}/{r.win_waza_ari}"),
                                w=1.6, h=0.4, z=0.02))
            for j, (px, py) in enumerate(L.grid(w, x, y + L.WAZA_DY, cols=3, step=0.46)):
                pieces.append(Token(("waza", seat, j), px, py, "disc", WAZA_COLOR, 0.2, z=0.02,
                                    face=Face(title="技", paper=None, ink=(0.35, 0.2, 0.05), px=(64, 64),
                                              layout="big", border=False)))
        pieces.append(Mat("bankmat", x, 0.0, L.AREA_W, L.BANK_H, color=(0.24, 0.22, 0.18)))
        pieces.append(Label("banklabel", x, 0.35, label_face(f"{tr('arena.bank', lang=lang)} {view.bank}"),
                            w=1.6, h=0.4, z=0.02))
        for j, (px, py) in enumerate(L.grid(view.bank, x, -0.2, cols=5, step=0.3)):
            pieces.append(Token(("bank", j), px, py, "disc", PROVISION_COLOR, 0.13, z=0.02))
    else:
        target, lead = r.win_points, r.win_lead
        for seat in range(2):
            y = L.side_y(seat)
            pts = view.points[seat]
            diff = pts - view.points[1 - seat]
            pieces.append(Label(("ptslabel", seat), x, y + L.PROV_LABEL_DY,
                                label_face(f"{L.SEATS[seat]} {tr('arena.points', lang=lang)} {pts}/{target}"),
                                w=1.6, h=0.4, z=0.02))
            pieces.append(Label(("leadlabel", seat), x, y + L.WAZA_LABEL_DY,
                                label_face(tr("arena.lead", lang=lang, n=max(diff, 0), lead=lead)),
                                w=1.6, h=0.36, z=0.02))
            cells = tuple(str(i) for i in range(target + 1))
            cell = min(0.34, (L.AREA_W - 0.1) / len(cells))
            pieces.append(Track(("points", seat), x - cell * (len(cells) - 1) / 2, y + L.PROV_DY, labels=cells,
                                value=min(pts, target), cell=cell, marker_color=SEAT_PAWN[seat], z=0.02))
    for j, value in enumerate(marks.dice):
        dx = (j - (len(marks.dice) - 1) / 2) * 0.5
        pieces.append(Die(("die", j), L.DICE_XY[0] + dx, L.DICE_XY[1], value=int(value), size=0.36,
                          roll=marks.roll, roll_from=(-2.2 - j * 0.3, -1.0 + j * 0.4)))
    if view.result is not None and view.result.reason == "ippon" and view.result.winners:
        seat = L.SEATS.index(view.result.winners[0])
        pieces.append(Label("ippon", 0.0, 0.0, label_face(f"{L.SEATS[seat]} {tr('arena.ippon', lang=lang)}",
                                                          ink=(1.0, 0.85, 0.3)), w=2.2, h=0.45))
    hl, grey = marks.highlight, marks.grey
    if hl or grey:
        for p in pieces:
            if p.key in hl:
                p.highlight = hl[p.key]
            if p.key in grey:
                p.grey = True
    return PieceScene(pieces)


__all__ = ["Marks", "arena_scene", "unit_key", "unit_face"]
