"""Smoke Blood Steel (煙血鋼撃): the rules core (ids SB-… from shared/rules/smoke-blood-steel.md).

Entry points: ``make_ruleset``/``load_ruleset`` (SB-0), ``new_game`` (SB-3), the state's
protocol methods, ``view`` (SB-11), ``format_position``/``parse_position``; the registry
reaches the game through ``game.steel.spec.SPEC``.
"""

from .actions import Action, parse_actions
from .ruleset import load_ruleset, make_ruleset
from .setup import new_game

__all__ = ["Action", "parse_actions", "load_ruleset", "make_ruleset", "new_game"]
