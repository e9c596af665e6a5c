"""Smoke Blood Steel's entry in the game registry (``game.core.registry``)."""

from __future__ import annotations

from collections import Counter

from ..core.registry import GameSpec
from . import ai
from .actions import SEATS, parse_actions
from .invariants import check_invariants
from .notation import format_position, parse_position
from .ruleset import SPEC as RULESET_SPEC
from .ruleset import VARIANTS, make_ruleset
from .setup import new_game
from .view import redact_action, redact_events, view

#: Keys a tool may soak with extreme values: the free-text keys (card file, fixed mechs) and
#: escorts_dealt (it must equal the card file's escort count) are left out.
RULESET_KEYS = {k: v for k, v in RULESET_SPEC.items() if v[1] is not None and k != "escorts_dealt"}


def _make_ruleset(settings, variants):
    return make_ruleset(list(settings), list(variants))


def _result(state) -> dict | None:
    if state.result is None:
        return None
    out = state.result.as_dict()
    out["mechs"] = {SEATS[s]: state.mechs[s] for s in (0, 1)}
    out["turns"] = state.turn
    return out


def summarize(results: list) -> dict:
    """Extra figures for ``simulate.py``: wins and draws by mech kind, mean turns."""
    wins, games = Counter(), Counter()
    for r in results:
        for seat, mech in r.get("mechs", {}).items():
            games[mech] += 1
            if seat in r["winners"]:
                wins[mech] += 1
    turns = [r["turns"] for r in results if "turns" in r]
    return {"win_rate_by_mech": {m: round(wins[m] / games[m], 3) for m in sorted(games)},
            "draws": sum(1 for r in results if not r["winners"]),
            "turns_mean": round(sum(turns) / len(turns), 2) if turns else None}


SPEC = GameSpec(
    name="smoke-blood-steel",
    title="Smoke Blood Steel (煙血鋼撃)",
    players=(2,),
    default_players=2,
    make_ruleset=_make_ruleset,
    new_game=lambda players, seed, rules: new_game(players, seed=seed, rules=rules),
    parse_position=parse_position,
    format_position=format_position,
    parse_actions=parse_actions,
    view=view,
    format_view=format_position,
    redact_events=redact_events,
    redact_action=redact_action,
    check_invariants=check_invariants,
    seats=lambda state: SEATS,
    result=_result,
    determinize=ai.determinize,
    evaluate=ai.evaluate,
    order_actions=ai.order_actions,
    summarize=summarize,
    extras={"variants": tuple(VARIANTS), "ruleset_keys": RULESET_KEYS,
            # SB-7.1: an effect named at play turns public as its item begins, and the turn may end
            # (its plays leave the table) within the same action: these events tell what no view keeps.
            "disclosing_events": ("effect", "fizzle"),
            "bot_levels": ai.BOT_LEVELS, "bot_rewind": ai.rewind},
)
