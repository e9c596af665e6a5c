#!/usr/bin/env python3
"""Lock-step leak test of Trench War's hidden information (TW-10).

  leaks.py [--pairs N] [--steps K] [--seed S] [--json]

Each pair is two games that differ only in one seat's secret: the weapons it assigns (TW-3.2),
or the cards it plots (TW-4.3: the same number of cards, another 2nd card, an Interrupt among
them).  Both games are played in lock-step: chance draws and the other seats' decisions are the
same, and the secret's owner makes, in both, decisions that every other seat sees alike (the same
redacted text).  Until a seat may know the difference (a tile it has seen or that was fired, the
plotted card revealed), its view, the events it sees, the legal actions it is offered and who
decides next must be identical in both games; so must the spectator's.  Exit status 1 on any
leak.  ``tests/trench/test_leaks.py`` runs a short version.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from itertools import permutations

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from game.core.playout import random_action  # noqa: E402
from game.core.protocol import CHANCE  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.trench import make_ruleset, new_game  # noqa: E402
from game.trench.notation import format_position  # noqa: E402
from game.trench.view import redact_action, redact_events, view  # noqa: E402

SETUPS = [(2, []), (3, []), (4, []), (2, ["civilians"]), (4, ["open-teams"]), (3, ["guerrillas"])]


# == building a pair ============================================================================
def _play_until(st, rng: Rng, stop, limit: int = 3000) -> bool:
    """Random decisions until ``stop(st)``; False if the game ended (or ``limit``) first."""
    for _ in range(limit):
        if st.is_over():
            return False
        if stop(st):
            return True
        st.apply(random_action(st, rng))
    return False


def weapon_pair(seed: int):
    """Two games where one seat assigns its weapons differently (every soldier another tile)."""
    players, variants = SETUPS[seed % len(SETUPS)]
    rng = Rng(seed)
    st = new_game(players, seed=seed, rules=make_ruleset(variants=variants))
    if not _play_until(st, rng, lambda s: s.phase == "arm" and s.current_player() in s.seats):
        return None
    seat = st.current_player()
    kinds = st.rules.weapon_kinds()
    options = sorted(set(permutations(kinds)))
    first = options[rng.below(len(options))]
    others = [p for p in options if all(x != y for x, y in zip(p, first))]
    if not others:
        return None
    second = others[rng.below(len(others))]
    game_a, game_b = st, st.clone()
    events = (game_a.apply(f"{seat} arm {' '.join(first)}"), game_b.apply(f"{seat} arm {' '.join(second)}"))
    return seat, "weapons", game_a, game_b, rng, events


def plot_pair(seed: int):
    """Two games where one seat plots the same 1st card but another 2nd card (often Interrupt)."""
    players, variants = SETUPS[seed % len(SETUPS)]
    rng = Rng(seed)
    st = new_game(players, seed=seed, rules=make_ruleset(variants=variants))
    target_round = 1 + rng.below(6)
    if not _play_until(st, rng, lambda s: s.phase == "plot" and s.round >= target_round and not s.pending):
        return None
    seat = st.current_player()
    plots = [a for a in st.legal_actions() if len(a.args) == 2]
    pairs = [(x, y) for x in plots for y in plots
             if x.args[0] == y.args[0] and x.args[1] != y.args[1]]
    with_interrupt = [p for p in pairs if "interrupt" in p[0].args or "interrupt" in p[1].args]
    pool = with_interrupt if with_interrupt and rng.below(2) else pairs
    if not pool:
        return None
    x, y = pool[rng.below(len(pool))]
    game_a, game_b = st, st.clone()
    return seat, "plot", game_a, game_b, rng, (game_a.apply(x), game_b.apply(y))


# == what an observer may know ====================================================================
def _tiles(st) -> dict:
    return {w.tile: (s.sid, i, w) for s in st.soldiers for i, w in enumerate(s.weapons)}


def _knows_difference(a, b, kind: str, seat: str, observer, events_a, events_b) -> bool:
    """May ``observer`` (None: the spectator) know how the two games differ, by the rules?"""
    if kind == "weapons":
        ta, tb = _tiles(a), _tiles(b)
        for tile in set(ta) | set(tb):
            pa, pb = ta.get(tile), tb.get(tile)
            if pa is not None and pb is not None and pa[:2] == pb[:2]:
                continue
            for p in (pa, pb):
                if p is not None and (p[2].public or (observer is not None and observer in p[2].known)):
                    return True
        return False
    # plot: in both games a plotted card is revealed, and they differ; or in both the plotting
    # seat's turn is over (its cards go back to a hidden hand).  Either in one game only is a leak.
    ra = [e.get("card") for e in events_a if e.kind == "reveal" and e.get("seat") == seat]
    rb = [e.get("card") for e in events_b if e.kind == "reveal" and e.get("seat") == seat]
    if ra and rb and ra != rb:
        return True
    ended = [any(e.kind == "turn-end" and e.get("seat") == seat for e in events) for events in (events_a, events_b)]
    return all(ended)


def _wasted(events, seat) -> list:
    return [e.get("card") for e in events if e.kind == "wasted" and e.get("seat") == seat]


# == lock-step play =================================================================================
def lock_step(pair, steps: int) -> tuple[list, bool]:
    """Play a pair in lock-step: ``(leaks found, whether the pair ended by a disclosure the rules
    make)``.  The one such disclosure: a revealed card with no legal action is discarded at once
    (TW-5), and whether Fire has one can depend on which soldier holds which weapon."""
    seat, kind, a, b, rng, (events_a, events_b) = pair
    watching = {None} | {s for s in a.seats if s != seat}
    for step in range(steps):
        if _wasted(events_a, seat) != _wasted(events_b, seat):
            return [], True
        for o in list(watching):
            if _knows_difference(a, b, kind, seat, o, events_a, events_b):
                watching.discard(o)
        if not watching:
            return [], False
        for o in watching:
            va, vb = view(a, o), view(b, o)
            if va.key() != vb.key():
                return [_diff(f"step {step}: the view of {o or 'the spectator'} differs",
                              format_position(va), format_position(vb))], False
            ea = [e.as_dict() for e in redact_events(events_a, o)]
            eb = [e.as_dict() for e in redact_events(events_b, o)]
            if ea != eb:
                return [f"step {step}: the events seen by {o or 'the spectator'} differ: {ea} / {eb}"], False
        if a.is_over() or b.is_over():
            return ([] if a.is_over() and b.is_over() else [f"step {step}: one game is over, not the other"]), False
        cp = a.current_player()
        if b.current_player() != cp:
            return [f"step {step}: {cp} decides in one game, {b.current_player()} in the other"], False
        if cp == CHANCE:
            action_a = a.sample_chance()
            action_b = action_a if action_a in b.legal_actions() else None
        elif cp != seat:
            la, lb = a.legal_actions(), b.legal_actions()
            if cp in watching:
                ra = [redact_action(x, cp, a) for x in la]
                rb = [redact_action(x, cp, b) for x in lb]
                if ra != rb:
                    return [f"step {step}: {cp} is offered other actions: {sorted(set(ra) ^ set(rb))}"], False
            action_a = la[rng.below(len(la))]
            action_b = action_a if action_a in lb else None
        else:
            action_a, action_b = _matching_choice(a, b, seat, watching, rng)
        if action_b is None:
            return [], False  # the games part here, by a difference someone may see: the pair is done
        events_a = a.apply(action_a)
        events_b = b.apply(action_b)
    return [], False


def _matching_choice(a, b, seat, watching, rng):
    """A decision of the secret's owner in both games that every watcher sees alike."""
    lb = b.legal_actions()
    keyed = {}
    for x in lb:
        keyed.setdefault(tuple(redact_action(x, o, b) for o in sorted(watching, key=str)), x)
    choices = []
    for x in a.legal_actions():
        key = tuple(redact_action(x, o, a) for o in sorted(watching, key=str))
        y = x if x in lb else keyed.get(key)
        if y is not None:
            choices.append((x, y))
    if not choices:
        return None, None
    return choices[rng.below(len(choices))]


