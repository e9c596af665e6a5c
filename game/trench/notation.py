"""The position text of Trench War: human-editable, and exact in both directions.

``parse_position(format_position(state))`` gives a state whose text is the same
again; docs/notation.md documents every line.  A per-player view
(``game.trench.view``) prints in the same format with hidden parts as ``?``.
``parse_position`` checks each line here and the lines against each other in
``positions.check_position``: every position it accepts can be played on.
"""

from __future__ import annotations

from ..core.errors import NotationError, RulesetError
from ..core.notation import position_text, strip_comment
from .actions import _SID, CATEGORY
from .casualties import Result
from .geometry import FILES, SEATS_FOR_PLAYERS, SIZE, cell_name, parse_cell, xy_cell
from .model import STATUSES, WEAPON_KINDS, GasToken, Soldier, Weapon
from .positions import PENDING_DATA, SOLDIER_CATEGORIES, check_position
from .ruleset import check_players, make_ruleset
from .state import ACTION_CARDS, WIND_CARDS, Pending, TrenchState, Turn
from .variants import team_score
from .view import TrenchView

HEADER = "# Trench War position (see docs/notation.md)"
PHASES = ("first", "arm", "place", "base", "extra", "wind", "plot", "turn", "over")
_COLUMN_TOKENS = {"": "0", "n": "1", "nn": "2"}
_TOKEN_COLUMNS = {v: k for k, v in _COLUMN_TOKENS.items()}


# == formatting ===================================================================
def _column_token(col: str) -> str:
    return _COLUMN_TOKENS.get(col, col)


def _weapon_token(w: Weapon) -> str:
    if w.kind == "?":
        return "?"
    known = "".join(s for s in "SWNE" if s in w.known)
    return f"{w.tile}:{w.ammo}:{known or '-'}{'!' if w.public else ''}"


def _soldier_line(s: Soldier) -> str:
    where = cell_name(s.cell) if s.cell is not None else "-"
    parts = [s.sid, s.status, where, s.facing]
    if s.weapons:
        parts.append("weapons=" + ",".join(_weapon_token(w) for w in s.weapons))
    for key, value in (("masks", s.masks), ("drugs", s.drugs), ("food", s.food),
                       ("cubes", s.cubes), ("gas-check", s.gas_check)):
        if value:
            parts.append(f"{key}={value}")
    if s.mask_on:
        parts.append("mask-on")
    if s.corpses:
        parts.append("corpses=" + ",".join(s.corpses))
    if s.carrier:
        parts.append(f"carrier={s.carrier}")
    return "  " + " ".join(parts)


def _pile(pile) -> str:
    return "?" if pile is None else ACTION_CARDS.format(pile)


def _tokens(data) -> str:
    return " ".join(str(x) for x in data)


