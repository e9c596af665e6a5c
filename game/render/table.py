"""The table-top texture: walnut planks round a dark earthen board mat.

The table's fragment shader is a single texture fetch plus lighting; the texture
covers ``[-EXTENT, EXTENT]`` in world x and y.  It is generated procedurally
(``table_albedo``, pure numpy) but shipped baked as ``assets/table.png`` (about
0.3 MiB: the planks compress well), because generating it costs about a second at
start-up (and, before it was computed in bands, 400 MB).  1024 texels (each the mean
of 2x2 samples) look the same as 2048 from every camera and take a quarter of the memory.  ``load_albedo`` reads the asset and falls back to
generating.  Regenerate the asset after changing the generator::

    python -m game.render.table --write assets/table.png
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import numpy as np

from .png import PNGError, read_png

EXTENT = 24.0
MAT_HALF = 3.62
SIZE = 1024
SUPERSAMPLE = 2
ASSET = Path(__file__).resolve().parents[2] / "assets" / "table.png"
BAND = 128  # rows generated at a time: keeps the float temporaries to a few MB


def load_albedo(size: int = SIZE, path: Path = ASSET) -> np.ndarray:
    """The (size, size, 3) uint8 albedo: the shipped asset when it exists and has that
    size, else generated (see ``table_albedo``).  Row 0 is world y = -EXTENT."""
    try:
        img = read_png(path)
    except (OSError, PNGError):
        return table_albedo(size)
    if img.shape != (size, size, 3):
        return table_albedo(size)
    return img[::-1]  # PNG rows run top (y = +EXTENT) to bottom


@lru_cache(maxsize=2)
def table_albedo(size: int = SIZE, supersample: int = SUPERSAMPLE) -> np.ndarray:
    """(size, size, 3) uint8 albedo, generated; row 0 is world y = -EXTENT (texture origin
    bottom-left).  Each texel is the mean of ``supersample`` x ``supersample`` samples (the
    plank seams stay crisp at a modest size), computed in bands of rows so memory stays small.

    Cached: treat the result as read-only.
    """
    n = size * supersample
    c = (np.arange(n, dtype=np.float32) + 0.5) / n * 2 * EXTENT - EXTENT
    out = np.empty((size, size, 3), np.uint8)
    step = max(1, BAND // supersample)
    for r0 in range(0, size, step):
        r1 = min(size, r0 + step)
        band = _band(c[None, :], c[r0 * supersample:r1 * supersample, None])
        band = band.reshape(r1 - r0, supersample, size, supersample, 3).mean(axis=(1, 3))
        out[r0:r1] = (np.clip(band, 0, 1) * 255 + 0.5).astype(np.uint8)
    return out


def _band(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Albedo rows at world ``y`` (column vector) for world ``x`` (row vector)."""
    fy = y * 0.55
    plank = np.floor(fy)
    seed = np.mod(plank * 0.618034 + 0.37, 1.0)
    f = fy - plank
    # grain: long gentle waves along each plank, with finer figure and a few darker streaks
    w = y * 13.0 + 3.0 * np.sin(x * 0.31 + seed * 9.0) + 0.6 * np.sin(x * 1.3 + seed * 4.0) + seed * 7.0
    grain = 0.55 * np.sin(w) + 0.3 * np.sin(w * 2.7 + seed * 3.0) + 0.15 * np.sin(x * 0.05 + w * 0.3)
    light = np.array([0.40, 0.245, 0.135], np.float32)
    dark = np.array([0.32, 0.185, 0.10], np.float32)
    t = (0.5 + 0.5 * grain)[..., None]
    alb = light * (1 - t) + dark * t
    alb *= (0.86 + 0.26 * seed)[..., None]
    seam = np.clip(f / 0.012, 0, 1) * np.clip((1 - f) / 0.012, 0, 1)
    # plank ends, staggered per plank
    ex = np.mod(x + seed * 7.3, 9.0)
    seam = seam * np.clip(np.minimum(ex, 9.0 - ex) / 0.015, 0, 1)
    alb *= (0.5 + 0.5 * seam)[..., None]
    e = np.maximum(np.abs(x), np.abs(y))
    ao = 0.55 + 0.45 * np.clip((e - MAT_HALF) / 0.7, 0, 1)
    alb *= ao[..., None]
    # the board mat: packed earth, darker at its rim
    n = np.sin(x * 13.1 + np.sin(y * 7.3)) * np.sin(y * 11.7 + np.sin(x * 5.1))
    mat = np.array([0.30, 0.22, 0.15], np.float32) * (0.93 + 0.07 * n)[..., None]
    rim = 1.0 - 0.3 * np.clip((e - 3.5) / 0.12, 0, 1)
    mat *= rim[..., None]
    inside = (e < MAT_HALF)[..., None]
    out = np.where(inside, mat, alb)
    return out


def main(argv=None) -> int:
    """``python -m game.render.table --write PATH``: bake the generated texture to a PNG."""
    import argparse

    from .png import write_png

    p = argparse.ArgumentParser(description=main.__doc__)
    p.add_argument("--write", required=True, metavar="PATH")
    p.add_argument("--size", type=int, default=SIZE)
    args = p.parse_args(argv)
    write_png(args.write, table_albedo(args.size)[::-1], level=9)
    print(f"wrote {args.write} ({args.size}x{args.size})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
