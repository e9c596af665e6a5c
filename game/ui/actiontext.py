"""Actions in words for a small choice menu, and a refused action's reason (the rule id first).

Public API::

    action_words(action, view=None) -> str
        # "Turn east carrying the cube", "Fire and destroy the wall at d4",
        # "Switch to the gas gun", "Give S2 a food", "Deflect the gas left" ...
        # ``view`` (the viewer's TrenchView) names what a click concerns (a cube or an ally,
        # a wall or a ground cube); without it the words stay generic.  Never reveals
        # more than the view: an unseen tile is "a weapon".
    reason_words(message) -> str
        # the core's IllegalActionError message as shown: "TW-6.1: S1 cannot ..."
    split_reason(message) -> tuple[str | None, str]
        # ("TW-6.1", "S1 cannot ...") or (None, message) when no rule id leads it
"""

from __future__ import annotations

import re

from game.trench import handling, movement, weapons
from game.trench.actions import Action
from game.trench.geometry import cell_name, parse_cell
from game.trench.model import BOARD, BOAT

#: Every string of the choice menu, keyed (named placeholders).
TEXT = {
    "dir.n": "north", "dir.e": "east", "dir.s": "south", "dir.w": "west",
    "card.move": "Move", "card.turn": "Turn", "card.build": "Build", "card.fire": "Fire",
    "card.dig": "Dig", "card.equip": "Equip", "card.camp": "Camp", "card.interrupt": "Interrupt",
    "weapon.gun": "gun", "weapon.gas": "gas gun", "weapon.bomb": "bombs",
    "wind.n": "north", "wind.e": "east", "wind.s": "south", "wind.w": "west",
    "wind.same": "same", "wind.calm": "calm", "wind.eclipse": "eclipse",
    "belonging.mask": "a mask", "belonging.drug": "a drug", "belonging.food": "a food token",
    "belonging.cube": "a cube",
    "belongings.mask": "masks", "belongings.drug": "drugs", "belongings.food": "food",
    "belongings.cube": "cubes",
    "tile.own": "the {weapon}", "tile.other": "{seat}'s {weapon}", "tile.unknown": "a weapon",
    "corpse": "the corpse of {sid}",
    "actor": "{sid}: {what}",
    "reason": "{rule}: {text}",
    # chance and setup
    "chance.first": "Chance: {seat} is the first player",
    "chance.wind": "Chance: the wind card {card} is drawn",
    "chance.teams": "Chance: the secret sides are dealt ({split})",
    "arm.1": "Arm {s1} with the {w1}",
    "arm.2": "Arm {s1} with the {w1} and {s2} with the {w2}",
    "arm.3": "Arm {s1} with the {w1}, {s2} with the {w2} and {s3} with the {w3}",
    "arm.hidden": "Arm the soldiers",
    "boat": "Land {sid} on a boat beside {cell}",
    "base": "Build the base on {cell}",
    "place.food": "Put a food token on {cell}",
    "place.cube": "Put a cube on {cell}",
    "place.civilian": "Put a civilian on {cell}",
    "place.village": "Put the village on {cell}",
    "pass.setup": "Place nothing",
    "pass.turn": "Pass: end the turn",
    "pass": "Pass",
    # plotting and the turn
    "plot.1": "Plot {first} alone",
    "plot.2": "Plot {first}, then {second}",
    "plot.hidden.1": "Plot one card",
    "plot.hidden.2": "Plot two cards",
    "reveal": "Reveal the 2nd card",
    "interrupt": "Interrupt now, paying {payer}'s drug",
    "interrupt.plain": "Interrupt now",
    "wait": "Do not interrupt now",
    # moves
    "step": "Step {dir}",
    "step.to": "Step {dir} to {to}",
    "step.land": "Step from the boat onto {to}",
    "step.drop": "Drop {dir} into the trench on {to}",
    "step.climb": "Climb {dir} out onto {to}",
    "step.push": "Step {dir} to {to}, pushing the cube to {beyond}",
    "step.ally": "Step {dir} to {to}, pushing {ally} to {beyond}",
    "step.assault": "Step {dir} to {to} and assault {victim}",
    "step.base": "Step {dir} to {to} and destroy {owner}'s base",
    "step.village": "Step {dir} to {to} and destroy the village",
    "step.escape": "Escape over the {dir} edge",
    "tunnel": "Tunnel {dir} into {to}",
    "tunnel.plain": "Tunnel {dir}",
    "dash": "Dash ahead",
    "dash.to": "Dash {dir} to {to}",
    "dash.assault": "Dash {dir} to {to} and assault {victim}",
    "dash.base": "Dash {dir} to {to} and destroy {owner}'s base",
    "dash.village": "Dash {dir} to {to} and destroy the village",
    "dash.escape": "Dash over the {dir} edge and escape",
    "turn": "Turn {dir}",
    "turn.carry": "Turn {dir} carrying something",
    "turn.carry.cube": "Turn {dir} carrying the cube",
    "turn.carry.ally": "Turn {dir} carrying {ally}",
    "turn.carry.via": "Turn {dir} carrying something past the {via} side",
    "turn.carry.cube.via": "Turn {dir} carrying the cube past the {via} side",
    "turn.carry.ally.via": "Turn {dir} carrying {ally} past the {via} side",
    "build": "Build a cube on {cell}",
    "collect": "Collect the front cube",
    "collect.at": "Collect the cube from {cell}",
    "collect.daruma": "Collect the ground cube under the wall on {cell}",
    "dig": "Dig the ground under {sid}",
    "dig.at": "Dig the ground under {sid} on {cell}",
    "dig.remote": "Dig out the ground of {cell} (takes both actions)",
    # fire
    "fire": "Fire",
    "fire.unknown": "Fire the weapon",
    "fire.gun": "Fire the gun {dir}",
    "fire.gun.hit": "Fire the gun {dir} at {victim} on {cell}",
    "fire.gun.spare.wall": "Fire the gun {dir}; the wall at {cell} stands",
    "fire.gun.spare.cube": "Fire the gun {dir}; the cube at {cell} stands",
    "fire.destroy": "Fire and destroy the cube that stops the shot",
    "fire.destroy.wall": "Fire and destroy the wall at {cell}",
    "fire.destroy.cube": "Fire and destroy the cube at {cell}",
    "fire.here": "Fire gas on the own cell",
    "fire.here.at": "Fire gas on the own cell {cell}",
    "fire.front": "Fire gas on the front cell",
    "fire.front.at": "Fire gas on the front cell {cell}",
    "fire.bomb": "Throw a bomb at {cell}",
    "fire.bomb.self": "Throw a bomb at the own cell {cell}",
    "fire.with": "Fire {tile}",
    "fire.with.destroy": "Fire {tile} and destroy the cube that stops the shot",
    "fire.with.here": "Fire {tile} on the own cell",
    "fire.with.front": "Fire {tile} on the front cell",
    "fire.with.cell": "Fire {tile} at {cell}",
    # equip, camp, belongings
    "mask": "Put on a gas mask",
    "drug": "Take a drug (two extra actions)",
    "drug.card": "Play {card} for a drug action",
    "switch": "Switch to {tile}",
    "switch.plain": "Switch weapons",
    "camp.food": "Camp: eat {payer}'s food",
    "camp.food.card": "Camp: eat {payer}'s food and take back {card}",
    "camp.corpse": "Camp: eat the corpse of {corpse} carried by {payer}",
    "camp.corpse.card": "Camp: eat the corpse of {corpse} carried by {payer} and take back {card}",
    "give": "Give {to} {what}",
    "console.none": "Take nothing from the corpse",
    "console": "{to} takes {what} from the corpse",
    "console.of": "{to} takes {what} from the corpse of {corpse}",
    "handover": "The escaper's weapons go to {sid}",
    "sink.all": "Discard all of {sid}'s {what}",
    "sink.tile": "Discard {what} held by {sid}",
    "gas.left": "Turn the gas to the left of the wind",
    "gas.right": "Turn the gas to the right of the wind",
    "penalty.point": "Lose a point",
    "penalty.skip": "Skip the next turn",
    "shoot.destroy": "Destroy the cube",
    "shoot.spare": "Spare the cube",
    "other": "{action}",
}

