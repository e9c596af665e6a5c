"""Error classes, kept distinct so callers can tell bad input from a bad move."""


class GameError(Exception):
    """Base class of every error the game core raises on purpose."""


class NotationError(GameError, ValueError):
    """Malformed text: an action, a position or a ruleset that cannot be parsed."""


class IllegalActionError(GameError):
    """A well-formed action that the rules forbid now; the message names the rule id."""


class RulesetError(GameError, ValueError):
    """An unknown ruleset key or an out-of-range value."""


class SeedError(GameError, ValueError):
    """A seed that is not a whole number from 0 to 2**64 - 1 (it is never wrapped or rounded)."""
