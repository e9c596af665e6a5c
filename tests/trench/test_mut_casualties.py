"""TW-7 death, corpses, consolation, items, eating, TW-4.6 sinking and TW-9 escape, scoring and the
end, pinned exactly: every event with all its data and its text, every field of the dead, the taker
and the heirs, the cube accounting, and the result.

Expected values are worked out from the rules reference (``/work/shared/rules/trench-war.md``) and
the Events table of ``docs/notation.md``.  Cells are ``x + 7*y``: d3 = 17, d4 = 24, d7 = 45.  Each
scenario is also played in quiet mode, which must give the same events and state with empty texts.
"""

from trench_helpers import event_table, legal, play_loud_and_quiet, position, scene, where

from game.trench import casualties
from game.trench.casualties import Result
from game.trench.state import ACTION_CARDS

HIGH = "target_points_2p=9 target_points=9"
MM = "S cards=move,move slot=1 uses=0"


table = event_table


def run(actions, state=None, **kw):
    """Play ``actions`` loud and quiet (same data and state, quiet texts empty); loud state and table."""
    if state is None:
        kw.setdefault("rules", HIGH)
        kw.setdefault("turn", MM)
    loud, ev = play_loud_and_quiet(scene(**kw) if state is None else state, actions)
    return loud, table(ev)


def death(sid, cell, cause, killer, where_):
    return ("death", {"sid": sid, "cell": cell, "cause": cause, "killer": killer}, f"{sid} dies on {where_} ({cause})")


def scored(seat, victim, points=1):
    return ("score", {"seat": seat, "points": points, "why": "kill"}, f"{seat} +{points} for killing {victim}")


def step(sid, path, how="step", text=None):
    return ("move", {"sid": sid, "path": tuple(path), "from_boat": False, "how": how}, text)


def pickup(sid, cell, what, text):
    return ("pickup", {"sid": sid, "cell": cell, "what": tuple(what)}, text)


def eat(seat, corpse):
    return ("eat", {"seat": seat, "corpse": corpse}, f"{seat} eats the corpse of {corpse}: cards back to hand")


def give(frm, to, what, text=None):
    return ("give", {"frm": frm, "to": to, "what": what}, text or f"{frm} hands {what} to {to}")


def belongings(s):
    return (tuple((w.tile, w.ammo, tuple(sorted(w.known))) for w in s.weapons), s.masks, s.mask_on, s.drugs,
            s.food, s.cubes, s.corpses)


NOTHING = ((), 0, False, 0, 0, 0, ())


# == TW-7.2 death and consolation, TW-7.3 taking the corpse =========================================
ASSAULT = """
    S1 board d3 n cubes=1
    N1 board d4 s weapons=N:gun:4:N masks=1 mask-on drugs=1 food=1 cubes=2
    N2 board g6 s
"""


def test_TW_7_2_the_dead_keeps_everything_until_its_owner_chose_the_consolation():
    before = position(scene(soldiers=ASSAULT, turn=MM, rules=HIGH))
    st, ev = run("S1 step n", soldiers=ASSAULT)
    assert ev == [death("N1", 24, "assault", "S", "d4"), scored("S", "N1"), step("S1", (17, 24), text="S1 steps to d4")]
    n1 = st.soldier("N1")
    assert (n1.status, n1.cell, n1.gas_check) == ("corpse", 24, 0)
    assert belongings(n1) == ((("N:gun", 4, ("N",)),), 1, True, 1, 1, 2, ())
    assert belongings(st.soldier("S1")) == ((), 0, False, 0, 0, 1, ())
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("console", "N", ("N1",))]
    assert st.dead == before.dead + 1 == 1 and st.points == {"S": 1, "N": 0}
    assert legal(st) == {"N console none", "N console N2 N:gun", "N console N2 mask", "N console N2 drug",
                         "N console N2 food", "N console N2 cube"}


