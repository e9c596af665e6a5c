"""Animation between views from the event stream (no GL)."""

import math


from game.tables.trench.animation import Animation
from game.tables.trench.layout import cell_center
from game.trench.geometry import parse_cell
from game.trench.model import make_event

from .conftest import gas_token, make_view, soldier


def _m(scene, sid):
    return next(m for m in scene.meeples if m.key == sid)


def test_step_moves_through_the_middle_and_ends_on_the_new_view():
    old = make_view(soldiers=[soldier("S1", "d2", "n")])
    new = make_view(soldiers=[soldier("S1", "d3", "n")])
    ev = [make_event("move", sid="S1", path=(parse_cell("d2"), parse_cell("d3")), from_boat=False, how="step")]
    an = Animation(old, new, ev)
    assert not an.skipped
    mid = _m(an.scene_at(an.steps[0][6] / 2), "S1")
    y2, y3 = cell_center(parse_cell("d2"))[1], cell_center(parse_cell("d3"))[1]
    assert y2 < mid.y < y3 and mid.z > 1.0          # hops
    end = an.scene_at(an.duration + 1)
    assert end is an.final_scene and _m(end, "S1").y == y3


def test_speed_factor_shortens_the_animation():
    old = make_view(soldiers=[soldier("S1", "d2", "n")])
    new = make_view(soldiers=[soldier("S1", "d2", "e")])
    ev = [make_event("turn", sid="S1", before="n", after="e")]
    slow, fast = Animation(old, new, ev, speed=1.0), Animation(old, new, ev, speed=4.0)
    t = slow.duration / 3
    assert not slow.done(t) and fast.done(t)
    yaw = _m(slow.scene_at(slow.steps[0][6] / 2), "S1").yaw
    assert -90.0 < yaw < 0.0                          # turning from n (0) to e (-90) the short way


def test_dropping_into_a_hole_ends_at_the_floor():
    cols = ["n"] * 49
    cols[parse_cell("d3")] = ""
    old = make_view(cols, soldiers=[soldier("S1", "d2", "n")])
    new = make_view(cols, soldiers=[soldier("S1", "d3", "n")])
    ev = [make_event("move", sid="S1", path=(parse_cell("d2"), parse_cell("d3")), from_boat=False, how="step")]
    an = Animation(old, new, ev)
    zs = [_m(an.scene_at(an.steps[0][6] * k / 10), "S1").z for k in range(10)]
    assert max(zs) >= 1.0 and zs[-1] < 0.5


def test_pushed_cube_slides_from_cell_to_cell():
    c4, c5 = parse_cell("c4"), parse_cell("c5")
    a, b = ["n"] * 49, ["n"] * 49
    a[c4], b[c4], b[c5] = "nn", "n", "nn"
    ev = [make_event("cube", how="push", frm=c4, to=c5, sid="S1")]
    an = Animation(make_view(a), make_view(b), ev)
    half = an.scene_at(an.steps[0][6] / 2)
    moving = [c for c in half.cubes if c.z > 1.0]
    y4, y5 = cell_center(c4)[1], cell_center(c5)[1]
    assert len(moving) == 1 and y4 < moving[0].y < y5 and moving[0].z > 1.5


def test_placed_cube_drops_in_and_destroyed_cube_vanishes():
    d4 = parse_cell("d4")
    a, b = ["n"] * 49, ["n"] * 49
    b[d4] = "nn"
    an = Animation(make_view(a), make_view(b), [make_event("cube", how="place", frm=None, to=d4)])
    early = an.scene_at(0.05)
    assert any(c.key == ("c", d4, 1) and c.z > 1.5 for c in early.cubes)
    an2 = Animation(make_view(b), make_view(a), [make_event("cube", how="destroy", frm=d4, to=None, layer=2)])
    late = an2.scene_at(an2.steps[0][6] * 0.9)
    top = [c for c in late.cubes if c.key == ("c", d4, 1)]
    assert top and top[0].scale < 0.5


def test_gas_drifts_along_its_path_and_deaths_fall():
    old = make_view(soldiers=[soldier("N1", "e5", "s")], gas=[gas_token(1, "c5", 2)])
    dead = soldier("N1", "e5", "s", status="corpse")
    new = make_view(soldiers=[dead], gas=[gas_token(1, "e5", 2)])
    path = ((parse_cell("c5"), 2), (parse_cell("d5"), 2), (parse_cell("e5"), 2))
    ev = [make_event("gas", gid=1, owner="S", path=path, gone=False),
          make_event("death", sid="N1", cell=parse_cell("e5"), cause="gas")]
    an = Animation(old, new, ev)
    assert [s[0].kind for s in an.steps] == ["gas", "death"]
    g_t0, g_t1 = an.steps[0][5], an.steps[0][6]
    xs = [next(g for g in an.scene_at(g_t0 + (g_t1 - g_t0) * k / 8).gas if g.key == 1).x for k in range(8)]
    assert xs == sorted(xs) and xs[-1] > xs[0]
    d_t0, d_t1 = an.steps[1][5], an.steps[1][6]
    assert 0.0 < _m(an.scene_at((d_t0 + d_t1) / 2), "N1").fall < 1.0


def test_unknown_events_fall_back_to_interpolation():
    old = make_view(soldiers=[soldier("S1", "d2", "n")])
    new = make_view(soldiers=[soldier("S1", "f6", "w")])
    an = Animation(old, new, [make_event("teleport", sid="S1")])
    assert an.skipped and not an.steps
    mid = _m(an.scene_at(an.duration / 2), "S1")
    x2, x6 = cell_center(parse_cell("d2"))[0], cell_center(parse_cell("f6"))[0]
    assert x2 < mid.x < x6
    assert an.scene_at(an.duration) is an.final_scene


def test_random_games_animate_to_their_final_views():
    from game.core.playout import random_action
    from game.core.rng import Rng
    from game.trench import new_game
    from game.trench.view import redact_events, view
    animated = 0
    for seed in (21, 22, 23):
        state, rng = new_game(4, seed=seed), Rng(seed)
        for _ in range(400):
            if state.is_over():
                break
            old = view(state, "S")
            events = redact_events(list(state.apply(random_action(state, rng)) or ()), "S")
            new = view(state, "S")
            an = Animation(old, new, events, speed=2.0)
            for k in range(6):
                sc = an.scene_at(an.duration / an.speed * k / 5)
                assert all(math.isfinite(m.x + m.y + m.z) for m in sc.meeples)
            assert an.scene_at(an.duration) is an.final_scene
            animated += len(an.steps)
    assert animated > 20


def test_gas_paths_of_bare_cells_use_the_hole_layer_and_leaving_removes_the_token():
    from game.tables.trench.animation import gas_path
    cols = ["n"] * 49
    cols[parse_cell("d5")] = ""
    ev = make_event("gas", gid=3, owner="N", path=(parse_cell("c5"), parse_cell("d5"), parse_cell("e5")),
                    how="flow", layer=2)
    assert gas_path(ev, cols) == ((parse_cell("c5"), 2), (parse_cell("d5"), 1), (parse_cell("e5"), 2))
    old = make_view(cols, gas=[gas_token(3, "g5", 2, "N")])
    leave = make_event("gas", gid=3, owner="N", path=(parse_cell("g5"),), how="leave", layer=2, direction="e")
    an = Animation(old, make_view(cols), [leave])
    assert an.steps and not [g for g in an.steps[0][4].gas.values()]
    assert an.scene_at(an.steps[0][6] * 0.5).gas
