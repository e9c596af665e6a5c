"""TW-6.6 fire (gun, gas, bomb), TW-6.8 equip (mask, drug, switch), TW-6.10 interrupt and the TW-9
destruction-king bonus, asserted exactly: the state, every event with all its data and text, the
legal options, and each refusal's whole message (rule id first: the player reads it).

Expected values were worked out from ``shared/rules/trench-war.md`` and the Events table of
``docs/notation.md`` (cells are ``x + 7*y``: d2 = 10, d3 = 17, d4 = 24, d5 = 31, d6 = 38, d7 = 45).
Every scenario is also played in quiet mode (``set_quiet``): the same events with empty texts and
the same resulting position.
"""

import pytest
from trench_helpers import (ascii_id, col, event_table, illegal, legal, play, play_loud_and_quiet, position,
                            scene, where)

from game.trench.state import ACTION_CARDS

HIGH = "target_points_2p=9 target_points=9"
F2 = "S cards=fire,move slot=1 uses=0"
E2 = "S cards=equip,move slot=1 uses=0"
#: a second soldier of S far away (unarmed), so that the card in use keeps the turn open
S2 = "\nS2 board g2 n"
N2 = "\nN2 board a6 e"
GUN = "weapons=S:gun:4:S"


_id = ascii_id


table = event_table


def run(actions, **kw):
    """Play ``actions`` on the scene, loud and quiet; return (state, event table)."""
    kw.setdefault("rules", HIGH)
    return run_text(scene(**kw), actions)


def run_text(text, actions):
    """Play ``actions`` on a position text, loud and quiet; return (state, events)."""
    return play_loud_and_quiet(text, actions)


def refuse(action, message, **kw):
    kw.setdefault("rules", HIGH)
    assert illegal(scene(**kw), action, message.split(":")[0]) == message


def mine(st, sid="S1"):
    return {a for a in legal(st) if a.startswith(sid + " ")}


def fire_gun(sid, path, hit=None, stop=None, destroy=False, tile="S:gun", seat="S", at=None, holder=None):
    text = f"{sid} fires {tile}" + (f" at {at}" if at else "")
    return ("fire", {"sid": sid, "seat": seat, "weapon": "gun", "tile": tile, "path": path, "hit": hit,
                     "stop": stop, "destroy": destroy, **({"holder": holder} if holder else {})}, text)


def death(sid, cell, cause, killer):
    from game.trench.geometry import cell_name
    return ("death", {"sid": sid, "cell": cell, "cause": cause, "killer": killer},
            f"{sid} dies on {cell_name(cell)} ({cause})")


def kill_score(seat, victim):
    return ("score", {"seat": seat, "points": 1, "why": "kill"}, f"{seat} +1 for killing {victim}")


# == TW-6.6a gun ==================================================================================
def test_TW_6_6a_gun_hit_event_path_is_the_line_of_fire_in_range_hit_names_the_victim():
    st, ev = run("S1 fire", soldiers=f"S1 board d2 n {GUN}" + S2 + "\nN1 board d5 s" + N2, turn=F2)
    assert table(ev) == [fire_gun("S1", (17, 24, 31, 38), hit="N1", at="d5"),
                         death("N1", 31, "gun", "S"), kill_score("S", "N1")]
    w = st.soldier("S1").weapons[0]
    assert (w.tile, w.ammo, w.public) == ("S:gun", 3, True) and st.spent["S"] == 1 and st.points["S"] == 1


def test_TW_6_6a_gun_miss_event_has_the_whole_range_as_path():
    st, ev = run("S1 fire", soldiers=f"S1 board d2 n {GUN}" + S2 + N2, turn=F2)
    assert table(ev) == [fire_gun("S1", (17, 24, 31, 38))]
    st, ev = run("S1 fire", soldiers=f"S1 board d2 n {GUN}" + S2 + N2, turn=F2, time="night")
    assert table(ev) == [fire_gun("S1", (17, 24, 31))]
    st, ev = run("S1 fire", soldiers=f"S1 board d2 n {GUN} masks=0 mask-on" + S2 + N2, turn=F2, time="night")
    assert table(ev) == [fire_gun("S1", (17, 24))]
    st, ev = run("S1 fire", soldiers=f"S1 board d2 n {GUN} masks=0 mask-on" + S2 + N2, turn=F2)
    assert table(ev) == [fire_gun("S1", (17, 24, 31))]


def test_TW_0_gun_range_and_penalties_are_ruleset_values():
    rules = HIGH + " gun_range=6 night_range_penalty=2 mask_range_penalty=3"
    _, ev = run("S1 fire", soldiers=f"S1 board d1 n {GUN}" + S2 + N2, turn=F2, rules=rules)
    assert table(ev)[0][1]["path"] == (10, 17, 24, 31, 38, 45)
    _, ev = run("S1 fire", soldiers=f"S1 board d1 n {GUN}" + S2 + N2, turn=F2, rules=rules, time="night")
    assert table(ev)[0][1]["path"] == (10, 17, 24, 31)
    _, ev = run("S1 fire", soldiers=f"S1 board d1 n {GUN} masks=0 mask-on" + S2 + N2, turn=F2, rules=rules)
    assert table(ev)[0][1]["path"] == (10, 17, 24)
    # night and masked with a penalty of 4: range 0, no line of fire at all
    kw = dict(soldiers=f"S1 board d1 n {GUN} masks=0 mask-on\nS2 board g2 n weapons=S:gas:2:S" + N2, turn=F2,
              time="night", rules=HIGH + " gun_range=6 night_range_penalty=2 mask_range_penalty=4")
    st = position(scene(**kw))
    assert mine(st) == set()
    assert illegal(st, "S1 fire", "TW-6.6a") == "TW-6.6a: S1 has no line of fire (range 0)"
    # range 1 exactly: the front cell only
    _, ev = run("S1 fire", **dict(kw, rules=rules))
    assert table(ev)[0][1]["path"] == (10,)


def test_TW_6_6a_a_shot_spares_the_cube_that_stops_it():
    st, ev = run("S1 fire", cells={"d4": "2"}, soldiers=f"S1 board d2 n {GUN}" + S2 + N2, turn=F2)
    assert table(ev) == [fire_gun("S1", (17,), stop=24, at="d4")]
    assert col(st, "d4") == "nn" and st.soldier("S1").weapons[0].ammo == 3 and st.spent["S"] == 1


