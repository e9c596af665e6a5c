"""Seeds on the command line (issue 24, point 3): every tool's --seed refuses a seed out of range or
not in ASCII digits, and a run of games whose last seed would pass 2**64-1."""

import os
import subprocess
import sys

import pytest

from game.core.rng import SEED_MAX

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _run(tool, *args):
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", f"{tool}.py"), *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("tool", ["simulate", "scenario", "leaks", "fuzz"])
@pytest.mark.parametrize("text", ["-1", "18446744073709551616", "1.5", "１"], ids=["minus", "2p64", "float", "fullwidth"])
def test_the_tools_seed_option_refuses_bad_seeds(tool, text):
    done = _run(tool, "--seed", text)
    assert done.returncode == 2
    assert "argument --seed: " in done.stderr and "seed" in done.stderr.splitlines()[-1]


def test_a_run_of_games_whose_last_seed_would_wrap_is_refused():
    done = _run("simulate", "--games", "3", "--seed", str(SEED_MAX - 1))
    assert done.returncode == 2
    assert done.stderr.strip() == (f"error: seeds {SEED_MAX - 1}..{SEED_MAX + 1} pass 2**64-1: start at "
                                   f"{SEED_MAX - 2} or below")
