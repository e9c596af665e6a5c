"""The Rules screen's pages for Two Mists, in the current language, numbers from the ruleset.

Public API::

    PAGES: tuple[(tab, (catalog names...))]        # the fixed pages; "cards" is built from data
    rules_pages(rules=None) -> list[(Term title, [(is_heading, Phrase), ...])]

The card page lists the ruleset's own decks (counts, who may not take each card, its effect
with its damage), so a designer's changed ``forbidden_*`` or deck shows on the screen.
"""

from __future__ import annotations

from game.i18n.phrase import Term
from game.mists.model import ACTION_KINDS, CHARGES, EQUIPMENT_KINDS, WEAPONS
from game.mists.ruleset import make_ruleset

from .words import card_word, char_name, joined, key, phrase

PAGES = (
    ("aim", ("rules.h_aim", "rules.aim", "rules.h_worlds", "rules.worlds", "rules.h_victory",
             "rules.victory.monster", "rules.victory.knight", "rules.victory.witch", "rules.victory.saint",
             "rules.victory.fool", "rules.dead_win")),
    ("turn", ("rules.h_setup", "rules.setup", "rules.h_turn", "rules.turn", "rules.h_take", "rules.take",
              "rules.h_scout", "rules.scout")),
    ("cards", ()),
    ("end", ("rules.h_pass", "rules.pass", "rules.h_end", "rules.end", "rules.h_curse", "rules.curse",
             "rules.h_aid", "rules.aid")),
)


def _values(rules) -> dict:
    return {"life": rules.life_start, "life_max": rules.life_max if rules.life_max is not None else "-",
            "actions": rules.action_slots, "equipment": rules.equipment_slots, "pass_life": rules.pass_life,
            "base": rules.sacrifice_base, "poison": rules.poison_damage, "bonus": rules.weapon_bonus,
            "heal": rules.arcana_heal, "limit": rules.turn_limit}


def _card_effect(rules, card: str):
    dmg = rules.damage.get(card, 0)
    if card in CHARGES or card == "attack":
        return phrase("rules.card.damage", damage=dmg)
    if card in WEAPONS:
        return phrase("rules.card.weapon", bonus=rules.weapon_bonus)
    return phrase(f"rules.card.{card}", damage=dmg, heal=rules.arcana_heal, base=rules.sacrifice_base,
                  poison=rules.poison_damage, floor=rules.poison_floor)


def card_blocks(rules) -> list:
    blocks = []
    for heading, kinds, counts in (("rules.h_actions", ACTION_KINDS, rules.action_counts),
                                   ("rules.h_equipment", EQUIPMENT_KINDS, rules.equipment_counts)):
        blocks.append((True, phrase(heading)))
        for card, count in zip(kinds, counts):
            if not count:
                continue
            who = sorted(rules.forbid[card], key=lambda c: ("monster", "knight", "witch", "saint", "fool").index(c))
            forbid = phrase("rules.card.forbid", chars=joined(char_name(c) for c in who)) if who \
                else phrase("rules.card.anyone")
            blocks.append((False, phrase("rules.card", card=card_word(card), count=count, forbid=forbid,
                                         effect=_card_effect(rules, card))))
    return blocks


def rules_pages(rules=None) -> list:
    rules = rules or make_ruleset()
    values = _values(rules)
    pages = []
    for tab, names in PAGES:
        title = Term(key(f"rules.tab.{tab}"))
        if tab == "cards":
            pages.append((title, card_blocks(rules)))
            continue
        blocks = [(name.rsplit(".", 1)[-1].startswith("h_"), phrase(name, **values)) for name in names]
        pages.append((title, blocks))
    return pages
