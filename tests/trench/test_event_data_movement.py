"""Event data of TW-6.1 step, TW-6.2 dash and TW-7.1 assault, asserted field by field.

The animation (``game/tables/trench/animation.py``) replays ``move`` by ``sid``, ``path`` (its last cell is
where the piece ends; ``how == "escape"`` takes it off the board) and ``how`` (a dash animates
faster), ``cube`` by ``how``/``frm``/``to``/``layer``/``kind``, ``death`` by ``sid``/``cell``; the log
(``game/tables/trench/logtext.py``) reads ``from_boat``, ``how``, ``cause``, ``killer`` and the ``score`` data.
So each test below lists every event the action causes, with all its data and its text, worked
out from the rules and the Events table of ``docs/notation.md`` (cells are ``x + 7*y``: a1 = 0,
d3 = 17, d4 = 24, d5 = 31).  A turn of two Move cards keeps the turn open, so no turn or round
events follow the action.
"""

from trench_helpers import illegal, play, scene, where

HIGH = "target_points_2p=9 target_points=9"
MM = "S cards=move,move slot=1 uses=0"


def table(events):
    """Every event as ``(kind, data dict, text)``."""
    return [(e.kind, dict(e.data), e.text) for e in events]


def move(sid, path, how, from_boat=False):
    return {"sid": sid, "path": path, "from_boat": from_boat, "how": how}


def run(actions="S1 step n", **kw):
    kw.setdefault("turn", MM)
    kw.setdefault("rules", HIGH)
    st, ev = play(scene(**kw), actions)
    assert all(e.seen_by is None for e in ev), "movement events are public"
    return st, table(ev)


# -- TW-6.1 step -------------------------------------------------------------------------------
def test_TW_6_1_step_event_names_the_path_from_start_to_end():
    _, ev = run("S1 step e", soldiers="S1 board d3 n\nN1 board b7 s")
    assert ev == [("move", move("S1", (17, 18), "step"), "S1 steps to e3")]


def test_TW_6_1_drop_and_climb_events_say_how():
    _, ev = run(cells={"d4": "0"}, soldiers="S1 board d3 n\nN1 board b7 s")
    assert ev == [("move", move("S1", (17, 24), "drop"), "S1 drops to d4")]
    _, ev = run(cells={"d4": "0"}, items="d5 food drug", soldiers="S1 board d4 n\nN1 board b7 s")
    assert ev == [("move", move("S1", (24, 31), "climb"), "S1 climbs to d5"),
                  ("pickup", {"sid": "S1", "cell": 31, "what": ("food", "drug")}, "S1 takes food drug on d5")]


def test_TW_6_1_walking_along_a_trench_is_a_step():
    _, ev = run("S1 step e", cells={"d4": "0", "e4": "0"}, soldiers="S1 board d4 n\nN1 board b7 s")
    assert ev == [("move", move("S1", (24, 25), "step"), "S1 steps to e4")]


def test_TW_6_1_step_from_a_boat_removes_the_boat_first():
    st, ev = run(soldiers="S1 boat d1 n\nN1 board a6 s")
    assert ev == [("cube", {"how": "boat", "frm": None, "to": None, "sid": "S1", "cell": 3}, "S1's boat is removed"),
                  ("move", move("S1", (3, 3), "step", from_boat=True), "S1 steps to d1")]
    assert where(st, "S1") == ("board", "d1", "n") and st.out == 1


def test_TW_6_1_push_cube_event_then_the_step():
    st, ev = run(cells={"d4": "2"}, soldiers="S1 board d3 n\nN1 board b7 s")
    assert ev == [("cube", {"how": "push", "frm": 24, "to": 31, "sid": "S1"}, "S1 pushes the cube from d4 to d5"),
                  ("move", move("S1", (17, 24), "step"), "S1 steps to d4")]


def test_TW_6_1_push_ally_event_then_the_step():
    st, ev = run(soldiers="S1 board d3 n\nS2 board d4 s\nN1 board b7 s")
    assert ev == [("move", move("S2", (24, 31), "pushed"), "S1 pushes S2 to d5"),
                  ("move", move("S1", (17, 24), "step"), "S1 steps to d4")]
    assert where(st, "S2") == ("board", "d5", "s")  # a pushed ally keeps its facing


def test_TW_6_1_escape_event_has_the_edge_cell_as_its_path():
    st, ev = run(soldiers="S1 board d7 n\nS2 board a2 n\nN1 board b7 s", points={"S": 1})
    assert ev == [("move", move("S1", (45,), "escape"), "S1 steps off the board"),
                  ("escape", {"sid": "S1", "seat": "S"}, "S1 escapes (+1)")]
    assert where(st, "S1")[0] == "escaped" and st.points["S"] == 2


