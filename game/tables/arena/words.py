"""Immortal Arena's words: unit, action and row names and the log's sentences, in the current
language (``game/i18n/<lang>/arena.po``).  Reads only events and views (everything is public)."""

from __future__ import annotations

from game.i18n import language, tr


def unit_type_name(kind: str, lang: str | None = None) -> str:
    return tr(f"arena.unit.{kind}", lang=lang)


def unit_name(uid: str, lang: str | None = None) -> str:
    """``A.cavalry`` -> "A's Cavalry" / "Aの騎兵"."""
    seat, kind = uid.split(".", 1)
    lang = lang or language()
    name = unit_type_name(kind, lang)
    return f"{seat}の{name}" if lang == "ja" else f"{seat}'s {name}"


def act_name(verb: str, lang: str | None = None) -> str:
    return tr(f"arena.act.{verb}", lang=lang)


def row_name(row: str, lang: str | None = None) -> str:
    return tr(f"arena.row.{row}", lang=lang)


def refusal_text(refusal, lang: str | None = None) -> str:
    """A core :class:`game.arena.explain.Refusal` in the language in use, its rule id first: the
    core's own English sentence, or the catalog's ``arena.refuse.<key>`` with each field worded."""
    lang = lang or language()
    if lang == "en":
        return refusal.english()
    fields = {}
    for name, value in refusal.fields:
        if name in ("me", "them"):
            value = unit_name(value, lang)
        elif name in ("unit", "ally", "target"):
            named = unit_type_name(value, lang)
            value = value if named == f"arena.unit.{value}" else named  # a unit no ruleset has: as typed
        elif name == "act":
            value = act_name(value, lang)
        elif name in ("row", "dest", "target_row"):
            value = row_name(value, lang)
        elif name == "step":
            value = tr("arena.step." + value, lang=lang)
        elif name == "why":
            value = tr("arena.why." + ("pinned" if value == "pinned" else "last"), lang=lang)
        fields[name] = value
    return f"{refusal.rule}: " + tr("arena.refuse." + refusal.key, lang=lang, **fields)


def action_text(action, lang: str | None = None) -> str:
    """A readable action: "Infantry: Shoot → B's Cavalry", "Cancel", "Revive forward: Cavalry"."""
    lang = lang or language()
    if not action.unit:
        return act_name(action.verb, lang) if action.verb in ("cancel", "allow", "pass") else str(action)
    other = "B" if action.actor == "A" else "A"
    head = f"{unit_type_name(action.unit, lang)}: {act_name(action.verb, lang)}"
    if action.verb == "revive":
        step, ally = action.args
        return f"{head} {tr('arena.step.' + step, lang=lang)} → {unit_type_name(ally, lang)}"
    if action.args:
        return f"{head} → {unit_name(other + '.' + action.args[0], lang)}"
    return head


def _args_text(ev, lang) -> str:
    d = dict(ev.data)
    args = tuple(d.get("args") or ())
    seat = d["unit"].split(".")[0]
    other = "B" if seat == "A" else "A"
    if d.get("action") == "revive" and len(args) == 2:
        return f" ({tr('arena.step.' + args[0], lang=lang)}, {unit_name(seat + '.' + args[1], lang)})"
    if args:
        return f" → {unit_name(other + '.' + args[0], lang)}"
    return ""


