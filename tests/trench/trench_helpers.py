"""Helpers for Trench War scenario tests.

A scenario is a position in the notation of ``docs/notation.md``.  ``scene()``
fills a small template (two players S and N, round 5, day, calm, S's turn) so a
test only writes what matters: the cells that differ from flat ground, the
soldier lines, the cards in the turn.  The card piles and the cube supply are
derived so that the position obeys the invariants (12 cards a player, 68
natural cubes), which the helpers check after every action.
"""

from __future__ import annotations

import re

import pytest

from game.core.errors import IllegalActionError
from game.trench.actions import parse_actions
from game.trench.geometry import CELLS, FILES, SIZE, is_corner, parse_cell, xy_cell
from game.trench.invariants import check_invariants
from game.trench.notation import format_position, parse_position
from game.trench.state import ACTION_CARDS, START_HAND

_TOKENS = {"": "0", "n": "1", "nn": "2"}


def _default_columns():
    return {c: ("nn" if is_corner(c) else "n") for c in CELLS}


def _column_of(token: str) -> str:
    return {"0": "", "1": "n", "2": "nn"}.get(token, token)


def scene(*, cells=None, soldiers="", turn="S cards=move slot=1 uses=0", plots=None,
          discards=None, hands=None, items="", players="S N", time="day", round=5,
          start="S", order=None, points=None, spent=None, out=0, extra="", wind="calm",
          dead=None, rules="", gas="", forecast=None, wind_deck=None,
          wind_discard="-", wind_card=None) -> str:
    """A position text.  ``cells`` maps cell names to column tokens (0, 1, 2, nS ...)."""
    seats = players.split()
    cols = _default_columns()
    for name, token in (cells or {}).items():
        cols[parse_cell(name)] = _column_of(token)
    plots = dict(plots or {})
    discards = {s: ACTION_CARDS.parse(d) for s, d in (discards or {}).items()}
    tline = turn.split() if turn else []
    if tline:
        seat = tline[0]
        kv = dict(t.partition("=")[::2] for t in tline[1:])
        cards = [c for c in kv.get("cards", "-").split(",") if c != "-"]
        slot = kv.get("slot", "-")
        shown = 0 if slot == "-" else int(slot)
        disc = discards.get(seat, ACTION_CARDS.empty())
        for c in cards[:shown]:
            disc = ACTION_CARDS.add(disc, c)
        discards[seat] = disc
        plots.setdefault(seat, ",".join(cards[shown:]) or "-")
    card_lines = []
    for s in seats:
        disc = discards.get(s, ACTION_CARDS.empty())
        plot = plots.get(s, "-")
        if hands and s in hands:
            hand = ACTION_CARDS.parse(hands[s])
        else:
            hand = START_HAND
            for k, n in zip(ACTION_CARDS.kinds, disc):
                hand = ACTION_CARDS.remove(hand, k, n)
            for c in (plot.split(",") if plot != "-" else []):
                hand = ACTION_CARDS.remove(hand, c)
            for ln in extra.splitlines():
                if ln.strip().startswith("interrupt-used:") and s in ln.split(":", 1)[1].split():
                    hand = ACTION_CARDS.remove(hand, "interrupt")
        card_lines.append(f"  {s} hand={ACTION_CARDS.format(hand)} discard={ACTION_CARDS.format(disc)} "
                          f"plot={plot}")
    soldier_lines = [ln.strip() for ln in soldiers.strip().splitlines() if ln.strip()]
    # cube accounting: the supply makes the natural cubes add up to 68
    board_cubes = sum(col.count("n") for col in cols.values())
    carried = 0
    boats = 0
    for ln in soldier_lines:
        tok = ln.split()
        if tok[1] == "boat":
            boats += 1
        for t in tok[4:]:
            if t.startswith("cubes="):
                carried += int(t[6:])
    if wind_card is None:
        wind_card = wind
    if forecast is None:  # two open forecasts other than the current card
        forecast = " ".join([k for k in ("n", "e", "s", "w") if k != wind_card
                             and k not in wind_discard.split(",")][:2])
    if wind_deck is None:  # the wind cards not current, forecast or discarded (7 in all)
        left = [k for k in ("n", "e", "s", "w", "same", "calm", "eclipse")
                if k not in forecast.split() + [wind_card] + wind_discard.split(",")]
        wind_deck = ",".join(left) or "-"
    if dead is None:  # the dead listed (corpses, carried, eaten, sunk)
        dead = sum(1 for ln in soldier_lines if ln.split()[1] in ("corpse", "carried", "gone", "sunk"))
    natural = 68
    for assignment in rules.split():
        if assignment.startswith("natural_cubes="):
            natural = int(assignment.split("=")[1])
    supply = natural - board_cubes - carried - boats - out
    rows = []
    for y in range(SIZE - 1, -1, -1):
        rows.append(f"  {y + 1}  " + " ".join(f"{_TOKENS.get(cols[xy_cell(x, y)], cols[xy_cell(x, y)]):>2}"
                                              for x in range(SIZE)))
    order = order if order is not None else " ".join(seats)
    pts = points or {}
    sp = spent or {}
    text = [
        "players: " + players,
        *(["rules: " + rules] if rules else []),
        "rng: 0x1",
        "phase: turn" if turn else "phase: plot",
        f"round: {round}",
        f"first: {seats[0]}",
        f"start: {start}",
        f"time: {time}",
        f"wind: {wind}",
        f"wind-card: {wind_card}",
        f"forecast: {forecast}",
        f"wind-deck: {wind_deck}",
        f"wind-discard: {wind_discard}",
        f"cubes: supply={supply} out={out}",
        f"dead: {dead}",
        "board:",
        "      " + "  ".join(FILES),
        *rows,
    ]
    if items.strip():
        text.append("items:")
        text += ["  " + ln.strip() for ln in items.strip().splitlines()]
    text.append("soldiers:")
    text += ["  " + ln for ln in soldier_lines]
    if gas.strip():
        text.append("gas:")
        text += ["  " + ln.strip() for ln in gas.strip().splitlines()]
    text.append("cards:")
    text += card_lines
    text.append("points: " + " ".join(f"{s}={pts.get(s, 0)}" for s in seats))
    text.append("spent: " + " ".join(f"{s}={sp.get(s, 0)}" for s in seats))
    if order:
        text.append("order: " + order)
    if turn:
        text.append("turn: " + turn)
    text += [ln.rstrip() for ln in extra.strip("\n").splitlines() if ln.strip()]
    return "\n".join(text) + "\n"


