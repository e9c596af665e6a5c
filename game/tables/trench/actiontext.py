"""Actions in words for a small choice menu, and a refused action's reason (the rule id first).

Every word comes from the ``describe`` catalogs (keys ``describe.action.*``, ``describe.rule.*``;
card names from ``app.po``), looked up at each call: it follows ``game.i18n.set_language`` at once.

Public API::

    action_words(action, view=None) -> str
        # "Turn east carrying the cube", "Fire and destroy the wall at d4",
        # "Switch to the gas gun", "Give S2 a food", "Deflect the gas left" ...
        # ``view`` (the viewer's TrenchView) names what a click concerns (a cube or an ally,
        # a wall or a ground cube); without it the words stay generic.  Never reveals
        # more than the view: an unseen tile is "a weapon".
    reason_words(message) -> str
        # the core's IllegalActionError message as shown: "TW-6.1: S1 cannot ..."
        # (Japanese: "TW-6.1（移動）: ..."; the reason itself is the core's, in English)
    rule_words("TW-6.1") -> str   # the rule id as a refusal shows it
    split_reason(message) -> tuple[str | None, str]
        # ("TW-6.1", "S1 cannot ...") or (None, message) when no rule id leads it
"""

from __future__ import annotations

import re

from game.i18n import FALLBACK, catalog, tr
from game.trench import handling, movement, weapons
from game.trench.actions import Action
from game.trench.geometry import cell_name, parse_cell
from game.trench.model import BOARD, BOAT
from game.tables.trench.logtext import seat_word

#: The catalog keys of this module start with this (``game/i18n/<lang>/describe.po``).
PREFIX = "describe.action."
#: The action cards, named by the app catalog (``card.move`` ...).
CARDS = ("move", "turn", "build", "fire", "dig", "equip", "camp", "interrupt")

_RULE = re.compile(r"^(TW-[0-9][0-9.]*[a-z]?)\s*:\s*(.*)$", re.S)


def t(key: str, **args) -> str:
    """The words ``key`` in the current language, filled with ``args``; KeyError for an unknown key."""
    full = PREFIX + key
    if full not in catalog(FALLBACK):
        raise KeyError(key)
    return tr(full, **args)


def _word(key: str, default: str) -> str:
    """The words ``key`` when the catalog has them, else ``default`` (a value the core named)."""
    full = PREFIX + key
    return tr(full) if full in catalog(FALLBACK) else default


def _card(card: str) -> str:
    if card not in CARDS:
        raise KeyError(f"card.{card}")
    return tr(f"card.{card}")


def rule_words(rule: str) -> str:
    """A rule id as a refusal shows it ("TW-6.1"; with the rule's name in Japanese); an id the
    catalog lacks goes by its section's words ("TW-3.3" as "TW-3" would), else as it is."""
    rid = rule
    while True:
        key = "describe.rule." + rid.replace("-", "_").replace(".", "_")
        if key in catalog(FALLBACK):
            return tr(key, rule=rule)
        if "." not in rid:
            return rule
        rid = rid.rsplit(".", 1)[0]


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
    return t("reason", rule=rule_words(rule), text=text) if rule else text


def _tile(tile: str, actor_seat: str | None, view=None) -> str:
    if ":" not in tile:
        return t("tile.unknown")
    if view is not None and view.viewer != actor_seat and not _visible(view, tile):
        return t("tile.unknown")
    seat, kind = tile.split(":", 1)
    weapon = _word(f"weapon.{kind}", kind)
    return t("tile.own", weapon=weapon) if seat == actor_seat else t("tile.other", seat=seat_word(seat), weapon=weapon)


def _visible(view, tile: str) -> bool:
    return any(w.tile == tile for s in view.soldiers for w in s.weapons)


def _what(what: str, actor_seat, view) -> str:
    if what in ("mask", "drug", "food", "cube"):
        return t(f"belonging.{what}")
    if ":" in what:
        return _tile(what, actor_seat, view)
    return t("corpse", sid=what)


def _dir(d) -> str:
    return _word(f"dir.{d}", d)


def action_words(action, view=None, actor: bool = False) -> str:
    """An action in words for a choice menu; ``view`` (the viewer's) adds what it concerns.

    ``actor``: lead with the acting soldier ("S1: Turn east").
    """
    a = Action.parse(action) if not isinstance(action, str) or "?" not in action else None
    if a is None:  # a redacted action text ("N plot ? ?", "N arm ? ? ?")
        tok = str(action).split()
        if tok[:1] == ["chance"]:  # the hidden-teams split ("chance teams ?")
            return t("chance.teams", split="?")
        if len(tok) >= 2 and tok[1] == "plot":
            return t("plot.hidden.2" if len(tok) > 3 else "plot.hidden.1")
        return t("arm.hidden")
    words = _words(a, view)
    if actor and a.soldier and a.verb not in ("give",):
        return t("actor", sid=a.actor, what=words)
    return words


def _words(a: Action, view) -> str:  # noqa: C901 (one branch per verb)
    v, args = a.verb, a.args
    if a.actor == "chance":
        if v == "first":
            return t("chance.first", seat=seat_word(args[0]))
        if v == "wind":
            return t("chance.wind", card=_word(f"wind.{args[0]}", args[0]))
        return t("chance.teams", split=args[0])
    if v == "arm":
        names = {f"s{i + 1}": f"{a.actor}{i + 1}" for i in range(len(args))}
        kinds = {f"w{i + 1}": _word(f"weapon.{k}", k) for i, k in enumerate(args)}
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
            return t("plot.2", first=_card(args[0]), second=_card(args[1]))
        return t("plot.1", first=_card(args[0]))
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
        return t("drug.card", card=_card(args[0])) if args else t("drug")
    if v == "switch":
        words = _tile(args[0], a.actor[0], view)
        return t("switch.plain") if words == t("tile.unknown") else t("switch", tile=words)
    if v == "camp":
        payer, source = args[0], args[1]
        card = _card(args[2]) if len(args) > 2 else None
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
        return t("sink.all", sid=sid, what=t(f"belongings.{what}"))
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
        if top == "V":
            return t("step.village", dir=_dir(d), to=to)
        return t("step.base", dir=_dir(d), to=to, owner=seat_word(top))
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
        if top == "V":
            return t("dash.village", dir=_dir(d), to=to)
        return t("dash.base", dir=_dir(d), to=to, owner=seat_word(top))
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


__all__ = ["PREFIX", "action_words", "rule_words", "reason_words", "split_reason"]
