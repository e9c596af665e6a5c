"""``tools/bench.py --compare``: every ratio of issue 25 against its bare anchor, measured in fresh
processes.  The figures themselves are never asserted (they depend on the machine); that each
ratio is there, has its target, and comes from both sides is."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bench_compare  # noqa: E402


def _bench(*args, env=None, timeout=300):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bench.py"), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, env=env)


def test_compare_rules_gives_every_game_its_ratio_to_python_chess():
    pytest.importorskip("chess", reason="python-chess is the [bench] extra (pip install -e .[bench])")
    out = _bench("--compare", "--rounds", "1", "--parts", "rules", "--cpu-seconds", "0.05", "--json")
    assert out.returncode == 0, out.stderr[-2000:]
    report = json.loads(out.stdout)
    from game.core.registry import game_names
    labels = {label: (value, target, sense) for label, value, target, sense in report["ratios"]}
    for game in game_names():
        value, target, sense = labels[f"rules/{game} vs python-chess"]
        assert value > 0 and (target, sense) == (2.0, "min")
        assert report["medians"][f"rules:{game}"] > 0
    assert report["medians"]["chess"] > 0
    assert len(report["load_before"]) == 3 and report["rounds"] == 1


def test_compare_text_report_names_targets_and_the_load():
    report = {"rounds": 3, "cpus": 2, "load_before": (1.0, 2.0, 3.0), "load_after": (4.0, 5.0, 6.0),
              "ratios": [("rules/x vs python-chess", 2.5, 2.0, "min"), ("frames/still cpu", 1.4, 1.3, "max"),
                         ("screenshot wall", 1.1, None, "max")],
              "medians": {"chess": 30000.0, "frames": {"still_cpu_ms": 1.5}}, "notes": ["hud: no display"]}
    text = bench_compare.format_report(report)
    assert "load average 1.00 2.00 3.00 before, 4.00 5.00 6.00 after" in text
    assert "rules/x vs python-chess" in text and "2.50x  target >= 2  ok" in text
    assert "1.40x  target <= 1.3  NOT MET" in text
    assert "screenshot wall" in text and "note: hud: no display" in text


def test_compare_refuses_an_unknown_part():
    out = _bench("--compare", "--parts", "rules,speed")
    assert out.returncode != 0 and "unknown part 'speed'" in out.stderr


def test_every_issue_ratio_has_a_row():
    labels = [r[0] for r in bench_compare.RATIOS]
    for label in ("start/first-frame cpu", "start/memory (60 frames)", "screenshot cpu",
                  "frames/redraw cpu", "frames/still cpu"):
        assert label in labels
    targets = {r[0]: r[4] for r in bench_compare.RATIOS}
    assert targets["start/first-frame cpu"] == 1.5 and targets["start/memory (60 frames)"] == 2.0
    assert targets["screenshot cpu"] == 1.5 and targets["frames/redraw cpu"] == 1.2
    assert targets["frames/still cpu"] == 1.3


def test_frames_probe_and_bare_scene_report_cpu_per_frame():
    figures = {}
    for name, argv in (("frames", [os.path.join(ROOT, "tools", "bench_probe.py"), "frames", "2"]),
                       ("bare", [os.path.join(ROOT, "tools", "anchors", "bare_scene.py"), "2"])):
        r = subprocess.run([sys.executable, *argv], cwd=ROOT, capture_output=True, text=True, timeout=300)
        if r.returncode != 0 and ("OpenGL" in r.stderr or "EGL" in r.stderr or "context" in r.stderr):
            pytest.skip(f"no offscreen OpenGL context: {r.stderr.strip()[-200:]}")
        assert r.returncode == 0, r.stderr[-1500:]
        figures[name] = json.loads(r.stdout.strip().splitlines()[-1])
    for name in figures:
        assert figures[name]["redraw_cpu_ms"] > 0 and figures[name]["still_cpu_ms"] > 0
    assert figures["frames"]["redraw_full_cpu_ms"] > 0 and figures["frames"]["moving_scale"] == 0.7
    assert figures["bare"]["instances"]["cube"] > 0 and figures["bare"]["instances"]["meeple"] > 0


def test_bench_renders_every_playable_table_through_one_path(monkeypatch):
    """``tools/bench.py --game G`` measures every playable table's frames (it once named a
    function that no longer existed for Immortal Arena)."""
    import bench
    from game.tables import CATALOG
    seen = []
    monkeypatch.setattr(bench, "_render_figures", lambda report, notes, name: seen.append(name))
    monkeypatch.setattr(bench, "_actions_per_s", lambda game: 1.0)
    monkeypatch.setattr(bench, "_games_per_s", lambda game, n: 1.0)
    monkeypatch.setattr(bench, "_clones_per_s", lambda game: 1.0)
    for name in CATALOG.playable():
        assert bench.main(["--game", name, "--no-search", "--repeats", "1", "--json"]) == 0
    assert seen == list(CATALOG.playable())


def test_card_tables_get_their_own_frame_rows_against_the_bare_pieces_anchor():
    from game.core.registry import game_names
    assert bench_compare.card_tables(list(game_names())) == ["immortal-arena", "two-mists", "smoke-blood-steel"]

    class Probes:
        def __getattr__(self, name):
            return lambda *a: None
    names = [name for group in bench_compare._schedule(Probes(), ("frames",), list(game_names())) for name, _ in group]
    assert names == ["bare_scene", "frames", "bare_pieces:immortal-arena", "frames:immortal-arena",
                     "bare_pieces:two-mists", "frames:two-mists", "bare_pieces:smoke-blood-steel",
                     "frames:smoke-blood-steel"]


def test_compare_gives_each_card_table_its_frame_ratios(monkeypatch):
    figures = {"bare_scene": {"redraw_cpu_ms": 10.0, "still_cpu_ms": 2.0},
               "frames": {"redraw_cpu_ms": 8.0, "redraw_full_cpu_ms": 12.0, "still_cpu_ms": 2.0},
               "bare_pieces:two-mists": {"redraw_cpu_ms": 50.0, "still_cpu_ms": 2.0},
               "frames:two-mists": {"redraw_cpu_ms": 65.0, "redraw_full_cpu_ms": 90.0, "still_cpu_ms": 1.0}}

    def schedule(probes, parts, games):
        return [[(name, (lambda v=value: v))] for name, value in figures.items()]
    monkeypatch.setattr(bench_compare, "_schedule", schedule)
    monkeypatch.setattr(bench_compare, "_compile_all", lambda: None)
    report = bench_compare.compare(rounds=1, parts=("frames",), games=["trench-war", "two-mists"])
    ratios = {label: (round(value, 3), target) for label, value, target, _ in report["ratios"]}
    # the full-size redraw is shown against the same anchor's (full-size) redraw, with no target
    assert ratios == {"frames/redraw cpu": (0.8, 1.2), "frames/redraw cpu two-mists": (1.3, 1.2),
                      "frames/redraw full size cpu": (1.2, None), "frames/redraw full size cpu two-mists": (1.8, None),
                      "frames/still cpu": (1.0, 1.3), "frames/still cpu two-mists": (0.5, 1.3)}
    text = bench_compare.format_report(report)
    assert "frames/redraw cpu two-mists                 1.30x  target <= 1.2  NOT MET" in text


def test_bare_pieces_anchor_draws_the_tables_pieces():
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "anchors", "bare_pieces.py"), "two-mists", "2"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    if r.returncode != 0 and ("OpenGL" in r.stderr or "EGL" in r.stderr or "context" in r.stderr):
        pytest.skip(f"no offscreen OpenGL context: {r.stderr.strip()[-200:]}")
    assert r.returncode == 0, r.stderr[-1500:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["redraw_cpu_ms"] > 0 and out["still_cpu_ms"] > 0
    from game.render.pieces import instances
    from game.render.pieces.atlas import Atlas
    from game.tables import CATALOG
    built = instances.build(CATALOG.table("two-mists").bench_scene(0), Atlas(2048))
    assert out["instances"] == {k: len(v) for k, v in built.rows.items() if len(v)}


def test_window_probe_imports_no_pyglet_before_the_program(tmp_path):
    """The window driver counts frames from the program's own import of ``pyglet.window``, so a
    program may set pyglet's options first (the app turns the shadow window off)."""
    program = tmp_path / "prog.py"
    program.write_text(
        "import sys, json\n"
        "json.dump(sorted(m for m in sys.modules if m.startswith('pyglet')), open(sys.argv[1], 'w'))\n"
        "import pyglet\n"
        "pyglet.options['shadow_window'] = False  # no display needed: no window is opened\n"
        "import pyglet.window\n"
        "class Drawn:  # what BaseWindow.draw calls, without a window\n"
        "    def switch_to(self): pass\n"
        "    def dispatch_event(self, *a): pass\n"
        "    def flip(self): pass\n"
        "pyglet.window.BaseWindow.draw(Drawn(), 0.0)\n"
        "raise SystemExit('the driver did not count the frame')\n")
    seen, out = tmp_path / "seen.json", tmp_path / "first.json"
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "bench_probe.py"), "window", "1", str(out),
                        str(program), str(seen)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-1500:]
    assert json.loads(seen.read_text()) == []
    first = json.loads(out.read_text())
    assert first["cpu_s"] > 0 and first["monotonic"] > 0
