"""TM-3 to TM-10: who decides, the legal actions, and applying one action.

``apply`` validates (``IllegalActionError`` starting with the rule id), changes the
state, then runs the automatic steps (refill draws come first as chance nodes; turn
start: limit, Holy Poison, stalemate, intimidation) until the next decision.
"""

from __future__ import annotations

from itertools import permutations

from ..core.errors import IllegalActionError
from ..core.events import make_event
from ..core.records import evolve
from ..core.protocol import CHANCE, TERMINAL
from ..core.rng import Rng
from .actions import Action
from .model import ACTION_KINDS, CODES, EQUIPMENT_KINDS, FROM_CODE, SEAT_INDEX, SEATS, Take
from .ruleset import Ruleset
from .rules import can_take_any, damage_of, owns_poison, sacrifice_self, stalemate, take_problem
from .scoring import finish
from .state import pointing_seat

_EQUIP = frozenset(EQUIPMENT_KINDS)
_ACTIONS: dict = {}


def _act(actor: str, verb: str, *args) -> Action:
    """Interned action values (the legal lists are rebuilt often)."""
    key = (actor, verb, args)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(actor, verb, args)
    return a


def slots_of(rules: Ruleset) -> tuple:
    """The display's slot names, ``A1``.. then ``E1``.. (TM-0)."""
    return rules.slots


_LISTS: dict = {}


def _choices(verb: str, seat: int, n: int, self_ok: bool) -> list:
    """The (constant) ``target``/``heal``/``point`` actions of ``seat`` among ``n`` players."""
    key = (verb, seat, n, self_ok)
    acts = _LISTS.get(key)
    if acts is None:
        acts = _LISTS[key] = [_act(SEATS[seat], verb, SEATS[t]) for t in range(n) if self_ok or t != seat]
    return acts


# == legal actions =====================================================================
def pass_allowed(state, seat: int) -> bool:
    """TM-9.1: a pass is always offered, except in an intimidated turn under
    ``intimidated_may_pass = false`` while an equipment card is legal."""
    if state.restricted and not state.rules.intimidated_may_pass:
        return not can_take_any(state, seat, True)
    return True


_TAKES: dict = {}


def _take_actions(state, d: int) -> list:
    """TM-5.1 and TM-9.1: the legal takes of the active seat ``d``, then the pass if offered
    (the same test as ``rules.take_problem``, inlined for speed)."""
    rules = state.rules
    key = (d, rules.slots)
    takes = _TAKES.get(key)
    if takes is None:
        takes = _TAKES[key] = [_act(SEATS[d], "take", name) for name in rules.slots]
    allowed = rules.allowed[state.chars[d]]
    restricted = state.restricted
    owned = {t.card for t in state.records[d]} if rules.equipment_once_per_player else ()
    acts = []
    for i, card in enumerate(state.display):
        if card is None or card not in allowed:
            continue
        if card in _EQUIP:
            if card in owned:
                continue
        elif restricted:
            continue
        acts.append(takes[i])
    if not acts or not restricted or rules.intimidated_may_pass:
        acts.append(_act(SEATS[d], "pass"))
    return acts


def legal_actions(state) -> list:
    """Every legal action now (the chance outcomes at a chance node)."""
    d = state.decider()
    if d == TERMINAL:
        return []
    if d == CHANCE:
        return [a for a, _ in chance_outcomes(state)]
    seat = SEATS[d]
    phase = state.phase
    n = state.n
    if phase == "take":
        return _take_actions(state, d)
    if phase == "target":
        return _choices("target", d, n, False)
    if phase == "heal":
        return _choices("heal", d, n, True)
    if phase == "point":
        return _choices("point", d, n, state.rules.scout_point_self)
    if phase == "extra":
        return [_act(seat, "extra"), _act(seat, "decline")]
    raise AssertionError(f"no decision in phase {phase}")


# == chance ===========================================================================
_DEALS: dict = {}


def _deals(chars: tuple) -> list:
    deals = _DEALS.get(chars)
    if deals is None:
        deals = _DEALS[chars] = ["".join(CODES[c] for c in p) for p in permutations(chars)]
    return deals


