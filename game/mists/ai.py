"""For the bots: determinization, an evaluation function and an action ordering.

``determinize(view, rng)`` samples the hidden facts uniformly among those consistent
with the public hard constraints (TM-12.6): the viewer's own character, revealed
characters, and each record, which excludes every character its cards forbid (the
deal has no repeats and leaves one card over).  Targets, pointings and the cards
left in the display are behavioural evidence only and do not constrain the sample.
"""

from __future__ import annotations

from itertools import permutations

from .model import CHARGES, EQUIPMENT_KINDS, SEAT_INDEX, WEAPONS
from .rules import damage_of
from .scoring import wins, world_of
from .state import MistsState
from .view import HIDDEN


def _below(rng, n: int) -> int:
    return rng.below(n) if hasattr(rng, "below") else rng.randrange(n)


def consistent_deals(view) -> list:
    """Every ``(characters per seat, leftover)`` consistent with the public record and
    what ``view``'s viewer knows (TM-12.6), in a fixed order."""
    n = view.n
    forbid = view.rules.forbid
    allowed = []
    for s in range(n):
        if view.chars[s] is not None:
            allowed.append(frozenset((view.chars[s],)))
            continue
        charset = set(view.rules.characters(n))
        for t in view.records[s]:
            if t.card != "pass":
                charset -= forbid[t.card]
        allowed.append(frozenset(charset))
    out = []
    for perm in permutations(view.rules.characters(n)):
        if all(perm[s] in allowed[s] for s in range(n)):
            if view.leftover is None or perm[n] == view.leftover:
                out.append((perm[:n], perm[n]))
    return out


def _to_state(view) -> MistsState:
    s = object.__new__(MistsState)
    for slot in MistsState.__slots__:
        setattr(s, slot, getattr(view, slot))
    s.legal_cache = None
    return s


def determinize(view, rng) -> MistsState:
    """A full state whose view for ``view.viewer`` equals ``view``, its secrets drawn with
    ``rng`` (a ``game.core.Rng`` or a ``random.Random``)."""
    state = _to_state(view)
    if view.result is not None:
        if state.rng is None:
            state.rng = _below(rng, 1 << 62)
        return state
    if view.phase != "deal":
        deals = consistent_deals(view)
        if not deals:
            raise ValueError("no deal of characters is consistent with this view")
        chars, leftover = deals[_below(rng, len(deals))]
        state.chars = tuple(chars)
        state.leftover = leftover
    if view.pointing is not None:
        n = view.n
        self_ok = view.rules.scout_point_self
        pointing = []
        for s, p in enumerate(view.pointing):
            if p == HIDDEN:
                options = [t for t in range(n) if self_ok or t != s]
                p = options[_below(rng, len(options))]
            pointing.append(p)
        state.pointing = tuple(pointing)
    state.rng = _below(rng, 1 << 62) * 4 + _below(rng, 4)
    return state


def _danger(state, seat: int) -> float:
    """How likely ``seat`` is to die first: low life, and weapons in the others' hands."""
    life = state.life[seat]
    return 1.0 / (life * life) if life > 0 else 100.0


def evaluate(state, seat) -> float:
    """In [-1, 1]: 2·P(win) − 1 for ``seat``, where the game's first death falls on each
    player with weight 1/life² and the winners follow TM-2.2 (the curse ignored)."""
    s = SEAT_INDEX[seat] if isinstance(seat, str) else seat
    r = state.result
    if r is not None:
        return 1.0 if s in r.winners else -1.0
    chars = state.chars
    if None in chars:
        return 0.0
    world = world_of(chars)
    fool = "fool" in state.rules.characters(state.n)
    mine = chars[s]
    total = good = 0.0
    for q in range(state.n):
        w = _danger(state, q)
        total += w
        if wins(mine, frozenset((chars[q],)), world, fool):
            good += w
    return max(-1.0, min(1.0, 2.0 * good / total - 1.0))


def order_actions(state, actions: list) -> list:
    """Most promising first (cheap): damage cards by damage, targets whose death wins the
    actor and with the least life, healing of non-targets, pointing at the Monster; pass last."""
    if not actions or state.result is not None:
        return list(actions)
    d = state.decider()
    if not isinstance(d, int) or None in state.chars:
        return list(actions)
    chars = state.chars
    world = world_of(chars)
    fool = "fool" in state.rules.characters(state.n)
    mine = chars[d]
    names = None

    def good_death(t):
        return wins(mine, frozenset((chars[t],)), world, fool)

    def score(a):
        nonlocal names
        v = a.verb
        if v == "take":
            if names is None:
                from .flow import slots_of
                names = slots_of(state.rules)
            card = state.display[names.index(a.args[0])]
            if card in EQUIPMENT_KINDS:
                return 1.5 if card in WEAPONS else 0.5
            if card == "sacrifice":
                return 1.0 + damage_of(state, d, card) - 0.5 * (state.life[d] <= 3)
            if card in CHARGES or card in ("attack", "scout", "combo", "arcana"):
                return 1.0 + damage_of(state, d, card)
            return 1.0
        if v == "pass":
            return -10.0
        if v in ("target", "heal", "point"):
            t = SEAT_INDEX[a.args[0]]
            if v == "heal":
                return (0.0 if good_death(t) else 5.0) - state.life[t] * 0.1
            if v == "point":
                return 1.0 if chars[t] == "monster" else 0.0
            if state.records[d] and state.records[d][-1].card == "intimidate":
                return 0.0 if good_death(t) else 1.0
            return (5.0 if good_death(t) else 0.0) - state.life[t] * 0.1
        if v == "extra":
            return 1.0
        return 0.0

    return sorted(actions, key=score, reverse=True)


def summarize(results: list) -> dict:
    """Wins by character and by world over finished games' result dicts (TM-2)."""
    from .model import CHARACTERS
    chars = {c: {"games": 0, "wins": 0} for c in CHARACTERS}
    worlds = {w: {"games": 0, "with_winner": 0, "wins_by_character": dict.fromkeys(CHARACTERS, 0)}
              for w in ("front", "back")}
    games = 0
    for r in results:
        if not isinstance(r, dict) or "characters" not in r or "world" not in r:
            continue
        games += 1
        w = worlds[r["world"]]
        w["games"] += 1
        winners = set(r.get("winners", ()))
        if winners:
            w["with_winner"] += 1
        for seat, c in r["characters"].items():
            chars[c]["games"] += 1
            if seat in winners:
                chars[c]["wins"] += 1
                w["wins_by_character"][c] += 1
    for c in chars.values():
        c["rate"] = round(c["wins"] / c["games"], 4) if c["games"] else None
    for w in worlds.values():
        w["share"] = round(w["games"] / games, 4) if games else None
        w["with_winner_rate"] = round(w["with_winner"] / w["games"], 4) if w["games"] else None
    return {"character_wins": chars, "world_wins": worlds}
