"""Why an action is refused: the message of an ``IllegalActionError``, rule id first.

Called only for an action that is not in the legal list, so it can take its time."""

from __future__ import annotations

from .legal import revive_steps, surcharge
from .model import ROW_NAMES, SEATS, STEPS, distance


def explain(st, a) -> str:
    phase = st.phase
    if phase == "over":
        return "IA-11.4: the game is over"
    if a.actor == "chance":
        if phase == "first":
            return f"IA-3.3: the first player is drawn now ('chance first A' or 'chance first B'), not '{a}'"
        if phase == "roll":
            n = len(st.legal_actions()[0].args)
            return f"IA-12.8: this roll takes {n} dice ('chance roll' with {n} faces 1-6), not '{a}'"
        return f"IA-5: not a chance node: {st.current_player()} decides now"
    if phase == "first":
        return "IA-3.3: the first player is not chosen yet: a chance outcome ('chance first A|B') comes first"
    if phase == "roll":
        return f"IA-12.8: a dice roll is due for {st.pending}; nobody decides before it"
    seat = st.current_player()
    if a.actor != seat:
        if phase == "cancel":
            return f"IA-5.3: {seat} decides the cancel window of {st.pending}, not {a.actor}"
        return f"IA-4: it is {seat}'s turn, not {a.actor}'s"
    if phase == "cancel":
        return f"IA-5.3: {seat} may only 'cancel' or 'allow' {st.pending}"
    if a.verb in ("cancel", "allow"):
        return "IA-5.3: no cancel window is open: P acts now"
    if a.verb == "pass":
        return f"IA-4.5: no voluntary pass: {seat} has a legal act and must make one"
    return _explain_act(st, a)


def _explain_act(st, a) -> str:
    r = st.rules
    t = st.table
    units_rule = "IA-12.1" if r.dice else "IA-6"
    if a.unit not in t.type_index:
        return f"IA-1: ruleset {r.ruleset} has no unit {a.unit!r} (units: {', '.join(t.types)})"
    k = t.type_index[a.unit]
    d = t.by_name.get((k, a.verb))
    if d is None:
        names = ", ".join(x.name for x in t.actions[k])
        return f"{units_rule}: the {a.unit} has no action {a.verb!r} ({names})"
    p = st.player
    i = 3 * p + k
    u = st.units[i]
    me = f"{a.actor}'s {a.unit}"
    if not u.living:
        return f"IA-8.5: {me} is fallen and cannot be activated"
    extra = surcharge(st, p, k, u)
    if extra is None:
        why = "pinned" if u.pinned else "activated on the previous turn"
        rule = "IA-12" if r.dice else "IA-4.4"
        return f"{rule}: {me} is restricted ({why}, IA-4.3) and a restricted unit cannot act"
    if not r.dice:
        held = st.provisions[p]
        if held < d.cost + extra:
            if held >= d.cost:
                return (f"IA-4.4: {me} is restricted (IA-4.3) and pays a surcharge of {extra}: "
                        f"{d.name} costs {d.cost + extra} in all, {a.actor} holds {held}")
            return f"IA-5.1: {d.name} costs {d.cost} provisions, {a.actor} holds {held}"
    if u.spirit < d.spirit_cost:
        rule = "IA-12.3" if r.dice else "IA-6.7"
        return f"{rule}: {d.name} needs {d.spirit_cost} spirit, {me} has {u.spirit}"
    row = u.row
    if d.kind == "forward" and row == 0:
        return f"IA-6.1: {me} is in the front row and cannot {d.name} (A8)"
    if d.kind == "retreat" and row == 2:
        return f"IA-6.1: {me} is in the back row and cannot retreat (A8)"
    if d.kind == "revive":
        rule = "IA-12.5" if r.dice else "IA-6.4"
        step, ally = a.args
        if step not in revive_steps(r):
            return f"{rule}: the Revive step is mandatory (A7): forward or back, not stay"
        dest = row + STEPS[step]
        if not 0 <= dest <= 2:
            return f"{rule}: {me} in the {ROW_NAMES[row]} row cannot step {step}"
        if ally not in t.type_index:
            return f"IA-1: ruleset {r.ruleset} has no unit {ally!r}"
        j = 3 * p + t.type_index[ally]
        if st.units[j].living:
            return f"{rule}: {a.actor}'s {ally} is not fallen"
        if st.units[j].row != dest:
            return (f"{rule}: {a.actor}'s {ally} lies in the {ROW_NAMES[st.units[j].row]} row, "
                    f"not the {ROW_NAMES[dest]} row the step leads to")
        return f"{rule}: not a legal Revive now"
    if d.kind == "attack":
        target = a.args[0]
        if target not in t.type_index:
            return f"IA-1: ruleset {r.ruleset} has no unit {target!r}"
        o = 1 - p
        tu = st.units[3 * o + t.type_index[target]]
        them = f"{SEATS[o]}'s {target}"
        if not tu.living:
            return f"IA-6.5: {them} is fallen and cannot be targeted"
        dist = distance(row, tu.row)
        if dist > d.range:
            return (f"IA-9.1: {them} in its {ROW_NAMES[tu.row]} row is at distance {dist} from {me} in the "
                    f"{ROW_NAMES[row]} row, beyond {d.name}'s range {d.range}")
        if row == 0 and tu.row != 0:
            return (f"IA-9.2: {me} in the front row may target only {SEATS[o]}'s front row while "
                    f"{SEATS[o]} has a living unit there")
    return f"IA-5.1: '{a}' is not a legal act now"