def test_TW_7_3_after_the_consolation_the_assaulter_takes_the_corpse_with_the_rest():
    st, _ = run("S1 step n", soldiers=ASSAULT)
    supply = st.supply
    st, ev = run("N console N2 mask", state=st)
    assert ev == [give("N1", "N2", "mask"), pickup("S1", 24, ["N1"], "S1 takes the corpse of N1"), eat("S", "N1")]
    # the spare mask went to N2; the worn one stays with the corpse and is taken as a mask;
    # S1 had 1 cube: room for 1 of the 2, the other goes back to the supply [I]
    assert belongings(st.soldier("N2")) == ((), 1, False, 0, 0, 0, ())
    assert belongings(st.soldier("S1")) == ((("N:gun", 4, ("N", "S")),), 1, False, 1, 1, 2, ("N1",))
    n1 = st.soldier("N1")
    assert (n1.status, n1.cell, n1.carrier) == ("carried", None, "S1") and belongings(n1) == NOTHING
    assert st.supply == supply + 1 and st.score("S") == 2


def test_TW_7_2_the_worn_mask_of_the_dead_may_be_the_consolation():
    soldiers = "S1 board d3 n\nN1 board d4 s mask-on\nN2 board g6 s"
    st, _ = run("S1 step n", soldiers=soldiers)
    assert legal(st) == {"N console none", "N console N2 mask"}
    st, ev = run("N console N2 mask", state=st)
    assert ev == [give("N1", "N2", "mask"), pickup("S1", 24, ["N1"], "S1 takes the corpse of N1"), eat("S", "N1")]
    assert belongings(st.soldier("N2")) == ((), 1, False, 0, 0, 0, ())
    assert belongings(st.soldier("S1")) == ((), 0, False, 0, 0, 0, ("N1",))
    # shot dead, nobody takes the corpse: it keeps no mask at all
    st, _ = run("S1 fire", soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s mask-on\nN2 board g6 s",
                turn="S cards=fire,move slot=1 uses=0")
    st, ev = run("N console N2 mask", state=st)
    assert ev == [give("N1", "N2", "mask")]
    n1 = st.soldier("N1")
    assert n1.status == "corpse" and n1.mask_on is False and n1.masks == 0 and st.soldier("N2").masks == 1


def test_TW_7_2_consolation_of_a_weapon_a_counter_or_nothing():
    st, _ = run("S1 step n", soldiers=ASSAULT)
    gun, _ = run("N console N2 N:gun", state=st)
    assert belongings(gun.soldier("N2")) == ((("N:gun", 4, ("N",)),), 0, False, 0, 0, 0, ())
    assert belongings(gun.soldier("S1"))[0] == ()
    for what, field in (("drug", 3), ("food", 4)):
        got, _ = run(f"N console N2 {what}", state=st)
        expect = [(), 0, False, 0, 0, 0, ()]
        expect[field] = 1
        assert belongings(got.soldier("N2")) == tuple(expect)
    cube, _ = run("N console N2 cube", state=st)
    assert cube.soldier("N2").cubes == 1 and cube.soldier("S1").cubes == 2 and cube.supply == st.supply
    none, ev = run("N console none", state=st)
    assert ev == [pickup("S1", 24, ["N1"], "S1 takes the corpse of N1"), eat("S", "N1")]
    assert belongings(none.soldier("S1")) == ((("N:gun", 4, ("N", "S")),), 2, False, 1, 1, 2, ("N1",))
    assert belongings(none.soldier("N1")) == NOTHING                  # the carried corpse holds nothing
    assert none.supply == st.supply + 1


def test_TW_7_2_no_consolation_without_a_surviving_soldier_or_without_belongings():
    alone = "S1 board d3 n\nN1 board d4 s food=1\nN2 corpse g6 s"
    st, ev = run("S1 step n", soldiers=alone)
    assert st.pending == () and ev[-2:] == [pickup("S1", 24, ["N1"], "S1 takes the corpse of N1"), eat("S", "N1")]
    assert st.soldier("S1").food == 1
    bare = "S1 board d3 n\nN1 board d4 s\nN2 board g6 s"
    st, ev = run("S1 step n", soldiers=bare)
    assert st.pending == () and [e[0] for e in ev] == ["death", "score", "move", "pickup", "eat"]


