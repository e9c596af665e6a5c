"""Whole games of Two Mists and Smoke Blood Steel played in the real window by synthesised input only
(the shell's ``tools/ui_autoplay.py --game``): every human decision by clicks and
keys, every curtain passed; replaying ``actions.txt`` gives ``final.pos``.  Skips, saying why,
without a display or GL 3.3."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def autoplay(display, out, game, seats, seed, *variants):
    extra = [x for v in variants for x in ("--variant", v)]
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "ui_autoplay.py"), "--game", game, "--seats", seats,
                        "--seed", str(seed), "--out", str(out), *extra], cwd=ROOT, env=dict(os.environ, DISPLAY=display), capture_output=True, text=True,
                       timeout=900)
    if r.returncode != 0 and ("OpenGL" in r.stderr or "context" in r.stderr):
        pytest.skip(f"no window with OpenGL 3.3 under Xvfb: {r.stderr.strip()[-200:]}")
    summary = next((json.loads(x) for x in reversed(r.stdout.splitlines()) if x.startswith("{")), None)
    assert r.returncode == 0 and summary is not None, r.stderr[-3000:]
    return summary


def replayed(out, game) -> str:
    with open(os.path.join(out, "actions.txt")) as f:
        actions = f.read()
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "scenario.py"), "--game", game,
                        os.path.join(out, "start.pos"), "--do", actions], cwd=ROOT, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize("seats,seed", [("human,human,human", 3), ("human,random,human,easy", 4)])
def test_mists_whole_game_by_synthesised_input(display, tmp_path, seats, seed):
    s = autoplay(display, tmp_path, "two-mists", seats, seed)
    assert s["over"] and s["error"] is None
    assert s["routes"]["mouse"] > 0 and s["routes"]["keys"] > 0
    assert s["curtains"] >= s["decisions"] // 2
    assert replayed(tmp_path, "two-mists") == open(tmp_path / "final.pos").read()
    assert any(name.endswith(".png") for name in os.listdir(tmp_path))


def test_steel_whole_game_by_synthesised_input_with_a_bot_and_effect_at_play(display, tmp_path):
    s = autoplay(display, tmp_path, "smoke-blood-steel", "human,random", 5, "effect-at-play")
    assert s["over"] and s["error"] is None
    assert {"mech", "deploy", "play"} <= set(s["verbs"])
    assert replayed(tmp_path, "smoke-blood-steel") == open(tmp_path / "final.pos").read()
