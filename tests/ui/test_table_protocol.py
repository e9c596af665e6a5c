"""The shell asks the table (game.ui.table.TableFrontEnd), never a game: hidden information decides
the hot-seat curtain (a table of perfect information gets none, and the screen says so once), a
table of another game comes from the catalog when its game is put on the screen, and the protocol's
defaults are what a simple game wants."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from game.ui.table import TableFrontEnd

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCRIPT = r"""
import json
from game.core.registry import get_game
from game.ui.controller import GameController
from game.ui.screen import GameScreen, make_game_window, run_screen
from game.ui.seats import parse_seats
from game.tables.trench.ui import TrenchUI


class Public(TrenchUI):
    hidden_information = False


out = {}
spec = get_game("trench-war")
for name, table in (("hidden", TrenchUI()), ("public", Public())):
    state = spec.new_game(2, 1, spec.make_ruleset([], []))
    state.apply(state.sample_chance())  # who starts: now a person decides
    ctl = GameController(spec, state, parse_seats("human,human"), {})
    screen = GameScreen(make_game_window(480, 300), ctl, table, delay=0.0)
    out[name] = {"curtain": screen.curtain, "toast": screen.toast[0] if screen.toast else None}
    screen.window.close()

# set_controller with a game of another name asks screen.tables for its table
from game.ui.table import TableFrontEnd
asked = []


class Catalog:
    def table(self, name):
        asked.append(name)
        return TrenchUI()


screen = GameScreen.__new__(GameScreen)
screen.ui, screen.tables = TrenchUI(), Catalog()
for name in ("trench-war", "other-game"):
    GameScreen._use_table_for(screen, type("C", (), {"spec": type("S", (), {"name": name})})())
out["asked"] = asked
print(json.dumps(out))
"""


def test_a_table_of_perfect_information_gets_no_curtain_and_the_screen_says_so(display):
    r = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=dict(os.environ, DISPLAY=display),
                       capture_output=True, text=True, timeout=120)
    if r.returncode != 0 and "OpenGL" in r.stderr:
        import pytest
        pytest.skip(r.stderr.strip()[-200:])
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["hidden"]["curtain"] in ("S", "N") and out["hidden"]["toast"] is None
    assert out["public"]["curtain"] is None
    assert out["public"]["toast"] == ("Nothing on this table is hidden: hot-seat players pass without a "
                                      "privacy curtain.")
    assert out["asked"] == ["other-game"]  # the same game keeps its table; another's comes from the catalog


def test_the_protocol_defaults_serve_a_simple_game():
    t = TableFrontEnd()
    assert t.hidden_information and t.curtain_before("A")
    assert t.target_of("x", None) == ("button",) and t.actor_at(object()) is None
    assert t.seat_side("N") == "N" and t.seat_side("A") == "S" and t.seat_side(None) == "S"
    assert t.animation(None, None, []) is None and t.rules_pages(None) == [] and t.captions([]) == []

    class Ctl:
        @staticmethod
        def events_for(seat):
            from game.core.events import make_event
            return [(0, make_event("x", "one")), (1, make_event("y", ""))]
    assert t.log_model(Ctl, "A")["groups"] == [("", [(0, "one")])]
