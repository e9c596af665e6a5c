"""Immortal Arena's pages of the Rules screen, in the current language, numbers from the ruleset
(``ArenaTable.rules_pages``): how to win, a turn, the units (from the ruleset's unit table), the
field.  Words: ``arena.rules.*`` in ``game/i18n/<lang>/arena.po``; rule ids as in the reference."""

from __future__ import annotations

from game.i18n import tr

from .words import act_name, unit_type_name


def _values(r) -> dict:
    return {k: getattr(r, k) for k in (
        "win_waza_ari", "win_points", "win_lead", "turn_limit", "provisions_total", "start_provisions",
        "gain_per_turn", "restricted_surcharge", "reset_provisions", "range_melee", "range_shoot", "range_bombard",
        "shoot_cost", "shoot_cancel", "spirit_cap", "bombard_spirit_cost", "hit_dice", "hit_at_least", "kill_dice",
        "kill_dice_heavy", "points_kill", "points_overwhelm", "bombard_knockback")}


def _unit_blocks(r) -> list:
    from game.arena.model import unit_table
    t = unit_table(r)
    blocks = [("h", tr("arena.rules.h_units"))]
    for k, kind in enumerate(t.types):
        name = unit_type_name(kind) + (f" ({tr('arena.heavy')})" if k == t.heavy else "")
        blocks.append(("c", name))
        for d in t.actions[k]:
            parts = []
            if d.cost:
                parts.append(tr("arena.cost.prov", n=d.cost))
            if d.spirit_cost:
                parts.append(tr("arena.cost.spirit", n=d.spirit_cost))
            if d.range:
                parts.append(tr("arena.rules.range", n=d.range))
            if d.cancel is not None and not r.dice:
                parts.append(tr("arena.cost.cancel", n=d.cancel if d.cancel >= 0 else tr("arena.cost.target_damage")))
            extra = f" ({', '.join(parts)})" if parts else ""
            blocks.append(("p", f"{act_name(d.name)}{extra}: {tr('arena.detail.' + d.name)}"))
    return blocks


def rules_pages(r) -> list:
    if r is None:
        from game.arena.ruleset import make_ruleset
        r = make_ruleset([], [])
    v = _values(r)
    dice = r.dice
    aim = [("h", tr("arena.rules.h_aim")), ("p", tr("arena.rules.aim_dice" if dice else "arena.rules.aim", **v)),
           ("p", tr("arena.rules.turn_limit", **v)), ("p", tr("arena.rules.perfect"))]
    turn = [("h", tr("arena.rules.h_turn")),
            ("p", tr("arena.rules.turn_dice" if dice else "arena.rules.turn", **v)),
            ("p", tr("arena.rules.restricted_dice" if dice else "arena.rules.restricted", **v))]
    if not dice:
        turn += [("h", tr("arena.rules.h_cancel")), ("p", tr("arena.rules.cancel", **v))]
    else:
        turn += [("h", tr("arena.rules.h_rolls")), ("p", tr("arena.rules.rolls", **v))]
    field = [("h", tr("arena.rules.h_field")), ("p", tr("arena.rules.field", **v)), ("p", tr("arena.melee_rule")),
             ("p", tr("arena.rules.field_dice" if dice else "arena.rules.field_provisions", **v))]
    return [(tr("arena.rules.tab.aim"), aim), (tr("arena.rules.tab.turn"), turn),
            (tr("arena.rules.tab.units"), _unit_blocks(r)), (tr("arena.rules.tab.field"), field)]
