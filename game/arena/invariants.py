"""Invariants that hold after every action (checked by the tests and ``tools/simulate.py``, and by
``parse_position`` on a whole position)."""

from __future__ import annotations

from .legal import acts, cancel_cost, dice_count
from .model import SEATS


def problems(st) -> list[tuple[str, str]]:
    """Every broken invariant as ``(section of the position text, message)``."""
    out = []
    r = st.rules
    t = st.table
    phase = st.phase
    for i, u in enumerate(st.units):
        name = f"{SEATS[i // 3]}'s {t.types[i % 3]}"
        if u.seat != i // 3 or u.kind != t.types[i % 3]:
            out.append(("units", f"IA-1: unit {i} is {u.seat} {u.kind}, expected {name}"))
        if not 0 <= u.row <= 2:
            out.append(("units", f"IA-2: {name} is in row {u.row}"))
        if u.damage < 0 or u.spirit < 0:
            out.append(("units", f"IA-8.1: {name} has negative counters"))
        if not u.living and (u.damage or u.spirit or u.healing or u.pinned):
            out.append(("units", f"IA-8.5: fallen {name} keeps counters or statuses"))
        if r.damage_cap and u.damage > r.damage_cap:
            out.append(("units", f"IA-8.1: {name} has {u.damage} damage, over the cap {r.damage_cap}"))
        if u.spirit > r.spirit_cap or (u.spirit and not any(d.spirit_gain or d.spirit_cost
                                                            for d in t.actions[i % 3])):
            out.append(("units", f"IA-8.1: {name} cannot hold {u.spirit} spirit"))
    if r.dice:
        if st.provisions != (0, 0) or st.bank or st.waza != (0, 0):
            out.append(("provisions", "IA-12: the dice ruleset has no provisions, bank or waza-ari"))
    else:
        if min(st.provisions) < 0 or st.bank < 0 or sum(st.provisions) + st.bank != r.provisions_total:
            out.append(("provisions", f"IA-1: provisions {st.provisions} and bank {st.bank} do not add up to "
                                      f"{r.provisions_total}"))
        if st.points != (0, 0):
            out.append(("points", "IA-11: the provisions ruleset scores waza-ari, not points"))
        if r.waza_ari_mode == "last_taker" and min(st.waza) > 0:
            out.append(("waza-ari", f"IA-11.1: both players hold waza-ari {st.waza} under the last-taker rule"))
    over = phase == "over"
    if over != (st.result is not None):
        out.append(("result", f"IA-11.4: phase {phase} with result {st.result}"))
    if not over:
        if r.dice:
            for q in (0, 1):
                if st.points[q] >= r.win_points or st.points[q] - st.points[1 - q] >= r.win_lead:
                    out.append(("points", f"IA-12.7: {SEATS[q]} has won on points but the game goes on"))
        elif max(st.waza) >= r.win_waza_ari:
            out.append(("waza-ari", f"IA-11.4: waza-ari {st.waza} has won but the game goes on"))
        for q in (0, 1):
            mine = st.units[3 * q:3 * q + 3]
            theirs = st.units[3 - 3 * q:6 - 3 * q]
            if st.turn and all(u.living and u.row == 0 for u in mine) and \
                    not any(u.living and u.row == 0 for u in theirs):
                rule = "IA-12.6: an overwhelm" if r.dice else "IA-11.2: an ippon"
                out.append(("units", f"{rule} of {SEATS[q]} stands unresolved"))
    if phase == "first":
        if st.turn or st.player != -1 or st.first != -1:
            out.append(("phase", "IA-3.3: before the first player is drawn: turn 0, no player"))
    else:
        if st.first not in (0, 1) or st.player not in (0, 1) or st.turn < 1:
            out.append(("phase", f"IA-4: phase {phase} needs a first player, a player and a turn >= 1"))
        elif st.player != (st.first + st.turn - 1) % 2:
            out.append(("player", f"IA-4: turn {st.turn} belongs to {SEATS[(st.first + st.turn - 1) % 2]}"))
        if st.turn > r.turn_limit:
            out.append(("turn", f"IA-11.5: turn {st.turn} is past the limit {r.turn_limit}"))
    if phase in ("act", "cancel", "roll") and st.player in (0, 1):
        o = 1 - st.player
        if any(u.pinned for u in st.units[3 * o:3 * o + 3]):
            out.append(("units", f"IA-8.3: {SEATS[o]}'s pins should have ended with its turn"))
    pending = st.pending
    if phase in ("cancel", "roll"):
        out.extend(("pending", m) for m in _pending_problems(st, pending))
    elif pending is not None:
        out.append(("pending", f"IA-5: nothing is pending in phase {phase}"))
    if phase == "act" and st.player in (0, 1) and not acts(st):
        out.append(("phase", f"IA-4.6: {SEATS[st.player]} has no legal act, so the turn should have ended"))
    for q, (k, quick) in enumerate(st.last):
        if not -1 <= k <= 2 or (k < 0 and quick):
            out.append(("last", f"IA-4.7: bad last activation of {SEATS[q]}"))
    return out


def _pending_problems(st, a) -> list[str]:
    t = st.table
    if a is None or not a.is_act or a.actor != SEATS[st.player] or a.unit not in t.type_index:
        return [f"IA-5: phase {st.phase} needs a pending act of {SEATS[st.player] if st.player >= 0 else 'P'}"]
    d = t.by_name.get((t.type_index[a.unit], a.verb))
    if d is None or d.kind != "attack" or a.args[0] not in t.type_index:
        return [f"IA-5: {a} is not an attack of this ruleset"]
    target = 3 * (1 - st.player) + t.type_index[a.args[0]]
    if not st.units[target].living or not st.units[3 * st.player + t.type_index[a.unit]].living:
        return [f"IA-6.5: the units of {a} must be living"]
    if st.phase == "roll":
        return [] if st.rules.dice and dice_count(st, a) else ["IA-12.8: a roll only follows a dice attack"]
    cost = cancel_cost(st, d, target)
    if st.rules.dice or cost is None or st.provisions[1 - st.player] < cost:
        return [f"IA-5.3: no cancel window for {a}"]
    return []


def check_invariants(state) -> list[str]:
    """Every broken invariant, as a message naming its rule id; empty when all hold."""
    return [message for _section, message in problems(state)]