def format_position(st) -> str:
    """The whole position as text (state or view)."""
    out = [HEADER]
    if hasattr(st, "viewer"):  # a view: say whose (the spectator's view too)
        out.append(f"view: {st.viewer or 'spectator'}")
    out.append("players: " + " ".join(st.seats))
    changes = st.rules.changes()
    if changes:
        out.append("rules: " + " ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                                        for k, v in changes.items()))
    variants = st.rules.variant_names()
    if variants:
        out.append("variants: " + " ".join(variants))
    out.append("rng: " + ("?" if st.rng is None else f"0x{st.rng:016x}"))
    out.append(f"phase: {st.phase}")
    if st.queue:
        out.append("queue: " + " ".join(st.queue))
    out.append(f"round: {st.round}")
    out.append(f"first: {st.first or '-'}")
    out.append(f"start: {st.start or '-'}")
    out.append("time: " + ("day" if st.day else "night") + (" eclipse" if st.eclipse else ""))
    out.append(f"wind: {st.wind or '-'}")
    out.append(f"wind-card: {st.wind_card or '-'}")
    out.append("forecast: " + (" ".join(st.forecasts) or "-"))
    out.append("wind-deck: " + WIND_CARDS.format(st.wind_deck))
    out.append("wind-discard: " + WIND_CARDS.format(st.wind_discard))
    out.append(f"cubes: supply={st.supply} out={st.out}")
    out.append(f"dead: {st.dead}")
    food, civ, village = st.setup_left
    out.append(f"setup-left: food={food} civilians={civ} village={village}")
    out.append("board:")
    out.append("     " + " ".join(f"{f:>2}" for f in FILES))
    for y in range(SIZE - 1, -1, -1):
        row = " ".join(f"{_column_token(st.columns[xy_cell(x, y)]):>2}" for x in range(SIZE))
        out.append(f"  {y + 1}  {row}")
    if st.items:
        out.append("items:")
        for cell in sorted(st.items):
            out.append(f"  {cell_name(cell)} " + " ".join(st.items[cell]))
    out.append("soldiers:")
    out.extend(_soldier_line(s) for s in st.soldiers)
    if st.gas:
        out.append("gas:")
        for g in st.gas:
            out.append(f"  {g.gid} {g.owner} {cell_name(g.cell)} {g.layer}")
    out.append(f"next-gas: {st.next_gid}")
    out.append("cards:")
    for seat in st.seats:
        plot = st.plots[seat]
        out.append(f"  {seat} hand={_pile(st.hands[seat])} discard={_pile(st.discards[seat])} "
                   f"plot={','.join(plot) if plot else '-'}")
    if st.interrupt_used:
        out.append("interrupt-used: " + " ".join(s for s in st.seats if s in st.interrupt_used))
    out.append("points: " + " ".join(f"{s}={st.points[s]}" for s in st.seats))
    out.append("spent: " + " ".join(f"{s}={st.spent[s]}" for s in st.seats))
    if st.bonus:
        out.append("bonus: " + " ".join(s for s in st.seats if s in st.bonus))
    if st.skip:
        out.append("skip: " + " ".join(s for s in st.seats if s in st.skip))
    if st.order:
        out.append("order: " + " ".join(st.order))
    if st.declared:
        out.append("declared: " + " ".join(st.declared))
    if st.teams:
        out.append("teams: " + " ".join(
            f"{s}={t}:{''.join(k for k in 'SWNE' if k in known) or '-'}{'!' if public else ''}"
            for s, (t, known, public) in st.teams.items()))
    if st.turn is not None:
        t = st.turn
        parts = [t.seat, "cards=" + (",".join(t.cards) or "-"),
                 f"slot={'-' if t.slot is None else t.slot + 1}", f"uses={t.uses}"]
        if t.acted:
            parts.append("acted=" + ",".join(f"{sid}:{cat}" for sid, cat in t.acted))
        if t.dashed:
            parts.append("dashed=" + ",".join(t.dashed))
        if t.camped:
            parts.append("camped")
        if t.extra:
            parts.append("extra=" + ",".join(f"{sid}:{n}" for sid, n in t.extra))
        if t.extra_card:
            parts.append(f"extra-card={t.extra_card}")
        out.append("turn: " + " ".join(parts))
    if st.pending:
        out.append("pending:")
        for p in st.pending:
            out.append(f"  {p.kind} {p.seat}" + (" " + _tokens(p.data) if p.data else ""))
    if st.result is not None:
        r = st.result
        out.append(f"result: {','.join(r.winners)} {r.reason}" + (f" | {r.detail}" if r.detail else ""))
    return "\n".join(out) + "\n"




# == parsing =======================================================================
#: Every section a position may have.
KNOWN_SECTIONS = ("view", "players", "rules", "variants", "rng", "phase", "queue", "round", "first",
                  "start", "time", "wind", "wind-card", "forecast", "wind-deck", "wind-discard",
                  "cubes", "dead", "setup-left", "board", "items", "soldiers", "gas", "next-gas",
                  "cards", "interrupt-used", "points", "spent", "bonus", "skip", "order", "declared",
                  "turn", "pending", "result", "teams")
#: Sections whose value is on the key line; the others are blocks of indented lines.
_BLOCKS = ("board", "items", "soldiers", "gas", "cards", "pending")
_SOLDIER_KEYS = ("weapons", "masks", "drugs", "food", "cubes", "gas-check", "mask-on", "corpses", "carrier")
_TURN_KEYS = ("cards", "slot", "uses", "acted", "dashed", "camped", "extra", "extra-card")
RESULT_REASONS = ("target", "judgement", "round-limit", "no-soldiers")
_MAX_U64 = (1 << 64) - 1


class _Text:
    """The sections of a position text with the line number of every line, for errors."""

    def __init__(self, text):
        text = position_text(text)
        self.sections: dict = {}   # key -> (value, [(number, line)], number)
        last = None
        for number, raw in enumerate(text.splitlines(), start=1):
            line = strip_comment(raw)
            if not line.strip():
                continue
            if line[0] in " \t":
                if last is None or last not in _BLOCKS:
                    raise NotationError(f"line {number}: indented line outside a block "
                                        f"({', '.join(_BLOCKS)})")
                self.sections[last][1].append((number, line.strip()))
                continue
            key, sep, value = line.partition(":")
            key = key.strip().lower()
            if not sep:
                raise NotationError(f"line {number}: expected 'key: value', got {line.strip()!r}")
            if key not in KNOWN_SECTIONS:
                raise NotationError(f"line {number}: unknown section '{key}'")
            if key in self.sections:
                raise NotationError(f"line {number}: '{key}' appears twice (first on line "
                                    f"{self.sections[key][2]})")
            if key in _BLOCKS and value.strip():
                raise NotationError(f"line {number}: '{key}:' takes its lines indented below it")
            self.sections[key] = (value.strip(), [], number)
            last = key
        for required in ("players", "phase", "board", "soldiers", "cards"):
            if required not in self.sections:
                raise NotationError(f"position: no '{required}:' line")

    def get(self, key, default=None):
        return self.sections[key][0] if key in self.sections else default

    def rows(self, key) -> list:
        return self.sections[key][1] if key in self.sections else []

    def line(self, key) -> str:
        """``line N`` of a section (the players line when the section is absent)."""
        return f"line {self.sections[key][2]}" if key in self.sections else f"line {self.sections['players'][2]}"


def _int(token: str, where: str, lo: int | None = 0, hi: int | None = None) -> int:
    """A decimal integer in ``lo..hi`` (None: unbounded)."""
    t = token[1:] if token.startswith("-") else token
    if not t or not t.isascii() or not t.isdigit():
        raise NotationError(f"{where}: not an integer: {token!r}")
    value = int(token)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        bounds = f"{'' if lo is None else lo}..{'' if hi is None else hi}"
        raise NotationError(f"{where}: {value} is out of range {bounds}")
    return value


def _kv(tokens, where: str, allowed) -> dict:
    out = {}
    for token in tokens:
        key, _, value = token.partition("=")
        if key not in allowed:
            raise NotationError(f"{where}: unknown key {key!r} (known: {', '.join(allowed)})")
        if key in out:
            raise NotationError(f"{where}: {key!r} given twice")
        out[key] = value
    return out


def _seat_list(value: str, where: str, seats=tuple("SWNE")) -> tuple:
    """Seats separated by spaces, each once; ``-`` (or nothing) for none."""
    tokens = value.split()
    if tokens == ["-"]:
        return ()
    for s in tokens:
        if s not in seats:
            raise NotationError(f"{where}: {s!r} is not a seat in play ({' '.join(seats)})")
    if len(set(tokens)) != len(tokens):
        raise NotationError(f"{where}: a seat appears twice")
    return tuple(tokens)


def _seat_or_none(value: str, where: str, seats) -> str | None:
    if value == "-":
        return None
    if value not in seats:
        raise NotationError(f"{where}: {value!r} is not a seat in play ({' '.join(seats)})")
    return value


def _parse_column(token: str, where: str) -> str:
    if token in _TOKEN_COLUMNS:
        return _TOKEN_COLUMNS[token]
    if not 1 <= len(token) <= 2 or any(ch not in "nSWNEV" for ch in token):
        raise NotationError(f"{where}: bad column {token!r} (0, 1, 2, or kinds from n S W N E V, "
                            f"at most 2 high)")
    return token


def _parse_weapon(token: str, where: str, seats) -> Weapon:
    if token == "?":
        return Weapon("?", "?", None)
    parts = token.split(":")
    if len(parts) != 4 or parts[0] not in seats or parts[1] not in WEAPON_KINDS:
        raise NotationError(f"{where}: bad weapon {token!r} (expected SEAT:KIND:AMMO:KNOWN with a seat "
                            f"in play, e.g. S:gun:4:S)")
    known = parts[3]
    public = known.endswith("!")
    known = known[:-1] if public else known
    if known != "-" and (not known or any(ch not in seats for ch in known) or len(set(known)) != len(known)):
        raise NotationError(f"{where}: bad weapon knowledge {parts[3]!r} (seats in play, or -)")
    return Weapon(f"{parts[0]}:{parts[1]}", parts[1], _int(parts[2], where, 0, 99),
                  frozenset(known) if known != "-" else frozenset(), public)


def _sid_list(value: str, where: str) -> tuple:
    sids = tuple(value.split(","))
    for sid in sids:
        if not _SID.match(sid):
            raise NotationError(f"{where}: bad soldier id {sid!r}")
    if len(set(sids)) != len(sids):
        raise NotationError(f"{where}: a soldier id appears twice")
    return sids


def _parse_soldier(line: str, where: str, seats) -> Soldier:
    tokens = line.split()
    if len(tokens) < 4:
        raise NotationError(f"{where}: expected 'SID STATUS CELL FACING [key=value ...]', got {line!r}")
    sid, status, cell, facing = tokens[:4]
    if not _SID.match(sid) or (sid[0] != "C" and sid[0] not in seats):
        raise NotationError(f"{where}: bad soldier id {sid!r} (a seat in play and 1-9, or C1, C2)")
    if status not in STATUSES:
        raise NotationError(f"{where}: bad status {status!r} (one of {', '.join(STATUSES)})")
    if facing not in ("n", "e", "s", "w"):
        raise NotationError(f"{where}: bad facing {facing!r}")
    try:
        where_cell = None if cell == "-" else parse_cell(cell)
    except ValueError as exc:
        raise NotationError(f"{where}: {exc}") from None
    kv = _kv(tokens[4:], where, _SOLDIER_KEYS)
    if "mask-on" in kv and kv["mask-on"]:
        raise NotationError(f"{where}: 'mask-on' takes no value")
    weapons = tuple(_parse_weapon(t, where, seats) for t in kv["weapons"].split(",")) if "weapons" in kv else ()
    return Soldier(sid, sid[0], status, where_cell, facing, weapons,
                   masks=_int(kv.get("masks", "0"), where, 0, 99),
                   mask_on="mask-on" in kv,
                   drugs=_int(kv.get("drugs", "0"), where, 0, 99),
                   food=_int(kv.get("food", "0"), where, 0, 99),
                   cubes=_int(kv.get("cubes", "0"), where, 0, 99),
                   corpses=_sid_list(kv["corpses"], where) if "corpses" in kv else (),
                   carrier=_sid_list(kv["carrier"], where)[0] if "carrier" in kv else None,
                   gas_check=_int(kv.get("gas-check", "0"), where, 0, 2))


_HIDDEN = "hidden parts ('?') only in a view (with a 'view:' line); a game position is complete"


def _parse_pile(text: str, kinds, where: str, view: bool):
    if text == "?":
        if view:
            return None
        raise NotationError(f"{where}: {_HIDDEN}")
    try:
        pile = kinds.parse(text)
    except ValueError as exc:
        raise NotationError(f"{where}: {exc}") from None
    if any(n > 99 for n in pile) or text.strip() == "":
        raise NotationError(f"{where}: bad pile {text!r}")
    return pile


def parse_position(text, strict: bool = True) -> TrenchState:
    """Parse a position text (or a view text) into a state (or a view).

    The whole position is validated, not only each line: seats, soldier ids, the turn record,
    the cards, the cube census, pending decisions and the invariants, so that every position
    accepted can be played on.  Raises :class:`NotationError` naming the line.  ``text`` may
    also be bytes, which must be UTF-8.  ``strict=False`` (tests that build a broken position on
    purpose) skips the invariants and the check that a decision can be made now.
    """
    src = _Text(text)
    get, line = src.get, src.line
    viewer = get("view")
    rows_board = src.rows("board")
    st = object.__new__(TrenchView if viewer is not None else TrenchState)
    st.quiet = False
    st.seats = tuple(get("players").split())
    if st.seats not in SEATS_FOR_PLAYERS.values():
        raise NotationError(f"{line('players')}: players are S N, S W N or S W N E, not {get('players')!r}")
    seats = st.seats
    if viewer is not None:
        st.viewer = None if viewer == "spectator" else _seat_or_none(viewer, line("view"), seats)
    try:
        rules = make_ruleset(get("rules", "").split(), variants=get("variants", "").split())
    except RulesetError as exc:
        raise NotationError(f"{line('rules' if 'rules' in src.sections else 'variants')}: {exc}") from None
    try:
        check_players(rules, len(seats))
    except RulesetError as exc:
        raise NotationError(f"{line('rules' if 'rules' in src.sections else 'players')}: {exc}") from None
    st.rules = rules
    rng = get("rng", "0")
    if rng == "?":
        if viewer is None:
            raise NotationError(f"{line('rng')}: {_HIDDEN}")
        st.rng = None
    else:
        try:
            st.rng = int(rng, 16) if rng.lower().startswith("0x") and rng.isascii() else _int(rng, line("rng"))
        except ValueError:
            raise NotationError(f"{line('rng')}: not a 64-bit number: {rng!r}") from None
        if not 0 <= st.rng <= _MAX_U64:
            raise NotationError(f"{line('rng')}: the generator state is a 64-bit number")
    st.phase = get("phase")
    if st.phase not in PHASES:
        raise NotationError(f"{line('phase')}: unknown phase {st.phase!r} ({', '.join(PHASES)})")
    queue = get("queue", "").split()
    st.queue = () if queue == ["-"] else tuple(queue)
    st.round = _int(get("round", "0"), line("round"), 0, rules.round_limit)
    st.first = _seat_or_none(get("first", "-"), line("first"), seats)
    st.start = _seat_or_none(get("start", "-"), line("start"), seats)
    time = get("time", "day").split()
    if not time or time[0] not in ("day", "night") or time[1:] not in ([], ["eclipse"]):
        raise NotationError(f"{line('time')}: expected 'day' or 'night', optionally 'eclipse'")
    st.day = time[0] == "day"
    st.eclipse = len(time) > 1
    wind = get("wind", "-")
    if wind not in ("-", "n", "e", "s", "w", "calm"):
        raise NotationError(f"{line('wind')}: wind is n, e, s, w, calm or -")
    st.wind = None if wind == "-" else wind
    card = get("wind-card", "-")
    if card not in ("-",) + WIND_CARDS.kinds or card == "eclipse":
        raise NotationError(f"{line('wind-card')}: unknown wind card {card!r}")
    st.wind_card = None if card == "-" else card
    forecast = get("forecast", "-").split()
    st.forecasts = () if forecast in (["-"], []) else tuple(forecast)
    for f in st.forecasts:
        if f not in WIND_CARDS.kinds:
            raise NotationError(f"{line('forecast')}: unknown wind card {f!r}")
    st.wind_deck = _parse_pile(get("wind-deck", "-"), WIND_CARDS, line("wind-deck"), False)
    st.wind_discard = _parse_pile(get("wind-discard", "-"), WIND_CARDS, line("wind-discard"), False)
    cubes = _kv(get("cubes", "supply=0 out=0").split(), line("cubes"), ("supply", "out"))
    st.supply = _int(cubes.get("supply", "0"), line("cubes"), 0, 999)
    st.out = _int(cubes.get("out", "0"), line("cubes"), 0, 999)
    st.dead = _int(get("dead", "0"), line("dead"), 0, 99)
    left = _kv(get("setup-left", "").split(), line("setup-left"), ("food", "civilians", "village"))
    st.setup_left = (_int(left.get("food", "0"), line("setup-left"), 0, rules.setup_food),
                     _int(left.get("civilians", "0"), line("setup-left"), 0, 2 if rules.civilians else 0),
                     _int(left.get("village", "0"), line("setup-left"), 0, 1 if rules.civilians else 0))
    # board
    columns = [None] * (SIZE * SIZE)
    for number, row in rows_board:
        tokens = row.split()
        if tokens == list(FILES):
            continue
        if len(tokens) != SIZE + 1 or tokens[0] not in tuple("1234567"):
            raise NotationError(f"line {number}: bad board row {row!r} (rank 1-7, then {SIZE} columns)")
        rank = int(tokens[0])
        if columns[xy_cell(0, rank - 1)] is not None:
            raise NotationError(f"line {number}: rank {rank} appears twice")
        for x, token in enumerate(tokens[1:]):
            columns[xy_cell(x, rank - 1)] = _parse_column(token, f"line {number}: board {FILES[x]}{rank}")
    if None in columns:
        raise NotationError(f"{line('board')}: the board needs the {SIZE} ranks 1-{SIZE}")
    st.columns = columns
    st.items = {}
    for number, row in src.rows("items"):
        tokens = row.split()
        try:
            cell = parse_cell(tokens[0])
        except ValueError as exc:
            raise NotationError(f"line {number}: {exc}") from None
        if cell in st.items:
            raise NotationError(f"line {number}: {tokens[0]} appears twice")
        if len(tokens) < 2 or any(t not in ("food", "drug") for t in tokens[1:]):
            raise NotationError(f"line {number}: expected 'CELL ITEM ...' with items food, drug")
        st.items[cell] = tuple(tokens[1:])
    st.soldiers = []
    soldier_lines = {}
    for number, row in src.rows("soldiers"):
        s = _parse_soldier(row, f"line {number}", seats)
        if s.sid in soldier_lines:
            raise NotationError(f"line {number}: soldier {s.sid} appears twice")
        soldier_lines[s.sid] = f"line {number}"
        st.soldiers.append(s)
    st.index = {s.sid: i for i, s in enumerate(st.soldiers)}
    gas = []
    for number, row in src.rows("gas"):
        tokens = row.split()
        if len(tokens) != 4 or tokens[1] not in seats or tokens[3] not in ("1", "2"):
            raise NotationError(f"line {number}: expected a gas token 'ID OWNER CELL LAYER' (a seat in "
                                f"play, layer 1 or 2), got {row!r}")
        try:
            cell = parse_cell(tokens[2])
        except ValueError as exc:
            raise NotationError(f"line {number}: {exc}") from None
        gid = _int(tokens[0], f"line {number}", 1, 9999)
        if any(g.gid == gid for g in gas):
            raise NotationError(f"line {number}: gas {gid} appears twice")
        gas.append(GasToken(gid, tokens[1], cell, int(tokens[3])))
    st.gas = tuple(sorted(gas, key=lambda g: g.gid))
    top = max([g.gid for g in gas], default=0)
    st.next_gid = _int(get("next-gas", str(top + 1)), line("next-gas"), top + 1, 99999)
    st.hands, st.discards, st.plots = {}, {}, {}
    card_lines = {}
    for number, row in src.rows("cards"):
        tokens = row.split()
        where = f"line {number}"
        seat = tokens[0]
        if seat not in seats:
            raise NotationError(f"{where}: {seat!r} is not a seat in play")
        if seat in card_lines:
            raise NotationError(f"{where}: {seat} appears twice")
        card_lines[seat] = where
        kv = _kv(tokens[1:], where, ("hand", "discard", "plot"))
        st.hands[seat] = _parse_pile(kv.get("hand", "-"), ACTION_CARDS, where, viewer is not None)
        st.discards[seat] = _parse_pile(kv.get("discard", "-"), ACTION_CARDS, where, False)
        plot = kv.get("plot", "-")
        st.plots[seat] = () if plot == "-" else tuple(plot.split(","))
        if len(st.plots[seat]) > 2:
            raise NotationError(f"{where}: at most two plotted cards")
        for c in st.plots[seat]:
            if c == "?" and viewer is None:
                raise NotationError(f"{where}: {_HIDDEN}")
            if c not in ACTION_CARDS.kinds and c != "?":
                raise NotationError(f"{where}: unknown plotted card {c!r}")
    for seat in seats:
        if seat not in st.hands:
            raise NotationError(f"{line('cards')}: no line for {seat}")
    st.interrupt_used = frozenset(_seat_list(get("interrupt-used", "-"), line("interrupt-used"), seats))
    st.points = {s: 0 for s in seats}
    st.spent = {s: 0 for s in seats}
    for key, target, lo in (("points", st.points, -99), ("spent", st.spent, 0)):
        for seat, n in _kv(get(key, "").split(), line(key), seats).items():
            target[seat] = _int(n, line(key), lo, 999)
    st.bonus = frozenset(_seat_list(get("bonus", "-"), line("bonus"), seats))
    st.skip = frozenset(_seat_list(get("skip", "-"), line("skip"), seats))
    st.order = _seat_list(get("order", "-"), line("order"), seats)
    st.declared = _seat_list(get("declared", "-"), line("declared"), seats)
    st.teams = {}
    for token in get("teams", "").split():
        seat, _, rest = token.partition("=")
        team, _, known = rest.partition(":")
        public = known.endswith("!")
        known = known.rstrip("!")
        if seat not in seats or seat in st.teams or team not in ("a", "b", "?") or not known \
                or any(k not in seats + ("-",) for k in known):
            raise NotationError(f"{line('teams')}: bad team token {token!r} (SEAT=a|b|?:KNOWN[!])")
        st.teams[seat] = (team, frozenset(known) - {"-"}, public)
    st.turn = None
    if "turn" in src.sections:
        st.turn = _parse_turn(get("turn"), line("turn"), seats)
    st.pending = tuple(_parse_pending(row, f"line {number}", seats) for number, row in src.rows("pending"))
    st.result = None
    if "result" in src.sections:
        head, _, detail = get("result").partition("|")
        parts = head.split()
        if len(parts) != 2 or parts[1] not in RESULT_REASONS:
            raise NotationError(f"{line('result')}: expected 'WINNERS REASON [| detail]' "
                                f"(reasons: {', '.join(RESULT_REASONS)})")
        winners = tuple(parts[0].split(","))
        if not winners or any(w not in seats for w in winners) or len(set(winners)) != len(winners):
            raise NotationError(f"{line('result')}: winners must be seats in play")
        st.result = Result(winners, parts[1], tuple((s, 0) for s in seats), detail.strip())
    st.legal_cache = None
    check_position(st, src, soldier_lines, card_lines, strict)
    if st.result is not None:
        st.result = Result(st.result.winners, st.result.reason,
                           tuple((s, team_score(st, s)) for s in seats), st.result.detail)
    return st


def _parse_turn(value: str, where: str, seats) -> Turn:
    tokens = value.split()
    if not tokens or tokens[0] not in seats:
        raise NotationError(f"{where}: the turn line starts with a seat in play")
    kv = _kv(tokens[1:], where, _TURN_KEYS)
    if "camped" in kv and kv["camped"]:
        raise NotationError(f"{where}: 'camped' takes no value")
    cards = kv.get("cards", "-")
    cards = () if cards == "-" else tuple(cards.split(","))
    slot = kv.get("slot", "-")
    if slot == "-":  # the 1st card is revealed as the turn starts, within the same action (TW-5)
        raise NotationError(f"{where}: the turn needs slot=1 or slot=2 (the card in use: a turn in "
                            f"progress has always revealed its 1st card)")
    acted = []
    for x in (kv["acted"].split(",") if "acted" in kv else ()):
        sid, _, cat = x.partition(":")
        if not _SID.match(sid) or cat not in CATEGORY.values():
            raise NotationError(f"{where}: bad acted entry {x!r} (SID:CATEGORY)")
        acted.append((sid, cat))
    extra = []
    for x in (kv["extra"].split(",") if "extra" in kv else ()):
        sid, _, n = x.partition(":")
        if not _SID.match(sid):
            raise NotationError(f"{where}: bad extra entry {x!r} (SID:N)")
        extra.append((sid, _int(n, where, 0, 2)))
    extra_card = kv.get("extra-card") or None
    if extra_card is not None:
        sid, _, cat = extra_card.partition(":")
        if not _SID.match(sid) or cat not in SOLDIER_CATEGORIES:
            raise NotationError(f"{where}: bad extra-card {extra_card!r} (SID:CATEGORY)")
    return Turn(tokens[0], cards, _int(slot, where, 1, 2) - 1,
                _int(kv.get("uses", "0"), where, 0, 2), tuple(acted),
                _sid_list(kv["dashed"], where) if "dashed" in kv else (), "camped" in kv,
                tuple(extra), extra_card)


def _data_token(t: str):
    return int(t) if t.isascii() and t.isdigit() else t


def _parse_pending(row: str, where: str, seats) -> Pending:
    tokens = row.split()
    if len(tokens) < 2 or tokens[0] not in PENDING_DATA or tokens[1] not in seats:
        raise NotationError(f"{where}: expected 'KIND SEAT [DATA ...]' with a kind from "
                            f"{', '.join(PENDING_DATA)} and a seat in play, got {row!r}")
    if len(tokens) - 2 != PENDING_DATA[tokens[0]]:
        raise NotationError(f"{where}: a {tokens[0]} decision takes {PENDING_DATA[tokens[0]]} data "
                            f"token(s)")
    return Pending(tokens[0], tokens[1], tuple(_data_token(t) for t in tokens[2:]))
