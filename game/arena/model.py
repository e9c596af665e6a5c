"""Records of Immortal Arena: seats, rows, units and the unit tables (IA-1, IA-2, IA-6, IA-12.1).

A unit is named by (owner, type) (IA-1); in the state the six units sit in a tuple indexed
``seat * 3 + type index`` (types in the ruleset's canonical order).  The unit tables are data
built from the ruleset's numbers, so a designer changes a cost or a range with ``--set``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.records import evolve
from .ruleset import Ruleset

SEATS = ("A", "B")
FRONT, MIDDLE, BACK = 0, 1, 2
ROW_NAMES = ("front", "middle", "back")
ROW_INDEX = {name: i for i, name in enumerate(ROW_NAMES)}

__all__ = ["SEATS", "FRONT", "MIDDLE", "BACK", "ROW_NAMES", "ROW_INDEX", "Unit", "ActionDef",
           "UnitTable", "unit_table", "uid", "evolve", "STEPS", "distance"]

def distance(own_row: int, enemy_row: int) -> int:
    """IA-2.4: from a unit in its own row a to an enemy in the enemy's row b, a + b."""
    return own_row + enemy_row


#: Revive steps (IA-6.4, IA-12.5) and the row change of each.
STEPS = {"forward": -1, "back": 1, "stay": 0}


@dataclass(frozen=True, slots=True)
class Unit:
    """One unit (a ``dice`` piece too): IA-8's counters and statuses.

    ``damage`` is the dice ruleset's strikes (IA-12.4).  ``pinned`` is the dice text's bound.
    """
    seat: int
    kind: str
    row: int
    living: bool = True
    damage: int = 0
    spirit: int = 0
    healing: bool = False
    pinned: bool = False


@dataclass(frozen=True, slots=True)
class ActionDef:
    """One line of a unit table (IA-6, IA-12.1).

    ``kind``: ``forward`` (Advance, Charge, Sprint), ``retreat``, ``revive`` or ``attack``.
    For an attack, ``lethal`` (kill, IA-8.5) or not (damage / strike), ``roll`` (dice: ``hit``
    or ``kill``), ``cancel`` (provisions: ``None`` none, ``-1`` the target's damage, else a cost).
    """
    name: str
    kind: str
    quick: bool = False
    cost: int = 0
    spirit_cost: int = 0
    cancel: int | None = None
    range: int = 0
    lethal: bool = False
    pin: bool = False
    spirit_gain: int = 0
    knockback: int = 0
    roll: str | None = None


@dataclass(frozen=True, slots=True)
class UnitTable:
    """The ruleset's unit types and their actions, ready for the hot path."""
    types: tuple            # unit type names, canonical order
    actions: tuple          # per type index: tuple of ActionDef
    by_name: dict           # (type index, action name) -> ActionDef
    heavy: int              # type index with heavy armour, -1 none
    type_index: dict        # type name -> index
    #: hot-path lists, per seat and type: ``moves[p][k][row]`` the Advance/Charge/Retreat
    #: ``(action, cost, spirit_cost)`` allowed by the edges there (IA-6.1); ``attacks[p][k]``
    #: ``(range, cost, spirit_cost, actions by target type)``; ``revives[p][k]`` ``{(step,
    #: ally type): action}``.
    moves: tuple = ()
    attacks: tuple = ()
    revives: tuple = ()
    uids: tuple = ()        # stable unit ids by unit index: ``A.cavalry``
    dice: bool = False      # the ruleset is ``dice`` (a plain field: read on every action)


def _table_rows(r: Ruleset) -> dict:
    forward = ActionDef("advance", "forward")
    retreat = ActionDef("retreat", "retreat")
    revive = ActionDef("revive", "revive")
    if not r.dice:
        melee = ActionDef("melee", "attack", cost=r.melee_cost, cancel=-1, range=r.range_melee, lethal=True)
        return {
            "cavalry": (ActionDef("charge", "forward", quick=True), retreat, revive, melee),
            "infantry": (forward, retreat, revive,
                         ActionDef("shoot", "attack", cost=r.shoot_cost, cancel=r.shoot_cancel,
                                   range=r.range_shoot, pin=True)),
            "artillery": (forward, retreat, revive,
                          ActionDef("shoot", "attack", cost=r.shoot_cost, cancel=r.shoot_cancel,
                                    range=r.range_shoot, spirit_gain=r.spirit_gain),
                          ActionDef("bombard", "attack", spirit_cost=r.bombard_spirit_cost, cancel=-1,
                                    range=r.range_bombard, lethal=True, knockback=r.bombard_knockback)),
        }
    return {
        "warrior": (ActionDef("sprint", "forward", quick=True), retreat,
                    ActionDef("melee", "attack", range=r.range_melee, lethal=True, roll="kill"), revive),
        "fire_mage": (forward, retreat, revive,
                      ActionDef("fireball", "attack", range=r.range_shoot, spirit_gain=r.spirit_gain, roll="hit"),
                      ActionDef("inferno", "attack", spirit_cost=r.bombard_spirit_cost, range=r.range_bombard,
                                lethal=True, roll="kill")),
        "ice_mage": (forward, retreat, revive,
                     ActionDef("chill", "attack", range=r.range_shoot, pin=True, roll="hit")),
    }


_TABLES: dict = {}


def unit_table(r: Ruleset) -> UnitTable:
    """The unit table of a ruleset (memoised: rulesets are immutable)."""
    table = _TABLES.get(r)
    if table is None:
        rows = _table_rows(r)
        types = tuple(rows)
        actions = tuple(rows[t] for t in types)
        by_name = {(i, a.name): a for i, defs in enumerate(actions) for a in defs}
        heavy = types.index(r.heavy_armour_units) if r.heavy_armour_units in types else -1
        moves, attacks, revives = _hot_lists(r, types, actions)
        uids = tuple(f"{seat}.{kind}" for seat in SEATS for kind in types)
        table = _TABLES[r] = UnitTable(types, actions, by_name, heavy, {t: i for i, t in enumerate(types)},
                                       moves, attacks, revives, uids, r.dice)
    return table


def _hot_lists(r: Ruleset, types: tuple, actions: tuple) -> tuple:
    from .actions import make_action  # actions imports ruleset only; no cycle at call time
    edges_illegal = r.edge_moves == "illegal"
    moves, attacks, revives = [], [], []
    for seat in SEATS:
        m, a, v = [], [], []
        for k, defs in enumerate(actions):
            by_row = []
            for row in range(3):
                allowed = []
                for d in defs:
                    if d.kind == "forward" and (row > 0 or not edges_illegal) or \
                            d.kind == "retreat" and (row < 2 or not edges_illegal):
                        allowed.append((make_action(seat, d.name, types[k]), d.cost, d.spirit_cost))
                by_row.append(tuple(allowed))
            m.append(tuple(by_row))
            a.append(tuple((d.range, d.cost, d.spirit_cost,
                            tuple(make_action(seat, d.name, types[k], (t,)) for t in types))
                           for d in defs if d.kind == "attack"))
            v.append({(step, t): make_action(seat, "revive", types[k], (step, t)) for step in STEPS for t in types}
                     if any(d.kind == "revive" for d in defs) else {})
        moves.append(tuple(m))
        attacks.append(tuple(a))
        revives.append(tuple(v))
    return tuple(moves), tuple(attacks), tuple(revives)


def uid(table: UnitTable, index: int) -> str:
    """A unit's stable id, ``A.cavalry`` (for events and views)."""
    return table.uids[index]
