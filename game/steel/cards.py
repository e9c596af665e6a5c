"""SB-0.2: the card data (command cards, escorts, mechs) and its text file format.

The cards are data: ``load_card_set(path)`` reads a whole set from a file in the
format below, and the rules read nothing about a card except these records.  A
malformed file raises :class:`RulesetError` naming the file, the line and the problem.

File format (``#`` starts a comment; values with spaces are quoted)::

    command C1 name_jp=前進/前 name_en="Advance / Front"
      half kind=move move=advance steps=-1 speed=2
      half kind=designate target=front
    command C6 name_jp=回収 name_en=Recover returns_to_hand=true
      half kind=recover speed=9
      half kind=recover speed=9
    unit disruptor class=escort name_jp=撹乱兵 name_en=Disruptor speed=1
      effect smoke name_jp=煙幕 name_en=Smoke dist=all sp=1 timing=now ops="shield; shift 1"
    unit heavy class=mech name_jp=重装型 name_en=Heavy speed=7 hp=6
      effect cannon name_jp=主砲 name_en="Main cannon" dist=mid,far sp=2 ops="damage 2"

A ``half`` belongs to the last ``command``, an ``effect`` to the last ``unit``.
``steps`` may be left out of a ``full_advance``/``full_retreat`` half: the ruleset's
``full_move_steps`` then gives it (SB-6.3).
"""

from __future__ import annotations

import os
import re
import shlex
from dataclasses import dataclass, field

from ..core.errors import RulesetError

SIDES = ("front", "back", "left", "right")
TARGETS = SIDES + ("mech",)
MOVES = ("advance", "retreat", "full_advance", "full_retreat")
TIMINGS = ("now", "trap", "if_attacked")
ATTACK_OPS = ("damage", "hit", "destroy")
OP_NAMES = ("damage", "hit", "destroy", "cancel_move", "shield", "shift", "drain", "heal_one", "heal_each")
DIST_WORDS = {"near": 1, "mid": 2, "middle": 2, "far": 3, "1": 1, "2": 2, "3": 3}
DEFAULT_CARDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "default.cards")
_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


