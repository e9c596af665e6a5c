"""A Smoke Blood Steel view -> the pieces on the table (pure; reads only the view).

``steel_scene(view, marks=None, lang=None)``: I sits south, II north.  Each side: its mech card
with a die on it showing the HP, the four escorts round it in their directions (front toward the
enemy; left and right as that player sees them), face down while deployed and unrevealed (the
viewer's own face up), a token on each hit escort, an empty place where one was destroyed; its
hand of command cards and its played pile face up beside it, every card readable (hands and
piles are public, SB-11.1), each played card turned so the half played lies upper as its player
sees it; its plot slot (a face-down card once it has played this turn, the viewer's own face up).
In the centre the situation card: the distance track (近 中 長) and each side's SP track (0..max)
read from its owner's side, and the battle clock (作戦開始 .. 作戦終了).  During the resolution a
numbered badge lies on each item in speed order (SB-5), the current one lit.  Every text on a card
comes from the card data (``faces``), so an edited ``.cards`` file shows itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import language
from game.render.pieces import Card, Die, Face, Label, Mat, PieceScene, Token, Track
from game.steel.actions import SEATS
from game.steel.cards import SIDES
from game.steel.view import HIDDEN

from .faces import command_face, face_lines, unit_face
from .words import t

SEAT_ACCENT = ((0.62, 0.14, 0.10), (0.12, 0.26, 0.55))
SEAT_FELT = ((0.34, 0.17, 0.15), (0.15, 0.21, 0.33))
ESC_W, ESC_H = 1.2, 1.6
CMD_W, CMD_H = 0.82, 1.15
MECH_Y = 3.45
#: offsets of each side's escort from its mech, as the player sees it (x right, y toward the enemy)
SIDE_OFFSET = {"front": (0.0, 1.7), "back": (0.0, -1.7), "left": (-1.35, 0.0), "right": (1.35, 0.0)}
MECH_X = -2.2
#: the shared pieces in the centre, turned to face the viewer
CENTRE = ("distance", "distance_label", "clock", "clock_start", "clock_end")


@dataclass
class Marks:
    """What the UI marks: ``highlight`` {piece key: highlight name}, ``grey`` keys."""
    highlight: dict = field(default_factory=dict)
    grey: set = field(default_factory=set)


def _sign(s: int) -> int:
    return -1 if s == 0 else 1


def to_world(s: int, x: float, y: float) -> tuple:
    """A point given from seat ``s``'s own side (x right, y toward the enemy) in world units."""
    return (x, -MECH_Y + y) if s == 0 else (-x, MECH_Y - y)


def _yaw(s: int) -> float:
    return 0.0 if s == 0 else 180.0


def _label(text, px=(256, 64), ink=(0.96, 0.92, 0.84)) -> Face:
    return Face(title=text, paper=None, ink=ink, px=px, layout="label", border=False)


def unit_card_face(unit, lang, seat: int, tokens: int = 0) -> Face:
    f = unit_face(unit)
    lines = face_lines(f, lang)
    return Face(title=lines[0], lines=tuple(lines[1:]), corner=SEATS[seat], accent=SEAT_ACCENT[seat],
                px=(210, 286))


def command_card_face(card, rules, lang, seat: int) -> Face:
    lines = face_lines(command_face(card, rules), lang)
    return Face(title=lines[0], lines=tuple(lines[1:]), corner=SEATS[seat], accent=SEAT_ACCENT[seat],
                px=(150, 210))


def back_face(lang, seat: int) -> Face:
    return Face(title=SEATS[seat], icon="鋼", paper=(0.22, 0.22, 0.24), ink=(0.9, 0.9, 0.9),
                accent=SEAT_ACCENT[seat], px=(150, 210))


def _badges(view) -> dict:
    """{seat: (number, current)} of the items of the turn being resolved (SB-5)."""
    if view.phase != "resolve" or not view.order:
        return {}
    out = {}
    for n, s in enumerate(view.order):
        out[s] = (n + 1, n == view.step)
    return out


