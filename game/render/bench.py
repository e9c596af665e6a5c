"""Renderer benchmarks: frame times of a table's busy scene rendered offscreen with shadows
(``measure_frame_ms``; the table gives the scene: ``TableFrontEnd.bench_scene``), and start-up figures measured in fresh processes
(``first_frame_s``: launch to first frame of the window; ``peak_rss_mib``: peak memory
of the window and of ``tools/screenshot.py``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .camera import seat_pose
from .offscreen import Offscreen
from .present import MotionFrames


def measure_frame_ms(width: int = 1280, height: int = 720, frames: int = 60, samples: int = 0,
                     animating: bool = False, rebuild_all: bool = False, relight: bool = False, *,
                     bench_scene, moving_scale: float = 1.0) -> dict:
    """Render ``frames`` frames of a table's busy scene offscreen and time each one.

    ``bench_scene(i, moving, relight)`` is the table's scene of frame ``i``
    (``TableFrontEnd.bench_scene``; Trench War's: all cubes, 12 soldiers, 2 civilians, trenches,
    8 gas clouds).  Shadows on, MSAA off by default.  Each frame is finished with ``ctx.finish()``.  With ``animating`` two
    soldiers hop and a cube slides every frame under a still camera, as in the viewer
    during an animation (a new ``static_key`` each frame).  ``rebuild_all``: the full
    redraw of a camera moving while pieces move -- the camera orbits a little every frame
    and no key is passed, so the renderer rebuilds the instance data and finds by itself
    what moved (it patches the shadow map there: the map does not depend on the camera)
    and draws the whole picture.  ``relight`` adds a light that changes every frame (a
    day/night change easing in), so the whole shadow map is redrawn too: the worst case.
    Otherwise the position is still (the gas always churns).  ``moving_scale`` below 1 draws
    the frames of a moving camera (``rebuild_all``, ``relight``) as a window does
    (``present.MotionFrames``): that much smaller, then stretched onto the full-size target.
    Returns ``{"median": ms, "p90": ms, "min": ms, "frames": n, "width": w, "height": h, ...}``
    (``median_ms`` / ``p90_ms`` repeat the first two; ``cpu_median_ms`` is the median CPU
    time of the process per frame, all renderer threads together: steadier than the wall
    time on a shared machine).
    """
    off = Offscreen(width, height, samples=samples)
    base = seat_pose("S")
    # the window's own choice of frame size: the camera turns every frame, so every frame is
    # drawn into its smaller target and stretched
    motion = MotionFrames(off.ctx, scale=moving_scale) if moving_scale < 1.0 and (rebuild_all or relight) else None

    def render(sc, ps, t, static_key):
        if motion is None:
            off.render(sc, ps, t, static_key=static_key)
            return
        target, fbo, w, h = motion.choose(ps, width, height, off.fbo)
        off.renderer.render(sc, ps, fbo, w, h, t, static_key=static_key, samples=target.samples)
        target.present(off.fbo, width, height)

    def key(i):
        if rebuild_all or relight:
            return None
        return ("bench", i) if animating else ("bench",)

    def frame_scene(i):
        return bench_scene(i, animating or rebuild_all or relight, relight)

    def pose(i):
        return dataclasses.replace(base, azimuth=base.azimuth + 0.25 * i) if rebuild_all or relight else base

    render(frame_scene(0), pose(0), 0.0, key(0))  # warm up: compile, upload, shadow
    off.ctx.finish()
    times, cpu = [], []
    for i in range(1, frames + 1):
        sc, ps = frame_scene(i), pose(i)
        t0, c0 = time.perf_counter(), time.process_time()
        render(sc, ps, i / 60.0, key(i))
        off.ctx.finish()
        times.append((time.perf_counter() - t0) * 1000.0)
        cpu.append((time.process_time() - c0) * 1000.0)
    if motion is not None:
        motion.release()
    off.release()
    times.sort()
    median = statistics.median(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return {"median": median, "p90": p90, "median_ms": median, "p90_ms": p90, "min": times[0],
            "cpu_median_ms": statistics.median(cpu), "frames": frames, "width": width, "height": height,
            "msaa": samples, "animating": animating, "rebuild_all": rebuild_all, "relight": relight,
            "moving_scale": moving_scale if motion is not None else 1.0}


ROOT = Path(__file__).resolve().parents[2]
#: The window measured by ``first_frame_s`` / ``peak_rss_mib``: the viewer on the busy demo.
WINDOW_ARGV = ("tools/viewer.py", "demo:busy")
SCREENSHOT_ARGV = ("tools/screenshot.py", "demo:busy")

# Run in the child: time (CLOCK_MONOTONIC, shared by all processes) when the first frame
# has been drawn and flipped, then exit at once -- or after N frames, for the memory figure.
_WINDOW_DRIVER = """
import os, runpy, sys, time
import pyglet.window
frames, out = int(sys.argv[1]), sys.argv[2]
draw = pyglet.window.BaseWindow.draw
count = [0]
def counted(self, dt):
    draw(self, dt)
    count[0] += 1
    if count[0] == 1:
        with open(out, "w") as f:
            f.write(repr(time.monotonic()))
    if count[0] >= frames:
        sys.stdout.flush()
        os._exit(0)
