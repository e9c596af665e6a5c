"""For the bots: determinization, an evaluation function and an action ordering.

``determinize(view, rng)`` samples the hidden facts uniformly among those consistent
with the public hard constraints (TM-12.6): the viewer's own character, revealed
characters, and each record, which excludes every character its cards forbid (the
deal has no repeats and leaves one card over).  Targets, pointings and the cards
left in the display are behavioural evidence only and do not constrain the sample.

``determinize_belief(view, rng)`` (the ``normal`` and ``hard`` bots') weighs the same deals by the others'
damage targets, each judged by what its striker could know when it struck (its own character
in the deal, the exclusions and reveals before then): a blow is likelier on someone whose
death would then have seemed to win the striker its game (:func:`deal_weights`).
:func:`evaluate_table` (their evaluation) judges a position by who is likely to die
first when every player aims by what it can know, the Saint's curse counted.
:data:`BOT_LEVELS` holds this game's search settings per level.  Seat ties in the ordering are
broken by the state's generator, not toward the first seat.
"""

from __future__ import annotations

from itertools import permutations

from .model import CHARGES, EQUIPMENT_KINDS, SEAT_INDEX, SEATS, WEAPONS
from .rules import damage_of, sacrifice_self, weapons_owned
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


def determinize(view, rng, weigh: bool = False) -> MistsState:
    """A full state whose view for ``view.viewer`` equals ``view``, its secrets drawn with
    ``rng`` (a ``game.core.Rng`` or a ``random.Random``); ``weigh``: the deal drawn by the
    behavioural evidence (:func:`deal_weights`), else uniformly."""
    state = _to_state(view)
    if view.result is not None:
        if state.rng is None:
            state.rng = _below(rng, 1 << 62)
        return state
    if view.phase != "deal":
        deals, weights = _belief(view) if weigh else (consistent_deals(view), None)
        if not deals:
            raise ValueError("no deal of characters is consistent with this view")
        if weights is not None and len(deals) > 1:
            chars, leftover = deals[_weighted_index(weights, rng)]
        else:
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


#: In the belief (:func:`deal_weights`): the weight every seat keeps beside its chance of
#: being the one a player would aim at.  Measured on ten 3-player games of three ``normal``
#: bots (seeds 100-109, 270 views at a take): the mean log probability of the true deal is
#: -1.326 with these blows counted (-1.321 at a floor of 0.1, -1.337 at 1.0), -1.348 with a
#: uniform draw, and -1.392 with the omniscient likelihood used before (a blow counted twice
#: as likely where its death wins the striker in the deal itself: worse than no evidence).
#: Counting heals by the same model made it worse (-1.352 against -1.321 at a floor of 0.1),
#: and so did Scout pointings (-1.375 against -1.355): the bots' heals and pointings say
#: nothing that a model of what they knew can read.
AWARE_FLOOR = 0.25


def _known_then(view, s: int, turn: int) -> list:
    """What every seat's character could be, as ``s`` saw it when it acted in ``turn``:
    characters revealed by a pass before then, and the exclusions of the cards taken before
    then (TM-5.4, TM-9.2); ``s``'s own entry is left for the caller (its character in a deal)."""
    rules, n = view.rules, view.n
    charset = frozenset(rules.characters(n))
    forbid = rules.forbid
    out = []
    for u in range(n):
        record = view.records[u]
        shown = view.chars[u] if view.revealed[u] else None
        passed = next((t.turn for t in record if t.card == "pass"), None)
        if shown is not None and passed is not None and passed < turn:
            out.append(frozenset((shown,)))
            continue
        allowed = set(charset)
        for t in record:
            if t.turn < turn and t.card != "pass":
                allowed -= forbid[t.card]
        out.append(frozenset(allowed))
    return out


