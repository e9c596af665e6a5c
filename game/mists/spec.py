"""Two Mists' entry in the game registry (``game.core.registry``)."""

from __future__ import annotations

from ..core.registry import GameSpec
from .actions import parse_actions
from .ai import (BOT_LEVELS, DETERMINIZATIONS, EVALUATIONS, OBSERVATIONS, ORDERINGS, determinize, evaluate,
                 order_actions, summarize)
from .invariants import check_invariants
from .notation import format_position, parse_position
from .ruleset import VARIANTS, describe, make_ruleset, ruleset_keys
from .setup import new_game
from .view import redact_action, redact_events, view


def _result(state) -> dict | None:
    return state.result.as_dict() if state.result is not None else None


SPEC = GameSpec(
    name="two-mists",
    title="Two Mists (2つの霧)",
    players=(3, 4),
    default_players=4,
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
    seats=lambda state: tuple(state.seats),
    result=_result,
    determinize=determinize,
    evaluate=evaluate,
    order_actions=order_actions,
    summarize=summarize,
    extras={"variants": tuple(VARIANTS), "ruleset_keys": ruleset_keys(), "ruleset_help": describe(),
            "bot_levels": BOT_LEVELS, "bot_determinizations": DETERMINIZATIONS,
            "bot_evaluations": EVALUATIONS, "bot_no_winner": -1.0,
            "bot_orderings": ORDERINGS, "bot_observations": OBSERVATIONS},
)
