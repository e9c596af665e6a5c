"""A tiny game on the core protocol for testing the bots away from Trench War: Nim with one
pile, players A and B take 1 to 3 stones in turn, whoever takes the last stone wins."""

from __future__ import annotations

from dataclasses import dataclass

from game.core.errors import IllegalActionError
from game.core.protocol import TERMINAL, GameState
from game.core.registry import GameSpec


@dataclass(frozen=True)
class Take:
    actor: str
    n: int

    def __str__(self):
        return f"{self.actor} take {self.n}"


class Nim(GameState):
    def __init__(self, stones=7, to_move="A"):
        self.stones, self.to_move, self.winner = stones, to_move, None

    def current_player(self):
        return TERMINAL if self.winner else self.to_move

    def legal_actions(self):
        if self.winner:
            return []
        return [Take(self.to_move, n) for n in (1, 2, 3) if n <= self.stones]

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalActionError(f"NIM-1: {action} is not legal")
        self.stones -= action.n
        if self.stones == 0:
            self.winner = self.to_move
        self.to_move = "B" if self.to_move == "A" else "A"
        return []

    def clone(self):
        c = Nim(self.stones, self.to_move)
        c.winner = self.winner
        return c

    def is_over(self):
        return self.winner is not None


class NimView(Nim):
    viewer = None


def view(state, viewer):
    v = NimView(state.stones, state.to_move)
    v.winner, v.viewer = state.winner, viewer
    return v


def _base(**extra):
    return GameSpec(
        name="nim", title="Nim", players=(2,), make_ruleset=lambda s, v: None,
        new_game=lambda players, seed, rules: Nim(), parse_position=None, format_position=str,
        parse_actions=None, view=view, format_view=str, redact_events=lambda e, v: e,
        redact_action=lambda a, v: str(a), check_invariants=lambda s: [],
        seats=lambda s: ("A", "B"), result=lambda s: {"winners": [s.winner], "reason": "last",
                                                     "scores": {}} if s.winner else None,
        **extra)


#: Without determinize / evaluate / order_actions: only random and easy can play it.
BARE = _base()
#: With them: perfect information, so a determinization is a copy of the view.
FULL = _base(determinize=lambda v, rng: Nim(v.stones, v.to_move),
             evaluate=lambda s, seat: 0.0 if not s.winner else (1.0 if s.winner == seat else -1.0),
             order_actions=lambda s, actions: list(actions))


@dataclass(frozen=True)
class Act:
    actor: str
    verb: str

    def __str__(self):
        return f"{self.actor} {self.verb}"


class Ambush(GameState):
    """A public choice of A (``safe``: a draw; ``risky``), then a hidden choice of B (``trust``
    or ``trap``, B's ordering prefers ``trust``): after ``risky``, A wins against ``trust`` and
    loses against ``trap``.  B's best answer is ``trap``, so A's best move is ``safe``; a search
    that draws B's hidden choice from the ordering believes ``risky`` wins."""

    def __init__(self):
        self.moves: list = []

    def current_player(self):
        if len(self.moves) == 0:
            return "A"
        if len(self.moves) == 1 and self.moves[0] == "risky":
            return "B"
        return TERMINAL

    def legal_actions(self):
        p = self.current_player()
        if p == "A":
            return [Act("A", "risky"), Act("A", "safe")]
        if p == "B":
            return [Act("B", "trust"), Act("B", "trap")]
        return []

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalActionError(f"AMBUSH-1: {action} is not legal")
        self.moves.append(action.verb)
        return []

    def clone(self):
        c = Ambush()
        c.moves = list(self.moves)
        return c

    def is_over(self):
        return self.current_player() == TERMINAL

    def winners(self):
        if self.moves == ["risky", "trust"]:
            return ["A"]
        if self.moves == ["risky", "trap"]:
            return ["B"]
        return []


class AmbushView(Ambush):
    viewer = None


def ambush_view(state, viewer):
    v = AmbushView()
    v.moves, v.viewer = list(state.moves), viewer
    return v


AMBUSH = GameSpec(
    name="ambush", title="Ambush", players=(2,), make_ruleset=lambda s, v: None,
    new_game=lambda players, seed, rules: Ambush(), parse_position=None, format_position=str,
    parse_actions=None, view=ambush_view, format_view=str, redact_events=lambda e, v: e,
    redact_action=lambda a, v: str(a) if a.actor == v else f"{a.actor} ?",
    check_invariants=lambda s: [], seats=lambda s: ("A", "B"),
    result=lambda s: {"winners": s.winners(), "reason": "end", "scores": {}} if s.is_over() else None,
    determinize=lambda v, rng: Ambush.clone(v),
    evaluate=lambda s, seat: 0.0,
    order_actions=lambda s, actions: list(actions))


class Peek(GameState):
    """B holds a hidden card, ``x`` or ``y``.  A may ``quit`` (a draw) or ``ask``: then B must
    ``show`` its card (the same action text whatever the card, but the card is then face up)
    and A names it: A wins if right, B if wrong.  Asking wins for certain when the search
    tells B's ``show`` apart by what it showed, and is a coin toss when it does not."""

    def __init__(self, card="x"):
        self.card, self.moves = card, []

    def current_player(self):
        if not self.moves:
            return "A"
        if self.moves == ["ask"]:
            return "B"
        if self.moves == ["ask", "show"]:
            return "A"
        return TERMINAL

    def legal_actions(self):
        return {(): [Act("A", "ask"), Act("A", "quit")], ("ask",): [Act("B", "show")],
                ("ask", "show"): [Act("A", "x"), Act("A", "y")]}.get(tuple(self.moves), [])

    def apply(self, action):
        if action not in self.legal_actions():
            raise IllegalActionError(f"PEEK-1: {action} is not legal")
        self.moves.append(action.verb)
        return []

    def clone(self):
        c = Peek(self.card)
        c.moves = list(self.moves)
        return c

    def is_over(self):
        return self.current_player() == TERMINAL

    def shown(self):
        """What A sees of B's card: the card once shown, else None."""
        return self.card if "show" in self.moves else None

    def winners(self):
        if len(self.moves) < 3:
            return []
        return ["A"] if self.moves[2] == self.card else ["B"]


class PeekView(Peek):
    viewer = None


def peek_view(state, viewer):
    v = PeekView(state.card if viewer == "B" or "show" in state.moves else None)
    v.moves, v.viewer = list(state.moves), viewer
    return v


def _peek_determinize(v, rng):
    state = Peek(v.card if v.card is not None else ("x", "y")[rng.below(2)])
    state.moves = list(v.moves)
    return state


PEEK = GameSpec(
    name="peek", title="Peek", players=(2,), make_ruleset=lambda s, v: None,
    new_game=lambda players, seed, rules: Peek(), parse_position=None, format_position=str,
    parse_actions=None, view=peek_view, format_view=str, redact_events=lambda e, v: e,
    redact_action=lambda a, v: str(a), check_invariants=lambda s: [], seats=lambda s: ("A", "B"),
    result=lambda s: {"winners": s.winners(), "reason": "end", "scores": {}} if s.is_over() else None,
    determinize=_peek_determinize, evaluate=lambda s, seat: 0.0,
    order_actions=lambda s, actions: list(actions),
    extras={"bot_observations": {"card": lambda s, seat: s.shown()}})
