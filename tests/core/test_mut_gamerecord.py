"""Game records (game.core.gamerecord, docs/records.md), fast and exact: the text written line by line,
every refusal with the line it names, the replay helpers, and loading (quick or verified).  The slow
round trips through long random games are in test_gamerecord.py."""

from __future__ import annotations

import hashlib

import pytest

from game.core import gamerecord
from game.core.errors import GameError, NotationError
from game.core.gamerecord import (HEADER, RECORD_VERSION, GameRecord, RecordError, format_record, load_record,
                                  parse_record, read_record, save_record)
from game.core.registry import get_game

SPEC = get_game("trench-war")
#: The first four decisions of a 2-player game from seed 7 (chance first, both arm, a soldier boats).
ACTIONS = ("chance first S", "S arm bomb gas gun", "N arm bomb gas gun", "S1 boat b1")


def checksum(body: str) -> str:
    """docs/records.md: the first 16 hex digits of the SHA-256 of every line above ``check:``."""
    return hashlib.sha256(body.encode("utf-8")).hexdigest()[:16]


def sealed(lines) -> str:
    """Lines of a record with a correct ``check:`` line after them."""
    body = "\n".join(lines) + "\n"
    return body + f"check: {checksum(body)}\n"


def head(players=2, seed=7, settings="", variants="", seats="human easy", actions=()):
    return [HEADER, "record: 1", "game: trench-war", f"players: {players}", f"seed: {seed}",
            f"settings: {settings}".rstrip() + (" " if not settings else ""),
            f"variants: {variants}".rstrip() + (" " if not variants else ""),
            f"seats: {seats}".rstrip() + (" " if not seats else ""), f"actions: {len(actions)}", *actions]


def position_after(actions, seed=7):
    state = SPEC.new_game(2, seed, SPEC.make_ruleset([], []))
    for text in actions:
        state.apply(text)
    return SPEC.format_position(state)


def refused(text) -> str:
    with pytest.raises(NotationError) as err:
        parse_record(text)
    return str(err.value)


# == writing =====================================================================================
def test_format_record_writes_every_line_of_docs_records_md():
    record = GameRecord("trench-war", 2, 1234, ("gun_range=5",), ("civilians",), ("human", "easy"),
                        ("chance first S", "S arm gun gas bomb"), position="# pos\nplayers: S N\n\nend: 1\n")
    body = ("# Trench War game record (docs/records.md)\n"
            "record: 1\ngame: trench-war\nplayers: 2\nseed: 1234\nsettings: gun_range=5\n"
            "variants: civilians\nseats: human easy\nactions: 2\nchance first S\nS arm gun gas bomb\n"
            "position:\n| # pos\n| players: S N\n|\n| end: 1\n")
    assert format_record(record) == body + f"check: {checksum(body)}\n"
    assert HEADER == "# Trench War game record (docs/records.md)" and RECORD_VERSION == 1


def test_format_record_of_the_standard_rules_and_no_position():
    record = GameRecord("immortal-arena", 2, 0, (), (), ("easy", "hard"), ())
    body = ("# Trench War game record (docs/records.md)\nrecord: 1\ngame: immortal-arena\nplayers: 2\nseed: 0\n"
            "settings: \nvariants: \nseats: easy hard\nactions: 0\n")
    assert format_record(record) == body + f"check: {checksum(body)}\n"


def test_format_record_several_words_and_a_position_without_final_newline():
    record = GameRecord("trench-war", 3, 5, ("a=1", "b=2"), ("civilians", "guerrillas"), ("human", "easy", "hard"),
                        ("chance first S",), position="x: 1\ny: 2")
    text = format_record(record)
    assert "\nsettings: a=1 b=2\nvariants: civilians guerrillas\nseats: human easy hard\n" in text
    assert "\nposition:\n| x: 1\n| y: 2\ncheck: " in text
    assert parse_record(text).position == "x: 1\ny: 2\n"


@pytest.mark.parametrize("field,value,problem", [
    ("settings", ("gun_range=5", "gun range=5"), "record settings: 'gun range=5' is not a single word"),
    ("settings", ("a\tb",), "record settings: 'a\\tb' is not a single word"),
    ("variants", ("",), "record variants: '' is not a single word"),
    ("variants", (" civilians",), "record variants: ' civilians' is not a single word"),
    ("seats", ("human", "easy\n"), "record seats: 'easy\\n' is not a single word"),
    ("actions", ("chance first S", ""), "record action 2: '' cannot be written on one line"),
    ("actions", ("chance first S\nS pass",), "record action 1: 'chance first S\\nS pass' cannot be written on one line"),
    ("actions", ("chance first S", "S pass "), "record action 2: 'S pass ' cannot be written on one line"),
    ("actions", (" S pass",), "record action 1: ' S pass' cannot be written on one line"),
    ("actions", ("S pass", "S pass", "position: x"), "record action 3: 'position: x' cannot be written on one line"),
    ("actions", ("check: 0",), "record action 1: 'check: 0' cannot be written on one line"),
])
def test_format_record_refuses_fields_that_would_not_read_back(field, value, problem):
    fields = dict(game="trench-war", players=2, seed=1, seats=("human", "easy"))
    fields[field] = value
    with pytest.raises(RecordError) as err:
        format_record(GameRecord(**fields))
    assert str(err.value) == problem