def steel_scene(view, marks: Marks | None = None, lang: str | None = None) -> PieceScene:
    lang = lang or language()
    marks = marks or Marks()
    rules = view.rules
    cs = rules.card_set
    me = SEATS.index(view.viewer) if view.viewer is not None else None
    pieces = []
    badges = _badges(view)
    halves = {}
    for c in cs.commands:
        for i, h in enumerate(c.halves):
            halves.setdefault((c.id, h.token), (c, i))     # identical halves: the card lies as dealt
    for s in (0, 1):
        seat = SEATS[s]
        yaw = _yaw(s)
        mx, my = to_world(s, MECH_X, 0.0)
        fx, fy = to_world(s, 0.9, -0.2)
        pieces.append(Mat(("area", seat), fx, fy, 10.4, 4.9, color=SEAT_FELT[s], yaw=yaw))
        # the mech and its die
        if view.mechs[s]:
            mech = cs.mech(view.mechs[s])
            pieces.append(Card(("mech", seat), mx, my, unit_card_face(mech, lang, s), None, w=ESC_W, h=ESC_H,
                               z=0.02, yaw=yaw))
            dx, dy = to_world(s, MECH_X + 0.38, -0.55)
            pieces.append(Die(("hp", seat), dx, dy, value=max(1, min(6, view.hp[s])), size=0.34, z=0.05,
                              grey=view.hp[s] <= 0))
        # escorts
        dep = view.deploys[s]
        if dep is not None:
            hidden = dep == HIDDEN
            revealed = view.phase not in ("deploy",)
            for k, side in enumerate(SIDES):
                ox, oy = SIDE_OFFSET[side]
                ex, ey = to_world(s, MECH_X + ox, oy)
                key = ("escort", seat, side)
                if hidden:
                    pieces.append(Card(key, ex, ey, back_face(lang, s), back_face(lang, s), w=ESC_W, h=ESC_H,
                                       z=0.02, yaw=yaw, flip=1.0))
                    continue
                if revealed and view.sides[s * 4 + k] is None:
                    pieces.append(Label(("gone", seat, side), ex, ey, _label(t("table.destroyed", lang)), w=1.1,
                                        h=0.3, z=0.03, yaw=yaw))
                    continue
                unit = cs.escort(dep[k])
                face_down = not revealed and s != me
                pieces.append(Card(key, ex, ey, unit_card_face(unit, lang, s), back_face(lang, s), w=ESC_W, h=ESC_H,
                                   z=0.02, yaw=yaw, flip=1.0 if face_down else 0.0))
                if revealed and view.tokens[s * 4 + k]:
                    tx, ty = to_world(s, MECH_X + ox + 0.42, oy + 0.6)
                    pieces.append(Token(("token", seat, side), tx, ty, "disc", (0.85, 0.12, 0.10), 0.16, z=0.05))
        # hand and pile (public): the hand along the player's edge, the pile nearer the centre
        hand = view.hand(s) if view.mechs[s] else ()
        own = view.plays[s]
        if view.phase == "play" and own is not None and own.card != HIDDEN:
            hand = tuple(c for c in hand if c != own.card)      # the viewer's own card lies in the slot
        for k, cid in enumerate(hand):
            hx, hy = to_world(s, 0.9 + k * (CMD_W + 0.08), -1.55)
            pieces.append(Card(("hand", seat, cid), hx, hy, command_card_face(cs.command(cid), rules, lang, s),
                               back_face(lang, s), w=CMD_W, h=CMD_H, z=0.02, yaw=yaw))
        for k, (cid, token) in enumerate(view.piles[s]):
            card, i = halves[(cid, token)]
            px_, py_ = to_world(s, 0.9 + k * (CMD_W + 0.08), 0.0)
            pieces.append(Card(("pile", seat, k), px_, py_, command_card_face(card, rules, lang, s), None,
                               w=CMD_W, h=CMD_H, z=0.02, yaw=yaw + (180.0 if i == 1 else 0.0)))
        lx, ly = to_world(s, 0.9 - CMD_W / 2 + 0.45, 0.78)
        pieces.append(Label(("pile_label", seat), lx, ly, _label(t("table.pile", lang)), w=1.0, h=0.25, z=0.03,
                            yaw=yaw))
        # the plot slot: a committed play lies face down until the reveal (the viewer's own face up)
        play = view.plays[s]
        if view.phase == "play" and play is not None:
            qx, qy = to_world(s, 0.9 + 6 * (CMD_W + 0.08), -1.55)
            # keyed as the pile card it becomes, so the reveal slides it onto the pile, turning over
            key = ("pile", seat, len(view.piles[s]))
            if play.card == HIDDEN:
                pieces.append(Card(key, qx, qy, back_face(lang, s), back_face(lang, s), w=CMD_W,
                                   h=CMD_H, z=0.02, yaw=yaw, flip=1.0))
            else:
                card, i = halves[(play.card, play.half)]
                pieces.append(Card(key, qx, qy, command_card_face(card, rules, lang, s), None, w=CMD_W,
                                   h=CMD_H, z=0.02, yaw=yaw + (180.0 if i == 1 else 0.0)))
        # numbered badge on the item (the unit designated, or the card played)
        if s in badges:
            n, current = badges[s]
            p = view.plays[s]
            half = cs.command(p.card).half(p.half)
            if half.kind == "designate":
                ox, oy = (0.0, 0.0) if half.target == "mech" else SIDE_OFFSET[half.target]
                bx, by = to_world(s, MECH_X + ox - 0.42, oy + 0.6)
            else:
                bx, by = to_world(s, 0.9 + (len(view.piles[s]) - 1) * (CMD_W + 0.08), 0.45)
            pieces.append(Token(("badge", seat), bx, by, "disc", (0.95, 0.80, 0.25), 0.2, z=0.06,
                                highlight="selected" if current else None,
                                face=Face(title=str(n), paper=None, ink=(0.1, 0.1, 0.1), px=(64, 64), layout="big",
                                          border=False)))
        # SP track on the situation card, on its owner's half, both read from the viewer's side
        sp_cells = tuple(str(k) for k in range(rules.sp_max + 1))
        cell = 0.34
        sx0 = 2.9 - cell * (len(sp_cells) - 1) / 2
        sy = -0.55 if s == 0 else 0.55
        read = 1 if me == 1 else 0
        start = sx0 if read == 0 else sx0 + cell * (len(sp_cells) - 1)
        pieces.append(Track(("sp", seat), start, sy, labels=sp_cells, value=view.sp[s], cell=cell, yaw=_yaw(read),
                            marker_color=SEAT_ACCENT[s]))
        spx = sx0 - 0.55 if read == 0 else sx0 + cell * (len(sp_cells) - 1) + 0.55
        pieces.append(Label(("sp_label", seat), spx, sy, _label(f"SP {seat}"), w=0.6, h=0.2, z=0.01,
                            yaw=_yaw(read)))
    # the distance track and the battle clock
    dist_cells = tuple(t(f"dist.{d}", lang) for d in (1, 2, 3))
    pieces.append(Track("distance", 2.4, 0.0, labels=dist_cells, value=view.dist - 1, cell=0.5,
                        marker_color=(0.15, 0.15, 0.15)))
    pieces.append(Label("distance_label", 1.5, 0.0, _label(t("table.distance", lang)), w=0.9, h=0.24, z=0.01))
    cells = tuple(str(k) for k in range(1, rules.clock_cells + 1))
    cx0 = -5.6
    pieces.append(Track("clock", cx0, 0.0, labels=cells, value=view.clock - 1, cell=0.42,
                        marker_color=(0.1, 0.1, 0.1)))
    pieces.append(Label("clock_start", cx0 + 0.2, 0.42, _label(t("table.clock_start", lang)), w=1.1, h=0.26, z=0.01))
    pieces.append(Label("clock_end", cx0 + 0.42 * (rules.clock_cells - 1) - 0.2, 0.42,
                        _label(t("table.clock_end", lang)), w=1.1, h=0.26, z=0.01))
    # the mech pool while mechs are chosen (SB-3.2)
    if view.phase in ("chooser", "mech"):
        free = [m for m in cs.mechs if m.id not in view.mechs]
        for k, m in enumerate(free):
            x = (k - (len(free) - 1) / 2) * (ESC_W + 0.3) - 2.2
            pieces.append(Card(("pool", m.id), x, 0.0, unit_card_face(m, lang, 0), None, w=ESC_W, h=ESC_H, z=0.02))
    if me == 1:                     # the shared centre is read from the viewer's side, where it lies
        for p in pieces:
            if p.key in CENTRE:
                if isinstance(p, Track):
                    p.x += p.cell * (len(p.labels) - 1)
                p.yaw += 180.0
        ends = [p for p in pieces if p.key in ("clock_start", "clock_end")]
        ends[0].x, ends[1].x = ends[1].x, ends[0].x      # 作戦開始 stays beside cell 1
    hl, grey = marks.highlight, marks.grey
    for p in pieces:
        if p.key in hl:
            p.highlight = hl[p.key]
        if p.key in grey:
            p.grey = True
    return PieceScene(pieces)


__all__ = ["Marks", "steel_scene", "to_world"]
