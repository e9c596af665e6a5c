"""TW-7 and TW-9: arriving in a cell, taking items, death, corpses, scoring, the end.

Every function takes the state, mutates it and appends to ``events``.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import gas, variants
from .geometry import cell_name, rows_advanced
from .model import BOARD, CARRIED, CORPSE, ESCAPED, SUNK, evolve, make_event
from .state import ACTION_CARDS, Pending, seat_order_from


@dataclass(frozen=True)
class Result:
    """How a finished game ended (TW-9)."""
    winners: tuple
    reason: str          # "target", "judgement", "round-limit", "no-soldiers"
    scores: tuple        # ((seat, points), ...)
    detail: str = ""

    def as_dict(self) -> dict:
        return {"winners": list(self.winners), "reason": self.reason,
                "scores": dict(self.scores), "detail": self.detail}


#: Belonging tokens that are plain counters on a soldier.
COUNTERS = {"drug": "drugs", "food": "food", "cube": "cubes"}


# -- items -------------------------------------------------------------------
def belongings_of(s) -> list[str]:
    """Belonging tokens a soldier or corpse holds, as used by consolation and giving."""
    out = [w.tile for w in s.weapons]
    out += [k for k, n in (("mask", s.masks or s.mask_on), ("drug", s.drugs), ("food", s.food),
                           ("cube", s.cubes)) if n]
    out += s.corpses
    return out


def transfer(state, giver_sid: str, taker_sid: str, what: str, events: list) -> None:
    """Move one belonging (``mask``, ``drug``, ``food``, ``cube``, a tile or a corpse sid)."""
    g = state.soldier(giver_sid)
    t = state.soldier(taker_sid)
    if what == "mask":
        if g.masks:
            g = evolve(g, masks=g.masks - 1)
        else:
            g = evolve(g, mask_on=False)
        t = evolve(t, masks=t.masks + 1)
    elif what in COUNTERS:
        field = COUNTERS[what]
        g = evolve(g, **{field: getattr(g, field) - 1})
        t = evolve(t, **{field: getattr(t, field) + 1})
    elif ":" in what:
        weapon = next(w for w in g.weapons if w.tile == what)
        g = evolve(g, weapons=tuple(w for w in g.weapons if w.tile != what))
        weapon = evolve(weapon, known=weapon.known | {t.seat} if t.seat != "C" else weapon.known)
        t = evolve(t, weapons=t.weapons + (weapon,))
    else:
        g = evolve(g, corpses=tuple(c for c in g.corpses if c != what))
        t = evolve(t, corpses=t.corpses + (what,))
        state.update(what, carrier=taker_sid)
    state.put(g)
    state.put(t)
    events.append(make_event("give", "" if state.quiet else f"{giver_sid} hands {what} to {taker_sid}",
                             frm=giver_sid, to=taker_sid, what=what))


def arrive(state, sid: str, cell: int, events: list) -> None:
    """A soldier arrives in ``cell``: take every item there (TW-7.3), meet gas (TW-8)."""
    if cell in state.items:
        take_items(state, sid, cell, events)
    for corpse in state.corpses_at(cell):
        # TW-7.2: the dead soldier's owner first takes its consolation; the corpse is
        # taken once that is decided (``consoled``).
        if not consolation_owed(state, corpse.sid):
            take_corpse(state, sid, corpse.sid, events)
    if state.result is None:  # TW-9: a corpse taken may have won the game at once; nothing follows
        gas.expose_arrival(state, sid, cell, events)


def consolation_owed(state, corpse_sid: str) -> bool:
    """Is the consolation for ``corpse_sid`` still to be chosen (TW-7.2)?"""
    return any(p.kind == "console" and p.data and p.data[0] == corpse_sid for p in state.pending)


def consoled(state, corpse_sid: str, events: list) -> None:
    """After the consolation (TW-7.2): a living soldier standing on the corpse takes it."""
    c = state.soldier(corpse_sid)
    if state.result is not None or c.status != CORPSE:
        return
    taker = state.occupant(c.cell)
    if taker is not None:
        take_corpse(state, taker.sid, corpse_sid, events)


def take_items(state, sid: str, cell: int, events: list) -> None:
    tokens = state.items.pop(cell)
    s = state.soldier(sid)
    state.update(sid, food=s.food + tokens.count("food"), drugs=s.drugs + tokens.count("drug"))
    events.append(make_event("pickup", "" if state.quiet else
                                       f"{sid} takes {' '.join(tokens)} on {cell_name(cell)}",
                             sid=sid, cell=cell, what=tokens))


def take_corpse(state, sid: str, corpse_sid: str, events: list) -> None:
    """TW-7.3/7.4: take a corpse with all its belongings, then eat it."""
    s = state.soldier(sid)
    c = state.soldier(corpse_sid)
    room = state.rules.max_cubes_carried - s.cubes
    cubes = min(room, c.cubes)
    state.supply += c.cubes - cubes  # beyond the limit: back to the supply [I]
    weapons = tuple(evolve(w, known=w.known | {s.seat}) if s.seat != "C" else w for w in c.weapons)
    for carried in c.corpses:
        state.update(carried, carrier=sid)
    state.put(evolve(s, weapons=s.weapons + weapons, masks=s.masks + c.masks + (1 if c.mask_on else 0),
                      drugs=s.drugs + c.drugs, food=s.food + c.food, cubes=s.cubes + cubes,
                      corpses=s.corpses + (corpse_sid,) + c.corpses))
    state.put(evolve(c, status=CARRIED, cell=None, carrier=sid, weapons=(), masks=0, mask_on=False,
                      drugs=0, food=0, cubes=0, corpses=()))
    events.append(make_event("pickup", "" if state.quiet else
                                       f"{sid} takes the corpse of {corpse_sid}", sid=sid,
                             cell=s.cell, what=(corpse_sid,)))
    seat = s.seat
    if seat == "C":
        return
    # Eating the corpse: discards back to hand; an enemy corpse restores Interrupt.
    state.hands[seat] = ACTION_CARDS.merge(state.hands[seat], state.discards[seat])
    state.discards[seat] = ACTION_CARDS.empty()
    if c.seat != "C" and not state.is_ally(c.seat, seat) and seat in state.interrupt_used:
        state.interrupt_used = state.interrupt_used - {seat}
        state.hands[seat] = ACTION_CARDS.add(state.hands[seat], "interrupt")
    events.append(make_event("eat", "" if state.quiet else
                                    f"{seat} eats the corpse of {corpse_sid}: cards back to hand",
                             seat=seat, corpse=corpse_sid))
    # TW-7.4/TW-9: a carried enemy corpse scores at once, so it may reach the target.
    check_end(state, events)


# -- death -------------------------------------------------------------------
def kill(state, sid: str, killer: str | None, cause: str, events: list) -> None:
    """TW-7.2: a soldier (or civilian) dies and leaves a corpse where it stands.

    ``killer`` is the responsible seat (None: no one scores).
    """
    s = state.soldier(sid)
    if not s.alive:
        return
    state.put(evolve(s, status=CORPSE, gas_check=0))
    state.dead += 1
    events.append(make_event("death", "" if state.quiet else
                                      f"{sid} dies on {cell_name(s.cell)} ({cause})", sid=sid,
                             cell=s.cell, cause=cause, killer=killer))
    if killer is not None:
        if s.seat == "C":
            variants.civilian_killed(state, killer, sid, events)
        else:
            variants.soldier_killed(state, killer, s, events)
    if s.seat != "C" and state.living(s.seat) and belongings_of(state.soldier(sid)):
        state.pending = state.pending + (Pending("console", s.seat, (sid,)),)
    check_end(state, events)


def sink(state, sid: str, events: list) -> None:
    """TW-4.6: a soldier still on its boat sinks with its boat and belongings."""
    s = state.soldier(sid)
    state.out += 1 + s.cubes  # the boat cube and carried cubes leave the game
    for c in s.corpses:
        state.update(c, status=SUNK, carrier=None)
    state.put(evolve(s, status=SUNK, cell=None, cubes=0, corpses=()))
    state.dead += 1
    events.append(make_event("sink", "" if state.quiet else f"{sid} sinks with its boat", sid=sid))


def escape(state, sid: str, events: list) -> None:
    """TW-9: a soldier steps off the far edge: it scores and hands over its weapons."""
    s = state.soldier(sid)
    value = state.rules.escape_value(len(state.seats))
    if state.rules.hidden_teams:
        value = 0
    state.points[s.seat] += value
    state.out += s.cubes
    state.put(evolve(s, status=ESCAPED, cell=None, cubes=0))
    events.append(make_event("escape", "" if state.quiet else
                                       f"{sid} escapes (+{value})", sid=sid, seat=s.seat))
    survivors = state.living(s.seat)
    if s.weapons and survivors:
        if len(survivors) == 1:
            hand_over(state, sid, survivors[0].sid, events)
        else:
            state.pending = state.pending + (Pending("handover", s.seat, (sid,)),)
    check_end(state, events)


def hand_over(state, from_sid: str, to_sid: str, events: list) -> None:
    s = state.soldier(from_sid)
    t = state.soldier(to_sid)
    state.put(evolve(t, weapons=t.weapons + s.weapons))
    state.put(evolve(s, weapons=()))
    events.append(make_event("give", "" if state.quiet else
                                     f"{from_sid}'s weapons go to {to_sid}", frm=from_sid,
                             to=to_sid, what="weapons"))


# -- the end -----------------------------------------------------------------
def check_end(state, events: list) -> None:
    """TW-9: immediate win at the target; judgement when the dead reach the limit."""
    if state.result is not None:
        return
    target = state.rules.target(len(state.seats))
    scores = {s: variants.team_score(state, s) for s in state.seats}
    reached = [s for s in state.seats if scores[s] >= target]
    if reached:
        acting = state.turn.seat if state.turn else None
        best = max(scores[s] for s in reached)
        top = [s for s in reached if scores[s] == best]
        winner = acting if acting in top else top[0]
        finish(state, variants.team_of(state, winner), "target", events,
               f"{winner} reached {best} of {target} points")
        return
    if state.dead >= state.rules.judgement_dead(len(state.seats)):
        judge(state, "judgement", events, f"{state.dead} dead")


def tiebreak_key(state, seat: str) -> tuple:
    """TW-9 judgement chain: points, rows advanced, enemy corpses, survivors, ammunition spent,
    then later in this round's turn order."""
    rows = 0
    for s in state.living(seat):
        if s.status == BOARD:
            rows = max(rows, rows_advanced(seat, s.cell))
    # "Later in the round's turn order": the clockwise order from the round's start player,
    # seats that already had their turn included (state.order only lists those still to act);
    # an interrupt's reordering is not counted [I].
    order = seat_order_from(state.seats, state.start or state.first or state.seats[0])
    return (judgement_points(state, seat), rows, state.carried_enemy_corpses(seat),
            len(state.living(seat)), state.spent.get(seat, 0), order.index(seat))


