#!/usr/bin/env python3
"""Lock-step leak test of every game's hidden information (TW-10, TM-12, SB-11, IA-1).

  leaks.py [--game G ...] [--pairs N] [--steps K] [--seed S] [--json]

A pair is two games of the same game that differ in one secret: a decision or chance outcome
whose difference some observers (other seats, the spectator) may not know, or the generator's
state.  Pairs are found through the game's own spec, with no knowledge of its rules: random play
to a random point, then two legal actions there (a seat's decision or a chance outcome) that lead
to different full positions.  For each observer (every seat but the one deciding, and the
spectator) the two games must then look either alike in every channel or different in a way the
rules allow:

- **alike**: the observer's view (its text), the events it is shown, the redacted text of the
  action, and, from then on, who decides next and the redacted texts of the legal actions it is
  offered and of every action applied (the action history it sees);
- **told by the rules**: when, later, the difference reaches the observer, it does so through its
  view *and* an event it is shown at the same step (a reveal, a fired weapon, the end), or through
  events alone of a kind the game names as disclosing what no view keeps (``GameSpec.extras
  ["disclosing_events"]``: Smoke Blood Steel's effect named at play, public once its item begins, in
  a turn that may end in the same action); from then on that observer is no longer watched.

Anything else is a leak: an action text that tells what the view hides (a hidden-teams split), a
view or event that tells what the action text hides (a committed card, a Scout pointing), an
event without a change of view or a change of view without an event, another decision or other
legal actions while the views are alike.  Both games are played in lock-step: the same chance
outcome in both, the same decision by a watched seat, and by the others (the secret's owner among
them) decisions that every watched observer sees alike.  Exit status 1 on any leak.
``tests/core/test_leaks.py`` runs a short version for every game.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from game.core.errors import GameError  # noqa: E402
from game.core.playout import random_action  # noqa: E402
from game.core.protocol import CHANCE  # noqa: E402
from game.core.registry import game_names, get_game  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from tools._common import seed_type  # noqa: E402

#: Candidate actions tried at a pair's starting point (a Two Mists deal has up to 120).
CANDIDATES = 16


# == what an observer sees =========================================================================
def observers(spec, state) -> list:
    """Every seat in play and the spectator (None)."""
    return [*spec.seats(state), None]


def seen(spec, state, events, observer) -> tuple:
    """What ``observer`` sees of ``state`` and of ``events``: (view text, event dicts)."""
    return (spec.format_view(spec.view(state, observer)),
            [e.as_dict() for e in spec.redact_events(events, observer)])


def redacted(spec, action, observer, state=None) -> str:
    """The action's text as ``observer`` sees it (``state``: where the action is taken; unused by the
    spec's ``redact_action``, which every screen and tool calls the same way)."""
    return spec.redact_action(action, observer)


# == making a pair =================================================================================
def _setup(spec, rng: Rng):
    """A new game of ``spec`` with a random player count and at most one variant."""
    players = spec.players[rng.below(len(spec.players))]
    variants = list(spec.extras.get("variants", ()))
    for attempt in range(4):
        chosen = [] if attempt == 3 or not variants or rng.below(3) == 0 else [variants[rng.below(len(variants))]]
        try:
            return spec.new_game(players, rng.below(2**32), spec.make_ruleset([], chosen))
        except GameError:
            continue
    raise AssertionError("unreachable")


def _rng_pair(spec, state, rng: Rng):
    """Two games that differ only in the generator's state (every observer's secret)."""
    other = state.clone()
    other.rng = (state.rng ^ (1 + rng.below(2**63))) & (2**64 - 1)
    return state, other, "rng", None, ([], []), None


