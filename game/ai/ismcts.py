"""Information-set Monte-Carlo tree search over determinizations (game-agnostic).

One tree is grown for the searching seat (single-observer ISMCTS, Cowling, Powley and
Whitehouse 2012).  Every iteration draws a full state consistent with the seat's view
(``spec.determinize``), walks the tree with UCB over the actions legal in that state (each
child counts how often it was *available*, the ISMCTS form of UCB), adds one node, plays a short
rollout guided by ``spec.order_actions`` and scores the end with ``spec.evaluate`` for every
seat (or a whole-table evaluation ``state -> {seat: value}`` the bot passes in); each node
keeps the reward of the seat that moved into it.  A determinized state that offers
``set_quiet`` is searched in quiet mode (its events get no log text).

Secrets stay secret inside the tree: an edge is keyed by what the searching seat would see of
the action (``spec.redact_action``), so another player's hidden choice (plotted cards, a
weapon assignment) is one edge, and the hidden action behind it is drawn by the rollout
policy: simultaneous plotting is handled by sampling the others' plots.  With
``hidden_bandits`` the hidden action is instead chosen by UCB on that player's own reward, from
statistics kept per *its* information set (the path so far as that player sees it), so the
others' secret choices are searched as decisions, not assumed to follow the rollout policy; a
game may then also give a ``rewind`` (``view, rng -> state``: a determinization with the
others' committed but unrevealed simultaneous choices taken back), so that a choice made just
before ours is searched the same way instead of being drawn blindly.
A move can also show the searching seat a secret (a character card turned face up by a pass):
with ``observe`` (``state, seat -> hashable``, what that seat sees of the secrets), another
player's edge is keyed by what the move showed as well, so the searching seat's later decisions
are made knowing it, and a move that makes others reveal themselves is worth what the
knowledge wins (only for moves drawn by the policy, ``others_by_policy``: an edge chosen by UCB
is chosen before the move shows anything).
Chance outcomes are drawn from each determinization's own generator and are not branched on
(open loop).  A finished game scores 1 for a winner and -1 for the others; a game nobody wins
scores 0 for everyone (a draw) unless the game says otherwise in ``spec.extras["bot_no_winner"]``
(Two Mists: -1, a game nobody wins is lost by all, TM-2.5).

The budget is a number of simulations; ``cpu_cap`` (CPU seconds of the calling thread) stops a
search early only as a guard, and ``capped`` says whether it did.  Given the actions it decides
among, a search also stops as soon as the most visited of them leads the next by more than the
simulations left: the rest of the budget could not change the choice (:func:`best_child`), so
the bot plays the same move sooner (``simulations`` then says how many were run).
"""

from __future__ import annotations

import math
import time

from ..core.protocol import CHANCE
from .policies import guided_pick