# -- TW-6.1 tunnel -----------------------------------------------------------------------------
def test_TW_6_1_tunnel_events_dig_then_move():
    st, ev = run("S1 tunnel n", cells={"d4": "0"}, soldiers="S1 board d4 n\nN1 board b7 s")
    assert ev == [("cube", {"how": "dig", "frm": 31, "to": None, "sid": "S1"}, "S1 tunnels into d5"),
                  ("move", move("S1", (24, 31), "tunnel"), "S1 tunnels to d5")]
    assert st.columns[31] == "" and st.out == 1


def test_TW_6_1_the_faller_arrives_in_the_tunnellers_cell_and_takes_its_corpse():
    """Revision 2: the soldier on the tunnelled cell falls onto the tunneller, who dies (nobody
    scores); the faller arrives there and takes the tunneller's corpse like any arrival (TW-7.3)."""
    st, ev = run("S1 tunnel n", cells={"d4": "0"}, soldiers="S1 board d4 n\nN1 board d5 s\nN2 board b7 s")
    assert ev == [
        ("cube", {"how": "dig", "frm": 31, "to": None, "sid": "S1"}, "S1 tunnels into d5"),
        ("move", move("N1", (31, 31), "drop"), "N1 falls into d5"),
        ("death", {"sid": "S1", "cell": 31, "cause": "buried by a falling soldier", "killer": None},
         "S1 dies on d5 (buried by a falling soldier)"),
        ("pickup", {"sid": "N1", "cell": 31, "what": ("S1",)}, "N1 takes the corpse of S1"),
        ("eat", {"seat": "N", "corpse": "S1"}, "N eats the corpse of S1: cards back to hand"),
    ]
    assert where(st, "N1") == ("board", "d5", "s") and where(st, "S1")[0] == "carried"
    assert st.points == {"S": 0, "N": 0} and st.carried_enemy_corpses("N") == 1 and st.score("N") == 1


def test_TW_11_a_civilian_tunnels_only_with_the_guerrillas_variant():
    soldiers = "S1 board d2 n\nN1 board b7 s\nC1 board c4 n\nC2 board f4 s"
    illegal(scene(cells={"c4": "0"}, soldiers=soldiers, extra="variants: civilians", turn=MM, rules=HIGH),
            "C1 tunnel n", "TW-11: a civilian cannot tunnel")
    st, ev = run("C1 tunnel n", cells={"c4": "0"}, soldiers=soldiers, extra="variants: guerrillas")
    assert ev == [("cube", {"how": "dig", "frm": 30, "to": None, "sid": "C1"}, "C1 tunnels into c5"),
                  ("move", move("C1", (23, 30), "tunnel"), "C1 tunnels to c5")]
    assert where(st, "C1") == ("board", "c5", "n")


# -- TW-7.1 assault ----------------------------------------------------------------------------
def test_TW_7_1_assault_kills_scores_enters_and_takes_the_corpse():
    st, ev = run(soldiers="S1 board d3 n\nN1 board d4 s\nN2 board b7 s")
    assert ev == [
        ("death", {"sid": "N1", "cell": 24, "cause": "assault", "killer": "S"}, "N1 dies on d4 (assault)"),
        ("score", {"seat": "S", "points": 1, "why": "kill"}, "S +1 for killing N1"),
        ("move", move("S1", (17, 24), "step"), "S1 steps to d4"),
        ("pickup", {"sid": "S1", "cell": 24, "what": ("N1",)}, "S1 takes the corpse of N1"),
        ("eat", {"seat": "S", "corpse": "N1"}, "S eats the corpse of N1: cards back to hand"),
    ]


def test_TW_7_1_assaulting_a_base_on_ground_destroys_the_top_cube():
    st, ev = run(cells={"d4": "nN"}, soldiers="S1 board d3 n\nN1 board b7 s")
    assert ev == [
        ("cube", {"how": "destroy", "cause": "assault", "frm": 24, "to": None, "layer": 2, "kind": "N", "sid": None},
         "the N base on d4 is destroyed"),
        ("score", {"seat": "S", "points": 1, "why": "base"}, "S +1 for destroying N's base"),
        ("move", move("S1", (17, 24), "step"), "S1 steps to d4"),
    ]
    assert st.columns[24] == "n" and st.points["S"] == 1


def test_TW_7_1_assaulting_a_base_of_height_1_leaves_a_hole_the_assaulter_drops_into():
    st, ev = run(cells={"d4": "N"}, soldiers="S1 board d3 n\nN1 board b7 s")
    assert ev == [
        ("cube", {"how": "destroy", "cause": "assault", "frm": 24, "to": None, "layer": 1, "kind": "N", "sid": None},
         "the N base on d4 is destroyed"),
        ("score", {"seat": "S", "points": 1, "why": "base"}, "S +1 for destroying N's base"),
        ("move", move("S1", (17, 24), "drop"), "S1 drops to d4"),
    ]
    assert st.columns[24] == "" and where(st, "S1") == ("board", "d4", "n")