def _deck_of(state, slot: int) -> tuple:
    """``(remaining counts, card kinds)`` of the deck that refills ``slot`` (TM-10.1)."""
    if slot < state.rules.action_slots:
        return state.apile, ACTION_KINDS
    return state.epile, EQUIPMENT_KINDS


def chance_outcomes(state) -> list:
    """``[(action, probability), ...]`` at a chance node (TM-3, TM-10.1)."""
    if state.decider() != CHANCE:
        return []
    if state.phase == "deal":
        deals = _deals(state.rules.characters(state.n))
        p = 1.0 / len(deals)
        return [(_act("chance", "deal", d), p) for d in deals]
    if state.draws:
        slot = state.draws[0]
        pile, kinds = _deck_of(state, slot)
        total = sum(pile)
        name = state.rules.slots[slot]
        return [(_act("chance", "draw", name, k), c / total) for k, c in zip(kinds, pile) if c]
    return [(_act("chance", "first", SEATS[s]), 1.0 / state.n) for s in range(state.n)]


_MASK = (1 << 64) - 1


def _splitmix(seed: int) -> int:
    """``Rng(seed).next_u64()`` (SplitMix64), inlined for the hot chance path."""
    z = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def sample_chance(state) -> Action:
    """A chance outcome drawn from the state's generator (which advances on apply)."""
    if state.draws and state.result is None:
        slot = state.draws[0]
        pile, kinds = _deck_of(state, slot)
        total = sum(pile)
        x = _splitmix(state.rng)
        if x >= (1 << 64) - (1 << 64) % total:      # rare: reject as Rng.below does
            x = Rng(state.rng).below(total)
        else:
            x %= total
        for i, c in enumerate(pile):
            if x < c:
                return _act("chance", "draw", state.rules.slots[slot], kinds[i])
            x -= c
    if state.decider() != CHANCE:
        raise IllegalActionError("TM-4.2: no chance outcome is due now")
    rng = Rng(state.rng)
    if state.phase == "deal":
        deals = _deals(state.rules.characters(state.n))
        return _act("chance", "deal", deals[rng.below(len(deals))])
    return _act("chance", "first", SEATS[rng.below(state.n)])


def _advance_rng(state) -> None:
    """The generator's next output becomes its state, so successive chance samples are independent."""
    state.rng = _splitmix(state.rng)


def _apply_chance(state, a: Action, events: list) -> None:
    if a.verb == "deal":
        if state.phase != "deal" or state.draws:
            raise IllegalActionError("TM-3.1: the characters are already dealt")
        chars = tuple(FROM_CODE[c] for c in a.args[0])
        if sorted(chars) != sorted(state.rules.characters(state.n)):
            raise IllegalActionError(f"TM-3.1: {a.args[0]} is not a deal of the character set "
                                     f"({''.join(CODES[c] for c in state.rules.characters(state.n))})")
        state.chars = chars[:state.n]
        state.leftover = chars[state.n]
        state.draws = tuple(range(len(state.display)))
        state.phase = "first"
        events.append(make_event("deal", "characters dealt face down; one card left over",
                                 seats=state.seats))
        for s in range(state.n):
            events.append(make_event("character", f"{SEATS[s]} is the {chars[s]}",
                                     seen_by=frozenset((SEATS[s],)), seat=SEATS[s], character=chars[s]))
    elif a.verb == "draw":
        _apply_draw(state, a, events)
    else:
        if state.phase != "first":
            raise IllegalActionError("TM-3.5: the start player is already chosen")
        if state.draws:
            raise IllegalActionError("TM-3.3: the display is dealt before the start player is drawn")
        seat = SEAT_INDEX[a.args[0]]
        if seat >= state.n:
            raise IllegalActionError(f"TM-3.5: {a.args[0]} is not a seat in play")
        _set_start(state, seat, events)
    _advance_rng(state)


_KIND_INDEX = {**{k: i for i, k in enumerate(ACTION_KINDS)}, **{k: i for i, k in enumerate(EQUIPMENT_KINDS)}}