_RULE = re.compile(r"^(TW-[0-9][0-9.]*[a-z]?)\s*:\s*(.*)$", re.S)


def t(key: str, **args) -> str:
    return TEXT[key].format(**args)


def split_reason(message) -> tuple:
    """``("TW-6.1", "S1 cannot ...")`` from a core message, or ``(None, message)``."""
    text = str(message).strip()
    m = _RULE.match(text)
    if m:
        return m.group(1), m.group(2)
    return None, text


def reason_words(message) -> str:
    """A refused action's reason as the core gives it, the rule id first."""
    rule, text = split_reason(message)
    return t("reason", rule=rule, text=text) if rule else text


def _tile(tile: str, actor_seat: str | None, view=None) -> str:
    if ":" not in tile:
        return TEXT["tile.unknown"]
    if view is not None and view.viewer != actor_seat and not _visible(view, tile):
        return TEXT["tile.unknown"]
    seat, kind = tile.split(":", 1)
    weapon = TEXT.get(f"weapon.{kind}", kind)
    return t("tile.own", weapon=weapon) if seat == actor_seat else t("tile.other", seat=seat, weapon=weapon)


def _visible(view, tile: str) -> bool:
    return any(w.tile == tile for s in view.soldiers for w in s.weapons)


def _what(what: str, actor_seat, view) -> str:
    if what in ("mask", "drug", "food", "cube"):
        return TEXT[f"belonging.{what}"]
    if ":" in what:
        return _tile(what, actor_seat, view)
    return t("corpse", sid=what)


