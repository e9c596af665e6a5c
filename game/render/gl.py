"""OpenGL plumbing: contexts (offscreen EGL or a window's), GLSL program files, errors.

Each file in ``shaders/`` is one program: its vertex and fragment stages are
selected with ``VERTEX_SHADER`` / ``FRAGMENT_SHADER`` defines, and
``#include "lib/x.glsl"`` pulls in shared library code.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

SHADER_DIR = Path(__file__).resolve().parents[2] / "shaders"
GLSL_VERSION = "#version 330 core\n"


class NoGLError(RuntimeError):
    """No OpenGL 3.3 context could be created; the message is one line for the user."""


class NoDisplayError(NoGLError):
    """There is no display to open a window on (no ``$DISPLAY``, or it cannot be reached)."""


#: Where to turn without a display: offscreen rendering needs none.
NO_DISPLAY_HINT = "to draw a position without a display, use tools/screenshot.py FILE --out PICTURE.png"


def _first_line(exc: BaseException) -> str:
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def window_error(exc: BaseException, env=None) -> NoGLError:
    """The one-line error for a window that could not be opened (``exc`` from pyglet, when
    importing its window module or making the window): :class:`NoDisplayError` when the
    display is missing or unreachable (it names ``tools/screenshot.py``), else
    :class:`NoGLError` ("no OpenGL 3.3 context: ...") -- a display without OpenGL 3.3."""
    if isinstance(exc, NoGLError):
        return exc
    env = os.environ if env is None else env
    first = _first_line(exc)
    unreachable = "cannot connect to" in first.lower() or type(exc).__name__ == "NoSuchDisplayException"
    if os.name == "posix" and sys.platform != "darwin" and not env.get("DISPLAY"):
        return NoDisplayError(f"no display: cannot open a window ($DISPLAY is not set); {NO_DISPLAY_HINT}")
    if unreachable:
        return NoDisplayError(f"no display: cannot connect to display {env.get('DISPLAY')!r}; {NO_DISPLAY_HINT}")
    return NoGLError(f"no OpenGL 3.3 context: {first}")


def _read(path: Path, seen=()) -> str:
    text = path.read_text()

    def inc(m):
        sub = SHADER_DIR / m.group(1)
        if sub in seen:
            return ""
        return _read(sub, seen + (sub,))

    return re.sub(r'^\s*#include\s+"([^"]+)"\s*$', inc, text, flags=re.M)


def shader_source(name: str) -> tuple[str, str]:
    """(vertex, fragment) sources of ``shaders/<name>.glsl`` with includes resolved."""
    src = _read(SHADER_DIR / f"{name}.glsl")
    return (GLSL_VERSION + "#define VERTEX_SHADER\n" + src,
            GLSL_VERSION + "#define FRAGMENT_SHADER\n" + src)


def load_program(ctx, name: str):
    """Compile and link ``shaders/<name>.glsl`` into a moderngl program."""
    vs, fs = shader_source(name)
    return ctx.program(vertex_shader=vs, fragment_shader=fs)


def create_offscreen_context():
    """A standalone OpenGL 3.3+ context (EGL first, then the platform default).

    Raises :class:`NoGLError` with a one-line reason when none can be had.
    """
    import moderngl

    errors = []
    backends = [os.environ.get("TRENCH_GL_BACKEND")] if os.environ.get("TRENCH_GL_BACKEND") else ["egl", None]
    for backend in backends:
        try:
            kw = {"backend": backend} if backend else {}
            ctx = moderngl.create_standalone_context(require=330, **kw)
            ctx.extra = {"standalone": True}
            return ctx
        except Exception as exc:  # noqa: BLE001 - any failure means "no context"
            errors.append(f"{backend or 'default'}: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}")
    raise NoGLError("no OpenGL 3.3 context: " + "; ".join(errors))


def create_window_context():
    """The moderngl context of the current (pyglet) window, requiring OpenGL 3.3."""
    import moderngl

    try:
        return moderngl.create_context(require=330)
    except Exception as exc:  # noqa: BLE001
        raise NoGLError(f"no OpenGL 3.3 context: {str(exc).splitlines()[0] if str(exc) else exc!r}") from exc


def release_framebuffer(fb) -> None:
    """Release a framebuffer and its attachments (moderngl frees only the framebuffer)."""
    for att in (*fb.color_attachments, fb.depth_attachment):
        if att is not None:
            att.release()
    fb.release()


def make_current(ctx) -> None:
    """Make a standalone context current again (several may exist in one process)."""
    extra = getattr(ctx, "extra", None)
    if isinstance(extra, dict) and extra.get("standalone"):
        ctx.__enter__()
