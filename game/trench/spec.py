"""Trench War's entry in the game registry (``game.core.registry``)."""

from __future__ import annotations

from ..core.registry import GameSpec
from . import ai, demo
from .actions import parse_actions
from .invariants import check_invariants
from .notation import format_position, parse_position
from .ruleset import SPEC as RULESET_KEYS
from .ruleset import VARIANTS, make_ruleset
from .setup import new_game
from .view import redact_action, redact_events, view


def _make_ruleset(settings, variants):
    return make_ruleset(list(settings), list(variants))


def _result(state) -> dict | None:
    return state.result.as_dict() if state.result is not None else None


SPEC = GameSpec(
    name="trench-war",
    title="Poison Gas Trench War (毒ガス塹壕戦 第三版)",
    players=(2, 3, 4),
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
    seats=lambda state: tuple(state.seats),
    result=_result,
    determinize=ai.determinize,
    evaluate=ai.evaluate,
    order_actions=ai.order_actions,
    extras={"variants": tuple(VARIANTS), "ruleset_keys": RULESET_KEYS,
            "bot_evaluations": ai.EVALUATIONS, "bot_levels": ai.BOT_LEVELS, "demo_weight": demo.action_weight},
)
