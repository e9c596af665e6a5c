"""IA-12: the dice ruleset."""

from fractions import Fraction

from arena_helpers import do, event, kinds, legal, position, refused, unit

from game.arena.legal import chance_outcomes
from game.core.protocol import CHANCE


def dpos(units=None, **kw):
    return position(units, ruleset="dice", **kw)


def test_IA_12_restricted_pieces_cannot_act_and_the_turn_ends():
    st2 = dpos({"A warrior": "front fallen", "A fire_mage": "middle living pinned"}, last="A=- B=-",
               points="A=0 B=1")
    refused(st2, "A fire_mage advance", "IA-12")
    # A: warrior fallen, ice mage activated last turn; B's Chill binds the fire mage
    st = dpos({"A warrior": "front fallen"}, last="A=ice_mage B=-", turn=4, points="A=0 B=1")
    assert st.current_player() == "B"
    events = do(st, "B ice_mage chill fire_mage", "chance roll 6 6")
    assert "pin" in kinds(events) and "no-act" in kinds(events)
    assert st.turn == 6 and st.current_player() == "B"
    assert st.last[0] == (-1, False) and not unit(st, "A", "fire_mage").pinned
    assert st.last[1] == (2, False)


def test_IA_12_1_unit_actions():
    st = dpos({"A fire_mage": "middle living spirit=2"})
    assert legal(st) == [
        "A warrior sprint", "A warrior retreat",
        "A fire_mage advance", "A fire_mage retreat",
        "A fire_mage fireball warrior", "A fire_mage fireball fire_mage", "A fire_mage fireball ice_mage",
        "A fire_mage inferno warrior", "A fire_mage inferno fire_mage", "A fire_mage inferno ice_mage",
        "A ice_mage advance", "A ice_mage retreat",
        "A ice_mage chill warrior", "A ice_mage chill fire_mage", "A ice_mage chill ice_mage"]


def test_IA_12_2_hit_roll():
    st = dpos()
    do(st, "A ice_mage chill fire_mage")
    assert st.current_player() == CHANCE and st.phase == "roll"
    assert len(st.legal_actions()) == 36
    hit = st.clone()
    events = do(hit, "chance roll 1 4")
    assert "hit" in kinds(events)
    f = unit(hit, "B", "fire_mage")
    assert f.damage == 1 and f.pinned
    events = do(st, "chance roll 3 3")
    assert "miss" in kinds(events)
    assert unit(st, "B", "fire_mage").damage == 0 and not unit(st, "B", "fire_mage").pinned


def test_IA_12_2_fireball_spirit_hit_or_miss():
    st = dpos({"A fire_mage": "middle living spirit=1"})
    do(st, "A fire_mage fireball warrior", "chance roll 1 1")
    assert unit(st, "A", "fire_mage").spirit == 2 and unit(st, "B", "warrior").damage == 0
    st = dpos({"A fire_mage": "middle living spirit=2"})
    do(st, "A fire_mage fireball warrior", "chance roll 2 3")
    assert unit(st, "A", "fire_mage").spirit == 2


def test_IA_12_3_kill_roll():
    st = dpos({"A warrior": "front living", "B ice_mage": "front living strikes=2"})
    do(st, "A warrior melee ice_mage")
    assert len(st.legal_actions()) == 216
    kill = st.clone()
    events = do(kill, "chance roll 6 5 2")
    assert not unit(kill, "B", "ice_mage").living and event(events, "kill-roll").get("killed") is True
    do(st, "chance roll 6 5 3")
    assert unit(st, "B", "ice_mage").living and unit(st, "B", "ice_mage").damage == 2
    st = dpos({"A warrior": "front living", "B warrior": "front living strikes=1"})
    do(st, "A warrior melee warrior")
    assert len(st.legal_actions()) == 36              # heavy armour: 2 dice
    refused(st, "chance roll 1 1 1", "IA-12.8")


