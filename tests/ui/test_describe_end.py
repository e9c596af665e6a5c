"""Explaining the end (game.tables.trench.endtext): target, judgement and the tie-break step (TW-9)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "trench"))

from trench_helpers import play, position, scene  # noqa: E402

from game.i18n import set_language  # noqa: E402
from game.trench.view import redact_events, view  # noqa: E402
from game.tables.trench.endtext import deciding_step, end_lines  # noqa: E402
from game.tables.trench.logtext import Log  # noqa: E402

FIRE = "S cards=fire slot=1 uses=0"


def finish(text, actions, viewer="N"):
    st = position(text)
    log = Log(view(st, viewer))
    st, events = play(st, actions)
    log.add(redact_events(events, viewer))
    assert st.result is not None
    return view(st, viewer), log


def test_TW_9_reaching_the_target_wins_at_once():
    # two players: the target is 2; S has 1 point for S3's escape and S1 shoots N1
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nS3 escaped - n\nN1 board d5 s weapons=N:gun:4:N\n"
                          "N2 board f7 s", turn=FIRE, points={"S": 1})
    v, log = finish(text, "S1 fire")
    assert deciding_step(v) is None
    assert end_lines(v, log.tally()) == ["South wins.",
                                         "S reached 2 points: the target is 2.",
                                         "Scores:",
                                         "South: 2 points (kills 1, escapes 1)",
                                         "North: 0 points"]


def test_TW_9_judgement_tied_on_points_is_decided_by_rows_advanced():
    # two players, judgement set at 1 dead; N has 1 point (N3 escaped);
    # S1 shoots N1: 1 dead, S 1 point, a tie.  Rows: S1 on d2 has advanced 2 rows from the
    # south edge; N2 on f7 is on its own edge row (1).
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s weapons=N:gun:4:N\n"
                          "N2 board f7 s\nN3 escaped - s", turn=FIRE, points={"N": 1},
                 rules="target_points_2p=9 judgement_dead_2p=1")
    v, log = finish(text, "S1 fire")
    assert v.result.reason == "judgement" and v.result.winners == ("S",)
    assert deciding_step(v) == ("rows", (("S", 2), ("N", 1)))
    assert end_lines(v, log.tally()) == [
        "South wins.",
        "Judgement: 1 dead reached the limit of 1.",
        "Tied on points; decided by the most rows a surviving soldier advanced: S 2, N 1.",
        "Scores:",
        "South: 1 point (kills 1)",
        "North: 1 point (escapes 1)"]


def test_TW_9_judgement_decided_by_points():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s weapons=N:gun:4:N\nN2 board f7 s",
                 turn=FIRE, rules="target_points_2p=9 judgement_dead_2p=1")
    v, log = finish(text, "S1 fire", viewer="S")
    assert deciding_step(v) == ("points", (("S", 1), ("N", 0)))
    assert end_lines(v, log.tally())[:3] == ["South wins.", "Judgement: 1 dead reached the limit of 1.",
                                             "Decided by points: S 1, N 0."]


def test_no_lines_before_the_end():
    st = position(scene(soldiers="S1 board d2 n\nN1 board f7 s", turn=FIRE))
    assert end_lines(view(st, "S")) == [] and deciding_step(view(st, "S")) is None


def test_TW_9_judgement_tied_all_along_the_chain_goes_to_the_later_seat_in_turn_order():
    # after S1 shoots N1: points 1-1 (N3 escaped), rows 2-2 (S1 on d2, N2 on d6), no corpses
    # carried, one survivor each, ammunition spent 1-1; the round's order is S then N: N wins
    # (judgement set at 2 dead: S2's corpse and N1)
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nS2 corpse b3 n\nN1 board d5 s weapons=N:gun:4:N\n"
                          "N2 board d6 s\nN3 escaped - s", turn=FIRE, points={"N": 1}, spent={"N": 1},
                 rules="target_points_2p=9 judgement_dead_2p=2")
    v, log = finish(text, "S1 fire", viewer="S")
    assert v.result.winners == ("N",)
    assert deciding_step(v) == ("order", (("S", 0), ("N", 1)))
    assert end_lines(v, log.tally())[:3] == [
        "North wins.", "Judgement: 2 dead reached the limit of 2.",
        "Tied on everything else; decided by the later place in the round's turn order: S 1, N 2."]


def test_TW_9_the_end_explained_in_japanese():
    # the rows scenario above: judgement at 1 dead, tied on points, decided by rows advanced
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s weapons=N:gun:4:N\n"
                          "N2 board f7 s\nN3 escaped - s", turn=FIRE, points={"N": 1},
                 rules="target_points_2p=9 judgement_dead_2p=1")
    v, log = finish(text, "S1 fire")
    set_language("ja")
    assert end_lines(v, log.tally())[:4] == [
        "南軍の勝ち。",
        "判定勝ち: 死者が1体になり、規定の1体に達した。",
        "勝利点が同じため、生存兵の前進した列数で決着: 南軍 2、北軍 1。",
        "得点:"]
    # reaching the target
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nS3 escaped - n\nN1 board d5 s weapons=N:gun:4:N\n"
                          "N2 board f7 s", turn=FIRE, points={"S": 1})
    v, log = finish(text, "S1 fire")
    assert end_lines(v, log.tally())[:2] == ["南軍の勝ち。", "南軍が2点に到達した（規定の勝利点は2点）。"]