def test_TW_7_2_a_corpse_nobody_stands_on_stays_after_the_consolation():
    soldiers = "S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s food=1\nN2 board g6 s"
    st, ev = run("S1 fire", soldiers=soldiers, turn="S cards=fire,move slot=1 uses=0")
    assert ev[-2:] == [death("N1", 31, "gun", "S", "d5"), scored("S", "N1")]
    st, ev = run("N console none", state=st)
    assert ev == [] and where(st, "N1")[:2] == ("corpse", "d5") and st.soldier("N1").food == 1


def test_TW_7_3_a_corpse_lying_in_a_cell_is_taken_on_entry_with_its_carried_corpses():
    soldiers = """
        S1 board d3 n cubes=2 food=1
        N1 board g6 s
        N2 corpse d4 s weapons=N:gas:2:N drugs=2 cubes=1 corpses=S3
        S3 carried - n carrier=N2
    """
    before = position(scene(soldiers=soldiers, turn=MM, rules=HIGH))
    st, ev = run("S1 step n", soldiers=soldiers)
    assert st.supply == before.supply + 1                     # no room for N2's cube [I]
    assert ev == [step("S1", (17, 24), text="S1 steps to d4"), pickup("S1", 24, ["N2"], "S1 takes the corpse of N2"),
                  eat("S", "N2")]
    s1 = st.soldier("S1")
    assert belongings(s1) == ((("N:gas", 2, ("N", "S")),), 0, False, 2, 1, 2, ("N2", "S3"))
    assert st.soldier("S3").carrier == "S1" and st.soldier("N2").carrier == "S1"
    assert belongings(st.soldier("N2")) == NOTHING and st.soldier("N2").status == "carried"
    assert st.carried_enemy_corpses("S") == 1 and st.score("S") == 1      # S3 is S's own: it never scores


def test_TW_7_3_items_are_taken_on_entry():
    st, ev = run("S1 step n", soldiers="S1 board d3 n food=1 drugs=1\nN1 board g6 s", items="d4 food drug food")
    assert ev == [step("S1", (17, 24), text="S1 steps to d4"),
                  pickup("S1", 24, ["food", "drug", "food"], "S1 takes food drug food on d4")]
    assert st.soldier("S1").food == 3 and st.soldier("S1").drugs == 2 and 24 not in st.items


# == TW-7.4 eating ==================================================================================
def _eating(corpse, extra="interrupt-used: S", players="S N", more=""):
    return scene(players=players, soldiers=f"S1 board d3 n\n{corpse}\n{more}",
                 discards={"S": "build,dig"}, hands={"S": "turn:2,build,fire:2,equip,camp" + ("" if "interrupt-used: S" in extra else ",interrupt")},
                 extra=extra,
                 turn=MM, rules=HIGH, order=" ".join(players.split()))


def test_TW_7_4_eating_an_enemy_corpse_returns_the_discards_and_the_interrupt():
    st, ev = run("S1 step n", state=position(_eating("N2 corpse d4 s\nN1 board g6 s")))
    assert ev[-1] == eat("S", "N2")
    assert st.discards["S"] == ACTION_CARDS.empty() and st.interrupt_used == frozenset()
    # hand: move turn:2 build fire:2 equip camp + discards build dig move (this turn's) + interrupt
    assert st.hands["S"] == ACTION_CARDS.parse("move,turn:2,build:2,fire:2,dig,equip,camp,interrupt")


def test_TW_7_4_eating_without_a_used_interrupt_returns_only_the_discards():
    st, ev = run("S1 step n", state=position(_eating("N2 corpse d4 s\nN1 board g6 s", extra="")))
    assert st.hands["S"] == ACTION_CARDS.parse("move,turn:2,build:2,fire:2,dig,equip,camp,interrupt")
    assert st.interrupt_used == frozenset()


