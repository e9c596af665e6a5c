"""Immortal Arena played whole in the real window by synthesised input only
(tools/ui_autoplay.py --game immortal-arena): both rulesets and a bot seat; replaying the
recorded actions with tools/scenario.py gives the same final position."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.ui.conftest import ROOT


def replay_arena(out_dir) -> str:
    with open(os.path.join(out_dir, "actions.txt")) as f:
        actions = f.read()
    r = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "scenario.py"), "--game", "immortal-arena",
                        os.path.join(out_dir, "start.pos"), "--do", actions],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def body(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if line and not line.startswith("#"))


@pytest.mark.parametrize("seed, extra", [(11, ()), (5, ("--set", "ruleset=dice"))], ids=["provisions", "dice"])
def test_whole_game_by_synthesised_input_replays_to_the_same_position(autoplay, tmp_path, seed, extra):
    out = tmp_path / "run"
    rc, summary, err = autoplay("--game", "immortal-arena", "--seats", "human,human", "--seed", str(seed),
                                "--out", str(out), *extra, timeout=600)
    assert rc == 0, (summary, err[-800:])
    assert summary["over"] and summary["error"] is None
    assert summary["curtains"] == 0  # perfect information: hot-seat passes without a curtain
    assert summary["routes"]["mouse"] and summary["routes"]["keys"]
    pngs = [n for n in os.listdir(out) if n.endswith(".png")]
    assert pngs
    final = (out / "final.pos").read_text()
    assert body(replay_arena(out)) == body(final)
    if extra:
        assert "ruleset: dice" in final


def test_a_bot_seat_plays_its_turns(autoplay, tmp_path):
    out = tmp_path / "bot"
    rc, summary, err = autoplay("--game", "immortal-arena", "--seats", "human,easy", "--seed", "6",
                                "--out", str(out), timeout=600)
    assert rc == 0, (summary, err[-800:])
    assert summary["over"]
    assert summary["steps"] > summary["decisions"]  # the bot's acts and chance are steps too
    assert body(replay_arena(out)) == body((out / "final.pos").read_text())
