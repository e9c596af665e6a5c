"""Saves that travelled (issue 24, point 4): Windows or old Mac line endings, a UTF-8 byte-order mark
and trailing blanks are normalised and the save loads (its checksum checked on the normalised
text); a save re-encoded as UTF-16 or Shift_JIS is refused naming the encoding; a record's numbers
are ASCII digits; a refused save is listed with its reason."""

import pytest

from game.core.errors import NotationError
from game.core.gamerecord import GameRecord, RecordError, format_record, load_record, parse_record, read_record
from game.core.playout import random_steps
from game.core.registry import get_game
from game.core.rng import Rng


def _played(game="trench-war", settings=(), steps=30):
    spec = get_game(game)
    record = GameRecord(game, spec.default_players, 11, settings, (), ("human",) * spec.default_players)
    state = record.new_state()
    actions = [str(a) for a in random_steps(state, Rng(3), steps)]
    return GameRecord(record.game, record.players, record.seed, record.settings, record.variants, record.seats,
                      tuple(actions), spec.format_position(state))


TRAVELS = {
    "crlf": lambda t: t.replace("\n", "\r\n"),
    "cr": lambda t: t.replace("\n", "\r"),
    "bom": lambda t: "\ufeff" + t,
    "trailing-blanks": lambda t: "\n".join(line + "  \t" if line else line for line in t.split("\n")),
    "blanks-removed": lambda t: "\n".join(line.rstrip() for line in t.split("\n")),
    "all-at-once": lambda t: "\ufeff" + "\r\n".join(line + " " for line in t.split("\n")),
}


@pytest.mark.parametrize("game", ["trench-war", "two-mists"])
@pytest.mark.parametrize("travel", list(TRAVELS))
def test_a_save_that_travelled_loads_as_the_same_game(tmp_path, game, travel):
    record = _played(game)
    text = format_record(record)
    assert "settings: \n" in text        # the writer's own trailing blank, which an editor may remove
    path = tmp_path / "travelled.twr"
    path.write_bytes(TRAVELS[travel](text).encode("utf-8"))
    loaded, state = load_record(path)
    assert loaded == record and loaded.position == record.position
    assert get_game(game).format_position(state) == record.position


def test_a_travelled_save_with_its_content_changed_is_still_damaged():
    text = TRAVELS["crlf"](format_record(_played()))
    with pytest.raises(NotationError, match="the checksum does not match"):
        parse_record(text.replace("seed: 11", "seed: 12"))


def _with_japanese_note():
    record = _played()
    return GameRecord(record.game, record.players, record.seed, record.settings, record.variants, record.seats,
                      record.actions, "# 設計メモ: 風は東\n" + record.position)


@pytest.mark.parametrize("encoding, name", [("utf-16", "UTF-16"), ("utf-16-le", "UTF-16"), ("utf-16-be", "UTF-16"),
                                            ("utf-32", "UTF-32"), ("shift_jis", "Shift_JIS")])
def test_a_save_re_encoded_is_refused_naming_the_encoding(tmp_path, encoding, name):
    text = format_record(_with_japanese_note())
    assert parse_record(text).position.startswith("# 設計メモ")
    path = tmp_path / "re-encoded.twr"
    path.write_bytes(text.encode(encoding))
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert f": the file is {name} text" in str(err.value) and "save it again as UTF-8" in str(err.value)
    assert err.value.encoding == name


def test_a_binary_file_is_refused_with_no_encoding_named(tmp_path):
    path = tmp_path / "binary.twr"
    path.write_bytes(b"\x00\x01garbage")
    with pytest.raises(RecordError, match="a binary file") as err:
        read_record(path)
    assert err.value.encoding is None


@pytest.mark.parametrize("index, line, key", [(1, "record: １", "record"), (3, "players: ２", "players"),
                                              (4, "seed: １１", "seed"), (8, "actions: ３", "actions"),
                                              (3, "players: +2", "players"), (4, "seed: 1_1", "seed"),
                                              (4, "seed: ١١", "seed")])
def test_a_record_number_in_anything_but_ascii_digits_is_refused_naming_the_line(index, line, key):
    import hashlib
    lines = format_record(_played(steps=3)).split("\n")
    lines[index] = line
    body = "\n".join(lines[:-2]) + "\n"
    text = body + "check: " + hashlib.sha256(body.encode()).hexdigest()[:16] + "\n"
    with pytest.raises(NotationError, match=rf"^line {index + 1}: {key} must be a whole number in ASCII digits"):
        parse_record(text)


def test_a_refused_save_is_listed_for_the_load_screen_with_its_reason(tmp_path, monkeypatch):
    monkeypatch.setenv("TRENCH_WAR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("TRENCH_WAR_CONFIG_DIR", str(tmp_path / "config"))
    from game.ui import saves
    import os
    os.makedirs(saves.saves_dir())
    text = format_record(_with_japanese_note())
    for name, data in (("windows.twr", TRAVELS["crlf"](text).encode()), ("utf16.twr", text.encode("utf-16")),
                       ("sjis.twr", text.encode("shift_jis"))):
        with open(os.path.join(saves.saves_dir(), name), "wb") as handle:
            handle.write(data)
    infos = {os.path.basename(i.path): i for i in saves.list_saves(include_autosave=False)}
    assert infos["windows.twr"].damaged is None and infos["windows.twr"].players == 2
    assert infos["utf16.twr"].damaged.startswith("the file is UTF-16 text, not UTF-8")
    assert infos["sjis.twr"].damaged.startswith("the file is Shift_JIS text (a Japanese Windows encoding)")
    assert "UTF-16" in infos["utf16.twr"].detail
    # the title says what happened to an intact file, not "(damaged)"
    assert infos["utf16.twr"].title == "utf16.twr (saved as UTF-16, not UTF-8)"
    assert infos["sjis.twr"].title == "sjis.twr (saved as Shift_JIS, not UTF-8)"
    from game.i18n import set_language
    set_language("ja")
    try:
        infos = {os.path.basename(i.path): i for i in saves.list_saves(include_autosave=False)}
        assert infos["sjis.twr"].title == "sjis.twr (Shift_JISで保存・UTF-8ではありません)"
    finally:
        set_language("en")
