"""IA-6 to IA-8, IA-10.1, IA-12.2 to 12.4 in combat.py, pinned exactly: every effect event's fields and
text (the animation and the log read them), and the state each effect leaves."""

from arena_helpers import do, legal, position, unit


def effects(events, *kinds):
    """The events of ``kinds`` as dicts, in order."""
    return [e.as_dict() for e in events if e.kind in kinds]


# -- IA-6.1 to 6.4: moves, healing, Revive ------------------------------------------------------
def test_IA_6_1_charge_moves_one_row_forward():
    st = position({"A cavalry": "back living"})
    events = do(st, "A cavalry charge")
    assert effects(events, "move", "stay") == [
        {"kind": "move", "unit": "A.cavalry", "frm": "back", "to": "middle", "why": "charge",
         "text": "A.cavalry back -> middle"}]
    assert unit(st, "A", "cavalry").row == 1 and not unit(st, "A", "cavalry").healing


def test_IA_6_1_no_op_advance_in_front_stays():
    st = position({"A infantry": "front living", "B infantry": "front living"}, rules="edge_moves=no_op")
    assert "A infantry advance" in legal(st)
    events = do(st, "A infantry advance")
    assert effects(events, "move", "stay") == [
        {"kind": "stay", "unit": "A.infantry", "row": "front", "text": "A.infantry stays in the front row (IA-6.1)"}]
    assert unit(st, "A", "infantry").row == 0


def test_IA_6_2_retreat_moves_back_and_gains_healing():
    st = position({"A cavalry": "front living damage=1"})
    events = do(st, "A cavalry retreat")
    assert effects(events, "move", "stay", "healing") == [
        {"kind": "move", "unit": "A.cavalry", "frm": "front", "to": "middle", "why": "retreat",
         "text": "A.cavalry front -> middle"},
        {"kind": "healing", "unit": "A.cavalry", "text": "A.cavalry gains healing (IA-6.2)"}]
    c = unit(st, "A", "cavalry")
    assert (c.row, c.healing, c.damage) == (1, True, 1)


def test_IA_6_2_no_op_retreat_in_back_stays_with_healing():
    st = position({"A artillery": "back living"}, rules="edge_moves=no_op")
    events = do(st, "A artillery retreat")
    assert effects(events, "move", "stay", "healing") == [
        {"kind": "stay", "unit": "A.artillery", "row": "back", "text": "A.artillery stays in the back row (IA-6.1)"},
        {"kind": "healing", "unit": "A.artillery", "text": "A.artillery gains healing (IA-6.2)"}]
    a = unit(st, "A", "artillery")
    assert (a.row, a.healing) == (2, True)


def test_IA_6_4_revive_forward_event_fields():
    st = position({"A cavalry": "front fallen damage=0"})
    events = do(st, "A infantry revive forward cavalry")
    assert effects(events, "move", "revive") == [
        {"kind": "move", "unit": "A.infantry", "frm": "middle", "to": "front", "why": "revive-step",
         "text": "A.infantry middle -> front"},
        {"kind": "revive", "unit": "A.cavalry", "by": "A.infantry", "row": "front",
         "text": "A.cavalry revives in the front row"}]
    c = unit(st, "A", "cavalry")
    assert (c.living, c.row, c.damage, c.spirit, c.healing, c.pinned) == (True, 0, 0, 0, False, False)


def test_IA_6_4_revive_back_and_revive_stay():
    st = position({"A cavalry": "back fallen"})
    events = do(st, "A infantry revive back cavalry")
    assert effects(events, "move", "revive") == [
        {"kind": "move", "unit": "A.infantry", "frm": "middle", "to": "back", "why": "revive-step",
         "text": "A.infantry middle -> back"},
        {"kind": "revive", "unit": "A.cavalry", "by": "A.infantry", "row": "back",
         "text": "A.cavalry revives in the back row"}]
    assert unit(st, "A", "infantry").row == 2 and not unit(st, "A", "infantry").healing
    st = position({"A artillery": "middle fallen"}, rules="revive_step=optional")
    events = do(st, "A infantry revive stay artillery")
    assert effects(events, "move", "stay", "revive") == [
        {"kind": "revive", "unit": "A.artillery", "by": "A.infantry", "row": "middle",
         "text": "A.artillery revives in the middle row"}]
    assert unit(st, "A", "artillery").living and unit(st, "A", "artillery").row == 1


