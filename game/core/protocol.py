"""The state/action protocol every game on the table follows.

Modelled on OpenSpiel's Python games: a state says who decides now
(a seat, or ``CHANCE``), lists the legal actions, applies one (validating it),
offers chance outcomes explicitly, clones cheaply, and says when the game is
over.  Actions are immutable values with a text form that round-trips.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

#: ``current_player()`` returns this when the next decision is a chance outcome.
CHANCE = "chance"
#: ``current_player()`` returns this when the game is over.
TERMINAL = "terminal"


class GameState(ABC):
    """Abstract base for a game's full (omniscient) state."""

    @abstractmethod
    def current_player(self) -> str:
        """The seat that decides now, ``CHANCE`` or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self) -> list:
        """Every legal action now (chance outcomes at a chance node)."""

    @abstractmethod
    def apply(self, action) -> list:
        """Validate and apply an action (or its text); return the events it caused."""

    @abstractmethod
    def clone(self) -> "GameState":
        """An independent copy."""

    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def chance_outcomes(self) -> list:
        """``[(action, probability), ...]`` at a chance node."""
        raise NotImplementedError

    def sample_chance(self):
        """Draw a chance outcome with the state's own seeded generator."""
        raise NotImplementedError