def test_TW_7_4_an_allys_or_a_civilians_corpse_never_restores_the_interrupt():
    st, _ = run("S1 step n", state=position(_eating("S2 corpse d4 n\nN1 board g6 s")))
    assert st.interrupt_used == frozenset({"S"})
    assert st.hands["S"] == ACTION_CARDS.parse("move,turn:2,build:2,fire:2,dig,equip,camp")
    st, _ = run("S1 step n", state=position(_eating("C1 corpse d4 n\nN1 board g6 s\nC2 board a5 n",
                                                   extra="variants: civilians\ninterrupt-used: S")))
    assert st.interrupt_used == frozenset({"S"}) and st.soldier("S1").corpses == ("C1",)
    assert st.score("S") == 0


def test_TW_7_4_an_open_team_allys_corpse_never_restores_the_interrupt():
    text = _eating("W1 corpse d4 e\nN1 board g6 s\nE1 board g2 w", players="S W N E",
                   extra="variants: open-teams\ninterrupt-used: S", more="W2 board a3 e")
    st, _ = run("S1 step n", state=position(text))
    assert st.interrupt_used == frozenset({"S"}) and st.carried_enemy_corpses("S") == 0


# == TW-7 deaths without a scorer, already dead ======================================================
def test_TW_7_2_a_death_nobody_is_responsible_for_scores_nothing():
    st = position(scene(soldiers="S1 board d3 n\nS2 board b2 n\nN1 board g6 s", rules=HIGH))
    ev = []
    casualties.kill(st, "S1", None, "buried by a falling soldier", ev)
    assert table(ev) == [death("S1", 17, "buried by a falling soldier", None, "d3")]
    assert st.points == {"S": 0, "N": 0} and st.dead == 1 and st.pending == ()
    casualties.kill(st, "S1", "N", "gun", ev)                       # already dead: nothing more
    assert len(ev) == 1 and st.dead == 1 and st.points == {"S": 0, "N": 0}


def test_TW_7_2_killing_an_own_soldier_scores_nothing():
    st = position(scene(soldiers="S1 board d3 n food=1\nS2 board b2 n\nN1 board g6 s", rules=HIGH))
    ev = []
    casualties.kill(st, "S1", "S", "gas", ev)
    assert table(ev) == [death("S1", 17, "gas", "S", "d3")]
    assert st.points == {"S": 0, "N": 0} and [(p.kind, p.seat, p.data) for p in st.pending] == [("console", "S", ("S1",))]


def test_TW_11_a_killed_civilian_owes_a_penalty_and_no_consolation():
    text = scene(soldiers="S1 board d3 n\nN1 board g6 s\nC1 board d4 s\nC2 board a5 n", extra="variants: civilians",
                 rules=HIGH)
    st = position(text)
    ev = []
    casualties.kill(st, "C1", "S", "gun", ev)
    assert table(ev) == [death("C1", 24, "gun", "S", "d4")]
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("penalty", "S", ("C1",))]
    assert st.dead == 1


# == TW-9 escape ====================================================================================
def test_TW_9_escape_event_points_cubes_and_a_single_heir():
    soldiers = "S1 board d7 n weapons=S:gun:3:S! cubes=2\nS2 board b2 n weapons=S:bomb:2:S\nN1 board b6 s"
    st, ev = run("S1 step n", soldiers=soldiers, out=3)
    assert ev[:3] == [step("S1", (45,), "escape", "S1 steps off the board"),
                      ("escape", {"sid": "S1", "seat": "S"}, "S1 escapes (+1)"),
                      give("S1", "S2", "weapons", "S1's weapons go to S2")]
    s1 = st.soldier("S1")
    assert (s1.status, s1.cell, s1.cubes, s1.weapons) == ("escaped", None, 0, ())
    assert [(w.tile, w.ammo) for w in st.soldier("S2").weapons] == [("S:bomb", 2), ("S:gun", 3)]
    assert st.out == 3 + 2 and st.points["S"] == 1 and st.pending == ()   # its cubes leave the game


