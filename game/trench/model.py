"""Immutable records the Trench War state is made of.

The state holds these records in plain lists and dicts and replaces a record
(``evolve``, a fast ``dataclasses.replace``) instead of mutating it, so cloning a state is a few
shallow list copies.  The per-player view (``game.trench.view``) uses the same
records, with what the viewer may not know replaced by ``"?"`` / ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.events import Event, make_event  # noqa: F401  (re-exported: the rules use them)
from ..core.records import evolve  # noqa: F401  (re-exported: the rules use it)

#: Column cube kinds, bottom to top (TW-2): natural wood, a seat's base, the village.
NATURAL = "n"
VILLAGE = "V"
BASE_KINDS = frozenset("SWNE")

#: Soldier statuses.
UNPLACED, BOAT, BOARD, CORPSE, CARRIED, ESCAPED, SUNK, GONE = (
    "unplaced", "boat", "board", "corpse", "carried", "escaped", "sunk", "gone")
STATUSES = (UNPLACED, BOAT, BOARD, CORPSE, CARRIED, ESCAPED, SUNK, GONE)
ALIVE = frozenset((UNPLACED, BOAT, BOARD))

WEAPON_KINDS = ("gun", "gas", "bomb")
UNKNOWN = "?"


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon tile with its ammunition (TW-1, TW-6.6).

    ``tile`` identifies the tile (``"S:gun"``: seat that started with it, kind).
    ``known`` is the set of seats that have seen it; ``public`` once fired (TW-10).
    In a view, an unknown tile has kind ``"?"``, tile ``"?"`` and ammo ``None``.
    """
    tile: str
    kind: str
    ammo: int | None
    known: frozenset = frozenset()
    public: bool = False


@dataclass(frozen=True, slots=True)
class Soldier:
    """A soldier meeple, alive or dead, or a civilian (seat ``"C"``).

    ``cell`` means: on the board (status ``board``), the edge cell beside which
    its boat lies (``boat``), where its corpse lies (``corpse``); else None.
    ``gone``: a carried corpse eaten as food at Camp (out of the game).
    ``weapons[0]`` is the active weapon.  ``corpses`` lists the sids of carried
    corpses; a carried corpse has status ``carried`` and ``carrier`` set.
    ``gas_check`` counts the owner's turn-ends left before a masked soldier
    exposed to gas must be out of gas (TW-8); 0 = none pending.
    """
    sid: str
    seat: str
    status: str = UNPLACED
    cell: int | None = None
    facing: str = "n"
    weapons: tuple = ()
    masks: int = 0
    mask_on: bool = False
    drugs: int = 0
    food: int = 0
    cubes: int = 0
    corpses: tuple = ()
    carrier: str | None = None
    gas_check: int = 0

    @property
    def alive(self) -> bool:
        return self.status in ALIVE

    @property
    def on_board(self) -> bool:
        return self.status == BOARD

    @property
    def is_civilian(self) -> bool:
        return self.seat == "C"


@dataclass(frozen=True, slots=True)
class GasToken:
    """A gas token resting on the board: cell and layer (1 = in a trench, 2 = surface)."""
    gid: int
    owner: str
    cell: int
    layer: int
