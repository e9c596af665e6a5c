"""TW-6.1 / 6.2 / 7.1 / 9 refusals of a move: the whole message, rule id first (the player reads it).
Each position is built; the rule ids were checked against shared/rules/trench-war.md."""

import pytest
from trench_helpers import illegal, scene

H = "target_points_2p=9 target_points=9"
MM = "S cards=move,move slot=1 uses=0"
N1 = "\nN1 board b7 s"

CASES = [
    (dict(soldiers="S1 board d3 n" + N1), "S1 tunnel n", "TW-6.1: S1 can only tunnel from a trench"),
    (dict(cells={"d1": "0"}, soldiers="S1 board d1 s" + N1), "S1 tunnel s", "TW-6.1: S1 cannot tunnel off the board"),
    (dict(cells={"d3": "0", "d4": "N"}, soldiers="S1 board d3 n" + N1), "S1 tunnel n",
     "TW-6.1: S1 cannot tunnel under the coloured cube on d4"),
    (dict(cells={"d3": "0", "d4": "0"}, soldiers="S1 board d3 n" + N1), "S1 tunnel n",
     "TW-6.1: S1 cannot tunnel into d4: it is already a trench"),
    (dict(cells={"d3": "0", "d4": "2"}, soldiers="S1 board d3 n" + N1), "S1 tunnel n",
     "TW-6.1: S1 cannot tunnel into d4: cannot dig under a wall"),
    (dict(soldiers="S1 board d3 n masks=0 mask-on" + N1), "S1 dash", "TW-6: S1 cannot dash while masked"),
    (dict(soldiers="S1 board d7 n\nS2 board b2 n\nN1 board b5 s"), "S1 dash", "TW-6.2: S1 cannot dash off the board"),
    (dict(cells={"d4": "2"}, soldiers="S1 board d3 n" + N1), "S1 dash", "TW-6.2: S1 cannot dash: d4 is a wall"),
    (dict(soldiers="S1 board d3 n\nS2 board d4 n" + N1), "S1 dash", "TW-6.2: S1 cannot dash: a soldier stands on d4"),
    (dict(cells={"d4": "S"}, soldiers="S1 board d3 n" + N1), "S1 dash",
     "TW-6.2: S1 cannot dash over the coloured cube on d4"),
    (dict(soldiers="S1 board d3 n\nS2 board d5 n" + N1), "S1 dash",
     "TW-6.2: S1 cannot dash onto d5: a dash never pushes an ally"),
    (dict(soldiers="S1 board a3 n" + N1), "S1 step w",
     "TW-6.1: S1 cannot step off the board here: only over the edge opposite its own side (TW-9)"),
    (dict(soldiers="S1 board d7 n" + N1), "S1 step n",
     "TW-9: S1 cannot escape: a player's last soldier cannot escape with no points"),
    (dict(cells={"d3": "0", "d4": "2"}, soldiers="S1 board d3 n" + N1), "S1 step n",
     "TW-6.1: S1 cannot climb out onto the wall d4 from a trench"),
    (dict(cells={"d4": "nS"}, soldiers="S1 board d3 n" + N1), "S1 step n", "TW-6.1: cannot push the base on d4"),
    (dict(cells={"e3": "2"}, soldiers="S1 board d3 n" + N1), "S1 step e",
     "TW-6.1: S1 cannot step onto e3: a wall is only pushed forward"),
    (dict(cells={"d4": "2"}, soldiers="S1 board d3 n masks=0 mask-on" + N1), "S1 step n",
     "TW-6.1: S1 cannot push the cube on d4 while masked"),
    (dict(cells={"d7": "2"}, soldiers="S1 board d6 n" + N1), "S1 step n",
     "TW-6.1: cannot push the cube on d7 off the board"),
    (dict(cells={"d4": "2", "d5": "2"}, soldiers="S1 board d3 n" + N1), "S1 step n",
     "TW-6.1: cannot push the cube onto d5: it is already a wall"),
    (dict(cells={"d4": "2"}, items="d5 food", soldiers="S1 board d3 n" + N1), "S1 step n",
     "TW-6.1: cannot push the cube onto d5: a soldier, item or gas is there"),
    (dict(cells={"d3": "0"}, soldiers="S1 board d3 n\nN1 board d4 s\nN2 board b7 s"), "S1 step n",
     "TW-6.1: S1 cannot climb out onto d4: a soldier stands there"),
    (dict(soldiers="S1 board d3 e\nN1 board d4 s\nN2 board b7 s"), "S1 step n",
     "TW-7.1: S1 cannot enter d4: N1 stands there and S1 is not facing it"),
    (dict(soldiers="S1 board d3 e\nS2 board d4 s" + N1), "S1 step n",
     "TW-6.1: S1 cannot step onto d4: ally S2 is only pushed forward"),
    (dict(soldiers="S1 board d3 n masks=0 mask-on\nS2 board d4 s" + N1), "S1 step n",
     "TW-6.1: S1 cannot push ally S2 while masked"),
    (dict(cells={"d5": "2"}, soldiers="S1 board d3 n\nS2 board d4 s" + N1), "S1 step n",
     "TW-6.1: cannot push ally S2 n: d5 is a wall"),
]


@pytest.mark.parametrize("kw,action,message", CASES, ids=[m.split(":")[0] + " " + m.split(": ", 1)[1][:40]
                                                          for _k, _a, m in CASES])
def test_move_refusal_names_rule_and_reason(kw, action, message):
    text = scene(turn=MM, rules=H, **kw)
    assert illegal(text, action, message.split(":")[0]) == message
