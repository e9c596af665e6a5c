"""``--from POSITION``: every game of a run starts at one position, with its arm's ruleset.

The position's own ruleset is replaced by the arm's where the position allows it: the position
written with the arm's ruleset must read back (the game's parser checks the ruleset against the
seats and the board) and keep every invariant; otherwise the run is refused with the reason.
Each game reseeds the position's generator from its seed, so games differ in their chance
outcomes as new games do.
"""

from __future__ import annotations

from ..core.errors import GameError
from ..core.rng import Rng


class PositionError(GameError, ValueError):
    """A ``--from`` position that cannot start a run (the message says why)."""


def from_position(spec, text: str, rules, seed: int):
    """The position ``text`` with ``rules`` in force and its generator seeded from ``seed``."""
    try:
        state = spec.parse_position(text)
    except GameError as exc:
        raise PositionError(f"--from: {exc}") from None
    if state.is_over():
        raise PositionError("--from: the position is a finished game")
    if not hasattr(state, "rules"):
        raise PositionError(f"--from: {spec.name} positions carry no ruleset to replace")
    if state.rules != rules:
        state.rules = rules
        try:
            state = spec.parse_position(spec.format_position(state))
        except (GameError, ValueError) as exc:
            raise PositionError(f"--from: the position cannot take this ruleset: {exc}") from None
        problems = spec.check_invariants(state)
        if problems:
            raise PositionError(f"--from: the position cannot take this ruleset: {problems[0]}")
    if isinstance(getattr(state, "rng", None), int):
        state.rng = Rng(seed ^ 0xF00D).next_u64()
    else:
        raise PositionError(f"--from: {spec.name} positions keep no generator state to reseed")
    return state