def deal_weights(view, deals: list) -> list:
    """A weight per deal of ``deals``: the likelihood of the others' public damage targets
    (TM-5.4) if the deal were the truth, each blow judged by what its striker could know *when
    it struck* (:func:`_known_then`: its own character in that deal, the earlier exclusions
    and reveals), not by the deal's characters: ``s`` aims at ``t`` in proportion to
    ``AWARE_FLOOR + P(t's death at s's hand wins s)`` over the deals ``s`` could not tell
    apart then (TM-2.2, the Saint's curse counted; :func:`_knowledge_of`).  A blow struck when
    nothing was known weighs every deal alike.  Intimidations, heals, pointings, passes and
    the viewer's own choices count for nothing (see :data:`AWARE_FLOOR`)."""
    me = SEAT_INDEX[view.viewer] if isinstance(view.viewer, str) else view.viewer
    rules, n = view.rules, view.n
    blows = [(s, t.turn, t.target) for s in range(n) if s != me for t in view.records[s]
             if t.card not in ("pass", "intimidate") and t.target is not None and t.target != s]
    then = {}
    aims = {}
    out = []
    for chars, _ in deals:
        w = 1.0
        for s, turn, target in blows:
            key = (s, turn, chars[s])
            aim = aims.get(key)
            if aim is None:
                known = then.get((s, turn))
                if known is None:
                    known = then[(s, turn)] = _known_then(view, s, turn)
                known = list(known)
                known[s] = frozenset((chars[s],))
                aim = aims[key] = _knowledge_of(rules, n, s, tuple(known))[2]
            like = [AWARE_FLOOR + aim[u] if u != s else 0.0 for u in range(n)]
            w *= like[target] / sum(like)
        out.append(w)
    return out


_WEIGHTS: dict = {}


def _belief(view) -> tuple:
    """``(deals, weights)`` for ``view``, cached on what they depend on (a search draws
    thousands of determinizations from one view)."""
    key = (view.viewer, view.chars, view.leftover, view.rules, view.records, view.n)
    table = _WEIGHTS.get(key)
    if table is None:
        deals = consistent_deals(view)
        table = (deals, deal_weights(view, deals))
        if len(_WEIGHTS) > 2000:
            _WEIGHTS.clear()
        _WEIGHTS[key] = table
    return table


def determinize_belief(view, rng) -> MistsState:
    """:func:`determinize` with the deal drawn by :func:`deal_weights` instead of uniformly."""
    return determinize(view, rng, weigh=True)


def _weighted_index(weights: list, rng) -> int:
    total = sum(weights)
    x = _below(rng, 1 << 30) / (1 << 30) * total
    for i, w in enumerate(weights):
        x -= w
        if x < 0:
            return i
    return len(weights) - 1


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


#: The damage a player is taken to deal per turn before its weapons (the action deck's mean
#: damage is about 1.4), and the share of its attacks that goes to a player whose death
#: would not win it (mistakes, intimidations, finishing blows of opportunity).
TURN_DAMAGE = 1.5
AIM_FLOOR = 0.15


def evaluate_table(state) -> dict:
    """Every seat's value in [-1, 1] (2·P(win) − 1) from who is likely to die first, where
    the others' blows are aimed by what *they* can know (:func:`_knowledge`: their own
    character, revealed ones, the records' exclusions), not by the true characters.

    Each player deals :data:`TURN_DAMAGE` plus its weapons per turn (TM-6.1), spread over the
    others in proportion to ``AIM_FLOOR + P(t's death at its hand wins it)`` (the Saint's
    curse counted, TM-2.4); a player's hazard of dying first is (damage coming its way ÷
    life)², and the winners of each first death follow TM-2.2 in the state's (determinized)
    world, a Saint's death taking her likeliest finishers with her.  A search that uses it
    sees what a take tells the table: a Monster that proves itself draws everyone's blows.
    """
    r = state.result
    n = state.n
    seats = SEATS[:n]
    if r is not None:
        return {seats[s]: (1.0 if s in r.winners else -1.0) for s in range(n)}
    chars = state.chars
    if None in chars:
        return dict.fromkeys(seats, 0.0)
    rules = state.rules
    bonus = rules.weapon_bonus
    inflow = [0.0] * n
    blows = [[0.0] * n for _ in range(n)]   # blows[t][p]: p's damage aimed at t
    for p in range(n):
        aim = _knowledge(state, p)[2]
        weights = [AIM_FLOOR + aim[t] if t != p else 0.0 for t in range(n)]
        total = sum(weights)
        dealt = TURN_DAMAGE + bonus * weapons_owned(state, p)
        for t in range(n):
            if weights[t]:
                share = dealt * weights[t] / total
                inflow[t] += share
                blows[t][p] = share
    world = world_of(chars)
    fool = "fool" in rules.characters(n)
    hazard = []
    for q in range(n):
        life = state.life[q]
        hazard.append(100.0 if life <= 0 else (inflow[q] / life) ** 2)
    total = sum(hazard) or 1.0
    out = {}
    for s in range(n):
        mine = chars[s]
        good = 0.0
        for q in range(n):
            if chars[q] != "saint":
                if wins(mine, frozenset((chars[q],)), world, fool):
                    good += hazard[q]
                continue
            came = inflow[q] or 1.0
            for p in range(n):
                if blows[q][p] and wins(mine, frozenset(("saint", chars[p])), world, fool):
                    good += hazard[q] * blows[q][p] / came
        out[seats[s]] = max(-1.0, min(1.0, 2.0 * good / total - 1.0))
    return out


