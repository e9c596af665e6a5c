"""The position text of Trench War: human-editable, and exact in both directions.

``parse_position(format_position(state))`` gives a state whose text is the same
again; docs/notation.md documents every line.  A per-player view
(``game.trench.view``) prints in the same format with hidden parts as ``?``.
"""

from __future__ import annotations

from ..core.errors import NotationError, RulesetError
from ..core.notation import parse_int, parse_kv, split_sections
from .casualties import Result
from .geometry import CELLS, FILES, SIZE, cell_name, parse_cell, xy_cell
from .model import STATUSES, WEAPON_KINDS, GasToken, Soldier, Weapon
from .ruleset import make_ruleset
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
def _seat_list(value: str, where: str) -> tuple:
    seats = tuple(value.split())
    for s in seats:
        if s not in "SWNE" or len(s) != 1:
            raise NotationError(f"{where}: {s!r} is not a seat (S W N E)")
    return seats


def _parse_column(token: str, where: str) -> str:
    if token in _TOKEN_COLUMNS:
        return _TOKEN_COLUMNS[token]
    if len(token) > 2 or any(ch not in "nSWNEV" for ch in token):
        raise NotationError(f"{where}: bad column {token!r} (0, 1, 2, or kinds from n S W N E V, "
                            f"at most 2 high)")
    return token


def _parse_weapon(token: str, where: str) -> Weapon:
    if token == "?":
        return Weapon("?", "?", None)
    parts = token.split(":")
    if len(parts) != 4 or parts[0] not in tuple("SWNE") or parts[1] not in WEAPON_KINDS:
        raise NotationError(f"{where}: bad weapon {token!r} (expected SEAT:KIND:AMMO:KNOWN, "
                            f"e.g. S:gun:4:S)")
    known = parts[3]
    public = known.endswith("!")
    known = known.rstrip("!")
    if known != "-" and any(ch not in "SWNE" for ch in known):
        raise NotationError(f"{where}: bad weapon knowledge {parts[3]!r}")
    return Weapon(f"{parts[0]}:{parts[1]}", parts[1], parse_int(parts[2], where),
                  frozenset(known) if known != "-" else frozenset(), public)


def _parse_soldier(line: str, where: str) -> Soldier:
    tokens = line.split()
    if len(tokens) < 4:
        raise NotationError(f"{where}: expected 'SID STATUS CELL FACING [key=value ...]', got {line!r}")
    sid, status, cell, facing = tokens[:4]
    if len(sid) != 2 or sid[0] not in "SWNEC" or not sid[1].isdigit():
        raise NotationError(f"{where}: bad soldier id {sid!r}")
    if status not in STATUSES:
        raise NotationError(f"{where}: bad status {status!r} (one of {', '.join(STATUSES)})")
    if facing not in ("n", "e", "s", "w"):
        raise NotationError(f"{where}: bad facing {facing!r}")
    try:
        where_cell = None if cell == "-" else parse_cell(cell)
    except ValueError as exc:
        raise NotationError(f"{where}: {exc}") from None
    if status in ("board", "boat", "corpse") and where_cell is None:
        raise NotationError(f"{where}: a soldier with status {status} needs a cell")
    kv = parse_kv(tokens[4:], where)
    known_keys = {"weapons", "masks", "drugs", "food", "cubes", "gas-check", "mask-on", "corpses",
                  "carrier"}
    for key in kv:
        if key not in known_keys:
            raise NotationError(f"{where}: unknown soldier key {key!r}")
    weapons = tuple(_parse_weapon(t, where) for t in kv["weapons"].split(",")) if kv.get("weapons") else ()
    return Soldier(sid, sid[0], status, where_cell, facing, weapons,
                   masks=parse_int(kv.get("masks", "0"), where),
                   mask_on="mask-on" in kv,
                   drugs=parse_int(kv.get("drugs", "0"), where),
                   food=parse_int(kv.get("food", "0"), where),
                   cubes=parse_int(kv.get("cubes", "0"), where),
                   corpses=tuple(kv["corpses"].split(",")) if kv.get("corpses") else (),
                   carrier=kv.get("carrier") or None,
                   gas_check=parse_int(kv.get("gas-check", "0"), where))