def test_TW_6_6a_destroy_spends_two_rounds_on_the_wall_top():
    st, ev = run("S1 fire destroy", cells={"d4": "2"}, soldiers=f"S1 board d2 n {GUN}" + S2 + N2, turn=F2)
    assert table(ev) == [fire_gun("S1", (17,), stop=24, destroy=True, at="d4"),
                         ("cube", {"how": "destroy", "cause": "shot", "frm": 24, "to": None, "layer": 2, "kind": "n",
                                   "sid": None}, "the cube on d4 is destroyed")]
    assert col(st, "d4") == "n" and st.soldier("S1").weapons[0].ammo == 2 and st.spent["S"] == 2 and st.out == 1


def test_TW_0_destroy_extra_rounds_is_a_ruleset_value():
    rules = HIGH + " destroy_extra_rounds=2"
    kw = dict(cells={"d4": "2"}, soldiers="S1 board d2 n weapons=S:gun:2:S" + S2 + N2, turn=F2, rules=rules)
    st = position(scene(**kw))
    assert mine(st) == {"S1 fire"}
    assert illegal(st, "S1 fire destroy", "TW-6.6a") == "TW-6.6a: destroying the cube needs 3 rounds; 2 left"
    st, _ = run("S1 fire destroy", **dict(kw, soldiers="S1 board d2 n weapons=S:gun:4:S" + S2 + N2))
    assert st.soldier("S1").weapons[0].ammo == 1 and st.spent["S"] == 3


def test_TW_6_6a_destroying_a_lone_ground_cube_opens_a_hole_its_soldier_drops():
    st, ev = run("S1 fire destroy", cells={"d2": "0", "d3": "0"},
                 soldiers=f"S1 board d2 n {GUN}" + S2 + "\nN1 board d4 w" + N2, turn=F2)
    assert table(ev) == [fire_gun("S1", (17,), stop=24, destroy=True, at="d4"),
                         ("cube", {"how": "destroy", "cause": "shot", "frm": 24, "to": None, "layer": 1, "kind": "n",
                                   "sid": None}, "the cube on d4 is destroyed"),
                         ("move", {"sid": "N1", "path": (24, 24), "from_boat": False, "how": "drop"},
                          "N1 drops into the hole")]
    assert col(st, "d4") == "" and where(st, "N1") == ("board", "d4", "w")


def test_TW_6_6a_destroying_the_ground_cube_under_a_wall_drops_it_nobody_falls():
    st, ev = run("S1 fire destroy", cells={"d2": "0", "d3": "0", "d4": "2"},
                 soldiers=f"S1 board d2 n {GUN}" + S2 + N2, turn=F2)
    assert [k for k, _d, _t in table(ev)] == ["fire", "cube", "cube"]
    assert table(ev)[2][1]["how"] == "drop" and col(st, "d4") == "n"


def test_TW_6_6a_shooting_the_winning_base_ends_the_game_before_the_gas_moves():
    st, ev = run("S1 fire destroy", cells={"d7": "nN"}, soldiers=f"S1 board d3 n {GUN}" + S2 + N2,
                 turn=F2, rules="", points={"S": 1})
    assert st.result is not None and st.points["S"] == 2


# == TW-6.6b gas ==================================================================================
GAS = "weapons=S:gas:2:S"


def test_TW_6_6b_gas_front_event_and_kill():
    st, ev = run("S1 fire front", soldiers=f"S1 board d2 n {GAS}" + S2 + "\nN1 board d3 s" + N2, turn=F2)
    assert table(ev) == [("fire", {"sid": "S1", "seat": "S", "weapon": "gas", "tile": "S:gas", "target": 17},
                          "S1 fires S:gas on d3"),
                         ("gas", {"gid": 1, "owner": "S", "path": (17,), "how": "place", "layer": 2},
                          "gas 1 is released on d3"),
                         death("N1", 17, "gas", "S"), kill_score("S", "N1")]
    w = st.soldier("S1").weapons[0]
    assert (w.ammo, w.public) == (1, True) and st.spent["S"] == 1


def test_TW_6_6b_gas_here_goes_on_the_own_cell_and_leaves_with_the_wind():
    st, ev = run("S1 fire here", soldiers=f"S1 board d2 n {GAS}" + S2 + N2, turn=F2, wind="e")
    assert table(ev)[0] == ("fire", {"sid": "S1", "seat": "S", "weapon": "gas", "tile": "S:gas", "target": 10},
                            "S1 fires S:gas on d2")
    assert table(ev)[1][1]["path"][0] == 10
    assert where(st, "S1")[0] == "board"          # exposed only where the token comes to rest
    assert [g.cell for g in st.gas] == []         # e2, f2, g2 (S2 is a soldier, not a wall), off the board


def test_TW_6_6b_gas_options_and_range_0():
    st = position(scene(soldiers=f"S1 board d2 n {GAS}" + S2 + N2, turn=F2, rules=HIGH))
    assert mine(st) == {"S1 fire here", "S1 fire front"}
    kw = dict(soldiers=f"S1 board d2 n {GAS}" + S2 + N2, turn=F2, rules=HIGH + " gas_range=0")
    st = position(scene(**kw))
    assert mine(st) == {"S1 fire here"}
    assert illegal(st, "S1 fire front", "TW-6.6b") == "TW-6.6b: gas range is 0: only 'here'"
    st = position(scene(soldiers=f"S1 board d7 n {GAS}" + S2 + N2, turn=F2, rules=HIGH))
    assert mine(st) == {"S1 fire here"}


# == TW-6.6c bomb =================================================================================
BOMB = "weapons=S:bomb:2:S"


def test_TW_6_6c_bomb_event_kill_then_the_top_cube():
    st, ev = run("S1 fire d4", soldiers=f"S1 board d2 n {BOMB}" + S2 + "\nN1 board d4 s" + N2, turn=F2)
    assert table(ev) == [("fire", {"sid": "S1", "seat": "S", "weapon": "bomb", "tile": "S:bomb", "target": 24},
                          "S1 throws S:bomb at d4"),
                         death("N1", 24, "bomb", "S"), kill_score("S", "N1"),
                         ("cube", {"how": "destroy", "cause": "bomb", "frm": 24, "to": None, "layer": 1, "kind": "n",
                                   "sid": None}, "the cube on d4 is destroyed")]
    w = st.soldier("S1").weapons[0]
    assert (w.ammo, w.public) == (1, True) and st.spent["S"] == 1 and col(st, "d4") == ""
    assert where(st, "N1") == ("corpse", "d4", "s")