# -- IA-6.6, IA-8.1, IA-8.3: Shoot: damage, pin, spirit ---------------------------------------
def test_IA_6_6_infantry_shoot_damages_and_pins():
    st = position({"A infantry": "front living", "B infantry": "front living damage=1"})
    events = do(st, "A infantry shoot infantry", "B allow")
    assert effects(events, "allow", "damage", "pin", "spirit") == [
        {"kind": "allow", "seat": "B", "text": "B allows the shoot"},
        {"kind": "damage", "unit": "B.infantry", "damage": 2, "change": 1, "text": "B.infantry damage 1 -> 2"},
        {"kind": "pin", "unit": "B.infantry", "text": "B.infantry is pinned (IA-8.3)"}]
    b = unit(st, "B", "infantry")
    assert (b.damage, b.pinned, b.living) == (2, True, True)


def test_IA_6_6_artillery_shoot_gains_spirit_no_pin():
    st = position({"A artillery": "middle living spirit=0", "B cavalry": "middle living"})
    events = do(st, "A artillery shoot cavalry", "B allow")
    assert effects(events, "damage", "pin", "spirit") == [
        {"kind": "damage", "unit": "B.cavalry", "damage": 1, "change": 1, "text": "B.cavalry damage 0 -> 1"},
        {"kind": "spirit", "unit": "A.artillery", "change": 1, "spirit": 1, "text": "A.artillery spirit 0 -> 1"}]
    assert unit(st, "A", "artillery").spirit == 1 and not unit(st, "B", "cavalry").pinned


def test_IA_8_1_spirit_at_cap_stays():
    st = position({"A artillery": "middle living spirit=2", "B cavalry": "middle living"})
    events = do(st, "A artillery shoot cavalry", "B allow")
    assert effects(events, "spirit") == [
        {"kind": "spirit", "unit": "A.artillery", "change": 0, "spirit": 2, "text": "A.artillery spirit 2 -> 2"}]
    assert unit(st, "A", "artillery").spirit == 2


def test_IA_8_1_damage_cap_limits_counters():
    st = position({"A infantry": "front living", "B infantry": "front living damage=2"}, rules="damage_cap=2")
    events = do(st, "A infantry shoot infantry", "B allow")
    assert effects(events, "damage") == [
        {"kind": "damage", "unit": "B.infantry", "damage": 2, "change": 0, "text": "B.infantry damage 2 -> 2"}]


def test_IA_6_6_damage_per_hit_two():
    st = position({"A infantry": "front living", "B infantry": "front living damage=1"}, rules="damage_per_hit=2")
    events = do(st, "A infantry shoot infantry", "B allow")
    assert effects(events, "damage")[0]["damage"] == 3 and effects(events, "damage")[0]["change"] == 2


# -- IA-7: cancels ------------------------------------------------------------------------------
def test_IA_7_1_cancel_event_fields_and_payment():
    st = position({"A infantry": "front living", "B infantry": "front living damage=1"}, prov="A=2 B=2 bank=3")
    events = do(st, "A infantry shoot infantry", "B cancel")
    assert effects(events, "cancel", "damage", "pin") == [
        {"kind": "cancel", "seat": "B", "cost": 2, "action": "shoot", "unit": "A.infantry", "target": "B.infantry",
         "text": "B pays 2 and cancels the shoot (IA-7)"}]
    b = unit(st, "B", "infantry")
    assert (b.damage, b.pinned) == (1, False)
    # A paid 1 (4 in the bank), B paid 2 (6), then B took 1 at its turn start (5)
    assert st.provisions == (1, 1) and st.bank == 5


