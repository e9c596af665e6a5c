"""SB-7 to SB-9: an effect's checks, and its ops (damage, hits, removal, traps, smoke, medic, jamming).

P is the effect's owner (``seat``), O the other seat.  ``op_choices`` says who decides an
op and among what; ``apply_op`` applies it with the chosen arguments.  A choice with one
option is taken by the engine without asking (SB-12).
"""

from __future__ import annotations

from ..core.events import make_event
from .actions import SEATS
from .cards import SIDES
from .state import NSIDES


def unit_ref(seat: int, eid: str) -> str:
    """The stable id of a unit on the table: ``I:medic``, ``II:mech``."""
    return f"{SEATS[seat]}:{eid}"


def set_at(values: tuple, i: int, v) -> tuple:
    return values[:i] + (v,) + values[i + 1:]


def side_of(state, seat: int, eid: str) -> int | None:
    """The side index of ``seat``'s escort ``eid`` on the table, or None."""
    base = seat * NSIDES
    for i in range(NSIDES):
        if state.sides[base + i] == eid:
            return i
    return None


def move_target(state, seat: int) -> int | None:
    """The distance ``seat``'s move of this turn would give if it resolved now (SB-6), or None."""
    play = state.plays[seat]
    half = state.rules.card_set.command(play.card).half(play.half)
    if half.kind != "move":
        return None
    return min(3, max(1, state.dist + state.rules.steps(half)))


def item_done(state, seat: int) -> bool:
    """Whether ``seat``'s item of this turn has already begun (SB-9.1b)."""
    order = state.order
    return seat in order and order.index(seat) < state.step


def check(state, seat: int, eff) -> str | None:
    """SB-7.3 (and SB-9.1, SB-9.2a): why the effect fizzles now, or None when it takes effect."""
    if state.dist not in eff.dist:
        return f"SB-7.3: {eff.id} works at distance {','.join(map(str, eff.dist))}, not {state.dist}"
    o = 1 - seat
    if eff.timing == "trap":        # SB-9.1; the checks run in the order dist, trap, SP, smoke
        play = state.plays[o]
        half = None if play is None else state.rules.card_set.command(play.card).half(play.half)
        if half is None or half.kind != "move":
            return f"SB-9.1: {SEATS[o]} plays no move this turn"
        if item_done(state, o) or state.cancelled[o]:
            return f"SB-9.1: {SEATS[o]}'s move has already resolved"
        if state.rules.trap_needs_effective_move and move_target(state, o) == state.dist:
            return f"SB-9.1: {SEATS[o]}'s move would be void at distance {state.dist}"
    if state.sp[seat] < eff.sp:
        return f"SB-7.3: {eff.id} costs {eff.sp} SP, {SEATS[seat]} has {state.sp[seat]}"
    if (state.shielded[o] and not state.rules.shielded_effect_pays and eff.timing != "if_attacked"
            and all(op.name in ("damage", "hit", "destroy") for op in eff.ops)):
        # SB-9.2a [I]: an effect that smoke leaves with nothing to do fizzles and pays nothing.
        return f"SB-9.2: {SEATS[o]} is shielded by smoke; {eff.id} has nothing left to do"
    return None


def op_choices(state, seat: int, op):
    """``(chooser, verb, [args, ...])`` for an op that may need a decision; verb None for none.

    A list of one option is applied without asking; an empty list means the op does nothing.
    """
    name = op.name
    o = 1 - seat
    if name in ("hit", "destroy"):
        chooser = o if op.by == "defender" else seat
        if state.shielded[o]:
            return chooser, None, []
        ids = [state.sides[o * NSIDES + i] for i in state.escorts_of(o)]
        if name == "destroy" or op.n == 1:
            return chooser, name, [(e,) for e in ids]
        if len(ids) == 1:
            return chooser, None, [(ids[0], ids[0])]
        # SB-8.5: two different escorts, or both hits on one untokened escort; generalized
        # (interpretation) for token_limit > 1 to an escort the first hit does not destroy.
        limit = state.rules.token_limit
        out = []
        for i, a in enumerate(ids):
            if state.tokens[o * NSIDES + side_of(state, o, a)] + 1 <= limit:
                out.append((a, a))
            out.extend((a, b) for b in ids[i + 1:])
        return chooser, "hit2", out
    if name == "shift":
        chooser = seat if state.rules.smoke_shift_chooser == "smoker" else o
        d = state.dist
        return chooser, "shift", [(str(x),) for x in (d - 1, d + 1) if 1 <= x <= 3]
    if name == "heal_one":
        base = seat * NSIDES
        return seat, "heal", [(state.sides[base + i],) for i in state.escorts_of(seat) if state.tokens[base + i]]
    return seat, None, [()]


