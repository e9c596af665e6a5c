"""What an Immortal Arena act would do, foreseen from a view (pure; the game hides nothing).

``sim_state(view)`` is a playable copy of the view (its generator unknown: every chance outcome is
tried explicitly, so none is foretold); ``preview(view, action)`` plays the act on copies and
reports the outcome: damage (strikes) and spirit changes, kills, moves (knockback, regroup,
overwhelm), waza-ari and points, a win, the cancel cost the opponent would need and whether it
holds it (IA-5.3, IA-7), and in the ``dice`` ruleset the exact chance of a hit and of a kill
over every roll (IA-12.8).  ``reason(view, action)`` is the core's refusal (rule id first).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from game.arena.actions import Action, make_action
from game.arena.explain import refusal_of
from game.arena.legal import cancel_cost
from game.arena.model import SEATS
from game.arena.state import ArenaState
from game.core.errors import IllegalActionError
from game.i18n import language, tr

from .words import refusal_text, row_name, unit_name

ROWS = ("front", "middle", "back")


def sim_state(view) -> ArenaState:
    """A state equal to ``view`` but for the generator (set to 0: previews never sample it)."""
    st = object.__new__(ArenaState)
    for slot in ArenaState.__slots__:
        setattr(st, slot, getattr(view, slot))
    st.rng = 0
    st.legal_cache = None
    return st


def reason(view, action, lang: str | None = None) -> str | None:
    """Why ``action`` is refused now (the core's refusal, rule id first, in the language in use),
    None when legal."""
    st = sim_state(view)
    a = Action.parse(action)
    if a in st.legal_actions():
        return None
    try:
        st.apply(a)
    except IllegalActionError as exc:
        refusal = refusal_of(st, a)
        return refusal_text(refusal, lang) if refusal is not None else str(exc)
    return None


@dataclass
class Outcome:
    """One way an act can end (each roll of the dice is its own, with its probability)."""
    p: Fraction
    events: list
    after: ArenaState


@dataclass
class Preview:
    action: str
    legal: bool = True
    reason: str | None = None
    damage: dict = field(default_factory=dict)     # uid -> (before, after) when certain
    spirit: dict = field(default_factory=dict)
    kills: tuple = ()                              # uids that fall (certainly, or with p_kill)
    moves: tuple = ()                              # (uid, frm, to, why)
    revives: tuple = ()                            # (uid, row)
    waza: dict = field(default_factory=dict)       # seat -> after
    points: dict = field(default_factory=dict)
    winner: str | None = None
    win_reason: str | None = None
    cancel: tuple | None = None                    # (seat, cost, held, can) or None: no cancel
    p_hit: Fraction | None = None
    p_kill: Fraction | None = None
    lines: tuple = ()


def _resolve(st, seat_cancels: bool | None = False) -> list:
    """Every way the position ends after an act: [(p, events, state)], cancel windows allowed
    (or cancelled) and rolls enumerated."""
    out = []
    stack = [(Fraction(1), st, [])]
    while stack:
        p, s, evs = stack.pop()
        if s.phase == "cancel":
            c = s.clone()
            seat = s.current_player()
            e = c.apply(make_action(seat, "cancel" if seat_cancels else "allow"))
            stack.append((p, c, evs + list(e)))
        elif s.phase == "roll":
            outs = s.legal_actions()
            q = p / len(outs)
            for a in outs:
                c = s.clone()
                e = c.apply(a)
                stack.append((q, c, evs + list(e)))
        else:
            out.append(Outcome(p, evs, s))
    return out


def preview(view, action, lang: str | None = None) -> Preview:
    lang = lang or language()
    a = Action.parse(action)
    why = reason(view, a)
    if why:
        return Preview(str(a), legal=False, reason=why, lines=(why,))
    st = sim_state(view)
    before = st.units
    table = st.table
    pv = Preview(str(a))
    first = st.clone()
    ev0 = list(first.apply(a))
    # the cancel window (IA-5.3): the cost O would need, and whether O holds it
    if a.is_act and not table.dice:
        d = table.by_name[(table.type_index[a.unit], a.verb)]
        if d.kind == "attack":
            o = 1 - SEATS.index(a.actor)
            target = 3 * o + table.type_index[a.args[0]]
            cost = cancel_cost(st, d, target)
            if cost is not None:
                pv.cancel = (SEATS[o], cost, st.provisions[o], st.provisions[o] >= cost)
    outcomes = _resolve(first)
    outcomes = [Outcome(o.p, ev0 + o.events, o.after) for o in outcomes]
    total = sum(o.p for o in outcomes)
    # what happens for certain (provisions ruleset, or a roll-free act), and the chances
    p_kill = sum((o.p for o in outcomes if any(e.kind == "kill" for e in o.events)), Fraction(0)) / total
    p_hit = sum((o.p for o in outcomes if any(e.kind == "hit" for e in o.events)), Fraction(0)) / total
    rolled = any(e.kind == "roll" for o in outcomes for e in o.events)
    if rolled:
        d = table.by_name[(table.type_index[a.unit], a.verb)]
        if d.roll == "hit":
            pv.p_hit = p_hit
        else:
            pv.p_kill = p_kill
    # the likeliest outcome with a kill or a hit shows its effects (the certain one otherwise)
    show = max(outcomes, key=lambda o: (any(e.kind in ("kill", "hit") for e in o.events), o.p))
    after = show.after
    for i, (u0, u1) in enumerate(zip(before, after.units)):
        uid = table.uids[i]
        if u0.damage != u1.damage and u1.living:
            pv.damage[uid] = (u0.damage, u1.damage)
        if u0.spirit != u1.spirit and u1.living:
            pv.spirit[uid] = (u0.spirit, u1.spirit)
    kills, moves, revives = [], [], []
    for e in show.events:
        if e.kind == "kill":
            kills.append(e.get("unit"))
        elif e.kind == "move":
            moves.append((e.get("unit"), e.get("frm"), e.get("to"), e.get("why")))
        elif e.kind == "revive":
            revives.append((e.get("unit"), e.get("row")))
        elif e.kind in ("regroup", "overwhelm"):
            for uid in e.get("units"):
                moves.append((uid, None, ROWS[e.get("row")] if isinstance(e.get("row"), int) else e.get("row"),
                              e.kind))
        elif e.kind == "waza-ari":
            pv.waza = {SEATS[i]: n for i, n in enumerate(e.get("waza"))}
        elif e.kind == "points":
            pv.points = {SEATS[i]: n for i, n in enumerate(e.get("points"))}
        elif e.kind == "over" and e.get("winners"):
            pv.winner, pv.win_reason = e.get("winners")[0], e.get("reason")
    pv.kills, pv.moves, pv.revives = tuple(kills), tuple(moves), tuple(revives)
    pv.lines = tuple(_lines(pv, table.dice, lang))
    return pv


def _pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


def _lines(pv: Preview, dice: bool, lang: str) -> list:
    out = []
    kind = tr("arena.counter.strikes" if dice else "arena.counter.damage", lang=lang)
    if pv.p_hit is not None:
        out.append(tr("arena.preview.hit", lang=lang, p=_pct(pv.p_hit)))
    if pv.p_kill is not None:
        out.append(tr("arena.preview.killp", lang=lang, p=_pct(pv.p_kill)))
    for uid, (a, b) in pv.damage.items():
        out.append(tr("arena.preview.damage", lang=lang, unit=unit_name(uid, lang), kind=kind, frm=a, to=b))
    for uid, (a, b) in pv.spirit.items():
        out.append(tr("arena.preview.damage", lang=lang, unit=unit_name(uid, lang),
                      kind=tr("arena.counter.spirit", lang=lang), frm=a, to=b))
    for uid in pv.kills:
        out.append(tr("arena.preview.kill", lang=lang, unit=unit_name(uid, lang)))
    for uid, frm, to, why in pv.moves:
        if why == "knockback":
            out.append(tr("arena.preview.knockback", lang=lang, unit=unit_name(uid, lang), to=row_name(to, lang)))
        elif frm is not None:
            out.append(tr("arena.preview.move", lang=lang, unit=unit_name(uid, lang), frm=row_name(frm, lang),
                          to=row_name(to, lang)))
    for uid, row in pv.revives:
        out.append(tr("arena.preview.revive", lang=lang, unit=unit_name(uid, lang), row=row_name(row, lang)))
    for seat, n in pv.waza.items():
        if n:
            out.append(tr("arena.preview.waza", lang=lang, seat=seat, n=n))
    if pv.cancel is not None:
        seat, cost, held, can = pv.cancel
        key = "arena.preview.cancel" if can else "arena.preview.no_cancel"
        out.append(tr(key, lang=lang, seat=seat, n=cost, held=held))
    if pv.winner:
        out.append(tr("arena.preview.win", lang=lang, seat=pv.winner, why=tr("arena.win_word." + pv.win_reason.replace("-", "_"),
                                                                             lang=lang)))
    return out