def test_words_and_actions_that_are_fine_are_written():
    record = GameRecord("trench-war", 2, 1, ("k=v",), ("x",), ("human", "easy"), ("S pass", "chance wind n",
                                                                                  "positions: x", "checked"))
    assert parse_record(format_record(record)) == record


def test_record_error_is_a_game_error_and_a_value_error():
    assert issubclass(RecordError, GameError) and issubclass(RecordError, ValueError)


# == reading =====================================================================================
def test_parse_record_reads_back_every_field():
    record = GameRecord("trench-war", 2, 1234, ("gun_range=5", "x=1"), ("civilians",), ("human", "easy"),
                        ACTIONS, position="# pos\nplayers: S N\n\n  indented\n|bar\n")
    parsed = parse_record(format_record(record))
    assert (parsed.game, parsed.players, parsed.seed, parsed.settings, parsed.variants, parsed.seats,
            parsed.actions) == ("trench-war", 2, 1234, ("gun_range=5", "x=1"), ("civilians",), ("human", "easy"),
                                ACTIONS)
    assert parsed.position == "# pos\nplayers: S N\n\n  indented\n|bar\n"


def test_parse_record_position_lines_with_and_without_the_space():
    text = sealed(head(actions=()) + ["position:", "| a", "|b", "|", "|  c", "| "])
    assert parse_record(text).position == "a\nb\n\n c\n\n"


def test_parse_record_empty_fields_and_no_trailing_newline():
    text = sealed(head(seats=""))
    record = parse_record(text)
    assert (record.settings, record.variants, record.seats, record.actions, record.position) == ((), (), (), (), None)
    assert parse_record(text.rstrip("\n")) == record
    assert parse_record(text.rstrip("\n").replace("\ncheck: ", "\ncheck:  ") + "  ") == record  # blanks around


def test_parse_record_fields_tolerate_blanks_around_values():
    lines = head()
    lines[3], lines[4], lines[8] = "players:   2  ", "seed: 7 ", "actions:  0"
    record = parse_record(sealed(lines))
    assert (record.players, record.seed, record.actions) == (2, 7, ())


@pytest.mark.parametrize("text,message", [
    ("", "line 1: not a game record (it does not start with '# Trench War game record (docs/records.md)')"),
    ("\n", "line 1: not a game record (it does not start with '# Trench War game record (docs/records.md)')"),
    ("players: S N\nphase: first\n",
     "line 1: not a game record (it does not start with '# Trench War game record (docs/records.md)')"),
    (HEADER + "\n", "line 2: the record ends before 'record:'"),
    (HEADER + "\nrecord 1\n", "line 2: expected 'record: ...', found 'record 1'"),
    (HEADER + "\nrecrd: 1\n", "line 2: expected 'record: ...', found 'recrd: 1'"),
    (HEADER + "\nversion: " + "9" * 70 + "\n", "line 2: expected 'record: ...', found 'version: " + "9" * 51 + "'"),
    (HEADER + "\nrecord: one\n", "line 2: record must be a whole number in ASCII digits (0-9), not 'one'"),
    (HEADER + "\nrecord: 2\n", "line 2: record format 2 comes from a newer version of the program "
                               "(this one reads up to 1)"),
    (HEADER + "\nrecord: 0\n", "line 2: unknown record format 0"),
    (HEADER + "\nrecord: -1\n", "line 2: record must be a whole number in ASCII digits (0-9), not '-1'"),
])
def test_parse_record_refuses_foreign_files_and_versions_naming_the_line(text, message):
    assert refused(text) == message


def test_parse_record_refuses_a_record_cut_short_naming_its_last_line():
    text = sealed(head(actions=ACTIONS))
    cut = text[: text.index("check:")]
    assert refused(cut) == "line 13: the record is cut short (its last line is not 'check: ...')"
    assert refused("\n".join(cut.split("\n")[:5])) == ("line 5: the record is cut short (its last line is not "
                                                       "'check: ...')")
    assert parse_record(text + "\n \n") == parse_record(text)   # blank lines after the checksum: normalised


