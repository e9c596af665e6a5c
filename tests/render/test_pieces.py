"""Pieces for card and token games (game/render/pieces): pure parts and offscreen pixels.

The GL tests skip, saying why, when no OpenGL 3.3 context can be had (EGL on Mesa llvmpipe in CI).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from game.render.camera import CameraPose, top_pose
from game.render.pieces import Card, Die, Face, Label, Mat, PieceScene, Token, Track
from game.render.pieces.animation import PieceAnimation, tween
from game.render.pieces.atlas import Atlas
from game.render.pieces.faces import SHAPES, face_image
from game.render.pieces.instances import build, die_matrix
from game.render.pieces.meshes import piece_meshes
from game.render.pieces.picking import pick, screen_point

W, H = 480, 270
FACE = Face(title="騎兵", lines=("突撃 後退",), icon="shape:horse", corner="A", px=(205, 147), layout="side")


def _scene(**over):
    pieces = [
        Mat("mat", 0.0, -2.6, 8.0, 2.4, color=(0.45, 0.2, 0.18)),
        Card("card", -2.0, -2.6, FACE, Face(title="?", layout="big"), w=1.6, h=1.15),
        Card("stand", 1.6, -2.2, FACE, FACE, w=1.6, h=1.15, stand=1.0, holder=True),
        Token("disc", 0.0, 0.0, "disc", (0.8, 0.15, 0.1), face=Face(title="3", layout="big", paper=None,
                                                                       ink=(1, 1, 1), px=(64, 64))),
        Token("cube", 1.0, 0.4, "cube", (0.2, 0.4, 0.8), size=0.3),
        Token("pawn", -1.5, 0.6, "pawn", (0.85, 0.7, 0.2), size=0.35),
        Die("die", 2.5, 1.0, value=5, size=0.5),
        Track("track", -2.0, 2.6, value=3),
        Label("label", -3.0, -1.2, Face(title="Player A", layout="label", paper=None, px=(256, 64)), w=1.6, h=0.4),
    ]
    sc = PieceScene(pieces)
    for key, changes in over.items():
        sc = replace(sc, pieces=[replace(p, **changes) if p.key == key else p for p in sc.pieces])
    return sc


# --- pure -----------------------------------------------------------------------------

def test_die_shows_its_value_on_top():
    """Every value's face normal points up once the roll has landed (opposite faces sum to 7)."""
    mesh = piece_meshes()["die"]
    for value in range(1, 7):
        m = die_matrix(Die("d", 0.0, 0.0, value=value))
        face = mesh[mesh[:, 8] == 3.0 + value]
        normals = face[:, 3:6] @ m[:3, :3].T
        assert (normals[:, 2] > 0.9 * np.linalg.norm(normals, axis=1)).all(), value
        opposite = mesh[mesh[:, 8] == 3.0 + 7 - value][:, 3:6] @ m[:3, :3].T
        assert (opposite[:, 2] < 0).all()


def test_die_roll_lands_on_the_outcome():
    d = Die("d", 1.0, 2.0, value=4)
    rolling = die_matrix(replace(d, roll=0.3))
    assert not np.allclose(rolling, die_matrix(d))
    assert np.allclose(die_matrix(replace(d, roll=1.0)), die_matrix(d))


def test_face_image_draws_text_in_both_languages():
    blank = face_image(Face(px=(128, 96)))
    for title in ("Cavalry", "騎兵"):
        img = face_image(Face(title=title, px=(128, 96)))
        assert img.shape == (96, 128, 4)
        assert (np.abs(img.astype(int) - blank).sum(axis=2) > 60).sum() > 100, title


def test_every_icon_shape_draws_and_an_unknown_one_is_named():
    blank = face_image(Face(px=(96, 96)))
    for name in SHAPES:
        img = face_image(Face(icon="shape:" + name, px=(96, 96)))
        assert (img != blank).any(), name
    with pytest.raises(ValueError, match="unknown icon shape 'nope'"):
        face_image(Face(icon="shape:nope", px=(96, 96)))


