"""scene_from_view: what is drawn, and where (no GL)."""

from game.tables.trench.demo_views import busy_view
from game.tables.trench.layout import cell_center, world_to_cell
from game.tables.trench.scene import scene_from_view
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


def test_build_gas_matches_the_per_puff_reference():
    """build_gas computes every puff at once; the same matrices as one puff at a time."""
    import math

    import numpy as np

    from game.tables.trench.demo_views import busy_view
    from game.tables.trench.instances import GAS_PUFFS, _row, build_gas, rot_z, scale, translate
    from game.tables.trench.scene import scene_from_view

    sc = scene_from_view(busy_view())
    for time in (0.0, 1.3, 7.7):
        rows = []
        for g in sc.gas:
            r_xy, r_z, spread = (0.44, 0.32, 0.9) if g.layer == 1 else (0.5, 0.36, 1.0)
            for k, (rad, size, dz, speed, ph0) in enumerate(GAS_PUFFS):
                ph = g.key * 1.7 + ph0
                ang = time * speed + ph
                s = g.scale * size * (1.0 + 0.1 * math.sin(time * 0.55 + ph * 1.3 + k))
                mat = (translate(g.x + rad * spread * math.cos(ang), g.y + rad * spread * math.sin(ang),
                                 g.z + dz * spread + 0.05 * math.sin(time * 0.7 + ph * 1.9))
                       @ rot_z(time * 9.0 * (1 if k % 2 else -1) + ph * 40.0) @ scale(r_xy * s, r_xy * s * 0.9, r_z * s))
                rows.append(_row(mat, (1.0, 1.0, 1.0, g.scale), ((g.key * 0.37 + k * 0.19) % 1.0, g.layer, 0.0, 0.0)))
        np.testing.assert_allclose(build_gas(sc, time), np.array(rows, np.float32), atol=1e-6)