def test_IA_7_3_cancelled_artillery_shoot_loses_spirit_unless_switch():
    st = position({"A artillery": "middle living spirit=0", "B cavalry": "middle living"})
    events = do(st, "A artillery shoot cavalry", "B cancel")
    assert effects(events, "spirit", "damage") == [] and unit(st, "A", "artillery").spirit == 0
    st = position({"A artillery": "middle living spirit=0", "B cavalry": "middle living"},
                  rules="cancel_keeps_spirit=true")
    events = do(st, "A artillery shoot cavalry", "B cancel")
    assert effects(events, "spirit", "damage") == [
        {"kind": "spirit", "unit": "A.artillery", "change": 1, "spirit": 1, "text": "A.artillery spirit 0 -> 1"}]


def test_IA_7_2_cancel_of_a_melee_costs_the_targets_damage():
    st = position({"A cavalry": "front living", "B infantry": "front living damage=1"}, prov="A=2 B=2 bank=3")
    events = do(st, "A cavalry melee infantry", "B cancel")
    assert effects(events, "cancel", "kill") == [
        {"kind": "cancel", "seat": "B", "cost": 1, "action": "melee", "unit": "A.cavalry", "target": "B.infantry",
         "text": "B pays 1 and cancels the melee (IA-7)"}]
    assert unit(st, "B", "infantry").living and unit(st, "B", "infantry").damage == 1


# -- IA-6.7, IA-8.5, IA-10.1: kills and knockback ----------------------------------------------------
def test_IA_8_5_melee_kill_event_fields():
    st = position({"A cavalry": "front living", "B infantry": "front living damage=1 healing"})
    events = do(st, "A cavalry melee infantry", "B allow")
    assert effects(events, "allow", "kill", "waza-ari", "move") == [
        {"kind": "allow", "seat": "B", "text": "B allows the melee"},
        {"kind": "kill", "unit": "B.infantry", "row": "front", "lost_damage": 1, "lost_spirit": 0,
         "text": "B.infantry falls in the front row"},
        {"kind": "waza-ari", "seat": "A", "why": "kill", "waza": (1, 0), "wiped": 0,
         "text": "A gets a waza-ari (kill)"}]
    b = unit(st, "B", "infantry")
    assert (b.living, b.row, b.damage, b.spirit, b.healing, b.pinned) == (False, 0, 0, 0, False, False)


def test_IA_10_1_bombard_knocks_the_fallen_back():
    st = position({"A artillery": "middle living spirit=2", "B artillery": "middle living damage=2 spirit=1"})
    events = do(st, "A artillery bombard artillery", "B allow")
    assert effects(events, "kill", "move") == [
        {"kind": "kill", "unit": "B.artillery", "row": "middle", "lost_damage": 2, "lost_spirit": 1,
         "text": "B.artillery falls in the middle row"},
        {"kind": "move", "unit": "B.artillery", "frm": "middle", "to": "back", "why": "knockback",
         "text": "B.artillery middle -> back"}]
    b = unit(st, "B", "artillery")
    assert (b.living, b.row) == (False, 2)


def test_IA_10_1_no_knockback_from_the_back_row_or_when_off():
    st = position({"A artillery": "front living spirit=2", "B infantry": "back living"})
    events = do(st, "A artillery bombard infantry", "B allow")
    assert [e.kind for e in events if e.kind in ("kill", "move", "stay")] == ["kill"]
    assert unit(st, "B", "infantry").row == 2
    st = position({"A artillery": "middle living spirit=2"}, rules="bombard_knockback=0")
    events = do(st, "A artillery bombard infantry", "B allow")
    assert [e.kind for e in events if e.kind in ("kill", "move", "stay")] == ["kill"]
    assert unit(st, "B", "infantry").row == 1


# -- IA-12.2 to 12.4: the dice rolls ----------------------------------------------------------------
def dice(units):
    return position(units, ruleset="dice")


def test_IA_12_3_kill_roll_kills_on_a_die_equal_to_the_strikes():
    st = dice({"A warrior": "front living", "B warrior": "front living strikes=2"})
    do(st, "A warrior melee warrior")
    assert legal(st)[0] == "chance roll 1 1"       # heavy armour: 2 dice
    events = do(st, "chance roll 5 2")
    assert effects(events, "kill-roll", "kill", "points") == [
        {"kind": "kill-roll", "unit": "B.warrior", "faces": (5, 2), "strikes": 2, "killed": True,
         "text": "kill roll against 2 strikes: kills"},
        {"kind": "kill", "unit": "B.warrior", "row": "front", "lost_damage": 2, "lost_spirit": 0,
         "text": "B.warrior falls in the front row"},
        {"kind": "points", "seat": "A", "amount": 1, "why": "kill", "points": (1, 0), "text": "A scores 1 (kill)"}]
    assert not unit(st, "B", "warrior").living and st.points == (1, 0)