def test_atlas_shares_equal_faces_and_restarts_when_full():
    atlas = Atlas(256)
    a = atlas.rect(Face(title="a", px=(100, 100)))
    assert atlas.rect(Face(title="a", px=(100, 100))) == a
    assert atlas.rect(None) == (0.0, 0.0, 0.0, 0.0)
    b = atlas.rect(Face(title="b", px=(100, 100)))
    assert b != a and len(atlas) == 2
    gen = atlas.generation
    for i in range(6):
        atlas.rect(Face(title=str(i), px=(100, 100)))
    assert atlas.generation > gen  # full: started afresh, old rectangles void
    assert Face(title="a", px=(100, 100)) not in atlas


def test_tween_eases_flip_and_slides_and_ends_on_the_new_scene():
    old = _scene()
    new = _scene(card={"flip": 1.0, "x": 0.0}, die={"value": 2})
    mid = tween(old, new, 0.5)
    card = mid.find("card")
    assert 0.0 < card.flip < 1.0 and -2.0 < card.x < 0.0
    assert mid.find("die").roll == 0.5
    assert tween(old, new, 1.0) is new
    anim = PieceAnimation(old, [(new, 0.4)])
    assert anim.scene_at(10.0) is new and anim.done(0.4) and not anim.done(0.1)


def test_tween_grows_new_pieces_and_shrinks_gone_ones():
    old = _scene()
    new = replace(old, pieces=[p for p in old.pieces if p.key != "cube"] + [Token("new", 0, 1)])
    mid = tween(old, new, 0.5)
    assert 0.0 < mid.find("new").scale < 1.0
    assert 0.0 < mid.find("cube").scale < 1.0


@pytest.mark.parametrize("pose", [CameraPose(), top_pose()], ids=["seat", "top"])
def test_every_piece_is_picked_at_its_screen_point(pose):
    built = build(_scene(), Atlas(1024))
    keys = ["card", "disc", "cube", "pawn", "die", ("track", 5), "track", "label", "mat"]
    if pose.elevation < 80:
        keys.append("stand")
    for key in keys:
        sp = screen_point(pose, built, key, W, H)
        assert sp is not None, key
        assert pick(pose, sp[0], sp[1], W, H, built).key == key


def test_a_token_on_a_card_is_picked_before_the_card():
    sc = PieceScene([Card("card", 0, 0, FACE, w=1.6, h=1.15), Token("t", 0, 0, "disc", z=0.03)])
    pose = top_pose()
    got = pick(pose, W / 2, H / 2, W, H, sc)
    assert got is not None and got.key == "t"


def test_highlights_add_outlines():
    assert not build(_scene(), Atlas(1024)).outlines
    built = build(_scene(card={"highlight": "legal"}, die={"highlight": "hover"}), Atlas(1024))
    assert sorted(o[0] for o in built.outlines) == ["hover", "legal"]


# --- pixels -----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def pieces_off():
    from game.render.gl import NoGLError
    try:
        from game.render.pieces.offscreen import PieceOffscreen
        off = PieceOffscreen(W, H, samples=0)
    except NoGLError as exc:
        pytest.skip(str(exc))
    except Exception as exc:  # noqa: BLE001 - e.g. moderngl missing its GL library
        pytest.skip(f"no OpenGL 3.3 context: {type(exc).__name__}: {exc}")
    yield off
    off.release()


def _draw(off, scene, pose=None):
    off.render(scene, pose or top_pose())
    return off.pixels().astype(int)


def _box(pose, point, r=14):
    from game.render.camera import project
    sx, sy, _ = project(pose, point, W, H)
    x, y = int(sx), int(H - sy)
    return slice(max(0, y - r), y + r), slice(max(0, x - r), x + r)


def _changed(a, b, region) -> int:
    return int((np.abs(a[region] - b[region]).sum(axis=2) > 40).sum())


def test_render_draws_wood_and_paper_lit_with_shadows(pieces_off):
    img = _draw(pieces_off, _scene(), CameraPose())
    empty = _draw(pieces_off, PieceScene([]), CameraPose())
    assert (np.abs(img - empty).sum(axis=2) > 40).sum() > 5000
    # a pawn casts a shadow: the table beside it (away from the sun) is darker than without it
    pose = top_pose()
    with_pawn = _draw(pieces_off, PieceScene([Token("p", 0, 0, "pawn", size=0.5)]), pose)
    without = _draw(pieces_off, PieceScene([]), pose)
    assert (with_pawn.sum(axis=2) < without.sum(axis=2) - 60).sum() > 60


