"""Start-up assets and figures: the shipped table texture, the PNG reader, the
fresh-process start-up measurements (no timing assertion)."""

from __future__ import annotations

import os
import shutil

import numpy as np
import pytest

from game.render import table
from game.render.png import PNGError, decode_png, encode_png, read_png


def test_shipped_table_texture_is_the_generated_one():
    shipped = read_png(table.ASSET)[::-1]
    generated = table.table_albedo()
    assert shipped.shape == generated.shape == (table.SIZE, table.SIZE, 3)
    diff = np.abs(shipped.astype(int) - generated)
    # numpy's sin may differ in the last bit between CPUs: allow one step of rounding
    assert diff.max() <= 1 and diff.mean() < 0.01


def test_load_albedo_falls_back_to_generating(tmp_path):
    missing = tmp_path / "none.png"
    np.testing.assert_array_equal(table.load_albedo(path=missing), table.table_albedo())
    small = tmp_path / "small.png"
    small.write_bytes(encode_png(np.zeros((4, 4, 3), np.uint8)))
    assert table.load_albedo(path=small).shape == (table.SIZE, table.SIZE, 3)


def test_png_round_trip_rgb_and_rgba():
    rng = np.random.default_rng(3)
    for c in (3, 4):
        img = rng.integers(0, 256, (7, 5, c), dtype=np.uint8)
        np.testing.assert_array_equal(decode_png(encode_png(img)), img)


def test_png_reader_undoes_sub_and_up_filters():
    img = np.random.default_rng(5).integers(0, 256, (4, 3, 3), dtype=np.uint8)
    raw = img.astype(np.int16)
    rows = [np.concatenate([[0], img[0].reshape(-1)]),
            np.concatenate([[1], np.diff(raw[1], axis=0, prepend=0).astype(np.uint8).reshape(-1)]),
            np.concatenate([[2], (raw[2] - raw[1]).astype(np.uint8).reshape(-1)]),
            np.concatenate([[1], np.diff(raw[3], axis=0, prepend=0).astype(np.uint8).reshape(-1)])]
    import struct
    import zlib
    body = zlib.compress(np.array(rows, np.uint8).tobytes())

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 3, 4, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", body) + chunk(b"IEND", b""))
    np.testing.assert_array_equal(decode_png(png), img)


def test_png_reader_names_what_it_cannot_read():
    with pytest.raises(PNGError, match="signature"):
        decode_png(b"GIF89a")
    good = encode_png(np.zeros((2, 2, 3), np.uint8))
    with pytest.raises(PNGError, match="truncated|IDAT"):
        decode_png(good[:40])


@pytest.mark.skipif(not (os.environ.get("DISPLAY") or shutil.which("Xvfb")), reason="no display and no Xvfb")
def test_start_up_figures_are_measured_in_fresh_processes(offscreen):
    from game.render.bench import first_frame_s, peak_rss_detail
    assert 0.0 < first_frame_s(runs=1) < 60.0
    rss = peak_rss_detail(frames=2)
    assert set(rss) == {"window", "screenshot"} and all(v > 10.0 for v in rss.values())
