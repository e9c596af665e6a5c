"""The rules of Immortal Arena (イモータルアリーナ; ``shared/rules/immortal-arena.md``, ids IA-…)."""

from .actions import Action, parse_actions
from .ruleset import Ruleset, load_ruleset, make_ruleset
from .setup import new_game
from .state import ArenaState

__all__ = ["Action", "parse_actions", "Ruleset", "make_ruleset", "load_ruleset", "new_game", "ArenaState"]