def _action_pair(spec, state, rng: Rng, leaks: list):
    """Two legal actions here leading to different positions, and the observers each hides from.

    Records in ``leaks`` any candidate pair whose channels disagree right away."""
    actor = state.current_player()
    legal = list(state.legal_actions())
    if len(legal) < 2:
        return None
    if len(legal) > CANDIDATES:
        picked = sorted({rng.below(len(legal)) for _ in range(CANDIDATES)})
        legal = [legal[i] for i in picked]
    outcomes = []
    for action in legal:
        after = state.clone()
        events = after.apply(action)
        outcomes.append((action, after, events, spec.format_position(after),
                         {o: seen(spec, after, events, o) for o in observers(spec, state)}))
    pairs = []
    for i, (xa, sa, ea, pa, va) in enumerate(outcomes):
        for xb, sb, eb, pb, vb in outcomes[i + 1:]:
            if pa == pb:
                continue   # the same game either way
            watched = []
            for o in observers(spec, state):
                if o == actor:
                    continue
                same_text = redacted(spec, xa, o, state) == redacted(spec, xb, o, state)
                same_view, same_events = va[o][0] == vb[o][0], va[o][1] == vb[o][1]
                if same_view and same_events:
                    if same_text:
                        watched.append(o)
                    else:
                        leaks.append(f"{actor} {xa!s} / {xb!s}: {_who(o)} sees the same position and events, "
                                     f"but the action texts differ: {redacted(spec, xa, o, state)!r} / "
                                     f"{redacted(spec, xb, o, state)!r}")
                elif same_text and same_view != same_events:   # both differ: the rules tell o at once
                    leaks.append(f"{actor} {xa!s} / {xb!s}: {_who(o)} is shown the same action text "
                                 f"({redacted(spec, xa, o, state)!r}) but "
                                 + (f"other events: {_event_diff(va[o][1], vb[o][1])}" if same_view else
                                    f"another view: {_text_diff(va[o][0], vb[o][0])}"))
            if watched:
                pairs.append((sa, sb, str(xa), actor, (ea, eb), watched))
    if not pairs:
        return None
    a, b, what, actor, events, watched = pairs[rng.below(len(pairs))]
    return a, b, what, actor, events, watched


def make_pair(spec, seed: int, leaks: list):
    """A pair from seed ``seed``: ``(game a, game b, secret, owner, (events a, events b), watched, rng)``
    or None when the random game ended first or offered no secret there."""
    rng = Rng(seed)
    state = _setup(spec, rng)
    roll = rng.below(8)   # the first decisions (deals, weapons, teams) often; the rest anywhere
    steps = 0 if roll == 0 else rng.below(8) if roll == 1 else rng.below(400) if roll == 2 else rng.below(60)
    for _ in range(steps):
        if state.is_over():
            return None
        state.apply(random_action(state, rng))
    if state.is_over():
        return None
    if seed % 5 == 0:
        a, b, what, owner, events, watched = _rng_pair(spec, state, rng)
        watched = observers(spec, state)
    else:
        found = _action_pair(spec, state, rng, leaks)
        if found is None:
            return None
        a, b, what, owner, events, watched = found
    return a, b, what, owner, events, watched, rng


# == lock-step play ================================================================================
def lock_step(spec, pair, steps: int) -> tuple[list, int]:
    """Play a pair in lock-step: ``(leaks found, observers the rules told the difference)``."""
    a, b, what, owner, (events_a, events_b), watched, rng = pair
    watching = list(watched)
    told = 0
    for step in range(steps + 1):
        for o in list(watching):
            view_a, seen_a = seen(spec, a, events_a, o)
            view_b, seen_b = seen(spec, b, events_b, o)
            same_view, same_events = view_a == view_b, seen_a == seen_b
            if same_view and same_events:
                continue
            if (not same_view and not same_events) or (a.is_over() and b.is_over()) or \
                    (same_view and _disclosed(spec, seen_a, seen_b)):
                watching.remove(o)       # the rules told o, through its view and an event (or the end)
                told += 1
                continue
            if same_view:
                return [f"step {step}: {_who(o)} sees the same view but other events: "
                        f"{_event_diff(seen_a, seen_b)}"], told
            return [f"step {step}: {_who(o)} is shown the same events but another view: "
                    f"{_text_diff(view_a, view_b)}"], told
        if not watching or (a.is_over() and b.is_over()):
            return [], told
        cp = a.current_player()
        if b.current_player() != cp:
            return [f"step {step}: {cp} decides in one game, {b.current_player()} in the other "
                    f"(watched: {', '.join(map(_who, watching))})"], told
        if cp == CHANCE:
            action_a = a.sample_chance()
            action_b = action_a if action_a in b.legal_actions() else None
        elif cp in watching:
            la, lb = a.legal_actions(), b.legal_actions()
            ra = [redacted(spec, x, cp, a) for x in la]
            rb = [redacted(spec, x, cp, b) for x in lb]
            if ra != rb:
                return [f"step {step}: {cp} is offered other actions: {sorted(set(ra) ^ set(rb))[:6]}"], told
            pick = rng.below(len(la))
            action_a, action_b = la[pick], lb[pick]
        else:
            action_a, action_b = _matching_choice(spec, a, b, watching, rng)
        if action_b is None:
            return [], told   # the games part by a difference the deciding seat may know: done
        for o in watching:
            ta, tb = redacted(spec, action_a, o, a), redacted(spec, action_b, o, b)
            if ta != tb:
                return [f"step {step}: {_who(o)} reads other action texts: {ta!r} / {tb!r}"], told
        events_a = a.apply(action_a)
        events_b = b.apply(action_b)
    return [], told


