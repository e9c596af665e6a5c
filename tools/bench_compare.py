"""``tools/bench.py --compare``: the project's figures against bare anchors, side by side.

Each figure is measured in a fresh process, alternating with its anchor in the same job
(the order reversed every other round, so a change of load during the job falls on both),
as CPU time, and the medians are compared.  The ratios are the targets of issue 25:

  rules/GAME        random legal actions per CPU second, whole games from a new game to its end,
                    against python-chess's random legal games (plies per CPU second)    >= 2
  start/first-frame CPU seconds from launch of ``python -m game`` to its first frame drawn,
                    against a bare pyglet+moderngl window (tools/anchors/bare_window.py) <= 1.5
  start/memory      peak resident memory after 60 frames, the same two windows          <= 2
  screenshot        CPU seconds of ``python -m game --screenshot``, against a bare headless
                    EGL script drawing one frame and writing a PNG                       <= 1.5
  frames/redraw     CPU ms of a full redraw (camera moving while pieces move), busy position,
                    1280x720, as the window draws it (while the camera moves, at
                    ``present.MOVING_SCALE`` of the size, stretched onto the window), against a
                    bare instanced scene of the same instances, light and shadow map drawn at
                    full size (tools/anchors/bare_scene.py)                               <= 1.2
  frames/redraw full size   the same redraw drawn at full size (no target: what a camera that
                    never settled would cost without the smaller frames)
  frames/still      CPU ms of a still frame (only the gas churns), the same two           <= 1.3
  frames/... GAME   the same two figures of each card-and-token table's benchmark scene, against
                    a bare scene of the same pieces and printed faces (tools/anchors/bare_pieces.py)

Every process is a second launch: the modules are compiled first (``compileall``;
``PYTHONDONTWRITEBYTECODE`` is dropped), as an installed package's are.
Project figures without an anchor: the HUD frame (CPU ms, hidden window, checked not blank)
and the hard bot's simulations per CPU second for every game.  Wall-clock figures are shown
beside the CPU ones; on a shared machine only the CPU ones are steady.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOLS = os.path.join(ROOT, "tools")
ANCHORS = os.path.join(TOOLS, "anchors")
PROBE = os.path.join(TOOLS, "bench_probe.py")
PARTS = ("rules", "start", "screenshot", "frames", "hud", "search")
WINDOW_FRAMES = 60


class ProbeError(RuntimeError):
    """A measuring process failed; the message names it and ends with its last error line."""


def _env(extra=None) -> dict:
    """The measured processes' environment: a launch is measured as a user's second launch,
    with the modules' bytecode cached (``PYTHONDONTWRITEBYTECODE`` is dropped)."""
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env.update(extra or {})
    return env


