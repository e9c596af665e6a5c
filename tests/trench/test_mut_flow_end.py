"""TW-4.6 end of round (sinking penalties, their order, dropped when moot), TW-9 penalties for a
civilian, and the decisions queued outside the normal flow, with exact state and events.

Expected values are worked out from ``shared/rules/trench-war.md``; events follow the Events table
of ``docs/notation.md``.
"""

from trench_helpers import legal, play, position, scene, where

from game.core.protocol import CHANCE
from game.trench.state import Pending

HIGH = "target_points_2p=9 target_points=9"


def table(events):
    return [(e.kind, dict(e.data), e.text) for e in events]


def _round_3_end(soldiers, **kw):
    """S takes the last turn of round 3 (one Turn card; S1 turns east and the turn is over)."""
    kw.setdefault("rules", HIGH)
    return scene(round=3, soldiers=soldiers, turn="S cards=turn slot=1 uses=0", order="S",
                 forecast="n e", wind_deck="s,w,same,eclipse", wind="calm", wind_card="calm", **kw)


FULL = "S1 board d2 n weapons=S:gun:4:S masks=1 mask-on drugs=1 food=1 cubes=2"


def test_TW_4_6_a_sinking_penalty_offers_every_kind_the_survivors_hold():
    text = _round_3_end(f"{FULL}\nS2 boat c1 n\nN1 board b6 s")
    st, ev = play(text, "S1 turn e; S pass")
    assert table(ev) == [("turn", {"sid": "S1", "before": "n", "after": "e"}, "S1 turns e"),
                         ("pass", {"seat": "S"}, "S passes"),
                         ("turn-end", {"seat": "S"}, "S's turn ends"),
                         ("sink", {"sid": "S2"}, "S2 sinks with its boat"),
                         ("round", {"round": 4, "start": "N"}, "round 4")]
    assert st.round == 4 and st.phase == "wind"
    assert [p.kind for p in st.pending] == ["sink"] and st.current_player() == "S"
    assert sorted(legal(st)) == ["S sink S1 S:gun", "S sink S1 cube", "S sink S1 drug", "S sink S1 food",
                                 "S sink S1 mask"]


def _sunk(choice, quiet=False):
    st = position(_round_3_end(f"{FULL}\nS2 boat c1 n\nN1 board b6 s"))
    st.set_quiet(quiet)
    st, ev = play(st, "S1 turn e; S pass")
    assert [e.text == "" for e in ev] == [quiet] * len(ev)
    out = st.out
    st, ev = play(st, f"S sink S1 {choice}")
    return st, ev, out


def test_TW_4_6_discarding_the_cubes_takes_them_out_of_the_game():
    st, ev, out = _sunk("cube")
    s1 = st.soldier("S1")
    assert (s1.cubes, s1.masks, s1.mask_on, s1.drugs, s1.food, len(s1.weapons)) == (0, 1, True, 1, 1, 1)
    assert st.out == out + 2 and st.cube_census()["total"] == 68
    assert table(ev)[0] == ("discard", {"sid": "S1", "what": "cube"}, "S1 discards its cube")
    st, ev, _ = _sunk("cube", quiet=True)
    assert table(ev)[0] == ("discard", {"sid": "S1", "what": "cube"}, "")


def test_TW_4_6_discarding_the_masks_takes_the_worn_one_too():
    st, ev, out = _sunk("mask")
    s1 = st.soldier("S1")
    assert (s1.cubes, s1.masks, s1.mask_on, s1.drugs, s1.food, len(s1.weapons)) == (2, 0, False, 1, 1, 1)
    assert st.out == out
    assert table(ev)[0] == ("discard", {"sid": "S1", "what": "mask"}, "S1 discards its mask")


def test_TW_4_6_discarding_drugs_food_or_a_weapon_tile():
    st, ev, _ = _sunk("drug")
    s1 = st.soldier("S1")
    assert (s1.cubes, s1.masks, s1.mask_on, s1.drugs, s1.food, len(s1.weapons)) == (2, 1, True, 0, 1, 1)
    st, ev, _ = _sunk("food")
    s1 = st.soldier("S1")
    assert (s1.cubes, s1.masks, s1.mask_on, s1.drugs, s1.food, len(s1.weapons)) == (2, 1, True, 1, 0, 1)
    st, ev, _ = _sunk("S:gun")
    s1 = st.soldier("S1")
    assert (s1.cubes, s1.masks, s1.mask_on, s1.drugs, s1.food, s1.weapons) == (2, 1, True, 1, 1, ())
    assert table(ev)[0] == ("discard", {"sid": "S1", "what": "S:gun"}, "S1 discards its S:gun")


