"""The position text of Two Mists: human-editable, and exact in both directions.

``parse_position(format_position(state))`` gives an equal state; ``docs/mists.md``
documents every line.  A view (``game.mists.view``) prints in the same format
with a ``viewer:`` line and ``?`` for what its viewer does not know.
"""

from __future__ import annotations

import re

from ..core.errors import NotationError, RulesetError
from ..core.notation import parse_int, parse_kv, position_text, refuse_unplayable, split_sections
from .invariants import check_invariants
from .model import ACTION_PILE, CODES, EQUIPMENT_PILE, SEAT_INDEX, SEATS, Result, Take, slot_names
from .ruleset import Ruleset, format_value, make_ruleset
from .state import MistsState
from .view import HIDDEN, MistsView

HEADER = "# Two Mists position (see docs/mists.md)"
_PHASES = ("deal", "first", "take", "target", "heal", "point", "extra", "over", "end", "again")
_TAKE = re.compile(r"^(\d+):([a-z_]+)(?:\+([A-D]))?(?:@([A-D]+))?(?:>([A-D]))?(?:/(extra|decline))?$")
_REASONS = ("death", "stalemate", "turn_limit")


# == formatting ===================================================================
def format_take(t: Take) -> str:
    """``5:arcana+A>C``, ``7:scout@CADB>B``, ``3:combo>C/extra``, ``6:pass``."""
    out = f"{t.turn}:{t.card}"
    if t.heal is not None:
        out += "+" + SEATS[t.heal]
    if t.points is not None:
        out += "@" + "".join(SEATS[p] for p in t.points)
    if t.target is not None:
        out += ">" + SEATS[t.target]
    if t.choice is not None:
        out += "/" + t.choice
    return out


def _pile(kinds, pile) -> str:
    return ",".join(f"{k}:{c}" for k, c in zip(kinds.kinds, pile) if c) or "-"


def _rules_line(rules: Ruleset) -> str:
    changes = rules.changes()
    return " ".join(f"{k}={format_value(v)}" for k, v in changes.items()) or "-"


def format_position(state: MistsState) -> str:
    """The whole state (or a view, with ``?`` for hidden parts) as text."""
    is_view = isinstance(state, MistsView)
    unknown = HIDDEN if is_view else "-"
    names = slot_names(state.rules)
    lines = [HEADER, "game: two-mists", f"players: {state.n}", f"rules: {_rules_line(state.rules)}"]
    if is_view:
        lines.append(f"viewer: {state.viewer or '-'}")
    lines.append("rng: " + (HIDDEN if state.rng is None else f"0x{state.rng:016x}"))
    lines.append(f"phase: {state.phase}")
    lines.append(f"turn: {state.turn}")
    lines.append(f"active: {SEATS[state.active]}")
    lines.append("start: " + ("-" if state.start is None else SEATS[state.start]))
    lines.append("intimidated: " + ("yes" if state.restricted else "no"))
    lines.append("leftover: " + (state.leftover if state.leftover is not None
                                 else ("-" if state.phase == "deal" else unknown)))
    lines.append(f"decks: actions={_pile(ACTION_PILE, state.apile)} equipment={_pile(EQUIPMENT_PILE, state.epile)}")
    lines.append("display: " + " ".join(f"{nm}={c or '-'}" for nm, c in zip(names, state.display)))
    lines.append("draws: " + (" ".join(names[d] for d in state.draws) or "-"))
    if state.pointing is None:
        lines.append("pointing: -")
    else:
        lines.append("pointing: " + " ".join(
            f"{SEATS[s]}=" + ("-" if p is None else HIDDEN if p == HIDDEN else SEATS[p])
            for s, p in enumerate(state.pointing)))
    for s in range(state.n):
        c = state.chars[s]
        char = c if c is not None else ("-" if state.phase == "deal" else unknown)
        flags = [char, f"life={state.life[s]}", "revealed" if state.revealed[s] else "hidden"]
        if state.marks[s]:
            flags.append("mark")
        lines.append(f"{SEATS[s]}: " + " ".join(flags))
        rec = state.records[s]
        for i in range(0, len(rec), 10):
            lines.append("  " + " ".join(format_take(t) for t in rec[i:i + 10]))
    r = state.result
    if r is None:
        lines.append("result: -")
    else:
        lines.append(f"result: {r.reason} dead=" + (",".join(SEATS[s] for s in r.dead) or "-"))
    return "\n".join(lines) + "\n"


