"""Whole-position checks for ``notation.parse_position``: the lines against each other.

Each line of a position text is checked as it is read; here the parsed position is checked
as a whole (seats and soldier ids in every field, soldiers' statuses and places, carried
corpses, weapon tiles, gas, the cards, the turn record, the queue of the phase, pending
decisions, the wind cards), then the invariants run and the decision due now is tried, so
that a position accepted can be played on.  Every error is a ``NotationError`` naming the
line.  A view (``view:`` line) hides things: what depends on them is not checked there.
"""

from __future__ import annotations

from ..core.errors import GameError, NotationError
from .geometry import boat_cells, cell_name, parse_cell
from .invariants import check_invariants
from .model import BOARD, BOAT, CARRIED, CORPSE, ESCAPED, GONE, SUNK, UNPLACED
from .state import ACTION_CARDS, FULL_WIND_DECK, START_HAND, WIND_CARDS

#: Data tokens each kind of pending decision carries (see docs/notation.md).
PENDING_DATA = {"console": 1, "handover": 1, "sink": 0, "penalty": 1, "gas": 4, "interrupt": 0}
#: The card categories a soldier's action uses (TW-6).
SOLDIER_CATEGORIES = ("move", "turn", "build", "fire", "dig", "equip")
_SETUP = ("first", "arm", "place", "base", "extra")
_DEAD = (CORPSE, CARRIED, GONE, SUNK)


def check_position(st, src, soldier_lines: dict, card_lines: dict, strict: bool = True) -> None:
    """Raise NotationError (naming the line) unless ``st`` is a whole, playable position
    (``strict=False``: the lines agree, but the invariants and the decision due now are not checked)."""
    view = hasattr(st, "viewer")
    line = src.line
    _check_flow(st, line)
    _check_board(st, line)
    _check_soldiers(st, line, soldier_lines, view)
    _check_gas(st, line)
    _check_wind(st, line)
    if not view:
        _check_cards(st, line, card_lines)
    _check_turn(st, line, view)
    _check_pending(st, src)
    if view or not strict:
        return
    problems = check_invariants(st)
    if problems:
        raise NotationError(f"{_invariant_line(problems[0], line)}: {problems[0]}")
    _check_playable(st, src)


def _invariant_line(problem: str, line) -> str:
    if problem.startswith("TW-1: natural"):
        return line("cubes")
    if "action cards" in problem:
        return line("cards")
    if problem.startswith("TW-9"):
        return line("phase")
    return line("soldiers") if "TW-6" in problem or "stands" in problem or "share" in problem \
        else line("board")


