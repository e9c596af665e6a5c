"""Immortal Arena's figures for the workbench (IA-11 winning, IA-12 the dice ruleset).

Score sources per seat: waza-ari by kill and by the last-provision award (IA-11.3, A2), ippon
(IA-11.2) and, under ``dice``, points by why.  The known question is the last-provision award
cycling: with nothing spent, the award goes to the players in turn (second, first, second, ...;
IA-11.3's example) and under the last-taker rule (A1) nobody gets two in a row, so a game can
cycle to the turn limit.  Counted: awards per game, how often consecutive awards alternate
between the players, games won by an award, and whether a game cycled (three or more awards,
each to the other player).
"""

from __future__ import annotations

from ...arena.actions import ALL_TYPES, DECISIONS, VERBS
from ...arena.model import SEATS
from . import Adapter

EVENT_KINDS = ("act", "allow", "cancel", "cancel-window", "damage", "first", "gain", "heal", "healing", "hit",
               "ippon", "kill", "kill-roll", "move", "no-act", "no-gain", "over", "pass", "pay", "pin", "points",
               "reset", "revive", "roll", "spirit", "stay", "turn", "unpin", "waza-ari")


class ArenaAdapter(Adapter):
    game = "immortal-arena"
    standing_events = frozenset(("waza-ari", "points", "ippon", "over"))
    categories = ("unit action", "action", "event")
    universe = {"unit action": VERBS + DECISIONS, "event": EVENT_KINDS}
    length_units = ("turns",)
    questions = {"award_cycles": "last-provision awards (IA-11.3) in the game",
                 "award_alternations": "consecutive awards that went to the other player",
                 "award_cycling": "three or more awards, each to the other player",
                 "won_by_award": "the deciding waza-ari was a last-provision award"}

    def on_event(self, tally, e) -> None:
        kind = e.kind
        if kind == "act":
            tally.fired["unit action"][e.get("action")] += 1
        elif kind in ("cancel", "allow", "pass"):
            tally.fired["unit action"][kind] += 1
        elif kind == "waza-ari":
            why = e.get("why")
            tally.counts[f"waza-ari ({why}):{e.get('seat')}"] += 1
            if why == "last-provision":
                tally.seen.setdefault("awards", []).append(e.get("seat"))
            tally.seen["last_waza"] = why
        elif kind == "ippon":
            tally.counts[f"ippon:{e.get('seat')}"] += 1
        elif kind == "points":
            tally.counts[f"points ({e.get('why')}):{e.get('seat')}"] += e.get("amount", 0)

    def action_kind(self, text, actor) -> str:
        words = text.split()
        if len(words) > 2 and words[0] == actor and words[1] in ALL_TYPES:
            return words[2]          # "A artillery shoot infantry": the unit's action
        return super().action_kind(text, actor)

    def standing(self, view) -> dict:
        values = view.points if view.rules.dice else view.waza
        return {SEATS[i]: values[i] for i in range(2)}

    def sources(self, tally, state, result, seats) -> dict:
        out = {s: {} for s in seats}
        for key, n in tally.counts.items():
            source, _, seat = key.rpartition(":")
            if seat in out:
                out[seat][source] = n
        return out

    def answers(self, tally, state, result, seats) -> dict:
        awards = tally.seen.get("awards", [])
        alternations = sum(1 for a, b in zip(awards, awards[1:]) if a != b)
        return {"award_cycles": len(awards), "award_alternations": alternations,
                "award_cycling": len(awards) >= 3 and alternations == len(awards) - 1,
                "won_by_award": result.get("reason") == "waza-ari" and tally.seen.get("last_waza") == "last-provision"}


ADAPTER = ArenaAdapter()
