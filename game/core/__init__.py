"""Game-agnostic foundation shared by every game on the table."""

from .errors import GameError, IllegalActionError, NotationError, RulesetError
from .rng import Rng

__all__ = ["GameError", "IllegalActionError", "NotationError", "RulesetError", "Rng"]
