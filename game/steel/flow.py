"""Applying actions: setup (SB-3), the turn (SB-4), resolution order (SB-5), moves and
recover (SB-6), designated units (SB-7) and the end of the game (SB-10).

``apply`` validates against the legal list (refusals explained by ``legal.explain``),
applies the decision, then runs the resolution forward until the next decision.
"""

from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.events import make_event
from ..core.rng import Rng
from .actions import SEATS, Action
from .cards import SIDES
from .effects import apply_op, check, op_choices, set_at, unit_ref
from .legal import explain
from .state import NSIDES, Result, make_play


def apply(state, action) -> list:
    """Validate and apply ``action`` (a value or its text); return the events."""
    a = action if action.__class__ is Action else Action.parse(action)
    legal = state.legal_actions()
    for x in legal:             # legal lists hold shared actions: identity first, equality after
        if x is a:
            break
    else:
        if a not in legal:
            raise IllegalActionError(explain(state, a))
    state.legal_cache = None
    events: list = []
    verb = a.verb
    if verb == "play":
        _play(state, a, events)
    elif state.phase == "resolve":
        _decide(state, a, events)
    elif verb == "chooser":
        _chooser(state, a, events)
    elif verb == "mech":
        _mech(state, a.seat, a.args[0], events)
    else:
        _deploy(state, a, events)
    if state.phase == "resolve":
        run(state, events)
    return events


# -- setup (SB-3) -----------------------------------------------------------------
def _chooser(state, a, events) -> None:
    rng = Rng(state.rng)
    rng.next_u64()                      # the draw behind this outcome, applied or given
    state.rng = rng.state
    state.chooser = SEATS.index(a.args[0])
    state.phase = "mech"
    events.append(make_event("chooser", f"chance: {a.args[0]} picks a mech first", seat=a.args[0]))


def _mech(state, seat: int, mid: str, events) -> None:
    mech = state.rules.card_set.mech(mid)
    state.mechs = set_at(state.mechs, seat, mid)
    state.hp = set_at(state.hp, seat, mech.hp)
    events.append(make_event("mech", f"{SEATS[seat]} takes the {mech.name_en} mech ({mech.hp} HP)",
                             seat=SEATS[seat], mech=mid, hp=mech.hp, unit=unit_ref(seat, "mech")))
    other = 1 - seat
    if state.mechs[other] is None:
        left = [m.id for m in state.rules.card_set.mechs if m.id != mid]
        if len(left) == 1:                  # SB-3.2/SB-12 (interpretation): a forced pick is taken unasked
            _mech(state, other, left[0], events)
        return
    unused = [m.id for m in state.rules.card_set.mechs if m.id not in state.mechs]
    events.append(make_event("mechs_out", f"unused mech cards leave the game: {', '.join(unused) or '-'}",
                             mechs=tuple(unused)))
    state.phase = "deploy"


def _deploy(state, a, events) -> None:
    seat = a.seat
    state.deploys = set_at(state.deploys, seat, a.args)
    events.append(make_event("deployed", f"{a.actor} puts four escorts face down", seat=a.actor))
    events.append(make_event("deploy", f"{a.actor} deploys {' '.join(a.args)}", seen_by=frozenset({a.actor}),
                             seat=a.actor, escorts=a.args))
    if None in state.deploys:
        return
    state.sides = state.deploys[0] + state.deploys[1]
    state.tokens = (0,) * (2 * NSIDES)
    for s in (0, 1):
        left = [u.id for u in state.rules.card_set.escorts if u.id not in state.deploys[s]]
        events.append(make_event("escorts", f"{SEATS[s]}'s escorts turn face up: " + ", ".join(
            f"{side} {eid}" for side, eid in zip(SIDES, state.deploys[s])), seat=SEATS[s],
            sides=tuple(zip(SIDES, state.deploys[s])), leftover=tuple(left)))
    events.append(make_event("clock", f"the clock is formed; its piece on cell {state.clock}",
                             before=state.clock, after=state.clock, how="start"))
    _start_turn(state, events)


def _start_turn(state, events) -> None:
    state.turn += 1
    state.phase = "play"
    state.plays = (None, None)
    state.order = ()
    state.speeds = (None, None)
    state.step = 0
    state.cursor = None
    state.cancelled = state.shielded = state.attacked = (False, False)
    state.replenish = (None, None)
    ev = _EVENTS.get(("turn", state.turn))
    if ev is None:
        ev = _EVENTS["turn", state.turn] = make_event("turn", f"turn {state.turn}", turn=state.turn)
    events.append(ev)


