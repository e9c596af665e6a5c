"""IA-6 to IA-8: actions, cancels, counters and statuses (provisions unless marked)."""

from arena_helpers import do, event, kinds, legal, position, refused, surcharge_of, unit


# -- IA-6 actions ---------------------------------------------------------------------------
def test_IA_6_1_no_advance_or_charge_from_front_no_retreat_from_back():
    st = position({"A cavalry": "front living", "A infantry": "front living", "A artillery": "back living",
                   "B cavalry": "front living"})
    refused(st, "A cavalry charge", "IA-6.1")
    refused(st, "A infantry advance", "IA-6.1")
    refused(st, "A artillery retreat", "IA-6.1")
    assert "A cavalry retreat" in legal(st) and "A artillery advance" in legal(st)


def test_IA_6_1_no_op_edges_retreat_in_back_stays_with_healing():
    st = position({"A artillery": "back living"}, rules="edge_moves=no_op")
    events = do(st, "A artillery retreat")
    a = unit(st, "A", "artillery")
    assert a.row == 2 and a.healing
    assert "stay" in kinds(events) and "move" not in kinds(events)


def test_IA_6_2_retreat_heals_on_the_next_activation():
    st = position({"A cavalry": "middle living damage=2"})
    do(st, "A cavalry retreat")
    c = unit(st, "A", "cavalry")
    assert c.row == 2 and c.healing and c.damage == 2
    do(st, "B infantry retreat")
    events = do(st, "A cavalry charge")
    c = unit(st, "A", "cavalry")
    assert c.damage == 0 and not c.healing and c.row == 1
    assert event(events, "heal").get("removed") == 2


def test_IA_6_4_revive_stepping_forward():
    st = position({"A cavalry": "front fallen"})
    assert "A infantry revive forward cavalry" in legal(st)
    events = do(st, "A infantry revive forward cavalry")
    c, i = unit(st, "A", "cavalry"), unit(st, "A", "infantry")
    assert c.living and c.row == 0 and (c.damage, c.spirit, c.healing, c.pinned) == (0, 0, False, False)
    assert i.row == 0 and not i.healing
    assert event(events, "act").get("quick") is False and event(events, "revive").get("unit") == "A.cavalry"
    assert [e.get("why") for e in events if e.kind == "move"] == ["revive-step"]
    assert st.last[0] == (1, False)   # the reviver was activated, not quick; the cavalry was not


def test_IA_6_4_no_revive_without_a_step_into_the_allys_row():
    st = position({"A cavalry": "middle fallen"})
    assert not [a for a in legal(st) if "revive" in a]
    refused(st, "A infantry revive stay cavalry", "IA-6.4")
    refused(st, "A infantry revive forward cavalry", "IA-6.4")
    st = position({"A cavalry": "middle fallen"}, rules="revive_step=optional")
    assert [a for a in legal(st) if "revive" in a] == ["A infantry revive stay cavalry",
                                                       "A artillery revive stay cavalry"]
    do(st, "A infantry revive stay cavalry")
    assert unit(st, "A", "cavalry").living and unit(st, "A", "infantry").row == 1


def test_IA_6_4_reviver_in_front_cannot_revive_an_ally_in_front():
    st = position({"A infantry": "front living", "A cavalry": "front fallen", "B cavalry": "front living"})
    assert not [a for a in legal(st) if a.startswith("A infantry revive")]
    refused(st, "A infantry revive forward cavalry", "IA-6.4")


def test_IA_6_5_no_fallen_targets_and_melee_on_undamaged_is_legal():
    st = position({"A cavalry": "front living", "B cavalry": "front fallen", "B infantry": "front living"})
    refused(st, "A infantry shoot cavalry", "IA-6.5")
    assert "A cavalry melee infantry" in legal(st)


def test_IA_6_6_artillery_at_spirit_cap_shoots():
    st = position({"A artillery": "middle living spirit=2"}, prov="A=2 B=1 bank=4")
    events = do(st, "A artillery shoot infantry")
    assert unit(st, "B", "infantry").damage == 1 and not unit(st, "B", "infantry").pinned
    assert unit(st, "A", "artillery").spirit == 2
    assert event(events, "spirit").get("change") == 0


def test_IA_6_6_artillery_shoot_gains_spirit_infantry_shoot_pins():
    st = position(prov="A=2 B=1 bank=4")
    do(st, "A artillery shoot cavalry")
    assert unit(st, "A", "artillery").spirit == 1 and not unit(st, "B", "cavalry").pinned
    st = position(prov="A=2 B=1 bank=4")
    do(st, "A infantry shoot cavalry")
    assert unit(st, "A", "infantry").spirit == 0 and unit(st, "B", "cavalry").pinned


def test_IA_6_7_bombard_needs_two_spirit_spent_even_if_cancelled():
    st = position({"A artillery": "middle living spirit=1"})
    refused(st, "A artillery bombard infantry", "IA-6.7")
    st = position({"A artillery": "middle living spirit=2", "B infantry": "middle living damage=1"})
    do(st, "A artillery bombard infantry", "B cancel")
    assert unit(st, "A", "artillery").spirit == 0
    assert unit(st, "B", "infantry").living and unit(st, "B", "infantry").row == 1
    assert st.provisions == (2, 2) and st.bank == 3   # B paid 1 to cancel, then gained 1


