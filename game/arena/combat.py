"""The effects of acts: moves and Revive (IA-6.1 to 6.4), attacks and cancels (IA-6.5 to 6.7,
IA-7), counters and kills (IA-8), knockback (IA-10.1) and the dice rolls (IA-12.2 to 12.4)."""

from __future__ import annotations

from ..core.events import make_event
from .model import ROW_NAMES, SEATS, STEPS, evolve, uid
from .legal import cancel_cost
from . import scoring


def set_unit(st, i: int, unit) -> None:
    units = st.units
    st.units = units[:i] + (unit,) + units[i + 1:]


def _move(st, i: int, row: int, events, why: str) -> None:
    u = st.units[i]
    name = uid(st.table, i)
    if row == u.row:
        events.append(make_event("stay", f"{name} stays in the {ROW_NAMES[row]} row (IA-6.1)", unit=name,
                                 row=ROW_NAMES[row]))
        return
    set_unit(st, i, evolve(u, row=row))
    events.append(make_event("move", f"{name} {ROW_NAMES[u.row]} -> {ROW_NAMES[row]}", unit=name,
                             frm=ROW_NAMES[u.row], to=ROW_NAMES[row], why=why))


def move_act(st, i: int, d, a, events) -> None:
    """Advance/Charge/Sprint, Retreat, Revive (IA-6.1 to 6.4, IA-12.5)."""
    u = st.units[i]
    name = uid(st.table, i)
    if d.kind == "forward":
        _move(st, i, max(0, u.row - 1), events, d.name)  # quick (IA-8.4) is on the act event
    elif d.kind == "retreat":
        row = min(2, u.row + 1)
        if row != u.row:
            events.append(make_event("move", f"{name} {ROW_NAMES[u.row]} -> {ROW_NAMES[row]}", unit=name,
                                     frm=ROW_NAMES[u.row], to=ROW_NAMES[row], why=d.name))
        else:
            events.append(make_event("stay", f"{name} stays in the {ROW_NAMES[row]} row (IA-6.1)", unit=name,
                                     row=ROW_NAMES[row]))
        set_unit(st, i, evolve(u, row=row, healing=True))
        events.append(make_event("healing", f"{name} gains healing (IA-6.2)", unit=name))
    else:
        step, ally_kind = a.args
        dest = u.row + STEPS[step]
        if step != "stay":
            _move(st, i, dest, events, "revive-step")  # IA-6.4: not an Advance/Retreat [I]
        j = 3 * (i // 3) + st.table.type_index[ally_kind]
        set_unit(st, j, evolve(st.units[j], living=True, damage=0, spirit=0, healing=False, pinned=False))
        events.append(make_event("revive", f"{uid(st.table, j)} revives in the {ROW_NAMES[dest]} row",
                                 unit=uid(st.table, j), by=name, row=ROW_NAMES[dest]))


def kill(st, i: int, events) -> None:
    """IA-8.5 / IA-12.4: the unit falls where it stands and loses every counter and status."""
    u = st.units[i]
    set_unit(st, i, evolve(u, living=False, damage=0, spirit=0, healing=False, pinned=False))
    name = uid(st.table, i)
    events.append(make_event("kill", f"{name} falls in the {ROW_NAMES[u.row]} row", unit=name,
                             row=ROW_NAMES[u.row], lost_damage=u.damage, lost_spirit=u.spirit))


def _hurt(st, i: int, pin: bool, events) -> None:
    """+damage (strikes) per hit, capped if ``damage_cap`` (IA-6.6, IA-12.2); pin (IA-8.3)."""
    r = st.rules
    u = st.units[i]
    damage = u.damage + r.damage_per_hit
    if r.damage_cap:
        damage = min(damage, r.damage_cap)
    set_unit(st, i, evolve(u, damage=damage, pinned=u.pinned or pin))
    name = uid(st.table, i)
    word = "strikes" if r.dice else "damage"
    events.append(make_event("damage", f"{name} {word} {u.damage} -> {damage}", unit=name, damage=damage,
                             change=damage - u.damage))
    if pin:
        events.append(make_event("pin", f"{name} is pinned (IA-8.3)", unit=name))


def _gain_spirit(st, i: int, amount: int, events) -> None:
    """IA-8.1: spirit on the acting unit, gains beyond the cap ignored."""
    u = st.units[i]
    spirit = min(st.rules.spirit_cap, u.spirit + amount)
    name = uid(st.table, i)
    if spirit != u.spirit:
        set_unit(st, i, evolve(u, spirit=spirit))
    events.append(make_event("spirit", f"{name} spirit {u.spirit} -> {spirit}", unit=name,
                             change=spirit - u.spirit, spirit=spirit))


def resolve(st, a, events, cancelled: bool) -> None:
    """IA-5.4 (provisions): the effect of an allowed attack, or IA-7 a cancel."""
    t = st.table
    p = st.player
    actor = 3 * p + t.type_index[a.unit]
    target = 3 * (1 - p) + t.type_index[a.args[0]]
    d = t.by_name[(t.type_index[a.unit], a.verb)]
    name = uid(t, target)
    if cancelled:
        cost = cancel_cost(st, d, target)
        o = 1 - p
        prov = list(st.provisions)
        prov[o] -= cost
        st.provisions = tuple(prov)
        st.bank += cost
        events.append(make_event("cancel", f"{SEATS[o]} pays {cost} and cancels the {a.verb} (IA-7)",
                                 seat=SEATS[o], cost=cost, action=a.verb, unit=uid(t, actor), target=name))
        if d.spirit_gain and st.rules.cancel_keeps_spirit:  # IA-7.3 [I]: lost unless this switch
            _gain_spirit(st, actor, d.spirit_gain, events)
        return
    if st.phase == "cancel":
        events.append(make_event("allow", f"{SEATS[1 - p]} allows the {a.verb}", seat=SEATS[1 - p]))
    if d.lethal:
        row = st.units[target].row
        kill(st, target, events)
        scoring.waza_ari(st, p, "kill", events)
        if d.knockback:  # IA-10.1 (A6): the fallen target moves back
            back = min(2, row + d.knockback)
            if back != row:
                _move(st, target, back, events, "knockback")
        return
    _hurt(st, target, d.pin, events)
    if d.spirit_gain:
        _gain_spirit(st, actor, d.spirit_gain, events)


def resolve_roll(st, a, faces: tuple, events) -> None:
    """IA-12.2, IA-12.3: the hit roll (Fireball, Chill) or the kill roll (Melee, Inferno)."""
    r = st.rules
    t = st.table
    p = st.player
    actor = 3 * p + t.type_index[a.unit]
    target = 3 * (1 - p) + t.type_index[a.args[0]]
    d = t.by_name[(t.type_index[a.unit], a.verb)]
    name = uid(t, target)
    if d.roll == "hit":
        hit = max(faces) >= r.hit_at_least
        events.append(make_event("hit" if hit else "miss", f"{a.verb} {'hits' if hit else 'misses'} {name}",
                                 unit=name, faces=faces))
        if hit:
            _hurt(st, target, d.pin, events)
        if d.spirit_gain:  # the Fireball's spirit, hit or miss (IA-12.2)
            _gain_spirit(st, actor, d.spirit_gain, events)
        return
    strikes = st.units[target].damage
    killed = min(faces) <= strikes
    events.append(make_event("kill-roll", f"kill roll against {strikes} strikes: "
                                          f"{'kills' if killed else 'fails'}", unit=name, faces=faces,
                             strikes=strikes, killed=killed))
    if killed:
        kill(st, target, events)
        scoring.add_points(st, p, r.points_kill, "kill", events)
