"""The Trench War position text (``game/trench/notation.py``, docs/notation.md) line by line: canonical
texts that print back exactly, the default of every optional line, and the exact error of every
malformed line, naming its line number (issue 24: mutation testing of the notation)."""

import pytest
from trench_helpers import ascii_id, scene

from game.core.errors import NotationError
from game.trench import make_ruleset, new_game
from game.trench.model import Weapon
from game.trench.notation import _parse_pending, format_position, parse_position
from game.trench.state import Pending
from game.trench.view import view

#: A plain position (S's turn, round 5) whose lines the error cases below edit; its line numbers:
#: 1 players, 2 rng, 3 phase, 4 round, 5 first, 6 start, 7 time, 8 wind, 9 wind-card, 10 forecast,
#: 11 wind-deck, 12 wind-discard, 13 cubes, 14 dead, 15 board, 16 files, 17-23 ranks 7-1, 24 items,
#: 25 a4, 26 soldiers, 27 S1, 28 N1, 29 gas, 30 the token, 31 cards, 32 S, 33 N, 34 points, 35 spent,
#: 36 order, 37 turn, 38 next-gas.
BASE = scene(soldiers="S1 board c3 n weapons=S:gun:4:S\nN1 board f7 s", items="a4 food", gas="1 N e4 2",
             cells={"e4": "1"}, extra="next-gas: 2")


def _edit(number, new, text=BASE):
    """``text`` with line ``number`` replaced (``None``: removed)."""
    lines = text.splitlines()
    assert lines[number - 1]
    if new is None:
        del lines[number - 1]
    else:
        lines[number - 1] = new
    return "\n".join(lines) + "\n"


def _add(new, text=BASE):
    return text + new + "\n"


def _error(text, strict=True):
    with pytest.raises(NotationError) as info:
        parse_position(text, strict=strict)
    return str(info.value)


def test_the_base_position_is_valid_and_prints_back():
    st = parse_position(BASE)
    assert parse_position(format_position(st)) == st
    assert len(BASE.splitlines()) == 38 and BASE.splitlines()[36].startswith("turn: ")


# == canonical texts: parse and print back unchanged ====================================================
TEAMS = """\
# Trench War position (see docs/notation.md)
players: S W N E
rules: gun_range=3 corpse_points=judgement
variants: hidden-teams
rng: 0xb54cda58fbbee87e
phase: turn
round: 3
first: W
start: E
time: night eclipse
wind: e
wind-card: e
forecast: w
wind-deck: s,same,calm
wind-discard: n,eclipse
cubes: supply=0 out=2
dead: 0
setup-left: food=0 civilians=0 village=0
board:
      a  b  c  d  e  f  g
  7   2  1  1 nN  1  1  2
  6   1  1  1  1  1  1  1
  5   1  1  1  2  1  1  1
  4   1  2  1  1  1  1 nE
  3   1  1  1  1  1  0  1
  2  nW  1  1  1  1  1  2
  1   2  1  1  1  1 nS  2
items:
  g3 food
  a4 food
  d4 drug
soldiers:
  S1 boat b1 n weapons=S:gun:4:S masks=1 drugs=1
  S2 boat f1 s weapons=S:bomb:2:S masks=1 drugs=1
  S3 boat d1 n weapons=S:gas:2:S masks=1 food=1
  W1 boat a4 n weapons=W:bomb:2:W masks=1 food=1
  W2 boat a5 n weapons=W:gun:4:W masks=1 drugs=1 food=1
  W3 boat a2 e weapons=W:gas:2:W masks=1 drugs=1
  N1 board b6 s weapons=N:bomb:2:NE masks=1 drugs=1 food=2
  N2 boat d7 s weapons=N:gas:2:N masks=1 drugs=1 food=1
  N3 boat c7 s weapons=N:gun:4:N masks=1 drugs=1 food=1
  E1 boat g5 w weapons=E:bomb:2:E masks=1 drugs=1 food=1
  E2 boat g4 s weapons=E:gun:4:E drugs=1 food=1 mask-on
  E3 boat g6 n weapons=E:gas:2:E masks=1 drugs=1 food=1
next-gas: 1
cards:
  S hand=move:2,turn,build:2,fire:2,dig,equip,camp discard=turn plot=-
  W hand=move:2,turn,build:2,fire:2,dig,camp,interrupt discard=turn,equip plot=-
  N hand=move,turn:2,build:2,fire:2,camp,interrupt discard=move,dig plot=equip
  E hand=move:2,build:2,fire,camp,interrupt discard=turn:2,fire,dig,equip plot=-
interrupt-used: S
points: S=0 W=0 N=0 E=0
spent: S=0 W=0 N=0 E=0
order: W N
teams: S=b:S W=b:W N=a:NE E=a:E
turn: W cards=camp,equip slot=2 uses=1 acted=W1:equip camped extra=W1:2 extra-card=W1:turn
"""

SAMPLE = """\
# Trench War position (see docs/notation.md)
players: S N
rng: 0x0000000000000001
phase: turn
round: 5
first: S
start: S
time: day
wind: calm
wind-card: calm
forecast: n e
wind-deck: s,w,same,eclipse
wind-discard: -
cubes: supply=13 out=0
dead: 2
setup-left: food=0 civilians=0 village=0
board:
      a  b  c  d  e  f  g
  7   2  1  1  1  N  1  2
  6   1  1  1  1  1  1  1
  5   1  1  2  1  1  1  1
  4   1  1  1  0  1  1  1
  3   1  1  1  1  1  1  1
  2   1  1  1  1  1  1  1
  1   2  1 nS  1  1  1  2
items:
  b3 food
  a4 food drug
soldiers:
  S1 board d4 n weapons=S:gun:3:SN!,N:bomb:2:N masks=1 drugs=2 food=1 cubes=2 gas-check=1 corpses=N2
  S2 boat e1 n weapons=S:gas:2:S mask-on
  S3 corpse b3 e weapons=S:bomb:1:S
  N1 board b6 s weapons=N:gun:4:N
  N2 carried - s carrier=S1
  N3 escaped - s
gas:
  3 N e4 2
next-gas: 4
cards:
  S hand=move,turn:2,build,fire:2,dig,equip,camp,interrupt discard=move plot=build
  N hand=move:2,turn:2,build:2,fire:2,dig,equip,camp discard=- plot=-
interrupt-used: N
points: S=2 N=0
spent: S=0 N=1
bonus: S
skip: N
order: S N
declared: S
turn: S cards=move,build slot=1 uses=1
pending:
  handover N N3
"""

OVER = """\
# Trench War position (see docs/notation.md)
players: S N
rng: 0x1715609f7c746c69
phase: over
round: 3
first: N
start: N
time: day
wind: n
wind-card: n
forecast: eclipse e
wind-deck: s,same,calm
wind-discard: w
cubes: supply=5 out=6
dead: 4
setup-left: food=1 civilians=0 village=0
board:
      a  b  c  d  e  f  g
  7   2  1  1  1  1 nN  2
  6   1  1  1  1  1  1  1
  5   1  1  1  1  1  1  1
  4   1  1  1  1  2  2  1
  3   1  1  1  1  1  1  1
  2   1  1  1  1  2  1  2
  1   2 nS  1  1  1  1  2
items:
  g3 food
  d4 drug
  f5 food
soldiers:
  S1 sunk - w weapons=S:bomb:2:S masks=1 food=1
  S2 sunk - n weapons=S:gas:2:S masks=1 food=1
  S3 sunk - e weapons=S:gun:4:S drugs=1 food=1 mask-on
  N1 sunk - s weapons=N:bomb:2:N masks=1 drugs=1 food=1
  N2 board d7 s weapons=N:gun:4:N drugs=1 food=1 mask-on
  N3 board e5 s weapons=N:gas:2:N masks=1 drugs=1 food=1
next-gas: 1
cards:
  S hand=move:2,turn,build:2,fire:2,camp discard=turn,dig,equip plot=-
  N hand=turn:2,build:2,fire:2,camp,interrupt discard=move:2,dig,equip plot=-
interrupt-used: S
points: S=0 N=0
spent: S=0 N=0
result: N judgement | 4 dead
"""