def _parse_pile(text: str, kinds, where: str):
    if text == "?":
        return None
    try:
        return kinds.parse(text)
    except ValueError as exc:
        raise NotationError(f"{where}: {exc}") from None


def _data_token(t: str):
    return int(t) if t.isdigit() else t


def parse_position(text: str) -> TrenchState:
    """Parse a position text (or a view text) into a state (or a view)."""
    sections = split_sections(text)
    seen = {}
    for key, value, cont, number in sections:
        if key in seen:
            raise NotationError(f"line {number}: '{key}' appears twice")
        seen[key] = (value, cont, number)
    for required in ("players", "phase", "board", "soldiers", "cards"):
        if required not in seen:
            raise NotationError(f"position has no '{required}:' line")

    def get(key, default=None):
        return seen[key][0] if key in seen else default

    def line_of(key):
        return f"line {seen[key][2]}" if key in seen else key

    known_keys = {"view", "players", "rules", "variants", "rng", "phase", "queue", "round", "first",
                  "start", "time", "wind", "wind-card", "forecast", "wind-deck", "wind-discard",
                  "cubes", "dead", "setup-left", "board", "items", "soldiers", "gas", "next-gas",
                  "cards", "interrupt-used", "points", "spent", "bonus", "skip", "order", "declared",
                  "turn", "pending", "result", "teams"}
    for key in seen:
        if key not in known_keys:
            raise NotationError(f"{line_of(key)}: unknown section '{key}'")

    try:
        rules = make_ruleset(get("rules", "").split(), variants=get("variants", "").split())
    except RulesetError as exc:
        raise NotationError(f"{line_of('rules')}: {exc}") from None
    viewer = get("view")
    if viewer is not None:
        st = object.__new__(TrenchView)
        st.viewer = None if viewer == "spectator" else viewer
    else:
        st = object.__new__(TrenchState)
    st.rules = rules
    st.seats = _seat_list(get("players"), line_of("players"))
    if len(st.seats) not in (2, 3, 4):
        raise NotationError(f"{line_of('players')}: 2 to 4 players")
    rng = get("rng", "0")
    st.rng = None if rng == "?" else parse_int(rng, line_of("rng"))
    st.phase = get("phase")
    if st.phase not in PHASES:
        raise NotationError(f"{line_of('phase')}: unknown phase {st.phase!r} ({', '.join(PHASES)})")
    st.queue = tuple(get("queue", "").split())
    st.round = parse_int(get("round", "0"), line_of("round"))
    st.first = None if get("first", "-") == "-" else get("first")
    st.start = None if get("start", "-") == "-" else get("start")
    time = get("time", "day").split()
    if not time or time[0] not in ("day", "night") or any(t != "eclipse" for t in time[1:]):
        raise NotationError(f"{line_of('time')}: expected 'day' or 'night', optionally 'eclipse'")
    st.day = time[0] == "day"
    st.eclipse = "eclipse" in time[1:]
    st.wind = None if get("wind", "-") == "-" else get("wind")
    if st.wind not in (None, "n", "e", "s", "w", "calm"):
        raise NotationError(f"{line_of('wind')}: wind is n, e, s, w, calm or -")
    st.wind_card = None if get("wind-card", "-") == "-" else get("wind-card")
    if st.wind_card not in (None,) + WIND_CARDS.kinds:
        raise NotationError(f"{line_of('wind-card')}: unknown wind card {st.wind_card!r}")
    forecast = get("forecast", "-")
    st.forecasts = () if forecast == "-" else tuple(forecast.split())
    for f in st.forecasts:
        if f not in WIND_CARDS.kinds:
            raise NotationError(f"{line_of('forecast')}: unknown wind card {f!r}")
    st.wind_deck = _parse_pile(get("wind-deck", "-"), WIND_CARDS, line_of("wind-deck"))
    st.wind_discard = _parse_pile(get("wind-discard", "-"), WIND_CARDS, line_of("wind-discard"))
    cubes = parse_kv(get("cubes", "supply=0 out=0").split(), line_of("cubes"))
    st.supply = parse_int(cubes.get("supply", "0"), line_of("cubes"))
    st.out = parse_int(cubes.get("out", "0"), line_of("cubes"))
    st.dead = parse_int(get("dead", "0"), line_of("dead"))
    left = parse_kv(get("setup-left", "").split(), line_of("setup-left"))
    st.setup_left = (parse_int(left.get("food", "0"), line_of("setup-left")),
                     parse_int(left.get("civilians", "0"), line_of("setup-left")),
                     parse_int(left.get("village", "0"), line_of("setup-left")))
    # board
    value, rows, number = seen["board"]
    body = [r for r in rows if r.split() and r.split()[0].isdigit()]
    if len(body) != SIZE:
        raise NotationError(f"line {number}: the board needs {SIZE} ranks, found {len(body)}")
    columns = [""] * (SIZE * SIZE)
    for row in body:
        tokens = row.split()
        rank = int(tokens[0])
        if not 1 <= rank <= SIZE or len(tokens) != SIZE + 1:
            raise NotationError(f"line {number}: bad board row {row!r} (rank then {SIZE} columns)")
        for x, token in enumerate(tokens[1:]):
            columns[xy_cell(x, rank - 1)] = _parse_column(token, f"board {FILES[x]}{rank}")
    st.columns = columns
    st.items = {}
    for row in seen.get("items", ("", [], 0))[1]:
        tokens = row.split()
        try:
            cell = parse_cell(tokens[0])
        except ValueError as exc:
            raise NotationError(f"items: {exc}") from None
        for t in tokens[1:]:
            if t not in ("food", "drug"):
                raise NotationError(f"items {tokens[0]}: unknown item {t!r} (food, drug)")
        st.items[cell] = tuple(tokens[1:])
    st.soldiers = [_parse_soldier(r, f"soldier line {i + 1}") for i, r in enumerate(seen["soldiers"][1])]
    st.index = {s.sid: i for i, s in enumerate(st.soldiers)}
    if len(st.index) != len(st.soldiers):
        raise NotationError("soldiers: a soldier id appears twice")
    gas = []
    for row in seen.get("gas", ("", [], 0))[1]:
        tokens = row.split()
        if len(tokens) != 4 or tokens[1] not in tuple("SWNE") or tokens[3] not in ("1", "2"):
            raise NotationError(f"gas: expected 'ID OWNER CELL LAYER', got {row!r}")
        try:
            gas.append(GasToken(int(tokens[0]), tokens[1], parse_cell(tokens[2]), int(tokens[3])))
        except ValueError as exc:
            raise NotationError(f"gas: {exc}") from None
    st.gas = tuple(gas)
    st.next_gid = parse_int(get("next-gas", str(max([g.gid for g in gas], default=0) + 1)),
                            line_of("next-gas"))
    st.hands, st.discards, st.plots = {}, {}, {}
    for row in seen["cards"][1]:
        tokens = row.split()
        seat = tokens[0]
        if seat not in st.seats:
            raise NotationError(f"cards: {seat!r} is not a seat in play")
        kv = parse_kv(tokens[1:], f"cards {seat}")
        st.hands[seat] = _parse_pile(kv.get("hand", "-"), ACTION_CARDS, f"cards {seat} hand")
        st.discards[seat] = _parse_pile(kv.get("discard", "-"), ACTION_CARDS, f"cards {seat} discard")
        plot = kv.get("plot", "-")
        st.plots[seat] = () if plot == "-" else tuple(plot.split(","))
        for c in st.plots[seat]:
            if c not in ACTION_CARDS.kinds and c != "?":
                raise NotationError(f"cards {seat}: unknown plotted card {c!r}")
    for seat in st.seats:
        if seat not in st.hands:
            raise NotationError(f"cards: no line for {seat}")
    st.interrupt_used = frozenset(get("interrupt-used", "").split())
    st.points = {s: 0 for s in st.seats}
    st.spent = {s: 0 for s in st.seats}
    for key, target in (("points", st.points), ("spent", st.spent)):
        for seat, n in parse_kv(get(key, "").split(), line_of(key)).items():
            if seat not in st.seats:
                raise NotationError(f"{line_of(key)}: {seat!r} is not a seat in play")
            target[seat] = parse_int(n, line_of(key))
    st.bonus = frozenset(get("bonus", "").split())
    st.skip = frozenset(get("skip", "").split())
    st.order = tuple(get("order", "").split())
    st.declared = tuple(get("declared", "").split())
    st.teams = {}
    for token in get("teams", "").split():
        seat, _, rest = token.partition("=")
        team, _, known = rest.partition(":")
        public = known.endswith("!")
        known = known.rstrip("!")
        if seat not in st.seats or team not in ("a", "b", "?") or any(k not in "SWNE-" for k in known):
            raise NotationError(f"{line_of('teams')}: bad team token {token!r} (SEAT=a|b|?:KNOWN[!])")
        st.teams[seat] = (team, frozenset(known) - {"-"}, public)
    st.turn = None
    if "turn" in seen:
        tokens = get("turn").split()
        kv = parse_kv(tokens[1:], line_of("turn"))
        slot = kv.get("slot", "-")
        cards = kv.get("cards", "-")
        st.turn = Turn(
            tokens[0], () if cards == "-" else tuple(cards.split(",")),
            None if slot == "-" else parse_int(slot, line_of("turn")) - 1,
            parse_int(kv.get("uses", "0"), line_of("turn")),
            tuple(tuple(x.split(":")) for x in kv["acted"].split(",")) if kv.get("acted") else (),
            tuple(kv["dashed"].split(",")) if kv.get("dashed") else (),
            "camped" in kv,
            tuple((x.split(":")[0], int(x.split(":")[1])) for x in kv["extra"].split(","))
            if kv.get("extra") else (),
            kv.get("extra-card") or None)
    st.pending = tuple(Pending(r.split()[0], r.split()[1], tuple(_data_token(t) for t in r.split()[2:]))
                       for r in seen.get("pending", ("", [], 0))[1])
    st.result = None
    if "result" in seen:
        head, _, detail = get("result").partition("|")
        parts = head.split()
        if len(parts) != 2:
            raise NotationError(f"{line_of('result')}: expected 'WINNERS REASON [| detail]'")
        st.result = Result(tuple(parts[0].split(",")), parts[1],
                           tuple((s, 0) for s in st.seats), detail.strip())
    st.legal_cache = None
    _check_consistency(st)
    if st.result is not None:
        st.result = Result(st.result.winners, st.result.reason,
                           tuple((s, team_score(st, s)) for s in st.seats), st.result.detail)
    return st


