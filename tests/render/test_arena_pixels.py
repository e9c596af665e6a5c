"""Immortal Arena's table, offscreen (EGL on llvmpipe): counters, a fallen unit, the bank count
and a waza-ari change the picture where they are drawn, and only there.  Skips, saying why, when
no OpenGL 3.3 context can be had."""

from __future__ import annotations

import numpy as np
import pytest

from game.arena.notation import parse_position
from game.arena.view import view
from game.i18n import set_language
from game.render.camera import project, top_pose
from game.tables.arena import layout as L
from game.tables.arena.scene import arena_scene

W, H = 640, 400
POS = """# Immortal Arena position (see docs/arena.md)
ruleset: provisions
rng: 0x9e3779b97f4a7c15
phase: act
turn: 7
player: A
first: A
provisions: A=3 B=1 bank=3
waza-ari: A=1 B=0
last: A=cavalry:quick B=artillery
units:
  A cavalry front living damage=1
  A infantry middle living
  A artillery middle living spirit=1
  B cavalry front living damage=2
  B infantry back fallen
  B artillery middle living
"""


@pytest.fixture(scope="module")
def off():
    from game.render.gl import NoGLError
    try:
        from game.render.pieces.offscreen import PieceOffscreen
        o = PieceOffscreen(W, H, samples=0)
    except NoGLError as exc:
        pytest.skip(str(exc))
    except Exception as exc:  # noqa: BLE001 - e.g. moderngl missing its GL library
        pytest.skip(f"no OpenGL 3.3 context: {type(exc).__name__}: {exc}")
    set_language("en")
    yield o
    o.release()


POSE = top_pose()


def shot(off, text):
    off.render(arena_scene(view(parse_position(text), "A")), POSE)
    return off.pixels().astype(int)


def box(world, r):
    sx, sy, _ = project(POSE, world, W, H)
    x, y = int(sx), int(H - sy)
    return slice(max(0, y - r), y + r), slice(max(0, x - r), x + r)


def changed(a, b, region=None) -> int:
    d = np.abs(a - b).sum(axis=2) > 40
    return int(d[region].sum() if region is not None else d.sum())


@pytest.fixture(scope="module")
def base(off):
    return shot(off, POS)


def test_a_damage_counter_changes_its_card_only(off, base):
    more = shot(off, POS.replace("A cavalry front living damage=1", "A cavalry front living damage=3"))
    x, y = L.unit_xy(0, 0, 0)
    assert changed(base, more, box((x + 0.47, y - 0.36, 0.1), 10)) > 3
    assert changed(base, more) - changed(base, more, box((x, y, 0.0), 45)) == 0


def test_spirit_counter_appears(off, base):
    more = shot(off, POS.replace("spirit=1", "spirit=2"))
    x, y = L.unit_xy(0, 2, 1)
    assert changed(base, more, box((x + 0.75, y - 0.36, 0.1), 10)) > 3


def test_a_fallen_unit_lies_down_and_greys(off, base):
    fallen = shot(off, POS.replace("B artillery middle living", "B artillery middle fallen"))
    x, y = L.unit_xy(1, 2, 1)
    assert changed(base, fallen, box((x, y, 0.0), 30)) > 200
    assert changed(base, fallen, box(L.unit_xy(0, 1, 1) + (0.0,), 30)) == 0


def test_the_bank_count_changes_the_bank(off, base):
    text = POS.replace("provisions: A=3 B=1 bank=3", "provisions: A=3 B=2 bank=2")
    other = shot(off, text)
    assert changed(base, other, box((L.RIGHT_X, 0.0, 0.0), 30)) > 20
    assert changed(base, other, box((L.RIGHT_X, -L.SIDE_Y + L.WAZA_DY, 0.0), 20)) == 0


def test_a_waza_ari_changes_the_score_area(off, base):
    other = shot(off, POS.replace("waza-ari: A=1 B=0", "waza-ari: A=0 B=1"))
    assert changed(base, other, box((L.RIGHT_X, -L.SIDE_Y + L.WAZA_DY, 0.0), 25)) > 50
    assert changed(base, other, box((L.RIGHT_X, L.SIDE_Y + L.WAZA_DY, 0.0), 25)) > 50
    assert changed(base, other, box((L.RIGHT_X, 0.0, 0.0), 20)) == 0


def test_a_pin_puts_its_marker_on_the_card(off, base):
    other = shot(off, POS.replace("A infantry middle living", "A infantry middle living pinned"))
    x, y = L.unit_xy(0, 1, 1)
    assert changed(base, other, box((x - 0.66, y - 0.39, 0.05), 10)) > 20


def test_dice_ruleset_shows_points_tracks_and_strikes(off):
    from game.core.registry import get_game
    spec = get_game("immortal-arena")
    st = spec.new_game(2, 1, spec.make_ruleset(["ruleset=dice"], []))
    st.apply(st.sample_chance())
    a = arena_scene(view(st, None))
    keys = {p.key for p in a.pieces}
    assert ("points", 0) in keys and ("points", 1) in keys and "bankmat" not in keys
    off.render(a, POSE)
    assert off.pixels().std() > 10
