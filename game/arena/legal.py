"""Who decides and what is legal (IA-4.3 to 4.6, IA-5.1, IA-6.1 to 6.5, IA-9, IA-12.8, IA-13),
and the chance outcomes.  ``explain`` gives a refused action's message, rule id first."""

from __future__ import annotations

from itertools import product

from ..core.errors import IllegalActionError
from ..core.rng import Rng
from .actions import make_action
from .model import SEATS, STEPS

_FIRST = (make_action("chance", "first", "", ("A",)), make_action("chance", "first", "", ("B",)))
_ROLLS: dict = {}


def rolls(n: int) -> tuple:
    """Every ordered roll of ``n`` d6, as actions (IA-12.8: 6^n equally likely)."""
    out = _ROLLS.get(n)
    if out is None:
        out = _ROLLS[n] = tuple(make_action("chance", "roll", "", faces)
                                for faces in product(range(1, 7), repeat=n))
    return out


# == restrictions and costs ========================================================
def surcharge(st, p: int, k: int, unit) -> int | None:
    """IA-4.3, IA-4.4: 0 for a free unit, the surcharge for a restricted one, None if a restricted
    unit cannot act (dice, or ``restricted_surcharge = none``).  Restricted for both reasons pays
    one surcharge, not two [I] (IA-4.4)."""
    last_k, quick = st.last[p]
    if not (unit.pinned or (last_k == k and not quick and st.rules.restrict_last_activated)):
        return 0
    r = st.rules
    if r.dice or r.restricted_surcharge < 0:
        return None
    return r.restricted_surcharge


def revive_steps(rules) -> tuple:
    """IA-6.4 (A7: the step is mandatory) and IA-12.5 (the reviver may stay)."""
    return ("forward", "back", "stay") if rules.revive_step == "optional" else ("forward", "back")


def dice_count(st, act) -> int:
    """Dice of the roll an act calls for (IA-12.2, IA-12.3)."""
    r = st.rules
    t = st.table
    d = t.by_name[(t.type_index[act.unit], act.verb)]
    if d.roll == "hit":
        return r.hit_dice
    target = t.type_index[act.args[-1]]
    if target == t.heavy and r.heavy_armour == "fewer_kill_dice":
        return r.kill_dice_heavy
    return r.kill_dice


def cancel_cost(st, d, target_index: int) -> int | None:
    """IA-7.1, IA-7.2: the cancel cost of an attack on a unit, None if it cannot be cancelled.

    Heavy armour (A5, ``zero_at_one``): 0 at exactly 1 damage, else the damage [I];
    ``minus_one``: damage - 1, at least 0.  It only changes the target's-damage costs (kills)."""
    if d.cancel is None:
        return None
    if d.cancel >= 0:
        return d.cancel
    target = st.units[target_index]
    cost = target.damage
    if target_index % 3 == st.table.heavy:
        mode = st.rules.heavy_armour
        if mode == "zero_at_one" and cost == 1:
            cost = 0
        elif mode == "minus_one":
            cost = max(0, cost - 1)
    return cost


# == legal acts ======================================================================
def acts(st) -> list:
    """Every legal act of P (IA-5.1), in a canonical order: units, then moves, revives, attacks,
    then targets.  Checks, per unit: living (IA-8.5), restricted and surcharge (IA-4.3, 4.4), cost
    and spirit (IA-5.1, IA-6.7), edges (IA-6.1), Revive's step and ally (IA-6.4, IA-12.5), living
    targets (IA-6.5), range (IA-9.1) and the melee restriction (IA-9.2)."""
    r = st.rules
    t = st.table
    p = st.player
    units = st.units
    if p:
        mine, theirs = units[3:], units[:3]
    else:
        mine, theirs = units[:3], units[3:]
    dice = t.dice
    held = 99 if dice else st.provisions[p]
    last_k, quick = st.last[p]
    restrict_k = last_k if r.restrict_last_activated and not quick else -1
    surcharge_n = -1 if dice else r.restricted_surcharge
    enemies = []
    enemy_front = False
    for j, e in enumerate(theirs):
        if e.living:
            enemies.append((j, e.row))
            if not e.row:
                enemy_front = True
    fallen = [(j, a.row) for j, a in enumerate(mine) if not a.living]
    moves, revives, attacks = t.moves[p], t.revives[p], t.attacks[p]
    out = []
    k = -1
    for u in mine:
        k += 1
        if not u.living:
            continue
        budget = held
        if u.pinned or k == restrict_k:
            if surcharge_n < 0:
                continue
            budget -= surcharge_n
        row = u.row
        spirit = u.spirit
        for action, cost, spirit_cost in moves[k][row]:
            if cost <= budget and spirit_cost <= spirit:
                out.append(action)
        if fallen and budget >= 0 and revives[k]:
            revive = revives[k]
            for step in revive_steps(r):
                dest = row + STEPS[step]
                for j, ally_row in fallen:
                    if ally_row == dest:
                        out.append(revive[(step, t.types[j])])
        melee_bound = enemy_front and not row
        for reach, cost, spirit_cost, by_target in attacks[k]:
            if cost <= budget and spirit_cost <= spirit:
                reach -= row
                for j, target_row in enemies:
                    if target_row <= reach and not (melee_bound and target_row):
                        out.append(by_target[j])
    return out


def legal_tuple(st) -> tuple:
    """The legal actions now (chance outcomes at a chance node), as an immutable tuple."""
    phase = st.phase
    if phase == "act":
        out = acts(st)
        if not st.rules.must_act:
            out.append(make_action(SEATS[st.player], "pass"))
        return tuple(out)
    if phase == "cancel":
        seat = SEATS[1 - st.player]
        return (make_action(seat, "cancel"), make_action(seat, "allow"))
    if phase == "roll":
        return rolls(dice_count(st, st.pending))
    if phase == "first":
        return _FIRST
    return ()


# == chance ============================================================================
def chance_outcomes(st) -> list:
    """``[(action, probability), ...]`` at a chance node (IA-3.3: 1/2 each; IA-12.8: 6^-n)."""
    if st.phase not in ("first", "roll"):
        return []
    outcomes = legal_tuple(st)
    p = 1.0 / len(outcomes)
    return [(a, p) for a in outcomes]


def sample_chance(st):
    """The outcome the state's generator draws now: one 64-bit draw scaled to the outcome count.

    The generator advances when a chance outcome is *applied* (sampled here or given), so a
    recorded game replays to the identical position, ``rng:`` line included."""
    if st.phase not in ("first", "roll"):
        raise IllegalActionError("IA-5: not a chance node: " + (
            f"{SEATS[st.player] if st.phase == 'act' else SEATS[1 - st.player]} decides now"
            if st.phase in ("act", "cancel") else "the game is over"))
    outcomes = st.legal_actions()
    return outcomes[(Rng(st.rng).next_u64() * len(outcomes)) >> 64]
