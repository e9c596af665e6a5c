"""Who sits at each seat: a person at this computer (``human``) or a bot.

``--seats human,bot`` gives one entry per seat in the game's seat order; the player
count follows from it.  ``bot`` is the lively demo player (a game's ``demo_weight``), which decides
from its seat's view like every bot; ``random``, ``easy``, ``normal`` and ``hard``
name the bot levels.  Game-agnostic.  Messages come from the ``seats.*`` catalogs
(``game/i18n/<lang>/seats.po``).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import tr

HUMAN = "human"
DEMO = "bot"
AI_LEVELS = ("random", "easy", "normal", "hard")
#: The bot level the demo seat plays in games without a lively policy.
DEMO_LEVEL = "easy"


class SeatError(ValueError):
    """A ``--seats`` value the program cannot use; the message names the problem."""


@dataclass(frozen=True)
class SeatKind:
    """One seat's player: ``kind`` is ``human``, ``bot`` (demo) or an AI level."""
    kind: str

    @property
    def human(self) -> bool:
        return self.kind == HUMAN

    @property
    def label(self) -> str:
        """The seat kind's name for people (``seats.kind.*``)."""
        return tr(f"seats.kind.{self.kind}")


def ai_levels() -> tuple:
    """The AI levels available now (empty while ``game.ai`` is not importable)."""
    try:
        from game.ai import LEVELS
    except Exception:  # noqa: BLE001 - the bots package may not exist yet
        return ()
    return tuple(LEVELS)


def parse_seats(text: str, allowed_players=(2, 3, 4)) -> list[SeatKind]:
    """``"human,bot"`` -> seat kinds; SeatError naming a bad entry or count."""
    parts = [p.strip().lower() for p in str(text or "").split(",") if p.strip()]
    if not parts:
        raise SeatError(tr("seats.empty"))
    choices = (HUMAN, DEMO) + AI_LEVELS
    levels = None  # the bots package loads only when a seat names a level
    for p in parts:
        if p not in choices:
            raise SeatError(tr("seats.unknown", kind=p, choices=", ".join(choices)))
        if p in AI_LEVELS:
            levels = ai_levels() if levels is None else levels
            if p not in levels:
                raise SeatError(tr("seats.no_ai", kind=p))
    if len(parts) not in allowed_players:
        raise SeatError(tr("seats.count", n=len(parts), allowed=" or ".join(map(str, allowed_players))))
    return [SeatKind(p) for p in parts]


class DemoBot:
    """The demo player: the game's lively policy (its spec's ``extras["demo_weight"]``, e.g.
    ``game.trench.demo``: Trench War's verbs weighted toward action), else the ``easy`` bot.  Like every player it decides from its
    seat's view and legal actions only (``choose``); the weights read public facts only."""

    def __init__(self, seed: int = 0, game: str = "trench-war"):
        from game.core.registry import get_game
        from game.core.rng import Rng
        self.rng = Rng(seed)
        self.spec = get_game(game)
        self.bot = None
        self.weight = self.spec.extras.get("demo_weight")
        if self.weight is None:
            from game.ai import make_bot
            self.bot = make_bot(self.spec, DEMO_LEVEL, seed=seed)

    def choose(self, view, legal_actions: list):
        """One of ``legal_actions`` for the seat ``view.viewer``."""
        if self.bot is not None:
            return self.bot.choose(view, legal_actions)
        return self.rng.weighted([(a, self.weight(view, a)) for a in legal_actions])


def demo_action(spec, state, rng):
    """A decision for a demo game played on the controller's own state (screenshots, the demo
    behind the start menu): chance from the state's generator, else the game's lively weights
    (uniform when it has none)."""
    from game.core.protocol import CHANCE
    if state.current_player() == CHANCE:
        return state.sample_chance()
    actions = state.legal_actions()
    weight = spec.extras.get("demo_weight")
    if weight is None:
        return actions[rng.below(len(actions))]
    return rng.weighted([(a, weight(state, a)) for a in actions])


def make_player(kind: SeatKind, game: str = "trench-war", seed: int = 0):
    """A bot object for a non-human seat: ``choose(view, legal_actions) -> action``."""
    if kind.kind == DEMO:
        return DemoBot(seed, game)
    from game.ai import make_bot
    return make_bot(game, kind.kind, seed=seed)