# == flow: phase, round, queue, order ================================================================
def _check_flow(st, line) -> None:
    seats, phase = st.seats, st.phase
    if (phase == "over") != (st.result is not None):
        raise NotationError(f"{line('phase')}: 'phase: over' and a 'result:' line go together")
    if st.teams and not st.rules.hidden_teams:
        raise NotationError(f"{line('teams')}: teams only with the hidden-teams variant")
    if st.teams and set(st.teams) != set(seats):
        raise NotationError(f"{line('teams')}: hidden teams give every seat a side")
    if st.rules.hidden_teams and phase not in ("first", "over") and not st.teams:
        raise NotationError(f"{line('teams')}: hidden teams need every seat's side after phase first")
    if st.teams and not hasattr(st, "viewer"):
        sides = sorted(t for t, _, _ in st.teams.values())
        if sides != ["a", "a", "b", "b"] or any(s not in known for s, (_, known, _) in st.teams.items()):
            raise NotationError(f"{line('teams')}: two seats a side, each seat knowing its own")
    if phase == "over":
        return  # a finished game keeps whatever queue, order and turn it ended in
    if phase in _SETUP:
        if st.round != 0:
            raise NotationError(f"{line('round')}: setup (phase {phase}) is round 0")
        if st.start is not None or st.order or st.turn is not None:
            raise NotationError(f"{line('phase')}: no start player, order or turn during setup")
    elif phase != "over" and st.round < 1:
        raise NotationError(f"{line('round')}: phase {phase} is in round 1 or later")
    if (phase == "first") != (st.first is None) and phase != "over":
        raise NotationError(f"{line('first')}: the first player is drawn in phase first, and set after it")
    if phase in ("wind", "plot", "turn") and st.start is None:
        raise NotationError(f"{line('start')}: phase {phase} needs the round's start player")
    if st.turn is not None and phase != "turn":
        raise NotationError(f"{line('turn')}: a turn line only in phase turn")
    if st.declared and phase != "turn":
        raise NotationError(f"{line('declared')}: declared interrupts only in phase turn")
    if st.order and phase not in ("turn", "plot"):  # (in phase plot it is remade when the turns begin)
        raise NotationError(f"{line('order')}: a turn order only in phase turn")
    queue = st.queue
    if phase in ("arm", "base", "extra", "plot"):
        if not queue and not st.pending:
            raise NotationError(f"{line('queue')}: phase {phase} needs a queue naming who decides next")
        for seat in queue:
            if seat not in seats:
                raise NotationError(f"{line('queue')}: {seat!r} is not a seat in play")
        if phase in ("arm", "base", "plot") and len(set(queue)) != len(queue):
            raise NotationError(f"{line('queue')}: a seat appears twice")
    elif phase == "place":
        if not queue:
            raise NotationError(f"{line('queue')}: phase place needs a queue of soldiers to land")
        if len(set(queue)) != len(queue):
            raise NotationError(f"{line('queue')}: a soldier appears twice")
        for sid in queue:
            if sid not in st.index or sid[0] == "C" or st.soldier(sid).status != UNPLACED:
                raise NotationError(f"{line('queue')}: {sid} is not a soldier still to land")
    elif queue:
        raise NotationError(f"{line('queue')}: no queue in phase {phase}")
    if phase == "turn" and st.turn is None and not st.pending:
        raise NotationError(f"{line('phase')}: phase turn needs a 'turn:' line (whose turn, which cards)")
    if phase == "turn" and not st.order and (st.turn is not None or not st.pending):
        raise NotationError(f"{line('order')}: phase turn needs the order of the turns left")


# == board ==============================================================================================
def _check_board(st, line) -> None:
    bases = {}
    villages = 0
    for cell, col in enumerate(st.columns):
        for kind in col:
            if kind in "SWNE":
                if kind not in st.seats or kind in bases:
                    raise NotationError(f"{line('board')}: base {kind} on {cell_name(cell)}: one base per "
                                        f"seat in play")
                bases[kind] = cell
            elif kind == "V":
                villages += 1
    if villages > (1 if st.rules.civilians else 0):
        raise NotationError(f"{line('board')}: a village only with the civilians variant, at most one")
    if villages + st.setup_left[2] > 1:
        raise NotationError(f"{line('setup-left')}: the village is on the board already")


