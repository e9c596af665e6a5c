"""Saves, loading and the autosave (issue 10, part 2), without a window.

Round trips mid-game for every variant of every game and every player count it seats; damaged,
foreign and newer files refused with a RecordError naming the problem and left byte-identical; the
autosave written after each step, atomically, and a failing disk reported once without stopping.
"""

from __future__ import annotations

import hashlib
import os
import time
from types import SimpleNamespace

import pytest

from game.core.gamerecord import GameRecord, RecordError, format_record, read_record
from game.core.protocol import CHANCE
from game.core.registry import game_names, get_game
from game.core.rng import Rng
from game.i18n import set_language
from game.ui import saves
from game.ui.controller import GameController, controller_from_record, new_controller
from game.ui.seats import parse_seats


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    """Every test writes into its own data folder, never the real one."""
    folder = tmp_path / "data"
    monkeypatch.setenv("TRENCH_WAR_DATA_DIR", str(folder))
    monkeypatch.setenv("TRENCH_WAR_CONFIG_DIR", str(tmp_path / "config"))
    return folder


def decide(ctl, rng) -> None:
    """One step as the screen would make it: chance, a person's random legal choice, or the bot's."""
    who = ctl.deciding()
    if who == CHANCE:
        ctl.apply_chance()
    elif ctl.is_human(who):
        legal = ctl.legal_for(who)
        ctl.submit(who, legal[rng.below(len(legal))])
    else:
        ctl.start_thinking()
        while not ctl.bot_ready():
            time.sleep(0.0005)
        ctl.finish_thinking()


