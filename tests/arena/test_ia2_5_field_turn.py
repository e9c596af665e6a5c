"""IA-2 to IA-5: the field, setup, the turn and the decisions (provisions unless marked)."""

from arena_helpers import do, event, kinds, legal, position, refused, surcharge_of, unit

from game.arena import make_ruleset, new_game
from game.arena.invariants import check_invariants
from game.arena.model import distance
from game.core.protocol import CHANCE


# -- IA-2 the field ---------------------------------------------------------------------
def test_IA_2_4_distances():
    front, middle, back = 0, 1, 2
    assert distance(front, front) == 0
    assert distance(front, back) == 2
    assert distance(middle, middle) == 2
    assert distance(back, middle) == 3
    assert distance(back, back) == 4


def test_IA_2_4_range_reaches_distance_at_most_range():
    # artillery in the back row, Shoot range 2: reaches B's front only (distance 2), not middle (3)
    st = position({"A artillery": "back living", "B cavalry": "front living"})
    shots = [a for a in legal(st) if a.startswith("A artillery shoot")]
    assert shots == ["A artillery shoot cavalry"]
    refused(st, "A artillery shoot infantry", "IA-9.1")


def test_IA_2_2_three_units_in_the_own_front_row_is_legal():
    st = position({"A cavalry": "front living", "A infantry": "front living", "A artillery": "front living",
                   "B cavalry": "front living"})
    assert check_invariants(st) == []
    assert all(unit(st, "A", k).row == 0 for k in ("cavalry", "infantry", "artillery"))


def test_IA_2_3_fallen_unit_stays_where_it_fell():
    st = position({"A cavalry": "front living", "B cavalry": "front living"})
    do(st, "A cavalry melee cavalry", "B allow")
    assert not unit(st, "B", "cavalry").living and unit(st, "B", "cavalry").row == 0


# -- IA-3 setup ---------------------------------------------------------------------------
def test_IA_3_setup():
    st = new_game(2, seed=5)
    assert st.provisions == (2, 2) and st.bank == 3
    assert all(u.living and u.row == 1 and not (u.damage or u.spirit or u.healing or u.pinned) for u in st.units)
    assert st.waza == (0, 0)
    assert st.current_player() == CHANCE
    assert legal(st) == ["chance first A", "chance first B"]
    assert [p for _a, p in st.chance_outcomes()] == [0.5, 0.5]


def test_IA_3_3_first_player_as_setup_data():
    st = new_game(2, seed=5, rules=make_ruleset(["first_player=B"]))
    assert st.current_player() == "B" and st.turn == 1
    st = new_game(2, seed=5, first="A")
    assert st.current_player() == "A"


def test_IA_3_dice_setup_has_no_provisions():
    st = new_game(2, seed=5, rules=make_ruleset(["ruleset=dice"]))
    assert st.provisions == (0, 0) and st.bank == 0 and st.points == (0, 0)
    assert [u.kind for u in st.units] == ["warrior", "fire_mage", "ice_mage"] * 2


# -- IA-4 the turn -------------------------------------------------------------------------
def test_IA_4_1_first_players_first_turn_has_no_gain():
    st = new_game(2, seed=1)
    events = do(st, "chance first A")
    assert st.turn == 1 and st.current_player() == "A"
    assert st.provisions == (2, 2) and st.bank == 3
    assert "gain" not in kinds(events)
    events = do(st, "A cavalry charge")
    assert st.turn == 2 and st.current_player() == "B"
    assert st.provisions == (2, 3) and st.bank == 2
    assert event(events, "gain").get("amount") == 1


def test_IA_4_2_empty_bank_no_gain_and_still_acts():
    st = position(rules="last_provision_award=false", turn=4, prov="A=4 B=3 bank=0")
    assert st.current_player() == "B"
    events = do(st, "B cavalry charge")
    assert st.current_player() == "A" and st.turn == 5
    assert st.provisions == (4, 3) and st.bank == 0
    assert "no-gain" in kinds(events) and "gain" not in kinds(events)
    assert st.phase == "act" and legal(st)


def test_IA_4_3_shot_is_restricted_charge_is_not_melee_is():
    st = position({"B cavalry": "front living"}, prov="A=2 B=1 bank=4")
    do(st, "A infantry shoot infantry")          # B holds 1 < 2: no cancel window
    do(st, "B artillery retreat")
    assert surcharge_of(st, "A", "infantry") == 1
    assert surcharge_of(st, "A", "cavalry") == 0
    do(st, "A cavalry charge")
    do(st, "B artillery advance")
    assert surcharge_of(st, "A", "cavalry") == 0  # Charge is quick (IA-8.4)
    do(st, "A cavalry melee cavalry", "B allow")
    do(st, "B infantry retreat")
    assert surcharge_of(st, "A", "cavalry") == 1


