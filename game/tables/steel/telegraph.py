"""Telegraphing (issue 21, item 4): what a command card, or one of its halves, would do if it
resolved at the current distance, from public facts only (hands and piles are public, SB-11.1).

Public API::

    half_preview(view, seat, card_id, half) -> list[Phrase]
        # the half's speed; a move: the distance it would give, or "no effect at this distance";
        # a recover: the cards it returns, the SP and the clock (and the end it would bring);
        # a designation: the unit or mech it designates, each effect with what it does, the
        # distances it works at and the SP it needs, and whether it would work now; last, the
        # reminder that the distance may change before it resolves (SB-5.3).
    card_preview(view, seat, card_id) -> list[(half token, [Phrase])]   # each distinct half
    effect_lines(view, seat_index, effect) -> [Phrase]   # one effect, and whether it works now

The checks named here are the rules core's own (distance, SP, the trap's conditions, SB-7.3,
SB-9.1) as far as they are known before the reveal; the other player's play is not.
"""

from __future__ import annotations

from game.steel.actions import SEATS

from .faces import effect_phrase
from .words import dist_word, dists_word, move_word, named, phrase, side_word


def _seat(seat) -> int:
    return SEATS.index(seat) if isinstance(seat, str) else seat


def _move(view, half) -> list:
    d = view.dist
    new = min(3, max(1, d + view.rules.steps(half)))
    if new == d:
        return [phrase("tele.move.void", move=move_word(half.move), dist=dist_word(d))]
    return [phrase("tele.move", move=move_word(half.move), dist=dist_word(d), new=dist_word(new))]


def _recover(view, s: int) -> list:
    rules = view.rules
    cs = rules.card_set
    back = [c for c, _ in view.piles[s] if not cs.command(c).returns_to_hand]
    sp = view.sp[s]
    new_sp = min(rules.sp_max, sp + rules.recover_sp * len(back))
    clock = view.clock
    new_clock = min(rules.clock_cells, clock + rules.recover_clock)
    out = [phrase("tele.recover", n=len(back), sp=sp, new_sp=new_sp, max=rules.sp_max, clock=clock,
                  new_clock=new_clock, cells=rules.clock_cells)]
    if sp + rules.recover_sp * len(back) > rules.sp_max:
        out.append(phrase("tele.recover.lost", lost=sp + rules.recover_sp * len(back) - rules.sp_max))
    if new_clock >= rules.clock_cells:
        out.append(phrase("tele.recover.end"))
    return out


def effect_lines(view, s: int, eff) -> list:
    """One effect of the designated unit, and whether it would work at this distance with this SP."""
    out = [phrase("tele.effect", name=named(eff), ops=effect_phrase(eff), dist=dists_word(eff.dist), sp=eff.sp)]
    if view.dist not in eff.dist:
        out.append(phrase("tele.no_effect.dist", dist=dist_word(view.dist)))
    elif view.sp[s] < eff.sp:
        out.append(phrase("tele.no_effect.sp", sp=eff.sp, have=view.sp[s]))
    elif eff.timing == "trap":
        out.append(phrase("tele.trap"))
    elif eff.timing == "if_attacked":
        out.append(phrase("tele.if_attacked"))
    else:
        out.append(phrase("tele.works"))
    return out


def half_preview(view, seat, card_id: str, token: str) -> list:
    s = _seat(seat)
    card = view.rules.card_set.command(card_id)
    half = card.half(token)
    if half is None:
        raise ValueError(f"{card_id} has no half {token!r}")
    out = []
    if half.kind == "move":
        out.append(phrase("tele.speed", speed=half.speed))
        out += _move(view, half)
    elif half.kind == "recover":
        out.append(phrase("tele.speed", speed=half.speed))
        out += _recover(view, s)
    else:
        unit = view.unit(s, half.target)
        if unit is None:
            return [phrase("tele.empty_side", side=side_word(half.target))]
        out.append(phrase("tele.mech" if half.target == "mech" else "tele.escort", side=side_word(half.target),
                          name=named(unit), speed=unit.speed))
        if len(unit.effects) > 1:
            out.append(phrase("tele.choose_at_play" if view.rules.effect_choice_at == "play" else "tele.choose"))
        for eff in unit.effects:
            out += effect_lines(view, s, eff)
    out.append(phrase("tele.may_change"))
    return out


def card_preview(view, seat, card_id: str) -> list:
    card = view.rules.card_set.command(card_id)
    return [(h.token, half_preview(view, seat, card_id, h.token)) for h in card.options()]
