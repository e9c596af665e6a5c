"""The position text of Immortal Arena: human-editable, exact in both directions.

``parse_position(format_position(state))`` gives an equal state (the same text again); a view
prints the same way with ``view:`` and ``rng: ?``.  docs/arena.md documents every line.  A bad
line, or a position that breaks an invariant as a whole, raises ``NotationError`` naming the line.
"""

from __future__ import annotations

from ..core.errors import NotationError, RulesetError
from ..core.notation import parse_int, position_text, refuse_unplayable, split_sections
from .actions import Action
from .invariants import problems
from .model import ROW_INDEX, ROW_NAMES, SEATS, Unit, unit_table
from .ruleset import format_value, make_ruleset
from .state import PHASES, ArenaState, Result
from .view import ArenaView

HEADER = "# Immortal Arena position (see docs/arena.md)"
REASONS = ("ippon", "waza-ari", "points", "lead", "turn-limit")


# == formatting ========================================================================
def _pair(values) -> str:
    return f"A={values[0]} B={values[1]}"


def _unit_line(st, i: int) -> str:
    u = st.units[i]
    parts = [SEATS[i // 3], st.table.types[i % 3], ROW_NAMES[u.row], "living" if u.living else "fallen"]
    if u.damage:
        parts.append(f"{'strikes' if st.rules.dice else 'damage'}={u.damage}")
    if u.spirit:
        parts.append(f"spirit={u.spirit}")
    if u.healing:
        parts.append("healing")
    if u.pinned:
        parts.append("pinned")
    return "  " + " ".join(parts)


def _last_token(st, last) -> str:
    k, quick = last
    return "-" if k < 0 else st.table.types[k] + (":quick" if quick else "")


def format_position(st) -> str:
    """The whole position (state or view) as text."""
    r = st.rules
    out = [HEADER]
    if isinstance(st, ArenaView):
        out.append(f"view: {st.viewer or 'spectator'}")
    out.append(f"ruleset: {r.ruleset}")
    changes = r.changes()
    if changes:
        out.append("rules: " + " ".join(f"{k}={format_value(v)}" for k, v in changes.items()))
    out.append("rng: " + ("?" if st.rng is None else f"0x{st.rng:016x}"))
    out.append(f"phase: {st.phase}")
    out.append(f"turn: {st.turn}")
    out.append(f"player: {SEATS[st.player] if st.player >= 0 else '-'}")
    out.append(f"first: {SEATS[st.first] if st.first >= 0 else '-'}")
    if r.dice:
        out.append(f"points: {_pair(st.points)}")
    else:
        out.append(f"provisions: {_pair(st.provisions)} bank={st.bank}")
        out.append(f"waza-ari: {_pair(st.waza)}")
    out.append(f"last: A={_last_token(st, st.last[0])} B={_last_token(st, st.last[1])}")
    out.append("units:")
    out.extend(_unit_line(st, i) for i in range(6))
    if st.pending is not None:
        out.append(f"pending: {st.pending}")
    if st.result is not None:
        res = st.result
        out.append(f"result: {','.join(res.winners) or '-'} {res.reason}")
    return "\n".join(out) + "\n"


# == parsing ===========================================================================
_KEYS = ("view", "ruleset", "rules", "rng", "phase", "turn", "player", "first", "provisions", "waza-ari",
         "points", "last", "units", "pending", "result")


def _seat_or_none(value: str, where: str) -> int:
    if value == "-":
        return -1
    if value not in SEATS:
        raise NotationError(f"{where}: expected A, B or -, got {value!r}")
    return SEATS.index(value)


def _pair_values(value: str, where: str, extra: str | None = None) -> tuple:
    tokens = value.split()
    want = ["A", "B"] + ([extra] if extra else [])
    got = {}
    for token in tokens:
        key, sep, number = token.partition("=")
        if not sep or key not in want or key in got:
            raise NotationError(f"{where}: expected {' '.join(k + '=N' for k in want)}, got {value!r}")
        got[key] = parse_int(number, where)
        if got[key] < 0:
            raise NotationError(f"{where}: {key} must not be negative")
    if len(got) != len(want):
        raise NotationError(f"{where}: expected {' '.join(k + '=N' for k in want)}, got {value!r}")
    return tuple(got[k] for k in want)


def _parse_last(value: str, where: str, table) -> tuple:
    out = []
    pairs = _pair_strings(value, where)
    for token in pairs:
        if token == "-":
            out.append((-1, False))
            continue
        kind, _, flag = token.partition(":")
        if kind not in table.type_index or flag not in ("", "quick"):
            raise NotationError(f"{where}: bad last activation {token!r} (a unit type, TYPE:quick or -)")
        out.append((table.type_index[kind], flag == "quick"))
    return tuple(out)


def _pair_strings(value: str, where: str) -> tuple:
    tokens = value.split()
    if len(tokens) != 2 or not tokens[0].startswith("A=") or not tokens[1].startswith("B="):
        raise NotationError(f"{where}: expected 'A=... B=...', got {value!r}")
    return tokens[0][2:], tokens[1][2:]


def _parse_unit(line: str, where: str, rules, table) -> tuple[int, Unit]:
    tokens = line.split()
    if len(tokens) < 4:
        raise NotationError(f"{where}: expected 'SEAT TYPE ROW living|fallen [counters]', got {line!r}")
    seat, kind, row, life = tokens[:4]
    if seat not in SEATS:
        raise NotationError(f"{where}: {seat!r} is not a seat (A B)")
    if kind not in table.type_index:
        raise NotationError(f"{where}: {kind!r} is not a unit of ruleset {rules.ruleset} "
                            f"({', '.join(table.types)})")
    if row not in ROW_INDEX:
        raise NotationError(f"{where}: {row!r} is not a row (front, middle, back)")
    if life not in ("living", "fallen"):
        raise NotationError(f"{where}: expected living or fallen, got {life!r}")
    counter = "strikes" if rules.dice else "damage"
    fields = {"damage": 0, "spirit": 0, "healing": False, "pinned": False}
    for token in tokens[4:]:
        key, sep, number = token.partition("=")
        if sep and key in (counter, "spirit"):
            name = "damage" if key == counter else key
            fields[name] = parse_int(number, where)
            if fields[name] < 0:
                raise NotationError(f"{where}: {key} must not be negative")
        elif not sep and key in ("healing", "pinned"):
            fields[key] = True
        else:
            raise NotationError(f"{where}: unknown unit field {token!r} ({counter}=N, spirit=N, healing, pinned)")
    s = SEATS.index(seat)
    index = 3 * s + table.type_index[kind]
    return index, Unit(s, kind, ROW_INDEX[row], life == "living", **fields)


def parse_position(text, strict: bool = True):
    """Parse a position text (or a view's text, giving a view); ``NotationError`` naming the line.

    ``text`` may be UTF-8 bytes.  A position is refused unless it satisfies the invariants and, not
    over, offers a decision; ``strict=False`` (tests that build a broken position) skips both."""
    sections = split_sections(position_text(text))
    seen: dict = {}
    for key, value, extra, number in sections:
        if key not in _KEYS:
            raise NotationError(f"line {number}: unknown section {key!r} (one of {', '.join(_KEYS)})")
        if key in seen:
            raise NotationError(f"line {number}: section {key!r} repeats line {seen[key][2]}")
        seen[key] = (value, extra, number)

    def line(key):
        return f"line {seen[key][2]}" if key in seen else "position"

    def need(key):
        if key not in seen:
            raise NotationError(f"position: missing section {key!r}")
        return seen[key][0]

    try:
        name = need("ruleset")
        settings = seen["rules"][0].split() if "rules" in seen else []
        rules = make_ruleset([f"ruleset={name}"] + settings)
    except RulesetError as exc:
        raise NotationError(f"{line('rules' if 'rules' in seen else 'ruleset')}: {exc}") from None
    table = unit_table(rules)
    st = object.__new__(ArenaView if "view" in seen else ArenaState)
    st.rules = rules
    st.table = table
    if "view" in seen:
        viewer = seen["view"][0]
        if viewer != "spectator" and viewer not in SEATS:
            raise NotationError(f"{line('view')}: expected A, B or spectator, got {viewer!r}")
        st.viewer = None if viewer == "spectator" else viewer
    rng = need("rng")
    if rng == "?":
        if "view" not in seen:
            raise NotationError(f"{line('rng')}: only a view may hide the generator ('?')")
        st.rng = None
    else:
        st.rng = parse_int(rng, line("rng"))
        if not 0 <= st.rng < 1 << 64:
            raise NotationError(f"{line('rng')}: the generator state must fit in 64 bits")
    st.phase = need("phase")
    if st.phase not in PHASES:
        raise NotationError(f"{line('phase')}: unknown phase {st.phase!r} (one of {', '.join(PHASES)})")
    st.turn = parse_int(need("turn"), line("turn"))
    st.player = _seat_or_none(need("player"), line("player"))
    st.first = _seat_or_none(need("first"), line("first"))
    if rules.dice:
        for key in ("provisions", "waza-ari"):
            if key in seen:
                raise NotationError(f"{line(key)}: the dice ruleset has no {key} (IA-12)")
        st.points = _pair_values(need("points"), line("points"))
        st.provisions, st.bank, st.waza = (0, 0), 0, (0, 0)
    else:
        if "points" in seen:
            raise NotationError(f"{line('points')}: the provisions ruleset has no points (it scores waza-ari)")
        a, b, bank = _pair_values(need("provisions"), line("provisions"), "bank")
        st.provisions, st.bank = (a, b), bank
        st.waza = _pair_values(need("waza-ari"), line("waza-ari"))
        st.points = (0, 0)
    st.last = _parse_last(need("last"), line("last"), table)
    value, extra, number = seen["units"] if "units" in seen else (None, None, None)
    if value is None:
        raise NotationError("position: missing section 'units'")
    if value:
        raise NotationError(f"line {number}: the units go on indented lines below 'units:'")
    units: list = [None] * 6
    for offset, unit_line in enumerate(extra, start=1):
        where = f"line {number + offset}"
        index, unit = _parse_unit(unit_line, where, rules, table)
        if units[index] is not None:
            raise NotationError(f"{where}: {unit_line.split()[0]}'s {unit.kind} is listed twice")
        units[index] = unit
    missing = [f"{SEATS[i // 3]} {table.types[i % 3]}" for i in range(6) if units[i] is None]
    if missing:
        raise NotationError(f"line {number}: units missing: {', '.join(missing)}")
    st.units = tuple(units)
    st.pending = None
    if "pending" in seen:
        try:
            st.pending = Action.parse(seen["pending"][0])
        except NotationError as exc:
            raise NotationError(f"{line('pending')}: {exc}") from None
    st.result = None
    if "result" in seen:
        tokens = seen["result"][0].split()
        if len(tokens) != 2 or tokens[1] not in REASONS or not (tokens[0] == "-" or tokens[0] in SEATS):
            raise NotationError(f"{line('result')}: expected 'A|B|- REASON' (reason: {', '.join(REASONS)})")
        winners = () if tokens[0] == "-" else (tokens[0],)
        st.result = Result(winners, tokens[1], st.points if rules.dice else st.waza, st.turn)
    st.legal_cache = () if st.phase == "over" else None
    if strict:
        for section, message in problems(st):
            raise NotationError(f"{line(section)}: {message}")
        if "view" not in seen:
            refuse_unplayable(st, line("phase"))
    return st