PLACE = """\
# Trench War position (see docs/notation.md)
players: S N
variants: civilians
rng: 0x9e3779b97f4a7c15
phase: place
queue: N1 S1 S2 N2 N3 S3
round: 0
first: N
start: -
time: day
wind: -
wind-card: -
forecast: -
wind-deck: n,e,s,w,same,calm,eclipse
wind-discard: -
cubes: supply=15 out=0
dead: 0
setup-left: food=3 civilians=2 village=1
board:
      a  b  c  d  e  f  g
  7   2  1  1  1  1  1  2
  6   1  1  1  1  1  1  1
  5   1  1  1  1  1  1  1
  4   1  1  1  1  1  1  1
  3   1  1  1  1  1  1  1
  2   1  1  1  1  1  1  1
  1   2  1  1  1  1  1  2
items:
  d4 drug
soldiers:
  S1 unplaced - n weapons=S:bomb:2:S masks=1 drugs=1 food=1
  S2 unplaced - n weapons=S:gas:2:S masks=1 drugs=1 food=1
  S3 unplaced - n weapons=S:gun:4:S masks=1 drugs=1 food=1
  N1 unplaced - s weapons=N:bomb:2:N masks=1 drugs=1 food=1
  N2 unplaced - s weapons=N:gun:4:N masks=1 drugs=1 food=1
  N3 unplaced - s weapons=N:gas:2:N masks=1 drugs=1 food=1
  C1 unplaced - n
  C2 unplaced - n
next-gas: 1
cards:
  S hand=move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt discard=- plot=-
  N hand=move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt discard=- plot=-
points: S=0 N=0
spent: S=0 N=0
"""

INTERRUPT = """\
# Trench War position (see docs/notation.md)
players: S W N
rng: 0x3c6ef372fe94f82a
phase: turn
round: 1
first: N
start: N
time: day
wind: -
wind-card: -
forecast: w
wind-deck: n,e,s,same,calm,eclipse
wind-discard: -
cubes: supply=3 out=0
dead: 0
setup-left: food=0 civilians=0 village=0
board:
      a  b  c  d  e  f  g
  7   2  1  1  1 nN  1  2
  6   1  1  2  1  1  1  1
  5   1  1  1  1  1  2  1
  4  nW  1  1  1  2  1  1
  3   1  1  1  1  1  1  1
  2   1  1  1  1  1  1  1
  1   2  1 nS  1  1  1  2
items:
  d2 food
  b3 food
  d4 drug
  b5 food
soldiers:
  S1 boat d1 n weapons=S:bomb:2:S masks=1 drugs=1 food=1
  S2 boat b1 n weapons=S:gas:2:S masks=1 drugs=1 food=1
  S3 boat e1 n weapons=S:gun:4:S masks=1 drugs=1 food=1
  W1 boat a2 e weapons=W:bomb:2:W masks=1 drugs=1 food=1
  W2 boat a4 e weapons=W:gun:4:W masks=1 drugs=1 food=1
  W3 boat a5 e weapons=W:gas:2:W masks=1 drugs=1 food=1
  N1 boat f7 s weapons=N:bomb:2:N masks=1 drugs=1 food=1
  N2 boat e7 s weapons=N:gun:4:N masks=1 drugs=1 food=1
  N3 boat d7 s weapons=N:gas:2:N masks=1 drugs=1 food=1
next-gas: 1
cards:
  S hand=move:2,turn:2,build:2,fire:2,dig,interrupt discard=- plot=equip,camp
  W hand=move:2,turn,build:2,fire:2,dig,equip,interrupt discard=- plot=turn,camp
  N hand=move:2,turn:2,build:2,fire:2,equip,interrupt discard=- plot=camp,dig
points: S=0 W=0 N=0
spent: S=0 W=0 N=0
order: N S W
declared: S
pending:
  interrupt W
"""

DASHED = """\
# Trench War position (see docs/notation.md)
players: S W N E
variants: open-teams
rng: 0x3c6ef372fe94f82a
phase: turn
round: 1
first: E
start: E
time: day
wind: -
wind-card: -
forecast: w
wind-deck: n,e,s,same,calm,eclipse
wind-discard: -
cubes: supply=0 out=1
dead: 0
setup-left: food=0 civilians=0 village=0
board:
      a  b  c  d  e  f  g
  7   2  1  1  1  1 nN  2
  6   1  1  1  1  1  1  1
  5   1  1  1  2  2  1  1
  4  nW  2  1  1  1  1  1
  3   1  1  1  1  1  1  1
  2   1  1  1  1  1  1 nE
  1   2  1  1 nS  1  1  2
items:
  f1 food
  d3 food
  d4 drug
  f4 food
soldiers:
  S1 board b2 n weapons=S:bomb:2:S masks=1 drugs=1 food=1
  S2 boat d1 n weapons=S:gas:2:S masks=1 drugs=1 food=1
  S3 boat c1 n weapons=S:gun:4:S masks=1 drugs=1 food=1
  W1 boat a5 e weapons=W:bomb:2:W masks=1 drugs=1 food=1
  W2 boat a4 e weapons=W:gun:4:W masks=1 drugs=1 food=1
  W3 boat a6 e weapons=W:gas:2:W masks=1 drugs=1 food=1
  N1 boat b7 s weapons=N:gun:4:N masks=1 drugs=1 food=1
  N2 boat f7 s weapons=N:bomb:2:N masks=1 drugs=1 food=1
  N3 boat d7 s weapons=N:gas:2:N masks=1 drugs=1 food=1
  E1 boat g4 w weapons=E:bomb:2:E masks=1 drugs=1 food=1
  E2 boat g5 w weapons=E:gun:4:E masks=1 drugs=1 food=1
  E3 boat g2 w weapons=E:gas:2:E masks=1 drugs=1 food=1
next-gas: 1
cards:
  S hand=move,turn,build:2,fire:2,dig,equip,camp,interrupt discard=move plot=turn
  W hand=move:2,turn,build:2,fire:2,dig,camp,interrupt discard=- plot=turn,equip
  N hand=move:2,turn:2,build:2,fire:2,equip,interrupt discard=- plot=camp,dig
  E hand=move:2,turn:2,build,fire:2,dig,equip,camp,interrupt discard=build plot=-
points: S=0 W=0 N=0 E=0
spent: S=0 W=0 N=0 E=0
order: S W N
turn: S cards=move,turn slot=1 uses=1 acted=S1:move dashed=S1
"""

CANONICAL = {"teams": TEAMS, "sample": SAMPLE, "over": OVER, "place": PLACE, "interrupt": INTERRUPT,
             "dashed": DASHED}


@pytest.mark.parametrize("name", CANONICAL)
def test_a_canonical_position_prints_back_exactly(name):
    text = CANONICAL[name]
    assert format_position(parse_position(text)) == text