#: Events are immutable values, so the frequent ones are built once per content and shared
#: (keys hold everything the event shows).
_EVENTS: dict = {}


# -- play and reveal (SB-4, SB-5.1/5.2) --------------------------------------------
def _play(state, a, events) -> None:
    """SB-4.1: a play committed face down: public that it happened, private what it is."""
    cached = _EVENTS.get(a)
    if cached is None:
        args = a.args
        play = make_play(args[0], args[1], args[2] if len(args) > 2 else "")
        cached = _EVENTS[a] = (play, make_event("committed", f"{a.actor} plays a card face down", seat=a.actor),
                               make_event("play", f"{a.actor} plays {' '.join(args)}",
                                          seen_by=frozenset({a.actor}), seat=a.actor, card=args[0],
                                          half=args[1]))
    play, public, private = cached
    events.append(public)
    events.append(private)
    if a.seat == 0:
        state.plays = (play, state.plays[1])
        if state.plays[1] is not None:
            _reveal(state, events)
    else:
        state.plays = (state.plays[0], play)
        if state.plays[0] is not None:
            _reveal(state, events)


def _halves(rules) -> dict:
    """``(card id, half token) -> Half`` for the ruleset's card set (memoized)."""
    halves = rules.memo.get("halves")
    if halves is None:
        halves = rules.memo["halves"] = {(c.id, h.token): h for c in rules.card_set.commands for h in c.halves}
    return halves


def _reveal(state, events) -> None:
    """SB-4.2: both plays turn up together and go onto their piles; SB-5.1/5.2: the item order."""
    halves = _halves(state.rules)
    p0, p1 = state.plays
    state.piles = (state.piles[0] + ((p0.card, p0.half),), state.piles[1] + ((p1.card, p1.half),))
    speeds = []
    for s, p in ((0, p0), (1, p1)):
        half = halves[p.card, p.half]
        if half.kind == "designate":
            unit = state.unit(s, half.target)
            speeds.append(unit.speed if unit is not None else None)   # SB-5.1 [I]: empty side, no item
        else:
            speeds.append(half.speed)
    a, b = speeds
    state.speeds = (a, b)
    if a is None or b is None:
        state.order = () if a is None and b is None else (1,) if a is None else (0,)
    elif a != b:
        state.order = (0, 1) if a < b else (1, 0)
    else:
        state.order = state.tie_order()
    state.phase = "resolve"
    key = ("reveal", p0, p1, a, b, state.order)
    ev = _EVENTS.get(key)
    if ev is None:
        ev = _EVENTS[key] = make_event(
            "reveal", f"I reveals {p0.card} {p0.half}, II reveals {p1.card} {p1.half}"
            + "".join(f" ({SEATS[s]}: an empty side, no item)" for s in (0, 1) if speeds[s] is None),
            plays=((p0.card, p0.half), (p1.card, p1.half)), speeds=(a, b),
            order=tuple(SEATS[s] for s in state.order))
    events.append(ev)


# -- resolution (SB-5 to SB-9) -----------------------------------------------------
def run(state, events) -> None:
    """Resolve items (then the end-of-turn effects) until a decision is due or the game ends."""
    while state.phase == "resolve":
        if state.cursor is not None:
            if not _run_ops(state, events):
                return
            continue
        n = len(state.order)
        step = state.step
        if step < n:
            _start_item(state, state.order[step], events)
        elif step < n + 2:
            _end_effect(state, state.tie_order()[step - n], events)
        else:
            _start_turn(state, events)


def _next(state) -> None:
    state.cursor = None
    state.step += 1


def _start_item(state, seat: int, events) -> None:
    p = state.plays[seat]
    half = _halves(state.rules)[p.card, p.half]
    speed = state.speeds[seat]
    if half.kind == "move":
        _move(state, seat, half, events)
        return _next(state)
    if half.kind == "recover":
        _recover(state, seat, events)
        if state.phase == "resolve":
            _next(state)
        return
    unit = state.unit(seat, half.target)
    if unit is None:                         # SB-5.4 [I]: destroyed before its item
        gone = state.card_at(seat, half.target)
        events.append(make_event("item", f"{SEATS[seat]}'s {gone.name_en} is gone: the item does nothing",
                                 seat=SEATS[seat], target=half.target, speed=speed, unit=None,
                                 was=unit_ref(seat, gone.id)))
        return _next(state)
    key = ("item", seat, half.target, speed, id(unit))          # card sets stay loaded: stable ids
    ev = _EVENTS.get(key)
    if ev is None:
        ev = _EVENTS[key] = make_event("item", f"{SEATS[seat]}'s {unit.name_en} acts (speed {speed})",
                                       seat=SEATS[seat], target=half.target, speed=speed,
                                       unit=unit_ref(seat, "mech" if half.target == "mech" else unit.id))
    events.append(ev)
    if p.effect:
        return _begin_effect(state, seat, half.target, unit.effect(p.effect), events)
    if len(unit.effects) == 1:
        return _begin_effect(state, seat, half.target, unit.effects[0], events)
    state.cursor = (seat, half.target, "", 0, "item")      # SB-7.1: the owner chooses now