def order_actions(state, actions: list) -> list:
    """Most promising first (cheap): damage cards by damage, targets whose death wins the
    actor and with the least life, healing of non-targets, pointing at the Monster; pass last.
    The actor is taken to know every character (the state is a determinization)."""
    return _order(state, actions, False)


def order_actions_fair(state, actions: list) -> list:
    """:func:`order_actions` as the actor could play it: its targets, heals and pointings
    follow what it can know (its own character, revealed ones, the characters each record
    rules out: :func:`_knowledge`), not the characters of the determinization, so a player in
    a rollout does not hunt a Monster it cannot know (``ordering: fair`` in a level's settings;
    ``normal``'s and ``hard``'s, see :data:`BOT_LEVELS`)."""
    return _order(state, actions, True)


def _knowledge(state, d: int) -> tuple:
    """``(P(t's death wins d), P(t is the Monster), P(t's death at d's hand wins d))`` per
    seat over the deals ``d`` cannot tell apart (TM-12.6: its own character, revealed
    characters, the records' exclusions), each deal equally likely; the third counts the
    Saint's curse (TM-2.4: finishing the Saint kills ``d`` too).  Cached on what they depend
    on."""
    n = state.n
    rules = state.rules
    revealed = state.revealed
    records = state.records
    chars = state.chars
    allowed = tuple(frozenset((chars[s],)) if s == d or revealed[s] else _allowed_by(records[s], rules, n)
                    for s in range(n))
    return _knowledge_of(rules, n, d, allowed)


def _allowed_by(record: tuple, rules, n: int) -> frozenset:
    """The characters ``record``'s cards leave possible (TM-5.4), cached on the record
    itself (a search's states share their records' tuples)."""
    hit = _ALLOWED.get(id(record))
    if hit is not None and hit[0] is record and hit[1] is rules and hit[2] == n:
        return hit[3]
    charset = set(rules.characters(n))
    for t in record:
        if t.card != "pass":
            charset -= rules.forbid[t.card]
    out = frozenset(charset)
    if len(_ALLOWED) > 50000:
        _ALLOWED.clear()
    _ALLOWED[id(record)] = (record, rules, n, out)  # the record kept alive: its id stays its own
    return out


_ALLOWED: dict = {}


def _knowledge_of(rules, n: int, d: int, allowed: tuple) -> tuple:
    """:func:`_knowledge` for ``d`` whose own character is ``allowed[d]``'s only member, each
    seat's character being one of ``allowed[s]`` (cached)."""
    key = (d, id(rules), allowed)     # the ruleset's id: hashing it costs more than the rest
    out = _KNOWLEDGE.get(key)
    if out is not None:
        return out
    (mine,) = allowed[d]
    fool = "fool" in rules.characters(n)
    good = [0.0] * n
    monster = [0.0] * n
    aim = [0.0] * n
    cursed = frozenset(("saint", mine))
    deals = 0
    for perm in permutations(rules.characters(n)):
        if not all(perm[s] in allowed[s] for s in range(n)):
            continue
        deals += 1
        world = world_of(perm[:n])
        for t in range(n):
            if wins(mine, frozenset((perm[t],)), world, fool):
                good[t] += 1
                if perm[t] != "saint":
                    aim[t] += 1
            if perm[t] == "saint" and t != d and wins(mine, cursed, world, fool):
                aim[t] += 1
            if perm[t] == "monster":
                monster[t] += 1
    if deals:
        good = [g / deals for g in good]
        monster = [m / deals for m in monster]
        aim = [a / deals for a in aim]
    out = (tuple(good), tuple(monster), tuple(aim))
    if len(_KNOWLEDGE) > 20000:
        _KNOWLEDGE.clear()
    _KNOWLEDGE[key] = out
    _RULES[id(rules)] = rules    # kept alive, so that its id is never another ruleset's
    return out