def test_parse_record_refuses_a_changed_file_by_its_checksum():
    text = sealed(head(actions=ACTIONS))
    message = "line 14: the checksum does not match: the file was changed or damaged after it was saved"
    assert refused(text.replace("seed: 7", "seed: 8")) == message
    assert refused(text.replace("S1 boat b1", "S1 boat c1")) == message
    assert refused(text[:-2] + "0\n") == message
    assert refused(text.replace("check: ", "check: x")) == message


@pytest.mark.parametrize("index,line,message", [
    (2, "gme: trench-war", "line 3: expected 'game: ...', found 'gme: trench-war'"),
    (3, "players: two", "line 4: players must be a whole number in ASCII digits (0-9), not 'two'"),
    (3, "players: 0", "line 4: players must be at least 1, not 0"),
    (3, "player: 2", "line 4: expected 'players: ...', found 'player: 2'"),
    (4, "seed: -1", "line 5: seed must be a whole number in ASCII digits (0-9), not '-1'"),
    (4, "seed: 1.5", "line 5: seed must be a whole number in ASCII digits (0-9), not '1.5'"),
    (4, "sed: 7", "line 5: expected 'seed: ...', found 'sed: 7'"),
    (5, "setting: ", "line 6: expected 'settings: ...', found 'setting:'"),
    (6, "variant: ", "line 7: expected 'variants: ...', found 'variant:'"),
    (7, "seat: human easy", "line 8: expected 'seats: ...', found 'seat: human easy'"),
    (7, "seats: human", "line 8: 1 seats for 2 players"),
    (7, "seats: human easy hard", "line 8: 3 seats for 2 players"),
    (8, "action: 0", "line 9: expected 'actions: ...', found 'action: 0'"),
    (8, "actions: -1", "line 9: actions must be a whole number in ASCII digits (0-9), not '-1'"),
    (8, "actions: 1", "line 11: expected 'position:', found 'S1 boat b1'"),   # one announced, a second follows
    (8, "actions: 5", "line 9: 5 actions announced but fewer follow"),
])
def test_parse_record_header_fields_name_their_line(index, line, message):
    lines = head(actions=ACTIONS)
    if index == 8 and line == "actions: 1":
        lines = head(actions=ACTIONS[:1]) + ["S1 boat b1"]
    else:
        lines[index] = line
    assert refused(sealed(lines)) == message


def test_parse_record_header_lines_missing_before_the_check_line():
    lines = head()
    text = sealed(lines[:3])
    assert refused(text) == f"line 4: expected 'players: ...', found {text.split(chr(10))[3]!r}"
    text = sealed(lines[:8])
    assert refused(text) == f"line 9: expected 'actions: ...', found {text.split(chr(10))[8]!r}"


def test_parse_record_fewer_actions_than_announced_stop_at_position_or_check():
    lines = head(actions=ACTIONS[:2])
    lines[8] = "actions: 3"
    assert refused(sealed(lines + ["position:", "| x"])) == "line 9: 3 actions announced but fewer follow"
    assert refused(sealed(lines)) == "line 9: 3 actions announced but fewer follow"  # the check line is no action
    lines[8] = "actions: 4"
    assert refused(sealed(lines + ["S pass", "position:"])) == "line 9: 4 actions announced but fewer follow"


def test_parse_record_position_section_errors_name_the_line():
    lines = head(actions=ACTIONS[:2])  # actions on lines 10-11
    assert refused(sealed(lines + ["positions:", "| x"])) == "line 12: expected 'position:', found 'positions:'"
    assert refused(sealed(lines + ["position:", "| x", "| y", "z", "| w"])) == \
        "line 15: a position line must start with '|'"
    assert refused(sealed(lines + ["position:", " | x"])) == "line 13: a position line must start with '|'"
    long = "p" * 80
    assert refused(sealed(lines + [long])) == f"line 12: expected 'position:', found '{'p' * 60}'"


def test_parse_record_an_empty_position_section():
    assert parse_record(sealed(head() + ["position:"])).position == "\n"


# == the record's own helpers ====================================================================
def test_record_equality_ignores_the_position():
    a = GameRecord("trench-war", 2, 7, actions=ACTIONS, position="x\n")
    assert a == GameRecord("trench-war", 2, 7, actions=ACTIONS) and a.position == "x\n"
    assert a != GameRecord("trench-war", 2, 8, actions=ACTIONS)


