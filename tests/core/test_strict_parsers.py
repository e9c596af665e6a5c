"""Every game's parser as strict as the others (issue 24, point 2): text or UTF-8 bytes alike, a
position accepted only when it satisfies the game's invariants (``strict=False`` is the explicit
opt-out for tests that build a broken position), and errors that name the line."""

import pytest

from game.core.errors import NotationError
from game.core.playout import random_steps
from game.core.registry import game_names, get_game
from game.core.rng import Rng


def _position(game: str, steps: int = 12) -> str:
    spec = get_game(game)
    state = spec.new_game(spec.default_players, 5, spec.make_ruleset([], []))
    random_steps(state, Rng(5), steps)
    return spec.format_position(state)


@pytest.mark.parametrize("game", game_names())
def test_every_game_reads_a_position_from_utf8_bytes_as_from_text(game):
    spec = get_game(game)
    text = _position(game)
    assert spec.format_position(spec.parse_position(text.encode("utf-8"))) == text
    assert spec.format_position(spec.parse_position(bytearray(b"\xef\xbb\xbf" + text.encode()))) == text


@pytest.mark.parametrize("game", game_names())
def test_every_game_refuses_bytes_that_are_not_utf8_naming_the_line(game):
    spec = get_game(game)
    data = _position(game).encode("utf-8").replace(b"\n", b"\n\xff", 2)
    with pytest.raises(NotationError, match=r"^line 2: not UTF-8 text"):
        spec.parse_position(data)


@pytest.mark.parametrize("game", game_names())
@pytest.mark.parametrize("value", [None, 12, 1.5, ["rng: 1"]], ids=["None", "int", "float", "list"])
def test_every_game_refuses_a_position_that_is_not_text_with_a_notation_error(game, value):
    with pytest.raises(NotationError, match=r"^position: expected text \(str or UTF-8 bytes\), not "):
        get_game(game).parse_position(value)


def test_TM_12_an_empty_result_line_is_refused_naming_it():
    spec = get_game("two-mists")
    text = _position("two-mists")
    number = text.splitlines().index("result: -") + 1
    with pytest.raises(NotationError, match=rf"^line {number}: expected 'result: REASON dead=SEATS'"):
        spec.parse_position(text.replace("result: -", "result:"))


def test_TM_12_a_missing_line_names_where_it_belongs():
    spec = get_game("two-mists")
    lines = _position("two-mists").splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("rng:"))
    with pytest.raises(NotationError, match=rf"^line {number}: missing section 'rng' .*after line {number - 1}"):
        spec.parse_position("\n".join(line for line in lines if not line.startswith("rng:")))


def _steel_setup_with_a_card_on_the_table():
    spec = get_game("smoke-blood-steel")
    text = spec.format_position(spec.new_game(2, 3, spec.make_ruleset([], [])))
    assert "phase: chooser" in text and "pile: I=- II=-" in text
    return spec, text.replace("pile: I=- II=-", "pile: I=C1:advance II=-")


def test_SB_3_3_a_setup_position_with_a_card_on_a_table_pile_is_refused():
    spec, text = _steel_setup_with_a_card_on_the_table()
    number = text.splitlines().index("pile: I=C1:advance II=-") + 1
    with pytest.raises(NotationError, match=rf"^line {number}: pile: SB-3.3: I has a card on its table pile "
                                            "before the first turn"):
        spec.parse_position(text)


def test_a_broken_position_is_read_only_when_asked_for_explicitly():
    spec, text = _steel_setup_with_a_card_on_the_table()
    state = spec.parse_position(text, strict=False)
    assert state.piles[0] == (("C1", "advance"),)
    assert any("SB-3.3" in p for p in spec.check_invariants(state))


@pytest.mark.parametrize("line, value, rule", [("turn", "turn: 3", "SB-3"), ("distance", "distance: 3", "SB-3.4"),
                                                ("clock", "clock: 4", "SB-3.6"), ("sp", "sp: I=2 II=0", "SB-3.4")])
def test_SB_3_every_track_is_at_its_start_before_the_first_turn(line, value, rule):
    spec = get_game("smoke-blood-steel")
    text = spec.format_position(spec.new_game(2, 3, spec.make_ruleset([], [])))
    old = next(x for x in text.splitlines() if x.startswith(line + ":"))
    with pytest.raises(NotationError, match=rf": {line}: {rule}: "):
        spec.parse_position(text.replace(old, value))


@pytest.mark.parametrize("game", game_names())
def test_every_game_parser_has_the_strict_opt_out(game):
    spec = get_game(game)
    text = _position(game)
    assert spec.format_position(spec.parse_position(text, strict=False)) == text
