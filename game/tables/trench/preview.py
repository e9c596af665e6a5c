"""Telegraphing: the outcome of an action computed from the viewer's own view (TW-6, TW-8).

``preview(view, action)`` plays the action on a scratch copy of a ``TrenchView`` (never the
full state) with the rules core's own functions (``movement``, ``handling``, ``weapons``,
``gas``) and reads what would happen from the events they emit.  Where a hidden part
matters (the acting weapon is one the viewer has not seen) nothing is simulated: the
preview says ``unknown`` and guesses nothing.

Public API::

    preview(view, action) -> Preview
        # view: game.trench.view.TrenchView (a full TrenchState is refused: TypeError)
        # action: an Action or its text ("S1 step n", "S1 fire destroy", "S gas left", ...)

    @dataclass(frozen=True) Preview:
        action: str
        actor: str | None           # the acting soldier (or seat for seat actions)
        unknown: tuple[str, ...]    # what a hidden part leaves open: (), ("weapon",) or ("outcome",)
        valid: bool                 # False: the rules refuse it in this view (see ``reason``)
        reason: str | None          # the core's message (rule id first) when not valid
        path: tuple[int, ...]       # the acting piece's cells, start first (step, dash, tunnel)
        escape: bool                # the piece leaves over the far edge (TW-9)
        shifts: tuple[Shift, ...]   # cubes and allies moved, built, collected, dug
        line: tuple[int, ...]       # gun: the cells the shot crosses, in order
        stop: int | None            # gun: the cell where the shot stops (a soldier or a cube)
        target: int | None          # bomb / gas / build / remote-dig cell
        kills: tuple[Kill, ...]     # who would die
        destroyed: tuple[int, ...]  # cells that lose a cube to a shot, bomb or assault
        pickups: tuple[tuple[str, int], ...]   # (sid, cell): items or corpses taken
        gas: tuple[GasRoute, ...]   # where gas tokens go: one route per token and deflection side
        exposed: tuple[Exposure, ...]          # soldiers exposed to gas and the cells where
        choices: tuple[str, ...]    # deflection sides asked of a gas owner: () or ("left","right")
        lines: tuple[str, ...]      # the outcome in words (catalog keys ui.preview.*, current language)
        weapon: str | None          # fire: the kind fired ("gun", "gas", "bomb"); else None

    Shift(what, frm, to, sid)       # what: "cube" | "ally"; frm/to cells (None: from/to a stock)
    Kill(sid, cell, cause, side)    # cause: gun, bomb, gas, assault, ...; side: None, "left", "right"
    GasRoute(gid, owner, side, cells, leaves)
        # cells: ((cell, layer), ...) from where it starts; leaves: it blows off the board
    Exposure(sid, cell, outcome, side)      # outcome: "dies" | "mask" (a mask is used up)

    exposure_cells(view, sid) -> tuple[int, ...]
        # the cells where soldier ``sid`` would be exposed to gas if it entered them now:
        # cells holding resting gas (for highlighting while moving)

When a gas token would meet a deflection choice, the action is simulated once for each
choice (the owner's left, then right; later choices in the same movement follow the same
side, as ``game.tables.trench.forecast`` does); results that are the same for both are reported once
(``side`` None).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.core.errors import IllegalActionError
from game.trench import flow, gas, handling, movement, weapons
from game.trench.actions import Action
from game.trench.geometry import cell_name, parse_cell
from game.trench.model import BOARD
from game.trench.state import ACTION_CARDS
from game.trench.view import TrenchView
from game.ui.uitext import Texts

#: Every sentence of a preview: catalog keys ``ui.preview.*`` (named placeholders: a translation may
#: reorder them), read in the language chosen when the preview is made.
TEXT = Texts("ui.preview")

#: Actions whose outcome is simulated (soldier actions on the board, the remote dig, a
#: pending gas deflection choice).
_SIMULATED = frozenset(("step", "tunnel", "dash", "turn", "build", "collect", "dig", "fire", "gas"))
_SIDES = ("left", "right")


def t(key: str, **args) -> str:
    return TEXT[key].format(**args)


@dataclass(frozen=True)
class Shift:
    """A cube or an ally moved by the action: ``what`` ``cube`` (``frm``/``to`` None: from or
    into a soldier's stock, or out of the game) or ``ally`` (``sid``)."""
    what: str
    frm: int | None
    to: int | None
    sid: str | None = None


@dataclass(frozen=True)
class Kill:
    sid: str
    cell: int
    cause: str
    side: str | None = None


@dataclass(frozen=True)
class GasRoute:
    """A gas token's movement: ``cells`` ``((cell, layer), ...)`` from where it starts."""
    gid: int
    owner: str
    side: str | None
    cells: tuple
    leaves: bool


@dataclass(frozen=True)
class Exposure:
    sid: str
    cell: int
    outcome: str          # "dies" or "mask"
    side: str | None = None


@dataclass(frozen=True)
class Preview:
    """The telegraphed outcome of one action (see the module docstring)."""
    action: str
    actor: str | None
    unknown: tuple = ()
    valid: bool = True
    reason: str | None = None
    path: tuple = ()
    escape: bool = False
    shifts: tuple = ()
    line: tuple = ()
    stop: int | None = None
    target: int | None = None
    kills: tuple = ()
    destroyed: tuple = ()
    pickups: tuple = ()
    gas: tuple = ()
    exposed: tuple = ()
    choices: tuple = ()
    lines: tuple = ()
    weapon: str | None = None   # fire: the kind fired (gun, gas, bomb)


# -- checks ------------------------------------------------------------------------------
def _reason(view, a: Action) -> str | None:
    """Why the rules refuse ``a`` on this board (the core's own checks), or None."""
    if a.verb == "gas":
        p = view.pending[0] if view.pending else None
        if p is None or p.kind != "gas" or p.seat != a.actor:
            return f"TW-8: {a.actor} has no gas deflection to choose now"
        if a.args[0] not in gas.choice_options(view, p):
            return f"TW-8: the gas cannot turn {a.args[0]}"
        return None
    if a.verb == "dig" and not a.soldier:
        return handling.check_remote_dig(view, parse_cell(a.args[0]))
    try:
        s = view.soldier(a.actor)
    except KeyError:
        return f"there is no soldier {a.actor}"
    if s.status not in (BOARD, "boat"):
        return f"{a.actor} is not in play ({s.status})"
    v = a.verb
    if v == "step":
        return movement.check_step(view, s, a.args[0])
    if v == "tunnel":
        return movement.check_tunnel(view, s, a.args[0])
    if v == "dash":
        return movement.check_dash(view, s)
    if v == "turn":
        return handling.check_turn(view, s, a.args[0], len(a.args) > 1, a.args[2] if len(a.args) > 2 else None)
    if v == "build":
        return handling.check_build(view, s, parse_cell(a.args[0]))
    if v == "collect":
        return handling.check_collect(view, s)
    if v == "dig":
        return handling.check_dig(view, s)
    return weapons.check(view, s, a)


def _hidden_weapon(view, a: Action) -> bool:
    """Does ``a`` fire a weapon the viewer has not seen?"""
    if a.verb != "fire":
        return False
    s = view.soldier(a.actor)
    tile = a.args[0] if a.args and ":" in a.args[0] else None
    if tile is None:
        return bool(s.weapons) and s.weapons[0].kind == "?"
    seat = view.turn.seat if view.turn else None
    for h in view.soldiers:
        if h.seat == seat and h.status in (BOARD, "boat") and h.weapons and h.weapons[0].tile == tile:
            return False
    return True  # the named tile is not an active weapon the viewer can see


# -- simulation ------------------------------------------------------------------------------
def _simulate(view, a: Action, side: str):
    """Play ``a`` on a scratch copy of the view; gas deflection choices take ``side`` (or the
    only open one).  Returns ``(state_after, events)``."""
    st = view.clone()
    # Hidden hands are None in a view; a corpse eaten on the way merges cards into its eater's
    # hand, which no preview reads: an empty placeholder keeps the rules core running.
    st.hands = {s: (h if h is not None else ACTION_CARDS.empty()) for s, h in st.hands.items()}
    events: list = []
    if a.verb == "gas":
        p = st.pending[0]
        st.pending = st.pending[1:]
        gas.choose(st, p, a.args[0], events)
    else:
        flow.perform(st, a, events)
    for _ in range(64):  # a token meets at most a few choices; bounded for safety
        p = next((x for x in st.pending if x.kind == "gas"), None)
        if p is None or st.result is not None:
            break
        options = gas.choice_options(st, p)
        st.pending = tuple(x for x in st.pending if x is not p)
        if not options:
            continue
        gas.choose(st, p, side if side in options else options[0], events)
    return st, events


def _outcome(view, after, events, actor):
    """What the events of one simulation say."""
    path: list = []
    escape = False
    shifts, kills, destroyed, pickups, exposed = [], [], [], [], []
    line, stop, target, choice, weapon = (), None, None, False, None
    routes: dict = {}
    for e in events:
        k, g = e.kind, e.get
        if k == "move":
            how, sid, p = g("how"), g("sid"), tuple(g("path") or ())
            if sid == actor and how not in ("pushed", "carried"):
                if how == "escape":
                    escape = True
                for c in p:
                    if not path or path[-1] != c:
                        path.append(c)
            elif how in ("pushed", "carried") and p:
                shifts.append(Shift("ally", p[0], p[-1], sid))
        elif k == "cube":
            how = g("how")
            if how in ("push", "carry"):
                shifts.append(Shift("cube", g("frm"), g("to"), g("sid")))
            elif how == "place" and g("sid"):
                shifts.append(Shift("cube", None, g("to"), g("sid")))
                target = g("to")
            elif how == "collect":
                shifts.append(Shift("cube", g("frm"), None, g("sid")))
            elif how == "dig":
                shifts.append(Shift("cube", g("frm"), None, None))
                if not g("sid"):
                    target = g("frm")
            elif how == "drop":
                shifts.append(Shift("cube", g("frm"), g("to"), None))
            elif how == "destroy":
                destroyed.append(g("frm"))
        elif k == "fire":
            weapon = g("weapon")
            if weapon == "gun":
                line = tuple(g("path") or ())
                hit = g("hit")
                stop = view.soldier(hit).cell if hit is not None else g("stop")
                if hit is not None and stop in line:
                    line = line[:line.index(stop) + 1]  # the shot stops at the soldier it hits
            else:
                target = g("target")
        elif k == "death":
            kills.append(Kill(g("sid"), g("cell"), g("cause")))
            if g("cause") == "gas":
                exposed.append(Exposure(g("sid"), g("cell"), "dies"))
        elif k == "mask-used":
            exposed.append(Exposure(g("sid"), g("cell"), "mask"))
        elif k == "pickup":
            pickups.append((g("sid"), g("cell")))
        elif k == "gas-choice":
            choice = True
        elif k == "gas":
            gid, how, p = g("gid"), g("how"), tuple(g("path") or ())
            r = routes.get(gid)
            if r is None:
                start = next((tok for tok in view.gas if tok.gid == gid), None)
                layer = start.layer if start is not None and how != "place" else g("layer")
                r = routes[gid] = {"owner": g("owner"), "cells": [], "layer": layer, "leaves": False}
            for c in p:
                if how == "leave":
                    r["leaves"] = True
                    if r["cells"] and r["cells"][-1][0] == c:
                        continue
                if r["cells"] and r["cells"][-1][0] == c and how != "drop":
                    continue
                if how == "drop":
                    r["layer"] = 1
                    if r["cells"] and r["cells"][-1][0] == c:
                        r["cells"][-1] = (c, 1)
                        continue
                layer = r["layer"]
                if layer == 2 and not after.columns[c] and r["cells"]:
                    layer = r["layer"] = 1
                r["cells"].append((c, layer))
    gas_routes = [GasRoute(gid, r["owner"], None, tuple(r["cells"]), r["leaves"]) for gid, r in routes.items()]
    return {"path": tuple(path), "escape": escape, "shifts": tuple(shifts), "line": line, "stop": stop,
            "target": target, "kills": tuple(kills), "destroyed": tuple(destroyed), "pickups": tuple(pickups),
            "gas": tuple(gas_routes), "exposed": tuple(exposed), "choice": choice, "weapon": weapon}


def _merge(left, right, field):
    """Items of a side-dependent field: those in both sides once (side None), the rest tagged."""
    out = [x for x in left[field] if x in right[field]]
    out += [_tag(x, "left") for x in left[field] if x not in right[field]]
    out += [_tag(x, "right") for x in right[field] if x not in left[field]]
    return tuple(out)


def _tag(x, side):
    return type(x)(**{**{f: getattr(x, f) for f in x.__dataclass_fields__}, "side": side})


# -- public ------------------------------------------------------------------------------------
def preview(view, action) -> Preview:
    """The outcome of ``action`` as the viewer of ``view`` can foresee it."""
    if not isinstance(view, TrenchView):
        raise TypeError("preview reads a view (game.trench.view.view(state, seat)), never the full state")
    a = Action.parse(action)
    text = str(a)
    actor = a.actor
    if a.verb not in _SIMULATED:
        return Preview(text, actor)
    if a.verb == "fire" and actor in view.index and _hidden_weapon(view, a):
        return Preview(text, actor, unknown=("weapon",), lines=(t("unknown.weapon", sid=actor),))
    why = _reason(view, a)
    if why:
        return Preview(text, actor, valid=False, reason=why, lines=(t("invalid", reason=why),))
    try:
        after, events = _simulate(view, a, "left")
    except IllegalActionError as exc:
        return Preview(text, actor, valid=False, reason=str(exc), lines=(t("invalid", reason=str(exc)),))
    except Exception:  # noqa: BLE001 - the view lacks what the rules needed: say so, guess nothing
        return Preview(text, actor, unknown=("outcome",), lines=(t("unknown.outcome"),))
    left = _outcome(view, after, events, actor)
    choices = ()
    merged = dict(left)
    if left["choice"]:  # a deflection choice comes up (after the action's own, for "S gas left")
        after_r, events_r = _simulate(view, a, "right")
        right = _outcome(view, after_r, events_r, actor)
        choices = _SIDES
        for field in ("kills", "gas", "exposed"):
            merged[field] = _merge(left, right, field)
    p = Preview(text, actor, path=merged["path"], escape=merged["escape"], shifts=merged["shifts"],
                line=merged["line"], stop=merged["stop"], target=merged["target"], kills=merged["kills"],
                destroyed=merged["destroyed"], pickups=merged["pickups"], gas=merged["gas"],
                exposed=merged["exposed"], choices=choices, weapon=merged["weapon"])
    return _with_lines(view, a, p)


def exposure_cells(view, sid: str) -> tuple:
    """Cells where ``sid`` would be exposed to gas on entering them now: those holding gas, in
    either layer (TW-8: entering a cell exposes to every token resting there)."""
    return tuple(sorted({g.cell for g in view.gas}))


# -- words ------------------------------------------------------------------------------------
def _with_lines(view, a, p: Preview) -> Preview:
    lines = []
    n = cell_name
    sidew = {s: t(f"side.{s}") for s in _SIDES}
    if p.weapon == "gun":
        hit = next((k for k in p.kills if k.cause == "gun"), None)
        if hit is not None:
            lines.append(t("line.hit", cell=n(hit.cell), victim=hit.sid))
        elif p.stop is not None:
            lines.append(t("line.destroy" if p.destroyed else "line.stop", cell=n(p.stop)))
        elif p.line:
            lines.append(t("line.none", cell=n(p.line[-1])))
    elif p.weapon in ("bomb", "gas") and p.target is not None:
        lines.append(t("bomb" if p.weapon == "bomb" else "gas.fire", cell=n(p.target)))
    if p.escape:
        lines.append(t("path.escape", sid=p.actor))
    elif len(p.path) > 1 or (p.path and a.verb in ("step", "dash")):
        lines.append(t("path.end", sid=p.actor, cell=n(p.path[-1])))
    for s in p.shifts:
        if s.what == "ally":
            lines.append(t("shift.ally", sid=s.sid, frm=n(s.frm), to=n(s.to)))
        elif s.frm is not None and s.to is not None:
            lines.append(t("shift.drop" if s.frm == s.to else "shift.cube", frm=n(s.frm), to=n(s.to)))
        elif s.to is not None:
            lines.append(t("shift.build", to=n(s.to)))
        elif s.sid:
            lines.append(t("shift.collect", sid=s.sid, frm=n(s.frm)))
        else:
            lines.append(t("shift.dig", frm=n(s.frm)))
    for c in p.destroyed:
        if p.line and c == p.stop:
            continue  # told with the shot
        lines.append(t("destroyed", cell=n(c)))
    if p.choices:
        owner = next((r.owner for r in p.gas), a.actor)
        lines.append(t("choice", owner=owner))
    for r in p.gas:
        if not r.cells:
            continue
        last = n(r.cells[-1][0])
        key = "gas.leave" if r.leaves else "gas.rest"
        if r.side:
            lines.append(t(key + ".side", side=sidew[r.side], gid=r.gid, cell=last))
        else:
            lines.append(t(key, gid=r.gid, cell=last))
    for k in p.kills:
        if k.cause == "gas" or (k.cause == "gun" and a.verb == "fire"):
            continue  # told as an exposure / with the shot
        if k.side:
            lines.append(t("kill.side", side=sidew[k.side], sid=k.sid, cell=n(k.cell)))
        else:
            lines.append(t("kill", sid=k.sid, cell=n(k.cell)))
    for x in p.exposed:
        key = f"exposed.{x.outcome}" + (".side" if x.side else "")
        args = {"side": sidew[x.side]} if x.side else {}
        lines.append(t(key, sid=x.sid, cell=n(x.cell), **args))
    for sid, cell in p.pickups:
        lines.append(t("pickup", sid=sid, cell=n(cell)))
    return Preview(**{**{f: getattr(p, f) for f in p.__dataclass_fields__}, "lines": tuple(lines)})


__all__ = ["TEXT", "Preview", "Shift", "Kill", "GasRoute", "Exposure", "preview", "exposure_cells"]