def test_TW_9_escape_with_three_players_scores_two_and_several_heirs_are_a_choice():
    soldiers = "S1 board d7 n weapons=S:gun:3:S!\nS2 board b2 n\nS3 board c2 n\nW1 board a4 e\nN1 board b6 s"
    st, ev = run("S1 step n", soldiers=soldiers, players="S W N", order="S W N")
    assert ev[:2] == [step("S1", (45,), "escape", "S1 steps off the board"),
                      ("escape", {"sid": "S1", "seat": "S"}, "S1 escapes (+2)")]
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("handover", "S", ("S1",))]
    assert st.points["S"] == 2
    st, ev = run("S handover S3", state=st)
    assert ev == [give("S1", "S3", "weapons", "S1's weapons go to S3")]
    assert [w.tile for w in st.soldier("S3").weapons] == ["S:gun"] and st.soldier("S1").weapons == ()


def test_TW_9_an_escaper_without_weapons_hands_nothing_over():
    st, ev = run("S1 step n", soldiers="S1 board d7 n\nS2 board b2 n\nS3 board c2 n\nN1 board b6 s")
    assert [e[0] for e in ev] == ["move", "escape"] and st.pending == ()


def test_TW_11_hidden_teams_an_escape_scores_nothing():
    soldiers = "S1 board d7 n\nS2 board b2 n\nW1 board a4 e\nN1 board f6 s\nE1 board g4 w"
    st, ev = run("S1 step n", soldiers=soldiers, players="S W N E", order="S W N E",
                 extra="variants: hidden-teams\nteams: S=a:S W=b:W N=a:N E=b:E")
    assert ev[1] == ("escape", {"sid": "S1", "seat": "S"}, "S1 escapes (+0)")
    assert st.points == {"S": 0, "W": 0, "N": 0, "E": 0}


def test_TW_9_an_escape_that_reaches_the_target_wins_at_once():
    st, ev = run("S1 step n", soldiers="S1 board d7 n\nS2 board b2 n\nN1 board b6 s", points={"S": 1}, rules="")
    assert ev[-1] == ("end", {"winners": ("S",), "reason": "target"}, "game over (target): S wins")
    assert st.result == Result(("S",), "target", (("S", 2), ("N", 0)), "S reached 2 of 2 points")
    assert st.phase == "over" and st.pending == ()


# == TW-4.6 sinking =================================================================================
def test_TW_4_6_a_soldier_left_on_its_boat_sinks_with_its_cubes_and_carried_corpses():
    text = scene(soldiers="S1 boat d1 n cubes=1 corpses=N2\nS2 board b3 n food=1\nN1 board b6 s\nN2 carried - s carrier=S1",
                 round=3, order="S", turn="S cards=turn slot=1 uses=0", rules=HIGH, out=4)
    before = position(text)
    st, ev = run("S2 turn e; S pass", state=before)
    k = [e[0] for e in ev].index("sink")
    assert ev[k] == ("sink", {"sid": "S1"}, "S1 sinks with its boat")
    s1 = st.soldier("S1")
    assert (s1.status, s1.cell, s1.cubes, s1.corpses) == ("sunk", None, 0, ())
    n2 = st.soldier("N2")
    assert (n2.status, n2.carrier) == ("sunk", None)
    assert before.out == 4 and st.out == 4 + 2 and st.dead == before.dead + 1   # the boat cube and S1's cube


# == TW-9 the end ===================================================================================
def test_TW_9_judgement_when_the_dead_reach_the_limit_event_result_and_scores():
    soldiers = "S1 board d3 n\nS2 board b5 n\nN1 board d4 s\nN2 board a6 s\nN3 corpse g6 s\nS3 corpse g2 n"
    st, ev = run("S1 step n", soldiers=soldiers, dead=3, points={"N": 1})
    # the 4th death of two players ends the game at once, before S1 moves in and takes the corpse:
    # 1 point each; S wins on rows advanced (S2 on b5: 5 rows from S's edge, N2 on a6: 2 from N's)
    assert ev == [death("N1", 24, "assault", "S", "d4"), scored("S", "N1"),
                  ("end", {"winners": ("S",), "reason": "judgement"}, "game over (judgement): S wins")]
    assert st.result == Result(("S",), "judgement", (("S", 1), ("N", 1)), "4 dead")
    assert where(st, "S1")[:2] == ("board", "d3") and st.phase == "over"
    assert st.result.as_dict() == {"winners": ["S"], "reason": "judgement", "scores": {"S": 1, "N": 1},
                                   "detail": "4 dead"}