def test_IA_12_3_kill_roll_fails_above_the_strikes():
    st = dice({"A warrior": "front living", "B fire_mage": "front living strikes=1"})
    do(st, "A warrior melee fire_mage")
    assert legal(st)[0] == "chance roll 1 1 1"     # 3 dice
    events = do(st, "chance roll 2 3 2")
    assert effects(events, "kill-roll", "kill", "points") == [
        {"kind": "kill-roll", "unit": "B.fire_mage", "faces": (2, 3, 2), "strikes": 1, "killed": False,
         "text": "kill roll against 1 strikes: fails"}]
    b = unit(st, "B", "fire_mage")
    assert b.living and b.damage == 1 and st.points == (0, 0)


def test_IA_12_2_chill_hit_on_a_four_strikes_and_binds():
    st = dice({"A ice_mage": "middle living", "B fire_mage": "middle living strikes=1"})
    do(st, "A ice_mage chill fire_mage")
    events = do(st, "chance roll 1 4")
    assert effects(events, "hit", "miss", "damage", "pin", "spirit") == [
        {"kind": "hit", "unit": "B.fire_mage", "faces": (1, 4), "text": "chill hits B.fire_mage"},
        {"kind": "damage", "unit": "B.fire_mage", "damage": 2, "change": 1, "text": "B.fire_mage strikes 1 -> 2"},
        {"kind": "pin", "unit": "B.fire_mage", "text": "B.fire_mage is pinned (IA-8.3)"}]
    b = unit(st, "B", "fire_mage")
    assert (b.damage, b.pinned) == (2, True)


def test_IA_12_2_fireball_miss_still_gains_spirit():
    st = dice({"A fire_mage": "middle living spirit=1"})
    do(st, "A fire_mage fireball ice_mage")
    events = do(st, "chance roll 3 3")
    assert effects(events, "hit", "miss", "damage", "pin", "spirit") == [
        {"kind": "miss", "unit": "B.ice_mage", "faces": (3, 3), "text": "fireball misses B.ice_mage"},
        {"kind": "spirit", "unit": "A.fire_mage", "change": 1, "spirit": 2, "text": "A.fire_mage spirit 1 -> 2"}]
    assert unit(st, "B", "ice_mage").damage == 0


def test_IA_12_2_fireball_hit_strikes_without_binding():
    st = dice({"A fire_mage": "middle living spirit=0"})
    do(st, "A fire_mage fireball ice_mage")
    events = do(st, "chance roll 6 2")
    assert effects(events, "hit", "miss", "damage", "pin", "spirit") == [
        {"kind": "hit", "unit": "B.ice_mage", "faces": (6, 2), "text": "fireball hits B.ice_mage"},
        {"kind": "damage", "unit": "B.ice_mage", "damage": 1, "change": 1, "text": "B.ice_mage strikes 0 -> 1"},
        {"kind": "spirit", "unit": "A.fire_mage", "change": 1, "spirit": 1, "text": "A.fire_mage spirit 0 -> 1"}]
    assert not unit(st, "B", "ice_mage").pinned


def test_IA_12_5_second_player_revives_its_own_ally():
    st = position({"B warrior": "middle living", "B fire_mage": "back fallen"}, ruleset="dice", turn=4)
    assert st.player == 1
    events = do(st, "B warrior revive back fire_mage")
    assert effects(events, "move", "revive") == [
        {"kind": "move", "unit": "B.warrior", "frm": "middle", "to": "back", "why": "revive-step",
         "text": "B.warrior middle -> back"},
        {"kind": "revive", "unit": "B.fire_mage", "by": "B.warrior", "row": "back",
         "text": "B.fire_mage revives in the back row"}]
    b = unit(st, "B", "fire_mage")
    assert (b.living, b.row) == (True, 2)