pyglet.window.BaseWindow.draw = counted
sys.argv = sys.argv[3:]
sys.path.insert(0, os.path.dirname(os.path.abspath(sys.argv[0])))  # as `python SCRIPT` puts it first
sys.exit(runpy.run_path(sys.argv[0], run_name="__main__"))
"""


@contextlib.contextmanager
def display():
    """The X display to open windows on: ``$DISPLAY``, else a private Xvfb for the block."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    xvfb = shutil.which("Xvfb")
    if not xvfb:
        raise RuntimeError("no display: DISPLAY is unset and Xvfb is not installed")
    rfd, wfd = os.pipe()
    proc = subprocess.Popen([xvfb, "-displayfd", str(wfd), "-screen", "0", "1600x900x24", "-nolisten", "tcp"],
                            pass_fds=(wfd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(wfd)
    try:
        with os.fdopen(rfd) as f:
            num = f.readline().strip()
        if not num:
            raise RuntimeError("Xvfb did not start")
        yield ":" + num
    finally:
        proc.terminate()
        proc.wait(5)


def _run_child(argv, env=None) -> tuple:
    """Run ``argv`` (python argv list) from the repository root; (exit status, peak RSS MiB, wall s)."""
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, *argv], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode(errors="replace").strip()
    proc.stderr.close()
    if proc.returncode:
        raise RuntimeError(f"{' '.join(argv)} failed ({proc.returncode}): {err.splitlines()[-1] if err else ''}")
    return proc.returncode, usage.ru_maxrss / 1024.0, time.monotonic() - t0


def _window_run(frames: int, argv=WINDOW_ARGV) -> tuple:
    """(seconds from launch to the first frame, peak RSS MiB) of one fresh window process."""
    with display() as disp, tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "first_frame")
        env = dict(os.environ, DISPLAY=disp)
        t0 = time.monotonic()
        _rc, rss, _wall = _run_child(["-c", _WINDOW_DRIVER, str(frames), out, *argv], env)
        with open(out) as f:
            return float(f.read()) - t0, rss


def first_frame_s(runs: int = 3, argv=WINDOW_ARGV) -> float:
    """Median seconds from launching the window (``python tools/viewer.py demo:busy``) to
    its first frame drawn and flipped, each run in a fresh process (a private Xvfb when
    ``$DISPLAY`` is unset)."""
    return statistics.median(_window_run(1, argv)[0] for _ in range(max(1, runs)))


def peak_rss_detail(frames: int = 30) -> dict:
    """Peak resident memory (MiB) of a fresh window process drawing ``frames`` frames and of
    a fresh ``tools/screenshot.py`` run (1280x720, 4x MSAA, its defaults)."""
    window = _window_run(frames)[1]
    with tempfile.TemporaryDirectory() as tmp:
        shot = _run_child([*SCREENSHOT_ARGV, "--out", os.path.join(tmp, "shot.png")])[1]
    return {"window": window, "screenshot": shot}


def peak_rss_mib(frames: int = 30) -> float:
    """The larger peak RSS (MiB) of the window and of ``tools/screenshot.py`` (``peak_rss_detail``)."""
    return max(peak_rss_detail(frames).values())


if __name__ == "__main__":
    print("first frame", round(first_frame_s(), 3), "s")
    print("peak RSS   ", {k: round(v, 1) for k, v in peak_rss_detail().items()}, "MiB")
    print("still    ", measure_frame_ms())
    print("animating", measure_frame_ms(animating=True))
    print("rebuild  ", measure_frame_ms(animating=True, rebuild_all=True))
    print("relight  ", measure_frame_ms(animating=True, relight=True))