# == soldiers ===========================================================================================
def _check_soldiers(st, line, soldier_lines: dict, view: bool) -> None:
    rules = st.rules
    expected = [f"{seat}{i}" for seat in st.seats for i in range(1, rules.soldiers_per_player + 1)]
    expected += ["C1", "C2"] if rules.civilians else []
    got = [s.sid for s in st.soldiers]
    extra = [sid for sid in got if sid not in expected]
    if extra:
        raise NotationError(f"{soldier_lines[extra[0]]}: {extra[0]} is not in this game (soldiers: "
                            f"{' '.join(expected)})")
    missing = [sid for sid in expected if sid not in got]
    if missing and st.phase in _SETUP:
        # After setup a scenario may leave out soldiers that play no part (as if long gone);
        # setup names every soldier (arming, landing, the civilians' placement).
        raise NotationError(f"{line('soldiers')}: during setup every soldier is listed; missing "
                            f"{' '.join(missing)}")
    cells, boats, tiles = {}, {}, {}
    holders = {}
    for s in st.soldiers:
        where = soldier_lines[s.sid]
        civilian = s.seat == "C"
        if s.status in (BOARD, CORPSE, BOAT) and s.cell is None:
            raise NotationError(f"{where}: {s.sid} with status {s.status} needs a cell")
        if s.status not in (BOARD, CORPSE, BOAT) and s.cell is not None:
            raise NotationError(f"{where}: {s.sid} with status {s.status} has no cell (-)")
        if s.status == BOARD:
            if s.cell in cells:
                raise NotationError(f"{where}: TW-2: {s.sid} and {cells[s.cell]} stand on "
                                    f"{cell_name(s.cell)}")
            cells[s.cell] = s.sid
            if len(st.columns[s.cell]) > 1:
                raise NotationError(f"{where}: TW-2: {s.sid} stands on the wall {cell_name(s.cell)}")
        elif s.status == BOAT:
            if civilian or s.cell not in boat_cells(s.seat) or s.cell in boats:
                raise NotationError(f"{where}: {s.sid}'s boat must lie beside a free non-corner edge cell "
                                    f"of its own side (TW-2)")
            boats[s.cell] = s.sid
        elif s.status == UNPLACED:
            if not civilian and st.phase not in ("first", "arm", "place"):
                raise NotationError(f"{where}: every soldier is placed after phase place")
        elif s.status == ESCAPED and civilian:
            raise NotationError(f"{where}: a civilian never escapes")
        if s.status == CARRIED:
            if s.carrier is None or s.carrier not in st.index or s.carrier == s.sid:
                raise NotationError(f"{where}: a carried corpse names its carrier (carrier=SID)")
        elif s.carrier is not None:
            raise NotationError(f"{where}: only a carried corpse has a carrier")
        if s.status in (UNPLACED, BOAT, BOARD) and civilian and s.status == BOAT:
            raise NotationError(f"{where}: a civilian has no boat")
        if s.cubes > rules.max_cubes_carried:
            raise NotationError(f"{where}: TW-6.5: {s.sid} carries {s.cubes} cubes (at most "
                                f"{rules.max_cubes_carried})")
        if s.gas_check and s.status != BOARD:
            raise NotationError(f"{where}: gas-check only for a soldier on the board")
        if s.status in (CARRIED, GONE) and (s.weapons or s.masks or s.mask_on or s.drugs or s.food
                                                  or s.cubes or s.corpses):
            raise NotationError(f"{where}: a {s.status} soldier holds nothing")
        if s.status == GONE and s.carrier is not None:
            raise NotationError(f"{where}: an eaten corpse has no carrier")
        for c in s.corpses:
            if c not in st.index or c == s.sid:
                raise NotationError(f"{where}: {s.sid} carries an unknown corpse {c!r}")
            if c in holders:
                raise NotationError(f"{where}: corpse {c} is carried twice ({holders[c]} and {s.sid})")
            holders[c] = s.sid
            corpse = st.soldier(c)
            if corpse.status != CARRIED or corpse.carrier != s.sid:
                raise NotationError(f"{where}: {c} must be 'carried' with carrier={s.sid}")
        if s.corpses and s.status in (UNPLACED,):
            raise NotationError(f"{where}: an unplaced soldier carries nothing")
        for w in s.weapons:
            if w.kind == "?":
                if not view:
                    raise NotationError(f"{where}: hidden parts ('?') only in a view (with a 'view:' line); "
                                        f"a game position is complete")
                continue
            if w.tile in tiles:
                raise NotationError(f"{where}: weapon {w.tile} is held twice ({tiles[w.tile]} and {s.sid})")
            tiles[w.tile] = s.sid
            if w.ammo > rules.ammo(w.kind):
                raise NotationError(f"{where}: {w.tile} holds {w.ammo}, more than its "
                                    f"{rules.ammo(w.kind)} (TW-0)")
            if w.kind not in rules.weapon_kinds():
                raise NotationError(f"{where}: no {w.kind} tile in this ruleset")
    for s in st.soldiers:
        if s.status == CARRIED and s.sid not in holders:
            raise NotationError(f"{soldier_lines[s.sid]}: {s.carrier} does not list {s.sid} in its corpses")
    dead = sum(1 for s in st.soldiers if s.status in _DEAD)
    if st.dead < dead:  # (soldiers left out of a scenario may be among the dead)
        raise NotationError(f"{line('dead')}: {dead} soldiers and civilians listed are dead, sunk or "
                            f"eaten, more than {st.dead}")


# == gas ==================================================================================================
def _check_gas(st, line) -> None:
    for g in st.gas:
        h = len(st.columns[g.cell])
        if (g.layer == 2 and h != 1) or (g.layer == 1 and h != 0):
            raise NotationError(f"{line('gas')}: gas {g.gid} on {cell_name(g.cell)}: layer 1 lies in a hole, "
                                f"layer 2 on ground (TW-8)")
        if g.gid >= st.next_gid:
            raise NotationError(f"{line('next-gas')}: next-gas must exceed every gas id")