def _apply_draw(state, a: Action, events: list) -> None:
    """TM-3.3, TM-10.1: the first waiting slot gets a card from its deck."""
    if not state.draws:
        raise IllegalActionError("TM-10.1: no display slot is waiting for a draw")
    slot = state.draws[0]
    name, card = a.args
    names = state.rules.slots
    if name != names[slot]:
        raise IllegalActionError(f"TM-10.1: slot {names[slot]} is refilled now, not {name}")
    is_action = slot < state.rules.action_slots
    pile = state.apile if is_action else state.epile
    if (card in _EQUIP) == is_action:
        raise IllegalActionError(f"TM-10.1: {card} is not a card of the deck that refills {name}")
    i = _KIND_INDEX[card]
    if not pile[i]:
        raise IllegalActionError(f"TM-10.1: no {card} is left in its deck")
    pile = pile[:i] + (pile[i] - 1,) + pile[i + 1:]
    if is_action:
        state.apile = pile
    else:
        state.epile = pile
    display = list(state.display)
    display[slot] = card
    state.display = tuple(display)
    state.draws = state.draws[1:]
    events.append(make_event("draw", f"{card} is dealt to {name}", slot=name, card=card, left=sum(pile)))


def _set_start(state, seat: int, events: list) -> None:
    state.start = seat
    events.append(make_event("first", f"{SEATS[seat]} is the start player", seat=SEATS[seat]))
    _begin_turn(state, seat, events)


# == turn flow ========================================================================
def _begin_turn(state, seat: int, events: list, extra: bool = False) -> None:
    """TM-4.2 a–c: turn limit, Holy Poison, end check, intimidation."""
    rules = state.rules
    turn = state.turn + 1
    state.active = seat
    state.restricted = False
    if turn > rules.turn_limit:
        finish(state, "turn_limit", (), events)
        return
    state.turn = turn
    events.append(make_event("turn", f"turn {turn}: {SEATS[seat]}" + (" (extra turn)" if extra else ""),
                             turn=turn, seat=SEATS[seat], extra=extra))
    if rules.poison_damage and owns_poison(state, seat):
        life = state.life[seat]
        new = max(min(life, rules.poison_floor), life - rules.poison_damage)
        if new != life:
            _set_life(state, seat, new)
            events.append(make_event("poison", f"Holy Poison: {SEATS[seat]} takes {life - new} ({new} left)",
                                     seat=SEATS[seat], amount=life - new, life=new))
    if stalemate(state):
        finish(state, "stalemate", (), events)
        return
    if state.marks[seat]:
        state.restricted = True
        marks = list(state.marks)
        marks[seat] = False
        state.marks = tuple(marks)
        events.append(make_event("intimidated", f"{SEATS[seat]} is intimidated: equipment only this turn",
                                 seat=SEATS[seat]))
    state.phase = "take"


def _advance(state, events: list) -> None:
    """Run automatic steps until a decision or a chance outcome is due."""
    while state.result is None:
        if state.draws:
            if state.draws[0] < state.rules.action_slots:
                if any(state.apile):
                    return
            elif any(state.epile):
                return
            state.draws = state.draws[1:]   # TM-10.2: an empty deck leaves the slot empty
            continue
        phase = state.phase
        if phase == "first" and state.rules.start_player != "random":
            _set_start(state, SEAT_INDEX[state.rules.start_player] % state.n, events)
        elif phase == "end":
            _begin_turn(state, (state.active + 1) % state.n, events)
        elif phase == "again":
            _begin_turn(state, state.active, events, extra=True)
        else:
            return


# == applying decisions ===============================================================
def _set_life(state, seat: int, value: int) -> None:
    life = list(state.life)
    life[seat] = value
    state.life = tuple(life)


def _update_entry(state, seat: int, **changes) -> None:
    rec = state.records[seat]
    records = list(state.records)
    records[seat] = rec[:-1] + (evolve(rec[-1], **changes),)
    state.records = tuple(records)


def _append_entry(state, seat: int, entry: Take) -> None:
    records = list(state.records)
    records[seat] = records[seat] + (entry,)
    state.records = tuple(records)


_EXPECTED = {"take": "take a card or pass", "target": "choose a target", "heal": "choose whom to heal",
             "point": "point at a suspect", "extra": "choose extra or decline"}
_VERB_PHASE = {"take": "take", "pass": "take", "target": "target", "heal": "heal", "point": "point",
               "extra": "extra", "decline": "extra"}


