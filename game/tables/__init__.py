"""The games on the table and their front-ends ("tables"), found by name, imported lazily.

:data:`GAMES` lists every game as plain data (the start menu and ``--help`` need their names and
player counts only); :data:`TABLE_MODULES` maps each game whose table exists to the module that
makes it (``make_table() -> game.ui.table.TableFrontEnd``), imported only when the game is chosen.
Adding a game's table: write ``game/tables/<package>/table.py`` and add one line to
``TABLE_MODULES`` (``docs/architecture.md``, "Adding a game's table").

:data:`CATALOG` is what the app hands the shell (``game.ui.table.TableCatalog``).
"""

from __future__ import annotations

import importlib

from game.core.errors import GameError
from game.ui.table import GameInfo

#: Every game on the table, in menu order.  Titles and descriptions are catalog keys (menu.po).
GAMES: tuple = (
    GameInfo("trench-war", "game.trench_war.title", "game.trench_war.blurb", (2, 3, 4), 2),
    GameInfo("immortal-arena", "game.immortal_arena.title", "game.immortal_arena.blurb", (2,), 2),
    GameInfo("two-mists", "game.two_mists.title", "game.two_mists.blurb", (3, 4), 4),
    GameInfo("smoke-blood-steel", "game.smoke_blood_steel.title", "game.smoke_blood_steel.blurb", (2,), 2),
)

#: ``--game`` name -> the module with ``make_table()`` (a string: nothing imported until chosen).
TABLE_MODULES: dict = {
    "trench-war": "game.tables.trench.table",
}


class Catalog:
    """The games on the table for the shell (``game.ui.table.TableCatalog``)."""

    def __init__(self, games=GAMES, modules=None):
        self._games = tuple(games)
        self._modules = TABLE_MODULES if modules is None else modules

    def games(self) -> list:
        """Every game, ``playable`` set from whether its table is registered."""
        return [self.info(g.name) for g in self._games]

    def names(self) -> list:
        return [g.name for g in self._games]

    def info(self, game: str) -> GameInfo:
        for g in self._games:
            if g.name == game:
                if (game in self._modules) != g.playable:
                    from dataclasses import replace
                    return replace(g, playable=game in self._modules)
                return g
        raise GameError(f"unknown game {game!r} (known: {', '.join(self.names())})")

    def playable(self) -> list:
        """Names of the games a person can play in the window now."""
        return [g.name for g in self.games() if g.playable]

    def table(self, game: str):
        """A new table front-end for ``game`` (imports its table module, and so its rules, now)."""
        self.info(game)
        module = self._modules.get(game)
        if module is None:
            raise GameError(f"{game} cannot be played in the window yet (no table); "
                            f"playable: {', '.join(self.playable())}")
        return importlib.import_module(module).make_table()


CATALOG = Catalog()
