"""Trench War's figures for the workbench (TW-9 scoring, TW-4.6 sinking boats, TW-8 gas).

Score sources per seat: ``kill`` (TW-9 kills), ``base`` (destroyed bases), ``escape`` (escaped
soldiers, at the ruleset's value), ``bonus`` (first to empty the own gun), ``corpses`` (enemy
corpses carried at the end, counted in the score per ``corpse_points``) and ``penalty`` (civilian
penalties taken as points, negative).  The known questions: boats sunk, gas kills, deaths by cause.
A judgement's ending names the tie-break step that decided it (TW-9: points, rows advanced, enemy
corpses, survivors, ammunition spent, turn order), read with the rules' own ``tiebreak_key`` on
the finished (public) position.
"""

from __future__ import annotations

from ...trench import casualties, variants
from ...trench.actions import CARDS
from . import Adapter

#: TW-9's judgement chain, in the order of ``casualties.tiebreak_key``.
TIEBREAK_STEPS = ("points", "rows advanced", "enemy corpses", "survivors", "ammunition spent", "turn order")

#: Every public event kind the rules emit (the rule firings a report counts; docs/notation.md,
#: "Events"); the private ones ("seen", "plot-detail", ...) never reach the spectator.
EVENT_KINDS = ("arm", "camp", "cube", "death", "discard", "drug", "drug-card", "eat", "eclipse", "end",
               "escape", "fire", "first", "forecast", "gas", "gas-check", "gas-choice", "gas-turn", "give",
               "interrupt", "mask", "mask-used", "move", "no-cards", "pass", "penalty", "pickup", "place",
               "plot", "reveal", "round", "score", "shuffle", "sink", "skip", "switch", "team",
               "team-revealed", "teams", "turn", "turn-end", "turn-start", "village", "wait",
               "wasted", "wind")


#: Event kinds only a variant can fire (TW-11), left out of the never-fired list when it is off.
VARIANT_EVENTS = {"civilians": ("village", "penalty", "skip"), "hidden_teams": ("team", "team-revealed"),
                  "open_teams": ("teams",)}

#: The seed's table time of one game, in minutes ("プレイ時間 21〜36分", shared/seeds/000_*.txt).
SEED_MINUTES = (21, 36)
#: Rounds of a typical two-player game: the median of the default ruleset played by normal bots
#: (see docs/workbench.md, "Table minutes").  A game's table minutes are estimated as its rounds
#: times players times the minutes of one player's turn, that turn's minutes chosen so that a
#: typical two-player game takes the seed's 21-36 minutes.
REFERENCE_ROUNDS_2P = 8


def table_minutes(rounds: int, players: int) -> tuple[float, float, float]:
    """(low, middle, high) table-minute estimate of a game of ``rounds`` rounds."""
    turns = rounds * players
    per_turn = [m / (REFERENCE_ROUNDS_2P * 2) for m in SEED_MINUTES]
    low, high = turns * per_turn[0], turns * per_turn[1]
    return (round(low, 1), round((low + high) / 2, 1), round(high, 1))


class TrenchAdapter(Adapter):
    game = "trench-war"
    standing_events = frozenset(("score", "escape", "penalty", "death", "pickup", "give", "end"))
    categories = ("card", "action", "event")
    universe = {"card": CARDS, "event": EVENT_KINDS}
    length_units = ("round",)
    questions = {"boats_sunk": "soldiers sunk with their landing boat (TW-4.6)",
                 "gas_kills": "soldiers killed by gas (TW-8)",
                 "kills": "soldiers killed, any cause"}

    def universe_for(self, rules) -> dict:
        off = {k for flag, kinds in VARIANT_EVENTS.items() if not getattr(rules, flag, False) for k in kinds}
        if getattr(rules, "guerrillas", False) or getattr(rules, "civilians", False):
            off.discard("skip")
        return {"card": CARDS, "event": tuple(k for k in EVENT_KINDS if k not in off)}

    def finish(self, tally, state, result, seats) -> dict:
        out = super().finish(tally, state, result, seats)
        rounds = out["length"].get("round")
        if rounds is not None:
            out["estimates"] = {"table minutes": table_minutes(rounds, len(seats))[1]}
        return out

    def on_event(self, tally, e) -> None:
        kind = e.kind
        if kind == "reveal":
            tally.fired["card"][e.get("card")] += 1
        elif kind == "score":
            tally.counts[f"{e.get('why')}:{e.get('seat')}"] += e.get("points", 0)
        elif kind == "escape":
            tally.counts[f"escape:{e.get('seat')}"] += 1
        elif kind == "penalty" and e.get("choice") == "point":
            tally.counts[f"penalty:{e.get('seat')}"] += 1
        elif kind == "sink":
            tally.counts["sink"] += 1
        elif kind == "death":
            tally.counts[f"death:{e.get('cause')}"] += 1

    def standing(self, view) -> dict:
        return {s: variants.team_score(view, s) for s in view.seats}

    def ending(self, state, result) -> str:
        reason = str(result.get("reason") or "unfinished")
        if reason in ("judgement", "round-limit") and result.get("winners"):
            step = self.tiebreak_step(state, result["winners"])
            if step:
                return f"{reason} ({step})"
        return reason

    @staticmethod
    def tiebreak_step(state, winners) -> str | None:
        """The TW-9 step at which the winning side's best key first beat every other side's."""
        keys = {s: casualties.tiebreak_key(state, s) for s in state.seats}
        best = max((keys[s] for s in winners), default=None)
        others = [keys[s] for s in state.seats if s not in winners]
        if best is None or not others:
            return None
        for i, step in enumerate(TIEBREAK_STEPS):
            if all(best[:i + 1] > k[:i + 1] for k in others):
                return step
        return None

    def sources(self, tally, state, result, seats) -> dict:
        rules = state.rules
        escape_value = rules.escape_value(len(seats))
        out = {}
        for s in seats:
            out[s] = {"kill": tally.counts[f"kill:{s}"], "base": tally.counts[f"base:{s}"],
                      "escape": tally.counts[f"escape:{s}"] * escape_value,
                      "bonus": tally.counts[f"empty-gun:{s}"],
                      "corpses": state.carried_enemy_corpses(s),
                      "penalty": -tally.counts[f"penalty:{s}"] * rules.civilian_penalty}
        return out

    def answers(self, tally, state, result, seats) -> dict:
        return {"boats_sunk": tally.counts["sink"], "gas_kills": tally.counts["death:gas"],
                "kills": sum(v for k, v in tally.counts.items() if k.startswith("death:"))}


ADAPTER = TrenchAdapter()