def _dir(d) -> str:
    return TEXT.get(f"dir.{d}", d)


def action_words(action, view=None, actor: bool = False) -> str:
    """An action in words for a choice menu; ``view`` (the viewer's) adds what it concerns.

    ``actor``: lead with the acting soldier ("S1: Turn east").
    """
    a = Action.parse(action) if not isinstance(action, str) or "?" not in action else None
    if a is None:  # a redacted action text ("N plot ? ?", "N arm ? ? ?")
        tok = str(action).split()
        if len(tok) >= 2 and tok[1] == "plot":
            return t("plot.hidden.2" if len(tok) > 3 else "plot.hidden.1")
        return t("arm.hidden")
    words = _words(a, view)
    if actor and a.soldier and a.verb not in ("give",):
        return t("actor", sid=a.actor, what=words)
    return words


def _words(a: Action, view) -> str:  # noqa: C901 (one branch per verb)
    v, args = a.verb, a.args
    seat = a.seat or (view.turn.seat if view is not None and view.turn is not None else None)
    if a.actor == "chance":
        if v == "first":
            return t("chance.first", seat=args[0])
        if v == "wind":
            return t("chance.wind", card=TEXT.get(f"wind.{args[0]}", args[0]))
        return t("chance.teams", split=args[0])
    if v == "arm":
        names = {f"s{i + 1}": f"{a.actor}{i + 1}" for i in range(len(args))}
        kinds = {f"w{i + 1}": TEXT.get(f"weapon.{k}", k) for i, k in enumerate(args)}
        return t(f"arm.{len(args)}", **names, **kinds)
    if v == "boat":
        return t("boat", sid=a.actor, cell=args[0])
    if v == "base":
        return t("base", cell=args[0])
    if v in ("food", "cube", "civilian", "village"):
        return t(f"place.{v}", cell=args[0])
    if v == "pass":
        if view is not None:
            return t("pass.setup" if view.phase == "extra" else "pass.turn")
        return t("pass")
    if v == "plot":
        if len(args) == 2:
            return t("plot.2", first=TEXT[f"card.{args[0]}"], second=TEXT[f"card.{args[1]}"])
        return t("plot.1", first=TEXT[f"card.{args[0]}"])
    if v == "reveal":
        return t("reveal")
    if v == "interrupt":
        return t("interrupt", payer=args[0]) if args else t("interrupt.plain")
    if v == "wait":
        return t("wait")
    if v == "step":
        return _step(a, view)
    if v == "tunnel":
        if view is not None and a.actor in view.index and view.soldier(a.actor).cell is not None:
            to = view.neighbour(view.soldier(a.actor).cell, args[0])
            if to is not None:
                return t("tunnel", dir=_dir(args[0]), to=cell_name(to))
        return t("tunnel.plain", dir=_dir(args[0]))
    if v == "dash":
        return _dash(a, view)
    if v == "turn":
        return _turn(a, view)
    if v == "build":
        return t("build", cell=args[0])
    if v == "collect":
        return _collect(a, view)
    if v == "dig":
        if not a.soldier:
            return t("dig.remote", cell=args[0])
        if view is not None and a.actor in view.index and view.soldier(a.actor).cell is not None:
            return t("dig.at", sid=a.actor, cell=cell_name(view.soldier(a.actor).cell))
        return t("dig", sid=a.actor)
    if v == "fire":
        return _fire(a, view)
    if v == "mask":
        return t("mask")
    if v == "drug":
        return t("drug.card", card=TEXT[f"card.{args[0]}"]) if args else t("drug")
    if v == "switch":
        words = _tile(args[0], a.actor[0], view)
        return t("switch.plain") if words == TEXT["tile.unknown"] else t("switch", tile=words)
    if v == "camp":
        payer, source = args[0], args[1]
        card = TEXT[f"card.{args[2]}"] if len(args) > 2 else None
        if source == "food":
            return t("camp.food.card", payer=payer, card=card) if card else t("camp.food", payer=payer)
        return (t("camp.corpse.card", payer=payer, corpse=source, card=card) if card
                else t("camp.corpse", payer=payer, corpse=source))
    if v == "give":
        return t("give", to=args[0], what=_what(args[1], a.actor[0], view))
    if v == "console":
        if args[0] == "none":
            return t("console.none")
        corpse = None
        if view is not None and view.pending and view.pending[0].kind == "console":
            corpse = view.pending[0].data[0]
        what = _what(args[1], a.actor, view)
        return t("console.of", to=args[0], what=what, corpse=corpse) if corpse else t("console", to=args[0], what=what)
    if v == "handover":
        return t("handover", sid=args[0])
    if v == "sink":
        sid, what = args
        if ":" in what:
            return t("sink.tile", sid=sid, what=_tile(what, a.actor, view))
        return t("sink.all", sid=sid, what=TEXT[f"belongings.{what}"])
    if v == "gas":
        return t(f"gas.{args[0]}")
    if v == "penalty":
        return t(f"penalty.{args[0]}")
    if v == "shoot":
        return t(f"shoot.{args[0]}")
    return t("other", action=str(a))