def test_the_parsed_teams_position_holds_every_line():
    st = parse_position(TEAMS)
    assert st.seats == ("S", "W", "N", "E") and st.rules.gun_range == 3
    assert st.rules.corpse_points == "judgement" and st.rules.hidden_teams
    assert st.rng == 0xb54cda58fbbee87e and (st.phase, st.round, st.first, st.start) == ("turn", 3, "W", "E")
    assert (st.day, st.eclipse, st.wind, st.wind_card, st.forecasts) == (False, True, "e", "e", ("w",))
    assert (st.supply, st.out, st.dead, st.setup_left, st.next_gid) == (0, 2, 0, (0, 0, 0), 1)
    assert st.interrupt_used == frozenset("S") and st.order == ("W", "N") and st.queue == ()
    assert st.teams == {"S": ("b", frozenset("S"), False), "W": ("b", frozenset("W"), False),
                        "N": ("a", frozenset("NE"), False), "E": ("a", frozenset("E"), False)}
    t = st.turn
    assert (t.seat, t.cards, t.slot, t.uses, t.acted, t.dashed, t.camped, t.extra, t.extra_card) == (
        "W", ("camp", "equip"), 1, 1, (("W1", "equip"),), (), True, (("W1", 2),), "W1:turn")
    assert st.soldier("E2").mask_on and not st.soldier("E1").mask_on
    assert st.soldier("N1").weapons == (Weapon("N:bomb", "bomb", 2, frozenset("NE"), False),)
    assert st.plots == {"S": (), "W": (), "N": ("equip",), "E": ()}
    assert st.items == {20: ("food",), 21: ("food",), 24: ("drug",)}
    assert st.columns[3 + 7 * 6] == "nN" and st.columns[5 + 7 * 2] == "" and st.columns[0] == "nn"
    assert st.pending == () and st.result is None and st.legal_cache is None and st.quiet is False


def test_the_parsed_sample_position_holds_every_line():
    st = parse_position(SAMPLE)
    s1 = st.soldier("S1")
    assert s1.weapons == (Weapon("S:gun", "gun", 3, frozenset("SN"), True),
                          Weapon("N:bomb", "bomb", 2, frozenset("N"), False))
    assert (s1.masks, s1.drugs, s1.food, s1.cubes, s1.gas_check, s1.corpses) == (1, 2, 1, 2, 1, ("N2",))
    assert st.soldier("N2").carrier == "S1" and st.soldier("N3").cell is None
    assert (st.bonus, st.skip, st.declared) == (frozenset("S"), frozenset("N"), ("S",))
    assert [(g.gid, g.owner, g.cell, g.layer) for g in st.gas] == [(3, "N", 25, 2)]
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("handover", "N", ("N3",))]
    assert st.points == {"S": 2, "N": 0} and st.spent == {"S": 0, "N": 1}
    assert st.index == {"S1": 0, "S2": 1, "S3": 2, "N1": 3, "N2": 4, "N3": 5}


def test_the_parsed_finished_game_holds_the_result_with_its_scores():
    st = parse_position(OVER.replace("points: S=0 N=0", "points: S=1 N=2"), strict=False)
    assert st.result.winners == ("N",) and st.result.reason == "judgement"
    assert st.result.detail == "4 dead" and st.result.scores == (("S", 1), ("N", 2))
    assert parse_position(OVER.replace(" | 4 dead", "")).result.detail == ""


def test_the_parsed_setup_position_holds_the_queue_and_what_is_left_to_place():
    st = parse_position(PLACE)
    assert st.queue == ("N1", "S1", "S2", "N2", "N3", "S3") and st.setup_left == (3, 2, 1)
    assert (st.start, st.wind, st.wind_card, st.forecasts) == (None, None, None, ())


def test_the_pending_decisions_keep_their_data_tokens_as_numbers_and_names():
    st = parse_position(INTERRUPT)
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("interrupt", "W", ())]
    assert _parse_pending("gas N 3 12 x9 ⁵", "line 9", ("S", "N")) == Pending("gas", "N", (3, 12, "x9", "⁵"))
    assert _parse_pending("console S S3", "line 9", ("S", "N")) == Pending("console", "S", ("S3",))


VIEW_N = """\
# Trench War position (see docs/notation.md)
view: N
players: S N
rng: ?
phase: turn
round: 5
first: S
start: S
time: day
wind: calm
wind-card: calm
forecast: n e
wind-deck: s,w,same,eclipse
wind-discard: -
cubes: supply=13 out=0
dead: 2
setup-left: food=0 civilians=0 village=0
board:
      a  b  c  d  e  f  g
  7   2  1  1  1  N  1  2
  6   1  1  1  1  1  1  1
  5   1  1  2  1  1  1  1
  4   1  1  1  0  1  1  1
  3   1  1  1  1  1  1  1
  2   1  1  1  1  1  1  1
  1   2  1 nS  1  1  1  2
items:
  b3 food
  a4 food drug
soldiers:
  S1 board d4 n weapons=S:gun:3:N!,N:bomb:2:N masks=1 drugs=2 food=1 cubes=2 gas-check=1 corpses=N2
  S2 boat e1 n weapons=? mask-on
  S3 corpse b3 e weapons=?
  N1 board b6 s weapons=N:gun:4:N
  N2 carried - s carrier=S1
  N3 escaped - s
gas:
  3 N e4 2
next-gas: 4
cards:
  S hand=? discard=move plot=?
  N hand=move:2,turn:2,build:2,fire:2,dig,equip,camp discard=- plot=-
interrupt-used: N
points: S=2 N=0
spent: S=0 N=1
bonus: S
skip: N
order: S N
declared: S
turn: S cards=move,? slot=1 uses=1
pending:
  handover N N3
"""


def test_a_seat_view_prints_exactly_and_parses_back_with_its_hidden_parts():
    st = parse_position(SAMPLE)
    assert format_position(view(st, "N")) == VIEW_N
    v = parse_position(VIEW_N)
    assert v.viewer == "N" and v.rng is None and v.hands["S"] is None and v.plots["S"] == ("?",)
    assert v.soldier("S2").weapons == (Weapon("?", "?", None),) and v.turn.cards == ("move", "?")
    assert format_position(v) == VIEW_N


def test_the_spectator_view_says_so_and_a_dash_viewer_is_the_spectator_too():
    text = format_position(view(parse_position(SAMPLE), None))
    assert text.splitlines()[1] == "view: spectator"
    assert parse_position(text).viewer is None
    assert parse_position(text.replace("view: spectator", "view: -")).viewer is None
    assert format_position(parse_position(text)) == text


def test_a_view_refuses_a_viewer_not_in_play():
    assert _error(VIEW_N.replace("view: N", "view: W")) == "line 2: 'W' is not a seat in play (S N)"


# == defaults of the optional lines =====================================================================
def _without(text, *keys):
    return "".join(ln + "\n" for ln in text.splitlines() if ln.split(":")[0] not in keys)


def test_the_optional_lines_default_to_an_empty_start():
    st = parse_position(_without(PLACE, "rng", "round", "start", "time", "wind", "wind-card",
                                 "forecast", "wind-discard", "cubes", "dead", "setup-left", "next-gas",
                                 "points", "spent"), strict=False)
    assert (st.rng, st.round, st.first, st.start) == (0, 0, "N", None)
    assert (st.day, st.eclipse, st.wind, st.wind_card, st.forecasts) == (True, False, None, None, ())
    assert (st.supply, st.out, st.dead, st.setup_left, st.next_gid) == (0, 0, 0, (0, 0, 0), 1)
    assert st.points == {"S": 0, "N": 0} and st.spent == {"S": 0, "N": 0}
    assert (st.interrupt_used, st.bonus, st.skip, st.order, st.declared, st.teams) == (
        frozenset(), frozenset(), frozenset(), (), (), {})
    assert (st.turn, st.pending, st.result) == (None, (), None)
    assert st.wind_discard == (0,) * 7


def test_a_missing_wind_deck_line_is_an_empty_deck():
    text = _without(PLACE, "wind-deck")
    assert _error(text) == ("line 2: the wind deck, discards, forecasts and current card must be the 7 wind "
                            "cards once each")


def test_the_default_next_gas_id_follows_the_highest_token():
    text = _without(SAMPLE, "next-gas").replace("  3 N e4 2", "  3 N e4 2\n  7 N d4 1\n  5 N e5 2")
    st = parse_position(text, strict=False)
    assert st.next_gid == 8 and [g.gid for g in st.gas] == [3, 5, 7]


