"""An unfinished game is never lost silently (issue 22, point 3): an autosave per match, for every
game on the table.  Continue resumes the newest unfinished match, Load lists every one with its
game, date, seats and progress, a match loaded from its autosave goes on in the same file, and the
oldest are pruned only beyond the number the settings name, finished ones first, saying so."""

from __future__ import annotations

import os
from types import SimpleNamespace

import pytest

from game.core.gamerecord import read_record
from game.core.registry import get_game
from game.core.rng import Rng
from game.settings import CHOICES, Settings
from game.ui import saves
from tests.ui.test_saves import decide, mid_game


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    folder = tmp_path / "data"
    monkeypatch.setenv("TRENCH_WAR_DATA_DIR", str(folder))
    monkeypatch.setenv("TRENCH_WAR_CONFIG_DIR", str(tmp_path / "config"))
    return folder


def play(screen, saver, rng, steps=1):
    for _ in range(steps):
        decide(screen.ctl, rng)
        for callback in screen.on_step:
            callback(screen.ctl.steps[-1])
    assert saver.flush(10)


def test_a_new_game_keeps_the_unfinished_one_and_says_so():
    notices = []
    first = mid_game("trench-war", 2, seats=("human", "easy"), seed=5)
    screen = SimpleNamespace(ctl=first, on_step=[])
    saver = saves.attach_autosave(screen, keep=10)
    saver.on_notice = notices.append
    rng = Rng(1)
    play(screen, saver, rng)
    first_file = first.autosave_file
    assert notices == []  # nothing else was unfinished
    screen.ctl = second = mid_game("trench-war", 2, seats=("human", "random"), seed=9)
    play(screen, saver, rng)
    assert second.autosave_file != first_file
    assert notices == ["This game is autosaved on its own: your other unfinished games (1) stay in Load."]
    assert read_record(first_file) == saves.record_of(first)  # untouched by the new game
    assert read_record(second.autosave_file) == saves.record_of(second)
    listed = [i for i in saves.list_saves() if i.auto]
    assert [i.path for i in listed] == [second.autosave_file, first_file]  # newest first
    assert [i.seats for i in listed] == [("human", "random"), ("human", "easy")]
    assert saves.latest_autosave() == second.autosave_file  # what Continue resumes


def test_continue_resumes_the_newest_unfinished_match_and_it_goes_on_in_its_file():
    screen = SimpleNamespace(ctl=mid_game("trench-war", 2, seats=("human", "random"), seed=3), on_step=[])
    saver = saves.attach_autosave(screen)
    rng = Rng(2)
    play(screen, saver, rng)
    older = screen.ctl.autosave_file
    screen.ctl = mid_game("trench-war", 2, seats=("human", "random"), seed=4)
    play(screen, saver, rng)
    while not screen.ctl.is_over():
        play(screen, saver, rng)
    assert saves.latest_autosave() == older  # the finished match is not continued
    resumed = saves.load_controller(saves.latest_autosave())
    assert resumed.autosave_file == older
    files = saves.autosave_files()
    screen.ctl = resumed
    play(screen, saver, rng)
    assert set(saves.autosave_files()) == set(files) and len(files) == 2  # no third file: it went on in its own
    assert read_record(older) == saves.record_of(resumed)


def test_every_game_on_the_table_has_an_autosave_per_match():
    screen = SimpleNamespace(ctl=mid_game("two-mists", 4, seed=2), on_step=[])
    saver = saves.attach_autosave(screen)
    rng = Rng(3)
    play(screen, saver, rng)
    screen.ctl = mid_game("smoke-blood-steel", 2, seed=2)
    play(screen, saver, rng)
    games = [i.game for i in saves.list_saves() if i.auto]
    assert games == ["smoke-blood-steel", "two-mists"]


