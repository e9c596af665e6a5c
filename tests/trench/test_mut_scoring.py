"""TW-6.6a/c, TW-7.1, TW-8, TW-9: destroyed cubes and bases, field by field (issue 14, scoring.py).

What a destroyed cube leaves behind: the exact ``cube`` events (destroy, and the wall that drops
when the ground cube under it goes, "daruma"), the score for an enemy base, quiet mode (no text,
same data), and the gas that moves again once the destroying action is complete (TW-8, revision 2).
Cells are x + 7*y (d4 = 24, e4 = 25, c4 = 23, b4 = 22, a4 = 21, d3 = 17).
"""

from trench_helpers import col, play, position, scene

HIGH = "target_points_2p=9 target_points=9"  # no win at once: the events run to the end
FIRE = "S cards=fire,move slot=1 uses=0"


def _data(events):
    return [(e.kind, dict(e.data), e.text) for e in events]


def _bomb_wall(quiet=False, **kw):
    st = position(scene(soldiers="S1 board d2 n weapons=S:bomb:2:S\nN1 board b7 s", turn=FIRE,
                        rules=HIGH, **kw))
    if quiet:
        st.set_quiet()
    return play(st, "S1 fire d4")


def _shot_under_wall(quiet=False):
    # S1 in a trench (d2), the trench runs on to d3; the shot flies in L1 and stops at the ground
    # cube of the wall on d4 (TW-6.6a); "destroy" spends a second round on it.
    st = position(scene(cells={"d2": "0", "d3": "0", "d4": "2"}, turn=FIRE, rules=HIGH,
                        soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board b7 s"))
    if quiet:
        st.set_quiet()
    return play(st, "S1 fire destroy")


def test_TW_6_6c_a_bombed_natural_wall_cube_is_destroyed_and_leaves_the_game():
    st, ev = _bomb_wall(cells={"d4": "2"})
    assert _data(ev) == [
        ("fire", {"sid": "S1", "seat": "S", "weapon": "bomb", "tile": "S:bomb", "target": 24},
         "S1 throws S:bomb at d4"),
        ("cube", {"how": "destroy", "cause": "bomb", "frm": 24, "to": None, "layer": 2, "kind": "n",
                  "sid": None}, "the cube on d4 is destroyed"),
    ]
    assert col(st, "d4") == "n" and st.out == 1 and st.points == {"S": 0, "N": 0}


def test_TW_6_6a_destroying_the_ground_cube_under_a_wall_drops_the_wall():
    st, ev = _shot_under_wall()
    assert _data(ev)[1:] == [
        ("cube", {"how": "destroy", "cause": "shot", "frm": 24, "to": None, "layer": 1, "kind": "n",
                  "sid": None}, "the cube on d4 is destroyed"),
        # the wall cube falls from L2 onto the ground layer of the same cell
        ("cube", {"how": "drop", "frm": 24, "to": 24, "layer": 2}, "the wall on d4 drops"),
    ]
    assert col(st, "d4") == "n" and st.out == 1
    assert st.soldier("S1").weapons[0].ammo == 2  # one round for the shot, one for the cube


def test_TW_9_quiet_mode_keeps_every_destruction_event_and_its_data_but_no_text():
    for run in (_shot_under_wall, lambda quiet: _bomb_wall(quiet, cells={"d4": "nN"})):
        loud_st, loud = run(quiet=False)
        quiet_st, quiet = run(quiet=True)
        assert [(e.kind, e.data) for e in quiet] == [(e.kind, e.data) for e in loud]
        assert [e.text for e in quiet] == [""] * len(quiet)
        assert all(e.text for e in loud)
        assert quiet_st.columns == loud_st.columns and quiet_st.points == loud_st.points
    # the base run scored: its score event was among those compared
    assert loud_st.points == {"S": 1, "N": 0} and "score" in [e.kind for e in quiet]


def test_TW_8_gas_next_to_a_bombed_wall_moves_again_with_the_wind():
    # The token rests on e4 against the wall on d4 (wind west).  The bomb leaves d4 at h 1: the
    # token drifts on through d4, c4, b4, a4 and leaves the board (TW-8).
    st, ev = _bomb_wall(cells={"d4": "2"}, gas="1 N e4 2", wind="w", extra="next-gas: 2")
    assert _data(ev)[2:] == [
        ("gas", {"gid": 1, "owner": "N", "path": (25, 24, 23, 22, 21), "how": "flow", "layer": 2},
         "gas 1 drifts e4 d4 c4 b4 a4"),
        ("gas", {"gid": 1, "owner": "N", "path": (21,), "how": "leave", "layer": 2, "direction": "w"},
         "gas 1 leaves the board from a4"),
    ]
    assert st.gas == ()


def test_TW_8_gas_moves_only_once_the_base_assaulter_has_arrived():
    # S1 assaults N's base on d4 (TW-7.1: destroyed, +1, S1 enters d4).  The token resting on e4
    # against the base moves again only then (TW-8 [I]): it drifts through d4, where S1 now
    # stands unmasked, and kills it (the gas owner N scores the kill).
    text = scene(cells={"d4": "nN"}, gas="1 N e4 2", wind="w", rules=HIGH, extra="next-gas: 2",
                 soldiers="S1 board d3 n\nS2 board b2 n\nN1 board b7 s")
    st, ev = play(text, "S1 step n")
    assert _data(ev)[:7] == [
        ("cube", {"how": "destroy", "cause": "assault", "frm": 24, "to": None, "layer": 2, "kind": "N",
                  "sid": None}, "the N base on d4 is destroyed"),
        ("score", {"seat": "S", "points": 1, "why": "base"}, "S +1 for destroying N's base"),
        ("move", {"sid": "S1", "path": (17, 24), "from_boat": False, "how": "step"}, "S1 steps to d4"),
        ("death", {"sid": "S1", "cell": 24, "cause": "gas", "killer": "N"}, "S1 dies on d4 (gas)"),
        ("score", {"seat": "N", "points": 1, "why": "kill"}, "N +1 for killing S1"),
        ("gas", {"gid": 1, "owner": "N", "path": (25, 24, 23, 22, 21), "how": "flow", "layer": 2},
         "gas 1 drifts e4 d4 c4 b4 a4"),
        ("gas", {"gid": 1, "owner": "N", "path": (21,), "how": "leave", "layer": 2, "direction": "w"},
         "gas 1 leaves the board from a4"),
    ]
    assert st.points == {"S": 1, "N": 1} and st.soldier("S1").status == "corpse"
    assert col(st, "d4") == "n" and st.gas == ()