class Node:
    """Statistics of one edge: who moved, visits, availability and reward sum; children by key."""

    __slots__ = ("mover", "visits", "avail", "total", "children", "action")

    def __init__(self, mover, action=None):
        self.mover = mover
        self.action = action
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict = {}

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Search:
    """ISMCTS for one decision of ``seat``.

    ``c``: UCB exploration; ``rollout_depth``: actions played after the tree before the
    evaluation cuts the rollout off; ``greed``: how strongly rollouts follow the ordering;
    ``widen``: progressive widening, a node with ``v`` visits considers its
    ``2 + widen * sqrt(v)`` best-ordered actions; ``evaluate_all``: ``state -> {seat: value}``
    (default: ``spec.evaluate`` for each seat); ``hidden_bandits``, ``rewind``: see the module
    docstring; ``determinize``: ``(view, rng) -> state`` instead of ``spec.determinize``;
    ``order``: ``(state, actions) -> actions`` instead of ``spec.order_actions`` (the tree's
    widening order and the rollout policy); ``others_by_policy``: the other players' moves in
    the tree are drawn from the rollout policy (their edges still split the tree by what they
    did) instead of chosen by UCB on their reward in our determinizations, which would let
    them play as if they knew our hidden facts; ``observe``: with ``others_by_policy``, ``(state,
    seat) -> hashable``, what ``seat`` sees of a state beyond the actions' text (see the module
    docstring).
    """

    def __init__(self, spec, seat, rng, *, c: float = 0.8, rollout_depth: int = 10,
                 greed: float = 0.6, widen: float = 1.5, evaluate_all=None,
                 hidden_bandits: bool = False, rewind=None, determinize=None, order=None,
                 others_by_policy: bool = False, observe=None):
        if spec.determinize is None or spec.evaluate is None:
            raise ValueError(f"{spec.name}: search needs the game's determinize and evaluate")
        if observe is not None and not others_by_policy:
            raise ValueError(f"{spec.name}: a search keyed by what a move shows needs others_by_policy")
        self.spec = spec
        self.seat = seat
        self.rng = rng
        self.c = c
        self.rollout_depth = rollout_depth
        self.greed = greed
        self.widen = widen
        self.evaluate_all = evaluate_all
        self.hidden_bandits = hidden_bandits
        self.draw = (rewind if hidden_bandits else None) or determinize or spec.determinize
        self.order = order or spec.order_actions
        self.others_by_policy = others_by_policy
        self.observe = observe
        self.no_winner = float((spec.extras or {}).get("bot_no_winner", 0.0))
        self._keys: dict = {}
        self._seen: dict = {}       # (action, player) -> the action's text as that player sees it
        self._bandits: dict = {}    # (player, path as it sees it) -> {action: [visits, total]}
        self._trail: list = []      # actions applied so far in this iteration
        self._used: list = []       # (player, stats) of the hidden choices made in it
        self.simulations = 0
        self.capped = False

    def run(self, view, simulations: int | None = None, seconds: float | None = None,
            cpu_cap: float | None = None, decided_among: list | None = None,
            stop_margin: float = 1.0) -> Node:
        """Grow a tree from ``view`` until the budget is spent; returns the root.

        ``simulations``: the budget; ``seconds``: a wall-clock budget (whichever ends first);
        ``cpu_cap``: CPU seconds of this thread after which the search stops early (sets
        ``capped``); ``decided_among``: the searching seat's legal actions, to stop once the
        budget left cannot change which of them is the most visited (the choice is the same
        as the full budget's); ``stop_margin``: stop already when the lead exceeds this
        fraction of the simulations left (1: exactly the full budget's choice; below 1 the
        runner-up would have needed more than ``(1 + margin) / 2`` of every simulation left
        to catch up)."""
        if simulations is None and seconds is None:
            simulations = 100
        root = Node(None)
        deadline = None if seconds is None else time.perf_counter() + seconds
        cpu_deadline = None if cpu_cap is None else time.thread_time() + cpu_cap
        done = 0
        self.capped = False
        while True:
            if simulations is not None and done >= simulations:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            if cpu_deadline is not None and done and done % 16 == 0 \
                    and time.thread_time() >= cpu_deadline:
                self.capped = simulations is not None
                break
            if decided_among is not None and simulations is not None and done \
                    and _decided(self._decision(root), decided_among, (simulations - done) * stop_margin):
                break
            self._iterate(view, root)
            done += 1
        self.simulations = done
        return self._decision(root)

    def _decision(self, root: Node) -> Node:
        """The node of the searching seat's decision: the root, or for a rewound search the
        node below the others' hidden choices."""
        node = root
        while len(node.children) == 1:
            (child,) = node.children.values()
            if child.mover == self.seat:
                break
            node = child
        return node

    # -- one iteration ----------------------------------------------------------------
    def _iterate(self, view, root: Node) -> None:
        spec, rng = self.spec, self.rng
        state = self.draw(view, rng)
        quiet = getattr(state, "set_quiet", None)
        if quiet is not None:
            quiet()
        node = root
        path = []
        self._trail = []
        self._used = []
        expanded = False
        while not state.is_over():
            player = state.current_player()
            if player == CHANCE:
                state.apply(state.sample_chance())
                continue
            if expanded:
                break
            legal = state.legal_actions()
            if self.others_by_policy and player != self.seat:
                child, action, grown = self._by_policy(state, node, player, legal)
                expanded = expanded or grown
            else:
                child, action = self._select(state, node, player, legal)
                if child is None:  # a new node: the tree grows by one
                    child = node.children[action[0]] = Node(player, action[1])
                    action = action[1]
                    expanded = True
                state.apply(action)
            if self.hidden_bandits:
                self._trail.append(action)
            path.append(child)
            node = child
        values = self._rollout(state)
        root.visits += 1
        for n in path:
            n.visits += 1
            n.total += values.get(n.mover, 0.0)
        for player, stats in self._used:
            stats[0] += 1
            stats[1] += values.get(player, 0.0)

    def _key(self, action, player):
        if player == self.seat:
            return action
        key = self._keys.get(action)
        if key is None:
            key = self._keys[action] = self.spec.redact_action(action, self.seat)
        return key

    def _by_policy(self, state, node: Node, player, legal: list):
        """Another player's move drawn from the rollout policy and applied to ``state``:
        ``(child, action, grown)``.  Its edge is keyed by the action as the searching seat sees
        it and, with ``observe``, by what the move showed that seat (a card turned face up)."""
        action = guided_pick(self.spec, state, legal, self.rng, self.greed, self.order)
        state.apply(action)
        key = self._key(action, player)
        if self.observe is not None:
            key = (key, self.observe(state, self.seat))
        child = node.children.get(key)
        if child is not None:
            return child, action, False
        child = node.children[key] = Node(player, action)
        return child, action, True

    def _select(self, state, node: Node, player, legal: list):
        """``(child, action)`` for an existing child, or ``(None, (key, action))`` to expand."""
        order = self.order
        ranked = order(state, legal) if order is not None and len(legal) > 1 else legal
        width = 2 + int(self.widen * math.sqrt(node.visits))
        if player == self.seat:
            # Our own actions are their own keys (a legal list has no duplicates): no grouping.
            keys, groups = ranked[:width], None
        else:
            groups: dict = {}
            keys = []
            for a in ranked:
                k = self._key(a, player)
                group = groups.get(k)
                if group is None:
                    if len(keys) >= width:
                        continue
                    groups[k] = [a]
                    keys.append(k)
                else:
                    group.append(a)
        children = node.children
        for k in keys:
            child = children.get(k)
            if child is None:
                return None, (k, k if groups is None else self._member(state, groups[k], player))
            child.avail += 1
        best, best_score = None, -math.inf
        log = math.log
        c = self.c
        for k in keys:
            child = children[k]
            if child.visits == 0:
                score = math.inf
            else:
                score = child.total / child.visits + c * math.sqrt(log(child.avail) / child.visits)
            if score > best_score:
                best, best_score = k, score
        return children[best], best if groups is None else self._member(state, groups[best], player)

    def _member(self, state, group: list, player):
        """The action behind an edge: itself, or for a hidden choice one drawn by the policy
        (``hidden_bandits``: chosen by UCB on ``player``'s reward in its information set)."""
        if len(group) == 1:
            return group[0]
        if not self.hidden_bandits:
            return guided_pick(self.spec, state, group, self.rng, self.greed, self.order)
        info = (player, tuple(self._seen_as(a, player) for a in self._trail))
        table = self._bandits.get(info)
        if table is None:
            table = self._bandits[info] = {}
        total = 0
        for a in group:
            stats = table.get(a)
            if stats is None:  # untried: the best-ordered untried action first
                stats = table[a] = [0, 0.0]
                self._used.append((player, stats))
                return a
            total += stats[0]
        log_total = math.log(total + 1)
        c = self.c
        best, best_score = None, -math.inf
        for a in group:
            n, t = table[a]
            score = t / n + c * math.sqrt(log_total / n) if n else math.inf
            if score > best_score:
                best, best_score = a, score
        self._used.append((player, table[best]))
        return best

    def _seen_as(self, action, player):
        key = (action, player)
        text = self._seen.get(key)
        if text is None:
            text = self._seen[key] = self.spec.redact_action(action, player)
        return text

    def _rollout(self, state) -> dict:
        spec, rng = self.spec, self.rng
        for _ in range(self.rollout_depth):
            if state.is_over():
                break
            if state.current_player() == CHANCE:
                state.apply(state.sample_chance())
                continue
            state.apply(guided_pick(spec, state, state.legal_actions(), rng, self.greed, self.order))
        seats = spec.seats(state)
        if state.is_over():
            result = spec.result(state) or {}
            winners = set(result.get("winners", ()))
            lost = -1.0 if winners else self.no_winner
            return {s: (1.0 if s in winners else lost) for s in seats}
        if self.evaluate_all is not None:
            return self.evaluate_all(state)
        evaluate = spec.evaluate
        return {s: evaluate(state, s) for s in seats}


def _decided(node: Node, legal: list, left: float) -> bool:
    """Whether the most visited of ``legal`` at ``node`` leads every other by more than
    ``left`` visits (with ``left`` the simulations left, :func:`best_child` picks it whatever
    the rest of the search does)."""
    children = node.children
    first = second = 0
    for a in legal:
        child = children.get(a)
        if child is None:
            continue
        v = child.visits
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > left


def best_child(root: Node, legal: list):
    """The most visited root action among ``legal`` (ties: the better mean, then list order)."""
    best, best_score = None, None
    for a in legal:
        child = root.children.get(a)
        score = (child.visits, child.mean) if child is not None else (-1, 0.0)
        if best_score is None or score > best_score:
            best, best_score = a, score
    return best


def ranking(root: Node, legal: list) -> list:
    """``[(action, visits, mean value), ...]`` for the legal root actions, most visited first."""
    rows = []
    for a in legal:
        child = root.children.get(a)
        rows.append((a, child.visits if child else 0, child.mean if child else 0.0))
    rows.sort(key=lambda r: (-r[1], -r[2]))
    return rows
