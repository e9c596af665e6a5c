"""The position text of Smoke Blood Steel: the whole state, human-editable, exact both ways.

``parse_position(format_position(state)) == state``; a view prints the same lines with
``?`` for what its viewer may not know (and a ``viewer:`` line) and parses back to a view.
Bad input raises :class:`NotationError` naming the line.  docs/steel.md documents every line.
"""

from __future__ import annotations

from ..core.errors import NotationError, RulesetError
from ..core.notation import parse_int, position_text, refuse_unplayable, split_sections, strip_comment
from .actions import SEATS
from .cards import SIDES
from .invariants import problems
from .ruleset import make_ruleset
from .state import NSIDES, PHASES, Play, Result, SteelState
from .view import HIDDEN, SteelView

HEADER = "# Smoke Blood Steel position (see docs/steel.md)"
KEYS = ("game", "viewer", "rules", "rng", "phase", "turn", "chooser", "mechs", "hp", "sp", "distance", "clock",
        "deploy", "escorts", "pile", "plays", "order", "speeds", "step", "cursor", "cancelled", "shielded",
        "attacked", "replenish", "result")
OPTIONAL = ("viewer",)


# == formatting =====================================================================
def _pair(values, fmt=str) -> str:
    return " ".join(f"{SEATS[s]}={fmt(v)}" for s, v in enumerate(values))


def _opt(v) -> str:
    return "-" if v is None else str(v)


def _play(p) -> str:
    if p is None:
        return "-"
    if p.card == HIDDEN:
        return HIDDEN
    return ":".join((p.card, p.half) + ((p.effect,) if p.effect else ()))


def _flags(values) -> str:
    return " ".join(SEATS[s] for s, f in enumerate(values) if f) or "-"


def _escorts(state, seat: int) -> str:
    parts = []
    for i, side in enumerate(SIDES):
        eid = state.sides[seat * NSIDES + i]
        t = state.tokens[seat * NSIDES + i]
        parts.append(f"{side}=" + ("-" if eid is None else eid + (f":{t}" if t else "")))
    return f"{SEATS[seat]} " + " ".join(parts)


def format_position(state) -> str:
    """The whole state (or view) as text; see docs/steel.md."""
    rules = state.rules.changes()
    viewer = getattr(state, "viewer", "") if isinstance(state, SteelView) else ""
    lines = [HEADER, "game: smoke-blood-steel"]
    if isinstance(state, SteelView):
        lines.append(f"viewer: {viewer or 'spectator'}")
    c = state.cursor
    r = state.result
    lines += [
        "rules: " + (" ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in rules.items())
                     or "-"),
        "rng: " + (HIDDEN if state.rng is None else f"0x{state.rng:016x}"),
        f"phase: {state.phase}",
        f"turn: {state.turn}",
        "chooser: " + ("-" if state.chooser is None else SEATS[state.chooser]),
        "mechs: " + _pair(state.mechs, _opt),
        "hp: " + _pair(state.hp),
        "sp: " + _pair(state.sp),
        f"distance: {state.dist}",
        f"clock: {state.clock}",
        "deploy: " + _pair(state.deploys, lambda d: "-" if d is None else d if d == HIDDEN else ",".join(d)),
        "escorts:",
        "  " + _escorts(state, 0),
        "  " + _escorts(state, 1),
        "pile: " + _pair(state.piles, lambda p: ",".join(f"{cid}:{h}" for cid, h in p) or "-"),
        "plays: " + _pair(state.plays, _play),
        "order: " + (" ".join(SEATS[s] for s in state.order) or "-"),
        "speeds: " + _pair(state.speeds, _opt),
        f"step: {state.step}",
        "cursor: " + ("-" if c is None else f"{SEATS[c[0]]} {c[1]} {c[2] or '-'} {c[3]} {c[4]}"),
        "cancelled: " + _flags(state.cancelled),
        "shielded: " + _flags(state.shielded),
        "attacked: " + _flags(state.attacked),
        "replenish: " + _pair(state.replenish, lambda x: "-" if x is None else f"{x[0]}:{x[1]}"),
        "result: " + ("-" if r is None else
                      f"winners={','.join(r.winners) or '-'} reason={r.reason} "
                      f"scores={','.join(map(str, r.scores))}"),
    ]
    return "\n".join(lines) + "\n"