def _soldier(a, view):
    if view is None or a.actor not in view.index:
        return None
    s = view.soldier(a.actor)
    return s if s.status in (BOARD, BOAT) else None


def _step(a, view) -> str:
    d = a.args[0]
    s = _soldier(a, view)
    if s is None:
        return t("step", dir=_dir(d))
    target = movement.next_cell(s, d)
    plan, why = movement.plan_entry(view, s, movement.level(view, s), target, d, pushing=not s.mask_on)
    if plan is None:
        return t("step", dir=_dir(d))
    kind = plan[0]
    if kind == "escape":
        return t("step.escape", dir=_dir(d))
    to = cell_name(target)
    if kind == "assault":
        return t("step.assault", dir=_dir(d), to=to, victim=plan[1])
    if kind == "base":
        top = view.top(target)
        return t("step.village", dir=_dir(d), to=to) if top == "V" else t("step.base", dir=_dir(d), to=to, owner=top)
    if kind == "push-cube":
        return t("step.push", dir=_dir(d), to=to, beyond=cell_name(plan[1]))
    if kind == "push-ally":
        return t("step.ally", dir=_dir(d), to=to, ally=plan[1], beyond=cell_name(plan[2]))
    if s.status == BOAT:
        return t("step.land", to=to)
    before, after = movement.level(view, s), (1 if view.columns[target] else 0)
    if after < before:
        return t("step.drop", dir=_dir(d), to=to)
    if after > before:
        return t("step.climb", dir=_dir(d), to=to)
    return t("step.to", dir=_dir(d), to=to)