def test_a_cubes_line_may_name_one_count():
    st = parse_position(BASE.replace("cubes: supply=15 out=0", "cubes: out=0 supply=15"))
    assert (st.supply, st.out) == (15, 0)
    st = parse_position(BASE.replace("cubes: supply=15 out=0", "cubes: supply=15"))
    assert (st.supply, st.out) == (15, 0)
    st = parse_position(BASE.replace("cubes: supply=15 out=0", "cubes: supply=13 out=2"))
    assert (st.supply, st.out) == (13, 2)


def test_setup_left_counts_default_to_nothing():
    st = parse_position(PLACE.replace("setup-left: food=3 civilians=2 village=1", "setup-left: village=1"),
                        strict=False)
    assert st.setup_left == (0, 0, 1)
    st = parse_position(PLACE.replace("setup-left: food=3 civilians=2 village=1", "setup-left: civilians=2"),
                        strict=False)
    assert st.setup_left == (0, 2, 0)
    st = parse_position(PLACE.replace("setup-left: food=3 civilians=2 village=1", "setup-left: food=3"),
                        strict=False)
    assert st.setup_left == (3, 0, 0)


def test_points_and_spent_name_any_seats_and_default_to_zero():
    st = parse_position(BASE.replace("points: S=0 N=0", "points: N=-3").replace("spent: S=0 N=0", "spent: S=4"),
                        strict=False)
    assert st.points == {"S": 0, "N": -3} and st.spent == {"S": 4, "N": 0}


def test_the_rng_line_takes_hex_in_either_case_or_decimal():
    assert parse_position(_edit(2, "rng: 0XFF")).rng == 255
    assert parse_position(_edit(2, "rng: 1234")).rng == 1234
    assert parse_position(_edit(2, "rng: 0xffffffffffffffff")).rng == (1 << 64) - 1
    assert parse_position(_edit(2, "rng: 18446744073709551615")).rng == (1 << 64) - 1
    assert parse_position(_edit(2, "rng: 0")).rng == 0


def test_keys_are_read_in_any_case_and_with_spaces_around_the_colon():
    st = parse_position(_edit(3, "Phase :turn").replace("ROUND: 5", "x"))
    assert st.phase == "turn"
    st = parse_position(BASE.replace("round: 5", "ROUND  :  7"))
    assert st.round == 7


def test_a_tab_indented_line_belongs_to_its_block():
    st = parse_position(BASE.replace("  a4 food", "\ta4 food"))
    assert st.items == {21: ("food",)}


def test_a_queue_of_a_dash_is_no_queue():
    assert parse_position(_add("queue: -")).queue == ()


def test_time_eclipse_by_day_and_night():
    assert (parse_position(_edit(7, "time: day eclipse")).eclipse, parse_position(_edit(7, "time: night")).day) \
        == (True, False)
    st = parse_position(_edit(7, "time: night"))
    assert (st.day, st.eclipse) == (False, False)


def test_an_empty_forecast_line_is_no_forecast():
    assert parse_position(PLACE.replace("forecast: -", "forecast:")).forecasts == ()


def test_the_gas_tokens_are_kept_in_id_order():
    st = parse_position(SAMPLE.replace("  3 N e4 2", "  3 N e4 2\n  2 S d4 1").replace("next-gas: 4",
                                                                                           "next-gas: 9"),
                        strict=False)
    assert [(g.gid, g.owner) for g in st.gas] == [(2, "S"), (3, "N")]
    assert "gas:\n  2 S d4 1\n  3 N e4 2\nnext-gas: 9\n" in format_position(st)


def test_bytes_are_read_as_utf8():
    assert parse_position(BASE.encode()) == parse_position(BASE)


def test_a_broken_position_is_accepted_only_when_not_strict():
    broken = BASE.replace("cubes: supply=15 out=0", "cubes: supply=14 out=0")
    assert _error(broken) == ("line 13: TW-1: natural cubes do not add up to 68: {'board': 53, 'boats': 0, "
                              "'carried': 0, 'supply': 14, 'out': 0, 'total': 67}")
    assert parse_position(broken, strict=False).supply == 14