# == parsing =========================================================================
class _Parser:
    def __init__(self, sections, text: str):
        self.raw = text.splitlines()
        self.values = {}
        self.lines = {}
        self.extra = {}
        for key, value, more, number in sections:
            if key not in KEYS:
                raise NotationError(f"line {number}: unknown section {key!r} (known: {', '.join(KEYS)})")
            if key in self.values:
                raise NotationError(f"line {number}: section {key!r} given twice "
                                    f"(first on line {self.lines[key]})")
            self.values[key], self.lines[key], self.extra[key] = value, number, more
        for key in KEYS:
            if key not in self.values and key not in OPTIONAL:
                raise NotationError(f"line {max(self.lines.values(), default=0) + 1}: "
                                    f"missing section {key!r}")

    def fail(self, key: str, problem: str, row: int | None = None) -> "NoReturn":  # noqa: F821
        """``row``: the index of the indented line of the section at fault (its own line number)."""
        raise NotationError(f"line {self.row_line(key, row)}: {key}: {problem}")

    def row_line(self, key: str, row: int | None) -> int:
        number = self.lines[key]
        if row is None:
            return number
        seen = -1
        for i in range(number, len(self.raw)):           # self.raw[i] is line i + 1
            line = strip_comment(self.raw[i])
            if not line.strip():
                continue
            if line[0] not in " \t":
                break
            seen += 1
            if seen == row:
                return i + 1
        return number

    def int(self, key: str, text: str | None = None, lo: int = 0, hi: int = 1 << 64) -> int:
        text = self.values[key] if text is None else text
        n = parse_int(text, f"line {self.lines[key]}: {key}")
        if not lo <= n <= hi:
            self.fail(key, f"{n} is out of range {lo}..{hi}")
        return n

    def pair(self, key: str, convert) -> tuple:
        """``I=x II=y`` -> (convert(x), convert(y))."""
        tokens = self.values[key].split()
        got = {}
        for t in tokens:
            seat, sep, value = t.partition("=")
            if not sep or seat not in SEATS:
                self.fail(key, f"expected 'I=… II=…', got {t!r}")
            if seat in got:
                self.fail(key, f"seat {seat} given twice")
            got[seat] = value
        if set(got) != set(SEATS):
            self.fail(key, "expected a value for I and for II")
        try:
            return tuple(convert(got[s]) for s in SEATS)
        except (ValueError, KeyError, IndexError) as exc:
            self.fail(key, str(exc))

    def flags(self, key: str) -> tuple:
        text = self.values[key]
        seats = [] if text == "-" else text.split()
        for s in seats:
            if s not in SEATS:
                self.fail(key, f"{s!r} is not a seat (I, II)")
        return tuple(s in seats for s in SEATS)


def _int_or_none(text: str):
    if text == "-":
        return None
    if not text.lstrip("-").isdigit():
        raise ValueError(f"not an integer: {text!r}")
    return int(text)


def _nonneg(text: str) -> int:
    n = _int_or_none(text)
    if n is None or n < 0:
        raise ValueError(f"expected a number >= 0, not {text!r}")
    return n


