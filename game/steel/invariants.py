"""Invariants that hold after every action (checked by tools/simulate.py, the tests, and
``parse_position``, which validates a whole position, not only each line)."""

from __future__ import annotations

from .actions import SEATS
from .cards import SIDES
from .effects import item_done, op_choices
from .state import NSIDES

_HIDDEN = "?"


def problems(state) -> list[tuple[str, str]]:
    """``(section, message)`` for every broken invariant; ``section`` names the position line
    (``escorts/0``: the indented escorts line of seat I)."""
    out = []
    rules = state.rules
    cs = rules.card_set
    phase = state.phase
    setup_done = phase in ("play", "resolve", "over") and None not in state.deploys
    if (phase == "over") != (state.result is not None):
        out.append(("result", f"SB-10: phase {phase} with result {'-' if state.result is None else 'set'}"))
    if phase == "chooser" and (state.chooser is not None or state.mechs != (None, None)):
        out.append(("chooser", "SB-3.2: the chooser is drawn before any mech is picked"))
    if phase == "mech" and state.chooser is None:
        out.append(("chooser", "SB-3.2: mechs are picked after the chooser is drawn"))
    if phase in ("deploy", "play", "resolve") and None in state.mechs:
        out.append(("mechs", f"SB-3.2: phase {phase} needs both mechs"))
        return out   # the checks below read the mechs (speeds, the tie-break)
    if state.mechs[0] is not None and state.mechs[0] == state.mechs[1]:
        out.append(("mechs", "SB-3.2: the players use different mech kinds"))
    for s in (0, 1):
        m = state.mechs[s]
        top = cs.mech(m).hp if m else 0
        if not 0 <= state.hp[s] <= top:
            out.append(("hp", f"SB-2: {SEATS[s]}'s HP {state.hp[s]} is outside 0..{top}"))
        if not 0 <= state.sp[s] <= rules.sp_max:
            out.append(("sp", f"SB-2.2: {SEATS[s]}'s SP {state.sp[s]} is outside 0..{rules.sp_max}"))
    if not 1 <= state.clock <= rules.clock_cells:
        out.append(("clock", f"SB-2.3: clock {state.clock} is outside 1..{rules.clock_cells}"))
    if state.clock >= rules.clock_cells and phase != "over":
        out.append(("clock", "SB-10.3: the clock reached its last cell but the game goes on"))
    if phase in ("chooser", "mech", "deploy"):
        out += _setup_problems(state)
    if phase in ("play", "resolve") and None in state.deploys:
        out.append(("deploy", f"SB-3.7: phase {phase} before both deployments"))
    for s in (0, 1):
        for i in range(NSIDES):
            eid, t = state.sides[s * NSIDES + i], state.tokens[s * NSIDES + i]
            dep = state.deploys[s]
            if eid is not None and (not setup_done or dep in (None, _HIDDEN) or dep[i] != eid):
                out.append((f"escorts/{s}",
                            f"SB-3.5: {SEATS[s]}'s {SIDES[i]} holds {eid}, not what was deployed there"))
            if not 0 <= t <= (rules.token_limit if eid is not None else 0):
                out.append((f"escorts/{s}", f"SB-8.2: {SEATS[s]}'s {SIDES[i]} has {t} tokens"))
        if setup_done and phase != "over" and (state.hp[s] <= 0 or not state.escorts_of(s)):
            out.append(("hp" if state.hp[s] <= 0 else f"escorts/{s}",
                        f"SB-10: {SEATS[s]} has lost but the game goes on"))
        pile = [c for c, _ in state.piles[s]]
        if len(set(pile)) != len(pile):
            out.append(("pile", f"SB-4.2: {SEATS[s]}'s pile holds a card twice"))
        if phase == "play" and any(cs.command(c).returns_to_hand for c in pile):
            out.append(("pile", f"SB-6.6: {SEATS[s]}'s recover card lies on the table between turns"))
    for s in (0, 1):
        p = state.plays[s]
        if p is None or p.card == _HIDDEN:
            continue
        if phase == "play" and p.card not in state.hand(s):
            out.append(("plays", f"SB-4.1: {SEATS[s]} plays {p.card}, which lies on its table pile"))
        half = cs.command(p.card).half(p.half)
        dep = state.deploys[s]
        card = None
        if half is not None and half.kind == "designate" and (half.target == "mech" or dep not in (None, _HIDDEN)):
            card = state.card_at(s, half.target)
        if phase in ("resolve", "over") and half is not None:
            speed = state.speeds[s]
            if half.kind != "designate":
                expect_ok = speed == half.speed
            elif speed is None:
                expect_ok = card is None or state.unit(s, half.target) is None
            else:
                expect_ok = card is not None and speed == card.speed
            if not expect_ok:
                out.append(("speeds", f"SB-5.1: {SEATS[s]}'s speed {speed} does not match its play"))
        if phase in ("resolve", "over"):
            present = state.speeds[s] is not None          # the unit was there at the reveal
        else:
            present = card is not None and state.unit(s, half.target) is not None
        wanted = rules.effect_choice_at == "play" and card is not None and present
        if p.effect == _HIDDEN:
            continue
        if wanted and (card.effect(p.effect) is None):
            out.append(("plays", f"SB-7.1: {SEATS[s]}'s play names no effect of {card.id}"))
        elif not wanted and p.effect:
            out.append(("plays", f"SB-7.1: {SEATS[s]}'s play names an effect, but none is chosen at play here"))
    if phase == "play" and None not in state.plays:
        out.append(("plays", "SB-4.2: both plays are committed but not revealed"))
    if phase == "resolve" and None in state.plays:
        out.append(("plays", "SB-4.2: resolving before both plays are committed"))
    if phase in ("chooser", "mech", "deploy") and state.plays != (None, None):
        out.append(("plays", "SB-4.1: a play during setup"))
    if phase == "resolve":
        expect = tuple(sorted((s for s in (0, 1) if state.speeds[s] is not None),
                              key=lambda s: (state.speeds[s], state.tie_order().index(s))))
        if state.order != expect:
            out.append(("order", "SB-5.2: the item order does not follow the speeds and the tie-break"))
        if state.step > len(state.order) + 2:
            out.append(("step", f"SB-4: step {state.step} past the end of the turn"))
    elif phase == "play" and (state.order or state.step):
        out.append(("order", "SB-5: an item order before the reveal"))
    c = state.cursor
    if c is not None:
        if phase != "resolve":
            out.append(("cursor", f"SB-5.3: an effect in progress in phase {phase}"))
        else:
            card = state.card_at(c[0], c[1]) if (c[1] == "mech" or state.deploys[c[0]] not in (None, _HIDDEN)) \
                else None
            eff = card.effect(c[2]) if card is not None and c[2] else None
            if card is None or (c[2] and eff is None) or (eff is not None and c[3] >= len(eff.ops)):
                out.append(("cursor", "SB-7: the effect in progress is not one of its unit's"))
            elif eff is not None:
                _, verb, options = op_choices(state, c[0], eff.ops[c[3]])
                if verb is None or len(options) < 2:
                    out.append(("cursor", f"SB-12: op {eff.ops[c[3]]} of {eff.id} asks no decision now"))
            elif state.unit(c[0], c[1]) is None:
                out.append(("cursor", "SB-7.1: an effect is being chosen for a unit not on the table"))
    elif phase == "resolve":
        out.append(("cursor", "SB-5.3: resolving with no decision pending"))
    for s in (0, 1):
        rec = state.replenish[s]
        if rec is not None:
            card = state.card_at(s, rec[0]) if state.deploys[s] not in (None, _HIDDEN) else None
            if card is None or card.effect(rec[1]) is None:
                out.append(("replenish", f"SB-9.3: {SEATS[s]}'s recorded effect is not its unit's"))
    return out