# == the exact error of every malformed line ===========================================================
ERRORS = [
    # the text's sections
    (_edit(1, "  players: S N"), "line 1: indented line outside a block (board, items, soldiers, gas, cards, "
                                 "pending)"),
    (_edit(2, "  rng: 0x1"), "line 2: indented line outside a block (board, items, soldiers, gas, cards, pending)"),
    (_edit(2, "\trng: 0x1"), "line 2: indented line outside a block (board, items, soldiers, gas, cards, pending)"),
    (_edit(2, "colour: red"), "line 2: unknown section 'colour'"),
    (_edit(2, "Xcolour: red"), "line 2: unknown section 'xcolour'"),
    (_edit(15, "board: 7"), "line 15: 'board:' takes its lines indented below it"),
    (_edit(24, "items: a4"), "line 24: 'items:' takes its lines indented below it"),
    (_edit(26, "soldiers: S1"), "line 26: 'soldiers:' takes its lines indented below it"),
    (_edit(29, "gas: 1"), "line 29: 'gas:' takes its lines indented below it"),
    (_edit(31, "cards: S"), "line 31: 'cards:' takes its lines indented below it"),
    (_add("pending: sink"), "line 39: 'pending:' takes its lines indented below it"),
    (_edit(1, None), "position: no 'players:' line"),
    (_edit(3, None), "position: no 'phase:' line"),
    ("players: S N\nphase: turn\nsoldiers:\ncards:\n", "position: no 'board:' line"),
    ("players: S N\nphase: turn\nboard:\ncards:\n", "position: no 'soldiers:' line"),
    ("players: S N\nphase: turn\nboard:\nsoldiers:\n", "position: no 'cards:' line"),
    # players, view, rules, variants
    (_edit(1, "players: S W"), "line 1: players are S N, S W N or S W N E, not 'S W'"),
    (_add("view: X"), "line 39: 'X' is not a seat in play (S N)"),
    (_add("rules: gun_range=99"), "line 39: TW-0: gun_range=99 is out of range 1..7"),
    (_add("variants: nothing"), "line 39: TW-11: unknown variant 'nothing' (known: first-game, civilians, "
                                "guerrillas, open-teams, hidden-teams)"),
    (_add("variants: nothing", _add("rules: gun_range=3")),
     "line 39: TW-11: unknown variant 'nothing' (known: first-game, civilians, guerrillas, open-teams, "
     "hidden-teams)"),
    (_add("variants: hidden-teams"), "line 1: TW-11: open_teams and hidden_teams need 4 players"),
    (_add("variants: hidden-teams", _add("rules: gun_range=3")),
     "line 39: TW-11: open_teams and hidden_teams need 4 players"),
    # rng
    (_edit(2, "rng: ?"), "line 2: hidden parts ('?') only in a view (with a 'view:' line); a game position is "
                         "complete"),
    (_edit(2, "rng: 0xzz"), "line 2: not a 64-bit number: '0xzz'"),
    (_edit(2, "rng: 0x１"), "line 2: not a 64-bit number: '0x１'"),
    (_edit(2, "rng: １"), "line 2: not a 64-bit number: '１'"),
    (_edit(2, "rng: 0x10000000000000000"), "line 2: the generator state is a 64-bit number"),
    (_edit(2, "rng: 18446744073709551616"), "line 2: the generator state is a 64-bit number"),
    (_edit(2, "rng: -1"), "line 2: not a 64-bit number: '-1'"),
    (_edit(2, "rng: -"), "line 2: not a 64-bit number: '-'"),
    (_edit(2, "rng: 1.5"), "line 2: not a 64-bit number: '1.5'"),
    # phase, queue, round, first, start
    (_edit(3, "phase: dusk"), "line 3: unknown phase 'dusk' (first, arm, place, base, extra, wind, plot, turn, over)"),
    (_edit(4, "round: 61"), "line 4: 61 is out of range 0..60"),
    (_edit(4, "round: -1"), "line 4: -1 is out of range 0..60"),
    (_edit(4, "round: ²"), "line 4: not an integer: '²'"),
    (_edit(4, None), "line 1: phase turn is in round 1 or later"),
    (_edit(5, "first: X"), "line 5: 'X' is not a seat in play (S N)"),
    (_edit(5, None), "line 1: the first player is drawn in phase first, and set after it"),
    (_edit(6, "start: W"), "line 6: 'W' is not a seat in play (S N)"),
    (_edit(6, None), "line 1: phase turn needs the round's start player"),
    (_add("queue: S"), "line 39: no queue in phase turn"),
    # time, wind
    (_edit(7, "time: dusk"), "line 7: expected 'day' or 'night', optionally 'eclipse'"),
    (_edit(7, "time:"), "line 7: expected 'day' or 'night', optionally 'eclipse'"),
    (_edit(7, "time: day day"), "line 7: expected 'day' or 'night', optionally 'eclipse'"),
    (_edit(7, "time: day eclipse eclipse"), "line 7: expected 'day' or 'night', optionally 'eclipse'"),
    (_edit(7, "time: eclipse"), "line 7: expected 'day' or 'night', optionally 'eclipse'"),
    (_edit(8, "wind: same"), "line 8: wind is n, e, s, w, calm or -"),
    (_edit(8, None), "line 1: the wind is the current card (calm)"),
    (_edit(9, "wind-card: eclipse"), "line 9: unknown wind card 'eclipse'"),
    (_edit(9, "wind-card: gale"), "line 9: unknown wind card 'gale'"),
    (_edit(9, None), "line 10: the wind deck, discards, forecasts and current card must be the 7 wind cards once "
                     "each"),
    (_edit(10, "forecast: n gale"), "line 10: unknown wind card 'gale'"),
    (_edit(10, "forecast: -"), "line 11: the wind deck, discards, forecasts and current card must be the 7 wind "
                               "cards once each"),
    (_edit(11, "wind-deck: ?"), "line 11: hidden parts ('?') only in a view (with a 'view:' line); a game "
                                "position is complete"),
    (_edit(11, "wind-deck: s,w,same,gale"), "line 11: unknown card 'gale'"),
    (_edit(11, "wind-deck: s:100,w,same,eclipse"), "line 11: bad pile 's:100,w,same,eclipse'"),
    (_edit(11, "wind-deck:"), "line 11: bad pile ''"),
    (_edit(12, "wind-discard: ?"), "line 12: hidden parts ('?') only in a view (with a 'view:' line); a game "
                                   "position is complete"),
    (_edit(12, "wind-discard: x"), "line 12: unknown card 'x'"),
    # cubes, dead, setup-left
    (_edit(13, "cubes: supply=15 out=0 in=1"), "line 13: unknown key 'in' (known: supply, out)"),
    (_edit(13, "cubes: supply=15 supply=1"), "line 13: 'supply' given twice"),
    (_edit(13, "cubes: supply=1000 out=0"), "line 13: 1000 is out of range 0..999"),
    (_edit(13, "cubes: supply=15 out=1000"), "line 13: 1000 is out of range 0..999"),
    (_edit(13, "cubes: supply=15 out=x"), "line 13: not an integer: 'x'"),
    (_edit(13, None), "line 1: TW-1: natural cubes do not add up to 68: {'board': 53, 'boats': 0, "
                      "'carried': 0, 'supply': 0, 'out': 0, 'total': 53}"),
    (_edit(14, "dead: 100"), "line 14: 100 is out of range 0..99"),
    (_edit(14, "dead: -1"), "line 14: -1 is out of range 0..99"),
    (_add("setup-left: food=4"), "line 39: 4 is out of range 0..3"),
    (_add("setup-left: civilians=1"), "line 39: 1 is out of range 0..0"),
    (_add("setup-left: village=1"), "line 39: 1 is out of range 0..0"),
    (_add("setup-left: food=1 camp=1"), "line 39: unknown key 'camp' (known: food, civilians, village)"),
    # board
    (_edit(17, "  8   2  1  1  1  1  1  2"), "line 17: bad board row '8   2  1  1  1  1  1  2' (rank 1-7, then 7 "
                                            "columns)"),
    (_edit(17, "  7   2  1  1  1  1  1"), "line 17: bad board row '7   2  1  1  1  1  1' (rank 1-7, then 7 "
                                        "columns)"),
    (_edit(17, "  7   2  1  1  1  1  1  2  1"), "line 17: bad board row '7   2  1  1  1  1  1  2  1' (rank 1-7, "
                                              "then 7 columns)"),
    (_edit(17, "  0   2  1  1  1  1  1  2"), "line 17: bad board row '0   2  1  1  1  1  1  2' (rank 1-7, then 7 "
                                            "columns)"),
    (_edit(17, "  6   2  1  1  1  1  1  2"), "line 18: rank 6 appears twice"),
    (_edit(17, None), "line 15: the board needs the 7 ranks 1-7"),
    (_edit(17, "  7   2  1  1  1  1  1  3"), "line 17: board g7: bad column '3' (0, 1, 2, or kinds from n S W N E V, "
                                            "at most 2 high)"),
    (_edit(17, "  7   2  1  1  1  1  1 nnn"), "line 17: board g7: bad column 'nnn' (0, 1, 2, or kinds from n S W N "
                                             "E V, at most 2 high)"),
    (_edit(17, "  7   x  1  1  1  1  1  2"), "line 17: board a7: bad column 'x' (0, 1, 2, or kinds from n S W N E "
                                            "V, at most 2 high)"),
    (_edit(17, "  7   2  1  1  1  1  1 nx"), "line 17: board g7: bad column 'nx' (0, 1, 2, or kinds from n S W N "
                                            "E V, at most 2 high)"),
    (_edit(17, "  7   2  1  1  1  1  1  X"), "line 17: board g7: bad column 'X' (0, 1, 2, or kinds from n S W N "
                                            "E V, at most 2 high)"),
    (_edit(17, "  X   2  1  1  1  1  1  2"), "line 17: bad board row 'X   2  1  1  1  1  1  2' (rank 1-7, then 7 "
                                            "columns)"),
    (_edit(16, "      a  b  c  d  e  f"), "line 16: bad board row 'a  b  c  d  e  f' (rank 1-7, then 7 columns)"),
    # items
    (_edit(25, "  z9 food"), "line 25: not a cell: 'z9' (files a-g, ranks 1-7)"),
    (_edit(25, "  a4"), "line 25: expected 'CELL ITEM ...' with items food, drug"),
    (_edit(25, "  a4 food cake"), "line 25: expected 'CELL ITEM ...' with items food, drug"),
    (_edit(25, "  a4 cake food"), "line 25: expected 'CELL ITEM ...' with items food, drug"),
    (_edit(25, "  a4 food\n  a4 drug"), "line 26: a4 appears twice"),
    # soldiers
    (_edit(28, "  N1 board f7"), "line 28: expected 'SID STATUS CELL FACING [key=value ...]', got 'N1 board f7'"),
    (_edit(28, "  W1 board f7 s"), "line 28: bad soldier id 'W1' (a seat in play and 1-9, or C1, C2)"),
    (_edit(28, "  N0 board f7 s"), "line 28: bad soldier id 'N0' (a seat in play and 1-9, or C1, C2)"),
    (_edit(28, "  N1 walking f7 s"), "line 28: bad status 'walking' (one of unplaced, boat, board, corpse, "
                                     "carried, escaped, sunk, gone)"),
    (_edit(28, "  N1 board f7 x"), "line 28: bad facing 'x'"),
    (_edit(28, "  N1 board f9 s"), "line 28: not a cell: 'f9' (files a-g, ranks 1-7)"),
    (_edit(28, "  N1 board f7 s mask-on=1"), "line 28: 'mask-on' takes no value"),
    (_edit(28, "  N1 board f7 s hat=1"), "line 28: unknown key 'hat' (known: weapons, masks, drugs, food, cubes, "
                                         "gas-check, mask-on, corpses, carrier)"),
    (_edit(28, "  N1 board f7 s masks=1 masks=1"), "line 28: 'masks' given twice"),
    (_edit(28, "  N1 board f7 s masks=100"), "line 28: 100 is out of range 0..99"),
    (_edit(28, "  N1 board f7 s drugs=100"), "line 28: 100 is out of range 0..99"),
    (_edit(28, "  N1 board f7 s food=100"), "line 28: 100 is out of range 0..99"),
    (_edit(28, "  N1 board f7 s cubes=100"), "line 28: 100 is out of range 0..99"),
    (_edit(28, "  N1 board f7 s gas-check=3"), "line 28: 3 is out of range 0..2"),
    (_edit(28, "  N1 board f7 s corpses=S1,x"), "line 28: bad soldier id 'x'"),
    (_edit(28, "  N1 board f7 s corpses=S2,S2"), "line 28: a soldier id appears twice"),
    (_edit(28, "  N1 board f7 s carrier=S1,S1"), "line 28: a soldier id appears twice"),
    (_edit(28, "  N1 board f7 s carrier=S1,S2"), "line 28: only a carried corpse has a carrier"),
    (_edit(28, "  N1 board f7 s weapons=?"), "line 28: hidden parts ('?') only in a view (with a 'view:' line); "
                                             "a game position is complete"),
    (_edit(28, "  N1 board f7 s weapons=W:gun:4:N"), "line 28: bad weapon 'W:gun:4:N' (expected SEAT:KIND:AMMO:"
                                                     "KNOWN with a seat in play, e.g. S:gun:4:S)"),
    (_edit(28, "  N1 board f7 s weapons=N:axe:4:N"), "line 28: bad weapon 'N:axe:4:N' (expected SEAT:KIND:AMMO:"
                                                     "KNOWN with a seat in play, e.g. S:gun:4:S)"),
    (_edit(28, "  N1 board f7 s weapons=N:gun:4"), "line 28: bad weapon 'N:gun:4' (expected SEAT:KIND:AMMO:KNOWN "
                                                   "with a seat in play, e.g. S:gun:4:S)"),
    (_edit(28, "  N1 board f7 s weapons=N:gun:4:N:N"), "line 28: bad weapon 'N:gun:4:N:N' (expected SEAT:KIND:"
                                                       "AMMO:KNOWN with a seat in play, e.g. S:gun:4:S)"),
    (_edit(28, "  N1 board f7 s weapons=N:gun:4:"), "line 28: bad weapon knowledge '' (seats in play, or -)"),
    (_edit(28, "  N1 board f7 s weapons=N:gun:4:!"), "line 28: bad weapon knowledge '!' (seats in play, or -)"),
    (_edit(28, "  N1 board f7 s weapons=N:gun:4:NW"), "line 28: bad weapon knowledge 'NW' (seats in play, or -)"),
    (_edit(28, "  N1 board f7 s weapons=N:gun:4:NN!"), "line 28: bad weapon knowledge 'NN!' (seats in play, or -)"),
    (_edit(28, "  N1 board f7 s weapons=N:gun:4:-!!"), "line 28: bad weapon knowledge '-!!' (seats in play, or -)"),
    (_edit(28, "  N1 board f7 s weapons=N:gun:100:N"), "line 28: 100 is out of range 0..99"),
    (_edit(28, "  N1 board f7 s weapons=N:gun:5:N"), "line 28: N:gun holds 5, more than its 4 (TW-0)"),
    (_edit(28, "  S1 board f7 s"), "line 28: soldier S1 appears twice"),
    # gas
    (_edit(30, "  1 N e4"), "line 30: expected a gas token 'ID OWNER CELL LAYER' (a seat in play, layer 1 or 2), "
                            "got '1 N e4'"),
    (_edit(30, "  1 N e4 2 x"), "line 30: expected a gas token 'ID OWNER CELL LAYER' (a seat in play, layer 1 or "
                                "2), got '1 N e4 2 x'"),
    (_edit(30, "  1 W e4 2"), "line 30: expected a gas token 'ID OWNER CELL LAYER' (a seat in play, layer 1 or 2), "
                              "got '1 W e4 2'"),
    (_edit(30, "  1 N e4 3"), "line 30: expected a gas token 'ID OWNER CELL LAYER' (a seat in play, layer 1 or 2), "
                              "got '1 N e4 3'"),
    (_edit(30, "  1 N e9 2"), "line 30: not a cell: 'e9' (files a-g, ranks 1-7)"),
    (_edit(30, "  0 N e4 2"), "line 30: 0 is out of range 1..9999"),
    (_edit(30, "  10000 N e4 2"), "line 30: 10000 is out of range 1..9999"),
    (_edit(30, "  1 N e4 2\n  1 S d4 2"), "line 31: gas 1 appears twice"),
    (_edit(38, "next-gas: 1"), "line 38: 1 is out of range 2..99999"),
    (_edit(38, "next-gas: 100000"), "line 38: 100000 is out of range 2..99999"),
    # cards
    (_edit(33, "  W hand=- discard=- plot=-"), "line 33: 'W' is not a seat in play"),
    (_edit(33, "  S hand=- discard=- plot=-"), "line 33: S appears twice"),
    (_edit(33, None), "line 31: no line for N"),
    (_edit(33, "  N hand=move:2 deck=-"), "line 33: unknown key 'deck' (known: hand, discard, plot)"),
    (_edit(33, "  N hand=? discard=- plot=-"), "line 33: hidden parts ('?') only in a view (with a 'view:' line); a "
                                              "game position is complete"),
    (_edit(33, "  N hand=move:x"), "line 33: bad card count in 'move:x'"),
    (_edit(33, "  N hand=move:100"), "line 33: bad pile 'move:100'"),
    (_edit(33, "  N hand=move,turn:2,build:2,fire:2,dig,equip,camp,interrupt discard=- plot=-"),
     "line 33: N's hand, discards, plot (and a used Interrupt) must be its 12 action cards (move:2,turn:2,build:2,"
     "fire:2,dig,equip,camp,interrupt), not move,turn:2,build:2,fire:2,dig,equip,camp,interrupt"),
    (_edit(33, "  N hand= discard=- plot=-"), "line 33: bad pile ''"),
    (_edit(33, "  N discard=?"), "line 33: hidden parts ('?') only in a view (with a 'view:' line); a game position "
                                 "is complete"),
    (_edit(33, "  N discard=move:100"), "line 33: bad pile 'move:100'"),
    (_edit(33, "  N hand=move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt discard=- plot=?"),
     "line 33: hidden parts ('?') only in a view (with a 'view:' line); a game position is complete"),
    (_edit(33, "  N hand=move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt discard=- plot=hop"),
     "line 33: unknown plotted card 'hop'"),
    (_edit(33, "  N hand=move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt discard=- plot=move,move,move"),
     "line 33: at most two plotted cards"),
    # interrupt-used, points, spent, bonus, skip, order, declared
    (_add("interrupt-used: W"), "line 39: 'W' is not a seat in play (S N)"),
    (_add("interrupt-used: N N"), "line 39: a seat appears twice"),
    (_edit(34, "points: S=0 W=0"), "line 34: unknown key 'W' (known: S, N)"),
    (_edit(34, "points: S=-100"), "line 34: -100 is out of range -99..999"),
    (_edit(34, "points: S=1000"), "line 34: 1000 is out of range -99..999"),
    (_edit(35, "spent: S=-1"), "line 35: -1 is out of range 0..999"),
    (_edit(35, "spent: S=1000"), "line 35: 1000 is out of range 0..999"),
    (_add("bonus: X"), "line 39: 'X' is not a seat in play (S N)"),
    (_add("skip: S S"), "line 39: a seat appears twice"),
    (_add("skip: W"), "line 39: 'W' is not a seat in play (S N)"),
    (_add("bonus: E"), "line 39: 'E' is not a seat in play (S N)"),
    (_edit(36, "order: S N S"), "line 36: a seat appears twice"),
    (_edit(36, "order: S W"), "line 36: 'W' is not a seat in play (S N)"),
    (_add("declared: E"), "line 39: 'E' is not a seat in play (S N)"),
    # turn
    (_edit(37, "turn:"), "line 37: the turn line starts with a seat in play"),
    (_edit(37, "turn: W cards=move slot=1 uses=0"), "line 37: the turn line starts with a seat in play"),
    (_edit(37, "turn: S cards=move slot=1 uses=0 camped=1"), "line 37: 'camped' takes no value"),
    (_edit(37, "turn: S cards=move slot=1 uses=0 hop=1"), "line 37: unknown key 'hop' (known: cards, slot, uses, "
                                                          "acted, dashed, camped, extra, extra-card)"),
    (_edit(37, "turn: S cards=move slot=3 uses=0"), "line 37: 3 is out of range 1..2"),
    (_edit(37, "turn: S cards=move slot=0 uses=0"), "line 37: 0 is out of range 1..2"),
    (_edit(37, "turn: S cards=move slot=1 uses=3"), "line 37: 3 is out of range 0..2"),
    (_edit(37, "turn: S cards=move slot=1 uses=0 acted=S1"), "line 37: bad acted entry 'S1' (SID:CATEGORY)"),
    (_edit(37, "turn: S cards=move slot=1 uses=0 acted=S1:hop"), "line 37: bad acted entry 'S1:hop' (SID:CATEGORY)"),
    (_edit(37, "turn: S cards=move slot=1 uses=0 acted=x:move"), "line 37: bad acted entry 'x:move' (SID:CATEGORY)"),
    (_edit(37, "turn: S cards=move slot=1 uses=0 extra=x:1"), "line 37: bad extra entry 'x:1' (SID:N)"),
    (_edit(37, "turn: S cards=move slot=1 uses=0 extra=S1:3"), "line 37: 3 is out of range 0..2"),
    (_edit(37, "turn: S cards=move slot=1 uses=0 extra=S1:1:1"), "line 37: not an integer: '1:1'"),
    (_edit(28, "  N1 board f7 s masks=1=1"), "line 28: not an integer: '1=1'"),
    (_edit(37, "turn: S cards=move slot=1 uses=0 extra-card=S1:camp"),
     "line 37: bad extra-card 'S1:camp' (SID:CATEGORY)"),
    (_edit(37, "turn: S cards=move slot=1 uses=0 extra-card=x:move"), "line 37: bad extra-card 'x:move' (SID:CATEGORY)"),
    (_edit(37, "turn: S cards=move slot=1 uses=0 dashed=S1,S1"), "line 37: a soldier id appears twice"),
    (_edit(37, "turn: S cards=move slot=1 uses=0 dashed=x"), "line 37: bad soldier id 'x'"),
    # pending
    (_add("pending:\n  sink"), "line 40: expected 'KIND SEAT [DATA ...]' with a kind from console, handover, sink, "
                               "penalty, gas, interrupt and a seat in play, got 'sink'"),
    (_add("pending:\n  nap S"), "line 40: expected 'KIND SEAT [DATA ...]' with a kind from console, handover, sink, "
                                "penalty, gas, interrupt and a seat in play, got 'nap S'"),
    (_add("pending:\n  sink W"), "line 40: expected 'KIND SEAT [DATA ...]' with a kind from console, handover, "
                                 "sink, penalty, gas, interrupt and a seat in play, got 'sink W'"),
    (_add("pending:\n  sink S 1"), "line 40: a sink decision takes 0 data token(s)"),
    (_add("pending:\n  gas S 1 2 3"), "line 40: a gas decision takes 4 data token(s)"),
    # result
    (_add("result: S target x"), "line 39: expected 'WINNERS REASON [| detail]' (reasons: target, judgement, "
                                 "round-limit, no-soldiers)"),
    (_add("result: S luck"), "line 39: expected 'WINNERS REASON [| detail]' (reasons: target, judgement, "
                             "round-limit, no-soldiers)"),
    (_add("result: S"), "line 39: expected 'WINNERS REASON [| detail]' (reasons: target, judgement, round-limit, "
                        "no-soldiers)"),
    (_add("result: S,W target"), "line 39: winners must be seats in play"),
    (_add("result: S,S target"), "line 39: winners must be seats in play"),
    (_add("result: S,,N target"), "line 39: winners must be seats in play"),
    (_add("result: S target"), "line 3: 'phase: over' and a 'result:' line go together"),
]