def parse_position(text, strict: bool = True):
    """The state (or view) written by :func:`format_position`; ``NotationError`` names the line.

    ``text`` may be UTF-8 bytes.  A position is refused unless it satisfies the invariants and, not
    over, offers a decision; ``strict=False`` (tests that build a broken position) skips both."""
    text = position_text(text)
    p = _Parser(split_sections(text), text)
    v = p.values
    if v["game"] != "smoke-blood-steel":
        p.fail("game", f"expected smoke-blood-steel, not {v['game']!r}")
    try:
        rules = make_ruleset([] if v["rules"] == "-" else v["rules"].split())
    except (RulesetError, NotationError) as exc:
        p.fail("rules", str(exc))
    cs = rules.card_set
    is_view = "viewer" in v
    s = object.__new__(SteelView if is_view else SteelState)
    if is_view:
        if v["viewer"] not in SEATS + ("spectator",):
            p.fail("viewer", f"expected I, II or spectator, not {v['viewer']!r}")
        s.viewer = None if v["viewer"] == "spectator" else v["viewer"]
    s.rules = rules
    s.legal_cache = None
    if v["rng"] == HIDDEN:
        if not is_view:
            p.fail("rng", "the generator is hidden only in a view (add a viewer: line)")
        s.rng = None
    else:
        s.rng = p.int("rng", hi=(1 << 64) - 1)
    if v["phase"] not in PHASES:
        p.fail("phase", f"expected one of {', '.join(PHASES)}, not {v['phase']!r}")
    s.phase = v["phase"]
    s.turn = p.int("turn", hi=10_000)
    s.chooser = None if v["chooser"] == "-" else _seat(p, "chooser", v["chooser"])

    def mech(t):
        if t == "-":
            return None
        if cs.mech(t) is None:
            raise ValueError(f"no mech kind {t!r}")
        return t
    s.mechs = p.pair("mechs", mech)
    s.hp = p.pair("hp", _nonneg)
    s.sp = p.pair("sp", _nonneg)
    s.dist = p.int("distance", lo=1, hi=3)
    s.clock = p.int("clock", lo=1, hi=rules.clock_cells)

    def deploy(t):
        if t in ("-", HIDDEN):
            if t == HIDDEN and not is_view:
                raise ValueError("'?' is allowed only in a view")
            return None if t == "-" else HIDDEN
        ids = tuple(t.split(","))
        if len(ids) != NSIDES or any(cs.escort(e) is None for e in ids) or len(set(ids)) != NSIDES:
            raise ValueError(f"expected {NSIDES} different escort ids, not {t!r}")
        return ids
    s.deploys = p.pair("deploy", deploy)
    s.sides, s.tokens = _parse_escorts(p, cs)

    def pile(t):
        if t == "-":
            return ()
        out = []
        for item in t.split(","):
            cid, _, half = item.partition(":")
            card = cs.command(cid)
            if card is None or card.half(half) is None:
                raise ValueError(f"bad pile entry {item!r} (expected CARD:HALF)")
            out.append((cid, half))
        return tuple(out)
    s.piles = p.pair("pile", pile)

    def play(t):
        if t == "-":
            return None
        if t == HIDDEN:
            if not is_view:
                raise ValueError("'?' is allowed only in a view")
            return Play(HIDDEN, HIDDEN, HIDDEN)
        parts = t.split(":")
        if len(parts) not in (2, 3):
            raise ValueError(f"expected CARD:HALF[:EFFECT], not {t!r}")
        card = cs.command(parts[0])
        if card is None or card.half(parts[1]) is None:
            raise ValueError(f"no command card half {t!r}")
        if len(parts) == 3 and parts[2] == HIDDEN and not is_view:
            raise ValueError("'?' is allowed only in a view")
        return Play(parts[0], parts[1], parts[2] if len(parts) == 3 else "")
    s.plays = p.pair("plays", play)
    order = [] if v["order"] == "-" else v["order"].split()
    s.order = tuple(_seat(p, "order", t) for t in order)
    if len(set(s.order)) != len(s.order):
        p.fail("order", "a seat appears twice")
    s.speeds = p.pair("speeds", _int_or_none)
    s.step = p.int("step", hi=4)
    s.cursor = _parse_cursor(p, s)
    s.cancelled = p.flags("cancelled")
    s.shielded = p.flags("shielded")
    s.attacked = p.flags("attacked")

    def rep(t):
        if t == "-":
            return None
        target, _, eff = t.partition(":")
        if target not in SIDES + ("mech",) or not eff:
            raise ValueError(f"expected SIDE:EFFECT, not {t!r}")
        return (target, eff)
    s.replenish = p.pair("replenish", rep)
    s.result = _parse_result(p)
    if strict:
        for key, problem in problems(s):
            key, _, row = key.partition("/")
            p.fail(key, problem, int(row) if row else None)
        if not is_view:
            refuse_unplayable(s, f"line {p.lines['phase']}")
    return s


