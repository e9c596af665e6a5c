"""TM-2 (characters, worlds, victory), TM-11 (end and scoring)."""

import pytest

from game.mists.scoring import wins, world_of
from mists_helpers import do, kinds, life, make, winners


@pytest.mark.parametrize("chars, world", [("MKWSF", "front"), ("KWSFM", "back"), ("KWSM", "back"),
                                          ("MKWS", "front"), ("FKWSM", "back")])
def test_TM_2_1_world_follows_the_leftover(chars, world):
    s = make(chars)
    assert world_of(s.chars) == world


def _kill(s, taker, card, target, slot="A1"):
    """``taker`` takes ``card`` (lying in ``slot``) and aims it at ``target``."""
    return do(s, f"{taker} take {slot}; chance draw {slot} attack; {taker} target {target}")


def test_TM_2_2_front_monster_kills_knight():
    s = make("MKWSF", display="charge_k attack attack spear axe", life={"B": 2})
    events = _kill(s, "A", "charge_k", "B")
    assert s.result.reason == "death" and s.result.dead == (1,)
    assert winners(s) == ["A"]
    assert kinds(events)[-3:] == ["damage", "death", "end"]


def test_TM_2_2_front_knight_kills_monster_fool_loses():
    s = make("MKWSF", display="attack attack attack spear axe", active="B", life={"A": 1})
    _kill(s, "B", "attack", "A")
    assert winners(s) == ["B", "C", "D"]
    s = make("MKWFS", display="attack attack attack spear axe", active="B", life={"A": 1})
    _kill(s, "B", "attack", "A")
    assert winners(s) == ["B", "C"]          # D is the Fool, alive: loses


def test_TM_2_2_back_4p_knight_kills_witch_saint_loses():
    s = make("KWSFM", display="charge_m attack attack spear axe", life={"B": 2})
    _kill(s, "A", "charge_m", "B")
    assert s.result.world == "back"
    assert winners(s) == ["A"]               # Saint (C) needs the Fool dead


def test_TM_2_2_back_4p_witch_kills_fool_saint_wins():
    s = make("KWSFM", display="attack attack attack spear axe", active="B", life={"D": 1})
    _kill(s, "B", "attack", "D")
    assert winners(s) == ["C"]


def test_TM_2_2_back_3p_knight_kills_witch():
    s = make("KWSM", display="attack attack attack spear axe", life={"B": 1})
    _kill(s, "A", "attack", "B")
    assert winners(s) == ["A", "C"]


def test_TM_2_2_front_4p_monster_kills_fool():
    s = make("MKWFS", display="attack attack attack spear axe", life={"D": 1})
    _kill(s, "A", "attack", "D")
    assert winners(s) == ["D"]


def test_TM_2_3_TM_2_4_front_monster_finishes_saint():
    s = make("MKWSF", display="attack attack attack spear axe", life={"D": 1})
    events = _kill(s, "A", "attack", "D")
    assert s.result.dead == (3, 0)
    assert life(s) == {"A": 0, "B": 7, "C": 7, "D": 0}
    assert winners(s) == ["B", "C", "D"]     # the dead Saint wins
    assert kinds(events)[-4:] == ["damage", "death", "curse", "end"]


def test_TM_2_4_front_fool_finishes_saint():
    s = make("MKFSW", display="attack attack attack spear axe", active="C", life={"D": 1})
    _kill(s, "C", "attack", "D")
    assert s.result.dead == (3, 2)
    assert winners(s) == ["C"]


def test_TM_2_4_back_4p_knight_finishes_saint():
    s = make("KWSFM", display="attack attack attack spear axe", life={"C": 1})
    _kill(s, "A", "attack", "C")
    assert s.result.dead == (2, 0)
    assert winners(s) == ["B", "D"]