def test_IA_12_3_inferno():
    st = dpos({"A fire_mage": "middle living spirit=2"})
    assert "A fire_mage inferno ice_mage" in legal(st)   # middle to middle: distance 2
    do(st, "A fire_mage inferno ice_mage")
    assert unit(st, "A", "fire_mage").spirit == 0     # spent at activation
    outcomes = st.legal_actions()
    for roll in outcomes:                             # 0 strikes: no roll kills
        trial = st.clone()
        trial.apply(roll)
        assert unit(trial, "B", "ice_mage").living and unit(trial, "A", "fire_mage").spirit == 0
    st = dpos({"A fire_mage": "middle living spirit=1"})
    refused(st, "A fire_mage inferno ice_mage", "IA-12.3")


def test_IA_12_4_strikes_heal_kills_score():
    st = dpos({"A warrior": "middle living strikes=3 healing"})
    do(st, "A warrior sprint")
    w = unit(st, "A", "warrior")
    assert w.damage == 0 and not w.healing and w.row == 0
    st = dpos({"A warrior": "front living", "B fire_mage": "front living strikes=3 spirit=2"})
    events = do(st, "A warrior melee fire_mage", "chance roll 1 6 6")
    f = unit(st, "B", "fire_mage")
    assert (f.living, f.damage, f.spirit) == (False, 0, 0)
    assert st.points == (1, 0) and event(events, "points").get("why") == "kill"


def test_IA_12_5_revive_may_stay():
    st = dpos({"A warrior": "middle fallen"}, points="A=0 B=1")
    assert "A fire_mage revive stay warrior" in legal(st)
    do(st, "A fire_mage revive stay warrior")
    assert unit(st, "A", "warrior").living and unit(st, "A", "fire_mage").row == 1


def test_IA_12_6_overwhelm():
    st = dpos({"A warrior": "front living", "A fire_mage": "front living", "B warrior": "front fallen"},
              points="A=0 B=1")
    events = do(st, "A ice_mage advance")
    assert st.points == (2, 1) and not st.is_over()
    assert "overwhelm" in kinds(events)
    assert all(unit(st, "A", k).row == 1 for k in ("warrior", "fire_mage", "ice_mage"))
    st = dpos({"A warrior": "front living", "A fire_mage": "front living", "B warrior": "front fallen"},
              points="A=3 B=2")
    do(st, "A ice_mage advance")
    assert st.is_over() and st.result.winners == ("A",) and st.result.reason == "points"


def test_IA_12_7_win_by_points_or_lead():
    # each case: A scores the kill point that makes the score shown
    cases = {("A=4 B=4", (5, 4)): ("A", "points"), ("A=2 B=0", (3, 0)): ("A", "lead"),
             ("A=3 B=2", (4, 2)): None}
    for (points, expect), outcome in cases.items():
        st = dpos({"A warrior": "front living", "B warrior": "front living strikes=6"}, points=points)
        do(st, "A warrior melee warrior", "chance roll 1 1")
        assert st.points == expect
        assert (st.result and (st.result.winners[0], st.result.reason)) == (outcome or None)


def test_IA_12_8_probabilities():
    st = dpos()
    do(st, "A ice_mage chill warrior")
    hits = sum(Fraction(1, 36) for a, _p in chance_outcomes(st) if max(a.args) >= 4)
    assert hits == Fraction(3, 4)
    st = dpos({"A warrior": "front living", "B ice_mage": "front living strikes=1"})
    do(st, "A warrior melee ice_mage")
    outcomes = chance_outcomes(st)
    assert len(outcomes) == 216 and abs(sum(p for _a, p in outcomes) - 1) < 1e-12
    assert Fraction(sum(1 for a, _p in outcomes if min(a.args) <= 1), len(outcomes)) == Fraction(91, 216)
    st = dpos({"A warrior": "front living", "B warrior": "front living strikes=1"})
    do(st, "A warrior melee warrior")
    outcomes = chance_outcomes(st)
    assert Fraction(sum(1 for a, _p in outcomes if min(a.args) <= 1), len(outcomes)) == Fraction(11, 36)
