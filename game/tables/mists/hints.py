"""What the viewing seat is told about its own choices: greyed display cards with the reason
and rule id (TM-5.1, TM-7.7, TM-10.2), the pass, and previews of a take and of a target.

Everything reads the viewer's own view: its character is in it, nobody else's is needed
(a take's legality depends only on the taker's character, TM-5.2), so these texts are
shown only to that seat.  Legality is the rules core's (``game.mists.rules.take_problem``,
``game.mists.flow.pass_allowed``); numbers are its own (``damage_of``, ``sacrifice_self``).

Public API::

    SlotHint(slot, card, legal, rule, why)     # why: a Phrase, or None when legal
    slot_hints(view) -> list[SlotHint]         # one per display slot, for the viewer
    pass_hint(view) -> Phrase                  # what a pass does, or that it is forced / refused
    take_preview(view, slot) -> list[Phrase]   # what taking that card would do
    target_preview(view, target) -> list[Phrase]   # the chosen card on that target
"""

from __future__ import annotations

from dataclasses import dataclass

from game.mists.flow import pass_allowed
from game.mists.model import EQUIPMENT_KINDS, SEAT_INDEX, WEAPONS
from game.mists.rules import can_take_any, damage_of, equipment_owned, sacrifice_self, take_problem

from .words import card_word, char_name, joined, phrase


@dataclass(frozen=True)
class SlotHint:
    slot: str
    card: str | None
    legal: bool
    rule: str | None
    why: object


def _me(view) -> int:
    if view.viewer is None:
        raise ValueError("a spectator has no choices")
    return SEAT_INDEX[view.viewer]


def _restricted(view, me: int) -> bool:
    return bool(view.restricted) and view.active == me


def slot_hints(view) -> list:
    """Per display slot: may the viewer take it now (or, off turn, by its character), and why not."""
    me = _me(view)
    restricted = _restricted(view, me)
    char = view.chars[me]
    out = []
    for i, slot in enumerate(view.rules.slots):
        card = view.display[i]
        problem = take_problem(view, me, i, restricted)
        if problem is None:
            out.append(SlotHint(slot, card, True, None, None))
            continue
        rule = problem.split(":", 1)[0]
        if card is None:
            why = phrase("hint.empty")
        elif char in view.rules.forbid[card]:
            why = phrase("hint.forbidden", char=char_name(char), card=card_word(card))
        elif rule == "TM-5.1":
            why = phrase("hint.owned", card=card_word(card))
        else:
            why = phrase("hint.intimidated", card=card_word(card))
        out.append(SlotHint(slot, card, False, rule, phrase("hint.with_rule", rule=rule, why=why)))
    return out


def pass_hint(view):
    me = _me(view)
    restricted = _restricted(view, me)
    rules = view.rules
    if not pass_allowed(view, me):
        return phrase("hint.pass_refused")
    effect = phrase("hint.pass.reveal" if rules.pass_reveals and not view.revealed[me] else "hint.pass.life",
                    life=rules.pass_life)
    if not can_take_any(view, me, restricted):
        return phrase("hint.pass_forced", effect=effect)
    return effect


_ORDER = ("monster", "knight", "witch", "saint", "fool")


def take_preview(view, slot: str) -> list:
    """What taking the card in ``slot`` would do for the viewer, with the numbers of this moment,
    and what the take tells everyone (TM-5.4: the characters that may not take it)."""
    card = view.display[view.rules.slots.index(slot)]
    if card is None:
        return [phrase("hint.empty")]
    out = _effect_preview(view, card)
    forbid = sorted(view.rules.forbid[card] & set(view.rules.characters(view.n)), key=_ORDER.index)
    if forbid:
        out.append(phrase("preview.reveals", chars=joined(char_name(c) for c in forbid)))
    return out


def _effect_preview(view, card: str) -> list:
    me = _me(view)
    rules = view.rules
    if card in EQUIPMENT_KINDS:
        if card in WEAPONS:
            return [phrase("preview.weapon", card=card_word(card), bonus=rules.weapon_bonus)]
        return [phrase("preview.poison", amount=rules.poison_damage, floor=rules.poison_floor)]
    dmg = damage_of(view, me, card)
    if card == "sacrifice":
        n = equipment_owned(view, me)
        return [phrase("preview.sacrifice", damage=dmg, cost=sacrifice_self(view, me), base=rules.sacrifice_base,
                       equipment=n, life=view.life[me])]
    if card == "combo":
        return [phrase("preview.damage", damage=dmg),
                phrase(f"preview.combo.{rules.combo_extra_turn}")]
    if card == "arcana":
        return [phrase("preview.arcana", heal=rules.arcana_heal, damage=dmg)]
    if card == "scout":
        return [phrase("preview.scout", damage=dmg)]
    if card == "intimidate":
        return [phrase("preview.intimidate")]
    return [phrase("preview.damage", damage=dmg)]


def target_preview(view, target: str) -> list:
    """During the viewer's target (or heal) decision: what the card does to ``target``."""
    me = _me(view)
    rules = view.rules
    t = SEAT_INDEX[target]
    entry = view.records[me][-1]
    card = entry.card
    life = view.life[t]
    if view.phase == "heal":
        top = life + rules.arcana_heal if rules.life_max is None else min(rules.life_max, life + rules.arcana_heal)
        return [phrase("preview.life_on", seat=target, life=life, new=max(life, top))]
    if card == "intimidate":
        return [phrase("preview.mark_on", seat=target)]
    new = max(0, life - damage_of(view, me, card))
    out = [phrase("preview.life_on", seat=target, life=life, new=new)]
    if new == 0:
        out.append(phrase("preview.kills", seat=target))
        if view.chars[t] == "saint":
            out.append(phrase("preview.curse", seat=target))
    elif card == "sacrifice":
        cost = sacrifice_self(view, me)
        own = max(0, view.life[me] - cost)
        out.append(phrase("preview.sacrifice_self", cost=cost, life=view.life[me], new=own))
    return out


__all__ = ["SlotHint", "slot_hints", "pass_hint", "take_preview", "target_preview"]