def mid_game(game, players, variants=(), seats=None, seed=5):
    """A controller halfway through a game of random decisions (the length found by a first run)."""
    spec = get_game(game)
    words = seats or ("human",) * players

    def fresh():
        return new_controller(spec, parse_seats(",".join(words), spec.players), seed, (), variants)

    full, rng = fresh(), Rng(seed)
    while not full.is_over() and len(full.steps) < 400:
        decide(full, rng)
    ctl, rng = fresh(), Rng(seed)
    for _ in range(max(2, len(full.steps) // 2)):
        decide(ctl, rng)
    assert not ctl.is_over() and len(ctl.steps) >= 2
    return ctl


def cases():
    for game in game_names():
        spec = get_game(game)
        for variant in (None,) + tuple(spec.extras["variants"]):
            for players in spec.players:
                variants = () if variant is None else (variant,)
                try:
                    spec.new_game(players, 1, spec.make_ruleset([], list(variants)))
                except (ValueError, Exception):  # noqa: BLE001 - e.g. open-teams seats four only
                    continue
                yield pytest.param(game, players, variants, id=f"{game}-{variant or 'standard'}-{players}p")


def same_game(a: GameController, b: GameController) -> None:
    assert b.state == a.state
    if hasattr(a.state, "key"):
        assert b.state.key() == a.state.key()
    assert b.steps == a.steps  # index, seat, action and every event of every step
    for seat in (None,) + a.seats:
        assert b.events_for(seat) == a.events_for(seat)
    assert (b.seed, b.settings, b.variants, b.seat_words) == (a.seed, a.settings, a.variants, a.seat_words)


@pytest.mark.parametrize("game,players,variants", list(cases()))
def test_save_and_load_round_trip_mid_game(game, players, variants):
    ctl = mid_game(game, players, variants)
    path = saves.save_game(ctl)
    assert os.path.dirname(path) == saves.saves_dir()
    loaded = saves.load_controller(path)
    same_game(ctl, loaded)
    assert saves.record_of(loaded) == saves.record_of(ctl)


def test_round_trip_with_settings_and_bot_seats_recreates_the_bots():
    spec = get_game("trench-war")
    kinds = parse_seats("human,random,bot")
    ctl = new_controller(spec, kinds, 17, ("gun_range=4",), ("civilians",))
    rng = Rng(2)
    for _ in range(30):
        decide(ctl, rng)
    loaded = saves.load_controller(saves.save_game(ctl))
    same_game(ctl, loaded)
    assert loaded.settings == ("gun_range=4",) and loaded.variants == ("civilians",)
    assert [type(loaded.players.get(s)).__name__ for s in loaded.seats] == \
        [type(ctl.players.get(s)).__name__ for s in ctl.seats]
    assert loaded.humans == ctl.humans
    for _ in range(10):  # the loaded game plays on, bots included
        decide(loaded, rng)


def test_loading_replays_every_action_as_a_step_for_the_log():
    ctl = mid_game("trench-war", 2)
    loaded = controller_from_record(saves.record_of(ctl))
    assert len(loaded.steps) == len(ctl.steps)
    assert [st.seat for st in loaded.steps] == [st.seat for st in ctl.steps]
    assert loaded.steps[0].seat is None  # the first step is chance (who begins)
    assert loaded.start_text == ctl.start_text


def test_record_of_a_position_game_is_refused_naming_why():
    spec = get_game("trench-war")
    ctl = GameController(spec, spec.new_game(2, 1, spec.make_ruleset([], [])), parse_seats("human,bot"))
    with pytest.raises(RecordError, match="set up from a position"):
        saves.record_of(ctl)


def test_save_game_names_new_files_apart_and_writes_where_asked(tmp_path):
    ctl = mid_game("trench-war", 2)
    first, second = saves.save_game(ctl), saves.save_game(ctl)
    assert first != second and first.endswith(".twr") and second.endswith(".twr")
    own = saves.save_game(ctl, tmp_path / "mine.twr")
    assert own == str(tmp_path / "mine.twr") and read_record(own) == saves.record_of(ctl)


# --- damaged files ---------------------------------------------------------------------------------

def _good_text() -> str:
    return format_record(saves.record_of(mid_game("trench-war", 2)))


def _refused(path, content: bytes, problem: str) -> str:
    path.write_bytes(content)
    before = hashlib.sha256(content).hexdigest()
    stamp = os.stat(path).st_mtime_ns
    with pytest.raises(RecordError) as err:
        saves.load_controller(path)
    message = str(err.value)
    assert str(path) in message and problem in message
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before and os.stat(path).st_mtime_ns == stamp
    return message


def test_damaged_files_are_refused_naming_the_problem_and_left_untouched(tmp_path):
    text = _good_text()
    _refused(tmp_path / "cut.twr", text[: len(text) * 2 // 3].encode(), "cut short")
    _refused(tmp_path / "bin.twr", bytes(range(256)) * 4, "binary file")
    _refused(tmp_path / "newer.twr", text.replace("record: 1\n", "record: 2\n", 1).encode(),
             "record format 2 comes from a newer version")
    _refused(tmp_path / "foreign.twr", b"# Trench War position (see docs/notation.md)\nplayers: S N\n",
             "not a game record")
    _refused(tmp_path / "edited.twr", text.replace("seed: 5\n", "seed: 6\n", 1).encode(), "checksum does not match")
    _refused(tmp_path / "empty.twr", b"", "not a game record")


def test_a_record_whose_actions_do_not_replay_names_the_action(tmp_path):
    record = saves.record_of(mid_game("trench-war", 2))
    bad = GameRecord(record.game, record.players, record.seed, record.settings, record.variants, record.seats,
                     record.actions[:3] + ("S1 fly away",))
    _refused(tmp_path / "bad.twr", format_record(bad).encode(), "action 4 ('S1 fly away') cannot be replayed")


def test_a_stored_position_that_differs_from_the_actions_is_refused(tmp_path):
    record = saves.record_of(mid_game("trench-war", 2))
    other = GameRecord(record.game, record.players, record.seed, record.settings, record.variants,
                       record.seats, record.actions[:-1], record.position)
    _refused(tmp_path / "pos.twr", format_record(other).encode(), "stored position differs")


def test_a_record_with_an_unknown_seat_kind_or_game_is_refused(tmp_path):
    record = saves.record_of(mid_game("trench-war", 2))
    alien = GameRecord(record.game, record.players, record.seed, record.settings, record.variants,
                       ("human", "wizard"), record.actions)
    _refused(tmp_path / "seat.twr", format_record(alien).encode(), "unknown seat kind 'wizard'")
    chess = GameRecord("chess", 2, 1, seats=("human", "human"))
    _refused(tmp_path / "chess.twr", format_record(chess).encode(), "unknown game 'chess'")


def test_missing_file_is_a_record_error_naming_it(tmp_path):
    with pytest.raises(RecordError, match="cannot read .*nothing.twr"):
        saves.load_controller(tmp_path / "nothing.twr")


# --- the list of saves ---------------------------------------------------------------------------

def test_list_saves_newest_first_with_damaged_files_marked():
    ctl = mid_game("trench-war", 3, seats=("human", "random", "bot"))
    old = saves.save_game(ctl)
    os.utime(old, (1_000_000, 1_000_000))
    newer = saves.save_game(mid_game("two-mists", 4))
    broken = os.path.join(saves.saves_dir(), "broken.twr")
    with open(broken, "wb") as f:
        f.write(b"\x00\x01garbage")
    os.utime(broken, (500_000, 500_000))
    with open(os.path.join(saves.saves_dir(), "notes.txt"), "w") as f:
        f.write("not a save")
    infos = saves.list_saves()
    assert [i.path for i in infos] == [newer, old, broken]
    first, second, bad = infos
    assert (second.players, second.seats, second.actions, second.game, second.damaged) == \
        (3, ("human", "random", "bot"), len(ctl.steps), "trench-war", None)
    assert second.title == "Trench War: Human vs Random bot vs Demo bot"
    assert second.detail == f"3 players, {len(ctl.steps)} moves"
    assert first.title == "Two Mists: Human vs Human vs Human vs Human"
    assert bad.damaged == "not a game record (a binary file)" and bad.title == "broken.twr (damaged)"
    assert bad.detail == "Cannot be loaded: not a game record (a binary file)"
    set_language("ja")
    assert saves.list_saves()[1].title == "毒ガス塹壕戦: 人間 対 ボット (ランダム) 対 デモ ボット"
    assert saves.list_saves()[1].detail == f"3人・{len(ctl.steps)}手"


def test_list_saves_without_a_data_folder_is_empty():
    assert saves.list_saves() == [] and not saves.has_autosave()


# --- the autosave ------------------------------------------------------------------------------

def fake_screen(ctl):
    """What ``attach_autosave`` uses of a GameScreen: ``ctl`` and ``on_step`` (the window tests use the real one)."""
    return SimpleNamespace(ctl=ctl, on_step=[])


def step(screen, rng):
    decide(screen.ctl, rng)
    for callback in screen.on_step:
        callback(screen.ctl.steps[-1])


def test_autosave_after_every_step_holds_the_whole_game():
    ctl = mid_game("trench-war", 2, seats=("human", "easy"))
    screen = fake_screen(ctl)
    saver = saves.attach_autosave(screen)
    assert saves.attach_autosave(screen) is saver and screen.on_step == [saver]  # once per screen
    rng = Rng(4)
    for _ in range(6):
        step(screen, rng)
        assert saver.flush(10)
        record = read_record(saves.autosave_path())
        assert record == saves.record_of(ctl) and record.position == saves.record_of(ctl).position
    assert saves.has_autosave()
    same_game(ctl, saves.load_controller(saves.autosave_path()))
    assert [p for p in os.listdir(os.path.dirname(saves.autosave_path())) if ".tmp-" in p] == []
    info = [i for i in saves.list_saves() if i.auto]
    assert len(info) == 1 and info[0].title == "Autosave: Trench War: Human vs Easy bot"


def test_continue_is_offered_only_for_a_game_that_is_not_over():
    screen = fake_screen(mid_game("trench-war", 2, seats=("human", "random")))
    saver = saves.attach_autosave(screen)
    rng = Rng(6)
    step(screen, rng)
    saver.flush(10)
    assert saves.has_autosave()
    while not screen.ctl.is_over():
        step(screen, rng)
    saver.flush(10)
    assert read_record(saves.autosave_path()) == saves.record_of(screen.ctl)
    assert not saves.has_autosave()  # the finished game is still in the file (and in the Load list)
    assert [i.auto for i in saves.list_saves()] == [True]


def test_autosave_follows_a_new_game_on_the_same_screen():
    screen = fake_screen(mid_game("trench-war", 2))
    saver = saves.attach_autosave(screen)
    rng = Rng(1)
    step(screen, rng)
    screen.ctl = mid_game("trench-war", 4, variants=("open-teams",), seed=9)
    step(screen, rng)
    saver.flush(10)
    assert read_record(saves.autosave_path()) == saves.record_of(screen.ctl)


def test_bot_only_games_do_not_replace_the_autosave_unless_asked():
    screen = fake_screen(mid_game("trench-war", 2))
    saver = saves.attach_autosave(screen)
    rng = Rng(3)
    step(screen, rng)
    saver.flush(10)
    mine = open(saves.autosave_path(), "rb").read()
    demo = new_controller(get_game("trench-war"), parse_seats("bot,bot"), 3)
    screen.ctl = demo
    step(screen, rng)
    saver.flush(10)
    assert open(saves.autosave_path(), "rb").read() == mine
    demo.autosave = True
    step(screen, rng)
    saver.flush(10)
    assert read_record(saves.autosave_path()).seats == ("bot", "bot")


def test_a_failing_autosave_is_reported_once_and_the_game_goes_on(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    screen = fake_screen(mid_game("trench-war", 2))
    saver = saves.Autosaver(screen, str(blocker / "autosave.twr"))  # its folder is a file
    screen.on_step.append(saver)
    rng = Rng(2)
    for _ in range(4):
        step(screen, rng)
        saver.flush(10)
    err = capsys.readouterr().err
    assert err.count("the autosave to") == 1 and "the game goes on without it" in err
    assert saver.failed and saver.written == 0


def test_a_position_game_is_not_autosaved_and_says_so_once(capsys):
    spec = get_game("trench-war")
    ctl = GameController(spec, spec.new_game(2, 1, spec.make_ruleset([], [])), parse_seats("human,human"))
    screen = fake_screen(ctl)
    saver = saves.attach_autosave(screen)
    rng = Rng(1)
    for _ in range(3):
        step(screen, rng)
    saver.flush(10)
    assert not os.path.exists(saves.autosave_path())
    assert capsys.readouterr().err.count("this game is not autosaved") == 1


def test_autosave_writes_in_order_when_steps_come_faster_than_the_disk(monkeypatch):
    """A record still waiting is replaced by the newer one; the file only ever grows."""
    written = []
    real = saves.save_record

    def slow(path, record):
        time.sleep(0.01)
        real(path, record)
        written.append(len(record.actions))

    monkeypatch.setattr(saves, "save_record", slow)
    screen = fake_screen(mid_game("trench-war", 2))
    saver = saves.attach_autosave(screen)
    rng = Rng(8)
    for _ in range(20):
        if screen.ctl.is_over():
            break
        step(screen, rng)
    saver.flush(10)
    assert written == sorted(written) and len(set(written)) == len(written)
    assert written[-1] == len(screen.ctl.steps)
    assert read_record(saves.autosave_path()) == saves.record_of(screen.ctl)
