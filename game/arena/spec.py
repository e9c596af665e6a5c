"""Immortal Arena's entry in the game registry (``game.core.registry``)."""

from __future__ import annotations

from collections import Counter

from ..core.registry import GameSpec
from .actions import parse_actions
from .ai import BOT_LEVELS, determinize, evaluate, order_actions
from .invariants import check_invariants
from .model import SEATS
from .notation import format_position, parse_position
from .ruleset import VARIANTS, make_ruleset, ruleset_keys
from .setup import new_game
from .view import redact_action, redact_events, view


def _result(state) -> dict | None:
    if state.result is None:
        return None
    out = state.result.as_dict()
    out["first"] = SEATS[state.first] if state.first >= 0 else None
    out["ruleset"] = state.rules.ruleset
    return out


def summarize(results: list) -> dict:
    """Extra figures for ``simulate.py``: wins of the first and second player, mean turns."""
    first = sum(1 for r in results if r["winners"] and r["winners"][0] == r.get("first"))
    second = sum(1 for r in results if r["winners"] and r["winners"][0] != r.get("first"))
    turns = [r["turns"] for r in results]
    return {"first_player_wins": first, "second_player_wins": second,
            "draws": sum(1 for r in results if not r["winners"]),
            "turns_mean": round(sum(turns) / len(turns), 2) if turns else None,
            "reasons": dict(sorted(Counter(r["reason"] for r in results).items()))}


SPEC = GameSpec(
    name="immortal-arena",
    title="Immortal Arena (イモータルアリーナ)",
    players=(2,),
    default_players=2,
    make_ruleset=lambda settings, variants: make_ruleset(list(settings), list(variants)),
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
    determinize=determinize,
    evaluate=evaluate,
    order_actions=order_actions,
    summarize=summarize,
    extras={"variants": tuple(VARIANTS), "ruleset_keys": ruleset_keys(), "rulesets": ("provisions", "dice"),
            "bot_levels": BOT_LEVELS},
)
