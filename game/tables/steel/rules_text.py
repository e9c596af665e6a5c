"""The Rules screen's pages for Smoke Blood Steel, in the current language, numbers and cards from
the ruleset and its card data (a designer's ``.cards`` file shows its own cards here).

Public API::

    PAGES: tuple[(tab, (catalog names...))]        # the fixed pages; "cards" is built from data
    rules_pages(rules=None) -> list[(Term title, [(is_heading, Phrase), ...])]
"""

from __future__ import annotations

from game.steel.ruleset import make_ruleset

from .faces import command_face, unit_face
from .words import joined, phrase, term

PAGES = (
    ("aim", ("rules.h_aim", "rules.aim", "rules.h_setup", "rules.setup", "rules.h_end", "rules.end")),
    ("turn", ("rules.h_play", "rules.play", "rules.h_order", "rules.order", "rules.h_units", "rules.units",
              "rules.h_distance", "rules.distance")),
    ("recover", ("rules.h_recover", "rules.recover", "rules.h_tokens", "rules.tokens", "rules.h_special",
                 "rules.traps", "rules.smoke", "rules.replenish", "rules.h_counting", "rules.counting")),
    ("cards", ()),
)


def _values(rules) -> dict:
    return {"sp_max": rules.sp_max, "sp_start": rules.sp_start, "cells": rules.clock_cells,
            "dealt": rules.escorts_dealt, "used": rules.escorts_used, "commands": len(rules.card_set.commands)}


def card_blocks(rules) -> list:
    cs = rules.card_set
    blocks = [(True, phrase("rules.h_commands"))]
    for card in cs.commands:
        f = command_face(card, rules)
        halves = joined(phrase("rules.half", label=h.label, speed=h.speed if h.speed is not None else "-",
                               detail=h.detail) for h in f.halves)
        blocks.append((False, phrase("rules.command", name=f.name, halves=halves)))
    for heading, units in (("rules.h_escorts", cs.escorts), ("rules.h_mechs", cs.mechs)):
        blocks.append((True, phrase(heading)))
        for unit in units:
            f = unit_face(unit)
            effects = joined(phrase("rules.effect", name=e.name, dist=e.dist, sp=e.sp, ops=e.ops) for e in f.effects)
            if f.hp is not None:
                blocks.append((False, phrase("rules.mech", name=f.name, speed=f.speed, hp=f.hp, effects=effects)))
            else:
                blocks.append((False, phrase("rules.escort", name=f.name, speed=f.speed, effects=effects)))
    return blocks


def rules_pages(rules=None) -> list:
    rules = rules or make_ruleset()
    values = _values(rules)
    pages = []
    for tab, names in PAGES:
        title = term(f"rules.tab.{tab}")
        if tab == "cards":
            pages.append((title, card_blocks(rules)))
            continue
        pages.append((title, [(n.rsplit(".", 1)[-1].startswith("h_"), phrase(n, **values)) for n in names]))
    return pages