def test_TW_6_6c_bomb_into_an_empty_hole_destroys_nothing():
    st, ev = run("S1 fire d4", cells={"d4": "0"}, soldiers=f"S1 board d2 n {BOMB}" + S2 + N2, turn=F2)
    assert table(ev) == [("fire", {"sid": "S1", "seat": "S", "weapon": "bomb", "tile": "S:bomb", "target": 24},
                          "S1 throws S:bomb at d4")]
    assert col(st, "d4") == "" and st.out == 0


def test_TW_6_6c_a_winning_bomb_ends_the_game_at_once():
    st, ev = run("S1 fire d4", soldiers=f"S1 board d2 n {BOMB}" + S2 + "\nN1 board d4 s" + N2, turn=F2,
                 rules="", points={"S": 1})
    assert st.result is not None and st.points["S"] == 2
    assert [k for k, _d, _t in table(ev)][:3] == ["fire", "death", "score"]
    assert "cube" not in [k for k, _d, _t in table(ev)] and col(st, "d4") == "n"


def test_TW_6_6c_bomb_targets():
    def opts(cells=None, at="d2 n", **kw):
        kw.setdefault("rules", HIGH)
        return mine(position(scene(cells=cells, soldiers=f"S1 board {at} {BOMB}" + S2 + N2, turn=F2, **kw)))
    assert opts() == {"S1 fire d2", "S1 fire d3", "S1 fire d4"}
    # from the ground a wall in between is cleared
    assert opts({"d3": "2"}) == {"S1 fire d2", "S1 fire d3", "S1 fire d4"}
    # from a trench: ground in between is cleared, a wall is not
    assert opts({"d2": "0"}) == {"S1 fire d2", "S1 fire d3", "S1 fire d4"}
    assert opts({"d2": "0", "d3": "2"}) == {"S1 fire d2", "S1 fire d3"}
    # the edge of the board
    assert opts(at="d6 n") == {"S1 fire d6", "S1 fire d7"}
    # the range is a ruleset value; from a trench the bomb stops behind the first wall
    assert opts({"d2": "0", "d4": "2"}, rules=HIGH + " bomb_range=4") == \
        {"S1 fire d2", "S1 fire d3", "S1 fire d4"}
    assert opts(rules=HIGH + " bomb_range=0") == {"S1 fire d2"}