def test_card_faces_print_where_the_card_lies_and_flip_shows_the_back(pieces_off):
    pose = top_pose()
    sc = PieceScene([Card("c", 0.0, 0.0, FACE, Face(title="?", layout="big"), w=1.6, h=1.15)])
    face_up = _draw(pieces_off, sc, pose)
    blank = _draw(pieces_off, PieceScene([Card("c", 0.0, 0.0, None, None, w=1.6, h=1.15)]), pose)
    back = _draw(pieces_off, replace(sc, pieces=[replace(sc.pieces[0], flip=1.0)]), pose)
    region = _box(pose, (0.0, 0.0, 0.03), 30)
    assert _changed(face_up, blank, region) > 150
    assert _changed(face_up, back, region) > 150
    far = _box(pose, (4.0, 3.0, 0.0), 10)
    assert _changed(face_up, back, far) == 0


def test_die_value_token_count_and_highlight_change_the_image_where_drawn(pieces_off):
    pose = top_pose()
    base = _draw(pieces_off, _scene(), pose)
    die = _draw(pieces_off, _scene(die={"value": 2}), pose)
    assert _changed(base, die, _box(pose, (2.5, 1.0, 0.5), 12)) > 4
    assert _changed(base, die, _box(pose, (-2.0, -2.6, 0.0), 12)) == 0
    count = _draw(pieces_off, _scene(disc={"face": Face(title="7", layout="big", paper=None, ink=(1, 1, 1),
                                                         px=(64, 64))}), pose)
    assert _changed(base, count, _box(pose, (0.0, 0.0, 0.07), 8)) > 5
    lit = _draw(pieces_off, _scene(cube={"highlight": "legal"}), pose)
    assert _changed(base, lit, _box(pose, (1.0, 0.4, 0.3), 14)) > 20
    grey = _draw(pieces_off, _scene(pawn={"grey": True}), pose)
    assert _changed(base, grey, _box(pose, (-1.5, 0.6, 0.8), 8)) > 5


def test_a_standing_card_falls_onto_the_table(pieces_off):
    pose = CameraPose()
    up = _draw(pieces_off, _scene(), pose)
    down = _draw(pieces_off, _scene(stand={"stand": 0.0}), pose)
    assert _changed(up, down, _box(pose, (1.6, -2.2, 0.6), 25)) > 100


def test_moving_pieces_patch_the_kept_picture_pixel_for_pixel(pieces_off):
    """Pieces moving under a still camera redraw only their box (and the shadow map's): the
    picture equals a full redraw, and the renderer says it patched."""
    from game.render.pieces.offscreen import PieceOffscreen
    pose = CameraPose()
    a = _scene()
    b = _scene(disc={"x": 0.6, "y": -0.4}, die={"value": 3}, pawn={"fall": 1.0})
    pieces_off.render(a, pose, static_key=("a",))
    stats = dict(pieces_off.renderer.stats)
    pieces_off.render(b, pose, static_key=("b",))
    patched = pieces_off.pixels().astype(int)
    assert pieces_off.renderer.stats["layer_patches"] == stats["layer_patches"] + 1
    assert pieces_off.renderer.stats["shadow_patches"] == stats["shadow_patches"] + 1
    fresh = PieceOffscreen(W, H, samples=0)
    try:
        fresh.render(b, pose, static_key=("b",))
        full = fresh.pixels().astype(int)
    finally:
        fresh.release()
    assert np.abs(patched - full).max() == 0
    assert (np.abs(patched - _draw(pieces_off, a, pose)).sum(axis=2) > 40).sum() > 50  # it did change


