"""TW-6.6 fire, TW-6.8 equip, TW-6.10 interrupt (completed in Rules core II).

The flow calls these hooks; in Rules core I they offer no action.
"""

from __future__ import annotations


def actions(state, s, category: str) -> list:
    """Fire or Equip actions soldier ``s`` may take now."""
    return []


def check(state, s, a) -> str | None:
    return f"TW-6.6: {a.verb} is not available yet"


def perform(state, a, events: list) -> None:
    raise NotImplementedError(a.verb)


def drug_actions(state) -> list:
    """Extra actions granted by a drug this turn (TW-6.8)."""
    return []


def is_drug_action(state, a) -> bool:
    return False


def do_drug_action(state, a, events: list) -> None:
    raise NotImplementedError


def next_turn_seat(state):
    """The seat whose turn comes next this round (TW-4.4 interrupts reorder it)."""
    return state.order[0] if state.order else None


def pending_actions(state, p) -> list:
    return []


def resolve_pending(state, p, a, events: list) -> None:
    raise NotImplementedError(p.kind)