def _compile_all() -> None:
    """Compile the project's modules (and the tools) once, as installing the package does."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", "-j", "0", os.path.join(ROOT, "game"), TOOLS],
                   cwd=ROOT, env=_env(), stdout=subprocess.DEVNULL, check=False)


def _run(argv: list, env=None) -> tuple:
    """Run ``python ARGV`` from the repository root: (stdout, wall seconds)."""
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, *argv], cwd=ROOT, env=env or _env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate()  # reads both pipes to the end, so the child never blocks
    wall = time.monotonic() - t0
    if proc.returncode:
        last = err.decode(errors="replace").strip().splitlines()
        raise ProbeError(f"{' '.join(argv)} failed ({proc.returncode}): {last[-1] if last else ''}")
    return out.decode(), wall


def _run_usage(argv: list, env=None) -> tuple:
    """Like :func:`_run` but with the child's resource usage (CPU of all its threads, peak RSS)."""
    t0 = time.monotonic()
    proc = subprocess.Popen([sys.executable, *argv], cwd=ROOT, env=env or _env(),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.monotonic() - t0
    err = proc.stderr.read().decode(errors="replace").strip().splitlines()
    proc.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code:
        raise ProbeError(f"{' '.join(argv)} failed ({code}): {err[-1] if err else ''}")
    return usage, wall, t0


def _json(argv: list, env=None) -> dict:
    out = _run(argv, env)[0]
    return json.loads(out.strip().splitlines()[-1])


class Probes:
    """Every measurement, one fresh process each; figures in plain units (s, ms, MiB, per s)."""

    def __init__(self, display: str | None, tmp: str, budget: float = 1.0):
        self.display, self.tmp, self.budget = display, tmp, str(budget)
        # the app reads the user's settings and lists the user's autosaves (the start menu's
        # Continue): a fresh user's for the measurement, not whatever this machine has kept
        self.app_env = _env({"XDG_CONFIG_HOME": os.path.join(tmp, "config"),
                             "TRENCH_WAR_DATA_DIR": os.path.join(tmp, "data"),
                             **({"DISPLAY": display} if display else {})})

    # -- rules ------------------------------------------------------------------
    def chess(self) -> float:
        return _json([os.path.join(ANCHORS, "chess_games.py"), self.budget])["per_cpu_s"]

    def rules(self, game: str) -> float:
        return _json([PROBE, "rules", game, self.budget])["per_cpu_s"]

    # -- start-up -----------------------------------------------------------------
    def _window(self, argv: list) -> dict:
        out = os.path.join(self.tmp, "first_frame.json")
        if os.path.exists(out):
            os.remove(out)
        usage, _wall, t0 = _run_usage([PROBE, "window", str(WINDOW_FRAMES), out, *argv], self.app_env)
        with open(out) as f:
            first = json.load(f)
        return {"first_cpu_s": first["cpu_s"], "first_wall_s": first["monotonic"] - t0,
                "peak_rss_mib": usage.ru_maxrss / 1024.0}

    def bare_window(self) -> dict:
        return self._window([os.path.join(ANCHORS, "bare_window.py"), "1280x720"])

    def app_window(self) -> dict:
        return self._window(["-m", "game", "--size", "1280x720"])

    # -- screenshot -----------------------------------------------------------------
    def _shot(self, argv: list) -> dict:
        usage, wall, _t0 = _run_usage(argv, self.app_env)
        return {"cpu_s": usage.ru_utime + usage.ru_stime, "wall_s": wall, "peak_rss_mib": usage.ru_maxrss / 1024.0}

    def bare_screenshot(self) -> dict:
        return self._shot([os.path.join(ANCHORS, "bare_screenshot.py"), os.path.join(self.tmp, "bare.png"), "1280x720"])

    def app_screenshot(self) -> dict:
        return self._shot(["-m", "game", "--screenshot", os.path.join(self.tmp, "app.png"), "--size", "1280x720"])

    # -- frames -----------------------------------------------------------------------
    def bare_scene(self) -> dict:
        return _json([os.path.join(ANCHORS, "bare_scene.py"), "60"])

    def frames(self) -> dict:
        return _json([PROBE, "frames", "60"])

    def bare_pieces(self, game: str) -> dict:
        return _json([os.path.join(ANCHORS, "bare_pieces.py"), game, "60"])

    def table_frames(self, game: str) -> dict:
        return _json([PROBE, "frames", "60", game])

    def hud(self) -> dict:
        return _json([PROBE, "hud", "60"], self.app_env)

    def mcts(self, game: str) -> float:
        return _json([PROBE, "mcts", game])["per_cpu_s"]


def card_tables(games: list) -> list:
    """The games of ``games`` whose tables are drawn by the card-and-token piece renderer."""
    from game.tables import CATALOG
    out = []
    for g in games:
        kit = getattr(CATALOG.table(g).bench_scene(0), "draw_kit", None)
        if getattr(kit, "renderer_factory", None) is not None:
            out.append(g)
    return out


def _schedule(probes: Probes, parts: tuple, games: list) -> list:
    """Groups of (name, call): in each group the anchor and the figures compared with it."""
    groups = []
    if "rules" in parts:
        groups.append([("chess", probes.chess)] + [(f"rules:{g}", (lambda g=g: probes.rules(g))) for g in games])
    if "start" in parts:
        groups.append([("bare_window", probes.bare_window), ("app_window", probes.app_window)])
    if "screenshot" in parts:
        groups.append([("bare_screenshot", probes.bare_screenshot), ("app_screenshot", probes.app_screenshot)])
    if "frames" in parts:
        groups.append([("bare_scene", probes.bare_scene), ("frames", probes.frames)])
        for g in card_tables(games):
            groups.append([(f"bare_pieces:{g}", (lambda g=g: probes.bare_pieces(g))),
                           (f"frames:{g}", (lambda g=g: probes.table_frames(g)))])
    if "hud" in parts:
        groups.append([("hud", probes.hud)])
    if "search" in parts:
        groups.append([(f"mcts:{g}", (lambda g=g: probes.mcts(g))) for g in games])
    return groups


def _median(values: list):
    if isinstance(values[0], dict):
        return {k: statistics.median(v[k] for v in values) for k in values[0]
                if isinstance(values[0][k], (int, float))}
    return statistics.median(values)


#: (label, numerator, denominator, key, target or None, "max"/"min"); a key ``"a/b"`` takes the
#: numerator's figure ``a`` and the denominator's ``b``.
RATIOS = (
    ("start/first-frame cpu", "app_window", "bare_window", "first_cpu_s", 1.5, "max"),
    ("start/first-frame wall", "app_window", "bare_window", "first_wall_s", None, "max"),
    ("start/memory (60 frames)", "app_window", "bare_window", "peak_rss_mib", 2.0, "max"),
    ("screenshot cpu", "app_screenshot", "bare_screenshot", "cpu_s", 1.5, "max"),
    ("screenshot wall", "app_screenshot", "bare_screenshot", "wall_s", None, "max"),
    ("frames/redraw cpu", "frames", "bare_scene", "redraw_cpu_ms", 1.2, "max"),
    ("frames/redraw full size cpu", "frames", "bare_scene", "redraw_full_cpu_ms/redraw_cpu_ms", None, "max"),
    ("frames/still cpu", "frames", "bare_scene", "still_cpu_ms", 1.3, "max"),
)


def compare(rounds: int = 5, parts: tuple = PARTS, games: list | None = None, log=None,
            budget: float = 1.0) -> dict:
    """Run the schedule ``rounds`` times; return ``{"medians", "ratios", "load_before",
    "load_after", "notes", ...}``.  ``budget``: CPU seconds of each rules run."""
    from game.core.registry import game_names
    games = list(games or game_names())
    load_before = os.getloadavg()
    runs: dict = {}
    notes: list = []
    need_display = any(p in parts for p in ("start", "hud"))
    with tempfile.TemporaryDirectory() as tmp:
        _compile_all()
        ctx = _display() if need_display else _nullcontext()
        with ctx as display:
            probes = Probes(display, tmp, budget)
            groups = _schedule(probes, parts, games)
            for r in range(max(1, rounds)):
                for group in groups:
                    for name, call in (group if r % 2 == 0 else list(reversed(group))):
                        try:
                            runs.setdefault(name, []).append(call())
                        except (ProbeError, OSError, ValueError) as exc:
                            notes.append(f"{name}: {exc}")
                        if log:
                            log(f"round {r + 1}: {name}")
    medians = {name: _median(values) for name, values in runs.items() if values}
    ratios = []
    for g in games:
        if f"rules:{g}" in medians and "chess" in medians:
            ratios.append((f"rules/{g} vs python-chess", medians[f"rules:{g}"] / medians["chess"], 2.0, "min"))
    for label, num, den, key, target, sense in RATIOS:
        num_key, _, den_key = key.partition("/")
        den_key = den_key or num_key

        def ratio(shown, a, b):
            if a in medians and b in medians and num_key in medians[a] and den_key in medians[b]:
                ratios.append((shown, medians[a][num_key] / medians[b][den_key], target, sense))
        ratio(label, num, den)
        if num == "frames":  # the card tables' rows beside the board's
            for g in games:
                ratio(f"{label} {g}", f"frames:{g}", f"bare_pieces:{g}")
    return {"medians": medians, "ratios": ratios, "rounds": rounds, "notes": sorted(set(notes)),
            "load_before": load_before, "load_after": os.getloadavg(), "cpus": os.cpu_count()}


class _nullcontext:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def _display():
    from game.render.bench import display
    return display()


def format_report(report: dict) -> str:
    lines = [f"{report['rounds']} rounds, alternating fresh processes, CPU-time medians; "
             f"{report['cpus']} CPUs, load average {_load(report['load_before'])} before, "
             f"{_load(report['load_after'])} after", "", "ratios (project / bare anchor):"]
    for label, value, target, sense in report["ratios"]:
        if target is None:
            verdict = ""
        else:
            ok = value >= target if sense == "min" else value <= target
            verdict = f"target {'>=' if sense == 'min' else '<='} {target:g}  {'ok' if ok else 'NOT MET'}"
        lines.append(f"  {label:40} {value:7.2f}x  {verdict}")
    lines += ["", "medians:"]
    for name, value in report["medians"].items():
        if isinstance(value, dict):
            shown = ", ".join(f"{k} {_num(v)}" for k, v in value.items())
        else:
            shown = _num(value)
        lines.append(f"  {name:28} {shown}")
    for note in report["notes"]:
        lines.append(f"note: {note}")
    return "\n".join(lines)


def _num(v) -> str:
    return f"{v:.1f}" if abs(v) >= 100 else f"{v:.3g}"


def _load(load) -> str:
    return " ".join(f"{v:.2f}" for v in load)