def test_IA_4_4_pinned_infantry_shoot_costs_two():
    st = position({"A infantry": "middle living pinned"}, prov="A=1 B=2 bank=4")
    assert "A infantry advance" in legal(st) and "A infantry retreat" in legal(st)
    assert not [a for a in legal(st) if a.startswith("A infantry shoot")]
    refused(st, "A infantry shoot cavalry", "IA-4.4")
    st = position({"A infantry": "middle living pinned"}, prov="A=2 B=1 bank=4")
    events = do(st, "A infantry shoot cavalry")
    assert event(events, "pay").get("amount") == 2
    assert st.provisions[0] == 0 and event(events, "act").get("surcharge") == 1


def test_IA_4_4_last_activated_and_pinned_pays_one_surcharge():
    st = position({"A infantry": "middle living pinned"}, last="A=infantry B=-", prov="A=2 B=1 bank=4")
    assert surcharge_of(st, "A", "infantry") == 1
    events = do(st, "A infantry shoot cavalry")
    assert event(events, "pay").get("amount") == 2          # 1 cost + 1 surcharge, not 3
    assert st.provisions == (0, 2) and st.bank == 5   # A paid 2, then B gained 1 on turn 4


def test_IA_4_5_every_legal_act_pays_the_surcharge_no_pass():
    st = position({"A cavalry": "front fallen", "A infantry": "middle living pinned"},
                  last="A=artillery B=-", prov="A=1 B=2 bank=4")
    acts = st.legal_actions()
    assert acts and all(a.unit in ("infantry", "artillery") for a in acts)
    for a in acts:
        trial = st.clone()
        events = trial.apply(a)
        assert event(events, "act").get("surcharge") == 1
        assert trial.provisions[0] == 0
    refused(st, "A pass", "IA-4.5")


def test_IA_4_5_must_act_false_offers_a_pass():
    st = position(rules="must_act=false")
    assert "A pass" in legal(st)
    events = do(st, "A pass")
    assert kinds(events)[0] == "pass" and st.current_player() == "B" and st.last[0] == (-1, False)


def test_IA_4_6_all_fallen_turn_ends_after_the_gain():
    st = position({"A cavalry": "front fallen", "A infantry": "middle fallen", "A artillery": "back fallen"},
                  turn=4, waza="A=0 B=1", prov="A=2 B=2 bank=3")
    events = do(st, "B cavalry charge")
    assert "no-act" in kinds(events)
    assert st.current_player() == "B" and st.turn == 6
    assert st.provisions == (3, 3) and st.bank == 1   # A gained on turn 5, B on turn 6
    assert st.last[0] == (-1, False)


def test_IA_4_7_pin_restricts_the_next_turn_only():
    st = position(turn=5, prov="A=2 B=1 bank=4")
    do(st, "A infantry shoot cavalry")                # turn 5, B cannot cancel with 1
    assert st.turn == 6 and unit(st, "B", "cavalry").pinned
    assert surcharge_of(st, "B", "cavalry") == 1
    events = do(st, "B infantry retreat")             # turn 6 ends: the pin goes
    assert "unpin" in kinds(events) and not unit(st, "B", "cavalry").pinned
    do(st, "A artillery retreat")                     # turn 7
    assert st.turn == 8 and surcharge_of(st, "B", "cavalry") == 0


# -- IA-5 decisions -------------------------------------------------------------------
def test_IA_5_3_shoot_cancel_window_only_when_O_can_pay():
    st = position(prov="A=2 B=1 bank=4")
    do(st, "A infantry shoot cavalry")
    assert st.current_player() == "B" and st.phase == "act"        # no window: resolved
    assert unit(st, "B", "cavalry").damage == 1
    st = position(prov="A=2 B=2 bank=3")
    events = do(st, "A infantry shoot cavalry")
    assert st.phase == "cancel" and st.current_player() == "B"
    assert legal(st) == ["B cancel", "B allow"]
    assert event(events, "cancel-window").get("cost") == 2


def test_IA_5_3_melee_on_undamaged_target_offers_free_cancel_that_may_be_declined():
    st = position({"A cavalry": "front living", "B infantry": "front living"}, prov="A=2 B=0 bank=5")
    events = do(st, "A cavalry melee infantry")
    assert st.phase == "cancel" and event(events, "cancel-window").get("cost") == 0
    events = do(st, "B allow")
    assert not unit(st, "B", "infantry").living and "kill" in kinds(events)


def test_IA_5_protocol_refusals_name_the_turn_rules():
    st = position()
    refused(st, "B cavalry charge", "IA-4")
    refused(st, "B cancel", "IA-4")
    refused(st, "A cancel", "IA-5.3")
    refused(st, "chance roll 1 2", "IA-5")
    st = new_game(2, seed=3)
    refused(st, "A cavalry charge", "IA-3.3")
    st = position(prov="A=2 B=2 bank=3")
    do(st, "A infantry shoot cavalry")
    refused(st, "A cavalry charge", "IA-5.3")
    refused(st, "B cavalry charge", "IA-5.3")


def test_IA_5_1_acts_outside_the_ruleset_are_refused():
    st = position()
    refused(st, "A warrior sprint", "IA-1")
    refused(st, "A cavalry shoot infantry", "IA-6")
    refused(st, "A infantry shoot warrior", "IA-1")
