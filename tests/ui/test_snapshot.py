"""``render_screenshot`` (issue 10, part 8): the whole game screen to a PNG of the asked size,
with no visible window -- here with no display at all (pyglet's headless EGL window) -- for a
loaded record, in English and in Japanese."""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCRIPT = r"""
import json, sys
from game.core.gamerecord import GameRecord, load_record, save_record
from game.core.registry import get_game
from game.i18n import language
from game.ui.snapshot import render_screenshot
from game.tables import CATALOG
out_dir = sys.argv[1]
spec = get_game("trench-war")
state = spec.new_game(2, 5, spec.make_ruleset([], []))
actions = []
for _ in range(14):  # setup: chance, arming, boats, bases, the first placements
    act = state.sample_chance() if state.current_player() == "chance" else state.legal_actions()[0]
    state.apply(act)
    actions.append(str(act))
path = out_dir + "/game.twr"
save_record(path, GameRecord("trench-war", 2, 5, seats=("human", "easy"), actions=tuple(actions)))
before = open(path, "rb").read()
loaded = load_record(path)
result = {"paths": [render_screenshot(out_dir + "/en.png", size=(480, 300), record=loaded, lang="en", tables=CATALOG),
                    render_screenshot(out_dir + "/ja.png", size=(480, 300), record=loaded[0], lang="ja", tables=CATALOG),
                    render_screenshot(out_dir + "/demo.png", size=(320, 200), tables=CATALOG)],
          "lang_after": language(), "record_untouched": open(path, "rb").read() == before}
from game.ui.snapshot import _SHOT
shot = _SHOT["screen"]
result["targets"] = {"still_samples": shot.target.samples, "still_drawn": shot.target.size is not None,
                     "moving_drawn": shot.frames_out.moving.size is not None}
print(json.dumps(result))
"""


def _png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def _pixels(path):
    import zlib
    data = open(path, "rb").read()
    pos, idat = 8, b""
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + n]
        pos += 12 + n
    return zlib.decompress(idat)


def test_render_screenshot_writes_the_asked_size_in_both_languages_without_a_display(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    r = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=120)
    if r.returncode != 0 and ("OpenGL" in r.stderr or "EGL" in r.stderr or "headless" in r.stderr.lower()):
        pytest.skip(f"no headless OpenGL 3.3: {r.stderr.strip()[-300:]}")
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["paths"] == [str(tmp_path / "en.png"), str(tmp_path / "ja.png"), str(tmp_path / "demo.png")]
    assert _png_size(tmp_path / "en.png") == (480, 300)
    assert _png_size(tmp_path / "ja.png") == (480, 300)
    assert _png_size(tmp_path / "demo.png") == (320, 200)
    # the same position, other words: the HUD differs, and neither picture is blank
    en, ja = _pixels(tmp_path / "en.png"), _pixels(tmp_path / "ja.png")
    assert en != ja
    assert len(set(en)) > 100 and len(set(ja)) > 100  # table and text, not one flat colour
    assert out["lang_after"] == "en"  # the language is given back
    assert out["record_untouched"] is True
    # a picture at rest: full size and multisampled, never the smaller frame of a moving camera
    assert out["targets"] == {"still_samples": 4, "still_drawn": True, "moving_drawn": False}


def test_render_screenshot_refuses_a_bad_size():
    from game.tables import CATALOG
    from game.ui.snapshot import render_screenshot
    with pytest.raises(ValueError, match="size"):
        render_screenshot("never.png", size=(0, 100), tables=CATALOG)
    assert not os.path.exists("never.png")


FIRST_FRAME_SCRIPT = r"""
import json, sys
from game.tables import CATALOG
from game.ui import snapshot
snapshot._use_headless_without_display()
from game.ui.screen import GameScreen, make_game_window
same = {}
for game in ("trench-war", "immortal-arena", "two-mists", "smoke-blood-steel"):
    ctl = snapshot.controller_for(None, game)
    screen = snapshot._screen(320, 200, ctl, make_game_window, GameScreen, CATALOG)
    first = bytes(snapshot._draw(screen, 320, 200))
    again = bytes(snapshot._draw(screen, 320, 200))
    same[game] = [first == again, len(set(first)) > 50]
print(json.dumps(same))
"""


def test_a_screenshot_is_one_frame_because_the_first_frame_is_the_whole_picture():
    """``render_screenshot`` draws one frame: the still layer, the HUD and the log are all built
    and shown by the first frame after the controller is set, so a second frame changes no pixel
    (in every game's demo position)."""
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    r = subprocess.run([sys.executable, "-c", FIRST_FRAME_SCRIPT], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=300)
    if r.returncode != 0 and ("OpenGL" in r.stderr or "EGL" in r.stderr or "headless" in r.stderr.lower()):
        pytest.skip(f"no headless OpenGL 3.3: {r.stderr.strip()[-300:]}")
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out == {g: [True, True] for g in ("trench-war", "immortal-arena", "two-mists", "smoke-blood-steel")}


SEQUENCE_SCRIPT = r"""
import json, sys
from game.tables import CATALOG
from game.ui import snapshot
snapshot._use_headless_without_display()
from game.ui.screen import GameScreen, make_game_window
games, single = sys.argv[1].split(","), sys.argv[2] == "single"
for game in games:
    ctl = snapshot.controller_for(None, game)
    screen = snapshot._screen(480, 300, ctl, make_game_window, GameScreen, CATALOG)
    screen.single_frames = single
    shot = snapshot._draw(screen, 480, 300)
print(json.dumps(list(shot.shape)))
sys.stdout.flush()
sys.stdout.buffer.write(b"\n" + shot.tobytes())
"""


def _last_shot(games, mode):
    import numpy as np
    env = {k: v for k, v in os.environ.items() if k != "DISPLAY"}
    r = subprocess.run([sys.executable, "-c", SEQUENCE_SCRIPT, ",".join(games), mode], cwd=ROOT, env=env,
                       capture_output=True, timeout=300)
    err = r.stderr.decode(errors="replace")
    if r.returncode != 0 and ("OpenGL" in err or "EGL" in err or "headless" in err.lower()):
        pytest.skip(f"no headless OpenGL 3.3: {err.strip()[-300:]}")
    assert r.returncode == 0, err[-2000:]
    head, _, data = r.stdout.partition(b"\n\n")
    shape = json.loads(head.decode().strip().splitlines()[-1])
    return np.frombuffer(data, np.uint8).reshape(shape).astype(int)


@pytest.mark.parametrize("mode", ["kept", "single"])
def test_a_new_game_in_the_same_screen_never_shows_the_last_games_table(mode):
    """A screen that takes another game (``set_controller``: the app's New game, a second
    screenshot) draws that game's table from its first frame, never the picture the renderer kept
    of the last game: its scene key starts afresh and must not repeat a number the renderer saw
    (two card tables share one renderer).  Only the faces' places in the shared texture atlas may
    differ (a few mipmap texels)."""
    after_arena = _last_shot(["immortal-arena", "smoke-blood-steel"], mode)
    alone = _last_shot(["smoke-blood-steel"], mode)
    off = abs(after_arena - alone).max(axis=-1)
    assert (off > 48).sum() < off.size // 1000, f"{(off > 48).sum()} pixels of the last game's table"
