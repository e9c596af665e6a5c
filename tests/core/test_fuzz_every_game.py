"""Every game's parser under fuzzing (issue 24, point 2): a mutated position is refused with a
``NotationError`` naming its line, or read as a position that keeps the invariants in play
(tools/fuzz.py --game G runs the long version)."""

import importlib.util
import os

import pytest

from game.core.errors import NotationError
from game.core.registry import game_names, get_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_spec = importlib.util.spec_from_file_location("every_game_fuzz", os.path.join(ROOT, "tools", "fuzz.py"))
fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz)


@pytest.mark.parametrize("game", game_names())
def test_mutated_positions_of_every_game_are_refused_naming_a_line_or_playable(game):
    report = fuzz.run(positions=12, mutations=20, moves=40, seed=9, game=game)
    assert report["mutations"] == 240 and report["accepted"] > 0
    assert report["findings"] == 0, report["first_findings"][:2]


def test_SB_3_2_a_resolving_position_without_both_mechs_is_refused_naming_the_line():
    spec = get_game("smoke-blood-steel")
    state = spec.new_game(2, 4, spec.make_ruleset([], []))
    while state.phase != "resolve":
        state.apply(state.legal_actions()[0] if state.current_player() != "chance" else state.sample_chance())
    text = spec.format_position(state)
    old = next(line for line in text.splitlines() if line.startswith("mechs:"))
    number = text.splitlines().index(old) + 1
    with pytest.raises(NotationError, match=rf"^line {number}: mechs: SB-3.2: phase resolve needs both mechs"):
        spec.parse_position(text.replace(old, "mechs: I=- " + old.split()[2]))
