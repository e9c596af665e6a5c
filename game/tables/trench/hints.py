"""The event mode's quick-game hint for Trench War: what the visitor should do now, one sentence
(catalog keys ``event.hint.*``), read from the screen's view and input state only."""

from __future__ import annotations

from game.core.protocol import CHANCE, TERMINAL
from game.i18n import tr

from .captions import seat_name


def hint(screen):
    """(catalog key, ((name, value), ...)) of what the visitor should do now, or None."""
    ctl = screen.ctl
    if ctl.is_over():
        return None
    seat = screen.deciding_human()
    if seat is None:
        who = ctl.deciding()
        if who in (CHANCE, TERMINAL) or ctl.is_human(who):
            return ("event.hint.watch", ()) if screen.anim is not None else None
        return ("event.hint.wait", (("name", seat_name(who)),))
    v = screen.view
    pending = getattr(v, "pending", None)
    if pending:
        kind = pending[0].kind
        if kind in ("console", "handover", "sink", "gas", "interrupt", "penalty"):
            return (f"event.hint.{kind}", ())
        return ("event.hint.choose", ())
    phase = getattr(v, "phase", None)
    if phase == "arm":
        # the weapons this ruleset hands out (the first game has no gas gun, TW-11)
        kinds = v.rules.weapon_kinds()
        weapons = tr("event.hint.arm_sep").join(tr(f"describe.action.weapon.{k}") for k in kinds)
        return ("event.hint.arm", (("weapons", weapons),))
    if phase in ("place", "base", "extra"):
        return (f"event.hint.{phase}", ())
    if phase == "plot":
        filled = sum(1 for c in screen.plot_slots if c is not None)
        return (("event.hint.plot", "event.hint.plot2", "event.hint.confirm")[filled], ())
    if phase == "turn":
        if screen.menu is not None:
            return ("event.hint.menu", ())
        if screen.actor != "none":
            return ("event.hint.target", ())
        t = getattr(v, "turn", None)
        card = t.cards[t.slot] if t is not None and t.slot is not None else None
        name = tr(f"card.{card}") if card and card != "?" else "?"
        if t is not None and t.slot == 0 and t.uses == 1:
            return ("event.hint.again", (("card", name),))
        return ("event.hint.soldier", (("card", name),))
    return ("event.hint.choose", ())