def apply(state, action) -> list:
    """Validate and apply one action (value or text); return its events."""
    a = action if action.__class__ is Action else Action.parse(action)
    if state.result is not None:
        raise IllegalActionError("TM-11.1: the game is over")
    events: list = []
    if state.draws or state.phase == "deal" or state.phase == "first":
        if a.actor != "chance":
            raise IllegalActionError(f"TM-4.2: a chance outcome is due, not a decision of {a.actor}")
        _apply_chance(state, a, events)
    else:
        d = state.active if state.phase != "point" else pointing_seat(state)
        if a.actor == "chance":
            raise IllegalActionError(f"TM-4.2: {SEATS[d]} decides now, not chance")
        if a.actor != SEATS[d]:
            raise IllegalActionError(f"TM-4.2: it is {SEATS[d]}'s decision now, not {a.actor}'s")
        if _VERB_PHASE[a.verb] != state.phase:
            raise IllegalActionError(f"TM-4.2: {a.actor} must {_EXPECTED[state.phase]} now, not {a.verb}")
        _DECISIONS[a.verb](state, d, a, events)
    state.legal_cache = None
    _advance(state, events)
    return events


def _target_seat(state, a: Action) -> int:
    t = SEAT_INDEX[a.args[0]]
    if t >= state.n:
        raise IllegalActionError(f"TM-1: {a.args[0]} is not a seat in play")
    return t


def _take(state, seat: int, a: Action, events: list) -> None:
    names = slots_of(state.rules)
    if a.args[0] not in names:
        raise IllegalActionError(f"TM-1: the display has no slot {a.args[0]} (slots: {' '.join(names)})")
    slot = names.index(a.args[0])
    problem = take_problem(state, seat, slot, state.restricted)
    if problem:
        raise IllegalActionError(problem)
    card = state.display[slot]
    display = list(state.display)
    display[slot] = None
    state.display = tuple(display)
    _append_entry(state, seat, Take(state.turn, card))
    events.append(make_event("take", f"{SEATS[seat]} takes {card} from {a.args[0]}",
                             seat=SEATS[seat], slot=a.args[0], card=card, turn=state.turn))
    # TM-10.1: refilled before the card resolves (skipped if the deck is empty); interpretation:
    # the refill draw also comes before the taker names the card's targets.
    state.draws = (slot,)
    if card in _EQUIP:
        state.phase = "end"
    elif card == "scout":
        state.phase = "point"
        state.pointing = (None,) * state.n
    elif card == "arcana":
        state.phase = "heal"
    else:
        state.phase = "target"


def _pass(state, seat: int, a: Action, events: list) -> None:
    if not pass_allowed(state, seat):
        raise IllegalActionError("TM-9.1: an intimidated player with a legal equipment card must take one "
                                 "(intimidated_may_pass is false)")
    rules = state.rules
    _append_entry(state, seat, Take(state.turn, "pass"))
    events.append(make_event("pass", f"{SEATS[seat]} passes: life {rules.pass_life}",
                             seat=SEATS[seat], life=rules.pass_life))
    if rules.pass_reveals and not state.revealed[seat]:
        revealed = list(state.revealed)
        revealed[seat] = True
        state.revealed = tuple(revealed)
        events.append(make_event("reveal", f"{SEATS[seat]} is the {state.chars[seat]}",
                                 seat=SEATS[seat], character=state.chars[seat]))
    _set_life(state, seat, rules.pass_life)
    state.phase = "end"


def _heal(state, seat: int, a: Action, events: list) -> None:
    t = _target_seat(state, a)
    rules = state.rules
    life = state.life[t]
    new = life + rules.arcana_heal
    if rules.life_max is not None:
        new = min(rules.life_max, new)
    new = max(new, life)
    _set_life(state, t, new)
    _update_entry(state, seat, heal=t)
    events.append(make_event("heal", f"{SEATS[seat]} heals {SEATS[t]} by {new - life} ({new})",
                             seat=SEATS[seat], target=SEATS[t], amount=new - life, life=new))
    state.phase = "target"


