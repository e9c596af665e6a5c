"""IA-3.3, IA-4, IA-5 and IA-12.8 through ``flow.apply``, pinned event by event (issue 14): every
event's kind, data fields and log text as the animation and the log consume them."""

import pytest
from arena_helpers import do, legal, position, unit

from game.arena import new_game
from game.arena.actions import Action
from game.core.rng import Rng


def ev(events) -> list[dict]:
    return [e.as_dict() for e in events]


def turn(n, seat):
    return {"kind": "turn", "turn": n, "seat": seat, "text": f"turn {n}: {seat}"}


def gain(seat, bank):
    return {"kind": "gain", "seat": seat, "amount": 1, "bank": bank, "text": f"{seat} takes 1 provision from the bank"}


# -- IA-3.3 the first player ---------------------------------------------------------------
def test_IA_3_3_first_player_chance_outcome_events_and_generator():
    st = new_game(2, seed=5)
    before = st.rng
    events = do(st, "chance first B")
    # B's first turn as first player has no gain (IA-4.1): no gain event at all
    assert ev(events) == [{"kind": "first", "seat": "B", "text": "B plays first (IA-3.3)"}, turn(1, "B")]
    assert st.current_player() == "B" and st.first == 1 and st.turn == 1
    rng = Rng(before)
    rng.next_u64()
    assert st.rng == rng.state


# -- IA-4 / IA-5 the act and the next turn ---------------------------------------------------
def test_IA_5_2_free_move_has_no_pay_event_and_the_next_turn_gains():
    st = position()   # turn 3, A to act, A=2 B=2 bank 3
    events = do(st, "A cavalry charge")
    assert ev(events) == [
        {"kind": "act", "unit": "A.cavalry", "action": "charge", "args": (), "surcharge": 0, "quick": True,
         "text": "A.cavalry charge"},
        {"kind": "move", "unit": "A.cavalry", "frm": "middle", "to": "front", "why": "charge",
         "text": "A.cavalry middle -> front"},
        turn(4, "B"),
        gain("B", 2)]
    assert st.provisions == (2, 3) and st.bank == 2 and st.last == ((0, True), (-1, False))
    assert "B pass" not in legal(st)           # must_act (IA-4.5): no pass is offered


def test_IA_5_2_activation_events_surcharge_spirit_heal_then_cancel_window():
    st = position({"A artillery": "middle living damage=2 spirit=2 healing"}, last="A=artillery B=-")
    events = do(st, "A artillery bombard cavalry")
    assert ev(events) == [
        {"kind": "act", "unit": "A.artillery", "action": "bombard", "args": ("cavalry",), "surcharge": 1,
         "quick": False, "text": "A.artillery bombard cavalry"},
        {"kind": "pay", "seat": "A", "amount": 1, "surcharge": 1, "text": "A pays 1 to the bank"},
        {"kind": "spirit", "unit": "A.artillery", "change": -2, "spirit": 0, "text": "A.artillery spends 2 spirit"},
        {"kind": "heal", "unit": "A.artillery", "removed": 2, "text": "A.artillery recovers: damage 2 -> 0"},
        # IA-7.2: B's cavalry has no damage, so the cancel is free, still B's choice (IA-5.3)
        {"kind": "cancel-window", "seat": "B", "cost": 0, "text": "B may cancel for 0 (IA-5.3)"}]
    art = unit(st, "A", "artillery")
    assert (art.damage, art.spirit, art.healing) == (0, 0, False)
    assert st.provisions == (1, 2) and st.bank == 4
    assert st.phase == "cancel" and st.current_player() == "B" and str(st.pending) == "A artillery bombard cavalry"
    assert legal(st) == ["B cancel", "B allow"]


def test_IA_5_3_cancel_window_names_the_shoot_cost():
    st = position()
    events = do(st, "A infantry shoot artillery")
    assert ev(events)[-1] == {"kind": "cancel-window", "seat": "B", "cost": 2, "text": "B may cancel for 2 (IA-5.3)"}
    assert ev(events)[1] == {"kind": "pay", "seat": "A", "amount": 1, "surcharge": 0, "text": "A pays 1 to the bank"}


