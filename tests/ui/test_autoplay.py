"""Whole games played in the real window through synthesised mouse and key events only.

Every human decision is a random legal action performed by clicks and key presses
(``tools/ui_autoplay.py``); the recorded actions replayed by ``tools/scenario.py`` must
give the same final position.  Short rulesets (a round limit) keep the games quick;
ending at the round limit is a complete game (judgement, TW-9).
"""

from __future__ import annotations

import os

import pytest

SHORT = ["--set", "round_limit=3"]

CASES = [
    ("2p", ["--seats", "human,human", "--seed", "1", "--set", "round_limit=5"]),
    ("3p", ["--seats", "human,human,human", "--seed", "2"] + SHORT),
    ("4p", ["--seats", "human,human,human,human", "--seed", "3"] + SHORT),
    ("first-game", ["--seats", "human,human", "--seed", "4", "--variant", "first-game"] + SHORT),
    ("civilians", ["--seats", "human,human", "--seed", "5", "--variant", "civilians"] + SHORT),
    ("guerrillas", ["--seats", "human,human,human", "--seed", "6", "--variant", "guerrillas"] + SHORT),
    ("open-teams", ["--seats", "human,human,human,human", "--seed", "7", "--variant", "open-teams"] + SHORT),
    ("hidden-teams", ["--seats", "human,human,human,human", "--seed", "8", "--variant", "hidden-teams"] + SHORT),
]


@pytest.mark.parametrize("name,args", CASES, ids=[c[0] for c in CASES])
def test_whole_game_by_synthesised_input_replays_exactly(autoplay, replay, tmp_path, name, args):
    out = str(tmp_path / name)
    rc, summary, err = autoplay(*args, "--burst", "6", "--out", out)
    assert rc == 0, (summary, err[-2000:])
    assert summary["over"] and summary["error"] is None
    assert summary["decisions"] > 10
    assert summary["routes"]["mouse"] > 0 and summary["routes"]["keys"] > 0
    with open(os.path.join(out, "final.pos")) as f:
        final = f.read()
    assert replay(out) == final
    assert "result:" in final
    with open(os.path.join(out, "actions.txt")) as f:
        lines = f.read().splitlines()
    assert any(line.startswith("chance ") for line in lines)
    pngs = [p for p in os.listdir(out) if p.endswith(".png")]
    assert len(pngs) >= 4  # one per phase change: arm, place, base, ..., over


def test_human_against_the_demo_bot_plays_to_the_end(autoplay, tmp_path):
    rc, summary, err = autoplay("--seats", "human,bot", "--seed", "9", "--set", "round_limit=2",
                                "--burst", "6", "--out", str(tmp_path))
    assert rc == 0, (summary, err[-2000:])
    assert summary["over"]
