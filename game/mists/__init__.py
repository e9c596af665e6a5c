"""Two Mists (2つの霧): the rules core (ids ``TM-…`` from ``shared/rules/two-mists.md``)."""

from .ruleset import Ruleset, load_ruleset, make_ruleset
from .setup import new_game

__all__ = ["Ruleset", "load_ruleset", "make_ruleset", "new_game"]