def choose_effect(state, seat: int, target: str, effect_id: str, events) -> None:
    unit = state.unit(seat, target)
    _begin_effect(state, seat, target, unit.effect(effect_id), events)


def _begin_effect(state, seat: int, target: str, eff, events) -> None:
    """SB-7.3/7.4: the checks, then pay and apply the ops (an if_attacked effect is recorded)."""
    key = ("effect", seat, target, id(eff))    # card sets stay loaded (cards._CACHE), so ids are stable
    ev = _EVENTS.get(key)
    if ev is None:
        ev = _EVENTS[key] = make_event("effect", f"{SEATS[seat]} uses {eff.name_en} ({eff.name_jp})",
                                       seat=SEATS[seat], target=target, effect=eff.id, sp=eff.sp,
                                       timing=eff.timing)
    events.append(ev)
    if eff.timing == "if_attacked":
        if state.dist not in eff.dist:
            _fizzle(state, seat, eff, f"SB-7.3: {eff.id} works at distance "
                                      f"{','.join(map(str, eff.dist))}, not {state.dist}", events)
        else:
            state.replenish = set_at(state.replenish, seat, (target, eff.id))
            events.append(make_event("pending", f"{eff.name_en} waits for the end of the turn",
                                     seat=SEATS[seat], target=target, effect=eff.id))
        return _next(state)
    reason = check(state, seat, eff)
    if reason is not None:
        _fizzle(state, seat, eff, reason, events)
        return _next(state)
    _pay(state, seat, eff, events)
    if eff.is_attack and not state.shielded[1 - seat]:
        state.attacked = set_at(state.attacked, 1 - seat, True)     # SB-8.6
    state.cursor = (seat, target, eff.id, 0, "item")


def _fizzle(state, seat, eff, reason, events) -> None:
    events.append(make_event("fizzle", f"{eff.name_en} does nothing: {reason}", seat=SEATS[seat],
                             effect=eff.id, reason=reason))


def _pay(state, seat, eff, events) -> None:
    if eff.sp:
        before = state.sp[seat]
        state.sp = set_at(state.sp, seat, before - eff.sp)
        events.append(make_event("sp", f"{SEATS[seat]} pays {eff.sp} SP ({before - eff.sp} left)",
                                 seat=SEATS[seat], before=before, after=before - eff.sp, how="pay"))


def _run_ops(state, events) -> bool:
    """Apply the cursor's ops from its op index; False when one waits on a decision."""
    seat, target, effect, i, stage = state.cursor
    if not effect:
        return False
    ops = state.card_at(seat, target).effect(effect).ops
    while i < len(ops):
        op = ops[i]
        _, verb, options = op_choices(state, seat, op)
        if verb is not None and len(options) > 1:
            state.cursor = (seat, target, effect, i, stage)
            return False
        apply_op(state, seat, op, options[0] if options else (), events)
        if _check_victory(state, events):
            return False
        i += 1
    _next(state)
    return True


def _decide(state, a, events) -> None:
    """A decision inside the item in progress: the effect (SB-7.1) or an op's choice."""
    seat, target, effect, i, stage = state.cursor
    if a.verb == "effect":
        state.cursor = None
        return choose_effect(state, seat, target, a.args[0], events)
    op = state.card_at(seat, target).effect(effect).ops[i]
    apply_op(state, seat, op, a.args, events)
    if _check_victory(state, events):
        return
    state.cursor = (seat, target, effect, i + 1, stage)


