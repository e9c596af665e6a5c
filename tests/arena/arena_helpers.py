"""Build Immortal Arena positions from a few words, act, and read the result."""

from __future__ import annotations

import pytest

from game.arena.legal import surcharge
from game.arena.model import SEATS
from game.arena.notation import parse_position
from game.core.errors import IllegalActionError

PROVISION_TYPES = ("cavalry", "infantry", "artillery")
DICE_TYPES = ("warrior", "fire_mage", "ice_mage")


def position(units: dict | None = None, *, ruleset: str = "provisions", rules: str = "", phase: str = "act",
             turn: int = 3, first: str = "A", prov: str = "A=2 B=2 bank=3", waza: str = "A=0 B=0",
             points: str = "A=0 B=0", last: str = "A=- B=-", pending: str | None = None,
             rng: str = "0x1234"):
    """A state: every unit living in its middle row unless ``units`` says otherwise
    (``{"A cavalry": "front living damage=1"}``); P follows from ``first`` and ``turn``."""
    types = DICE_TYPES if ruleset == "dice" else PROVISION_TYPES
    units = units or {}
    player = SEATS[(SEATS.index(first) + turn - 1) % 2]
    lines = [f"ruleset: {ruleset}"]
    if rules:
        lines.append(f"rules: {rules}")
    lines += [f"rng: {rng}", f"phase: {phase}", f"turn: {turn}", f"player: {player}", f"first: {first}"]
    if ruleset == "dice":
        lines.append(f"points: {points}")
    else:
        lines += [f"provisions: {prov}", f"waza-ari: {waza}"]
    lines.append(f"last: {last}")
    lines.append("units:")
    for seat in SEATS:
        for kind in types:
            lines.append(f"  {seat} {kind} {units.get(f'{seat} {kind}', 'middle living')}")
    if pending:
        lines.append(f"pending: {pending}")
    return parse_position("\n".join(lines) + "\n")


def do(state, *texts) -> list:
    """Apply actions in order; return all their events."""
    events = []
    for text in texts:
        events.extend(state.apply(text))
    return events


def legal(state) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def refused(state, text: str, rule: str) -> str:
    """Assert the action is refused with a message starting with ``rule``; return the message."""
    with pytest.raises(IllegalActionError) as info:
        state.apply(text)
    message = str(info.value)
    assert message.startswith(rule + ":"), message
    return message


def unit(state, seat: str, kind: str):
    return state.unit(seat, kind)


def surcharge_of(state, seat: str, kind: str):
    p = SEATS.index(seat)
    k = state.table.type_index[kind]
    return surcharge(state, p, k, state.units[3 * p + k])


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def event(events, kind: str):
    found = [e for e in events if e.kind == kind]
    assert found, f"no {kind!r} event in {kinds(events)}"
    return found[0]