def test_with_action_appends_the_text_and_takes_the_new_position():
    a = GameRecord("trench-war", 2, 7, ("gun_range=5",), ("civilians",), ("human", "easy"), ACTIONS[:1],
                   position="old\n")
    state = a.state_at()
    action = state.legal_actions()[0]
    b = a.with_action(action)
    assert (b.game, b.players, b.seed, b.settings, b.variants, b.seats) == \
        ("trench-war", 2, 7, ("gun_range=5",), ("civilians",), ("human", "easy"))
    assert b.actions == ACTIONS[:1] + (str(action),) and b.position is None  # the old position is stale
    c = a.with_action("S arm bomb gas gun", position="new\n")
    assert c.actions == ACTIONS[:2] and c.position == "new\n"
    assert a.actions == ACTIONS[:1]


def test_new_state_is_the_game_before_the_first_action_with_the_ruleset():
    record = GameRecord("trench-war", 3, 11, ("gun_range=5",), ("civilians",), actions=ACTIONS)
    expected = SPEC.new_game(3, 11, SPEC.make_ruleset(["gun_range=5"], ["civilians"]))
    state = record.new_state()
    assert SPEC.format_position(state) == SPEC.format_position(expected)
    assert state.rules.gun_range == 5 and state.rules.civilians


@pytest.mark.parametrize("count", [0, 1, 3, 4, None])
def test_state_at_replays_the_first_count_actions(count):
    record = GameRecord("trench-war", 2, 7, actions=ACTIONS)
    done = ACTIONS if count is None else ACTIONS[:count]
    assert SPEC.format_position(record.state_at(count)) == position_after(done)


def test_state_at_names_the_action_that_cannot_be_replayed():
    record = GameRecord("trench-war", 2, 7, actions=ACTIONS[:2] + ("S1 fly away", "S pass"))
    assert SPEC.format_position(record.state_at(2)) == position_after(ACTIONS[:2])
    with pytest.raises(RecordError) as err:
        record.state_at(3)
    message = str(err.value)
    assert message.startswith("action 3 ('S1 fly away') cannot be replayed: ") and "fly" in message[45:]
    assert err.value.__cause__ is None and err.value.__suppress_context__
    with pytest.raises(RecordError, match=r"^action 3 "):
        record.state_at()


# == files =======================================================================================
def test_save_and_read_back(tmp_path):
    record = GameRecord("trench-war", 2, 7, seats=("human", "easy"), actions=ACTIONS,
                        position=position_after(ACTIONS))
    path = tmp_path / "game.twr"
    save_record(str(path), record)
    assert path.read_text(encoding="utf-8") == format_record(record)
    assert read_record(path) == record and read_record(str(path)).position == record.position


def test_read_record_refuses_unreadable_files_naming_them(tmp_path):
    missing = tmp_path / "none.twr"
    with pytest.raises(RecordError) as err:
        read_record(missing)
    assert str(err.value) == f"cannot read {missing}: No such file or directory"
    with pytest.raises(RecordError) as err:
        read_record(tmp_path)
    assert str(err.value) == f"cannot read {tmp_path}: Is a directory"


def test_read_record_refuses_binary_and_non_utf8_naming_the_byte(tmp_path):
    path = tmp_path / "bad.twr"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\0\0")
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert str(err.value) == f"{path}: not a game record (a binary file)"
    path.write_bytes(HEADER.encode() + b"\nrecord: 1\xff\n")
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert str(err.value) == f"{path}: not a game record (not UTF-8 text at byte {len(HEADER) + 10}, line 2)"
    assert err.value.__suppress_context__


def test_read_record_names_the_file_and_the_line(tmp_path):
    path = tmp_path / "bad.twr"
    path.write_text("players: S N\n", encoding="utf-8")
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert str(err.value) == (f"{path}: line 1: not a game record (it does not start with "
                              f"'{HEADER}')")
    assert err.value.__suppress_context__


def test_read_record_size_limit_is_inclusive(tmp_path, monkeypatch):
    record = GameRecord("trench-war", 2, 7, actions=ACTIONS)
    path = tmp_path / "game.twr"
    save_record(path, record)
    size = path.stat().st_size
    monkeypatch.setattr(gamerecord, "MAX_BYTES", size)
    assert read_record(path) == record  # exactly the limit: read whole
    monkeypatch.setattr(gamerecord, "MAX_BYTES", size - 1)
    with pytest.raises(RecordError) as err:
        read_record(path)
    assert str(err.value) == f"{path}: {size} bytes is too large for a game record"


def test_the_size_limit_is_16_mib():
    assert gamerecord.MAX_BYTES == 16 * 1024 * 1024


