"""One reading of where a click lands, for the game screen and the position viewer (issue 24.6).

``game.tables.trench.board.target_of`` places every action on the board; ``soldier_targets`` (the
viewer's highlights) is that same reading, never a second copy: a dash lights the cell it lands on,
not the cell it passes over."""

import ast
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "trench"))

from trench_helpers import position, scene  # noqa: E402

from game.tables.trench.board import soldier_targets, target_of  # noqa: E402
from game.trench.geometry import parse_cell  # noqa: E402
from game.trench.view import view  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MOVE = "S cards=move slot=1 uses=0"


def test_TW_6_2_a_dash_lights_where_it_lands_not_the_cell_it_passes():
    st = position(scene(soldiers="S1 board c3 n\nN1 board f7 s", turn=MOVE))
    v = view(st, "S")
    legal = st.legal_actions()
    dash = next(a for a in legal if str(a) == "S1 dash")
    assert target_of(dash, v) == ("board", "S1", parse_cell("c5"))
    lit = soldier_targets(legal, v, "S1")
    assert parse_cell("c5") in lit
    steps = {str(a) for a in legal if a.soldier == "S1" and a.verb == "step"}
    assert "S1 step n" in steps  # c4 is lit by the step north, never by the dash
    assert lit == {target_of(a, v)[2] for a in legal if target_of(a, v)[:2] == ("board", "S1")}


def test_TW_6_2_a_dash_from_the_boat_lands_one_cell_past_the_edge_cell():
    st = position(scene(soldiers="S1 boat c1 n\nN1 board f7 s", turn=MOVE))
    v = view(st, "S")
    legal = st.legal_actions()
    dash = next(a for a in legal if str(a) == "S1 dash")
    assert target_of(dash, v) == ("board", "S1", parse_cell("c2"))
    assert parse_cell("c2") in soldier_targets(legal, v, "S1")


def test_the_viewer_uses_the_one_implementation():
    """No second copy of the target logic: the viewer imports ``soldier_targets`` from the board."""
    path = os.path.join(ROOT, "game", "tables", "trench", "viewer.py")
    tree = ast.parse(open(path, encoding="utf-8").read())
    found = {(n.module, a.name) for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
    assert ("game.tables.trench.board", "soldier_targets") in found
    assert not os.path.exists(os.path.join(ROOT, "game", "tables", "trench", "targets.py"))