@pytest.mark.parametrize("chars", ["KWFSM", "MKWFS"])
def test_TM_2_2_TM_7_4_fool_sacrifice_kills_itself(chars):
    # F at life 3 owning only poison: Sacrifice -> K at 7: K 5, F takes 5 - 1 = 4 and dies.
    fool = "ABCD"[chars.index("F")]
    knight = "ABCD"[chars.index("K")]
    s = make(chars, display="sacrifice attack attack spear axe", active=fool, life={fool: 3},
             records={fool: "1:poison"}, turn=3)
    _kill(s, fool, "sacrifice", knight)
    assert life(s)[knight] == 5 and life(s)[fool] == 0
    assert s.result.dead == (chars.index("F"),)
    expected = [fool] if s.result.world == "front" else ["ABCD"[chars.index("S")]]
    assert winners(s) == expected


def test_TM_2_4_saint_own_sacrifice_kills_her_no_curse():
    s = make("MKWSF", display="sacrifice attack attack spear axe", active="D", life={"D": 2})
    events = _kill(s, "D", "sacrifice", "B")
    assert life(s) == {"A": 7, "B": 5, "C": 7, "D": 0}
    assert s.result.dead == (3,)
    assert "curse" not in kinds(events)
    assert winners(s) == []                  # front: nobody
    s = make("KWSFM", display="sacrifice attack attack spear axe", active="C", life={"C": 2})
    _kill(s, "C", "sacrifice", "A")
    assert winners(s) == ["D"]               # back 4p: the Fool


def test_TM_2_6_three_players_witch_may_take_charge_f_and_staff():
    s = make("MKWS", display="charge_f attack attack staff axe", active="C")
    assert "C take A1" in [str(a) for a in s.legal_actions()]
    assert "C take E1" in [str(a) for a in s.legal_actions()]
    assert "fool" not in s.chars


def test_TM_2_2_victory_table():
    d = frozenset
    assert wins("monster", d({"witch"}), "front", True)
    assert not wins("monster", d({"monster"}), "front", True)
    assert wins("saint", d({"monster", "saint"}), "front", True)
    assert wins("saint", d(), "back", False) and not wins("saint", d(), "back", True)
    assert wins("saint", d({"fool"}), "back", True) and not wins("saint", d({"fool", "saint"}), "back", True)
    assert wins("fool", d({"saint"}), "back", True) and wins("fool", d({"fool"}), "front", True)


def test_TM_11_2_end_reveals_everything_and_result_dict():
    s = make("MKWSF", display="attack attack attack spear axe", active="B", life={"A": 1})
    events = _kill(s, "B", "attack", "A")
    assert s.revealed == (True, True, True, True)
    end = events[-1]
    assert end.get("leftover") == "fool" and end.get("world") == "front"
    r = s.result.as_dict()
    assert r == {"winners": ["B", "C", "D"], "reason": "death", "scores": {"A": 0, "B": 1, "C": 1, "D": 1},
                 "dead": ["A"], "world": "front",
                 "characters": {"A": "monster", "B": "knight", "C": "witch", "D": "saint"},
                 "leftover": "fool", "winning_characters": ["knight", "witch", "saint"]}
    assert s.is_over() and s.current_player() == "terminal" and s.legal_actions() == []


@pytest.mark.parametrize("chars, killer, expected", [
    ("MKWSF", "B", ["A"]),            # front, Knight finishes Saint: Monster
    ("MKWSF", "C", ["A"]),            # front, Witch finishes Saint: Monster
    ("KWSFM", "B", ["A", "D"]),       # back 4p, Witch finishes Saint: Knight, Fool
    ("KWSM", "A", ["B"]),             # back 3p, Knight finishes Saint: Witch
    ("KWFSM", "C", ["C"]),            # back 4p, Fool finishes Saint: Fool
])
def test_TM_11_3_curse_outcomes(chars, killer, expected):
    saint = "ABCD"[chars.index("S")]
    s = make(chars, display="attack attack attack spear axe", active=killer, life={saint: 1})
    _kill(s, killer, "attack", saint)
    assert s.result.dead == ("ABCD".index(saint), "ABCD".index(killer))
    assert winners(s) == expected


def test_TM_11_3_stalemate_outcomes():
    # D = empty: back 3p the Saint wins; otherwise nobody (also tested in TM-10.3).
    d = frozenset()
    assert [c for c in ("knight", "witch", "saint") if wins(c, d, "back", False)] == ["saint"]
    assert not any(wins(c, d, "front", True) for c in ("monster", "knight", "witch", "saint", "fool"))