@pytest.mark.parametrize("text, message", ERRORS, ids=[ascii_id(m)[:60] + f"_{i}" for i, (_, m) in enumerate(ERRORS)])
def test_a_malformed_line_is_refused_with_its_exact_error(text, message):
    assert _error(text) == message


TEAM_ERRORS = [
    ("teams: S=b:S W=b:W N=a:NE E=a:E X=a:X", "bad team token 'X=a:X' (SEAT=a|b|?:KNOWN[!])"),
    ("teams: S=b:S W=b:W N=a:NE S=a:E", "bad team token 'S=a:E' (SEAT=a|b|?:KNOWN[!])"),
    ("teams: S=b:S W=b:W N=a:NE E=c:E", "bad team token 'E=c:E' (SEAT=a|b|?:KNOWN[!])"),
    ("teams: S=b:S W=b:W N=a:NE E=a:", "bad team token 'E=a:' (SEAT=a|b|?:KNOWN[!])"),
    ("teams: S=b:S W=b:W N=a:NE E=a", "bad team token 'E=a' (SEAT=a|b|?:KNOWN[!])"),
    ("teams: S=b:S W=b:W N=a:NE E=a:EX", "bad team token 'E=a:EX' (SEAT=a|b|?:KNOWN[!])"),
    ("teams: S=b:S W=b:W N=a:NE E=a:!", "bad team token 'E=a:!' (SEAT=a|b|?:KNOWN[!])"),
]


