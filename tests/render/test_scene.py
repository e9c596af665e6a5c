"""scene_from_view: what is drawn, and where (no GL)."""

from game.render.demo import busy_view
from game.render.layout import cell_center, world_to_cell
from game.render.scene import scene_from_view
from game.trench.geometry import parse_cell

from .conftest import gas_token, make_view, soldier


def test_every_cube_of_every_column_is_drawn_and_boats_lie_off_board():
    v = busy_view()
    sc = scene_from_view(v)
    board = [c for c in sc.cubes if c.key[0] == "c"]
    boats = [c for c in sc.cubes if c.key[0] == "boat"]
    assert len(board) == sum(len(col) for col in v.columns)
    assert len(boats) == sum(1 for s in v.soldiers if s.status == "boat")
    for b in boats:
        assert world_to_cell(b.x, b.y) is None and b.z == 0.5
    kinds = {c.kind for c in board}
    assert {"n", "S", "W", "N", "E", "V"} <= kinds


def test_trench_has_no_cube_and_wall_has_two():
    cols = ["n"] * 49
    cols[parse_cell("d4")] = ""
    cols[parse_cell("e4")] = "nn"
    sc = scene_from_view(make_view(cols))
    at = lambda name: [c for c in sc.cubes if c.key[1] == parse_cell(name)]  # noqa: E731
    assert at("d4") == []
    assert sorted(c.z for c in at("e4")) == [0.5, 1.5]
    assert sc.heights[parse_cell("d4")] == 0 and sc.heights[parse_cell("e4")] == 2


def test_soldiers_stand_on_their_column_and_corpses_lie():
    cols = ["n"] * 49
    cols[parse_cell("c3")] = ""
    v = make_view(cols, [soldier("S1", "c3", "e"), soldier("S2", "d3", "w"),
                         soldier("N1", "d5", "s", status="corpse"), soldier("N2", "d7", "s", status="boat"),
                         soldier("N3", None and "a1" or "a1", "s", status="escaped")])
    sc = scene_from_view(v)
    m = {x.key: x for x in sc.meeples}
    assert set(m) == {"S1", "S2", "N1", "N2"}
    assert m["S1"].z == 0.0 and m["S2"].z == 1.0
    assert m["N1"].fall == 1.0 and m["S1"].fall == 0.0
    assert m["N2"].boat and m["N2"].y > 3.5 and m["N2"].z == 1.0
    assert m["S1"].yaw != m["S2"].yaw


def test_gas_layers_sit_in_the_trench_or_over_the_ground():
    cols = ["n"] * 49
    cols[parse_cell("c4")] = ""
    sc = scene_from_view(make_view(cols, gas=[gas_token(1, "c4", 1), gas_token(2, "e4", 2)]))
    g = {x.key: x for x in sc.gas}
    assert g[1].z < 1.0 < g[2].z
    assert (g[1].x, g[1].y) == cell_center(parse_cell("c4"))


def test_scene_reads_only_public_view_attributes():
    class Strict:
        def __init__(self, v):
            self._v = v

        def __getattr__(self, name):
            assert name in {"seats", "columns", "soldiers", "items", "gas", "day", "eclipse", "wind", "round"}, name
            return getattr(self._v, name)

    sc = scene_from_view(Strict(busy_view()))
    assert sc.meeples and sc.gas and sc.items