def _check_hidden_only_in_views(st) -> None:
    """``?`` marks what a viewer may not know: a full position (no ``view:`` line) has none."""
    if getattr(st, "viewer", "full") != "full":
        return
    hidden = ["rng"] if st.rng is None else []
    hidden += [f"cards {seat}" for seat in st.seats
               if st.hands[seat] is None or st.discards[seat] is None or "?" in st.plots[seat]]
    hidden += [s.sid for s in st.soldiers if any(w.kind == "?" for w in s.weapons)]
    if st.wind_deck is None or st.wind_discard is None:
        hidden.append("wind")
    if hidden:
        raise NotationError(f"hidden parts ('?') in {', '.join(hidden)}: only a view (with a "
                            f"'view:' line) may hide things; a game position must be complete")


def _check_consistency(st) -> None:
    """Reject positions that break the board's physical rules (TW-2) or name no decider."""
    _check_hidden_only_in_views(st)
    if (st.phase == "over") != (st.result is not None):
        raise NotationError("'phase: over' and a 'result:' line go together")
    if st.result is None and not st.pending:
        if st.phase in ("arm", "place", "base", "extra", "plot") and not st.queue:
            raise NotationError(f"phase {st.phase} needs a 'queue:' line naming who decides next")
        if st.phase == "turn" and st.turn is None:
            raise NotationError("phase turn needs a 'turn:' line (whose turn, which cards)")
    cells = {}
    for s in st.soldiers:
        if s.status == "board":
            if s.cell in cells:
                raise NotationError(f"TW-2: {s.sid} and {cells[s.cell]} stand on the same cell "
                                    f"{cell_name(s.cell)}")
            cells[s.cell] = s.sid
            if len(st.columns[s.cell]) == 2:
                raise NotationError(f"TW-2: {s.sid} stands on the wall {cell_name(s.cell)}")
        if s.carrier and s.carrier not in st.index:
            raise NotationError(f"soldiers: {s.sid} is carried by unknown {s.carrier}")
    for cell in CELLS:
        if len(st.columns[cell]) > 2:
            raise NotationError(f"TW-2: column {cell_name(cell)} is taller than 2")