def judgement_points(state, seat: str) -> int:
    """Points at judgement: carried enemy corpses always count (TW-0 ``corpse_points``)."""
    points = variants.team_score(state, seat)
    if state.rules.corpse_points == "judgement":
        points += sum(state.carried_enemy_corpses(s) for s in variants.team_of(state, seat))
    return points


def judge(state, reason: str, events: list, detail: str = "") -> None:
    keys = {seat: tiebreak_key(state, seat) for seat in state.seats}
    winner = max(state.seats, key=lambda s: keys[s])
    finish(state, variants.team_of(state, winner), reason, events, detail)


def finish(state, winners: tuple, reason: str, events: list, detail: str = "") -> None:
    if state.rules.hidden_teams and state.teams:
        # [I] the winners name one side, so the game's end reveals every side (TW-11 hidden teams)
        for seat in state.seats:
            variants.reveal_team(state, seat, events)
    points = variants.team_score if reason == "target" else judgement_points
    scores = tuple((s, points(state, s)) for s in state.seats)
    state.result = Result(tuple(winners), reason, scores, detail)
    state.phase = "over"
    state.pending = ()
    events.append(make_event("end", "" if state.quiet else f"game over ({reason}): {' '.join(winners)} "
                                    f"win{'s' if len(winners) == 1 else ''}",
                             winners=tuple(winners), reason=reason))


__all__ = ["Result", "arrive", "kill", "sink", "escape", "check_end", "judge", "finish",
           "belongings_of", "transfer", "hand_over", "tiebreak_key"]
