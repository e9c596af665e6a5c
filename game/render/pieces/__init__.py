"""Pieces for card and token games, built once for every table (docs/rendering.md, "Pieces").

Pure parts (no GL): :mod:`.model` (the piece records and :class:`PieceScene`), :mod:`.faces`
(printed faces drawn with the bundled font), :mod:`.atlas`, :mod:`.meshes`, :mod:`.instances`,
:mod:`.picking`, :mod:`.animation`, :mod:`.overlays`.  GL: :mod:`.renderer`
(:class:`PieceRenderer`), :mod:`.offscreen`.
"""

from .model import HIGHLIGHTS, INK, PAPER, Card, Die, Face, Label, Mat, PieceScene, Token, Track

__all__ = ["HIGHLIGHTS", "INK", "PAPER", "Card", "Die", "Face", "Label", "Mat", "PieceScene", "Token", "Track"]
