"""Invariants of a Two Mists state (checked by tests and ``tools/simulate.py``).

Each message starts with the position-text key it concerns (``decks: ...``), so the
notation parser can name the line of a whole-position inconsistency.
"""

from __future__ import annotations

from .model import ACTION_KINDS, CARD_KINDS, EQUIPMENT_KINDS, SEATS
from .scoring import wins, world_of
from .state import PHASES

_ALL_PHASES = PHASES + ("end", "again")


def check_invariants(state, view: bool = False) -> list:
    """Every broken invariant as a message (empty when all hold).  ``view`` relaxes the
    checks that need hidden facts (unknown characters, the leftover, the generator)."""
    out = []
    rules = state.rules
    n = state.n
    seats = SEATS[:n]
    charset = rules.characters(n)
    if state.phase not in _ALL_PHASES:
        out.append(f"phase: unknown phase {state.phase!r}")
    # characters and the leftover (TM-3.1)
    known = [c for c in state.chars if c is not None]
    if len(set(known)) != len(known) or any(c not in charset for c in known):
        out.append(f"{seats[0]}: characters {known} are not distinct cards of the set")
    if state.phase != "deal":
        if not view and (None in state.chars or state.leftover is None):
            out.append("leftover: characters are not dealt")
        if state.leftover is not None and state.leftover in known:
            out.append(f"leftover: {state.leftover} is also a player's character")
        if state.leftover is not None and state.leftover not in charset:
            out.append(f"leftover: {state.leftover} is not in the character set")
    elif known or state.leftover is not None or state.turn or any(state.display):
        out.append("phase: deal phase with characters, display or turns already set")
    for s in range(n):
        if state.revealed[s] and state.chars[s] is None and state.phase != "deal":
            out.append(f"{seats[s]}: revealed but the character is unknown")
    # lives (TM-6.3)
    top = rules.life_max if rules.life_max is not None else 10 ** 6
    for s, life in enumerate(state.life):
        if not 0 <= life <= max(top, rules.life_start):
            out.append(f"{seats[s]}: life {life} out of range")
        if life == 0 and state.result is None:
            out.append(f"{seats[s]}: life 0 in a game that goes on")
    # conservation of cards: decks + display + records = the deck compositions (TM-5.3, TM-10.2)
    count = dict.fromkeys(CARD_KINDS, 0)
    for kind, c in zip(ACTION_KINDS, state.apile):
        count[kind] += c
    for kind, c in zip(EQUIPMENT_KINDS, state.epile):
        count[kind] += c
    if any(c < 0 for c in state.apile + state.epile):
        out.append("decks: a negative count")
    slots = rules.action_slots
    for i, card in enumerate(state.display):
        if card is not None:
            if (card in ACTION_KINDS) != (i < slots):
                out.append(f"display: {card} lies in the wrong row")
            count[card] += 1
    for s in range(n):
        last = 0
        owned = set()
        for t in state.records[s]:
            if t.turn <= last or t.turn > state.turn:   # one entry a turn, from turn 1 on (TM-5.3)
                out.append(f"{seats[s]}: record turn {t.turn} out of order")
            last = t.turn
            if t.card == "pass":
                if rules.pass_reveals and not state.revealed[s]:
                    out.append(f"{seats[s]}: passed but not revealed")
                continue
            if t.card not in count:
                out.append(f"{seats[s]}: unknown card {t.card!r} in the record")
                continue
            count[t.card] += 1
            c = state.chars[s]
            if c is not None and c in rules.forbid[t.card]:
                out.append(f"{seats[s]}: the {c} holds {t.card}, which is forbidden to it")
            if t.card in EQUIPMENT_KINDS and rules.equipment_once_per_player:
                if t.card in owned:
                    out.append(f"{seats[s]}: {t.card} taken twice")
                owned.add(t.card)
    totals = dict(zip(ACTION_KINDS, rules.action_counts))
    totals.update(zip(EQUIPMENT_KINDS, rules.equipment_counts))
    bad = [k for k in CARD_KINDS if count[k] != totals[k]]
    if bad:
        out.append("decks: cards do not add up to the deck compositions for " +
                   ", ".join(f"{k} ({count[k]} != {totals[k]})" for k in bad))
    # flow
    if state.draws and state.phase == "deal":
        out.append("draws: draws pending before the deal")
    for d in state.draws:
        if not 0 <= d < len(state.display) or state.display[d] is not None:
            out.append("draws: a pending draw names a full or unknown slot")
    if (state.pointing is not None) != (state.phase == "point"):
        out.append("pointing: pointings exist exactly while a Scout collects them")
    if state.phase in ("target", "heal", "point", "extra") or (state.phase == "end" and state.draws):
        rec = state.records[state.active]
        if not rec or rec[-1].turn != state.turn:
            out.append(f"phase: {state.phase} without a card taken this turn")
    if state.phase not in ("deal", "first") and state.start is None:
        out.append("start: no start player in a started game")
    if not 0 <= state.active < n:
        out.append("active: not a seat")
    # result (TM-11)
    r = state.result
    if (r is not None) != (state.phase == "over"):
        out.append("result: a result exactly when the game is over")
    if r is not None and None not in state.chars:
        dead = frozenset(state.chars[s] for s in r.dead)
        world = world_of(state.chars)
        fool = "fool" in charset
        winners = tuple(s for s in range(n) if wins(state.chars[s], dead, world, fool))
        if r.world != world or r.winners != winners:
            out.append("result: winners or world do not follow TM-2.2")
        if any(state.life[s] != 0 for s in r.dead):
            out.append("result: a dead player has life left")
        if r.reason != "death" and r.dead:
            out.append("result: dead players in a game that ended without a death")
        if r.reason == "death" and not r.dead:
            out.append("result: a death ending without a dead player")
    return out


def check_view(state, v) -> list[str]:
    """TM-12: the view ``v`` of ``state`` holds no secret its viewer may not know: no generator, no
    leftover card (it decides the world), no other player's unrevealed character and no other
    player's Scout pointing while they are still being collected.  After the end (TM-12.5)
    everything is public."""
    if state.result is not None:
        return []
    who = v.viewer or "the spectator"
    me = SEATS.index(v.viewer) if v.viewer is not None else -1
    errors = []
    if v.rng is not None:
        errors.append(f"TM-12: the view of {who} shows the generator")
    if v.leftover is not None:
        errors.append(f"TM-12: the view of {who} shows the leftover character")
    for s in range(state.n):
        if s != me and not state.revealed[s] and v.chars[s] is not None:
            errors.append(f"TM-12: the view of {who} shows {SEATS[s]}'s hidden character")
        if (s != me and state.pointing is not None and state.pointing[s] is not None
                and v.pointing[s] != "?"):
            errors.append(f"TM-12.3: the view of {who} shows {SEATS[s]}'s Scout pointing before the reveal")
    return errors