def position(text: str):
    """Parse a position text and check it is a consistent position."""
    st = parse_position(text)
    assert check_invariants(st) == [], check_invariants(st)
    return st


def play(state_or_text, actions: str = ""):
    """Apply ``"A; B"`` to a position (text or state); return (state, events).

    The invariants are checked after every action.
    """
    st = position(state_or_text) if isinstance(state_or_text, str) else state_or_text
    events = []
    for a in parse_actions(actions):
        events += st.apply(a)
        problems = check_invariants(st)
        assert problems == [], f"after {a}: {problems}"
    return st, events


def illegal(state_or_text, action: str, rule: str) -> str:
    """Assert that ``action`` raises IllegalActionError whose message names ``rule``."""
    st = position(state_or_text) if isinstance(state_or_text, str) else state_or_text
    before = format_position(st)
    with pytest.raises(IllegalActionError) as info:
        st.apply(action)
    message = str(info.value)
    assert rule in message, f"{action!r}: expected {rule} in {message!r}"
    assert format_position(st) == before, "an illegal action changed the position"
    return message


def height(st, name: str) -> int:
    return len(st.columns[parse_cell(name)])


def col(st, name: str) -> str:
    return st.columns[parse_cell(name)]


def where(st, sid: str):
    """``(status, cell name or None, facing)`` of a soldier."""
    from game.trench.geometry import cell_name
    s = st.soldier(sid)
    return s.status, (cell_name(s.cell) if s.cell is not None else None), s.facing


def kinds(events):
    return [e.kind for e in events]


def legal(st) -> set[str]:
    return {str(a) for a in st.legal_actions()}


def event_table(events) -> list:
    """Events as ``(kind, data as a dict, text)`` rows, for exact comparison."""
    return [(e.kind, dict(e.data), e.text) for e in events]


def play_loud_and_quiet(state_or_text, actions: str):
    """Play ``actions`` from a position twice, as it is and in quiet mode (``set_quiet``): both must
    give the same events (kind, data, audience) and the same position, the quiet ones without text.
    Returns the loud (state, events)."""
    text = state_or_text if isinstance(state_or_text, str) else format_position(state_or_text)
    loud, events = play(parse_position(text), actions)
    quiet, quiet_events = play(parse_position(text).set_quiet(), actions)
    assert [(e.kind, e.data, e.seen_by) for e in quiet_events] == [(e.kind, e.data, e.seen_by) for e in events]
    assert all(e.text == "" for e in quiet_events)
    assert format_position(quiet) == format_position(loud)
    return loud, events


def ascii_id(message: str) -> str:
    """An ASCII test id (mutmut hands ids back to pytest, which cannot find some characters)."""
    return re.sub(r"[^A-Za-z0-9.]+", "_", message).strip("_")
