"""New games for the menus and the command line: a controller that knows how its game was made
(seed, ruleset settings, variants) so it can be saved, and ruleset files read as settings.

No window code here: ``game.app`` uses it before any window opens.
"""

from __future__ import annotations

import glob
import os

from game.i18n import tr


def read_ruleset_settings(path: str) -> list:
    """The ``key = value`` lines of a ruleset file as ``"key=value"`` strings (checked later by the
    game's ``make_ruleset``, which names a bad key); ``RulesetError`` naming the file and line of a
    malformed line, or a file that cannot be read."""
    from game.core.errors import RulesetError
    from game.core.rulesets import parse_settings_text
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as exc:
        raise RulesetError(tr("menu.ruleset_unreadable", path=path, problem=exc.strerror or str(exc))) from None
    except UnicodeDecodeError:
        raise RulesetError(tr("menu.ruleset_not_text", path=path)) from None
    values = parse_settings_text("ruleset", text, path, lambda key, raw: raw)
    return [f"{k}={v}" for k, v in values.items()]


def new_game_controller(spec, kinds, seed, settings=(), variants=(), autosave=None):
    """A controller on a new game that knows its seed, settings and variants (so it can be saved).
    ``GameError``/``ValueError`` naming the problem for a ruleset the game refuses."""
    from game.ui.controller import new_controller
    return new_controller(spec, kinds, seed, list(settings), list(variants), autosave=autosave)


def ruleset_files() -> list:
    """Ruleset files offered by the New game dialog: ``*.rules`` in the current folder and in
    ``rulesets/`` of the data folder."""
    from game.settings import data_dir
    found = []
    for folder in (os.getcwd(), os.path.join(data_dir(), "rulesets")):
        found += sorted(glob.glob(os.path.join(folder, "*.rules")))
    return found