# -- IA-7 cancel -------------------------------------------------------------------------------
def test_IA_7_1_cancelling_a_shoot():
    st = position(prov="A=3 B=2 bank=2")
    do(st, "A infantry shoot cavalry")
    assert st.provisions == (2, 2) and st.bank == 3
    events = do(st, "B cancel")
    assert event(events, "cancel").get("cost") == 2
    c = unit(st, "B", "cavalry")
    assert c.damage == 0 and not c.pinned
    # B paid 2 (bank 5), then gained 1 on its turn
    assert st.provisions == (2, 1) and st.bank == 4


def _window_cost(st, action):
    return event(st.apply(action), "cancel-window").get("cost")


def test_IA_7_2_kill_cancel_cost_is_the_targets_damage():
    st = position({"A cavalry": "front living", "B infantry": "front living damage=3"}, prov="A=2 B=4 bank=1")
    assert _window_cost(st, "A cavalry melee infantry") == 3
    st = position({"A cavalry": "front living", "B artillery": "front living"})
    assert _window_cost(st, "A cavalry melee artillery") == 0


def test_IA_7_2_heavy_armour_zero_at_one():
    costs = {}
    for damage in (1, 2, 3):
        st = position({"A cavalry": "front living", "B cavalry": f"front living damage={damage}"},
                      prov="A=1 B=4 bank=2")
        costs[damage] = _window_cost(st, "A cavalry melee cavalry")
    assert costs == {1: 0, 2: 2, 3: 3}
    costs = {}
    for damage in (1, 2, 3):
        st = position({"A cavalry": "front living", "B cavalry": f"front living damage={damage}"},
                      prov="A=1 B=4 bank=2", rules="heavy_armour=minus_one")
        costs[damage] = _window_cost(st, "A cavalry melee cavalry")
    assert costs == {1: 0, 2: 1, 3: 2}


def test_IA_7_2_heavy_armour_changes_bombard_not_shoot():
    st = position({"A artillery": "middle living spirit=2", "B cavalry": "middle living damage=1"})
    assert _window_cost(st, "A artillery bombard cavalry") == 0
    st = position({"B cavalry": "middle living damage=1"})
    assert _window_cost(st, "A artillery shoot cavalry") == 2


def test_IA_7_3_cancelled_artillery_shoot_gains_no_spirit():
    st = position(prov="A=2 B=2 bank=3")
    do(st, "A artillery shoot cavalry", "B cancel")
    assert unit(st, "A", "artillery").spirit == 0
    assert st.provisions[0] == 1                       # A still paid 1
    st = position(prov="A=2 B=2 bank=3", rules="cancel_keeps_spirit=true")
    do(st, "A artillery shoot cavalry", "B cancel")
    assert unit(st, "A", "artillery").spirit == 1


# -- IA-8 counters and statuses --------------------------------------------------------------
def test_IA_8_2_damage_taken_while_healing_goes_at_activation():
    st = position({"A infantry": "middle living healing"}, turn=4, prov="A=2 B=2 bank=3")
    do(st, "B infantry shoot infantry", "A allow")
    assert unit(st, "A", "infantry").damage == 1 and unit(st, "A", "infantry").healing
    do(st, "A infantry advance")
    i = unit(st, "A", "infantry")
    assert i.damage == 0 and not i.healing and i.row == 0


def test_IA_8_2_healing_recovery_stands_when_the_act_is_cancelled():
    st = position({"A artillery": "middle living damage=2 healing"}, prov="A=2 B=2 bank=3")
    do(st, "A artillery shoot cavalry", "B cancel")
    a = unit(st, "A", "artillery")
    assert a.damage == 0 and not a.healing


def test_IA_8_2_retreating_with_healing_heals_then_heals_anew():
    st = position({"A infantry": "middle living damage=1 healing"})
    do(st, "A infantry retreat")
    i = unit(st, "A", "infantry")
    assert i.row == 2 and i.damage == 0 and i.healing


def test_IA_8_3_a_killed_and_revived_unit_is_not_pinned():
    # constructed: A's cavalry pinned during B's turn (in play the pin would have ended)
    st = position({"A cavalry": "front living", "B cavalry": "front living"}, turn=4)
    from game.arena.model import evolve
    st.units = (evolve(st.units[0], pinned=True),) + st.units[1:]
    st.legal_cache = None
    do(st, "B cavalry melee cavalry", "A allow")
    c = unit(st, "A", "cavalry")
    assert not c.living and not c.pinned
    do(st, "A infantry revive forward cavalry")
    assert unit(st, "A", "cavalry").living and not unit(st, "A", "cavalry").pinned
    do(st, "B infantry retreat")
    assert surcharge_of(st, "A", "cavalry") == 0
    events = do(st, "A cavalry retreat")
    assert event(events, "act").get("surcharge") == 0


def test_IA_8_4_quick_does_not_lift_a_pin():
    st = position(prov="A=2 B=2 bank=3")
    do(st, "A cavalry charge")
    assert st.last[0] == (0, True)
    do(st, "B infantry shoot cavalry")
    assert st.phase == "cancel"
    do(st, "A allow")
    assert surcharge_of(st, "A", "cavalry") == 1
    events = do(st, "A cavalry retreat")
    assert event(events, "act").get("surcharge") == 1


def test_IA_8_5_a_kill_clears_everything_and_gives_a_waza_ari():
    st = position({"A cavalry": "front living", "B artillery": "front living damage=3 spirit=2 healing"},
                  prov="A=2 B=3 bank=2")
    do(st, "A cavalry melee artillery", "B allow")
    a = unit(st, "B", "artillery")
    assert (a.living, a.damage, a.spirit, a.healing, a.pinned) == (False, 0, 0, False, False)
    assert st.waza == (1, 0)
    refused(st, "B artillery retreat", "IA-8.5")