# == wind ================================================================================================
def _check_wind(st, line) -> None:
    cards = WIND_CARDS.merge(st.wind_deck, st.wind_discard)
    for c in st.forecasts + ((st.wind_card,) if st.wind_card else ()):
        cards = WIND_CARDS.add(cards, c)
    if cards != FULL_WIND_DECK:
        raise NotationError(f"{line('wind-deck')}: the wind deck, discards, forecasts and current card "
                            f"must be the 7 wind cards once each")
    want = st.rules.forecast_count(len(st.seats))
    if st.phase in ("plot", "turn") and (len(st.forecasts) < want or (st.round > 1 and st.wind_card is None)):
        raise NotationError(f"{line('forecast')}: in phase {st.phase} the wind is settled: the current card "
                            f"(after round 1) and {want} forecast(s)")
    if st.phase in _SETUP and (st.forecasts or st.wind_card or st.wind):
        raise NotationError(f"{line('forecast')}: no wind during setup")
    if st.wind_card in (None, "same") and st.wind not in (None, "calm", "n", "e", "s", "w"):
        raise NotationError(f"{line('wind')}: bad wind")
    if st.wind_card not in (None, "same") and st.wind != st.wind_card:
        raise NotationError(f"{line('wind')}: the wind is the current card ({st.wind_card})")
    if st.round > 1 and st.wind_card is not None and st.wind is None:
        raise NotationError(f"{line('wind')}: a current wind card means a wind")
    if st.phase == "wind" and not st.pending and WIND_CARDS.size(st.wind_deck) == 0:
        raise NotationError(f"{line('wind-deck')}: a wind card is due: the deck is empty")


# == cards =================================================================================================
def _check_cards(st, line, card_lines: dict) -> None:
    for seat in st.seats:
        where = card_lines.get(seat, line("cards"))
        pile = ACTION_CARDS.merge(st.hands[seat], st.discards[seat])
        for c in st.plots[seat]:
            pile = ACTION_CARDS.add(pile, c)
        if seat in st.interrupt_used:
            pile = ACTION_CARDS.add(pile, "interrupt")
        if pile != START_HAND:
            raise NotationError(f"{where}: {seat}'s hand, discards, plot (and a used Interrupt) must be "
                                f"its 12 action cards ({ACTION_CARDS.format(START_HAND)}), not "
                                f"{ACTION_CARDS.format(pile)}")
        if ACTION_CARDS.count(st.discards[seat], "interrupt"):
            raise NotationError(f"{where}: the Interrupt card is never discarded (TW-6.10)")
        if st.plots[seat] and st.phase not in ("plot", "turn", "over"):
            raise NotationError(f"{where}: cards are plotted only in phases plot and turn")
        if st.plots[seat].count("interrupt") > 1 or (st.plots[seat] and seat in st.queue and st.phase == "plot"):
            raise NotationError(f"{where}: {seat} has not plotted yet")


# == turn ===================================================================================================
def _check_turn(st, line, view: bool) -> None:
    t = st.turn
    if t is None:
        return
    where = line("turn")
    if st.order and st.order[0] != t.seat:
        raise NotationError(f"{where}: it is {t.seat}'s turn, so the order starts with {t.seat}")
    for c in t.cards:
        if c not in ACTION_CARDS.kinds and c != "?":
            raise NotationError(f"{where}: unknown card {c!r}")
    if len(t.cards) > 2 or "interrupt" in t.cards[:-1]:
        raise NotationError(f"{where}: one or two cards, an undeclared Interrupt last")
    if t.slot is not None and t.slot >= len(t.cards):
        raise NotationError(f"{where}: slot {t.slot + 1} but {len(t.cards)} card(s)")
    if t.slot is None and (t.uses or t.acted or t.camped or t.extra):
        raise NotationError(f"{where}: nothing is done before the first card is revealed")
    if t.slot == 1 and t.uses > 1:
        raise NotationError(f"{where}: the 2nd card serves one action")
    shown = 0 if t.slot is None else t.slot + 1
    if not view and sorted(t.cards[shown:]) != sorted(st.plots[t.seat]):
        raise NotationError(f"{where}: the unrevealed cards must be {t.seat}'s plotted cards")
    for sid, _ in t.acted:
        if sid not in st.index:
            raise NotationError(f"{where}: unknown soldier {sid}")
    if len(set(t.acted)) != len(t.acted):
        raise NotationError(f"{where}: an acted entry appears twice")
    mine = {s.sid for s in st.soldiers if s.seat == t.seat or s.seat == "C"}
    for sid in t.dashed:
        if sid not in mine:
            raise NotationError(f"{where}: {sid} cannot have dashed in {t.seat}'s turn")
    extras = [sid for sid, _ in t.extra]
    if len(set(extras)) != len(extras) or any(sid not in mine or sid[0] == "C" for sid in extras):
        raise NotationError(f"{where}: drug actions belong to {t.seat}'s soldiers, once each")
    if t.extra_card:
        sid, cat = t.extra_card.split(":")
        if not any(x == sid and n > 0 for x, n in t.extra):
            raise NotationError(f"{where}: extra-card {t.extra_card} needs an extra action of {sid}")


