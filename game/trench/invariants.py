"""Invariants that hold after every action (checked by tools/simulate.py and the tests).

``check_invariants(state)`` looks at one position; :class:`EventAudit` follows a game's event
stream and checks that the bookkeeping the events describe (points scored, the dead) matches the
state, so an edit that scores without telling the log, or tells without scoring, is caught.
"""

from __future__ import annotations

from .geometry import CELLS, cell_name, edge_cells, is_corner
from .model import (BASE_KINDS, BOARD, BOAT, CARRIED, CORPSE, ESCAPED, GONE, NATURAL, STATUSES, SUNK,
                    UNPLACED, VILLAGE)
from .state import ACTION_CARDS

#: Statuses with no cell (TW-2): not yet landed, carried, escaped, sunk or eaten.
_OFF_BOARD = frozenset((UNPLACED, CARRIED, ESCAPED, SUNK, GONE))
#: The dead counted toward the judgement (TW-9): soldiers, sunk soldiers and civilians.
_DEAD = frozenset((CORPSE, CARRIED, SUNK, GONE))


def check_invariants(state) -> list[str]:
    """Every broken invariant, as a message; an empty list when all hold."""
    errors = []
    if (state.phase == "over") != (state.result is not None):
        errors.append(f"TW-9: phase {state.phase} with result {state.result}")
    census = state.cube_census()
    if census["total"] != state.rules.natural_cubes or state.supply < 0 or state.out < 0:
        errors.append(f"TW-1: natural cubes do not add up to {state.rules.natural_cubes}: {census}")
    errors += _columns(state)
    errors += _places(state)
    for seat in state.seats:
        total = (ACTION_CARDS.size(state.hands[seat]) + ACTION_CARDS.size(state.discards[seat])
                 + len(state.plots[seat]) + (1 if seat in state.interrupt_used else 0))
        if total != 12:
            errors.append(f"TW-1: {seat} has {total} action cards, not 12")
    errors += _belongings(state)
    dead = sum(1 for s in state.soldiers if s.status in _DEAD)
    if dead > state.dead:  # a position may start with more dead than pieces left to show (removed ones)
        errors.append(f"TW-9: {dead} soldiers and civilians are dead but the count says {state.dead}")
    return errors


def _columns(state) -> list[str]:
    """TW-2: columns of at most two cubes of known kinds; one base a seat in play, one village."""
    errors = []
    bases = {}
    for cell, col in enumerate(state.columns):
        if len(col) > 2:
            errors.append(f"TW-2: {cell_name(cell)} is {len(col)} high")
        for kind in col:
            if kind != NATURAL and kind != VILLAGE and kind not in BASE_KINDS:
                errors.append(f"TW-2: {cell_name(cell)} holds an unknown cube {kind!r}")
            elif kind != NATURAL:
                bases.setdefault(kind, []).append(cell)
    for kind, cells in bases.items():
        if len(cells) > 1:
            errors.append(f"TW-2: {len(cells)} {kind} cubes on the board")
        if kind in BASE_KINDS and kind not in state.seats:
            errors.append(f"TW-2: a base of {kind}, not in play, on {cell_name(cells[0])}")
    if VILLAGE in bases and not state.rules.civilians:
        errors.append("TW-11: a village without the civilians variant")
    return errors


def _places(state) -> list[str]:
    """TW-2: where pieces may be: one living soldier a cell, never on a wall or off the board."""
    errors = []
    seen = {}
    for s in state.soldiers:
        if s.status not in STATUSES:
            errors.append(f"TW-2: {s.sid} has the status {s.status!r}")
            continue
        if s.status in _OFF_BOARD:
            if s.cell is not None:
                errors.append(f"TW-2: {s.sid} is {s.status} but has a cell {s.cell}")
            continue
        if s.cell not in CELLS:
            errors.append(f"TW-2: {s.sid} ({s.status}) is off the board: cell {s.cell}")
            continue
        if s.status == BOAT:
            if s.seat not in state.seats or s.cell not in edge_cells(s.seat) or is_corner(s.cell):
                errors.append(f"TW-3.3: {s.sid}'s boat lies beside {cell_name(s.cell)}, not its own edge")
            continue
        if len(state.columns[s.cell]) >= 2:
            what = "stands" if s.status == BOARD else "lies"
            errors.append(f"TW-2: {s.sid} {what} on the wall {cell_name(s.cell)}")
        if s.status != BOARD:
            continue
        if s.cell in seen:
            errors.append(f"TW-2: {s.sid} and {seen[s.cell]} share {cell_name(s.cell)}")
        seen[s.cell] = s.sid
    for carried in state.soldiers:
        if carried.status == CARRIED:
            carrier = state.soldier(carried.carrier) if carried.carrier else None
            if carrier is None or carried.sid not in carrier.corpses:
                errors.append(f"TW-7.4: the carried corpse {carried.sid} has no carrier holding it")
    for s in state.soldiers:
        for c in s.corpses:
            if state.soldier(c).status not in (CARRIED, GONE):
                errors.append(f"TW-7.4: {s.sid} carries {c}, which is {state.soldier(c).status}")
    for g in state.gas:
        if g.cell not in CELLS or g.layer not in (1, 2):
            errors.append(f"TW-8: gas {g.gid} is off the board ({g.cell}, layer {g.layer})")
        elif len(state.columns[g.cell]) >= g.layer:
            errors.append(f"TW-8: gas {g.gid} in layer {g.layer} of {cell_name(g.cell)}, which is "
                          f"{len(state.columns[g.cell])} high")
    return errors


