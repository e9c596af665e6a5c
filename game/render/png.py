"""A tiny PNG writer and reader (zlib and numpy only; no Pillow needed).

The reader handles what the writer makes (8-bit RGB or RGBA, not interlaced) with the
row filters None, Sub and Up, which numpy can undo a whole image at a time; that is
enough for the shipped assets and the screenshots.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np

SIGNATURE = b"\x89PNG\r\n\x1a\n"


class PNGError(ValueError):
    """A file this reader cannot decode; the message names the problem."""


def encode_png(rgb: np.ndarray, level: int = 6) -> bytes:
    """PNG bytes of an (H, W, 3) or (H, W, 4) uint8 array, top row first (filter None)."""
    a = np.ascontiguousarray(rgb, dtype=np.uint8)
    h, w, c = a.shape
    color_type = {3: 2, 4: 6}[c]
    raw = np.zeros((h, w * c + 1), dtype=np.uint8)
    raw[:, 1:] = a.reshape(h, w * c)
    body = zlib.compress(raw.tobytes(), level)

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", w, h, 8, color_type, 0, 0, 0)
    return SIGNATURE + chunk(b"IHDR", ihdr) + chunk(b"IDAT", body) + chunk(b"IEND", b"")


def write_png(path, rgb: np.ndarray, level: int = 6) -> None:
    """Write an (H, W, 3|4) uint8 array to ``path`` as PNG."""
    with open(path, "wb") as f:
        f.write(encode_png(rgb, level))


def decode_png(data: bytes) -> np.ndarray:
    """The (H, W, 3|4) uint8 pixels (top row first) of PNG bytes; raises :class:`PNGError`."""
    if not data.startswith(SIGNATURE):
        raise PNGError("not a PNG file (bad signature)")
    pos, header, idat = len(SIGNATURE), None, []
    while pos + 8 <= len(data):
        length, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if len(body) != length:
            raise PNGError(f"truncated {tag!r} chunk")
        pos += 12 + length
        if tag == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif tag == b"IDAT":
            idat.append(body)
        elif tag == b"IEND":
            break
    if header is None or not idat:
        raise PNGError("no IHDR or IDAT chunk")
    w, h, depth, color_type, _comp, _filt, interlace = header
    if depth != 8 or color_type not in (2, 6) or interlace:
        raise PNGError(f"unsupported PNG (bit depth {depth}, colour type {color_type}, interlace {interlace})")
    c = 3 if color_type == 2 else 4
    try:
        raw = np.frombuffer(zlib.decompress(b"".join(idat)), np.uint8)
    except zlib.error as exc:
        raise PNGError(f"corrupt image data: {exc}") from exc
    if raw.size != h * (w * c + 1):
        raise PNGError("image data has the wrong size")
    raw = raw.reshape(h, w * c + 1)
    filters, rows = raw[:, 0], raw[:, 1:].reshape(h, w, c)
    if not (filters == 0).all():
        if not np.isin(filters, (0, 1, 2)).all():
            raise PNGError("unsupported row filter (only None, Sub and Up)")
        rows = rows.copy()
        sub = filters == 1
        rows[sub] = np.cumsum(rows[sub], axis=1, dtype=np.uint8)  # Sub: add the pixel to the left
        for y in np.flatnonzero(filters == 2):                    # Up: add the row above
            rows[y] += rows[y - 1] if y else 0
    return np.ascontiguousarray(rows)


def read_png(path) -> np.ndarray:
    """The pixels of the PNG file ``path`` (see :func:`decode_png`)."""
    with open(path, "rb") as f:
        return decode_png(f.read())