@dataclass(frozen=True, slots=True)
class Op:
    """One op of an effect: ``name`` with an amount ``n`` and a chooser ``by`` where it has them."""
    name: str
    n: int = 0
    by: str = ""

    def __str__(self) -> str:
        return " ".join([self.name] + ([str(self.n)] if self.name in ("damage", "hit", "shift", "drain") else [])
                        + ([self.by] if self.by else []))


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect of a unit (SB-0.2)."""
    id: str
    name_jp: str
    name_en: str
    dist: tuple          #: the distances it works at, a sorted subset of (1, 2, 3)
    sp: int
    timing: str
    ops: tuple           #: of :class:`Op`, applied in order
    line: int = 0

    @property
    def is_attack(self) -> bool:
        """SB-0.2: an effect is an attack iff it has a damage, hit or destroy op."""
        return any(op.name in ATTACK_OPS for op in self.ops)


@dataclass(frozen=True, slots=True)
class Unit:
    """An escort or a mech card (SB-0.2)."""
    id: str
    name_jp: str
    name_en: str
    cls: str             #: ``escort`` or ``mech``
    speed: int
    hp: int              #: mechs only (0 for escorts)
    effects: tuple       #: of :class:`Effect`
    line: int = 0

    def effect(self, effect_id: str) -> Effect | None:
        for e in self.effects:
            if e.id == effect_id:
                return e
        return None


@dataclass(frozen=True, slots=True)
class Half:
    """One half of a command card.  ``token`` names it in action text (``advance``, ``front``, ``recover``)."""
    kind: str            #: ``move`` | ``recover`` | ``designate``
    speed: int = 0       #: move and recover halves
    move: str = ""       #: move halves: advance | retreat | full_advance | full_retreat
    steps: int | None = None  #: signed (- is toward near); None: full_move_steps (SB-6.3)
    target: str = ""     #: designate halves: a side or ``mech``

    @property
    def token(self) -> str:
        return self.move if self.kind == "move" else self.target if self.kind == "designate" else "recover"


@dataclass(frozen=True, slots=True)
class CommandCard:
    """A command card with exactly two halves (SB-0.2)."""
    id: str
    name_jp: str
    name_en: str
    halves: tuple
    returns_to_hand: bool
    line: int = 0

    def options(self) -> tuple:
        """The distinct halves (a card with identical halves is one option, SB-4.1)."""
        out = []
        for h in self.halves:
            if h not in out:
                out.append(h)
        return tuple(out)

    def half(self, token: str) -> Half | None:
        for h in self.halves:
            if h.token == token:
                return h
        return None


@dataclass(frozen=True, slots=True)
class CardSet:
    """A whole validated card set: the commands, escorts and mechs, in file order."""
    path: str
    commands: tuple
    escorts: tuple
    mechs: tuple
    by_id: dict = field(default_factory=dict, compare=False, repr=False)   #: (kind, id) -> card

    def __post_init__(self):
        for kind, cards in (("command", self.commands), ("escort", self.escorts), ("mech", self.mechs)):
            for c in cards:
                self.by_id[kind, c.id] = c

    def command(self, cid: str) -> CommandCard | None:
        return self.by_id.get(("command", cid))

    def escort(self, eid: str) -> Unit | None:
        return self.by_id.get(("escort", eid))

    def mech(self, mid: str) -> Unit | None:
        return self.by_id.get(("mech", mid))


class _Reader:
    """Parses one file; every error names the file and line."""

    def __init__(self, path: str):
        self.path = path
        self.line = 0

    def fail(self, problem: str, line: int | None = None) -> "NoReturn":  # noqa: F821
        where = line if line is not None else self.line
        raise RulesetError(f"SB-0.2: {self.path}: line {where}: {problem}")

    def fields(self, tokens, allowed: dict) -> dict:
        """``key=value`` tokens -> dict; unknown or repeated keys are errors."""
        out = {}
        for token in tokens:
            key, sep, value = token.partition("=")
            if not sep:
                self.fail(f"expected key=value, got {token!r}")
            if key not in allowed:
                self.fail(f"unknown field {key!r} (known: {', '.join(allowed)})")
            if key in out:
                self.fail(f"field {key!r} given twice")
            out[key] = value
        for key, required in allowed.items():
            if required and key not in out:
                self.fail(f"missing field {key!r}")
        return out

    def integer(self, value: str, key: str, lo: int, hi: int = 99) -> int:
        try:
            n = int(value)
        except ValueError:
            self.fail(f"{key} must be an integer, not {value!r}")
        if not lo <= n <= hi:
            self.fail(f"{key}={n} is out of range {lo}..{hi}")
        return n

    def boolean(self, value: str, key: str) -> bool:
        low = value.lower()
        if low in ("true", "yes", "1"):
            return True
        if low in ("false", "no", "0"):
            return False
        self.fail(f"{key} must be true or false, not {value!r}")

    def ident(self, value: str, what: str) -> str:
        if not _ID.match(value):
            self.fail(f"bad {what} id {value!r} (a letter, then letters, digits or _)")
        return value

    def dist(self, value: str) -> tuple:
        if value == "all":
            return (1, 2, 3)
        out = set()
        for part in value.split(","):
            d = DIST_WORDS.get(part.strip())
            if d is None:
                self.fail(f"bad distance {part!r} in dist={value} (near, mid, far, 1-3 or all)")
            out.add(d)
        return tuple(sorted(out))

    def ops(self, value: str, timing: str) -> tuple:
        out = []
        for part in value.split(";"):
            words = part.split()
            if not words:
                self.fail(f"empty op in ops={value!r}")
            name, args = words[0], words[1:]
            if name not in OP_NAMES:
                self.fail(f"unknown op {name!r} (known: {', '.join(OP_NAMES)})")
            if name in ("damage", "drain"):
                if len(args) != 1:
                    self.fail(f"op {name} takes one amount, got {part.strip()!r}")
                out.append(Op(name, self.integer(args[0], f"{name} amount", 1, 20)))
            elif name == "hit":
                if len(args) != 2 or args[1] not in ("defender", "attacker"):
                    self.fail(f"op hit takes an amount and defender|attacker, got {part.strip()!r}")
                out.append(Op(name, self.integer(args[0], "hit amount", 1, 2), args[1]))
            elif name == "destroy":
                if len(args) != 1 or args[0] not in ("defender", "attacker"):
                    self.fail(f"op destroy takes defender|attacker, got {part.strip()!r}")
                out.append(Op(name, 0, args[0]))
            elif name == "shift":
                if args != ["1"]:
                    self.fail(f"op shift takes the amount 1 (SB-9.2), got {part.strip()!r}")
                out.append(Op(name, 1))
            else:
                if args:
                    self.fail(f"op {name} takes no arguments, got {part.strip()!r}")
                if name == "cancel_move" and timing != "trap":
                    self.fail("op cancel_move is allowed in trap effects only")
                out.append(Op(name))
        return tuple(out)


_COMMAND_FIELDS = {"name_jp": True, "name_en": True, "returns_to_hand": False}
_HALF_FIELDS = {"kind": True, "speed": False, "move": False, "steps": False, "target": False}
_UNIT_FIELDS = {"class": True, "name_jp": True, "name_en": True, "speed": True, "hp": False}
_EFFECT_FIELDS = {"name_jp": True, "name_en": True, "dist": True, "sp": True, "timing": False, "ops": True}


def parse_card_set(text: str, path: str = "<cards>") -> CardSet:
    """Parse and validate a card set; ``RulesetError`` names ``path``, the line and the problem."""
    r = _Reader(path)
    commands: list[dict] = []
    units: list[dict] = []
    last = None
    for number, raw in enumerate(text.splitlines(), start=1):
        r.line = number
        try:
            tokens = shlex.split(raw, comments=True)
        except ValueError as exc:
            r.fail(f"cannot split the line: {exc}")
        if not tokens:
            continue
        kind, rest = tokens[0], tokens[1:]
        if kind in ("command", "unit", "effect"):
            if not rest or "=" in rest[0]:
                r.fail(f"{kind} needs an id first")
            ident = r.ident(rest[0], kind)
            rest = rest[1:]
        if kind == "command":
            f = r.fields(rest, _COMMAND_FIELDS)
            last = {"id": ident, "f": f, "halves": [], "line": number,
                    "returns": r.boolean(f.get("returns_to_hand", "false"), "returns_to_hand")}
            commands.append(last)
        elif kind == "half":
            if not commands or last is not commands[-1]:
                r.fail("a half must follow its command line")
            last["halves"].append(_half(r, r.fields(rest, _HALF_FIELDS)))
        elif kind == "unit":
            f = r.fields(rest, _UNIT_FIELDS)
            if f["class"] not in ("escort", "mech"):
                r.fail(f"class must be escort or mech, not {f['class']!r}")
            if f["class"] == "mech" and "hp" not in f:
                r.fail("a mech needs hp")
            if f["class"] == "escort" and "hp" in f:
                r.fail("an escort has no hp")
            last = {"id": ident, "f": f, "effects": [], "line": number}
            units.append(last)
        elif kind == "effect":
            if not units or last is not units[-1]:
                r.fail("an effect must follow its unit line")
            f = r.fields(rest, _EFFECT_FIELDS)
            timing = f.get("timing", "now")
            if timing not in TIMINGS:
                r.fail(f"timing must be one of {', '.join(TIMINGS)}, not {timing!r}")
            if any(e.id == ident for e in last["effects"]):
                r.fail(f"effect id {ident!r} repeated in unit {last['id']}")
            last["effects"].append(Effect(ident, f["name_jp"], f["name_en"], r.dist(f["dist"]),
                                          r.integer(f["sp"], "sp", 0, 20), timing, r.ops(f["ops"], timing), number))
        else:
            r.fail(f"unknown record {kind!r} (command, half, unit, effect)")
    return _validate(r, commands, units, text.count("\n") + 1)


def _half(r: _Reader, f: dict) -> Half:
    kind = f["kind"]
    if kind == "designate":
        if set(f) != {"kind", "target"}:
            r.fail("a designate half has exactly kind and target (no speed of its own)")
        if f["target"] not in TARGETS:
            r.fail(f"target must be one of {', '.join(TARGETS)}, not {f['target']!r}")
        return Half("designate", target=f["target"])
    if "speed" not in f:
        r.fail(f"a {kind} half needs a speed")
    speed = r.integer(f["speed"], "speed", 1)
    if kind == "recover":
        if set(f) != {"kind", "speed"}:
            r.fail("a recover half has exactly kind and speed")
        return Half("recover", speed=speed)
    if kind != "move":
        r.fail(f"half kind must be move, recover or designate, not {kind!r}")
    move = f.get("move", "")
    if move not in MOVES:
        r.fail(f"move must be one of {', '.join(MOVES)}, not {move!r}")
    if "target" in f:
        r.fail("a move half has no target")
    steps = None
    if "steps" in f:
        steps = r.integer(f["steps"], "steps", -2, 2)
        if steps == 0 or (steps < 0) != ("advance" in move):
            r.fail(f"steps={steps} does not fit move={move} (- is toward near)")
    elif not move.startswith("full_"):
        r.fail(f"a {move} half needs steps")
    return Half("move", speed=speed, move=move, steps=steps)


def _validate(r: _Reader, commands: list, units: list, last_line: int) -> CardSet:
    """SB-0.2 validation of the whole set.

    Beyond SB-0.2's list (interpretations, so the engine never meets a set it cannot play):
    a recover half only on the returning card, the two halves of a card told apart by their
    text, one or two effects a unit, at least 2 mechs and 4 escorts; per op (in ``ops``):
    hit 1 or 2, shift 1 only, cancel_move in traps only."""
    cards, seen = [], {}
    for c in commands:
        if c["id"] in seen:
            r.fail(f"command id {c['id']!r} repeated (first on line {seen[c['id']]})", c["line"])
        seen[c["id"]] = c["line"]
        if len(c["halves"]) != 2:
            r.fail(f"command {c['id']} has {len(c['halves'])} halves, needs exactly 2", c["line"])
        a, b = c["halves"]
        if a != b and a.token == b.token:
            r.fail(f"command {c['id']}: two different halves both read {a.token!r}", c["line"])
        if c["returns"] and not (a.kind == b.kind == "recover"):
            r.fail(f"command {c['id']} returns to hand, so both its halves must be recover", c["line"])
        if not c["returns"] and "recover" in (a.kind, b.kind):
            r.fail(f"command {c['id']} has a recover half but does not return to hand", c["line"])
        cards.append(CommandCard(c["id"], c["f"]["name_jp"], c["f"]["name_en"], (a, b), c["returns"], c["line"]))
    if not cards:
        r.fail("no command cards", last_line)
    returning = [c for c in cards if c.returns_to_hand]
    if len(returning) != 1:
        r.fail(f"exactly one command card must return to hand, found {len(returning)}",
               returning[1].line if len(returning) > 1 else last_line)
    targets = {h.target for c in cards for h in c.halves if h.kind == "designate"}
    missing = [t for t in TARGETS if t not in targets]
    if missing:
        r.fail(f"no half designates {', '.join(missing)}", last_line)
    escorts, mechs, seen = [], [], {}
    for u in units:
        if u["id"] in seen:
            r.fail(f"unit id {u['id']!r} repeated (first on line {seen[u['id']]})", u["line"])
        seen[u["id"]] = u["line"]
        if not 1 <= len(u["effects"]) <= 2:
            r.fail(f"unit {u['id']} has {len(u['effects'])} effects, needs one or two", u["line"])
        f = u["f"]
        r.line = u["line"]
        speed = r.integer(f["speed"], "speed", 1)
        hp = r.integer(f["hp"], "hp", 1, 6) if f["class"] == "mech" else 0
        unit = Unit(u["id"], f["name_jp"], f["name_en"], f["class"], speed, hp, tuple(u["effects"]), u["line"])
        if unit.cls == "mech":
            for other in mechs:
                if other.speed == unit.speed:
                    r.fail(f"mech {unit.id} has speed {unit.speed} like mech {other.id}; mech speeds must "
                           f"differ (SB-5.2)", u["line"])
            mechs.append(unit)
        else:
            escorts.append(unit)
    if len(mechs) < 2:
        r.fail(f"needs at least 2 mech kinds, found {len(mechs)}", last_line)
    if len(escorts) < len(SIDES):
        r.fail(f"needs at least {len(SIDES)} escorts, found {len(escorts)}", last_line)
    return CardSet(r.path, tuple(cards), tuple(escorts), tuple(mechs))


_CACHE: dict = {}


def load_card_set(path: str) -> CardSet:
    """Load (once per process and file version) the card set at ``path``."""
    try:
        stamp = os.stat(path).st_mtime_ns
        key = (os.path.abspath(path), stamp)
        hit = _CACHE.get(key)
        if hit is not None:
            return hit
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        raise RulesetError(f"SB-0.2: cannot read card file {path}: {exc.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise RulesetError(f"SB-0.2: {path}: line {line}: not UTF-8 text (byte {exc.start})") from None
    card_set = _CACHE[key] = parse_card_set(text, path)
    return card_set