def test_old_autosaves_are_pruned_only_beyond_the_number_the_settings_name_finished_first():
    assert "autosaves_kept" in CHOICES and Settings().autosaves_kept == 10
    notices = []
    rng = Rng(4)
    screen = SimpleNamespace(ctl=mid_game("trench-war", 2, seats=("human", "random"), seed=1), on_step=[])
    saver = saves.attach_autosave(screen, keep=3)
    saver.on_notice = notices.append
    play(screen, saver, rng)
    while not screen.ctl.is_over():  # the oldest match is finished
        play(screen, saver, rng)
    finished = screen.ctl.autosave_file
    made = [finished]
    for seed in (2, 3):
        screen.ctl = mid_game("trench-war", 2, seats=("human", "random"), seed=seed)
        play(screen, saver, rng)
        made.append(screen.ctl.autosave_file)
    assert sorted(saves.autosave_files()) == sorted(made) and not any("removed" in n for n in notices)
    screen.ctl = mid_game("trench-war", 2, seats=("human", "random"), seed=4)
    play(screen, saver, rng)  # a fourth match with 3 kept: the finished one goes, not an unfinished one
    made.append(screen.ctl.autosave_file)
    assert sorted(saves.autosave_files()) == sorted(made[1:])
    assert notices[-1] == "Autosaved. The oldest 1 autosaves were removed: the last 3 games are kept (Settings)."
    screen.ctl = mid_game("trench-war", 2, seats=("human", "random"), seed=5)
    play(screen, saver, rng)  # a fifth: now the oldest unfinished one goes
    assert made[1] not in saves.autosave_files() and len(saves.autosave_files()) == 3


def test_load_lists_progress_in_the_games_own_terms():
    from game.tables.trench.ui import TrenchUI
    from game.i18n import set_language
    set_language("en")
    screen = SimpleNamespace(ctl=mid_game("trench-war", 2, seats=("human", "random"), seed=6), on_step=[])
    saver = saves.attach_autosave(screen)
    play(screen, saver, Rng(5))
    spec = get_game("trench-war")
    table = TrenchUI()

    def progress(record):
        return table.progress_words(spec.view(spec.parse_position(record.position), None))
    info = [i for i in saves.list_saves(progress=progress) if i.auto][0]
    v = spec.view(screen.ctl.state, None)
    expected = (f"Round {v.round}" if v.round else "Setup")
    assert info.progress.startswith(expected) and " · " in info.progress
    assert info.value_text == f"{info.progress} · {info.when_text}"


def test_an_older_versions_single_autosave_is_still_listed_and_continued():
    ctl = mid_game("trench-war", 2, seats=("human", "easy"), seed=7)
    legacy = saves.legacy_autosave_path()
    os.makedirs(os.path.dirname(legacy), exist_ok=True)
    saves.save_game(ctl, legacy)
    assert saves.latest_autosave() == legacy and saves.has_autosave()
    assert saves.load_controller(legacy).autosave_file == legacy


REFUSE = r"""
import json, sys
import pyglet
pyglet.options["headless"] = True  # the menus import pyglet's window module: no display needed
from game.core.registry import get_game
from game.settings import Settings
from game.tables import CATALOG
from game.tables.trench.ui import TrenchUI
from game.ui.menu_shell import Shell


class Screen:
    def __init__(self):
        self.modals, self.tables, self.ui, self.on_step = [], CATALOG, TrenchUI(), []

    def push_modal(self, m):
        self.modals.append(m)
        return m

    def pop_modal(self, m=None):
        return self.modals.pop() if self.modals else None


screen = Screen()
shell = Shell(screen, get_game("trench-war"), Settings())
results = [shell.load(sys.argv[1]), shell.replay(sys.argv[1])]
print(json.dumps({"results": results, "said": [" ".join(m.body) for m in screen.modals]}))
"""


def test_a_save_of_a_game_without_a_table_is_refused_in_words_not_a_crash():
    """Load and Replays of a game whose table is not registered yet: a message naming the game."""
    import json
    import subprocess
    import sys
    path = saves.save_game(mid_game("smoke-blood-steel", 2, seed=3))
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    r = subprocess.run([sys.executable, "-c", REFUSE, path], cwd=root, capture_output=True, text=True,
                       timeout=120, env=dict(os.environ))
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["results"] == [False, False]
    assert len(out["said"]) == 2
    assert all("Smoke Blood Steel cannot be played in the window yet" in t for t in out["said"]), out
