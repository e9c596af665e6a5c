"""A PNG picture on the HUD canvas (the Rules lab's plots): an item named by its digest, the
picture's size read from its header, and a bad picture refused."""

from __future__ import annotations

import pytest

from game.render import hud
from game.render.hud import HudCanvas, image_key, image_size


def _png(w=30, h=20) -> bytes:
    import io

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig = plt.figure(figsize=(w / 10, h / 10), dpi=10)
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=10)
    plt.close(fig)
    return buf.getvalue()


def test_an_image_item_names_its_picture_by_digest_and_the_painter_finds_its_bytes():
    png = _png()
    cv = HudCanvas(200, 100)
    cv.layer = 6
    cv.image(png, 10.4, 20.6, 80, 40.2)
    (item,) = cv.items
    assert item == (6, "image", image_key(png), 10, 21, 80, 40)
    assert hud._IMAGES[image_key(png)] == png
    assert image_key(png) != image_key(_png(40, 20))  # another picture, another name
    assert image_size(png) == (30, 20)


def test_remembered_pictures_are_bounded():
    for k in range(hud._IMAGES_KEPT + 5):
        image_key(b"\x89PNG\r\n\x1a\n" + k.to_bytes(4, "big") * 8)
    assert len(hud._IMAGES) == hud._IMAGES_KEPT


def test_image_size_refuses_what_is_not_a_png():
    with pytest.raises(ValueError, match="not a PNG"):
        image_size(b"GIF89a" + bytes(30))
