"""The games on the table, and what each must give the shared tools, bots and app.

Each rules package has a module ``spec.py`` with ``SPEC = GameSpec(...)``.  The tools
(``tools/scenario.py``, ``simulate.py``, ``bench.py``, ``tournament.py``), the bots
(``game.ai``) and the app reach a game only through its spec: ``get_game("two-mists")``.
Packages are imported lazily, so a broken or missing game never stops the others.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from .errors import GameError

#: ``--game`` name -> the module that holds its ``SPEC``.
GAME_MODULES: dict[str, str] = {
    "trench-war": "game.trench.spec",
    "immortal-arena": "game.arena.spec",
    "two-mists": "game.mists.spec",
    "smoke-blood-steel": "game.steel.spec",
}

DEFAULT_GAME = "trench-war"


@dataclass(frozen=True)
class GameSpec:
    """One game's entry points.  Every callable is pure rules code; none opens a window.

    Seats are short upper-case strings (``"S"``, ``"N"``, ``"A"``, ``"B"``); a viewer of
    ``None`` is the public spectator.
    """

    name: str                     #: the ``--game`` name, e.g. ``"two-mists"``
    title: str                    #: shown to people, e.g. ``"Two Mists (2つの霧)"``
    players: tuple                #: allowed player counts, e.g. ``(2,)`` or ``(3, 4)``
    #: ``(settings, variants) -> ruleset``: settings are ``"key=value"`` strings.
    make_ruleset: Callable[[list, list], Any]
    #: ``(players, seed, rules) -> state`` at the very first decision (setup included).
    new_game: Callable[[int, int, Any], Any]
    #: position text <-> state; ``parse_position`` raises ``NotationError`` naming the line.
    parse_position: Callable[[str], Any]
    format_position: Callable[[Any], str]
    #: ``"a; b"`` -> action values (``NotationError`` on malformed text).
    parse_actions: Callable[[str], list]
    #: ``(state, viewer) -> view``: what ``viewer`` may know; ``ValueError`` for a seat not in play.
    view: Callable[[Any, Any], Any]
    #: the text of a view (``?`` for what the viewer does not know).
    format_view: Callable[[Any], str]
    #: ``(events, viewer) -> events`` that viewer may see, with secrets blanked.
    redact_events: Callable[[list, Any], list]
    #: ``(action, viewer) -> str``: the action's text as that viewer may see it.
    redact_action: Callable[[Any, Any], str]
    #: ``state -> [message, ...]``: every broken invariant (empty when all hold).
    check_invariants: Callable[[Any], list]
    #: ``state -> tuple of seats`` in play.
    seats: Callable[[Any], tuple]
    #: ``state -> dict`` once over: at least ``{"winners": [...], "reason": str, "scores": {seat: n}}``.
    result: Callable[[Any], dict]
    default_players: int = 2
    #: For the bots (``game.ai``): a full state consistent with a view, drawn with ``rng``;
    #: ``view(determinize(v, rng), v.viewer)`` must equal ``v``.
    determinize: Callable[[Any, Any], Any] | None = None
    #: ``(state, seat) -> float`` in [-1, 1]: how good the position is for ``seat``.
    evaluate: Callable[[Any, Any], float] | None = None
    #: ``(state, actions) -> actions``, most promising first (cheap).
    order_actions: Callable[[Any, list], list] | None = None
    #: ``[result dict, ...] -> dict`` of extra figures for ``simulate.py`` (e.g. wins by role).
    summarize: Callable[[list], dict] | None = None
    #: seat-independent facts a tool may print (variant names, ruleset keys, ...).
    extras: dict = field(default_factory=dict)


def game_names() -> list[str]:
    """Every registered ``--game`` name."""
    return list(GAME_MODULES)


def get_game(name: str = DEFAULT_GAME) -> GameSpec:
    """The spec of the game called ``name``; ``GameError`` naming the choices if unknown."""
    module = GAME_MODULES.get(name)
    if module is None:
        raise GameError(f"unknown game {name!r} (known: {', '.join(GAME_MODULES)})")
    try:
        return importlib.import_module(module).SPEC
    except ModuleNotFoundError as exc:
        if exc.name and module.startswith(exc.name):
            raise GameError(f"game {name!r} is not available yet ({module} is missing)") from None
        raise