def test_TW_4_6_penalties_come_in_turn_order_from_the_start_player_and_a_moot_one_is_dropped():
    """Start N: N's penalty first, then S's two.  S1 holds only food: after the first of S's
    penalties the second has nothing left to discard and is dropped; the round goes on."""
    soldiers = "S1 board d2 n food=1\nS2 boat c1 n\nS3 boat e1 n\nN1 board b6 s food=1 drugs=1\nN2 boat e7 s"
    st, ev = play(_round_3_end(soldiers, start="N"), "S1 turn e; S pass")
    assert [e.kind for e in ev].count("sink") == 3 and st.dead == 3
    assert [(p.kind, p.seat) for p in st.pending] == [("sink", "N"), ("sink", "S"), ("sink", "S")]
    assert sorted(legal(st)) == ["N sink N1 drug", "N sink N1 food"]
    st, _ = play(st, "N sink N1 drug")
    assert st.current_player() == "S" and sorted(legal(st)) == ["S sink S1 food"]
    st, _ = play(st, "S sink S1 food")
    assert st.pending == () and st.round == 4 and st.start == "S"
    # the round moved on: the 1st forecast became the current wind, a draw is due
    assert st.current_player() == CHANCE and st.wind_card == "n" and st.forecasts == ("e",)


def test_TW_4_6_a_moot_penalty_is_dropped_and_the_next_owed_one_is_asked():
    """Start S: S's two penalties, then N's.  After S discards its food, S's second penalty is
    moot and dropped; N's is still asked."""
    soldiers = "S1 board d2 n food=1\nS2 boat c1 n\nS3 boat e1 n\nN1 board b6 s food=1\nN2 boat e7 s"
    st, _ = play(_round_3_end(soldiers), "S1 turn e; S pass")
    assert [(p.kind, p.seat) for p in st.pending] == [("sink", "S"), ("sink", "S"), ("sink", "N")]
    st, _ = play(st, "S sink S1 food")
    assert [(p.kind, p.seat) for p in st.pending] == [("sink", "N")] and sorted(legal(st)) == ["N sink N1 food"]


def test_TW_4_6_no_penalty_is_owed_by_a_seat_with_nothing_to_discard_or_no_survivor():
    soldiers = "S1 board d2 n\nS2 boat c1 n\nN1 boat e7 s food=1"
    st, ev = play(_round_3_end(soldiers), "S1 turn e; S pass")
    assert where(st, "S2")[0] == "sunk" and where(st, "N1")[0] == "sunk" and st.pending == ()
    assert st.dead == 2 and st.round == 4


def _civilian_killed(points=None):
    soldiers = "S1 board d2 n weapons=S:gas:2:S\nN1 board b7 s\nC1 board d3 s\nC2 board f6 s"
    text = scene(soldiers=soldiers, turn="S cards=fire,move slot=1 uses=0", extra="variants: civilians",
                 rules=HIGH, points=points, order="S N", plots={"N": "turn"})
    return play(text, "S1 fire front")[0]


def test_TW_9_a_civilian_penalty_of_one_point():
    st = _civilian_killed(points={"S": 2})
    assert [(p.kind, p.seat) for p in st.pending] == [("penalty", "S")]
    assert sorted(legal(st)) == ["S penalty point", "S penalty skip"]
    st, ev = play(st, "S penalty point")
    assert st.points["S"] == 1 and st.skip == frozenset()
    assert table(ev)[0] == ("penalty", {"seat": "S", "choice": "point"}, "S takes the penalty: point")
    st = _civilian_killed(points={"S": 2})
    st.set_quiet()
    st, ev = play(st, "S penalty point")
    assert table(ev)[0] == ("penalty", {"seat": "S", "choice": "point"}, "")


def test_TW_9_a_civilian_penalty_of_a_skipped_turn():
    st = _civilian_killed(points={"S": 2})
    st, ev = play(st, "S penalty skip")
    assert st.points["S"] == 2 and st.skip == frozenset({"S"})
    assert table(ev)[0] == ("penalty", {"seat": "S", "choice": "skip"}, "S takes the penalty: skip")
    assert st.turn.seat == "S"            # the turn in progress goes on


def test_TW_0_the_round_limit_ends_the_game_in_judgement_after_that_round():
    """round_limit=5 [I]: S takes the last turn of round 5; the game is judged (S advanced 4 rows
    from its edge on d4, N 2 rows on d6), with no round 6."""
    text = scene(soldiers="S1 board d3 n\nN1 board d6 s", turn="S cards=move slot=1 uses=0", order="S",
                 round=5, rules=HIGH + " round_limit=5")
    st, ev = play(text, "S1 step n")
    assert [e.kind for e in ev] == ["move", "turn-end", "end"]
    assert (st.result.winners, st.result.reason, st.result.detail) == (("S",), "round-limit", "round 5 was the last")
    assert st.round == 5 and st.legal_actions() == []
    st, ev = play(text.replace("round: 5", "round: 4"), "S1 step n")
    assert st.result is None and st.round == 5 and [e.kind for e in ev] == ["move", "turn-end", "round"]


def test_TW_4_6_only_the_player_whose_soldier_sank_owes_a_discard():
    """After round 3 S1 sinks on its boat: S (armed S2 left) owes one discard; N, armed, sank nothing
    and owes none."""
    text = scene(soldiers="S1 boat d1 n food=1\nS2 board b3 n weapons=S:gun:4:S\n"
                          "N1 board b6 s weapons=N:gun:4:N food=1\nN2 board f6 s",
                 turn="S cards=turn slot=1 uses=0", order="S", round=3, rules="target_points_2p=9")
    st, ev = play(text, "S2 turn e; S pass")
    assert [e.kind for e in ev][-2:] == ["sink", "round"]
    assert st.pending == (Pending("sink", "S"),)