# == pending decisions =======================================================================================
def _check_pending(st, src) -> None:
    rows = src.rows("pending")
    if st.pending and st.result is not None:
        raise NotationError(f"{src.line('pending')}: no decision is pending once the game is over")
    if st.pending and st.phase in ("first", "arm", "place", "base", "extra"):
        raise NotationError(f"{src.line('pending')}: no decision outside the normal flow during setup")
    for (number, _), p in zip(rows, st.pending):
        where = f"line {number}"
        why = _pending_problem(st, p)
        if why:
            raise NotationError(f"{where}: {why}")


def _pending_problem(st, p) -> str | None:
    data = p.data
    if p.kind in ("console", "handover"):
        sid = str(data[0])
        if sid not in st.index or st.soldier(sid).seat != p.seat:
            return f"{p.kind} names {sid}, not a soldier of {p.seat}"
        status = st.soldier(sid).status
        if p.kind == "console" and status != CORPSE:
            return f"the consolation comes from a corpse; {sid} is {status}"
        if p.kind == "handover" and status != ESCAPED:
            return f"the handover comes from an escaped soldier; {sid} is {status}"
    elif p.kind == "penalty":
        what = str(data[0])
        if what != "village" and (what not in st.index or st.soldier(what).seat != "C"):
            return "a penalty is for a civilian (C1, C2) or the village"
    elif p.kind == "gas":
        gid, visited, firer, rest = data
        if not isinstance(gid, int) or not any(g.gid == gid and g.owner == p.seat for g in st.gas):
            return f"gas {gid} is not a token of {p.seat}"
        try:
            cells = [] if str(visited) == "-" else [parse_cell(c) for c in str(visited).split(",")]
        except ValueError as exc:
            return str(exc)
        if not cells or len(set(cells)) != len(cells):
            return "the gas path visited is a list of distinct cells"
        if str(firer) != "-" and str(firer) not in st.index:
            return f"unknown firer {firer}"
        rest = str(rest)
        gids = [] if rest == "-" else rest.split(",")
        if any(not g.isdigit() or not any(t.gid == int(g) for t in st.gas) for g in gids):
            return "the gas tokens still to move must be tokens on the board"
    elif p.kind == "interrupt":
        if st.phase != "turn" or st.turn is not None:
            return "an interrupt is asked between turns (TW-4.4)"
        if p.seat not in st.order:
            return f"{p.seat} has no turn left this round"
    return None


# == the decision due now =====================================================================================
def _check_playable(st, src) -> None:
    """The decision due now exists (a pending decision with options, a chance outcome, ...).

    A hand-made turn whose revealed card has no action for anybody is settled as the engine
    would have settled it before stopping (TW-5: the card is discarded with no effect, the play
    moves on); the engine never writes such a position itself.
    """
    from . import flow, vision  # the flow of play imports this module's callers: bound late

    where = src.line("pending" if st.pending else ("turn" if st.turn is not None else "phase"))
    try:
        st.current_player()
        legal = st.legal_actions()
        if st.result is None and not legal and st.phase == "turn" and not st.pending:
            events: list = []
            st.legal_cache = None
            flow.advance(st, events)
            if events:
                vision.update(st, events)
            st.current_player()
            legal = st.legal_actions()
    except GameError as exc:
        raise NotationError(f"{where}: the position cannot be played: {exc}") from None
    except (KeyError, ValueError, IndexError, TypeError, AttributeError) as exc:
        raise NotationError(f"{where}: the position cannot be played ({type(exc).__name__}: {exc})") from None
    finally:
        st.legal_cache = None
    if st.result is None and not legal:
        raise NotationError(f"{where}: the position cannot be played: no decision is possible now")
