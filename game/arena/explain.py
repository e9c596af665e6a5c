"""Why an action is refused: the message of an ``IllegalActionError``, rule id first.

Called only for an action that is not in the legal list, so it can take its time."""

from __future__ import annotations

from dataclasses import dataclass

from .legal import revive_steps, surcharge
from .model import ROW_NAMES, SEATS, STEPS, distance


def explain(st, a) -> str:
    """The message of the ``IllegalActionError`` that refuses ``a`` (English, rule id first)."""
    why = _why(st, a)
    return why if isinstance(why, str) else why.english()


def refusal_of(st, a) -> "Refusal | None":
    """The refusal of ``a`` as a :class:`Refusal` when ``a`` is an act of the seat to move refused by
    a rule of acting (the table words it in any language); None for a refusal of another kind."""
    why = _why(st, a)
    return None if isinstance(why, str) else why


def _why(st, a):
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
    return act_refusal(st, a)


#: English sentences of the refusals of an act (``refusal``), by key; ``{me}`` / ``{them}`` name a unit
#: ("A's cavalry"), ``{act}`` the act's name, ``{row}`` / ``{dest}`` / ``{target_row}`` a row.  The
#: table prints them in the language in use from the same key and fields (``arena.refuse.<key>``).
ACT_REFUSALS = {
    "no_unit": "ruleset {ruleset} has no unit {unit!r} (units: {units})",
    "no_action": "the {unit} has no action {verb!r} ({names})",
    "fallen": "{me} is fallen and cannot be activated",
    "restricted": "{me} is restricted ({why}, IA-4.3) and a restricted unit cannot act",
    "surcharge": "{me} is restricted (IA-4.3) and pays a surcharge of {extra}: {act} costs {total} in all, "
                 "{seat} holds {held}",
    "provisions": "{act} costs {cost} provisions, {seat} holds {held}",
    "spirit": "{act} needs {need} spirit, {me} has {spirit}",
    "front_forward": "{me} is in the front row and cannot {act} (A8)",
    "back_retreat": "{me} is in the back row and cannot retreat (A8)",
    "revive_stay": "the Revive step is mandatory (A7): forward or back, not stay",
    "revive_off": "{me} in the {row} row cannot step {step}",
    "no_ally": "ruleset {ruleset} has no unit {ally!r}",
    "ally_living": "{seat}'s {ally} is not fallen",
    "ally_row": "{seat}'s {ally} lies in the {target_row} row, not the {dest} row the step leads to",
    "revive": "not a legal Revive now",
    "no_target": "ruleset {ruleset} has no unit {target!r}",
    "target_fallen": "{them} is fallen and cannot be targeted",
    "range": "{them} in its {target_row} row is at distance {dist} from {me} in the {row} row, beyond "
             "{act}'s range {range}",
    "melee": "{me} in the front row may target only {other}'s front row while {other} has a living unit there",
    "not_legal": "'{action}' is not a legal act now",
}


@dataclass(frozen=True)
class Refusal:
    """Why an act is refused: its rule id, a key of :data:`ACT_REFUSALS` and the sentence's fields
    as ids (units as ``A.cavalry``, rows as names, acts by name), so a table can say it in any language."""

    rule: str
    key: str
    fields: tuple = ()

    def english(self) -> str:
        """The core's message: "IA-9.1: B's archer in its back row is at distance 2 ..."."""
        values = {}
        for name, value in self.fields:
            if name in ("me", "them"):
                seat, kind = value.split(".", 1)
                value = f"{seat}'s {kind}"
            values[name] = value
        return f"{self.rule}: " + ACT_REFUSALS[self.key].format(**values)


def act_refusal(st, a) -> Refusal:
    """The refusal of ``a``, an act of the seat to move in a turn's action phase that is not legal."""
    def no(rule, key, **fields):
        return Refusal(rule, key, tuple(fields.items()))
    r = st.rules
    t = st.table
    units_rule = "IA-12.1" if r.dice else "IA-6"
    if a.unit not in t.type_index:
        return no("IA-1", "no_unit", ruleset=r.ruleset, unit=a.unit, units=", ".join(t.types))
    k = t.type_index[a.unit]
    d = t.by_name.get((k, a.verb))
    if d is None:
        return no(units_rule, "no_action", unit=a.unit, verb=a.verb, names=", ".join(x.name for x in t.actions[k]))
    p = st.player
    i = 3 * p + k
    u = st.units[i]
    me = f"{a.actor}.{a.unit}"
    if not u.living:
        return no("IA-8.5", "fallen", me=me)
    extra = surcharge(st, p, k, u)
    if extra is None:
        why = "pinned" if u.pinned else "activated on the previous turn"
        return no("IA-12" if r.dice else "IA-4.4", "restricted", me=me, why=why)
    if not r.dice:
        held = st.provisions[p]
        if held < d.cost + extra:
            if held >= d.cost:
                return no("IA-4.4", "surcharge", me=me, extra=extra, act=d.name, total=d.cost + extra,
                          seat=a.actor, held=held)
            return no("IA-5.1", "provisions", act=d.name, cost=d.cost, seat=a.actor, held=held)
    if u.spirit < d.spirit_cost:
        return no("IA-12.3" if r.dice else "IA-6.7", "spirit", act=d.name, need=d.spirit_cost, me=me,
                  spirit=u.spirit)
    row = u.row
    if d.kind == "forward" and row == 0:
        return no("IA-6.1", "front_forward", me=me, act=d.name)
    if d.kind == "retreat" and row == 2:
        return no("IA-6.1", "back_retreat", me=me)
    if d.kind == "revive":
        rule = "IA-12.5" if r.dice else "IA-6.4"
        step, ally = a.args
        if step not in revive_steps(r):
            return no(rule, "revive_stay")
        dest = row + STEPS[step]
        if not 0 <= dest <= 2:
            return no(rule, "revive_off", me=me, row=ROW_NAMES[row], step=step)
        if ally not in t.type_index:
            return no("IA-1", "no_ally", ruleset=r.ruleset, ally=ally)
        j = 3 * p + t.type_index[ally]
        if st.units[j].living:
            return no(rule, "ally_living", seat=a.actor, ally=ally)
        if st.units[j].row != dest:
            return no(rule, "ally_row", seat=a.actor, ally=ally, target_row=ROW_NAMES[st.units[j].row],
                      dest=ROW_NAMES[dest])
        return no(rule, "revive")
    if d.kind == "attack":
        target = a.args[0]
        if target not in t.type_index:
            return no("IA-1", "no_target", ruleset=r.ruleset, target=target)
        o = 1 - p
        tu = st.units[3 * o + t.type_index[target]]
        them = f"{SEATS[o]}.{target}"
        if not tu.living:
            return no("IA-6.5", "target_fallen", them=them)
        dist = distance(row, tu.row)
        if dist > d.range:
            return no("IA-9.1", "range", them=them, target_row=ROW_NAMES[tu.row], dist=dist, me=me,
                      row=ROW_NAMES[row], act=d.name, range=d.range)
        if row == 0 and tu.row != 0:
            return no("IA-9.2", "melee", me=me, other=SEATS[o])
    return no("IA-5.1", "not_legal", action=str(a))
