"""Seeds (issue 24, point 3): a seed is a whole number from 0 to 2**64-1 wherever it enters (every
game's new_game, records, the tools' --seed); anything else is refused naming it, never wrapped."""

import pytest

from game.core.errors import GameError, SeedError
from game.core.gamerecord import GameRecord, format_record, parse_record
from game.core.registry import game_names, get_game
from game.core.rng import SEED_MAX, check_seed, parse_seed

BAD = [-1, 2**64, 2**64 + 5, 1.5, 5.0, "3", None, True, b"1"]
BAD_IDS = ["minus-one", "2p64", "2p64+5", "float", "whole-float", "str", "None", "bool", "bytes"]


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("seed", BAD, ids=BAD_IDS)
def test_new_game_of_every_game_refuses_a_seed_out_of_range_or_not_an_integer(game, seed):
    spec = get_game(game)
    with pytest.raises(SeedError, match="seed") as err:
        spec.new_game(spec.default_players, seed, spec.make_ruleset([], []))
    assert isinstance(err.value, GameError) and isinstance(err.value, ValueError)


@pytest.mark.parametrize("game", game_names())
def test_new_game_of_every_game_takes_the_whole_seed_range(game):
    spec = get_game(game)
    assert spec.new_game(spec.default_players, SEED_MAX, spec.make_ruleset([], [])).rng is not None
    a = spec.format_position(spec.new_game(spec.default_players, 5, spec.make_ruleset([], [])))
    b = spec.format_position(spec.new_game(spec.default_players, 5, spec.make_ruleset([], [])))
    assert a == b


def test_seed_errors_name_the_seed():
    with pytest.raises(SeedError, match=r"^seed 18446744073709551621 is out of range 0\.\.2\*\*64-1"):
        check_seed(2**64 + 5)
    with pytest.raises(SeedError, match=r"^a seed is a whole number from 0 to 2\*\*64-1, not 1\.5 \(float\)$"):
        check_seed(1.5)
    with pytest.raises(SeedError, match=r"not None \(NoneType\)$"):
        check_seed(None)
    assert check_seed(0) == 0 and check_seed(SEED_MAX) == SEED_MAX


@pytest.mark.parametrize("text", ["-1", "１", "1.5", "", "0x", "5e3", "18446744073709551616", "0x1" + "0" * 16])
def test_parse_seed_refuses_text_that_is_not_a_seed(text):
    with pytest.raises(SeedError):
        parse_seed(text)


def test_parse_seed_reads_ascii_decimal_and_hex():
    assert [parse_seed(t) for t in ("0", " 42 ", "0x10", "18446744073709551615")] == [0, 42, 16, SEED_MAX]


def _record_with_seed(seed_text: str) -> str:
    text = format_record(GameRecord("trench-war", 2, 7, seats=("human", "easy")))
    lines = text.split("\n")
    lines[4] = f"seed: {seed_text}"
    body = "\n".join(lines[:-2]) + "\n"
    import hashlib
    return body + "check: " + hashlib.sha256(body.encode()).hexdigest()[:16] + "\n"


@pytest.mark.parametrize("seed_text, message", [
    ("18446744073709551621", r"^line 5: seed 18446744073709551621 is out of range 0\.\.18446744073709551615"),
    ("-1", r"^line 5: seed must be a whole number in ASCII digits \(0-9\), not '-1'"),
    ("１", r"^line 5: seed must be a whole number in ASCII digits \(0-9\), not '１'"),
    ("1.5", r"^line 5: seed must be a whole number in ASCII digits"),
])
def test_a_record_refuses_a_seed_that_would_wrap_or_is_not_ascii_digits(seed_text, message):
    with pytest.raises(GameError, match=message):
        parse_record(_record_with_seed(seed_text))


def test_a_record_built_in_code_with_a_bad_seed_refuses_to_start():
    with pytest.raises(SeedError):
        GameRecord("two-mists", 4, -1).new_state()


@pytest.mark.parametrize("seed", [-1, 2**64, 1.5], ids=["minus-one", "2p64", "float"])
def test_a_record_with_a_bad_seed_is_never_written(seed):
    with pytest.raises(GameError, match=r"^record seed: "):
        format_record(GameRecord("trench-war", 2, seed))
