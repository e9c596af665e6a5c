"""TW-11 (issue 24, point 1): the action history a tool prints for a viewer is redacted like the
view: the hidden-teams split reads ``chance teams ?`` to every seat and the spectator."""

import json
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.mark.parametrize("viewer", ["S", "N", "-"])
def test_TW_11_scenario_view_json_lists_the_teams_split_redacted(viewer):
    env = dict(os.environ, PYTHONPATH=ROOT)
    done = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "scenario.py"), "--new", "--players", "4",
                           "--variant", "hidden-teams", "--random", "3", "--view", viewer, "--json"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["actions"][0] == "chance teams ?"
    assert not any(a.startswith("chance teams") and a != "chance teams ?" for a in out["actions"])