def test_a_scene_whose_faces_overfill_the_atlas_is_drawn_on_a_bigger_one_with_every_face(pieces_off):
    """The atlas starts afresh when full and the build runs again; a scene whose own faces do not fit
    one atlas would restart it a second time mid-build, voiding the faces placed before (drawn
    blank or as another face): the renderer then takes an atlas of twice the side."""
    from game.render.pieces.offscreen import PieceOffscreen
    from game.render.pieces.renderer import PieceRenderer
    ctx = pieces_off.ctx
    faces = [Face(title=f"Card {i}", lines=(f"line {i}",), px=(100, 140)) for i in range(8)]
    scene = PieceScene([Card(("c", i), -3.0 + (i % 4) * 2.0, -1.2 + (i // 4) * 2.4, faces[i], None, w=1.4, h=1.96)
                        for i in range(8)])
    small = PieceOffscreen(W, H, ctx=ctx, renderer=PieceRenderer(ctx, atlas_size=256, look_ease_s=0.0))
    try:
        got = _draw(small, scene)
        renderer = small.renderer
        grown, held = renderer.atlas.size, all(f in renderer.atlas for f in faces)
    finally:
        small.release()
    want = _draw(pieces_off, scene)
    assert _changed(got, want, (slice(None), slice(None))) < W * H // 200   # every face printed
    assert grown == 512 and held


def test_still_frames_restore_the_kept_colour_alone_after_a_patch_too(pieces_off):
    """A still frame copies the kept picture's colour alone back (game.render.layer.StillLayer);
    after pieces moved (a patch, which copies depth too) the next still frames do again, and every
    frame equals a fresh renderer's full picture, highlights over it included."""
    from game.render.pieces.offscreen import PieceOffscreen
    pose = CameraPose()
    a = _scene(cube={"highlight": "legal"})
    b = _scene(cube={"highlight": "legal"}, disc={"x": 0.6, "y": -0.4})
    frames = [(a, ("a",)), (a, ("a",)), (a, ("a",)), (b, ("b",)), (b, ("b",))]
    stats = dict(pieces_off.renderer.stats)
    kept = []
    for sc, key in frames:
        pieces_off.render(sc, pose, static_key=key)
        kept.append(pieces_off.pixels().astype(int))
    now = pieces_off.renderer.stats
    assert now["layer_reuses"] - stats["layer_reuses"] == 3 and now["layer_patches"] - stats["layer_patches"] == 1
    assert now["colour_restores"] - stats["colour_restores"] == 3
    fresh = PieceOffscreen(W, H, samples=0)
    try:
        for (sc, _key), picture in zip(frames, kept):
            fresh.render(sc, pose)
            assert np.abs(picture - fresh.pixels().astype(int)).max() == 0
    finally:
        fresh.release()


def _fresh(scene, pose, samples=0):
    """The picture of a fresh renderer's full redraw (no kept picture, nothing patched)."""
    from game.render.pieces.offscreen import PieceOffscreen
    fresh = PieceOffscreen(W, H, samples=samples)
    try:
        fresh.render(scene, pose, static_key=("fresh",))
        return fresh.pixels().astype(int)
    finally:
        fresh.release()


def test_the_highlight_rings_are_kept_in_the_still_picture(pieces_off):
    """The highlight rings are drawn into the kept picture: still frames copy it back and draw
    no ring again, and show the pixels of a full redraw, rings included."""
    pose = CameraPose()
    lit = _scene(cube={"highlight": "legal"}, card={"highlight": "selected"}, track={"highlight": "hover"})
    stats = dict(pieces_off.renderer.stats)
    pictures = []
    for _ in range(3):
        pieces_off.render(lit, pose, static_key=("rings",))
        pictures.append(pieces_off.pixels().astype(int))
    now = pieces_off.renderer.stats
    assert now["ring_draws"] - stats["ring_draws"] == 1 and now["layer_reuses"] - stats["layer_reuses"] == 2
    full = _fresh(lit, pose)
    for picture in pictures:
        assert np.abs(picture - full).max() == 0
    plain = _fresh(_scene(), pose)
    assert _changed(full, plain, _box(pose, (-2.0, -2.6 - 0.575 - 0.07, 0.03), 6)) > 5  # the card's ring shows


def test_a_highlight_change_redraws_the_rings_that_came_and_went(pieces_off):
    """Under a still camera a highlight that changes (a ring gone, one come, one recoloured) patches
    the kept picture round the rings, old and new (close up a ring reaches pixels beyond its
    piece's box and shadow): every frame equals a full redraw, and the still frames after it show
    the new rings."""
    pose = CameraPose(elevation=60.0, distance=4.0, target=(1.0, 0.4, 0.0))
    a = _scene(cube={"highlight": "legal"})
    b = _scene(cube={"highlight": "selected"}, disc={"highlight": "legal"})
    c = _scene(disc={"highlight": "target"})
    shown = []
    for sc, key in ((a, ("a",)), (b, ("b",)), (b, ("b",)), (c, ("c",)), (c, ("c",))):
        pieces_off.render(sc, pose, static_key=key)
        shown.append((sc, pieces_off.pixels().astype(int)))
        if len(shown) == 1:
            stats = dict(pieces_off.renderer.stats)
    now = pieces_off.renderer.stats
    assert now["layer_patches"] - stats["layer_patches"] == 2 and now["layer_reuses"] - stats["layer_reuses"] == 2
    for sc, picture in shown:
        assert np.abs(picture - _fresh(sc, pose)).max() == 0
    from game.render.pieces.overlays import highlight_rings
    band = highlight_rings(build(c, Atlas(1024)))[0][:6, :3].mean(axis=0)   # one side of the disc's ring
    disc_ring = _box(pose, tuple(band), 2)
    assert _changed(shown[0][1], shown[1][1], disc_ring) > 3      # the disc's ring came
    assert _changed(shown[2][1], shown[3][1], disc_ring) > 3      # and turned from cyan to orange


def test_moving_pieces_patch_a_multisampled_kept_picture_pixel_for_pixel(pieces_off):
    """With MSAA the patch's scissor box starts on llvmpipe's 64-pixel tiles (its multisampled
    rasteriser covers samples of the pixels just outside an unaligned box's left and bottom edges):
    the patched picture equals a full redraw."""
    from game.render.pieces.offscreen import PieceOffscreen
    from game.render.renderer import PATCH_ALIGN, patch_rect
    assert patch_rect((70, 130, 10, 20), 4) == (64, 128, 16, 22) and patch_rect((70, 130, 10, 20), 0) == (70, 130, 10, 20)
    assert patch_rect(None, 4) is None and PATCH_ALIGN == 64
    pose = CameraPose()
    a = _scene(cube={"highlight": "legal"})
    b = _scene(cube={"highlight": "legal"}, disc={"x": -2.6, "y": -1.2})   # the box's edge crosses the label
    off = PieceOffscreen(W, H, ctx=pieces_off.ctx, samples=4)
    try:
        for sc, key in ((a, ("a",)), (b, ("b",)), (a, ("a2",))):
            off.render(sc, pose, static_key=key)
            assert np.abs(off.pixels().astype(int) - _fresh(sc, pose, samples=4)).max() == 0, key
        assert off.renderer.stats["layer_patches"] == 2
    finally:
        off.release()


def test_a_build_with_a_memo_equals_one_without_and_keeps_only_its_pieces():
    """``build(scene, atlas, memo)`` reuses an unchanged piece's rows (by the piece's value): the
    same rows, boxes and outlines as a build without one; the memo then holds this build's pieces."""
    atlas, memo = Atlas(1024), {}
    a = _scene(cube={"highlight": "legal"})
    b = _scene(cube={"highlight": "selected"}, disc={"x": 0.6})
    for sc in (a, b, b, a):
        got, want = build(sc, atlas, memo), build(sc, atlas)
        assert set(got.rows) == set(want.rows)
        assert all(np.array_equal(got.rows[k], want.rows[k]) for k in want.rows)
        assert [(k, lo, hi) for k, _m, lo, hi in got.boxes] == [(k, lo, hi) for k, _m, lo, hi in want.boxes]
        assert all(np.array_equal(g[1], w[1]) for g, w in zip(got.boxes, want.boxes))
        assert [o[0] for o in got.outlines] == [o[0] for o in want.outlines]
        assert len(memo) == len(sc.pieces)
    track = replace(a.pieces[7], labels=["a", "b"])   # a list: not hashable, built afresh
    got = build(replace(a, pieces=[track]), atlas, memo)
    assert len(got.rows["plate"]) == 2 and not memo


def test_uniforms_written_only_when_they_change_still_follow_the_camera_and_the_look(pieces_off):
    """The renderer writes a uniform only when its value changes: frames that turn the camera and
    switch day and night back and forth equal a fresh renderer's pictures."""
    day = _scene(cube={"highlight": "legal"})
    night = replace(day, day=False)
    frames = [(day, CameraPose()), (night, CameraPose()), (night, top_pose()), (day, top_pose()), (day, CameraPose())]
    for sc, pose in frames:
        pieces_off.render(sc, pose, static_key=("u", id(sc), pose))
        assert np.abs(pieces_off.pixels().astype(int) - _fresh(sc, pose)).max() == 0