def test_IA_5_1_an_equal_action_value_is_accepted_as_the_legal_one():
    st = position()
    events = st.apply(Action("A", "charge", "cavalry"))   # a fresh value, not the legal list's object
    assert unit(st, "A", "cavalry").row == 0 and events[0].get("action") == "charge"
    assert st.last[0] == (0, True)


# -- IA-4.7 end of turn ------------------------------------------------------------------------
def test_IA_4_7_unpin_event_at_the_end_of_the_pinned_players_turn():
    st = position({"A cavalry": "middle living pinned", "A artillery": "back living pinned"})
    events = do(st, "A infantry advance")
    assert ev(events)[2:4] == [
        {"kind": "unpin", "unit": "A.cavalry", "text": "A.cavalry is no longer pinned"},
        {"kind": "unpin", "unit": "A.artillery", "text": "A.artillery is no longer pinned"}]
    assert not unit(st, "A", "cavalry").pinned and not unit(st, "A", "artillery").pinned
    assert st.last[0] == (1, False)


# -- IA-4.5 pass (must_act off) ------------------------------------------------------------------
def test_IA_4_5_without_must_act_the_next_player_is_offered_a_pass():
    st = position(rules="must_act=false")
    do(st, "A cavalry charge")
    assert legal(st)[-1] == "B pass" and legal(st).count("B pass") == 1
    events = do(st, "B pass")
    assert ev(events) == [{"kind": "pass", "seat": "B", "text": "B passes (IA-4.5)"}, turn(5, "A"), gain("A", 1)]
    assert st.last == ((0, True), (-1, False)) and st.current_player() == "A"
    assert legal(st)[-1] == "A pass"


# -- IA-4.6 no legal act ---------------------------------------------------------------------
_B_FALLEN = {"B cavalry": "middle fallen", "B infantry": "middle fallen", "B artillery": "back fallen"}


def test_IA_4_6_no_legal_act_event_then_the_next_turn():
    st = position(dict(_B_FALLEN))
    events = do(st, "A cavalry retreat")
    assert ev(events)[-5:] == [
        turn(4, "B"), gain("B", 2),
        {"kind": "no-act", "seat": "B", "text": "B has no legal act: the turn ends (IA-4.6)"},
        turn(5, "A"), gain("A", 1)]
    assert st.turn == 5 and st.current_player() == "A" and st.last[1] == (-1, False)


def test_IA_11_5_a_turn_without_an_act_can_reach_the_turn_limit():
    st = position(dict(_B_FALLEN), rules="turn_limit=4")
    events = do(st, "A cavalry retreat")
    assert [e.kind for e in events][-3:] == ["gain", "no-act", "over"]
    assert st.phase == "over" and st.turn == 4
    assert st.result.reason == "turn-limit" and st.result.winners == ()


# -- IA-12.8 the roll ------------------------------------------------------------------------------
@pytest.mark.parametrize("faces", [(6, 1), (3, 3)])
def test_IA_12_8_roll_event_names_the_faces_and_advances_the_generator(faces):
    st = position(ruleset="dice")
    events = do(st, "A fire_mage fireball warrior")
    assert ev(events) == [{"kind": "act", "unit": "A.fire_mage", "action": "fireball", "args": ("warrior",),
                           "surcharge": 0, "quick": False, "text": "A.fire_mage fireball warrior"}]
    assert st.phase == "roll"
    before = st.rng
    events = do(st, "chance roll " + " ".join(map(str, faces)))
    assert ev(events)[0] == {"kind": "roll", "faces": faces, "text": f"roll {faces[0]} {faces[1]}"}
    rng = Rng(before)
    rng.next_u64()
    assert st.rng == rng.state


def test_IA_6_4_revive_act_event_names_the_step_and_the_ally():
    st = position({"A cavalry": "front fallen"})
    events = do(st, "A infantry revive forward cavalry")
    assert ev(events)[0] == {"kind": "act", "unit": "A.infantry", "action": "revive", "args": ("forward", "cavalry"),
                             "surcharge": 0, "quick": False, "text": "A.infantry revive forward cavalry"}