@pytest.mark.parametrize("line, message", TEAM_ERRORS)
def test_a_bad_team_token_is_refused_naming_the_teams_line(line, message):
    number = TEAMS.splitlines().index("teams: S=b:S W=b:W N=a:NE E=a:E") + 1
    assert _error(TEAMS.replace("teams: S=b:S W=b:W N=a:NE E=a:E", line)) == f"line {number}: {message}"


def test_team_tokens_read_the_public_mark_and_a_dash_for_no_knowledge():
    st = parse_position(TEAMS.replace("teams: S=b:S W=b:W N=a:NE E=a:E", "teams: S=b:S! W=b:W N=a:NE E=a:E"))
    assert st.teams["S"] == ("b", frozenset("S"), True) and st.teams["W"] == ("b", frozenset("W"), False)
    assert "teams: S=b:S! W=b:W N=a:NE E=a:E\n" in format_position(st)
    text = format_position(view(parse_position(TEAMS), "N"))
    assert "teams: S=?:- W=?:- N=a:N E=?:-\n" in text
    v = parse_position(text)
    assert v.teams == {"S": ("?", frozenset(), False), "W": ("?", frozenset(), False),
                       "N": ("a", frozenset("N"), False), "E": ("?", frozenset(), False)}
    assert format_position(v) == text


