"""Issue 14: overlay items a careless edit broke without a test failing: a one-step path is drawn, and a
dash's highlight sits on the cell where the soldier lands (TW-6.2), not on the cell it jumps."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "trench"))

from trench_helpers import play, position, scene  # noqa: E402

from game.render.camera import parse_camera  # noqa: E402
from game.tables.trench.layout import cell_center  # noqa: E402
from game.tables.trench.overlays import build_overlays  # noqa: E402
from game.tables.trench.scene import scene_from_view  # noqa: E402
from game.trench.geometry import parse_cell  # noqa: E402
from game.trench.view import view  # noqa: E402
from game.tables.trench.board import target_of  # noqa: E402
from game.tables.trench.ui import TrenchUI  # noqa: E402

from .test_render import _diff  # noqa: E402

MOVE = "S cards=move slot=1 uses=0"
HIGH = "target_points_2p=9"


def c(name):
    return parse_cell(name)


def test_a_one_step_move_preview_is_a_two_cell_path():
    st = position(scene(soldiers="S1 board c3 n\nN1 board f7 s", turn=MOVE, rules=HIGH))
    v = view(st, "S")
    step = next(a for a in st.legal_actions() if str(a) == "S1 step n")
    assert TrenchUI().preview_paths(v, step) == [("move", (c("c3"), c("c4")))]


def test_a_one_step_path_overlay_has_its_ribbon_and_arrow_head():
    st = position(scene(soldiers="S1 board c3 n\nN1 board f7 s", turn=MOVE, rules=HIGH))
    sc = scene_from_view(view(st, "S"))
    rows = build_overlays(sc, paths=[("move", (c("c3"), c("c4")))])
    # one segment: a flat quad and a standing quad (6 vertices each), then the arrow head (3)
    assert rows.shape == (15, 8)
    assert build_overlays(sc, paths=[("move", (c("c3"),))]).shape == (0, 8)   # one cell: nothing to draw


def test_a_one_step_path_is_seen_on_the_board(render):
    st = position(scene(soldiers="S1 board c3 e\nN1 board f7 s", turn=MOVE, rules=HIGH))
    sc = scene_from_view(view(st, "S"))
    pose = parse_camera("top")
    plain = render(sc, pose)
    lit = render(sc, pose, overlay=build_overlays(sc, paths=[("move", (c("c3"), c("c4")))]))
    x0, y0 = cell_center(c("c3"))
    x1, y1 = cell_center(c("c4"))
    assert _diff(plain, lit, ((x0 + x1) / 2, (y0 + y1) / 2, 1.3), pose, 4) > 6   # between the two cells
    assert _diff(plain, lit, (*cell_center(c("f5")), 1.0), pose, 6) == 0          # and nowhere else


@pytest.mark.parametrize("soldier, cells, lands", [
    ("S1 board c3 n", {}, "c5"),             # over open ground: two cells ahead
    ("S1 board c3 n", {"c4": "0"}, "c5"),    # jumping the hole c4: lands on c5, never on c4
    ("S1 boat d1 n", {}, "d2"),              # from the boat: its edge cell d1 is the first of the two cells
])
def test_TW_6_2_a_dash_is_highlighted_on_its_landing_cell(soldier, cells, lands):
    st = position(scene(cells=cells, soldiers=soldier + "\nN2 board f7 s", turn=MOVE, rules=HIGH))
    (dash,) = [a for a in st.legal_actions() if a.verb == "dash"]
    assert target_of(dash, view(st, "S")) == ("board", "S1", c(lands))
    after, _ = play(st, str(dash))
    assert after.soldier("S1").cell == c(lands)       # the core agrees: that is where it ends
