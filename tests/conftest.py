"""Fixtures shared by every suite."""

from __future__ import annotations

import os
import shutil
import subprocess
import time

import pytest

#: Every window a test opens, in this process or in a subprocess it starts, runs on a fixed frame
#: clock (``game.ui.screen.run_screen``): 60 frames a second of game time whatever the machine's load,
#: and a frame waits for a thinking bot.  No test depends on the wall clock or the machine's speed.
os.environ.setdefault("TRENCH_WAR_FRAME_DT", repr(1 / 60))


@pytest.fixture(scope="session")
def display():
    """A DISPLAY to open real windows on: the current one, or an Xvfb started for the session."""
    if os.environ.get("DISPLAY"):
        yield os.environ["DISPLAY"]
        return
    if shutil.which("Xvfb") is None:
        pytest.skip("no DISPLAY and no Xvfb to start one (apt-get install xvfb)")
    num = 90 + os.getpid() % 100
    proc = subprocess.Popen(["Xvfb", f":{num}", "-screen", "0", "1024x768x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(50):
        if os.path.exists(f"/tmp/.X11-unix/X{num}"):
            break
        if proc.poll() is not None:
            pytest.skip("Xvfb did not start")
        time.sleep(0.1)
    try:
        yield f":{num}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(autouse=True)
def english_unless_asked():
    """Every test starts in English (whatever the machine's locale); a test may switch language."""
    from game.i18n import set_language
    set_language("en")
    yield
    set_language("en")