def test_TW_9_open_teams_win_together_and_the_text_says_win():
    soldiers = "S1 board d3 n\nW1 board a3 e\nN1 board d4 s\nN2 board g6 s\nE1 board g2 w"
    st, ev = run("S1 step n", soldiers=soldiers, players="S W N E", order="S W N E", rules="",
                 points={"W": 2}, extra="variants: open-teams")
    assert ev[-1] == ("end", {"winners": ("S", "W"), "reason": "target"}, "game over (target): S W win")
    assert st.result.winners == ("S", "W") and st.result.detail == "S reached 3 of 3 points"
    assert dict(st.result.scores) == {"S": 3, "W": 3, "N": 0, "E": 0}


# == TW-7.5 handing belongings, TW-7.2 a carried corpse as the consolation ============================
OPEN = dict(players="S W N E", order="S W N E", extra="variants: open-teams")


def test_TW_7_5_a_weapon_handed_to_an_ally_becomes_known_to_its_seat():
    soldiers = "S1 board d3 n weapons=S:bomb:2:S!,N:gun:4:N\nS2 board e3 w\nN1 board b6 s"
    st, ev = run("S1 give S2 N:gun", soldiers=soldiers)
    assert ev == [give("S1", "S2", "N:gun")]
    assert belongings(st.soldier("S2")) == ((("N:gun", 4, ("N", "S")),), 0, False, 0, 0, 0, ())
    assert [w.tile for w in st.soldier("S1").weapons] == ["S:bomb"] and st.turn.uses == 0


def test_TW_7_5_a_carried_corpse_is_handed_over_with_its_carrier():
    soldiers = "S1 board d3 n corpses=N2\nS2 board e3 w corpses=N3\nN1 board b6 s\nN2 carried - s carrier=S1\n" \
               "N3 carried - s carrier=S2"
    st, ev = run("S1 give S2 N2", soldiers=soldiers)
    assert ev == [give("S1", "S2", "N2")]
    assert st.soldier("S1").corpses == () and st.soldier("S2").corpses == ("N3", "N2")
    assert st.soldier("N2").carrier == "S2" and st.soldier("N3").carrier == "S2"


def test_TW_7_5_counters_and_spare_masks_are_handed_one_at_a_time():
    soldiers = "S1 board d3 n masks=2 drugs=2 food=2 cubes=2\nS2 board e3 w\nN1 board b6 s"
    st, ev = run("S1 give S2 mask; S1 give S2 drug; S1 give S2 food; S1 give S2 cube", soldiers=soldiers)
    assert ev == [give("S1", "S2", w) for w in ("mask", "drug", "food", "cube")]
    assert belongings(st.soldier("S1")) == ((), 1, False, 1, 1, 1, ())
    assert belongings(st.soldier("S2")) == ((), 1, False, 1, 1, 1, ())


def test_TW_7_2_a_carried_corpse_may_be_the_consolation():
    soldiers = "S1 board d3 n\nN1 board d4 s corpses=S3\nN2 board g6 s\nS3 carried - n carrier=N1"
    st, _ = run("S1 step n", soldiers=soldiers, dead=1)
    assert legal(st) == {"N console none", "N console N2 S3"}
    st, ev = run("N console N2 S3", state=st)
    assert ev == [give("N1", "N2", "S3"), pickup("S1", 24, ["N1"], "S1 takes the corpse of N1"), eat("S", "N1")]
    assert st.soldier("N2").corpses == ("S3",) and st.soldier("S3").carrier == "N2"
    assert st.soldier("S1").corpses == ("N1",) and st.score("N") == 1