def test_TW_7_1_assaulting_the_village_is_penalised_not_scored():
    soldiers = "S1 board d3 n\nN1 board b7 s\nC1 board a4 n\nC2 board g4 n"
    st, ev = run(cells={"d4": "V"}, soldiers=soldiers, extra="variants: civilians")
    assert ev == [
        ("cube", {"how": "destroy", "cause": "assault", "frm": 24, "to": None, "layer": 1, "kind": "V", "sid": None},
         "the village on d4 is destroyed"),
        ("village", {"seat": "S"}, "S destroys the village"),
        ("move", move("S1", (17, 24), "drop"), "S1 drops to d4"),
    ]
    assert st.points["S"] == 0 and [(p.kind, p.seat) for p in st.pending] == [("penalty", "S")]


def test_TW_7_1_the_village_must_be_faced_to_be_assaulted():
    soldiers = "S1 board d3 e\nN1 board b7 s\nC1 board a4 n\nC2 board g4 n"
    msg = illegal(scene(cells={"d4": "V"}, soldiers=soldiers, extra="variants: civilians", turn=MM, rules=HIGH),
                  "S1 step n", "TW-7.1")
    assert msg == "TW-7.1: S1 cannot enter d4: it must face the village to assault it"
    msg = illegal(scene(cells={"d4": "nN"}, soldiers="S1 board d3 e\nN1 board b7 s", turn=MM, rules=HIGH),
                  "S1 step n", "TW-7.1")
    assert msg == "TW-7.1: S1 cannot enter d4: it must face the base to assault it"


# -- TW-6.2 dash -------------------------------------------------------------------------------
def test_TW_6_2_dash_event_path_names_both_cells():
    _, ev = run("S1 dash", soldiers="S1 board d3 n\nN1 board b7 s")
    assert ev == [("move", move("S1", (17, 24, 31), "dash"), "S1 dashes to d5")]


def test_TW_6_2_dash_levels_from_a_trench():
    """Started in a trench the first cell is climbed onto (ground) or run along (hole); the second
    follows the step rules from there: onto a hole from ground (drop), onto ground from a trench
    (climb out), never onto a wall from a trench."""
    st, ev = run("S1 dash", cells={"d3": "0", "d5": "0"}, soldiers="S1 board d3 n\nN1 board b7 s")
    assert ev == [("move", move("S1", (17, 24, 31), "dash"), "S1 dashes to d5")]
    assert where(st, "S1")[1] == "d5"
    st, ev = run("S1 dash", cells={"d3": "0", "d4": "0"}, soldiers="S1 board d3 n\nN1 board b7 s")
    assert where(st, "S1")[1] == "d5" and ev[0][1]["path"] == (17, 24, 31)
    msg = illegal(scene(cells={"d3": "0", "d4": "0", "d5": "2"}, soldiers="S1 board d3 n\nN1 board b7 s",
                        turn=MM, rules=HIGH), "S1 dash", "TW-6.2")
    assert msg == "TW-6.2: S1 cannot climb out onto the wall d5 from a trench"
    # from ground over a hole the runner is at ground level: a wall ahead is a push, never in a dash
    msg = illegal(scene(cells={"d4": "0", "d5": "2"}, soldiers="S1 board d3 n\nN1 board b7 s",
                        turn=MM, rules=HIGH), "S1 dash", "TW-6.2")
    assert msg == "TW-6.2: S1 cannot dash onto d5: a dash never pushes a cube"
    # climbed out of a trench onto ground, the wall beyond is a push too
    msg = illegal(scene(cells={"d3": "0", "d5": "2"}, soldiers="S1 board d3 n\nN1 board b7 s",
                        turn=MM, rules=HIGH), "S1 dash", "TW-6.2")
    assert msg == "TW-6.2: S1 cannot dash onto d5: a dash never pushes a cube"


def test_TW_6_2_a_jumped_hole_is_not_entered_but_a_crossed_cell_is():
    st, ev = run("S1 dash", cells={"d4": "0"}, items="d4 food", soldiers="S1 board d3 n\nN1 board b7 s")
    assert ev == [("move", move("S1", (17, 24, 31), "dash"), "S1 dashes to d5")]
    assert st.items.get(24) is not None and st.soldier("S1").food == 0
    st, ev = run("S1 dash", items="d4 food", soldiers="S1 board d3 n\nN1 board b7 s")
    assert ev == [("pickup", {"sid": "S1", "cell": 24, "what": ("food",)}, "S1 takes food on d4"),
                  ("move", move("S1", (17, 24, 31), "dash"), "S1 dashes to d5")]
    assert 24 not in st.items and st.soldier("S1").food == 1