def _diff(title: str, x: str, y: str) -> str:
    lx, ly = x.splitlines(), y.splitlines()
    rows = [f"  {p!r} / {q!r}" for p, q in zip(lx, ly) if p != q][:4]
    return title + ":\n" + "\n".join(rows)


def run(pairs: int, steps: int, seed: int) -> dict:
    """``pairs`` pairs (weapons and plots alternately) from seed ``seed`` on, ``steps`` each."""
    leaks, made, inherent = [], 0, 0
    for i in range(pairs):
        maker = weapon_pair if i % 2 == 0 else plot_pair
        pair = maker(seed + i)
        if pair is None:
            continue
        made += 1
        found, by_rule = lock_step(pair, steps)
        inherent += by_rule
        for leak in found:
            leaks.append({"pair": i, "seat": pair[0], "secret": pair[1], "leak": leak})
    return {"pairs": made, "leaks": len(leaks), "rule_disclosures": inherent, "first_leaks": leaks[:5]}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--pairs", type=int, default=2000)
    p.add_argument("--steps", type=int, default=400)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    report = run(args.pairs, args.steps, args.seed)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"{report['pairs']} pairs in lock-step: {report['leaks']} leaks "
              f"({report['rule_disclosures']} pairs parted by a wasted Fire card, TW-5)")
        for leak in report["first_leaks"]:
            print(f"- pair {leak['pair']} ({leak['secret']} of {leak['seat']}): {leak['leak']}")
    return 1 if report["leaks"] else 0


if __name__ == "__main__":
    sys.exit(main())