def _setup_problems(state) -> list[tuple[str, str]]:
    """SB-3: before the first turn every track is at its start and the table is empty."""
    rules, out = state.rules, []
    if state.turn != 0:
        out.append(("turn", f"SB-3: turn {state.turn} during setup (phase {state.phase}); setup is turn 0"))
    for s in (0, 1):
        if state.piles[s]:
            out.append(("pile", f"SB-3.3: {SEATS[s]} has a card on its table pile before the first turn"))
        m = state.mechs[s]
        full = rules.card_set.mech(m).hp if m else 0
        if state.hp[s] != full:
            out.append(("hp", f"SB-3.2: {SEATS[s]}'s HP is {state.hp[s]} before the first turn, not {full}"))
        if state.sp[s] != rules.sp_start:
            out.append(("sp", f"SB-3.4: {SEATS[s]}'s SP is {state.sp[s]} before the first turn, "
                              f"not sp_start={rules.sp_start}"))
    if state.dist != rules.distance_start:
        out.append(("distance", f"SB-3.4: the distance is {state.dist} before the first turn, "
                                f"not distance_start={rules.distance_start}"))
    if state.clock != 1:
        out.append(("clock", f"SB-3.6: the clock is on cell {state.clock} before the first turn, not 1"))
    for key, value, blank in (("speeds", state.speeds, (None, None)), ("order", state.order, ()),
                              ("step", state.step, 0), ("cancelled", state.cancelled, (False, False)),
                              ("shielded", state.shielded, (False, False)),
                              ("attacked", state.attacked, (False, False)),
                              ("replenish", state.replenish, (None, None))):
        if value != blank:
            out.append((key, f"SB-3: {key} is set before the first turn"))
    return out


def check_invariants(state) -> list[str]:
    """Every broken invariant, as a message naming its rule id; empty when all hold."""
    return [message for _, message in problems(state)]


def check_view(state, v) -> list[str]:
    """SB-11: the view ``v`` of ``state`` holds no secret of the other seat: no generator; during
    deployment no other deployment (SB-3.5); no other play before both are revealed (SB-4.1);
    with ``effect_choice_at = play`` no other effect named before its item begins (SB-7.1)."""
    who = v.viewer or "the spectator"
    me = SEATS.index(v.viewer) if v.viewer is not None else None
    errors = []
    if v.rng is not None:
        errors.append(f"SB-11: the view of {who} shows the generator")
    for s in (0, 1):
        if s == me:
            continue
        if state.phase == "deploy" and state.deploys[s] is not None and v.deploys[s] != _HIDDEN:
            errors.append(f"SB-3.5: the view of {who} shows {SEATS[s]}'s deployment before both are turned up")
        real, shown = state.plays[s], v.plays[s]
        if real is None:
            continue
        if state.phase == "play" and (shown.card, shown.half, shown.effect) != (_HIDDEN,) * 3:
            errors.append(f"SB-4.1: the view of {who} shows {SEATS[s]}'s committed play before the reveal")
        c = state.cursor
        begun = item_done(state, s) or (c is not None and c[0] == s and c[4] == "item")
        if (state.phase == "resolve" and real.effect and real.effect != _HIDDEN and not begun
                and shown.effect != _HIDDEN):
            errors.append(f"SB-7.1: the view of {who} shows {SEATS[s]}'s effect before its item begins")
    return errors