def _hit(state, o: int, eid: str, events: list) -> None:
    """SB-8.2: a token, or removal when the escort already holds ``token_limit`` tokens."""
    i = o * NSIDES + side_of(state, o, eid)
    if state.tokens[i] >= state.rules.token_limit:
        _remove(state, o, eid, events, "hit")
    else:
        state.tokens = set_at(state.tokens, i, state.tokens[i] + 1)
        events.append(make_event("token", f"{SEATS[o]}'s {eid} is hit and takes a token",
                                 unit=unit_ref(o, eid), tokens=state.tokens[i]))


def _remove(state, o: int, eid: str, events: list, how: str) -> None:
    """SB-8.2/8.3: the escort leaves the game; its side stays empty."""
    i = o * NSIDES + side_of(state, o, eid)
    state.sides = set_at(state.sides, i, None)
    state.tokens = set_at(state.tokens, i, 0)
    events.append(make_event("destroyed", f"{SEATS[o]}'s {eid} is destroyed ({how})",
                             unit=unit_ref(o, eid), side=SIDES[i % NSIDES], how=how))


def nullified(state, seat: int, op) -> bool:
    """SB-9.2a: O's damage, hit and destroy ops against a shielded player do nothing."""
    return op.name in ("damage", "hit", "destroy") and state.shielded[1 - seat]


def apply_op(state, seat: int, op, args: tuple, events: list) -> None:
    """Apply one op of ``seat``'s effect with the chosen ``args`` (SB-8, SB-9)."""
    name = op.name
    o = 1 - seat
    if nullified(state, seat, op):
        events.append(make_event("nullified", f"smoke nullifies {op} against {SEATS[o]}",
                                 seat=SEATS[o], op=str(op)))
        return
    if name == "damage":
        hp = max(0, state.hp[o] - op.n)
        state.hp = set_at(state.hp, o, hp)
        events.append(make_event("damage", f"{SEATS[o]}'s mech loses {op.n} HP ({hp} left)",
                                 unit=unit_ref(o, "mech"), amount=op.n, hp=hp))
    elif name == "hit":
        for eid in args:
            if side_of(state, o, eid) is not None:   # the first of two hits may have removed it
                _hit(state, o, eid, events)
    elif name == "destroy":
        _remove(state, o, args[0], events, "destroy")
    elif name == "cancel_move":
        state.cancelled = set_at(state.cancelled, o, True)
        events.append(make_event("cancel", f"{SEATS[o]}'s move is cancelled by a trap", seat=SEATS[o]))
    elif name == "shield":
        state.shielded = set_at(state.shielded, seat, True)
        events.append(make_event("shield", f"smoke shields {SEATS[seat]} for the rest of the turn",
                                 seat=SEATS[seat]))
    elif name == "shift":
        before, state.dist = state.dist, int(args[0])
        events.append(make_event("distance", f"smoke shifts the distance {before} -> {state.dist}",
                                 before=before, after=state.dist, how="shift"))
    elif name == "drain":
        sp = max(0, state.sp[o] - op.n)
        events.append(make_event("sp", f"{SEATS[o]} loses {state.sp[o] - sp} SP ({sp} left)",
                                 seat=SEATS[o], before=state.sp[o], after=sp, how="drain"))
        state.sp = set_at(state.sp, o, sp)
    elif name == "heal_one":
        if args:
            _heal(state, seat, side_of(state, seat, args[0]), events)
    elif name == "heal_each":
        for i in state.escorts_of(seat):
            if state.tokens[seat * NSIDES + i]:
                _heal(state, seat, i, events)


def _heal(state, seat: int, side: int, events: list) -> None:
    """SB-9.3: one token off one own escort (interpretation: heal_one / heal_each remove one token
    each; with token_limit 1 that is the token)."""
    i = seat * NSIDES + side
    state.tokens = set_at(state.tokens, i, state.tokens[i] - 1)
    eid = state.sides[i]
    events.append(make_event("heal", f"{SEATS[seat]}'s {eid} loses a token",
                             unit=unit_ref(seat, eid), tokens=state.tokens[i]))