_KNOWLEDGE: dict = {}
_RULES: dict = {}


def _order(state, actions: list, fair: bool) -> list:
    if not actions or state.result is not None:
        return list(actions)
    d = state.decider()
    if not isinstance(d, int) or None in state.chars:
        return list(actions)
    chars = state.chars
    n = state.n
    life = state.life
    good = monster = None
    if any(a.verb in ("target", "heal", "point") for a in actions):
        if fair:
            good, monster, _ = _knowledge(state, d)
        else:
            world = world_of(chars)
            fool = "fool" in state.rules.characters(n)
            mine = chars[d]
            good = [1.0 if wins(mine, frozenset((chars[t],)), world, fool) else 0.0 for t in range(n)]
            monster = [1.0 if chars[t] == "monster" else 0.0 for t in range(n)]
    names = None
    intimidating = bool(state.records[d]) and state.records[d][-1].card == "intimidate"
    # Equal scores are broken by a seat order rotated by the state's generator (a
    # determinization draws it), not always toward the first seat.
    shift = (state.rng >> 17) % n if isinstance(state.rng, int) else 0

    def key(a):
        nonlocal names
        v = a.verb
        if v == "take":
            if names is None:
                from .flow import slots_of
                names = slots_of(state.rules)
            card = state.display[names.index(a.args[0])]
            if card in EQUIPMENT_KINDS:
                return (1.5 if card in WEAPONS else 0.5, 0)
            if card == "sacrifice":
                if sacrifice_self(state, d) >= life[d] and chars[d] != "fool":
                    return (-5.0, 0)  # its self-damage would kill the taker (TM-7.4): a lost game
                return (1.0 + damage_of(state, d, card) - 0.5 * (life[d] <= 3), 0)
            if card in CHARGES or card in ("attack", "scout", "combo", "arcana"):
                return (1.0 + damage_of(state, d, card), 0)
            return (1.0, 0)
        if v == "pass":
            return (-10.0, 0)
        if v in ("target", "heal", "point"):
            t = SEAT_INDEX[a.args[0]]
            tie = -((t - shift) % n)
            if v == "heal":
                return (5.0 * (1.0 - good[t]) - life[t] * 0.1, tie)
            if v == "point":
                return (monster[t], tie)
            if intimidating:
                return (1.0 - good[t], tie)
            return (5.0 * good[t] - life[t] * 0.1, tie)
        if v == "extra":
            return (1.0, 0)
        return (0.0, 0)

    return sorted(actions, key=key, reverse=True)


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


