"""Two Mists' figures for the workbench (TM-2 worlds and conditions, TM-11 the end).

There is no score race (a player's condition is secret until the end), so no lead metrics; the
figures are the roles (each seat's character), the world the game ended in, and the known
question: the Fool's cheap Sacrifice win, where the Fool kills himself with Sacrifice's
self-damage (max(0, 5 − equipment), TM-6 card 4) and wins because the Fool wins by dying in the
front world (TM-2.2).
"""

from __future__ import annotations

from ...mists.model import CARD_KINDS
from . import Adapter

EVENT_KINDS = ("curse", "damage", "deal", "death", "draw", "end", "extra", "first", "heal",
               "intimidated", "mark", "pass", "pointing", "poison", "reveal", "take", "turn")


class MistsAdapter(Adapter):
    game = "two-mists"
    categories = ("card", "action", "event")
    universe = {"card": CARD_KINDS, "event": EVENT_KINDS}
    length_units = ("turn",)
    questions = {"fool_cheap_sacrifice_win": "the Fool won by killing himself with Sacrifice",
                 "fool_sacrifice_death": "the Fool died of his own Sacrifice",
                 "curse": "the Saint's finisher died of the curse (TM-2.4)"}

    def on_event(self, tally, e) -> None:
        kind = e.kind
        if kind == "take":
            tally.fired["card"][e.get("card")] += 1
        elif kind == "damage" and e.get("card") == "sacrifice" and e.get("seat") == e.get("target") \
                and e.get("life") == 0:
            tally.seen["sacrifice_suicide"] = e.get("seat")
        elif kind == "curse":
            tally.counts["curse"] += 1

    def finish(self, tally, state, result, seats) -> dict:
        out = super().finish(tally, state, result, seats)
        out["roles"] = dict(result.get("characters") or {})
        if result.get("world"):
            out["context"] = {"world": result["world"]}
        return out

    def answers(self, tally, state, result, seats) -> dict:
        chars = result.get("characters") or {}
        suicide = tally.seen.get("sacrifice_suicide")
        fool_died = suicide is not None and chars.get(suicide) == "fool"
        return {"fool_cheap_sacrifice_win": fool_died and suicide in (result.get("winners") or ()),
                "fool_sacrifice_death": fool_died, "curse": tally.counts["curse"] > 0}


ADAPTER = MistsAdapter()