def _point(state, seat: int, a: Action, events: list) -> None:
    t = _target_seat(state, a)
    if t == seat and not state.rules.scout_point_self:
        raise IllegalActionError("TM-7.2: a player may not point at themselves")
    pointing = list(state.pointing)
    pointing[seat] = t
    state.pointing = tuple(pointing)
    events.append(make_event("point", f"{SEATS[seat]} points at {SEATS[t]}",
                             seen_by=frozenset((SEATS[seat],)), seat=SEATS[seat], target=SEATS[t]))
    if None not in pointing:
        taker = state.active
        _update_entry(state, taker, points=state.pointing)
        events.append(make_event("pointing", "pointing revealed: " + " ".join(
            f"{SEATS[s]}>{SEATS[p]}" for s, p in enumerate(pointing)),
            seat=SEATS[taker], points=tuple(SEATS[p] for p in pointing)))
        state.pointing = None
        state.phase = "target"


def _damage(state, src: int, dst: int, amount: int, events: list, card: str) -> bool:
    """TM-6.3/6.4: deal damage; under ``immediate`` a life of 0 ends the game at once
    (with the Saint's curse, TM-2.4).  True when the game ended."""
    life = state.life[dst]
    new = max(0, life - amount)
    _set_life(state, dst, new)
    events.append(make_event("damage", f"{SEATS[dst]} takes {life - new} from {SEATS[src]}'s {card} ({new} left)",
                             seat=SEATS[src], target=SEATS[dst], amount=life - new, life=new, card=card))
    if new == 0 and state.rules.death_check == "immediate":
        _deaths(state, [dst], src, events)
        return True
    return False


def _deaths(state, dead: list, finisher: int, events: list) -> None:
    """TM-11.2 steps 1–2: reveal the dead; the Saint's finisher dies too (TM-2.4)."""
    dead = list(dead)
    for s in dead:
        events.append(make_event("death", f"{SEATS[s]} dies: the {state.chars[s]}",
                                 seat=SEATS[s], character=state.chars[s]))
    if finisher not in dead and any(state.chars[s] == "saint" for s in dead):
        _set_life(state, finisher, 0)
        dead.append(finisher)
        events.append(make_event("curse", f"wrath of God: {SEATS[finisher]}, the {state.chars[finisher]}, "
                                          f"finished the Saint and dies",
                                 seat=SEATS[finisher], character=state.chars[finisher]))
    finish(state, "death", tuple(dead), events)


def _target(state, seat: int, a: Action, events: list) -> None:
    t = _target_seat(state, a)
    if t == seat:
        raise IllegalActionError("TM-6.5: the target must be another player")
    entry = state.records[seat][-1]
    card = entry.card
    _update_entry(state, seat, target=t)
    rules = state.rules
    if card == "intimidate":
        marks = list(state.marks)
        marks[t] = True
        state.marks = tuple(marks)
        events.append(make_event("mark", f"{SEATS[seat]} intimidates {SEATS[t]}", seat=SEATS[seat], target=SEATS[t]))
        state.phase = "end"
        return
    if _damage(state, seat, t, damage_of(state, seat, card), events, card):
        return
    if card == "sacrifice":
        amount = sacrifice_self(state, seat)
        if amount and _damage(state, seat, seat, amount, events, card):
            return
    if rules.death_check == "end_of_card":
        # TM-6.4 (interpretation): D lists the card's target, then its taker, then the curse's victim.
        at0 = [s for s in (t, seat) if state.life[s] == 0]
        if at0:
            _deaths(state, at0, seat, events)
            return
    if card == "combo":
        mode = rules.combo_extra_turn
        if mode == "optional":
            state.phase = "extra"
            return
        if mode == "always":
            _update_entry(state, seat, choice="extra")
            state.phase = "again"
            return
    state.phase = "end"


def _extra(state, seat: int, a: Action, events: list) -> None:
    _update_entry(state, seat, choice=a.verb)
    events.append(make_event("extra", f"{SEATS[seat]} " + ("takes an extra turn" if a.verb == "extra"
                                                             else "declines the extra turn"),
                             seat=SEATS[seat], choice=a.verb))
    state.phase = "again" if a.verb == "extra" else "end"


_DECISIONS = {"take": _take, "pass": _pass, "target": _target, "heal": _heal, "point": _point,
              "extra": _extra, "decline": _extra}