def test_TW_6_2_a_dasher_killed_by_gas_in_the_first_cell_stops_there():
    st, ev = run("S1 dash", gas="1 N d4 2", soldiers="S1 board d3 n\nN1 board b7 s")
    assert ev == [("death", {"sid": "S1", "cell": 24, "cause": "gas", "killer": "N"}, "S1 dies on d4 (gas)"),
                  ("score", {"seat": "N", "points": 1, "why": "kill"}, "N +1 for killing S1"),
                  ("move", move("S1", (17, 24), "dash"), "S1 dashes to d4")]
    assert where(st, "S1")[:2] == ("corpse", "d4")


def test_TW_6_2_a_jumped_gas_hole_does_not_expose_the_dasher():
    st, ev = run("S1 dash", cells={"d4": "0"}, gas="1 N d4 1", soldiers="S1 board d3 n\nN1 board b7 s")
    assert ev == [("move", move("S1", (17, 24, 31), "dash"), "S1 dashes to d5")]
    assert where(st, "S1")[:2] == ("board", "d5")


def test_TW_6_2_dash_assault_and_dash_escape():
    _, ev = run("S1 dash", soldiers="S1 board d3 n\nN1 board d5 s\nN2 board b7 s")
    assert ev[:3] == [
        ("death", {"sid": "N1", "cell": 31, "cause": "assault", "killer": "S"}, "N1 dies on d5 (assault)"),
        ("score", {"seat": "S", "points": 1, "why": "kill"}, "S +1 for killing N1"),
        ("move", move("S1", (17, 24, 31), "dash"), "S1 dashes to d5")]
    assert [k for k, _d, _t in ev[3:]] == ["pickup", "eat"]
    st, ev = run("S1 dash", soldiers="S1 board d6 n\nS2 board b2 n\nN1 board b5 s")
    assert ev == [("move", move("S1", (38, 45), "escape"), "S1 dashes off the board"),
                  ("escape", {"sid": "S1", "seat": "S"}, "S1 escapes (+1)")]
    assert where(st, "S1")[0] == "escaped"


def test_TW_6_2_dash_from_a_boat():
    st, ev = run("S1 dash", soldiers="S1 boat d1 n\nN1 board a6 s")
    assert ev == [("cube", {"how": "boat", "frm": None, "to": None, "sid": "S1", "cell": 3}, "S1's boat is removed"),
                  ("move", move("S1", (3, 3, 10), "dash", from_boat=True), "S1 dashes to d2")]


# -- TW-8 terrain changed next to resting gas ------------------------------------------------------
def test_TW_8_pushing_a_cube_next_to_resting_gas_moves_it_after_the_step():
    """The pushed cube lands on d5, next to the resting token on e5: once the mover has arrived the
    token moves again with the east wind, e5 f5 g5, and leaves the board."""
    st, ev = run(cells={"d4": "2"}, gas="1 N e5 2", wind="e", soldiers="S1 board d3 n\nN1 board b7 s")
    assert ev == [
        ("cube", {"how": "push", "frm": 24, "to": 31, "sid": "S1"}, "S1 pushes the cube from d4 to d5"),
        ("move", move("S1", (17, 24), "step"), "S1 steps to d4"),
        ("gas", {"gid": 1, "owner": "N", "path": (32, 33, 34), "how": "flow", "layer": 2}, "gas 1 drifts e5 f5 g5"),
        ("gas", {"gid": 1, "owner": "N", "path": (34,), "how": "leave", "layer": 2, "direction": "e"},
         "gas 1 leaves the board from g5"),
    ]
    assert st.gas == ()


def test_TW_8_tunnelling_next_to_resting_trench_gas_lets_it_in_after_arrival():
    """Revision 2: the tunneller arrives first, then the trench gas on e5 flows west into the new
    trench cell d5 (killing the tunneller, N scores) and on along the trench to d4."""
    st, ev = run("S1 tunnel n", cells={"d4": "0", "e5": "0"}, gas="1 N e5 1", wind="w",
                 soldiers="S1 board d4 n\nN1 board b7 s")
    assert ev == [
        ("cube", {"how": "dig", "frm": 31, "to": None, "sid": "S1"}, "S1 tunnels into d5"),
        ("move", move("S1", (24, 31), "tunnel"), "S1 tunnels to d5"),
        ("death", {"sid": "S1", "cell": 31, "cause": "gas", "killer": "N"}, "S1 dies on d5 (gas)"),
        ("score", {"seat": "N", "points": 1, "why": "kill"}, "N +1 for killing S1"),
        ("gas", {"gid": 1, "owner": "N", "path": (32, 31, 24), "how": "flow", "layer": 1}, "gas 1 drifts e5 d5 d4"),
    ]
    assert [(g.gid, g.cell, g.layer) for g in st.gas] == [(1, 24, 1)]
