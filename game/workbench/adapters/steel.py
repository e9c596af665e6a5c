"""Smoke Blood Steel's figures for the workbench (SB-10 the end, SB-9 effects).

Score sources per seat at the end (SB-10.3's score): ``hp`` (the mech's HP) and ``escorts``
(escorts still on the table); endings are ``mech``, ``escorts``, ``clock`` and ``both``.  The
roles are the mechs.  The known question: how often Jamming (妨害, the Disruptor's ``drain 2``)
is played, and whether the side that played it won.
"""

from __future__ import annotations

from ...steel.actions import SEATS
from . import Adapter

EVENT_KINDS = ("cancel", "chooser", "clock", "committed", "damage", "deployed", "destroyed", "distance",
               "effect", "end", "escorts", "fizzle", "heal", "item", "mech", "mechs_out", "move", "nullified",
               "pending", "recover", "shield", "sp", "token", "trigger", "turn")
#: The effect whose use the report follows.
JAMMING = "jamming"


class SteelAdapter(Adapter):
    game = "smoke-blood-steel"
    categories = ("card", "effect", "action", "event")
    first_event = "chooser"         # the side that picks its mech first (SB-3)
    standing_events = frozenset(("damage", "destroyed", "heal", "end"))
    length_units = ("turns",)
    questions = {"jamming_played": "Jamming was played (its effect used) in the game",
                 "jamming_uses": "Jamming effects used",
                 "jamming_won": "a side that played Jamming won"}

    def universe_for(self, rules) -> dict:
        cards = rules.card_set
        out = {"event": EVENT_KINDS}
        if cards is not None:
            out["card"] = tuple(c.id for c in cards.commands)
            out["effect"] = tuple(dict.fromkeys(e.id for u in cards.escorts + cards.mechs for e in u.effects))
        return out

    def on_event(self, tally, e) -> None:
        kind = e.kind
        if kind == "reveal":
            for card, _half in e.get("plays") or ():
                tally.fired["card"][card] += 1
        elif kind == "effect":
            tally.fired["effect"][e.get("effect")] += 1
            if e.get("effect") == JAMMING:
                tally.counts[f"jamming:{e.get('seat')}"] += 1

    def standing(self, view) -> dict:
        return {SEATS[i]: view.score(i) for i in (0, 1)}

    def sources(self, tally, state, result, seats) -> dict:
        return {SEATS[i]: {"hp": max(0, state.hp[i]),
                           "escorts": 0 if state.rules.end_score == "hp" else len(state.escorts_of(i))}
                for i in (0, 1)}

    def finish(self, tally, state, result, seats) -> dict:
        out = super().finish(tally, state, result, seats)
        out["roles"] = dict(result.get("mechs") or {})
        return out

    def answers(self, tally, state, result, seats) -> dict:
        users = [s for s in SEATS if tally.counts[f"jamming:{s}"]]
        return {"jamming_played": bool(users), "jamming_uses": sum(tally.counts[f"jamming:{s}"] for s in SEATS),
                "jamming_won": any(s in (result.get("winners") or ()) for s in users)}


ADAPTER = SteelAdapter()