# == TW-9 who wins at the target =====================================================================
def test_TW_9_open_teams_the_acting_seat_names_the_win():
    soldiers = "S1 board a3 e\nW1 board d3 n\nN1 board d4 s\nN2 board g6 s\nE1 board g2 w"
    st, ev = run("W1 step n", soldiers=soldiers, rules="", points={"S": 2}, turn="W cards=move,move slot=1 uses=0",
                 players="S W N E", order="W N E", extra="variants: open-teams")
    assert ev[-1] == ("end", {"winners": ("S", "W"), "reason": "target"}, "game over (target): S W win")
    assert st.result.detail == "W reached 3 of 3 points"


def test_TW_11_hidden_teams_an_ally_kill_can_make_the_other_side_win():
    # S kills N, its hidden team-mate: side b (W, E) scores and reaches 3; S acts but did not reach
    soldiers = "S1 board d3 n\nN1 board d4 s\nN2 board g6 s\nW1 board a4 e\nE1 board g3 w"
    st, ev = run("S1 step n", soldiers=soldiers, rules="", points={"W": 2}, players="S W N E", order="S W N E",
                 extra="variants: hidden-teams\nteams: S=a:S W=b:W N=a:N E=b:E")
    assert ev[-1] == ("end", {"winners": ("W", "E"), "reason": "target"}, "game over (target): W E win")
    assert st.result.detail == "W reached 3 of 3 points"
    assert dict(st.result.scores) == {"S": 0, "W": 3, "N": 0, "E": 3}
    assert [e[1]["seat"] for e in ev if e[0] == "team-revealed"] == ["S", "W", "N", "E"]


# == TW-9 judgement points and the carried corpses (TW-0 corpse_points) ================================
def test_TW_9_judgement_scores_count_carried_enemy_corpses_with_either_setting():
    soldiers = "S1 board d3 n corpses=N3\nS2 board b5 n\nN1 board d4 s\nN2 board a6 s\nN3 carried - s carrier=S1\n" \
               "S3 corpse g2 n"
    for setting in ("always", "judgement"):
        st, ev = run("S1 step n", soldiers=soldiers, dead=3, rules=f"{HIGH} corpse_points={setting}")
        assert st.result.reason == "judgement" and dict(st.result.scores) == {"S": 2, "N": 0}
        assert st.result.winners == ("S",)


def test_TW_9_target_scores_leave_carried_corpses_out_when_they_count_only_at_judgement():
    soldiers = "S1 board d3 n corpses=N3\nS2 board b5 n\nN1 board d4 s\nN2 board a6 s\nN3 carried - s carrier=S1"
    st, ev = run("S1 step n", soldiers=soldiers, dead=1, points={"S": 1}, rules="corpse_points=judgement")
    assert st.result == Result(("S",), "target", (("S", 2), ("N", 0)), "S reached 2 of 2 points")


def test_TW_11_the_end_reveals_every_hidden_side_in_seat_order_before_the_end_event():
    text = scene(soldiers="S1 board d3 n\nW1 board a4 e\nN1 board f6 s\nE1 board g3 w", players="S W N E",
                 order="S W N E", rules=HIGH, extra="variants: hidden-teams\nteams: S=a:S W=b:WS N=a:N! E=b:E")
    st = position(text)
    ev = []
    casualties.judge(st, "judgement", ev, "test")
    assert [(e.kind, dict(e.data), e.text) for e in ev] == [
        ("team-revealed", {"seat": "S", "team": "a"}, "S is on side a"),
        ("team-revealed", {"seat": "W", "team": "b"}, "W is on side b"),
        ("team-revealed", {"seat": "E", "team": "b"}, "E is on side b"),
        ("end", {"winners": ("S", "N"), "reason": "judgement"}, "game over (judgement): S N win")]
    assert st.result == Result(("S", "N"), "judgement", (("S", 0), ("W", 0), ("N", 0), ("E", 0)), "test")


def test_TW_7_2_a_dead_soldiers_gas_check_is_over():
    soldiers = "S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s gas-check=1\nN2 board g6 s"
    st, ev = run("S1 fire", soldiers=soldiers, turn="S cards=fire,move slot=1 uses=0")
    assert where(st, "N1")[0] == "corpse" and st.soldier("N1").gas_check == 0