# == TW-6.6 refusals ==============================================================================
FIRE_REFUSALS = [
    (dict(soldiers=f"S1 boat d1 n {GUN}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire", "TW-2: S1 cannot fire from a boat"),
    (dict(soldiers=f"S1 board d2 n\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire", "TW-6.6: S1 holds no weapon"),
    (dict(soldiers=f"S1 board d2 n {GUN}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire S:gun",
     "TW-6.6: a soldier fires its own active weapon (name no tile)"),
    (dict(soldiers=f"S1 board d2 n weapons=S:bomb:0:S\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire d3",
     "TW-6.6: S:bomb has no ammunition left"),
    (dict(soldiers=f"S1 board d2 n weapons=N:gun:0:S\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire",
     "TW-6.6: N:gun has no ammunition left"),
    (dict(soldiers=f"S1 board d2 n {GUN}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire here",
     "TW-6.6a: a gun fires as 'fire' or 'fire destroy'"),
    (dict(soldiers=f"S1 board d7 n {GUN}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire",
     "TW-6.6a: S1 has no line of fire (range 4)"),
    (dict(soldiers=f"S1 board d2 n {GUN}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire destroy",
     "TW-6.6a: 'destroy' needs a shot that stops at a cube"),
    (dict(soldiers=f"S1 board d2 n {GUN}\nS2 board g2 n weapons=N:bomb:2:S\nN1 board d4 s" + N2), "S1 fire destroy",
     "TW-6.6a: 'destroy' needs a shot that stops at a cube"),
    (dict(cells={"d4": "2"}, soldiers=f"S1 board d2 n weapons=S:gun:1:S\nS2 board g2 n weapons=N:bomb:2:S" + N2),
     "S1 fire destroy", "TW-6.6a: destroying the cube needs 2 rounds; 1 left"),
    (dict(soldiers=f"S1 board d2 n {GAS}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire",
     "TW-6.6b: gas is fired 'here' (own cell) or 'front'"),
    (dict(soldiers=f"S1 board d2 n {GAS}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire d3",
     "TW-6.6b: gas is fired 'here' (own cell) or 'front'"),
    (dict(soldiers=f"S1 board d7 n {GAS}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire front",
     "TW-6.6b: the front cell is off the board"),
    (dict(cells={"d3": "2"}, soldiers=f"S1 board d2 n {GAS}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire front",
     "TW-6.6b: gas is never put on a wall"),
    (dict(soldiers=f"S1 board d2 n {BOMB}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire",
     "TW-6.6c: a bomb names its target cell"),
    (dict(soldiers=f"S1 board d2 n {BOMB}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire here",
     "TW-6.6c: a bomb names its target cell"),
    (dict(soldiers=f"S1 board d2 n {BOMB}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire front",
     "TW-6.6c: a bomb names its target cell"),
    (dict(soldiers=f"S1 board d2 n {BOMB}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire destroy",
     "TW-6.6c: a bomb names its target cell"),
    (dict(soldiers=f"S1 board d2 n {BOMB}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire d5",
     "TW-6.6c: d5 is not a bomb target of S1: the own cell or up to 2 cells ahead, and from a trench never "
     "behind a wall"),
    (dict(soldiers=f"S1 board d2 n {BOMB}\nS2 board g2 n weapons=N:bomb:2:S" + N2), "S1 fire e2",
     "TW-6.6c: e2 is not a bomb target of S1: the own cell or up to 2 cells ahead, and from a trench never "
     "behind a wall"),
]


@pytest.mark.parametrize("kw,action,message", FIRE_REFUSALS, ids=[_id(m) for _k, _a, m in FIRE_REFUSALS])
def test_TW_6_6_fire_refusal_message(kw, action, message):
    refuse(action, message, turn=F2, **kw)


def test_TW_6_6a_gun_options():
    assert mine(position(scene(soldiers=f"S1 board d2 n {GUN}" + S2 + N2, turn=F2, rules=HIGH))) == {"S1 fire"}
    assert mine(position(scene(cells={"d4": "2"}, soldiers=f"S1 board d2 n {GUN}" + S2 + N2, turn=F2,
                               rules=HIGH))) == {"S1 fire", "S1 fire destroy"}
    assert mine(position(scene(soldiers=f"S1 board d2 n weapons=S:gun:0:S\nS2 board g2 n weapons=N:bomb:2:S" + N2, turn=F2,
                               rules=HIGH))) == set()


# == TW-11 farmer guerrillas fire the acting player's weapons =====================================
GUERRILLA = dict(extra="variants: guerrillas", turn=F2)
ARMED = ("S1 board b2 n weapons=S:gun:4:S\nS2 board f2 n weapons=S:bomb:0:S\nS3 boat c1 n weapons=S:gas:2:S\n"
         "N1 board d6 s weapons=N:gun:4:N\nN2 board a6 e\nC1 board d3 n\nC2 board f5 n")


def test_TW_11_guerrilla_fire_options_are_the_acting_players_loaded_active_weapons():
    st = position(scene(soldiers=ARMED, rules=HIGH, **GUERRILLA))
    assert mine(st, "C1") == {"C1 fire S:gun", "C1 fire S:gas here", "C1 fire S:gas front"}
    st = position(scene(soldiers=ARMED, rules=HIGH, cells={"d5": "2"}, **GUERRILLA))
    assert mine(st, "C1") == {"C1 fire S:gun", "C1 fire S:gun destroy", "C1 fire S:gas here", "C1 fire S:gas front"}


def test_TW_11_guerrilla_shot_spends_the_holders_round_and_scores_for_the_acting_player():
    st, ev = run("C1 fire S:gun", soldiers=ARMED, **GUERRILLA)
    assert table(ev) == [fire_gun("C1", (24, 31, 38, 45), hit="N1", at="d6", holder="S1"),
                         death("N1", 38, "gun", "S"), kill_score("S", "N1")]
    w = st.soldier("S1").weapons[0]
    assert (w.ammo, w.public) == (3, True) and st.spent == {"S": 1, "N": 0} and st.points["S"] == 1


def test_TW_11_guerrilla_gas_from_a_soldier_on_a_boat():
    st, ev = run("C1 fire S:gas front", soldiers=ARMED, **GUERRILLA)
    assert table(ev)[0] == ("fire", {"sid": "C1", "seat": "S", "weapon": "gas", "tile": "S:gas", "target": 24,
                                     "holder": "S3"}, "C1 fires S:gas on d4")
    assert st.soldier("S3").weapons[0].ammo == 1 and st.spent["S"] == 1


GUERRILLA_REFUSALS = [
    ("C1 fire", "TW-11: a guerrilla fires a weapon of one of the acting player's soldiers: name it"),
    ("C1 fire N:gun", "TW-11: no living soldier of S has N:gun as its active weapon"),
    ("C1 fire S:bomb d4", "TW-6.6: S:bomb has no ammunition left"),
    ("C1 fire S:gun here", "TW-6.6a: a gun fires as 'fire' or 'fire destroy'"),
]


@pytest.mark.parametrize("action,message", GUERRILLA_REFUSALS, ids=[_id(m) for _a, m in GUERRILLA_REFUSALS])
def test_TW_11_guerrilla_fire_refusal_message(action, message):
    refuse(action, message, soldiers=ARMED, **GUERRILLA)


def test_TW_11_plain_civilians_never_fire():
    kw = dict(soldiers=ARMED, turn=F2, extra="variants: civilians", cells={"a4": "V"})
    refuse("C1 fire S:gun", "TW-11: a civilian only steps and turns", **kw)
    assert mine(position(scene(rules=HIGH, **kw)), "C1") == set()


def test_TW_11_a_guerrilla_on_its_own_turn_card_only_and_a_dead_holder_lends_nothing():
    soldiers = ARMED.replace("S1 board b2 n weapons=S:gun:4:S", "S1 corpse b2 n weapons=S:gun:4:S")
    st = position(scene(soldiers=soldiers, rules=HIGH, **GUERRILLA))
    assert mine(st, "C1") == {"C1 fire S:gas here", "C1 fire S:gas front"}
    assert illegal(st, "C1 fire S:gun", "TW-11") == "TW-11: no living soldier of S has S:gun as its active weapon"


# == TW-9 destruction king =========================================================================
def bonus_event(seat="S", points=1):
    return ("score", {"seat": seat, "points": points, "why": "empty-gun"}, f"{seat} +{points} for emptying its gun")


def test_TW_9_the_last_round_of_the_own_gun_earns_the_bonus_two_players_gas_gone():
    # two players: the own gas tile is out of the game (None) and counts as empty
    st, ev = run("S1 fire", soldiers="S1 board d2 n weapons=S:gun:1:S" + S2 + N2, turn=F2)
    assert table(ev) == [fire_gun("S1", (17, 24, 31, 38)), bonus_event()]
    assert st.points["S"] == 1 and st.bonus == {"S"}


def test_TW_9_two_players_the_last_gas_shot_with_the_gun_empty_earns_it():
    st, ev = run("S1 fire here", soldiers="S1 board d2 n weapons=S:gas:1:S masks=0 mask-on\n"
                 "S2 board g2 n weapons=S:gun:0:S" + N2, turn=F2, wind="e")
    assert table(ev)[-1] == bonus_event() and st.bonus == {"S"}


def test_TW_9_the_bonus_is_ruleset_points_and_once_per_player():
    st, ev = run("S1 fire", soldiers="S1 board d2 n weapons=S:gun:1:S" + S2 + N2, turn=F2,
                 rules=HIGH + " empty_gun_points=3")
    assert table(ev)[-1] == bonus_event(points=3) and st.points["S"] == 3
    st, ev = run("S1 fire", soldiers="S1 board d2 n weapons=S:gun:1:S" + S2 + N2, turn=F2, extra="bonus: S")
    assert table(ev) == [fire_gun("S1", (17, 24, 31, 38))] and st.points["S"] == 0


def test_TW_9_no_bonus_for_other_weapons_or_another_players_gun():
    # a bomb, or the gas with three players, never earns it
    _, ev = run("S1 fire d3", soldiers="S1 board d2 n weapons=S:bomb:1:S\nS2 board g2 n weapons=S:gun:0:S" + N2,
                turn=F2)
    assert "score" not in [k for k, _d, _t in table(ev)]
    st, ev = run("S1 fire here", players="S W N", soldiers="S1 board d2 n weapons=S:gas:1:S masks=0 mask-on\n"
                 "S2 board g2 n weapons=S:gun:0:S\nW1 board a4 e" + N2, turn=F2, wind="e")
    assert "score" not in [k for k, _d, _t in table(ev)] and st.bonus == frozenset()
    # the last round of a gun taken from N's corpse earns nobody the bonus
    st, ev = run("S1 fire", soldiers="S1 board d2 n weapons=N:gun:1:S\nS2 board g2 n weapons=S:gun:0:S" + N2,
                 turn=F2)
    assert table(ev) == [fire_gun("S1", (17, 24, 31, 38), tile="N:gun")] and st.bonus == frozenset()
    # two players: the own gas still loaded
    st, ev = run("S1 fire", soldiers="S1 board d2 n weapons=S:gun:1:S\nS2 board g2 n weapons=S:gas:1:S" + N2,
                 turn=F2)
    assert table(ev) == [fire_gun("S1", (17, 24, 31, 38))] and st.bonus == frozenset()
    # three players: the gun alone counts, the gas may still be loaded
    st, ev = run("S1 fire", players="S W N", soldiers="S1 board d2 n weapons=S:gun:1:S\n"
                 "S2 board g2 n weapons=S:gas:1:S\nW1 board a4 e" + N2, turn=F2)
    assert table(ev)[-1] == bonus_event() and st.bonus == {"S"}


def test_TW_9_the_bonus_that_reaches_the_target_wins_at_once():
    st, ev = run("S1 fire", soldiers="S1 board d2 n weapons=S:gun:1:S" + S2 + N2, turn=F2, rules="",
                 points={"S": 1})
    assert table(ev)[:2] == [fire_gun("S1", (17, 24, 31, 38)), bonus_event()]
    assert st.result is not None and st.points["S"] == 2


def test_TW_9_a_winning_kill_with_the_last_round_ends_the_game_before_the_bonus():
    st, ev = run("S1 fire", soldiers="S1 board d2 n weapons=S:gun:1:S" + S2 + "\nN1 board d4 s" + N2, turn=F2,
                 rules="", points={"S": 1})
    assert st.result is not None and st.points["S"] == 2 and "S" not in st.bonus
    assert "empty-gun" not in [d.get("why") for _k, d, _t in table(ev)]


# == TW-6.8 equip ==================================================================================
def test_TW_6_8_mask_event_and_state():
    st, ev = run("S1 mask", soldiers="S1 board d2 n masks=2" + S2 + N2, turn=E2)
    assert table(ev) == [("mask", {"sid": "S1"}, "S1 puts on a gas mask")]
    s1 = st.soldier("S1")
    assert (s1.masks, s1.mask_on) == (1, True)


def test_TW_6_8_a_boat_soldier_may_equip():
    st, ev = run("S1 mask", soldiers="S1 boat d1 n masks=1" + S2 + N2, turn=E2)
    assert table(ev) == [("mask", {"sid": "S1"}, "S1 puts on a gas mask")] and st.soldier("S1").mask_on


def test_TW_6_8_equip_options():
    st = position(scene(soldiers="S1 board d2 n masks=1 drugs=1 weapons=S:gun:0:S,N:bomb:2:S,N:gas:1:S" + S2 + N2,
                        turn=E2, rules=HIGH))
    assert mine(st) == {"S1 mask", "S1 drug", "S1 switch N:bomb", "S1 switch N:gas"}
    st = position(scene(soldiers="S1 board d2 n drugs=1 weapons=S:gun:0:S" + S2 + N2, turn=E2, rules=HIGH))
    assert mine(st) == {"S1 drug"}


def test_TW_6_8_drug_event_gives_two_extra_actions_to_each_soldier_that_takes_one():
    st, ev = run("S1 drug; S2 drug", soldiers="S1 board d2 n drugs=2\nS2 board g2 n drugs=1" + N2, turn=E2)
    assert table(ev) == [("drug", {"sid": "S1"}, "S1 takes a drug: two extra actions"),
                         ("drug", {"sid": "S2"}, "S2 takes a drug: two extra actions")]
    assert st.turn.extra == (("S1", 2), ("S2", 2))
    assert (st.soldier("S1").drugs, st.soldier("S2").drugs) == (1, 0)


def test_TW_6_8_switch_puts_the_chosen_tile_first_and_tells_only_who_knows_it():
    st, ev = run("S1 switch N:gas", soldiers="S1 board d2 n weapons=S:gun:0:S,N:bomb:2:S,N:gas:1:S" + S2 + N2,
                 turn=E2)
    assert [w.tile for w in st.soldier("S1").weapons] == ["N:gas", "S:gun", "N:bomb"]
    assert [(e.kind, dict(e.data), e.text, e.seen_by) for e in ev] == [
        ("switch", {"sid": "S1"}, "S1 switches weapons", None),
        ("switch-detail", {"sid": "S1", "tile": "N:gas"}, "S1 switches to N:gas", frozenset({"S"}))]
    # a tile known to both seats, and a fired (public) one
    _, ev = run("S1 switch N:gas", soldiers="S1 board d2 n weapons=S:gun:0:S,N:gas:1:SN" + S2 + N2, turn=E2)
    assert ev[1].seen_by == frozenset({"S", "N"})
    _, ev = run("S1 switch N:gas", soldiers="S1 board d2 n weapons=S:gun:0:S,N:gas:1:SN!" + S2 + N2, turn=E2)
    assert ev[1].seen_by is None


EQUIP_REFUSALS = [
    (dict(soldiers="S1 board d2 n masks=0 mask-on drugs=1\nS2 board g2 n masks=1" + N2), "S1 drug",
     "TW-6: S1 cannot equip while masked"),
    (dict(soldiers="S1 board d2 n drugs=1\nS2 board g2 n masks=1" + N2), "S1 mask", "TW-6.8: S1 has no mask"),
    (dict(soldiers="S1 board d2 n masks=1\nS2 board g2 n masks=1" + N2), "S1 drug", "TW-6.8: S1 has no drug"),
    (dict(soldiers="S1 board d2 n weapons=S:gun:4:S,N:bomb:2:S\nS2 board g2 n masks=1" + N2), "S1 switch N:gun",
     "TW-6.8: S1 holds no other weapon N:gun to switch to"),
    (dict(soldiers="S1 board d2 n weapons=S:gun:4:S,N:bomb:2:S\nS2 board g2 n masks=1" + N2), "S1 switch S:gun",
     "TW-6.8: S1 holds no other weapon S:gun to switch to"),
]


@pytest.mark.parametrize("kw,action,message", EQUIP_REFUSALS, ids=[_id(m) for _k, _a, m in EQUIP_REFUSALS])
def test_TW_6_8_equip_refusal_message(kw, action, message):
    refuse(action, message, turn=E2, **kw)


def test_TW_11_a_civilian_never_equips():
    kw = dict(soldiers="S1 board b2 n masks=1\nC1 board d3 n\nC2 board f5 n" + N2, cells={"a4": "V"}, turn=E2,
              extra="variants: guerrillas")
    refuse("C1 mask", "TW-11: a civilian only steps and turns", **kw)
    assert mine(position(scene(rules=HIGH, **kw)), "C1") == set()


# == TW-6.8 drug: two extra actions ================================================================
def drug_cards(st, sid="S1"):
    return {a for a in legal(st) if a.startswith(f"{sid} drug ")}


def test_TW_6_8_the_extra_actions_offered_are_the_soldiers_categories_with_an_action_and_a_card():
    # S1 did the Equip; on flat ground it has no Build; the Dig card is still face down (plotted 2nd)
    text = scene(soldiers="S1 board d2 n drugs=1 weapons=S:gun:4:S" + S2 + N2, turn="S cards=equip,dig slot=1 uses=0",
                 rules=HIGH)
    st, _ = play(text, "S1 drug")
    assert drug_cards(st) == {"S1 drug move", "S1 drug turn", "S1 drug fire"}
    # on a boat only a step or a turn
    st, _ = run("S1 drug", soldiers="S1 boat d1 n drugs=1 weapons=S:gun:4:S\nS2 board g2 n" + N2, turn=E2)
    assert drug_cards(st) == {"S1 drug move", "S1 drug turn"}


def test_TW_6_8_a_drug_card_from_the_discard_pile_event():
    st, ev = run("S1 drug; S1 drug move", soldiers="S1 board d2 n drugs=1" + S2 + N2, turn=E2, discards={"S": "move"})
    assert table(ev)[1] == ("drug-card", {"sid": "S1", "card": "move", "source": "discard", "seat": "S"},
                            "S1 plays move from the discard (drug)")
    assert ACTION_CARDS.count(st.hands["S"], "move") == 0 and ACTION_CARDS.count(st.discards["S"], "move") == 1
    assert st.turn.extra_card == "S1:move"
    assert mine(st) == {"S1 step n", "S1 step e", "S1 step s", "S1 step w", "S1 dash"}


def test_TW_6_8_a_drug_card_from_the_hand_goes_to_the_discard_pile():
    st, ev = run("S1 drug; S1 drug turn; S1 turn e", soldiers="S1 board d2 n drugs=1" + S2 + N2, turn=E2)
    assert table(ev)[1:] == [("drug-card", {"sid": "S1", "card": "turn", "source": "hand", "seat": "S"},
                              "S1 plays turn from the hand (drug)"),
                             ("turn", {"sid": "S1", "before": "n", "after": "e"}, "S1 turns e")]
    assert ACTION_CARDS.count(st.hands["S"], "turn") == 1 and ACTION_CARDS.count(st.discards["S"], "turn") == 1
    assert st.turn.extra == (("S1", 1),) and st.turn.extra_card is None
    assert ("S1", "turn") in st.turn.acted
    assert "S1 drug turn" not in drug_cards(st) and "S1 drug move" in drug_cards(st)


def test_TW_6_8_a_remote_dig_needs_both_extra_actions_left():
    st, _ = run("S1 drug; S1 drug dig", soldiers="S1 board d2 n drugs=1" + S2 + N2, turn=E2)
    assert {"S dig c5", "S1 dig"} <= set(legal(st))
    st, _ = run("S1 drug; S1 drug dig; S dig c5", soldiers="S1 board d2 n drugs=1\nS2 board g2 n masks=1" + N2,
                turn=E2)
    assert col(st, "c5") == "" and st.turn.extra == (("S1", 0),) and ("S1", "dig") in st.turn.acted
    assert drug_cards(st) == set()
    st, _ = run("S1 drug; S1 drug turn; S1 turn e; S1 drug dig", soldiers="S1 board d2 n drugs=1" + S2 + N2,
                turn=E2)
    assert "S1 dig" in legal(st) and not any(a.startswith("S dig") for a in legal(st))


def test_TW_6_8_a_drugged_soldier_that_dashed_does_nothing_more():
    st, _ = run("S1 drug; S1 drug move; S1 dash", soldiers="S1 board d2 n drugs=1\nS2 board g2 n masks=1" + N2,
                turn=E2)
    assert st.turn.extra == (("S1", 1),) and st.turn.dashed == ("S1",) and drug_cards(st) == set()
    assert where(st, "S1")[1] == "d4"


def test_TW_6_8_pass_is_offered_with_drug_actions_left_once_the_plotted_cards_are_done():
    st, _ = run("S1 drug", soldiers="S1 board d2 n drugs=1" + S2 + N2, turn="S cards=equip slot=1 uses=0")
    assert "S pass" not in legal(st) or st.turn.plotted_done
    st, _ = run("S1 drug; S1 drug turn; S1 turn e", soldiers="S1 board d2 n drugs=1" + N2,
                turn="S cards=equip slot=1 uses=0")
    assert st.turn.plotted_done and "S pass" in legal(st) and "S1 drug move" in legal(st)


# == TW-4.4 / TW-6.10 interrupt ======================================================================
def _three_text(drugs="N1"):
    soldiers = ("S1 board d2 n\nW1 board b4 e\nN1 board d6 s" + (" drugs=1" if "N1" in drugs else "")
                + "\nN2 boat c7 s drugs=1\nN3 board f6 s")
    return scene(players="S W N", soldiers=soldiers, turn="", plots={"S": "move", "W": "move"}, extra="queue: N",
                 rules=HIGH)


def _three(plot_n, drugs="N1"):
    return play(_three_text(drugs), f"N plot {plot_n}")[0]


def test_TW_6_10_every_living_soldier_with_a_drug_may_pay_the_interrupt():
    st = _three("interrupt move")
    assert legal(st) == {"N interrupt N1", "N interrupt N2", "N wait"}
    st = _three("turn move")
    assert legal(st) == {"N wait"}


def test_TW_6_10_declare_event_and_state():
    st, ev = run_text(_three_text(), "N plot interrupt move; N interrupt N2")
    assert table(ev)[2] == ("interrupt", {"seat": "N", "payer": "N2"}, "N interrupts, paying N2's drug")
    assert st.soldier("N2").drugs == 0 and st.soldier("N1").drugs == 1
    assert st.turn.cards == ("move",) and st.interrupt_used == {"N"} and st.turn.seat == "N"
    assert st.order == ("N", "S", "W")


def test_TW_4_4_wait_event():
    st, ev = run_text(_three_text(), "N plot interrupt move; N wait")
    assert table(ev)[2] == ("wait", {"seat": "N"}, "N does not interrupt now")
    assert st.turn.seat == "S" and st.order == ("S", "W", "N") and st.plots["N"] == ("interrupt", "move")


# == TW-9 ammunition spent (a tie-break) and TW-8 gas after a destroying shot ======================
def test_TW_9_spent_ammunition_adds_up_over_the_game():
    st, _ = run("S1 fire destroy", cells={"d4": "2"}, soldiers=f"S1 board d2 n {GUN}" + S2 + N2, turn=F2,
                spent={"S": 5, "N": 2})
    assert st.spent == {"S": 7, "N": 2}
    st, _ = run("S1 fire d3", soldiers=f"S1 board d2 n {BOMB}" + S2 + N2, turn=F2, spent={"S": 1, "N": 4})
    assert st.spent == {"S": 2, "N": 4}


def test_TW_8_gas_moves_after_the_shot_opened_the_trench_and_its_soldier_dropped():
    # wind s: the token in the hole d5 rests against the ground cube d4 (trench sides c5, e5); the shot
    # along the trench d3 destroys d4 under N1, N1 drops, then the gas flows d4 d3 d2 (S1 is masked)
    st, ev = run("S1 fire destroy", cells={"d2": "0", "d3": "0", "d5": "0"}, gas="1 N d5 1", wind="s",
                 soldiers=f"S1 board d2 n {GUN} masks=1 mask-on" + S2 + "\nN1 board d4 w" + N2, turn=F2)
    assert table(ev)[:3] == [fire_gun("S1", (17,), stop=24, destroy=True, at="d4"),
                             ("cube", {"how": "destroy", "cause": "shot", "frm": 24, "to": None, "layer": 1,
                                       "kind": "n", "sid": None}, "the cube on d4 is destroyed"),
                             ("move", {"sid": "N1", "path": (24, 24), "from_boat": False, "how": "drop"},
                              "N1 drops into the hole")]
    assert [k for k, _d, _t in table(ev)[3:]] == ["death", "mask-used", "gas"]
    assert table(ev)[5][1]["path"] == (31, 24, 17, 10) and [(g.cell, g.layer) for g in st.gas] == [(10, 1)]


def test_TW_9_a_winning_shot_at_a_base_ends_the_game_before_the_gas_moves():
    # wind n: the token on d6 rests against the base d7 (c6, e6 walls); the game ends at once
    st, ev = run("S1 fire destroy", cells={"d7": "nN", "c6": "2", "e6": "2"}, gas="1 N d6 2", wind="n",
                 soldiers=f"S1 board d3 n {GUN}" + S2 + N2, turn=F2, rules="", points={"S": 1})
    assert [k for k, _d, _t in table(ev)] == ["fire", "cube", "score", "end"]
    assert st.result is not None and [(g.cell, g.layer) for g in st.gas] == [(38, 2)]


def test_TW_6_8_each_extra_action_uses_one_of_that_soldiers_two():
    # an own-cell dig is one action (only the remote dig takes both)
    st, _ = run("S1 drug; S1 drug dig; S1 dig", soldiers="S1 board d2 n drugs=1\nS2 board g2 n masks=1" + N2,
                turn=E2)
    assert st.turn.extra == (("S1", 1),) and col(st, "d2") == ""
    # two drugged soldiers keep separate counts
    st, _ = run("S1 drug; S2 drug; S1 drug turn; S1 turn e", soldiers="S1 board d2 n drugs=1\nS2 board g2 n drugs=1"
                + N2, turn=E2)
    assert st.turn.extra == (("S1", 1), ("S2", 2))


def test_TW_6_8_a_soldier_with_no_extra_action_left_does_not_hide_the_others():
    # S1 used both extra actions; S2's two are still offered
    st, _ = run("S1 drug; S2 drug; S1 drug turn; S1 turn e; S1 drug move; S1 step e",
                soldiers="S1 board d2 n drugs=1\nS2 board f2 n drugs=1" + N2, turn=E2)
    assert st.turn.extra == (("S1", 0), ("S2", 2))
    assert drug_cards(st) == set() and drug_cards(st, "S2") == {"S2 drug move", "S2 drug turn", "S2 drug dig"}


def test_TW_6_8_only_the_categories_the_soldier_already_did_are_left_out():
    st, _ = run("S1 step n; S reveal; S1 drug", soldiers="S1 board d2 n drugs=1" + S2 + N2,
                turn="S cards=move,equip slot=1 uses=0")
    assert drug_cards(st) == {"S1 drug turn", "S1 drug dig"}


def test_TW_6_8_a_drugged_soldier_with_nothing_left_to_do_ends_the_turn():
    st, ev = run("S1 drug; S1 drug move; S1 dash", soldiers="S1 board d2 n drugs=1" + N2,
                 turn="S cards=equip slot=1 uses=0")
    # S1 has an extra action left but nothing to do with it, and no other soldier can use the Equip
    # card again: S's turn ends (N, with nothing plotted, follows and the round ends)
    assert [k for k, _d, _t in table(ev)] == ["drug", "drug-card", "move", "turn-end", "turn-start", "turn-end",
                                              "round"]
    assert st.turn is None and st.round == 6


def test_TW_6_6c_a_bomb_destroys_an_enemy_base_and_scores():
    st, ev = run("S1 fire d7", cells={"d7": "nN"}, soldiers=f"S1 board d5 n {BOMB}" + S2 + N2, turn=F2)
    assert table(ev) == [("fire", {"sid": "S1", "seat": "S", "weapon": "bomb", "tile": "S:bomb", "target": 45},
                          "S1 throws S:bomb at d7"),
                         ("cube", {"how": "destroy", "cause": "bomb", "frm": 45, "to": None, "layer": 2, "kind": "N",
                                   "sid": None}, "the N base on d7 is destroyed"),
                         ("score", {"seat": "S", "points": 1, "why": "base"}, "S +1 for destroying N's base")]
    assert col(st, "d7") == "n" and st.points["S"] == 1


def test_TW_11_guerrilla_options_skip_an_unarmed_soldier():
    soldiers = ("S1 board b2 n weapons=S:gun:4:S\nS2 board f2 n\nN1 board d6 s\nN2 board a6 e\nC1 board d3 n\n"
                "C2 board f5 n")
    st = position(scene(soldiers=soldiers, rules=HIGH, **GUERRILLA))
    assert mine(st, "C1") == {"C1 fire S:gun"}


# == TW-8 the gas owner's deflection choice =========================================================
def test_TW_8_a_blocked_gas_asks_its_owner_left_or_right_and_goes_that_way():
    # wind n: the token put on d3 meets the wall d4; left of north is west
    kw = dict(cells={"d4": "2"}, wind="n", soldiers=f"S1 board d2 n {GAS}" + S2 + N2, turn=F2)
    st, ev = run("S1 fire front", **kw)
    assert table(ev)[-1] == ("gas-choice", {"gid": 1, "cell": 17, "seat": "S"}, "S chooses where gas 1 turns on d3")
    assert legal(st) == {"S gas left", "S gas right"}
    st, ev = run("S1 fire front; S gas left", **kw)
    assert table(ev)[3:] == [
        ("gas-turn", {"gid": 1, "side": "left", "seat": "S"}, "S turns gas 1 left"),
        ("gas", {"gid": 1, "owner": "S", "path": (17, 16, 23, 30, 37, 44), "how": "flow", "layer": 2},
         "gas 1 drifts d3 c3 c4 c5 c6 c7"),
        ("gas", {"gid": 1, "owner": "S", "path": (44,), "how": "leave", "layer": 2, "direction": "n"},
         "gas 1 leaves the board from c7")]
    st, ev = run("S1 fire front; S gas right", **kw)
    assert table(ev)[4][1]["path"] == (17, 18, 25, 32, 39, 46) and st.gas == ()


# == more exact limits ===============================================================================
def test_TW_6_6a_destroy_needs_the_cube_within_range_and_exactly_two_rounds_suffice():
    # the wall d7 is 5 cells ahead, beyond the range of 4: nothing to destroy
    kw = dict(cells={"d7": "2"}, soldiers=f"S1 board d2 n {GUN}" + S2 + N2, turn=F2)
    assert mine(position(scene(rules=HIGH, **kw))) == {"S1 fire"}
    st, ev = run("S1 fire destroy", cells={"d4": "2"}, soldiers="S1 board d2 n weapons=S:gun:2:S" + S2 + N2, turn=F2)
    assert st.soldier("S1").weapons[0].ammo == 0 and col(st, "d4") == "n"
    assert table(ev)[-1] == bonus_event()              # the last rounds of the own gun (two players, gas gone)


def test_TW_7_5_handing_over_while_a_drug_card_is_in_play_keeps_the_card_due():
    st, ev = run("S1 drug; S1 drug move; S1 give S2 food", soldiers="S1 board d2 n drugs=1 food=1\nS2 board e2 n" + N2,
                 turn=E2)
    assert table(ev)[-1] == ("give", {"frm": "S1", "to": "S2", "what": "food"}, "S1 hands food to S2")
    assert st.turn.extra_card == "S1:move" and st.turn.extra == (("S1", 2),) and st.soldier("S2").food == 1


def test_TW_4_4_the_second_player_in_order_is_asked_too_and_asked_again_after_an_interrupt():
    soldiers = "S1 board d2 n\nW1 board b4 e drugs=1\nN1 board d6 s drugs=1"
    text = scene(players="S W N", soldiers=soldiers, turn="", plots={"S": "move", "W": "interrupt,move"},
                 extra="queue: N", rules=HIGH)
    st, _ = run_text(text, "N plot interrupt move")
    assert st.current_player() == "W" and legal(st) == {"W interrupt W1", "W wait"}
    st, _ = run_text(text, "N plot interrupt move; W wait; N interrupt N1; N1 step s")
    # N went first; before S's turn W (Interrupt still unused, a drug to pay) is asked again
    assert st.current_player() == "W" and legal(st) == {"W interrupt W1", "W wait"}
    assert st.order == ("S", "W")


def test_TW_6_8_a_drugged_soldier_that_dashed_does_not_hide_the_others():
    st, _ = run("S1 drug; S2 drug; S1 drug move; S1 dash", soldiers="S1 board d2 n drugs=1\nS2 board f2 n drugs=1"
                + N2, turn=E2)
    assert st.turn.extra == (("S1", 1), ("S2", 2)) and drug_cards(st) == set()
    assert drug_cards(st, "S2") == {"S2 drug move", "S2 drug turn", "S2 drug dig"}


def test_TW_6_8_a_drug_card_left_without_an_action_leaves_only_pass():
    # S1 plays Fire for its extra action, then hands its only weapon over: nothing to fire, pass ends the turn
    st, _ = run("S1 drug; S1 drug fire; S1 give S2 S:gun",
                soldiers=f"S1 board d2 n drugs=1 {GUN}\nS2 board e2 n masks=1" + N2, turn=E2)
    assert {a for a in legal(st) if " give " not in a} == {"S pass"}
    st, ev = run("S1 drug; S1 drug fire; S1 give S2 S:gun; S pass",
                 soldiers=f"S1 board d2 n drugs=1 {GUN}\nS2 board e2 n masks=1" + N2, turn=E2)
    assert table(ev)[3] == ("pass", {"seat": "S"}, "S passes") and st.turn is None


def test_TW_6_8_a_soldier_that_dashed_after_its_drug_has_no_extra_action():
    st, _ = run("S1 drug; S reveal; S1 dash", soldiers="S1 board d2 n drugs=1\nS2 board f2 n" + N2,
                turn="S cards=equip,move slot=1 uses=0")
    # both extra actions unused, but a soldier that dashed does nothing more: the turn is over
    assert st.turn is None and where(st, "S1")[1] == "d4"
