"""HUD words and states a first-time player tripped over (issue 22, point 8)."""

from __future__ import annotations

from types import SimpleNamespace

from game.i18n import set_language
from game.tables.trench.ui import TrenchUI
from game.trench.geometry import parse_cell


def test_the_wind_forecast_is_said_in_words_in_both_languages():
    assert TrenchUI.forecast_words(("n", "calm")) == "next: north, then calm"
    assert TrenchUI.forecast_words(("e",)) == "next: east"
    set_language("ja")
    assert TrenchUI.forecast_words(("n", "calm")) == "次: 北、その次: 無風"


def test_the_outcome_line_describes_the_lit_cell_under_the_pointer_not_a_stale_one():
    cells = [parse_cell("c1"), parse_cell("d2")]
    screen = SimpleNamespace(hover_pick=SimpleNamespace(cell=parse_cell("d2")), target_i=0)
    assert TrenchUI.described_target(screen, cells) == parse_cell("d2")
    screen.hover_pick = SimpleNamespace(cell=parse_cell("g7"))  # not a target: the keys' choice
    assert TrenchUI.described_target(screen, cells) == parse_cell("c1")
    screen.hover_pick = None
    screen.target_i = 1
    assert TrenchUI.described_target(screen, cells) == parse_cell("d2")


def turn(cards, slot, uses, camped=False):
    return SimpleNamespace(turn=SimpleNamespace(seat="S", cards=cards, slot=slot, uses=uses, camped=camped))


def test_a_played_camp_card_greys_in_its_slot_once_it_went_back_to_the_hand():
    assert TrenchUI.slot_resolved(turn(("camp", "move"), 0, 1, camped=True), "S", 0) is True
    assert TrenchUI.slot_resolved(turn(("move", "camp"), 0, 1), "S", 0) is False  # the 1st card serves twice
    assert TrenchUI.slot_resolved(turn(("move", "camp"), 0, 2), "S", 0) is True
    assert TrenchUI.slot_resolved(turn(("move", "camp"), 1, 0), "S", 0) is True
    assert TrenchUI.slot_resolved(turn(("move", "camp"), 1, 0), "S", 1) is False
    assert TrenchUI.slot_resolved(turn(("move", "camp"), 1, 0), "N", 0) is False  # another seat's turn