def _seat(p, key, token) -> int:
    if token not in SEATS:
        p.fail(key, f"{token!r} is not a seat (I, II)")
    return SEATS.index(token)


def _parse_escorts(p, cs):
    if p.values["escorts"]:
        p.fail("escorts", "the escorts follow on two indented lines, one per seat")
    rows = p.extra["escorts"]
    if len(rows) != 2:
        p.fail("escorts", f"expected 2 indented lines (I and II), got {len(rows)}")
    sides, tokens = [None] * (2 * NSIDES), [0] * (2 * NSIDES)
    for seat, row in enumerate(rows):
        words = row.split()
        if not words or words[0] != SEATS[seat] or len(words) != NSIDES + 1:
            p.fail("escorts", row=seat, problem=f"line for {SEATS[seat]}: expected "
                                                f"'{SEATS[seat]} front=… back=… left=… right=…', got {row!r}")
        for i, (side, word) in enumerate(zip(SIDES, words[1:])):
            name, sep, value = word.partition("=")
            if name != side or not sep:
                p.fail("escorts", row=seat, problem=f"line for {SEATS[seat]}: expected {side}=…, got {word!r}")
            if value == "-":
                continue
            eid, _, t = value.partition(":")
            if cs.escort(eid) is None:
                p.fail("escorts", row=seat, problem=f"line for {SEATS[seat]}: no escort {eid!r}")
            if t and not t.isdigit():
                p.fail("escorts", row=seat, problem=f"line for {SEATS[seat]}: bad token count in {value!r}")
            sides[seat * NSIDES + i] = eid
            tokens[seat * NSIDES + i] = int(t) if t else 0
    return tuple(sides), tuple(tokens)


def _parse_cursor(p, s):
    text = p.values["cursor"]
    if text == "-":
        return None
    words = text.split()
    if len(words) != 5:
        p.fail("cursor", f"expected 'SEAT TARGET EFFECT OP STAGE' or -, not {text!r}")
    seat = _seat(p, "cursor", words[0])
    if words[1] not in SIDES + ("mech",):
        p.fail("cursor", f"bad target {words[1]!r}")
    if words[4] not in ("item", "end"):
        p.fail("cursor", f"stage must be item or end, not {words[4]!r}")
    return (seat, words[1], "" if words[2] == "-" else words[2], p.int("cursor", words[3], hi=20), words[4])


def _parse_result(p):
    text = p.values["result"]
    if text == "-":
        return None
    fields = dict(w.partition("=")[::2] for w in text.split())
    if set(fields) != {"winners", "reason", "scores"}:
        p.fail("result", f"expected 'winners=… reason=… scores=a,b' or -, not {text!r}")
    winners = () if fields["winners"] == "-" else tuple(fields["winners"].split(","))
    if any(w not in SEATS for w in winners) or len(winners) > 1:
        p.fail("result", f"bad winners {fields['winners']!r}")
    if fields["reason"] not in ("mech", "escorts", "clock", "both"):
        p.fail("result", f"bad reason {fields['reason']!r}")
    scores = fields["scores"].split(",")
    if len(scores) != 2 or not all(x.isdigit() for x in scores):
        p.fail("result", f"bad scores {fields['scores']!r}")
    return Result(winners, fields["reason"], tuple(int(x) for x in scores))
