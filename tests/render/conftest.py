"""Shared fixtures: stand-in views and one offscreen GL target for the whole module set."""

from __future__ import annotations

import os
import sys
from types import SimpleNamespace

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from game.trench.geometry import parse_cell  # noqa: E402
from game.trench.model import GasToken, Soldier  # noqa: E402

W, H = 480, 270


def make_view(columns=None, soldiers=(), gas=(), items=None, day=True, eclipse=False, seats=("S", "N")):
    """A minimal stand-in view with the attributes the renderer reads."""
    cols = list(columns) if columns is not None else ["n"] * 49
    return SimpleNamespace(seats=seats, columns=cols, soldiers=list(soldiers), gas=list(gas),
                           items=dict(items or {}), day=day, eclipse=eclipse, wind="calm", round=2)


def soldier(sid, cell, facing="n", status="board", **kw):
    return Soldier(sid=sid, seat=sid[0], status=status, cell=parse_cell(cell), facing=facing, **kw)


def gas_token(gid, cell, layer, owner="S"):
    return GasToken(gid, owner, parse_cell(cell), layer)


@pytest.fixture(scope="session")
def offscreen():
    """An offscreen target with a renderer, or a skip when no GL 3.3 context exists."""
    from game.render.gl import NoGLError
    try:
        from game.render.offscreen import Offscreen
        off = Offscreen(W, H, samples=0)
    except NoGLError as exc:
        pytest.skip(str(exc))
    except Exception as exc:  # noqa: BLE001 - e.g. moderngl missing its GL library
        pytest.skip(f"no OpenGL 3.3 context: {type(exc).__name__}: {exc}")
    yield off
    off.release()


@pytest.fixture
def render(offscreen):
    """render(view_or_scene, pose, time=0.0, overlay=None) -> (H, W, 3) uint8 pixels."""
    from game.tables.trench.scene import Scene, scene_from_view

    def _render(v, pose, time=0.0, overlay=None):
        sc = v if isinstance(v, Scene) else scene_from_view(v)
        offscreen.render(sc, pose, time, overlay_vertices=overlay)
        return offscreen.pixels()
    return _render
