"""Gains, waza-ari, points and the end of the game: IA-4.1, 4.2, IA-10.2, IA-11, IA-12.4,
IA-12.6, IA-12.7."""

from __future__ import annotations

from ..core.events import make_event
from .model import ROW_INDEX, SEATS, evolve, uid
from .state import Result


def gain(st, events) -> None:
    """IA-4.1, IA-4.2: P takes its gain from the bank (none from an empty bank); with A2, taking
    the bank's last provision triggers the award (IA-11.3) at once."""
    r = st.rules
    p = st.player
    amount = r.first_turn_gain if st.turn == 1 else r.gain_per_turn
    take = min(amount, st.bank)
    if take <= 0:
        if amount:
            events.append(make_event("no-gain", f"{SEATS[p]} gains nothing: the bank is empty (IA-4.2)",
                                     seat=SEATS[p]))
        return
    prov = list(st.provisions)
    prov[p] += take
    st.provisions = tuple(prov)
    st.bank -= take
    events.append(make_event("gain", f"{SEATS[p]} takes {take} provision{'s' * (take > 1)} from the bank",
                             seat=SEATS[p], amount=take, bank=st.bank))
    if st.bank == 0 and r.last_provision_award:
        _last_provision(st, events)


def _last_provision(st, events) -> None:
    """IA-11.3 (A2): the richer player gets a waza-ari (nobody on a tie [I]); both reset."""
    r = st.rules
    a, b = st.provisions
    if a != b:
        waza_ari(st, 0 if a > b else 1, "last-provision", events)
    st.provisions = (r.reset_provisions, r.reset_provisions)
    st.bank = r.provisions_total - 2 * r.reset_provisions
    events.append(make_event("reset", f"provisions reset to {r.reset_provisions} each, bank {st.bank} (IA-11.3)",
                             provisions=r.reset_provisions, bank=st.bank))
    win_check(st, events)


def waza_ari(st, p: int, why: str, events) -> None:
    """IA-11.1: one waza-ari to seat ``p``; with A1 (last taker) the opponent's drop to 0."""
    waza = list(st.waza)
    waza[p] += 1
    wiped = 0
    if st.rules.waza_ari_mode == "last_taker":
        wiped = waza[1 - p]
        waza[1 - p] = 0
    st.waza = tuple(waza)
    events.append(make_event("waza-ari", f"{SEATS[p]} gets a waza-ari ({why})"
                             + (f"; {SEATS[1 - p]} loses {wiped}" if wiped else ""),
                             seat=SEATS[p], why=why, waza=tuple(waza), wiped=wiped))


def add_points(st, p: int, n: int, why: str, events) -> None:
    """IA-12.4, IA-12.6: points in the dice ruleset."""
    points = list(st.points)
    points[p] += n
    st.points = tuple(points)
    events.append(make_event("points", f"{SEATS[p]} scores {n} ({why})", seat=SEATS[p], amount=n, why=why,
                             points=tuple(points)))


def _move_all(st, q: int, row: int, events, kind: str, text: str) -> None:
    units = list(st.units)
    for i in range(3 * q, 3 * q + 3):
        units[i] = evolve(units[i], row=row)
    st.units = tuple(units)
    events.append(make_event(kind, text, seat=SEATS[q], row=row,
                             units=tuple(uid(st.table, i) for i in range(3 * q, 3 * q + 3))))


def _rows(st, q: int) -> tuple:
    """(all living and in the front, all living and in the back, a living unit in the front)."""
    all_front = all_back = True
    any_front = False
    for u in st.units[3 * q:3 * q + 3]:
        if not u.living:
            all_front = all_back = False
            continue
        row = u.row
        if row == 0:
            any_front = True
            all_back = False
        else:
            all_front = False
            if row != 2:
                all_back = False
    return all_front, all_back, any_front


def checks(st, events) -> None:
    """IA-5.5 (provisions): regroup, ippon, win; IA-12.7 (dice): overwhelm, win.  P first."""
    r = st.rules
    p = st.player
    order = (p, 1 - p)
    if st.table.dice:
        for q in order:
            if _rows(st, q)[0] and not _rows(st, 1 - q)[2]:
                add_points(st, q, r.points_overwhelm, "overwhelm", events)
                _move_all(st, q, ROW_INDEX[r.overwhelm_return_row], events, "overwhelm",
                          f"{SEATS[q]} overwhelms: its units return to the {r.overwhelm_return_row} row (IA-12.6)")
        win_check(st, events)
        return
    rows = [_rows(st, 0), _rows(st, 1)]
    if r.back_row_regroup:
        for q in order:
            if rows[q][1]:
                _move_all(st, q, 1, events, "regroup", f"{SEATS[q]} regroups in the middle row (IA-10.2)")
                rows[q] = (False, False, False)
    for q in order:
        if rows[q][0] and not rows[1 - q][2]:
            events.append(make_event("ippon", f"{SEATS[q]} takes ippon (IA-11.2)", seat=SEATS[q]))
            finish(st, (SEATS[q],), "ippon", events)
            return
    if max(st.waza) >= r.win_waza_ari:
        win_check(st, events)


def win_check(st, events) -> None:
    """IA-11.4 (waza-ari) or IA-12.7 (points, lead): P first, then O."""
    r = st.rules
    p = st.player
    for q in (p, 1 - p):
        if r.dice:
            mine, theirs = st.points[q], st.points[1 - q]
            if mine >= r.win_points:
                return finish(st, (SEATS[q],), "points", events)
            if mine - theirs >= r.win_lead:
                return finish(st, (SEATS[q],), "lead", events)
        elif st.waza[q] >= r.win_waza_ari:
            return finish(st, (SEATS[q],), "waza-ari", events)


def draw(st, events) -> None:
    """IA-11.5: the turn limit ends the game in a draw [I]."""
    finish(st, (), "turn-limit", events)


def finish(st, winners: tuple, reason: str, events) -> None:
    scores = st.points if st.rules.dice else st.waza
    st.result = Result(winners, reason, scores, st.turn)
    st.phase = "over"
    st.pending = None
    st.legal_cache = ()
    text = f"{winners[0]} wins ({reason})" if winners else f"draw ({reason})"
    events.append(make_event("over", text, winners=winners, reason=reason, scores=scores))
