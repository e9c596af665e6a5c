"""vision.update pinned against the rule itself (TW-10, issue 24 point 8): from positions of random
games with everybody's knowledge wiped, one update must teach each seat exactly what its pieces see
(``sees``): the weapons of every enemy piece in sight, and its hidden side, with one ``seen`` event
each, in piece order."""

import pytest

from game.core.playout import random_action
from game.core.rng import Rng
from game.trench import make_ruleset, new_game
from game.trench.model import BOARD, BOAT, evolve
from game.trench.notation import format_position
from game.trench.vision import sees, sight, update

SETUPS = [(2, []), (4, ["hidden-teams"]), (3, ["guerrillas"]), (4, ["open-teams"]), (3, [])]


def _forget(state, rng):
    """Everybody knows only its own tiles and side; some tiles stay public (fired)."""
    soldiers = []
    for s in state.soldiers:
        weapons = tuple(evolve(w, known=frozenset({w.tile[0]}), public=w.public and rng.below(2) == 0)
                        for w in s.weapons)
        soldiers.append(evolve(s, weapons=weapons) if weapons != s.weapons else s)
    state.soldiers = soldiers
    state.index = {s.sid: i for i, s in enumerate(soldiers)} if hasattr(state, "index") else None
    if state.teams:
        state.teams = {seat: (team, frozenset({seat}), public and rng.below(2) == 0)
                       for seat, (team, known, public) in state.teams.items()}
    state.legal_cache = None


def _expected(state):
    """(knowledge after the update, the ``seen``/``team-seen`` events) by the rule, with ``sees``."""
    pieces = [s for s in state.soldiers if s.status in (BOARD, BOAT) and s.seat != "C"]
    known = {s.sid: [set(w.known) for w in s.weapons] for s in state.soldiers}
    teams = {seat: set(k) for seat, (_, k, _) in (state.teams or {}).items()}
    events = []
    if len(pieces) < 2 or not any(p.status == BOARD for p in pieces):
        return known, teams, events
    for a in pieces:
        for b in pieces:
            if state.is_ally(a.seat, b.seat) or not sees(state, a, b):
                continue
            learned = [w.kind for w, k in zip(b.weapons, known[b.sid]) if not w.public and a.seat not in k]
            for w, k in zip(b.weapons, known[b.sid]):
                if not w.public:
                    k.add(a.seat)
            if learned:
                events.append(("seen", a.seat, b.sid, f"{a.seat} sees that {b.sid} holds {' and '.join(learned)}"))
            if state.teams and b.seat in state.teams and not state.teams[b.seat][2] and a.seat not in teams[b.seat]:
                teams[b.seat].add(a.seat)
                events.append(("team-seen", a.seat, b.seat, None))
    return known, teams, events


def _half_forget(state, rng):
    """As ``_forget``, but each other seat keeps what it knew with even odds: a seat that already
    knows a piece sits beside seats that still have news of it."""
    _forget(state, rng)
    rng = Rng(rng.state ^ 0x5EE)  # its own draws: the game played goes as with ``_forget``
    seats = state.seats
    soldiers = []
    for s in state.soldiers:
        weapons = tuple(evolve(w, known=w.known | {x for x in seats if rng.below(2)}) for w in s.weapons)
        soldiers.append(evolve(s, weapons=weapons) if weapons != s.weapons else s)
    state.soldiers = soldiers
    if state.teams:
        state.teams = {seat: (team, known | {x for x in seats if rng.below(2)}, public)
                       for seat, (team, known, public) in state.teams.items()}


@pytest.mark.parametrize("forget", [_forget, _half_forget])
@pytest.mark.parametrize("setup", range(len(SETUPS)))
def test_TW_10_one_update_teaches_each_seat_what_its_pieces_see(setup, forget):
    players, variants = SETUPS[setup]
    checked = 0
    for seed in range(8):
        rng = Rng(100 + seed)
        st = new_game(players, seed=seed, rules=make_ruleset(variants=variants))
        for _ in range(260):
            if st.is_over():
                break
            probe = st.clone()
            forget(probe, rng)
            known, teams, expected = _expected(probe)
            events = []
            update(probe, events)
            got = [(e.kind, e.get("seat"), e.get("sid") if e.kind == "seen" else e.get("of"),
                    e.text if e.kind == "seen" else None) for e in events]
            assert got == expected
            assert {s.sid: [set(w.known) for w in s.weapons] for s in probe.soldiers} == known
            assert {seat: set(k) for seat, (_, k, _) in (probe.teams or {}).items()} == teams
            checked += bool(expected)
            st.apply(random_action(st, rng))
    assert checked > 5


def test_TW_10_sees_adjacent_in_line_and_from_the_edge_cell_of_a_boat():
    st = new_game(2, seed=3, rules=make_ruleset())
    rng = Rng(3)
    while not any(s.status == BOAT for s in st.soldiers) or not any(s.status == BOARD for s in st.soldiers):
        st.apply(random_action(st, rng))
    boat = next(s for s in st.soldiers if s.status == BOAT)
    board = next(s for s in st.soldiers if s.status == BOARD)
    assert sees(st, boat, board) == (board.cell in sight(st, boat))
    assert sees(st, board, boat) == (board.cell == boat.cell)
    beside = evolve(board, cell=boat.cell)
    assert sees(st, beside, boat) is True and sees(st, boat, boat) is False
    gone = evolve(board, status="escaped", cell=None)
    assert sees(st, board, gone) is False and sees(st, gone, board) is False
    assert format_position(st)


def test_TW_10_a_soldier_on_the_edge_cell_sees_the_enemy_on_the_boat_there():
    from trench_helpers import position, scene
    text = scene(soldiers="S1 board d7 e weapons=S:gun:4:S\nN1 boat d7 s weapons=N:gun:4:N,N:gas:2:N",
                 turn="S cards=move slot=1 uses=0")
    st = position(text)
    probe = st.clone()
    _forget(probe, Rng(1))
    events = []
    update(probe, events)
    assert [(e.kind, e.get("seat"), e.get("sid"), e.text) for e in events if e.kind == "seen"] == [
        ("seen", "S", "N1", "S sees that N1 holds gun and gas"),
        ("seen", "N", "S1", "N sees that S1 holds gun")]
    assert all("S" in w.known for w in probe.soldier("N1").weapons)
