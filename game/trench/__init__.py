"""The rules of Poison Gas Trench War, 3rd edition (``shared/rules/trench-war.md``)."""

from .actions import Action, parse_actions
from .ruleset import Ruleset, load_ruleset, make_ruleset
from .setup import new_game
from .state import TrenchState

__all__ = ["Action", "parse_actions", "Ruleset", "make_ruleset", "load_ruleset", "new_game",
           "TrenchState"]