def _belongings(state) -> list[str]:
    """TW-0/TW-6.5: every soldier's belongings within the ruleset's limits; each weapon tile once."""
    rules = state.rules
    errors = []
    most = {"gun": rules.gun_rounds, "gas": rules.gas_shots, "bomb": rules.bombs}
    tiles = {}
    for s in state.soldiers:
        if s.cubes > rules.max_cubes_carried:
            errors.append(f"TW-6.5: {s.sid} carries {s.cubes} cubes")
        for what in ("cubes", "masks", "drugs", "food"):
            if getattr(s, what) < 0:
                errors.append(f"TW-1: {s.sid} has {getattr(s, what)} {what}")
        for w in s.weapons:
            if w.kind == "?":
                continue  # a view's unknown tile
            if w.ammo is None or not 0 <= w.ammo <= most[w.kind]:
                errors.append(f"TW-1: {s.sid}'s {w.tile} holds {w.ammo} (0..{most[w.kind]})")
            if w.tile in tiles:
                errors.append(f"TW-1: the weapon tile {w.tile} is held by {tiles[w.tile]} and {s.sid}")
            tiles[w.tile] = s.sid
    soldiers = sum(1 for s in state.soldiers if s.seat != "C")
    worn = sum(s.masks + (1 if s.mask_on else 0) for s in state.soldiers)
    if worn > rules.masks_per_soldier * soldiers:
        errors.append(f"TW-1: {worn} gas masks, more than {rules.masks_per_soldier} per soldier")
    return errors


class EventAudit:
    """Follows one game's events: the points the events announce must be the points scored.

    ``score`` events add their ``points`` (a base scores only after an enemy base is destroyed), an
    ``escape`` adds the escape value (nothing with hidden teams), a ``penalty`` of ``point`` takes the civilian penalty (TW-9); ``death`` and ``sink``
    events count the dead.  Start it on a position, feed it each action's events with
    :meth:`check`, which returns the mismatches (empty when the stream and the state agree).
    """

    def __init__(self, state):
        self.points = dict(state.points)
        self.dead = state.dead

    def check(self, state, events) -> list[str]:
        rules = state.rules
        errors = []
        destroyed = None  # the kind of the last cube destroyed in these events
        for e in events:
            if e.kind == "cube" and e.get("how") == "destroy":
                destroyed = e.get("kind")
            if e.kind == "score":
                self.points[e.get("seat")] += e.get("points")
                if e.get("why") == "base" and (destroyed not in state.seats or state.is_ally(destroyed, e.get("seat"))):
                    errors.append(f"TW-9: {e.get('seat')} scores a base, but the base destroyed is "
                                  f"{destroyed!r}, not an enemy's")
            elif e.kind == "escape":
                if not rules.hidden_teams:
                    self.points[e.get("seat")] += rules.escape_value(len(state.seats))
            elif e.kind == "penalty" and e.get("choice") == "point":
                self.points[e.get("seat")] -= rules.civilian_penalty
            elif e.kind in ("death", "sink"):
                self.dead += 1
        if self.points != state.points:
            errors.append(f"TW-9: the events score {self.points}, the scoreboard says {state.points}")
            self.points = dict(state.points)
        if self.dead != state.dead:
            errors.append(f"TW-9: the events report {self.dead} dead, the count says {state.dead}")
            self.dead = state.dead
        return errors


def check_view(state, v) -> list[str]:
    """TW-10: the view ``v`` of ``state`` holds no secret of a seat other than its viewer: no
    generator, no other hand or plotted card, no weapon tile the viewer has not seen, no hidden
    side it has not learned."""
    viewer = v.viewer
    errors = []
    if v.rng is not None:
        errors.append(f"TW-10: the view of {viewer} shows the generator")
    for seat in state.seats:
        if seat == viewer:
            continue
        if v.hands.get(seat) is not None:
            errors.append(f"TW-10: the view of {viewer} shows {seat}'s hand")
        if any(card != "?" for card in v.plots.get(seat, ())):
            errors.append(f"TW-10: the view of {viewer} shows {seat}'s plotted cards")
    t = v.turn
    if t is not None and t.seat != viewer:
        shown = 0 if t.slot is None else t.slot + 1
        if any(card != "?" for card in t.cards[shown:]):
            errors.append(f"TW-10: the view of {viewer} shows {t.seat}'s unrevealed cards")
    for real, seen in zip(state.soldiers, v.soldiers):
        for w, vw in zip(real.weapons, seen.weapons):
            if not (w.public or (viewer is not None and viewer in w.known)) and vw.kind != "?":
                errors.append(f"TW-10: the view of {viewer} shows {real.sid}'s unseen {w.tile}")
            if vw.kind != "?" and vw.known - {viewer}:
                errors.append(f"TW-10: the view of {viewer} shows who else has seen {w.tile}")
    for seat, (team, known, public) in (v.teams or {}).items():
        truly = state.teams[seat]
        if not (truly[2] or (viewer is not None and viewer in truly[1])) and team != "?":
            errors.append(f"TW-10: the view of {viewer} shows {seat}'s hidden side")
        if known - {viewer}:
            errors.append(f"TW-10: the view of {viewer} shows who else knows {seat}'s side")
    return errors
