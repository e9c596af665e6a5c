"""Applying actions: the turn (IA-4), decisions and resolution order (IA-5), chance (IA-3.3,
IA-12.8).  The effects of an act live in ``combat.py``, the checks and wins in ``scoring.py``."""

from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.events import make_event
from ..core.rng import Rng
from . import combat, scoring
from .actions import Action, make_action
from .explain import explain
from .legal import acts, cancel_cost, surcharge
from .model import SEATS, evolve, uid


def apply(st, action) -> list:
    """Validate and apply one action (or its text); return the events it caused."""
    a = action if type(action) is Action else Action.parse(action)
    legal = st.legal_cache
    if legal is None:
        legal = st.legal_actions()
    for x in legal:  # identity first: legal lists hold shared action objects
        if x is a:
            break
    else:
        if a not in legal:
            raise IllegalActionError(explain(st, a))
        a = legal[legal.index(a)]
    st.legal_cache = None
    events: list = []
    phase = st.phase
    if phase == "act":
        if a.verb == "pass":
            events.append(make_event("pass", f"{a.actor} passes (IA-4.5)", seat=a.actor))
            finish_turn(st, None, events)
        else:
            act(st, a, events)
    elif phase == "cancel":
        pending = st.pending
        combat.resolve(st, pending, events, cancelled=a.verb == "cancel")
        after_act(st, pending, events)
    elif phase == "roll":
        _advance_rng(st)
        pending = st.pending
        events.append(make_event("roll", f"roll {' '.join(map(str, a.args))}", faces=a.args))
        combat.resolve_roll(st, pending, a.args, events)
        after_act(st, pending, events)
    else:  # first
        _advance_rng(st)
        st.first = st.player = SEATS.index(a.args[0])
        events.append(make_event("first", f"{a.args[0]} plays first (IA-3.3)", seat=a.args[0]))
        begin_turns(st, events)
    return events


def _advance_rng(st) -> None:
    rng = Rng(st.rng)
    rng.next_u64()  # the draw sample_chance makes
    st.rng = rng.state


# == the turn ===========================================================================
def begin_turns(st, events) -> None:
    """Start P's turn (IA-4.1, 4.2, IA-11.3); a turn without a legal act ends at once (IA-4.6),
    and the next begins, until a player has an act or the game ends."""
    while True:
        st.turn += 1
        seat = SEATS[st.player]
        events.append(make_event("turn", f"turn {st.turn}: {seat}", turn=st.turn, seat=seat))
        if not st.table.dice:
            scoring.gain(st, events)
            if st.phase == "over":
                return
        options = acts(st)
        if options:
            st.phase = "act"
            if not st.rules.must_act:
                options.append(make_action(seat, "pass"))
            st.legal_cache = tuple(options)
            return
        events.append(make_event("no-act", f"{seat} has no legal act: the turn ends (IA-4.6)", seat=seat))
        end_turn(st, (-1, False), events)
        if st.phase == "over":
            return


def end_turn(st, activated, events) -> None:
    """IA-4.7: unpin P's units, remember P's activated unit, then the turn limit (IA-11.5)."""
    p = st.player
    units = st.units
    for i in range(3 * p, 3 * p + 3):
        if units[i].pinned:
            units = units[:i] + (evolve(units[i], pinned=False),) + units[i + 1:]
            events.append(make_event("unpin", f"{uid(st.table, i)} is no longer pinned", unit=uid(st.table, i)))
    st.units = units
    st.last = (activated, st.last[1]) if p == 0 else (st.last[0], activated)
    st.pending = None
    if st.turn >= st.rules.turn_limit:
        scoring.draw(st, events)
        return
    st.player = 1 - p


def finish_turn(st, activated, events) -> None:
    end_turn(st, activated if activated is not None else (-1, False), events)
    if st.phase != "over":
        begin_turns(st, events)


# == the act ============================================================================
def act(st, a: Action, events) -> None:
    """IA-5.2 activation, then IA-5.3 the cancel window or IA-12.8 the roll, or IA-5.4 at once."""
    t = st.table
    p = st.player
    k = t.type_index[a.unit]
    i = 3 * p + k
    d = t.by_name[(k, a.verb)]
    u = st.units[i]
    name = uid(t, i)
    extra = surcharge(st, p, k, u)
    pay = extra + d.cost
    events.append(make_event("act", f"{name} {a.verb}" + (f" {' '.join(a.args)}" if a.args else ""),
                             unit=name, action=a.verb, args=a.args, surcharge=extra, quick=d.quick))
    if pay and not t.dice:
        prov = list(st.provisions)
        prov[p] -= pay
        st.provisions = tuple(prov)
        st.bank += pay
        events.append(make_event("pay", f"{SEATS[p]} pays {pay} to the bank", seat=SEATS[p], amount=pay,
                                 surcharge=extra))
    changes = {}
    if d.spirit_cost:
        changes["spirit"] = u.spirit - d.spirit_cost
        events.append(make_event("spirit", f"{name} spends {d.spirit_cost} spirit", unit=name,
                                 change=-d.spirit_cost, spirit=changes["spirit"]))
    if u.healing:  # IA-8.2: recovery on activation, whatever happens next
        changes["damage"] = 0
        changes["healing"] = False
        events.append(make_event("heal", f"{name} recovers: damage {u.damage} -> 0", unit=name, removed=u.damage))
    if changes:
        combat.set_unit(st, i, evolve(u, **changes))
    activated = (k, d.quick)
    if d.kind != "attack":
        combat.move_act(st, i, d, a, events)
        after_act(st, a, events, activated)
        return
    if t.dice:
        st.phase = "roll"
        st.pending = a
        return
    target = 3 * (1 - p) + t.type_index[a.args[0]]
    cost = cancel_cost(st, d, target)
    if cost is not None and st.provisions[1 - p] >= cost:
        st.phase = "cancel"
        st.pending = a
        events.append(make_event("cancel-window", f"{SEATS[1 - p]} may cancel for {cost} (IA-5.3)",
                                 seat=SEATS[1 - p], cost=cost))
        return
    combat.resolve(st, a, events, cancelled=False)
    after_act(st, a, events, activated)


def after_act(st, a: Action, events, activated=None) -> None:
    """IA-5.5 checks, then the end of turn (IA-4.7) and the next turn."""
    if activated is None:
        t = st.table
        k = t.type_index[a.unit]
        activated = (k, t.by_name[(k, a.verb)].quick)
    st.pending = None
    st.phase = "act"
    scoring.checks(st, events)
    if st.phase != "over":
        finish_turn(st, activated, events)