def test_a_weapon_known_to_nobody_yet_public():
    st = parse_position(_edit(27, "  S1 board c3 n weapons=S:gun:4:-!"), strict=False)
    assert st.soldier("S1").weapons == (Weapon("S:gun", "gun", 4, frozenset(), True),)
    assert "  S1 board c3 n weapons=S:gun:4:-!\n" in format_position(st)


def test_a_carried_corpse_names_only_the_first_carrier_given():
    st = parse_position(SAMPLE, strict=False)
    assert st.soldier("N2").carrier == "S1"


def test_a_soldier_line_keeps_every_count_at_its_top():
    st = parse_position(_edit(28, "  N1 board f7 s masks=99 drugs=99 food=99 gas-check=2"), strict=False)
    n1 = st.soldier("N1")
    assert (n1.masks, n1.drugs, n1.food, n1.gas_check) == (99, 99, 99, 2)
    assert _error(_edit(28, "  N1 board f7 s weapons=N:gun:99:N"), strict=False) == (
        "line 28: N:gun holds 99, more than its 4 (TW-0)")


def test_the_largest_numbers_each_line_takes():
    text = BASE.replace("cubes: supply=15 out=0", "cubes: supply=999 out=999").replace("dead: 0", "dead: 99")
    text = text.replace("points: S=0 N=0", "points: S=999 N=-99").replace("spent: S=0 N=0", "spent: S=999 N=0")
    text = text.replace("round: 5", "round: 60").replace("next-gas: 2", "next-gas: 99999")
    text = text.replace("  1 N e4 2", "  9999 N e4 2")
    st = parse_position(text, strict=False)
    assert (st.supply, st.out, st.dead, st.round, st.next_gid) == (999, 999, 99, 60, 99999)
    assert st.points == {"S": 999, "N": -99} and st.spent == {"S": 999, "N": 0} and st.gas[0].gid == 9999
    st = parse_position(PLACE.replace("setup-left: food=3 civilians=2 village=1",
                                      "setup-left: food=3 civilians=2 village=1"), strict=False)
    assert st.setup_left == (3, 2, 1)


def test_a_turn_line_reads_every_key():
    turn = "S cards=move,fire slot=2 uses=1 acted=S1:move,S2:fire dashed=S1,S2 camped extra=S1:0,S2:1 extra-card=S2:dig"
    st = parse_position(scene(soldiers="S1 board c3 n\nS2 board e2 n\nN1 board f7 s", turn=turn), strict=False)
    t = st.turn
    assert (t.seat, t.cards, t.slot, t.uses, t.acted, t.dashed, t.camped, t.extra, t.extra_card) == (
        "S", ("move", "fire"), 1, 1, (("S1", "move"), ("S2", "fire")), ("S1", "S2"), True, (("S1", 0), ("S2", 1)),
        "S2:dig")
    assert format_position(st).splitlines()[-1] == "turn: " + turn


def test_a_turn_line_with_no_cards_and_no_uses():
    assert _error(_edit(37, "turn: S cards=- slot=1")) == "line 37: slot 1 but 0 card(s)"
    assert _error(_edit(37, "turn: S slot=1")) == "line 37: slot 1 but 0 card(s)"
    st = parse_position(_edit(37, "turn: S cards=move slot=1 extra-card="))
    assert (st.turn.cards, st.turn.uses, st.turn.extra_card, st.turn.acted, st.turn.extra) == (
        ("move",), 0, None, (), ())


def test_a_cubes_line_without_the_supply_counts_none():
    st = parse_position(BASE.replace("cubes: supply=15 out=0", "cubes: out=3"), strict=False)
    assert (st.supply, st.out) == (0, 3)


@pytest.mark.parametrize("left, message", [
    ("setup-left: food=3 civilians=3 village=1", "line 18: 3 is out of range 0..2"),
    ("setup-left: food=3 civilians=2 village=2", "line 18: 2 is out of range 0..1"),
    ("setup-left: food=4 civilians=2 village=1", "line 18: 4 is out of range 0..3"),
])
def test_what_is_left_to_place_is_bounded_by_the_civilians_variant(left, message):
    assert _error(PLACE.replace("setup-left: food=3 civilians=2 village=1", left)) == message


def test_a_village_on_the_board_is_a_column_kind():
    st = parse_position(PLACE.replace("  4   1  1  1  1  1  1  1", "  4   1  1  1 nV  1  1  1").replace(
        "setup-left: food=3 civilians=2 village=1", "setup-left: food=3 civilians=2 village=0"))
    assert st.columns[3 + 7 * 3] == "nV"
    assert "  4   1  1  1 nV  1  1  1\n" in format_position(st)


@pytest.mark.parametrize("old, new, message", [
    ("  S hand=? discard=move plot=?", "  S hand=? discard=? plot=?",
     "line 41: hidden parts ('?') only in a view (with a 'view:' line); a game position is complete"),
    ("wind-deck: s,w,same,eclipse", "wind-deck: ?",
     "line 13: hidden parts ('?') only in a view (with a 'view:' line); a game position is complete"),
    ("wind-discard: -", "wind-discard: ?",
     "line 14: hidden parts ('?') only in a view (with a 'view:' line); a game position is complete"),
])
def test_a_view_hides_only_hands_plots_weapons_and_the_generator(old, new, message):
    assert _error(VIEW_N.replace(old, new)) == message


def test_a_pile_holds_at_most_99_of_a_card():
    v = parse_position(VIEW_N.replace("  N hand=move:2,", "  N hand=move:99,"))
    assert v.hands["N"][0] == 99
    assert _error(VIEW_N.replace("  N hand=move:2,", "  N hand=move:100,")) == (
        "line 42: bad pile 'move:100,turn:2,build:2,fire:2,dig,equip,camp'")


def test_a_result_without_detail_prints_without_a_bar():
    text = OVER.replace(" | 4 dead", "")
    assert format_position(parse_position(text)) == text


def test_a_soldier_carrying_two_corpses_lists_both():
    text = scene(soldiers="S1 board c3 n corpses=N2,N3\nN1 board f7 s\nN2 carried - s carrier=S1\n"
                          "N3 carried - s carrier=S1")
    st = parse_position(text)
    assert st.soldier("S1").corpses == ("N2", "N3")
    assert "\n  S1 board c3 n corpses=N2,N3\n" in format_position(st)


def test_two_variants_print_on_one_line_in_their_order():
    st = new_game(2, 1, make_ruleset(variants=["civilians", "first-game"]))
    text = format_position(st)
    assert text.splitlines()[2] == "variants: first-game civilians"
    assert parse_position(text).rules == st.rules


def test_seat_lists_of_two_seats_print_in_seat_order():
    text = scene(soldiers="S1 board c3 n\nN1 board f7 s", extra="interrupt-used: N S\nbonus: N S\nskip: N S\n"
                                                                  "declared: S N")
    st = parse_position(text, strict=False)
    assert (st.interrupt_used, st.bonus, st.skip, st.declared) == (frozenset("SN"),) * 3 + (("S", "N"),)
    out = format_position(st)
    for line in ("interrupt-used: S N", "bonus: S N", "skip: S N", "declared: S N"):
        assert f"\n{line}\n" in out


def test_a_cards_line_may_leave_out_any_pile():
    st = parse_position(_edit(33, "  N hand=move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt"))
    assert st.discards["N"] == (0,) * 8 and st.plots["N"] == ()
    st = parse_position(_edit(33, "  N discard=move:2,turn:2,build:2,fire:2,dig,equip,camp plot=interrupt"),
                        strict=False)
    assert st.hands["N"] == (0,) * 8 and st.plots["N"] == ("interrupt",)
