"""Strict positions: parse_position validates the whole position and runs the invariants, so that
every position it accepts can be played on, and every one it rejects gets a NotationError naming
its line.  A fuzz of mutated positions (tools/fuzz.py runs the long version)."""

import importlib.util
import os

import pytest
from trench_helpers import scene

from game.core.errors import NotationError
from game.core.playout import random_steps
from game.core.rng import Rng
from game.trench import make_ruleset, new_game
from game.trench.notation import format_position, parse_position

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_spec = importlib.util.spec_from_file_location("trench_fuzz", os.path.join(ROOT, "tools", "fuzz.py"))
fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz)

BASE = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nS2 board b2 n\nN1 board d6 s corpses=N2\n"
                      "N2 carried - s carrier=N1", rules="target_points_2p=9", dead=1)


def _line_of(text: str, start: str) -> int:
    return next(i for i, ln in enumerate(text.splitlines(), start=1) if ln.startswith(start))


def _rejected(text, fragment: str, line: int | None = None) -> str:
    with pytest.raises(NotationError) as info:
        parse_position(text)
    message = str(info.value)
    assert fragment in message, message
    if line is not None:
        assert message.startswith(f"line {line}: "), message
    return message


def test_notation_base_position_is_accepted():
    st = parse_position(BASE)
    assert format_position(parse_position(format_position(st))) == format_position(st)


def test_notation_rank_must_be_a_plain_digit():
    text = BASE.replace("\n  6  ", "\n  6²  ", 1)
    _rejected(text, "bad board row", _line_of(text, "  6²"))


def test_notation_a_soldier_id_must_exist_in_this_game():
    text = BASE.replace("corpses=N2", "corpses=N0")
    _rejected(text, "N0", _line_of(text, "  N1 board"))
    text = BASE.replace("  S2 board b2 n", "  S7 board b2 n")
    _rejected(text, "S7 is not in this game", _line_of(text, "  S7"))


def test_notation_a_carried_corpse_and_its_carrier_agree():
    text = BASE.replace("carrier=N1", "carrier=S1")
    _rejected(text, "N2 must be 'carried' with carrier=N1", _line_of(text, "  N1 board"))


def test_notation_a_pending_line_needs_its_data():
    text = BASE + "pending:\n  console\n"
    _rejected(text, "KIND SEAT", _line_of(text, "  console"))
    text = BASE + "pending:\n  console S\n"
    _rejected(text, "takes 1 data", _line_of(text, "  console"))
    text = BASE + "pending:\n  console S S2\n"
    _rejected(text, "from a corpse", _line_of(text, "  console"))


def test_notation_every_seat_has_a_team_in_hidden_teams():
    st = new_game(4, seed=3, rules=make_ruleset(variants=["hidden-teams"]))
    random_steps(st, Rng(3), 30)
    text = format_position(st)
    assert "teams: " in text
    team_line = next(ln for ln in text.splitlines() if ln.startswith("teams:"))
    broken = text.replace(team_line, " ".join(t for t in team_line.split() if not t.startswith("W=")))
    _rejected(broken, "every seat a side", _line_of(broken, "teams:"))


def test_notation_cards_are_twelve_of_the_right_kinds():
    text = BASE.replace("  N hand=move:2,", "  N hand=move,", 1)
    _rejected(text, "N's hand, discards, plot", _line_of(text, "  N hand"))


def test_notation_the_cube_census_adds_up():
    text = BASE.replace("cubes: supply=", "cubes: supply=1", 1)
    _rejected(text, "natural cubes do not add up", _line_of(text, "cubes:"))


def test_notation_the_turn_record_is_checked():
    text = BASE.replace("turn: S cards=move slot=1 uses=0", "turn: S cards=move slot=2 uses=0")
    _rejected(text, "slot 2 but 1 card", _line_of(text, "turn:"))
    text = BASE.replace("turn: S cards=move slot=1 uses=0", "turn: N cards=move slot=1 uses=0")
    _rejected(text, "order starts with N", _line_of(text, "turn:"))


def test_notation_a_position_where_nothing_can_be_decided_is_rejected():
    text = scene(soldiers="S1 board d2 n\nN1 board b7 s", extra="pending:\n  sink S")
    _rejected(text, "no decision is possible now", _line_of(text, "pending:"))


def test_TW_5_a_handmade_turn_whose_card_has_no_action_is_settled_as_the_engine_would():
    """S1 sits on its boat with a Dig card: nothing can dig, so the card is discarded with no
    effect (TW-5) and the play moves on, as the engine does before it ever stops."""
    text = scene(soldiers="S1 boat d1 n\nN1 board b7 s", turn="S cards=dig slot=1 uses=0", order="S")
    st = parse_position(text)
    assert st.turn is None and st.round == 6 and st.phase == "wind" and st.legal_actions()


def test_notation_text_that_is_not_utf8_is_rejected_naming_the_line():
    data = BASE.encode("utf-8").replace(b"players: S N", b"players: S \xff")
    _rejected(data, "not UTF-8", 1)
    assert format_position(parse_position(BASE.encode("utf-8"))) == format_position(parse_position(BASE))


def test_notation_interrupt_used_dash_round_trips():
    text = BASE + "interrupt-used: -\n"
    st = parse_position(text)
    assert st.interrupt_used == frozenset()
    assert format_position(parse_position(format_position(st))) == format_position(st)
    for key in ("bonus", "skip", "declared"):
        assert parse_position(BASE + f"{key}: -\n") == parse_position(BASE)


def test_notation_every_accepted_mutation_plays_on_and_every_rejection_names_its_line():
    """About 3000 mutations of positions from random games: no untyped exception, every rejection a
    NotationError naming its line, every accepted position keeps the invariants for 100 moves."""
    report = fuzz.run(positions=60, mutations=50, moves=100, seed=5)
    assert report["mutations"] == 3000 and report["accepted"] > 300
    assert report["findings"] == 0, report["first_findings"][:2]