def event_sentence(ev, lang: str | None = None, dice: bool = False) -> str | None:
    """The log line of one event (None: an event the log does not show on its own line)."""
    lang = lang or language()
    d = dict(ev.data)
    k = ev.kind
    u = (lambda key="unit": unit_name(d[key], lang))
    if k == "first":
        return tr("arena.log.first", lang=lang, seat=d["seat"])
    if k == "turn":
        return tr("arena.log.turn", lang=lang, turn=d["turn"], seat=d["seat"])
    if k == "gain":
        return tr("arena.log.gain", lang=lang, seat=d["seat"], n=d["amount"], bank=d["bank"])
    if k == "no-gain":
        return tr("arena.log.no_gain", lang=lang, seat=d["seat"])
    if k == "act":
        return tr("arena.log.act", lang=lang, unit=u(), act=act_name(d["action"], lang), args=_args_text(ev, lang))
    if k == "pay":
        if d.get("surcharge"):
            return tr("arena.log.surcharge", lang=lang, seat=d["seat"], n=d["surcharge"]) + " " + \
                tr("arena.log.pay", lang=lang, seat=d["seat"], n=d["amount"])
        return tr("arena.log.pay", lang=lang, seat=d["seat"], n=d["amount"])
    if k == "spirit":
        return tr("arena.log.spirit", lang=lang, unit=u(), to=d["spirit"])
    if k == "heal":
        if not d["removed"]:
            return tr("arena.log.heal_ends", lang=lang, unit=u())
        return tr("arena.log.heal", lang=lang, unit=u(), n=d["removed"])
    if k == "move":
        key = "arena.log.knockback" if d.get("why") == "knockback" else "arena.log.move"
        return tr(key, lang=lang, unit=u(), frm=row_name(d["frm"], lang), to=row_name(d["to"], lang))
    if k == "stay":
        return tr("arena.log.stay", lang=lang, unit=u(), row=row_name(d["row"], lang))
    if k == "healing":
        return tr("arena.log.healing", lang=lang, unit=u())
    if k == "revive":
        return tr("arena.log.revive", lang=lang, by=u("by"), unit=u(), row=row_name(d["row"], lang))
    if k == "cancel-window":
        return tr("arena.log.window", lang=lang, seat=d["seat"], n=d["cost"])
    if k == "cancel":
        return tr("arena.log.cancel", lang=lang, seat=d["seat"], n=d["cost"], act=act_name(d["action"], lang))
    if k == "allow":
        return tr("arena.log.allow", lang=lang, seat=d["seat"])
    if k == "damage":
        kind = tr("arena.counter.strikes" if dice else "arena.counter.damage", lang=lang)
        return tr("arena.log.damage", lang=lang, unit=u(), kind=kind, to=d["damage"])
    if k == "pin":
        return tr("arena.log.pin", lang=lang, unit=u())
    if k == "unpin":
        return tr("arena.log.unpin", lang=lang, unit=u())
    if k == "kill":
        return tr("arena.log.kill", lang=lang, unit=u(), row=row_name(d["row"], lang))
    if k == "roll":
        return tr("arena.log.roll", lang=lang, faces=" ".join(str(f) for f in d["faces"]))
    if k in ("hit", "miss"):
        return tr(f"arena.log.{k}", lang=lang, unit=u())
    if k == "kill-roll":
        res = tr("arena.log.kill_roll.yes" if d["killed"] else "arena.log.kill_roll.no", lang=lang)
        return tr("arena.log.kill_roll", lang=lang, n=d["strikes"], result=res)
    if k == "waza-ari":
        seat = d["seat"]
        n = d["waza"][0 if seat == "A" else 1]
        why = tr("arena.why." + str(d.get("why", "kill")).replace("-", "_"), lang=lang)
        if d.get("wiped"):
            return tr("arena.log.waza_wiped", lang=lang, seat=seat, n=n, why=why, other="B" if seat == "A" else "A")
        return tr("arena.log.waza", lang=lang, seat=seat, n=n, why=why)
    if k == "reset":
        return tr("arena.log.reset", lang=lang, n=d["provisions"], bank=d["bank"])
    if k == "points":
        seat = d["seat"]
        return tr("arena.log.points", lang=lang, seat=seat, n=d["amount"], total=d["points"][0 if seat == "A" else 1])
    if k in ("regroup", "overwhelm", "ippon", "no-act", "pass"):
        return tr("arena.log." + k.replace("-", "_"), lang=lang, seat=d["seat"])
    if k == "over":
        return tr("arena.log.over", lang=lang, text=over_text(d.get("winners", ()), d.get("reason", ""),
                                                               d.get("scores", (0, 0)), lang, dice))
    return None


def over_text(winners, reason: str, scores, lang: str | None = None, dice: bool = False) -> str:
    """The game-over sentence: who won and why, with both scores."""
    lang = lang or language()
    a, b = (tuple(scores) + (0, 0))[:2]
    seat = winners[0] if winners else ""
    line = tr(f"arena.over.{reason.replace('-', '_')}", lang=lang, seat=seat, a=a, b=b)
    scores_key = "arena.over.scores_points" if dice else "arena.over.scores"
    return f"{line} {tr(scores_key, lang=lang, a=a, b=b)}"
