"""Start-up imports only what the start menu needs (issue 19): the games' names, never the other
games' rules or tables.  The demo behind the start menu is Trench War, so its rules and table load;
Immortal Arena, Two Mists and Smoke Blood Steel (rules and tables) load only when chosen."""

from __future__ import annotations

import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OTHERS = ("game.arena", "game.mists", "game.steel", "game.tables.arena", "game.tables.mists", "game.tables.steel")

SCRIPT = r"""
import json, sys
{before}
loaded = sorted(m for m in sys.modules if any(m == p or m.startswith(p + ".") for p in {others!r}))
print(json.dumps(loaded))
"""


def _loaded(before: str, env=None) -> list:
    code = SCRIPT.format(before=before, others=OTHERS)
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300,
                       env=env or dict(os.environ))
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_the_game_list_help_and_the_menus_import_no_other_game():
    before = (
        "import pyglet; pyglet.options['headless'] = True\n"
        "from game.tables import CATALOG\n"
        "names = [(g.name, g.players, g.playable) for g in CATALOG.games()]\n"
        "assert [n for n, _, _ in names] == ['trench-war', 'immortal-arena', 'two-mists', 'smoke-blood-steel']\n"
        "import game.app\n"
        "game.app.build_parser().format_help()\n"
        "import game.ui.menus, game.ui.menu_shell, game.ui.screen, game.ui.saves, game.ui.event_mode\n"
    )
    assert _loaded(before) == []


def test_choosing_a_game_is_what_imports_it():
    before = ("from game.core.registry import get_game\n"
              "get_game('two-mists')\n")
    assert "game.mists" in _loaded(before)


def test_the_registry_of_tables_matches_the_rules_packages():
    from game.core.registry import game_names, get_game
    from game.tables import CATALOG
    assert CATALOG.names() == game_names()
    for info in CATALOG.games():
        spec = get_game(info.name)
        assert tuple(info.players) == tuple(spec.players) and info.default_players == spec.default_players
        assert info.playable == (info.name in CATALOG.playable())
    assert CATALOG.table("trench-war").game == "trench-war"
