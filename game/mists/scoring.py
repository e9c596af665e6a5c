"""TM-2 and TM-11: the world, the victory conditions and the end of the game."""

from __future__ import annotations

from ..core.events import make_event
from .model import SEATS, Result


def world_of(chars) -> str:
    """TM-2.1: front iff the Monster is one of the players' characters."""
    return "front" if "monster" in chars else "back"


def wins(char: str, dead: frozenset, world: str, fool_in_set: bool) -> bool:
    """TM-2.2: whether ``char`` meets its condition, given the dead characters D.

    Dead players can win (TM-2.3 [I]).  The Saint's back condition asks for the Fool's
    death only where the Fool is in the character set (4 players; TM-2.6)."""
    if char == "monster":
        return world == "front" and ("knight" in dead or "witch" in dead)
    if char == "knight":
        return ("monster" if world == "front" else "witch") in dead
    if char == "witch":
        return ("monster" if world == "front" else "knight") in dead
    if char == "saint":
        if world == "front":
            return "monster" in dead
        return "saint" not in dead and (not fool_in_set or "fool" in dead)
    if char == "fool":
        return ("fool" if world == "front" else "saint") in dead
    raise ValueError(f"unknown character {char!r}")


def finish(state, reason: str, dead: tuple, events: list) -> None:
    """TM-11.2: reveal the dead, then everyone and the leftover; decide the winners.

    ``dead`` are seat indices in order of death (the curse's victim after the Saint)."""
    chars = state.chars
    world = world_of(chars)
    dset = frozenset(chars[s] for s in dead)
    fool_in_set = "fool" in state.rules.characters(state.n)
    winners = tuple(s for s in range(state.n) if wins(chars[s], dset, world, fool_in_set))
    state.result = Result(reason, tuple(dead), world, winners, tuple(chars), state.leftover)
    state.revealed = (True,) * state.n
    state.phase = "over"
    state.draws = ()
    state.pointing = None
    state.restricted = False
    state.legal_cache = None
    events.append(make_event(
        "end", f"game over ({reason}): world {world}, leftover {state.leftover}; "
               f"winners {' '.join(SEATS[s] for s in winners) or 'none'}",
        reason=reason, world=world, leftover=state.leftover,
        characters=tuple(chars), dead=tuple(SEATS[s] for s in dead),
        winners=tuple(SEATS[s] for s in winners)))
