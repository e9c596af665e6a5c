"""Soldier sheets and points by source (game.tables.trench.sheet), as the viewer knows them."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "trench"))

from trench_helpers import play, position, scene  # noqa: E402

from game.trench.view import redact_events, view  # noqa: E402
from game.tables.trench.logtext import Log  # noqa: E402
from game.tables.trench.sheet import WeaponLine, seat_scores, soldier_sheet  # noqa: E402

SOLDIERS = """S1 board d2 n weapons=S:gun:3:S!,N:gas:1:SN masks=1 drugs=1 food=2 cubes=1 corpses=N2
S2 board c2 n weapons=S:bomb:2:S mask-on gas-check=1
S3 escaped - n
N1 board d5 s weapons=N:gun:4:N
N2 carried - s carrier=S1
N3 board f7 s weapons=N:bomb:2:N"""


def position_text(points=None):
    return scene(soldiers=SOLDIERS, turn="S cards=fire slot=1 uses=0", points=points or {"S": 1},
                 rules="target_points_2p=9")


def test_TW_10_own_soldier_sheet_shows_everything_it_holds():
    sheet = soldier_sheet(view(position(position_text()), "S"), "S1")
    assert sheet.weapons == (WeaponLine("S:gun", "gun", 3, True, True), WeaponLine("N:gas", "gas", 1, False, False))
    assert (sheet.masks, sheet.drugs, sheet.food, sheet.cubes, sheet.corpses) == (1, 1, 2, 1, ("N2",))
    assert sheet.lines == ("S1 (S): on d2, facing north",
                           "Active: S's gun, 3 rounds (fired: known to all)",
                           "Carried: N's gas gun, 1 gas shot",
                           "Masks: 1", "Drugs: 1", "Food: 2", "Cubes carried: 1", "Corpses carried: N2")


def test_TW_10_an_enemy_weapon_not_seen_is_a_question_mark_but_its_belongings_are_public():
    st = position(position_text())
    mine = soldier_sheet(view(st, "S"), "S2")
    theirs = soldier_sheet(view(st, "N"), "S2")
    assert mine.weapons == (WeaponLine("S:bomb", "bomb", 2, True, False),)
    assert theirs.weapons == (WeaponLine("?", "?", None, True, False),)
    # TW-8: the mask is on and the gas check counts down (public)
    assert (theirs.mask_on, theirs.mask_countdown) == (True, 1)
    assert theirs.lines == ("S2 (S): on c2, facing north", "Active: ? (not seen)", "Wearing a mask",
                            "Must be out of gas by the end of its player's turn")
    # N has seen its own gas gun in S1's hands (known=SN) and the fired gun is public
    assert soldier_sheet(view(st, "N"), "S1").lines == soldier_sheet(view(st, "S"), "S1").lines


def test_TW_7_4_a_carried_corpse_sheet_names_its_carrier():
    sheet = soldier_sheet(view(position(position_text()), "N"), "N2")
    assert sheet.status == "carried" and sheet.carrier == "S1"
    assert sheet.lines == ("N2 (N): a corpse carried by S1",)


def test_TW_9_points_by_source_from_the_view_and_the_log():
    # S has 1 point for S3's escape (two players: 1) and carries N2 (an enemy corpse: 1);
    # S1 then shoots N1 (a kill: 1)
    st = position(position_text())
    log = Log(view(st, "N"))
    st, events = play(st, "S1 fire")
    log.add(redact_events(events, "N"))
    s, n = seat_scores(view(st, "N"), log.tally())
    assert (s.total, s.kills, s.corpses, s.escapes, s.bonus, s.penalties, s.other) == (3, 1, 1, 1, 0, 0, 0)
    assert s.lines == ("South: 3 points (kills 1, corpses carried 1, escapes 1)",)
    assert n.lines == ("North: 0 points",)
    # without the log the kill cannot be told apart: it is "other"
    s, _ = seat_scores(view(st, "N"))
    assert (s.kills, s.other) == (0, 1)
    assert s.lines == ("South: 3 points (corpses carried 1, escapes 1, other 1)",)


def test_TW_9_penalty_points_are_counted_from_the_log():
    text = scene(soldiers="S1 board d4 n\nC1 board d5 s\nN1 board f7 s", turn="S cards=move slot=1 uses=0",
                 points={"S": 2}, rules="target_points_2p=9", extra="variants: civilians")
    st = position(text)
    log = Log(view(st, "N"))
    st, events = play(st, "S1 step n; S penalty point")
    log.add(redact_events(events, "N"))
    s, _ = seat_scores(view(st, "N"), log.tally())
    assert (s.total, s.penalties, s.other) == (1, 1, 2)
    assert s.lines == ("South: 1 point (penalties -1, other 2)",)
