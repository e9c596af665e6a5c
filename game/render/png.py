"""A tiny PNG writer (zlib only; no Pillow needed)."""

from __future__ import annotations

import struct
import zlib

import numpy as np


def encode_png(rgb: np.ndarray) -> bytes:
    """PNG bytes of an (H, W, 3) or (H, W, 4) uint8 array, top row first."""
    a = np.ascontiguousarray(rgb, dtype=np.uint8)
    h, w, c = a.shape
    color_type = {3: 2, 4: 6}[c]
    raw = np.zeros((h, w * c + 1), dtype=np.uint8)
    raw[:, 1:] = a.reshape(h, w * c)
    body = zlib.compress(raw.tobytes(), 6)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", w, h, 8, color_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


def write_png(path, rgb: np.ndarray) -> None:
    """Write an (H, W, 3|4) uint8 array to ``path`` as PNG."""
    with open(path, "wb") as f:
        f.write(encode_png(rgb))
