"""The pieces of a card or token game (pure data, no GL): what a front-end puts on the table.

A front-end builds a :class:`PieceScene` from a seat's view: cards (lying, standing in a wooden
stand, face up or down), wooden tokens (discs, cubes, pawns), dice, tracks, mats for player areas
and the shared centre, and flat text labels.  Every piece has a stable ``key`` (animation matches
old and new scenes by it; picking answers it), a position in world units (x east, y north, z up,
the table top at z = 0) and a ``yaw`` in degrees.  ``highlight`` marks it for the player
(``"hover"``, ``"legal"``, ``"selected"``, ``"target"``, ``"warn"``) and ``grey`` dims it
(a forbidden choice, a spent piece).

Faces and labels are :class:`Face` values: text and icons drawn with the bundled font into the
renderer's texture atlas (``game.render.pieces.faces``); two equal faces share one atlas slot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

#: Highlight names -> RGB of the outline on the table and the tint on the piece.
HIGHLIGHTS = {
    "hover": (1.0, 1.0, 1.0),
    "legal": (0.25, 0.85, 0.95),
    "selected": (1.0, 0.82, 0.25),
    "target": (1.0, 0.42, 0.22),
    "warn": (0.95, 0.25, 0.25),
}
HIGHLIGHT_INDEX = {name: i + 1 for i, name in enumerate(HIGHLIGHTS)}

PAPER = (0.95, 0.92, 0.84)
INK = (0.12, 0.09, 0.07)


@dataclass(frozen=True)
class Face:
    """What is printed on a card face, a token top, a mat or a label.

    ``title`` (bold) and ``lines`` (regular, wrapped) in either language; ``icon``: a short text
    drawn large (a kanji, a digit, a symbol the bundled font has) or ``"shape:NAME"`` for a drawn
    icon (:data:`game.render.pieces.faces.SHAPES`); ``corner``: a small text in the top-left and
    (turned) bottom-right corners; ``footer``: one line at the bottom.  ``paper``/``ink``/``accent``
    are RGB in 0..1; ``paper=None`` leaves the background transparent (a label printed on a mat).
    ``px``: the image size in texels (its aspect should match the surface it is printed on).
    """
    title: str = ""
    lines: tuple = ()
    icon: str = ""
    corner: str = ""
    footer: str = ""
    paper: tuple | None = PAPER
    ink: tuple = INK
    accent: tuple = (0.55, 0.12, 0.10)
    px: tuple = (256, 360)
    #: "card" (icon above the title), "side" (icon left, text right), "banner" (icon and title along
    #: the top, lines across below), "label", "big"
    layout: str = "card"
    border: bool = True
    #: fractions of the width (at the right) and of the height (at the bottom) the "side" layout
    #: keeps clear of text, for pieces that lie on the card (counters, markers)
    clear: tuple = (0.0, 0.0)


@dataclass
class Card:
    """A card ``w`` x ``h`` (world units) lying on the table or standing in a wooden stand.

    ``front``/``back``: its two faces (``back=None``: plain paper of ``color``).  ``flip`` 0 shows
    the front, 1 the back (between: the card turning over, lifted); ``stand`` 1 upright in a stand
    on the line ``y - h/2`` (seen from the south; ``yaw`` turns it), 0 lying flat centred on
    (x, y) -- a standing card falls backwards onto the table as ``stand`` goes to 0.
    """
    key: object
    x: float
    y: float
    front: Face | None = None
    back: Face | None = None
    w: float = 1.0
    h: float = 1.4
    z: float = 0.0
    yaw: float = 0.0
    flip: float = 0.0
    stand: float = 0.0
    holder: bool = False  # a wooden stand on the line y - h/2 (kept when the card has fallen)
    color: tuple = PAPER
    thick: float = 0.025
    highlight: str | None = None
    grey: bool = False
    scale: float = 1.0


@dataclass
class Token:
    """A wooden token: ``shape`` ``"disc"`` (radius ``size``), ``"cube"`` (side ``size``),
    ``"pawn"`` (a standing figure ``size`` wide, 2.2 x as tall; ``fall`` 1 lies it down) or
    ``"chit"`` (a square card tile of side ``size``).  ``face``: printed on its top (a count, a
    letter, a word)."""
    key: object
    x: float
    y: float
    shape: str = "disc"
    color: tuple = (0.8, 0.6, 0.35)
    size: float = 0.22
    z: float = 0.0
    yaw: float = 0.0
    face: Face | None = None
    fall: float = 0.0
    highlight: str | None = None
    grey: bool = False
    scale: float = 1.0


@dataclass
class Die:
    """A six-sided die (side ``size``) showing ``value`` on top.  ``roll`` 0..1 is a roll in
    progress (it tumbles in from ``roll_from`` and lands showing ``value`` at 1)."""
    key: object
    x: float
    y: float
    value: int = 1
    size: float = 0.36
    color: tuple = (0.93, 0.90, 0.82)
    pip: tuple = (0.1, 0.08, 0.07)
    z: float = 0.0
    yaw: float = 0.0
    roll: float = 1.0
    roll_from: tuple = (0.0, -1.6)
    highlight: str | None = None
    grey: bool = False
    scale: float = 1.0


@dataclass
class Track:
    """A numbered strip of ``len(labels)`` cells starting at (x, y) going along ``yaw``
    (0: east), with a marker token on cell ``value`` (None: no marker).  Pick keys are
    ``(key, i)`` for cell ``i`` and ``key`` itself for the marker."""
    key: object
    x: float
    y: float
    labels: tuple = tuple(str(i) for i in range(10))
    value: int | None = 0
    cell: float = 0.42
    yaw: float = 0.0
    color: tuple = (0.86, 0.78, 0.62)
    ink: tuple = INK
    marker_color: tuple = (0.75, 0.18, 0.12)
    z: float = 0.0
    highlight: str | None = None
    grey: bool = False


@dataclass
class Mat:
    """A thin mat on the table: a player area or the shared centre (``w`` x ``h``, centred on
    (x, y)), with an optional printed ``face`` (a title along its edge)."""
    key: object
    x: float
    y: float
    w: float
    h: float
    color: tuple = (0.22, 0.32, 0.26)
    face: Face | None = None
    yaw: float = 0.0
    highlight: str | None = None
    grey: bool = False


@dataclass
class Label:
    """Flat printed text lying on the table (or a mat) ``w`` x ``h`` units, no background."""
    key: object
    x: float
    y: float
    face: Face
    w: float = 1.0
    h: float = 0.3
    z: float = 0.0
    yaw: float = 0.0
    highlight: str | None = None
    grey: bool = False


@dataclass
class PieceScene:
    """Everything a card-and-token table draws: ``pieces`` in any order, the day look."""
    pieces: list = field(default_factory=list)
    day: bool = True
    eclipse: bool = False
    look_from: str | None = None
    look_mix: float = 1.0
    #: unlit effects drawn with the overlays (kept for the Trench renderer's interface)
    effects: list = field(default_factory=list)

    @property
    def light(self) -> str:
        if self.eclipse:
            return "eclipse"
        return "day" if self.day else "night"

    @property
    def draw_kit(self):
        """The kit through which the shell's renderer draws piece scenes (their own renderer)."""
        from .kit import PIECES_KIT
        return PIECES_KIT

    def find(self, key):
        """The piece with ``key``, or None."""
        for p in self.pieces:
            if p.key == key:
                return p
        return None


PIECE_TYPES = (Card, Token, Die, Track, Mat, Label)