def test_TW_11_a_dead_civilian_owes_no_consolation_even_holding_something():
    text = scene(soldiers="S1 board d3 n\nN1 board g6 s\nC1 board d4 s food=1\nC2 board a5 n",
                 extra="variants: civilians guerrillas", rules=HIGH)
    st = position(text)
    ev = []
    casualties.kill(st, "C1", "S", "gun", ev)
    assert table(ev) == [death("C1", 24, "gun", "S", "d4")] and st.pending == ()


def test_TW_9_the_end_drops_every_decision_still_pending():
    soldiers = "S1 board d3 n\nS2 board b5 n\nN1 board d4 s food=1\nN2 board a6 s\nN3 corpse g6 s\nS3 corpse g2 n"
    st, ev = run("S1 step n", soldiers=soldiers, dead=3, points={"N": 1})
    assert st.result.reason == "judgement" and st.pending == () and st.soldier("N1").food == 1
    assert [e[0] for e in ev] == ["death", "score", "end"]


def test_TW_9_a_judgement_called_without_a_detail_has_none():
    st = position(scene(soldiers="S1 board d4 n\nN1 board d6 s", rules=HIGH))
    ev = []
    casualties.judge(st, "round-limit", ev)
    assert st.result == Result(("S",), "round-limit", (("S", 0), ("N", 0)), "")
    assert table(ev) == [("end", {"winners": ("S",), "reason": "round-limit"}, "game over (round-limit): S wins")]


def test_TW_7_3_entering_takes_every_corpse_there_but_one_whose_consolation_is_owed():
    # N3's corpse lies under N1 (accepted by the position rules); S1's assault kills N1 on d4:
    # S1 takes N3 at once, N1 only once N has chosen its consolation (TW-7.2)
    soldiers = "S1 board d3 n\nN1 board d4 s food=1\nN2 board g6 s\nN3 corpse d4 s"
    st, ev = run("S1 step n", soldiers=soldiers)
    assert ev[3:] == [pickup("S1", 24, ["N3"], "S1 takes the corpse of N3"), eat("S", "N3")]
    assert st.soldier("S1").corpses == ("N3",) and where(st, "N1")[0] == "corpse"
    assert [(p.kind, p.seat, p.data) for p in st.pending] == [("console", "N", ("N1",))]
    st, ev = run("N console none", state=st)
    assert st.soldier("S1").corpses == ("N3", "N1") and st.soldier("S1").food == 1


def test_TW_11_a_civilian_entering_a_corpses_cell_eats_nothing_and_reveals_no_weapon():
    """Civilians hold no cards and are nobody's seat: no eating, and no seat learns the corpse's
    unrevealed weapon (whether the civilian or the corpse ends up holding it)."""
    text = scene(soldiers="S1 board b2 n\nN1 board g6 s\nN2 corpse d4 s weapons=N:gun:4:N\nC1 board d3 n\n"
                          "C2 board a5 n", extra="variants: civilians", rules=HIGH, discards={"S": "build"})
    before = position(text)
    st, ev = run("C1 step n", state=before)
    assert "eat" not in [e[0] for e in ev]
    assert st.hands == before.hands and st.discards == before.discards
    tiles = [w for s in st.soldiers for w in s.weapons if w.tile == "N:gun"]
    assert len(tiles) == 1 and tiles[0].known == frozenset({"N"})


def test_TW_9_judgement_ammunition_spent_comes_before_turn_order():
    # tied on points, rows (3 each: d3 for S, d5 for N), corpses and survivors; S spent more
    # ammunition, so S wins although N comes later in the round's order (start S)
    st = position(scene(soldiers="S1 board d3 n\nN1 board d5 s", rules=HIGH, spent={"S": 3, "N": 1}, start="S"))
    ev = []
    casualties.judge(st, "judgement", ev, "4 dead")
    assert st.result.winners == ("S",)
    assert casualties.tiebreak_key(st, "S") == (0, 3, 0, 1, 3, 0)
    assert casualties.tiebreak_key(st, "N") == (0, 3, 0, 1, 1, 1)