def _end_effect(state, seat: int, events) -> None:
    """SB-4.4/SB-9.3: a recorded if_attacked effect triggers if its owner was attacked this turn."""
    rec = state.replenish[seat]
    if rec is None:
        return _next(state)
    target, effect_id = rec
    eff = state.card_at(seat, target).effect(effect_id)
    if state.unit(seat, target) is None and state.rules.replenish_needs_medic:
        reason = f"SB-9.3: {SEATS[seat]}'s {target} unit has left the table"      # [I]
    elif not state.attacked[seat]:
        reason = f"SB-9.3: {SEATS[seat]} was not attacked this turn"
    elif state.sp[seat] < eff.sp:
        reason = f"SB-7.3: {eff.id} costs {eff.sp} SP, {SEATS[seat]} has {state.sp[seat]}"
    else:
        reason = None
    if reason is not None:
        _fizzle(state, seat, eff, reason, events)
        return _next(state)
    events.append(make_event("trigger", f"{SEATS[seat]}'s {eff.name_en} triggers", seat=SEATS[seat],
                             target=target, effect=eff.id))
    _pay(state, seat, eff, events)
    if eff.is_attack and not state.shielded[1 - seat]:
        state.attacked = set_at(state.attacked, 1 - seat, True)
    state.cursor = (seat, target, eff.id, 0, "end")


# -- moves and recover (SB-6) -------------------------------------------------------
def _move(state, seat: int, half, events) -> None:
    if state.cancelled[seat]:
        events.append(make_event("move", f"{SEATS[seat]}'s {half.move} was cancelled: nothing happens",
                                 seat=SEATS[seat], move=half.move, before=state.dist, after=state.dist,
                                 result="cancelled"))
        return
    before = state.dist
    after = min(3, max(1, before + state.rules.steps(half)))
    state.dist = after
    key = ("move", seat, half.move, before, after)
    ev = _EVENTS.get(key)
    if ev is None:
        ev = _EVENTS[key] = make_event("move", f"{SEATS[seat]}: {half.move} {before} -> {after}"
                                       + (" (void)" if after == before else ""), seat=SEATS[seat], move=half.move,
                                       before=before, after=after, result="void" if after == before else "moved")
    events.append(ev)


def _recover(state, seat: int, events) -> None:
    rules = state.rules
    cs = rules.card_set
    pile = state.piles[seat]
    back = tuple(c for c, _ in pile if not cs.command(c).returns_to_hand)
    before = state.sp[seat]
    sp = min(rules.sp_max, before + rules.recover_sp * len(back))
    state.sp = set_at(state.sp, seat, sp)
    events.append(make_event("recover", f"{SEATS[seat]} recovers {len(back)} card(s): SP {before} -> {sp}",
                             seat=SEATS[seat], cards=back, before=before, after=sp))
    # SB-6.6a: the other cards go back to the hand before the clock moves
    state.piles = set_at(state.piles, seat, tuple(x for x in pile if cs.command(x[0]).returns_to_hand))
    clock = min(rules.clock_cells, state.clock + rules.recover_clock)
    events.append(make_event("clock", f"the clock advances {state.clock} -> {clock}", before=state.clock,
                             after=clock, how="recover"))
    state.clock = clock
    if clock >= rules.clock_cells:
        # SB-6.6c: the game ends at once, before (d); the recover card stays on the final pile
        _end_by_clock(state, events)
        return
    state.piles = set_at(state.piles, seat, ())       # SB-6.6d: the recover card returns to hand


# -- the end (SB-10) ------------------------------------------------------------------
def _finish(state, winners, reason, events) -> None:
    """The result (interpretation: a draw has no winners; scores are always the SB-10.3 scores)."""
    state.result = Result(tuple(SEATS[s] for s in winners), reason, (state.score(0), state.score(1)))
    state.phase = "over"
    state.cursor = None
    text = f"{SEATS[winners[0]]} wins" if winners else "a draw"
    events.append(make_event("end", f"game over ({reason}): {text}", winners=state.result.winners,
                             reason=reason, scores=state.result.scores))


def _check_victory(state, events) -> bool:
    """SB-10.1/10.2/10.4: a mech at 0 HP or no escort left loses at once."""
    hp, sides = state.hp, state.sides
    lost = [s for s in (0, 1) if hp[s] <= 0 or sides[s * NSIDES:(s + 1) * NSIDES].count(None) == NSIDES]
    if not lost:
        return False
    if len(lost) == 2:
        _finish(state, [], "both", events)          # SB-10.4 [I]: a draw
    else:
        s = lost[0]
        _finish(state, [1 - s], "mech" if state.hp[s] <= 0 else "escorts", events)
    return True


def _end_by_clock(state, events) -> None:
    """SB-10.3: higher score wins; equal is a draw."""
    a, b = state.score(0), state.score(1)
    _finish(state, [0] if a > b else [1] if b > a else [], "clock", events)