def test_load_record_replays_and_checks_the_stored_position(tmp_path):
    position = position_after(ACTIONS)
    record = GameRecord("trench-war", 2, 7, seats=("human", "easy"), actions=ACTIONS, position=position)
    path = tmp_path / "game.twr"
    save_record(path, record)
    loaded, state = load_record(path)
    assert loaded == record and loaded.position == position and SPEC.format_position(state) == position
    loaded, state = load_record(str(path), verify=False)
    assert SPEC.format_position(state) == position


def test_load_record_without_a_position_replays_the_actions(tmp_path):
    path = tmp_path / "game.twr"
    save_record(path, GameRecord("trench-war", 2, 7, actions=ACTIONS[:3]))
    for verify in (True, False):
        record, state = load_record(path, verify=verify)
        assert record.position is None and SPEC.format_position(state) == position_after(ACTIONS[:3])


def test_quick_loading_takes_the_stored_position_without_replaying(tmp_path):
    position = position_after(ACTIONS[:2])
    path = tmp_path / "game.twr"
    save_record(path, GameRecord("trench-war", 2, 7, actions=ACTIONS[:2] + ("S1 fly away",), position=position))
    _, state = load_record(path, verify=False)
    assert SPEC.format_position(state) == position
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert str(err.value).startswith(f"{path}: action 3 ('S1 fly away') cannot be replayed: ")


def test_load_record_refuses_a_stored_position_that_differs(tmp_path):
    path = tmp_path / "game.twr"
    save_record(path, GameRecord("trench-war", 2, 7, actions=ACTIONS, position=position_after(ACTIONS[:3])))
    with pytest.raises(RecordError) as err:
        load_record(path)
    assert str(err.value) == f"{path}: the stored position differs from the replayed actions"
    assert err.value.__suppress_context__


@pytest.mark.parametrize("record,problem", [
    (GameRecord("chess", 2, 7), "unknown game 'chess' (known: trench-war, immortal-arena, two-mists, "
                                "smoke-blood-steel)"),
    (GameRecord("trench-war", 7, 7), "TW-1: 2 to 4 players, not 7"),
    (GameRecord("trench-war", 2, 7, ("gun_range=99",)), "TW-0: gun_range=99 is out of range "),
])
def test_load_record_refuses_a_game_or_ruleset_the_program_cannot_set_up(tmp_path, record, problem):
    path = tmp_path / "game.twr"
    save_record(path, record)
    for verify in (True, False):
        with pytest.raises(RecordError) as err:
            load_record(path, verify=verify)
        assert str(err.value).startswith(f"{path}: {problem}")


def test_load_record_refuses_a_bad_stored_position_when_quick_loading(tmp_path):
    path = tmp_path / "game.twr"
    save_record(path, GameRecord("trench-war", 2, 7, actions=ACTIONS, position="phase: nonsense\n"))
    with pytest.raises(RecordError) as err:
        load_record(path, verify=False)
    assert str(err.value).startswith(f"{path}: ")


def test_only_final_newlines_are_dropped_from_the_position():
    record = GameRecord("trench-war", 2, 1, position="mode: X\nlast: XX\n\n")
    text = format_record(record)
    assert "\nposition:\n| mode: X\n| last: XX\ncheck: " in text
    assert parse_record(text).position == "mode: X\nlast: XX\n"


def test_blanks_at_the_end_of_the_position_are_kept():
    record = GameRecord("trench-war", 2, 1, position="a: 1\nb: 2  \t\n")
    text = format_record(record)
    assert "\n| b: 2  \t\ncheck: " in text
    assert parse_record(text).position == "a: 1\nb: 2  \t\n"


def test_header_values_may_hold_colons():
    record = GameRecord("trench-war", 2, 1, ("note=a:b",), ("v:1",), ("human", "easy:2"), ("S pass",))
    parsed = parse_record(format_record(record))
    assert (parsed.settings, parsed.variants, parsed.seats) == (("note=a:b",), ("v:1",), ("human", "easy:2"))


def test_a_file_that_grows_after_its_size_was_checked_is_read_no_further_than_the_limit(tmp_path, monkeypatch):
    # MAX_BYTES guards memory: at most MAX_BYTES + 1 bytes are read even if the file grew meanwhile
    record = GameRecord("trench-war", 2, 7, actions=ACTIONS[:2])
    text = format_record(record)
    path = tmp_path / "game.twr"
    path.write_text(text + "appended meanwhile\n", encoding="utf-8")
    monkeypatch.setattr(gamerecord, "MAX_BYTES", len(text) - 1)
    monkeypatch.setattr(gamerecord.os.path, "getsize", lambda p: len(text) - 1)
    assert read_record(path) == record
