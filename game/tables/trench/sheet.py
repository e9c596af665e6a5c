"""A soldier's sheet and each seat's points by source, as the viewer knows them (TW-9, TW-10).

Reads only a ``TrenchView`` (and optionally the points tally of the viewer's log,
``game.tables.trench.logtext.Log.tally``).  Unseen weapons are ``?``.

Public API::

    soldier_sheet(view, sid) -> Sheet
    @dataclass(frozen=True) Sheet:
        sid, seat, status, cell (int | None), facing
        weapons: tuple[WeaponLine, ...]   # the active one first
        masks: int, mask_on: bool, mask_countdown: int  # turn-ends left to get out of gas (0: none)
        drugs: int, food: int, cubes: int
        corpses: tuple[str, ...]          # carried corpses (sids)
        carrier: str | None               # for a carried corpse: who carries it
        lines: tuple[str, ...]            # the sheet in words (catalog keys ui.sheet.*)

    WeaponLine(tile, kind, ammo, active, fired)
        # unseen: tile "?", kind "?", ammo None; fired: revealed to all by firing

    seat_scores(view, tally=None) -> list[SeatScore]      # one per seat, in seat order
    @dataclass(frozen=True) SeatScore:
        seat, total,                      # total = the points that count now (view.score)
        kills, bases, corpses, escapes, bonus, penalties, other
        # kills/bases/penalties come from ``tally`` (the log's score and penalty events);
        # without it (or when it does not add up, a log begun mid-game) the rest is ``other``.
        # corpses: carried enemy corpses (0 when they count only at judgement);
        # penalties is a positive number of points lost.
        lines: tuple[str, ...]            # "S: 2 points (kills 1, corpses carried 1)"

    score_line(score) -> str
    team_total(view, seat) -> int         # points toward the target (team-mates pool them, TW-11)
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import tr
from game.trench import variants
from game.trench.geometry import cell_name
from game.trench.model import ESCAPED
from game.ui.uitext import Texts

#: Every string of the sheet and the score panel: catalog keys ``ui.sheet.*`` (named placeholders).
TEXT = Texts("ui.sheet")


def t(key: str, **args) -> str:
    return TEXT[key].format(**args)


@dataclass(frozen=True)
class WeaponLine:
    tile: str
    kind: str
    ammo: int | None
    active: bool
    fired: bool


@dataclass(frozen=True)
class Sheet:
    sid: str
    seat: str
    status: str
    cell: int | None
    facing: str
    weapons: tuple
    masks: int
    mask_on: bool
    mask_countdown: int
    drugs: int
    food: int
    cubes: int
    corpses: tuple
    carrier: str | None
    lines: tuple


@dataclass(frozen=True)
class SeatScore:
    seat: str
    total: int
    kills: int
    bases: int
    corpses: int
    escapes: int
    bonus: int
    penalties: int
    other: int
    lines: tuple


def soldier_sheet(view, sid: str) -> Sheet:
    """Soldier ``sid`` as the viewer of ``view`` knows it (unseen weapons ``?``)."""
    s = view.soldier(sid)
    weapons = tuple(WeaponLine(w.tile, w.kind, w.ammo, i == 0, bool(w.public))
                    for i, w in enumerate(s.weapons))
    cell = cell_name(s.cell) if s.cell is not None else "-"
    status = t(f"status.{s.status}", cell=cell, facing=TEXT[f"dir.{s.facing}"], carrier=s.carrier or "?")
    lines = [t("title", sid=sid, seat=s.seat, status=status)]
    if s.seat != "C":
        if not weapons and s.status in ("unplaced", "boat", "board", "corpse"):
            lines.append(t("weapons_none"))
        for w in weapons:
            role = "active" if w.active else "carried"
            if w.kind == "?":
                lines.append(t(f"weapon_line.unknown.{role}"))
            else:
                key = f"weapon_line.{role}" + (".fired" if w.fired else "")
                lines.append(t(key, seat=w.tile.split(":")[0], weapon=TEXT[f"weapon.{w.kind}"],
                               ammo=t(f"ammo.{w.kind}.{'1' if w.ammo == 1 else 'n'}", count=w.ammo)))
    if s.mask_on:
        lines.append(t("mask_on"))
    if s.masks:
        lines.append(t("masks", count=s.masks))
    if s.gas_check:
        lines.append(t("mask_countdown.1" if s.gas_check == 1 else "mask_countdown.n"))
    for field, key in (("drugs", "drugs"), ("food", "food"), ("cubes", "cubes")):
        if getattr(s, field):
            lines.append(t(key, count=getattr(s, field)))
    if s.corpses:
        lines.append(t("corpses", corpses=TEXT["list_sep"].join(s.corpses)))
    return Sheet(sid, s.seat, s.status, s.cell, s.facing, weapons, s.masks, s.mask_on, s.gas_check,
                 s.drugs, s.food, s.cubes, tuple(s.corpses), s.carrier, tuple(lines))


def seat_scores(view, tally=None) -> list:
    """Each seat's points by source, from the view (escapes, bonus, carried corpses) and the
    log's tally (kills, bases, penalties); what cannot be placed is ``other``."""
    rules = view.rules
    players = len(view.seats)
    out = []
    for seat in view.seats:
        total = view.score(seat)
        escapes = 0 if rules.hidden_teams else rules.escape_value(players) * sum(
            1 for s in view.soldiers if s.seat == seat and s.status == ESCAPED)
        bonus = rules.empty_gun_points if seat in view.bonus else 0
        corpses = view.carried_enemy_corpses(seat) if rules.corpse_points == "always" else 0
        seen = (tally or {}).get(seat, {})
        kills, bases = seen.get("kills", 0), seen.get("bases", 0)
        penalties = seen.get("penalties", 0) * rules.civilian_penalty
        other = total - (kills + bases + corpses + escapes + bonus - penalties)
        if other < 0 or tally is None:
            # a log that does not add up (begun mid-game): keep only what the view shows
            kills = bases = penalties = 0
            other = total - (corpses + escapes + bonus)
        out.append(_score(seat, total, kills, bases, corpses, escapes, bonus, penalties, other))
    return out


def _score(seat, total, kills, bases, corpses, escapes, bonus, penalties, other) -> SeatScore:
    sources = [t(f"score.{name}", n=n) for name, n in (
        ("kills", kills), ("bases", bases), ("corpses", corpses), ("escapes", escapes),
        ("bonus", bonus), ("penalties", penalties), ("other", other)) if n]
    name = tr(f"seat.{seat}")  # the side in full ("South", 南軍), as the HUD names it
    title = t("score.title.1", seat=name) if total == 1 else t("score.title", seat=name, total=total)
    line = t("score.line", title=title, sources=TEXT["list_sep"].join(sources)) if sources else title
    return SeatScore(seat, total, kills, bases, corpses, escapes, bonus, penalties, other, (line,))


def score_line(score: SeatScore) -> str:
    return score.lines[0]


def team_total(view, seat: str) -> int:
    """Points that count toward ``seat``'s target (team-mates pool them, TW-11)."""
    return variants.team_score(view, seat)


__all__ = ["TEXT", "Sheet", "WeaponLine", "SeatScore", "soldier_sheet", "seat_scores", "score_line", "team_total"]
