"""TW-9 base destruction (TW-6.6c bomb): only an enemy base scores; its events field by field.
Cells are x + 7*y (d4 = 24)."""

import pytest
from trench_helpers import play, scene

HIGH = "target_points_2p=9 target_points=9"
FIRE = "S cards=fire,move slot=1 uses=0"
THROW = ("fire", {"sid": "S1", "seat": "S", "weapon": "bomb", "tile": "S:bomb", "target": 24},
         "S1 throws S:bomb at d4")


def destroyed(kind):
    return ("cube", {"how": "destroy", "cause": "bomb", "frm": 24, "to": None, "layer": 2, "kind": kind, "sid": None},
            f"the {kind} base on d4 is destroyed")


def bomb(cells, players="S N", extra="", soldiers="S1 board d2 n weapons=S:bomb:2:S\nN1 board b7 s"):
    st, ev = play(scene(cells=cells, players=players, extra=extra, soldiers=soldiers, turn=FIRE, rules=HIGH),
                  "S1 fire d4")
    return st, [(e.kind, dict(e.data), e.text) for e in ev]


def test_TW_9_destroying_an_enemy_base_scores_base_points():
    st, ev = bomb({"d4": "nN"})
    assert ev == [THROW, destroyed("N"), ("score", {"seat": "S", "points": 1, "why": "base"},
                                          "S +1 for destroying N's base")]
    assert st.points == {"S": 1, "N": 0} and st.columns[24] == "n"


def test_TW_9_destroying_the_own_base_scores_nothing():
    st, ev = bomb({"d4": "nS"})
    assert ev == [THROW, destroyed("S")]
    assert st.points == {"S": 0, "N": 0} and st.columns[24] == "n"


@pytest.mark.parametrize("ally", ["W"])
def test_TW_11_destroying_an_open_team_allys_base_scores_nothing(ally):
    soldiers = "S1 board d2 n weapons=S:bomb:2:S\nW1 board a4 e\nN1 board b7 s\nE1 board g6 w"
    st, ev = bomb({"d4": "n" + ally}, players="S W N E", extra="variants: open-teams", soldiers=soldiers)
    assert ev == [THROW, destroyed(ally)]
    assert st.points == {"S": 0, "W": 0, "N": 0, "E": 0}