#: Search settings per level for this game (see ``game.ai.bots.SEARCH_LEVELS``).
#: The caps are ten times the idle medians (about 0.06 s and 0.35 s).  ``hard`` (and, since
#: 2026-12-03, ``normal``: below) draws its determinizations from the belief, scores rollouts
#: with :func:`evaluate_table`, and lets every player (itself in its rollouts, the others in
#: its tree as well) act on what that player can know (:func:`order_actions_fair`,
#: ``others_by_policy``): searched by UCB on their reward in hard's determinizations, the
#: others would play as if they knew hard's character.
#: It is no measurable gain yet: lone hard among two normal (3 players, seats rotated) was
#: among the winners 1.08x the equal share [0.94, 1.22] with it (150 games, seeds 3000-3089
#: and 3090-3149) and 1.08x [0.82, 1.30] with the omniscient ordering and searched others
#: (45 games, seeds 3000-3044); it is kept because the others no longer play as if they
#: knew hard's character, at the same cost (0.9 CPU s a decision).  With the belief that
#: judges each blow by what its striker knew then (:func:`deal_weights`): 1.06x [0.86, 1.25]
#: (73 games, seeds 4000-4072; 1.69 CPU s median a hard decision, p90 2.38, normal
#: 0.28/0.38, at a load average of 5-6 on two cores).  Greedier rollouts and others (greed
#: 0.8, so that a player in hard's tree aims by what it knows instead of tossing a coin
#: between two targets) measured worse: 0.75x [0.48, 1.05] (34 games, seeds 4000-4033).
#: On the same 60 deals and seat rotation (seeds 7000-7059, 2026-12-02), a lone bot among two
#: normal ones was among the winners 0.84x the equal share [0.63, 1.05] as a third normal
#: bot, 1.07x [0.84, 1.27] as hard, and 1.20x [1.00, 1.36] as hard searching the true deal
#: (every character shown to its search): even perfect knowledge of the characters stays
#: below 1.25x, because the equal share is high (1.7 of 3 players win a game) and the others'
#: blows decide most games.
#: On 2026-12-03 (a quicker machine: hard 0.33 CPU s a decision, normal 0.07), 200 deals and
#: seat rotations (seeds 0-199), a lone bot among two normal ones: as normal 1.06x, as hard
#: 1.09x, as hard searching the true deal 1.28x; on seeds 0-99, paired against hard, no
#: variant moved it: 3000 simulations +0.01 (± 0.09 wins a game; its searches stop early, the
#: choice decided: 0.39 CPU s against 0.33), rollouts to the end -0.06 (± 0.12), of 2 actions
#: +0.02, none +0.03, c 1.2 +0.02 (± 0.10 each).  More search finds the same moves: what
#: separates hard from the true deal is information, which a search over determinizations
#: does not value.  The same knowledge at normal's budget does help normal against easy: a
#: lone normal among two easy bots (seeds 0-599) was among the winners 1.24x the equal share
#: with the plain settings and 1.34x with these (+0.058 ± 0.044 wins a game, paired; 0.066
#: CPU s a decision either way), so both levels use them.
#: Since 2026-12-03 ``hard`` alone also tells apart, in its tree, another player's pass by the
#: character it turns face up (``observation: reveals``, :func:`revealed_characters`): its later
#: decisions then know who passed as what, and a move that makes others reveal themselves
#: (an Intimidate that leaves only a forbidden equipment) is worth what the knowledge wins.  On
#: the same 200 deals (seeds 0-199, a lone hard among two normal ones): 0.94x the equal share
#: without it, 1.06x with it (+0.080 +- 0.075 wins a game, paired; 0.35 CPU s a decision).
#: With it, 3000 simulations instead of 2500 measured worse (-0.073 +- 0.070, 193 deals), and
#: against two easy bots it plays no better than normal (1.32x both, 300 deals).
_KNOWING = {"determinization": "belief", "evaluation": "aware", "ordering": "fair", "others_by_policy": True}
BOT_LEVELS = {
    "normal": {**_KNOWING, "time_cap": 0.6},
    "hard": {**_KNOWING, "observation": "reveals", "time_cap": 3.5},
}

#: Action orderings a level may name for its tree and rollouts (``game.ai.bots``).
ORDERINGS = {"fair": order_actions_fair}


def revealed_characters(state, seat) -> tuple:
    """What a pass shows every seat (TM-9.2): the character of each revealed player, None for
    the others (``observation: reveals``: the tree tells a pass that shows the Monster from
    one that shows the Saint)."""
    revealed = state.revealed
    chars = state.chars
    return tuple(chars[s] if revealed[s] else None for s in range(state.n))


#: Observations a level may name (``game.ai.bots``): name -> ``(state, seat) -> hashable``.
OBSERVATIONS = {"reveals": revealed_characters}

#: Whole-table evaluations a level may name (``game.ai.bots``): name -> ``state -> {seat: value}``.
EVALUATIONS = {"aware": evaluate_table}

#: Determinizations a level may name (``game.ai.bots``): name -> ``(view, rng) -> state``.
DETERMINIZATIONS = {"belief": determinize_belief}