def _disclosed(spec, events_a, events_b) -> bool:
    """Whether the events differ only in public events of the kinds the game says disclose a secret by
    rule, whose news no view keeps (``spec.extras["disclosing_events"]``, e.g. an effect named at play)."""
    kinds = set(spec.extras.get("disclosing_events", ()))
    if not kinds or len(events_a) != len(events_b):
        return False
    differing = [(x, y) for x, y in zip(events_a, events_b) if x != y]
    return bool(differing) and all(x["kind"] in kinds and y["kind"] in kinds for x, y in differing)


def _matching_choice(spec, a, b, watching, rng):
    """A decision by a seat that is not watched, in both games, that every watcher sees alike."""
    lb = b.legal_actions()
    keyed = {}
    for y in lb:
        keyed.setdefault(tuple(redacted(spec, y, o, b) for o in watching), y)
    choices = []
    for x in a.legal_actions():
        y = x if x in lb else keyed.get(tuple(redacted(spec, x, o, a) for o in watching))
        if y is not None:
            choices.append((x, y))
    if not choices:
        return None, None
    return choices[rng.below(len(choices))]


def _who(o) -> str:
    return "the spectator" if o is None else o


def _text_diff(x: str, y: str) -> str:
    rows = [f"{p!r} / {q!r}" for p, q in zip(x.splitlines(), y.splitlines()) if p != q][:3]
    return "; ".join(rows) or "(line count differs)"


def _event_diff(x: list, y: list) -> str:
    rows = [f"{p} / {q}" for p, q in zip(x, y) if p != q][:2]
    return "; ".join(rows) or f"{len(x)} events / {len(y)} events"


# == runs ==========================================================================================
def run(pairs: int, steps: int, seed: int, game: str = "trench-war") -> dict:
    """Up to ``pairs`` attempts at a pair of ``game`` from seed ``seed`` on, ``steps`` each."""
    spec = get_game(game)
    leaks, made, told, secrets = [], 0, 0, {}
    attempt = 0
    while made < pairs and attempt < pairs * 12:
        found: list = []
        pair = make_pair(spec, seed + attempt, found)
        for leak in found:
            leaks.append({"pair": attempt, "leak": leak})
        attempt += 1
        if pair is None:
            continue
        made += 1
        kind = "rng" if pair[2] == "rng" else pair[2].split()[1] if pair[3] != CHANCE else "chance " + pair[2].split()[1]
        secrets[kind] = secrets.get(kind, 0) + 1
        more, by_rule = lock_step(spec, pair, steps)
        told += by_rule
        for leak in more:
            leaks.append({"pair": attempt - 1, "secret": pair[2], "owner": pair[3], "leak": leak})
    return {"game": game, "pairs": made, "leaks": len(leaks), "told_by_the_rules": told,
            "secrets": dict(sorted(secrets.items())), "first_leaks": leaks[:5]}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--game", action="append", choices=game_names(), help="a game (default: every game)")
    p.add_argument("--pairs", type=int, default=400, help="pairs per game (default 400)")
    p.add_argument("--steps", type=int, default=300, help="lock-step actions per pair (default 300)")
    p.add_argument("--seed", type=seed_type, default=1)
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if args.pairs < 1 or args.steps < 0 or args.seed < 0:
        p.error("--pairs must be at least 1, --steps and --seed at least 0")
    reports = [run(args.pairs, args.steps, args.seed, g) for g in (args.game or game_names())]
    if args.json:
        print(json.dumps(reports, indent=1))
    else:
        for r in reports:
            print(f"{r['game']}: {r['pairs']} pairs in lock-step, {r['leaks']} leaks "
                  f"({r['told_by_the_rules']} observers told by the rules; secrets: "
                  + ", ".join(f"{k} {n}" for k, n in r["secrets"].items()) + ")")
            for leak in r["first_leaks"]:
                print(f"- pair {leak['pair']}: {leak['leak']}")
    return 1 if any(r["leaks"] for r in reports) else 0


if __name__ == "__main__":
    sys.exit(main())
