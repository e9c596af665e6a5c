"""Renderable scene data built from a player's (or the spectator's) view (pure, no GL).

``scene_from_view(view)`` reads only the public view attributes
(``seats, columns, soldiers, items, gas, day, eclipse, wind, round``) and returns
a :class:`Scene`: plain records with world positions that the renderer turns
into instanced draws, the animator interpolates and the picker ray-casts.
Every entity has a stable ``key`` so two scenes can be matched up.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .layout import FACING_YAW, SIZE, boat_center, boat_side, cell_center

#: Item slots on a column top, away from the centre where a soldier stands.
ITEM_SLOTS = ((-0.3, -0.3), (0.3, 0.3), (-0.3, 0.3), (0.3, -0.3), (0.0, -0.34), (0.0, 0.34))

MEEPLE_SEATS = ("S", "W", "N", "E", "C")


@dataclass
class Cube:
    """A wooden cube: ``kind`` is ``"n"``, a seat letter (base) or ``"V"`` (village).

    ``x, y, z`` is the cube's centre; ``scale`` 0..1 shrinks it (appearing or vanishing).
    """
    key: tuple
    kind: str
    x: float
    y: float
    z: float
    scale: float = 1.0
    seed: float = 0.0
    yaw: float = 0.0


@dataclass
class Meeple:
    """A soldier or civilian meeple; ``x, y, z`` are its feet, ``yaw`` in degrees.

    ``fall`` goes from 0 (standing) to 1 (lying on its back: a corpse).
    """
    key: str
    seat: str
    x: float
    y: float
    z: float
    yaw: float
    fall: float = 0.0
    mask: bool = False
    cubes: int = 0
    corpses: int = 0
    scale: float = 1.0
    cell: int | None = None
    boat: bool = False


@dataclass
class Item:
    """A food or drug token lying on a column top (``z`` is the top surface)."""
    key: tuple
    kind: str
    x: float
    y: float
    z: float
    scale: float = 1.0


@dataclass
class Gas:
    """A gas cloud: ``layer`` 1 inside a trench, 2 over the surface; ``x, y, z`` its centre."""
    key: int
    owner: str
    x: float
    y: float
    z: float
    layer: int
    scale: float = 1.0
    cell: int | None = None


@dataclass
class Scene:
    """Everything the renderer draws for one position."""
    cubes: list = field(default_factory=list)
    meeples: list = field(default_factory=list)
    items: list = field(default_factory=list)
    gas: list = field(default_factory=list)
    heights: tuple = (1,) * (SIZE * SIZE)
    boats: dict = field(default_factory=dict)  # sid -> (x, y, edge cell) of boats, for picking
    day: bool = True
    eclipse: bool = False
    wind: str | None = None
    round: int = 0
    seats: tuple = ()
    #: a look change in progress: the light blends from ``look_from`` to ``light`` (0..1)
    look_from: str | None = None
    look_mix: float = 1.0
    #: short-lived effects drawn unlit on top: ``(kind, points, u)`` with kind ``"tracer"``
    #: (muzzle, end), ``"arc"`` (start, end, height) of a thrown bomb or gas shell, 0 <= u <= 1
    effects: list = field(default_factory=list)

    @property
    def draw_kit(self):
        """How the renderer draws this scene (``game.render.kit.DrawKit``)."""
        from .draw import KIT
        return KIT

    @property
    def light(self) -> str:
        """The lighting look: ``"eclipse"``, ``"day"`` or ``"night"``."""
        if self.eclipse:
            return "eclipse"
        return "day" if self.day else "night"


def cube_seed(key) -> float:
    """A stable pseudo-random number in [0, 1) for a cube key (tone, size jitter)."""
    h = 2166136261
    for ch in repr(key).encode():
        h = ((h ^ ch) * 16777619) & 0xFFFFFFFF
    h ^= h >> 13
    h = (h * 0x5BD1E995) & 0xFFFFFFFF
    h ^= h >> 15
    return (h & 0xFFFFFF) / float(1 << 24)


def gas_center(cell: int, layer: int) -> tuple[float, float, float]:
    """Centre of a gas cloud in a cell: inside the hole (layer 1) or above ground (layer 2)."""
    x, y = cell_center(cell)
    return x, y, (0.42 if layer == 1 else 1.45)


def scene_from_view(view) -> Scene:
    """Build the :class:`Scene` for a view (a per-player view, the spectator view, or a state).

    Reads only ``seats, columns, soldiers, items, gas, day, eclipse, wind, round``.
    """
    columns = list(getattr(view, "columns", None) or ["n"] * (SIZE * SIZE))
    heights = tuple(len(c) for c in columns)
    sc = Scene(heights=heights,
               day=bool(getattr(view, "day", True)),
               eclipse=bool(getattr(view, "eclipse", False)),
               wind=getattr(view, "wind", None),
               round=int(getattr(view, "round", 0) or 0),
               seats=tuple(getattr(view, "seats", ()) or ()))
    for cell, col in enumerate(columns):
        x, y = cell_center(cell)
        for level, kind in enumerate(col):
            key = ("c", cell, level)
            sc.cubes.append(Cube(key, kind, x, y, level + 0.5, seed=cube_seed(key)))

    occupied = set()
    for s in getattr(view, "soldiers", ()) or ():
        status = getattr(s, "status", None)
        cell = getattr(s, "cell", None)
        if cell is None or status not in ("board", "boat", "corpse"):
            continue
        seat = s.seat if s.seat in MEEPLE_SEATS else "C"
        yaw = FACING_YAW.get(getattr(s, "facing", "n"), 0.0)
        if status == "boat":
            side = boat_side(cell, seat)
            bx, by = boat_center(cell, side)
            key = ("boat", s.sid)
            sc.cubes.append(Cube(key, "n", bx, by, 0.5, seed=cube_seed(key)))
            sc.boats[s.sid] = (bx, by, cell)
            sc.meeples.append(Meeple(s.sid, seat, bx, by, 1.0, yaw, 0.0, bool(s.mask_on),
                                     int(getattr(s, "cubes", 0) or 0),
                                     len(getattr(s, "corpses", ()) or ()), cell=cell, boat=True))
            continue
        x, y = cell_center(cell)
        z = float(min(heights[cell], 2))
        if status == "corpse":
            sc.meeples.append(Meeple(s.sid, seat, x, y, z, yaw, 1.0, bool(s.mask_on), cell=cell))
        else:
            occupied.add(cell)
            sc.meeples.append(Meeple(s.sid, seat, x, y, z, yaw, 0.0, bool(s.mask_on),
                                     int(getattr(s, "cubes", 0) or 0),
                                     len(getattr(s, "corpses", ()) or ()), cell=cell))

    items = getattr(view, "items", None) or {}
    for cell, toks in sorted(items.items()):
        x, y = cell_center(cell)
        z = float(heights[cell])
        for i, kind in enumerate(toks):
            dx, dy = ITEM_SLOTS[i % len(ITEM_SLOTS)]
            sc.items.append(Item((cell, i, kind), kind, x + dx, y + dy, z + 0.02 * (i // len(ITEM_SLOTS))))

    for g in getattr(view, "gas", ()) or ():
        gx, gy, gz = gas_center(g.cell, g.layer)
        sc.gas.append(Gas(g.gid, g.owner, gx, gy, gz, g.layer, cell=g.cell))
    return sc