# == parsing ======================================================================
def _seat(text: str, n: int, where: str) -> int:
    i = SEAT_INDEX.get(text)
    if i is None or i >= n:
        raise NotationError(f"{where}: {text!r} is not a seat in play ({' '.join(SEATS[:n])})")
    return i


def parse_take(token: str, n: int, where: str) -> Take:
    m = _TAKE.match(token)
    if not m:
        raise NotationError(f"{where}: bad record entry {token!r} (turn:card[+heal][@points][>target][/choice])")
    turn, card, heal, points, target, choice = m.groups()
    from .model import CARD_KINDS
    if card not in CARD_KINDS and card != "pass":
        raise NotationError(f"{where}: unknown card {card!r} in {token!r}")
    if points is not None and len(points) != n:
        raise NotationError(f"{where}: {token!r} needs one pointing per seat ({n})")
    return Take(int(turn), card,
                None if heal is None else _seat(heal, n, where),
                None if points is None else tuple(_seat(p, n, where) for p in points),
                None if target is None else _seat(target, n, where), choice)


def _pile_parse(kinds, text: str, where: str) -> tuple:
    try:
        return kinds.parse(text)
    except ValueError as exc:
        raise NotationError(f"{where}: {exc}") from None


#: The order ``format_position`` writes the lines in (the seats' lines between pointing and result).
_ORDER = ("game", "players", "rules", "viewer", "rng", "phase", "turn", "active", "start", "intimidated",
          "leftover", "decks", "display", "draws", "pointing", *SEATS, "result")


def _missing(key: str, what: str, by_key: dict, seat_lines: dict) -> NotationError:
    """The error for a required line that is absent, naming the line where it belongs."""
    lines = {**{k: v[1] for k, v in by_key.items()}, **{k: v[2] for k, v in seat_lines.items()}}
    before = [k for k in _ORDER[:_ORDER.index(key)] if k in lines]
    if not before:
        return NotationError(f"line 1: missing {what}; see docs/mists.md")
    prev = max(before, key=lambda k: lines[k])
    return NotationError(f"line {lines[prev] + 1}: missing {what}, expected after line {lines[prev]} "
                         f"('{prev}:'); see docs/mists.md")