def _dash(a, view) -> str:
    s = _soldier(a, view)
    if s is None:
        return t("dash")
    route = movement._dash_route(view, s)[0] if hasattr(movement, "_dash_route") else None
    d = s.facing
    if not route:
        return t("dash")
    first, _, _, second, plan = route
    if plan[0] == "escape":
        return t("dash.escape", dir=_dir(d))
    to = cell_name(second)
    if plan[0] == "assault":
        return t("dash.assault", dir=_dir(d), to=to, victim=plan[1])
    if plan[0] == "base":
        top = view.top(second)
        return t("dash.village", dir=_dir(d), to=to) if top == "V" else t("dash.base", dir=_dir(d), to=to, owner=top)
    return t("dash.to", dir=_dir(d), to=to)


def _turn(a, view) -> str:
    d = a.args[0]
    if len(a.args) == 1:
        return t("turn", dir=_dir(d))
    via = a.args[2] if len(a.args) > 2 else None
    s = _soldier(a, view)
    thing = handling.carried_thing(view, s) if s is not None else None
    suffix = ".via" if via else ""
    extra = {"via": _dir(via)} if via else {}
    if thing is None:
        return t("turn.carry" + suffix, dir=_dir(d), **extra)
    if thing[0] == "ally":
        return t("turn.carry.ally" + suffix, dir=_dir(d), ally=thing[1], **extra)
    return t("turn.carry.cube" + suffix, dir=_dir(d), **extra)


def _collect(a, view) -> str:
    s = _soldier(a, view)
    if s is None:
        return t("collect")
    got = handling.collect_index(view, s)
    if isinstance(got, str):
        return t("collect")
    cell, index = got
    if index < len(view.columns[cell]) - 1:
        return t("collect.daruma", cell=cell_name(cell))
    return t("collect.at", cell=cell_name(cell))


def _fire(a, view) -> str:
    args = a.args
    if args and ":" in args[0]:  # a guerrilla fires a named tile
        tile = _tile(args[0], a.seat or (view.turn.seat if view is not None and view.turn else None), view)
        rest = args[1] if len(args) > 1 else None
        if rest is None:
            return t("fire.with", tile=tile)
        if rest in ("destroy", "here", "front"):
            return t(f"fire.with.{rest}", tile=tile)
        return t("fire.with.cell", tile=tile, cell=rest)
    arg = args[0] if args else None
    s = _soldier(a, view)
    if arg in ("here", "front"):
        if s is not None and s.cell is not None:
            cell = s.cell if arg == "here" else movement.front_cell(s)
            if cell is not None:
                return t(f"fire.{arg}.at", cell=cell_name(cell))
        return t(f"fire.{arg}")
    if arg is not None and arg != "destroy":
        if s is not None and s.cell is not None and parse_cell(arg) == s.cell:
            return t("fire.bomb.self", cell=arg)
        return t("fire.bomb", cell=arg)
    if s is None:
        return t("fire.destroy") if arg == "destroy" else t("fire")
    if not s.weapons or s.weapons[0].kind == "?":
        return t("fire.unknown")
    result, _ = weapons.shot(view, s, weapons.gun_range(view, s))
    d = _dir(s.facing)
    if result[0] == "cube":
        cell, index = result[1], result[2]
        what = "wall" if index == 1 else "cube"
        if arg == "destroy":
            return t(f"fire.destroy.{what}", cell=cell_name(cell))
        return t(f"fire.gun.spare.{what}", dir=d, cell=cell_name(cell))
    if arg == "destroy":
        return t("fire.destroy")
    if result[0] == "hit":
        return t("fire.gun.hit", dir=d, victim=result[1], cell=cell_name(view.soldier(result[1]).cell))
    return t("fire.gun", dir=d)


__all__ = ["TEXT", "action_words", "reason_words", "split_reason"]