def parse_position(text, strict: bool = True) -> MistsState:
    """Parse a position (or a view) text.  ``NotationError`` names the line of any
    malformed or inconsistent part; the whole position is checked, not only each line.

    ``text`` may be UTF-8 bytes.  A position is refused unless it satisfies the invariants and, not
    over, offers a decision; ``strict=False`` (tests that build a broken position) skips both."""
    sections = split_sections(position_text(text))
    by_key: dict = {}
    seat_lines: dict = {}
    for key, value, cont, number in sections:
        where = f"line {number}"
        if key.upper() in SEAT_INDEX and len(key) == 1:
            seat = key.upper()
            if seat in seat_lines:
                raise NotationError(f"{where}: seat {seat} appears twice")
            seat_lines[seat] = (value, cont, number)
            continue
        if cont:
            raise NotationError(f"line {number}: section {key!r} takes no indented lines")
        if key in by_key:
            raise NotationError(f"{where}: {key!r} appears twice")
        by_key[key] = (value, number)

    def need(key):
        if key not in by_key:
            raise _missing(key, f"section {key!r} (a line '{key}: ...')", by_key, seat_lines)
        return by_key[key]

    known = {"game", "players", "rules", "viewer", "rng", "phase", "turn", "active", "start", "intimidated",
             "leftover", "decks", "display", "draws", "pointing", "result"}
    for key, (value, number) in by_key.items():
        if key not in known:
            raise NotationError(f"line {number}: unknown section {key!r}")
    value, number = need("game")
    if value != "two-mists":
        raise NotationError(f"line {number}: not a Two Mists position (game: {value})")
    value, number = need("players")
    n = parse_int(value, f"line {number}")
    if n not in (3, 4):
        raise NotationError(f"line {number}: players must be 3 or 4, not {n}")
    value, number = need("rules")
    try:
        rules = make_ruleset([] if value == "-" else value.split())
    except RulesetError as exc:
        raise NotationError(f"line {number}: {exc}") from None
    is_view = "viewer" in by_key
    state = object.__new__(MistsView if is_view else MistsState)
    state.rules = rules
    state.n = n
    state.legal_cache = None
    me = -1
    if is_view:
        value, number = by_key["viewer"]
        state.viewer = None if value == "-" else SEATS[_seat(value, n, f"line {number}")]
        me = -1 if state.viewer is None else SEAT_INDEX[state.viewer]
    value, number = need("rng")
    where = f"line {number}"
    if value == HIDDEN:
        if not is_view:
            raise NotationError(f"{where}: the generator is hidden only in a view")
        state.rng = None
    else:
        state.rng = parse_int(value, where)
        if not 0 <= state.rng < 1 << 64:
            raise NotationError(f"{where}: the generator state must fit in 64 bits")
    value, number = need("phase")
    if value not in _PHASES:
        raise NotationError(f"line {number}: unknown phase {value!r} (known: {', '.join(_PHASES)})")
    state.phase = value
    value, number = need("turn")
    state.turn = parse_int(value, f"line {number}")
    if state.turn < 0:
        raise NotationError(f"line {number}: the turn is never negative")
    value, number = need("active")
    state.active = _seat(value, n, f"line {number}")
    value, number = need("start")
    state.start = None if value == "-" else _seat(value, n, f"line {number}")
    value, number = need("intimidated")
    if value not in ("yes", "no"):
        raise NotationError(f"line {number}: intimidated must be yes or no, not {value!r}")
    state.restricted = value == "yes"
    value, number = need("leftover")
    if value in ("-", HIDDEN):
        if value == HIDDEN and not is_view:
            raise NotationError(f"line {number}: the leftover is hidden only in a view")
        state.leftover = None
    elif value in CODES:
        state.leftover = value
    else:
        raise NotationError(f"line {number}: unknown character {value!r}")
    value, number = need("decks")
    where = f"line {number}"
    try:
        kv = parse_kv(value.split(), where)
    except NotationError:
        raise
    if set(kv) != {"actions", "equipment"}:
        raise NotationError(f"{where}: expected 'actions=... equipment=...'")
    state.apile = _pile_parse(ACTION_PILE, kv["actions"], where)
    state.epile = _pile_parse(EQUIPMENT_PILE, kv["equipment"], where)
    names = slot_names(rules)
    value, number = need("display")
    where = f"line {number}"
    kv = parse_kv(value.split(), where)
    if list(kv) != list(names):
        raise NotationError(f"{where}: expected slots {' '.join(names)} in order")
    display = []
    for nm in names:
        card = kv[nm]
        if card == "-":
            display.append(None)
        elif card in (ACTION_PILE.index if nm[0] == "A" else EQUIPMENT_PILE.index):
            display.append(card)
        else:
            raise NotationError(f"{where}: {card!r} cannot lie in slot {nm}")
    state.display = tuple(display)
    value, number = need("draws")
    where = f"line {number}"
    draws = []
    for tok in ([] if value == "-" else value.split()):
        if tok not in names:
            raise NotationError(f"{where}: unknown slot {tok!r}")
        draws.append(names.index(tok))
    state.draws = tuple(draws)
    value, number = need("pointing")
    where = f"line {number}"
    if value == "-":
        state.pointing = None
    else:
        kv = parse_kv(value.split(), where)
        if list(kv) != list(SEATS[:n]):
            raise NotationError(f"{where}: expected one pointing per seat, A.. in order")
        pointing = []
        for s, seat in enumerate(SEATS[:n]):
            v = kv[seat]
            if v == "-":
                pointing.append(None)
            elif v == HIDDEN:
                if not is_view or s == me:
                    raise NotationError(f"{where}: a hidden pointing appears only in another player's view")
                pointing.append(HIDDEN)
            else:
                pointing.append(_seat(v, n, where))
        state.pointing = tuple(pointing)
    chars, life, revealed, marks, records = [], [], [], [], []
    for s, seat in enumerate(SEATS[:n]):
        if seat not in seat_lines:
            raise _missing(seat, f"the line of seat {seat} (a line '{seat}: CHARACTER life=N "
                                 f"revealed|hidden')", by_key, seat_lines)
        value, cont, number = seat_lines[seat]
        where = f"line {number}"
        tokens = value.split()
        if not tokens:
            raise NotationError(f"{where}: seat {seat} needs its character")
        c = tokens[0]
        if c in ("-", HIDDEN):
            if c == HIDDEN and not is_view:
                raise NotationError(f"{where}: a character is hidden only in a view")
            chars.append(None)
        elif c in CODES:
            chars.append(c)
        else:
            raise NotationError(f"{where}: unknown character {c!r}")
        life_v, rev, mark = None, None, False
        for tok in tokens[1:]:
            if tok.startswith("life="):
                life_v = parse_int(tok[5:], where)
            elif tok in ("revealed", "hidden"):
                rev = tok == "revealed"
            elif tok == "mark":
                mark = True
            else:
                raise NotationError(f"{where}: unknown seat token {tok!r}")
        if life_v is None or rev is None:
            raise NotationError(f"{where}: seat {seat} needs life= and revealed/hidden")
        life.append(life_v)
        revealed.append(rev)
        marks.append(mark)
        rec = []
        for k, line in enumerate(cont):
            for tok in line.split():
                rec.append(parse_take(tok, n, f"line {number + 1 + k}"))
        records.append(tuple(rec))
    extra = sorted(set(seat_lines) - set(SEATS[:n]))
    if extra:
        raise NotationError(f"line {seat_lines[extra[0]][2]}: seat {extra[0]} is not in play")
    state.chars = tuple(chars)
    state.life = tuple(life)
    state.revealed = tuple(revealed)
    state.marks = tuple(marks)
    state.records = tuple(records)
    value, number = need("result")
    where = f"line {number}"
    if value == "-":
        state.result = None
    else:
        tokens = value.split()
        if len(tokens) != 2 or tokens[0] not in _REASONS or not tokens[1].startswith("dead="):
            raise NotationError(f"{where}: expected 'result: REASON dead=SEATS' (reasons: {', '.join(_REASONS)})")
        dead_txt = tokens[1][5:]
        dead = () if dead_txt == "-" else tuple(_seat(x, n, where) for x in dead_txt.split(","))
        if None in state.chars or state.leftover is None:
            raise NotationError(f"{where}: a finished game shows every character and the leftover")
        from .scoring import wins, world_of
        world = world_of(state.chars)
        dset = frozenset(state.chars[s] for s in dead)
        fool = "fool" in rules.characters(n)
        winners = tuple(s for s in range(n) if wins(state.chars[s], dset, world, fool))
        state.result = Result(tokens[0], dead, world, winners, state.chars, state.leftover)
    problems = check_invariants(state, view=is_view) if strict else []
    if problems:
        key, _, _ = problems[0].partition(":")
        line = by_key.get(key, (None, None))[1] or (seat_lines.get(key, (None, None, None))[2])
        at = f"line {line}" if line else "position"
        raise NotationError(f"{at}: {problems[0]}")
    if strict and not is_view:
        refuse_unplayable(state, f"line {by_key['phase'][1]}")
    return state
