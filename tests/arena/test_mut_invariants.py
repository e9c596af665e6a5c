"""The Immortal Arena invariants pinned exactly (issue 14): each broken fact of a position gives its
rule id, its message and the position-text section it concerns."""

from arena_helpers import do, position

from game.arena.actions import Action
from game.arena.invariants import check_invariants, problems
from game.arena.model import Unit
from game.arena.state import Result


def _with_unit(st, i, unit):
    st.units = st.units[:i] + (unit,) + st.units[i + 1:]
    return st


def test_IA_1_and_IA_2_unit_identity_and_row():
    st = _with_unit(position(), 0, Unit(1, "cavalry", 1))
    assert problems(st) == [("units", "IA-1: unit 0 is 1 cavalry, expected A's cavalry")]
    st = _with_unit(position(), 4, Unit(1, "cavalry", 1))
    assert problems(st) == [("units", "IA-1: unit 4 is 1 cavalry, expected B's infantry")]
    for row in (3, -1):
        st = _with_unit(position(), 4, Unit(1, "infantry", row))
        assert problems(st) == [("units", f"IA-2: B's infantry is in row {row}")]


def test_IA_8_counters_and_statuses():
    st = _with_unit(position(), 2, Unit(0, "artillery", 1, damage=-1))
    assert problems(st) == [("units", "IA-8.1: A's artillery has negative counters")]
    st = _with_unit(position(), 2, Unit(0, "artillery", 1, spirit=-1))
    assert problems(st) == [("units", "IA-8.1: A's artillery has negative counters")]
    for field in ({"damage": 1}, {"spirit": 1}, {"healing": True}, {"pinned": True}):
        st = _with_unit(position(), 5, Unit(1, "artillery", 1, living=False, **field))
        assert ("units", "IA-8.5: fallen B's artillery keeps counters or statuses") in problems(st), field
    st = _with_unit(position(rules="damage_cap=2"), 0, Unit(0, "cavalry", 1, damage=3))
    assert problems(st) == [("units", "IA-8.1: A's cavalry has 3 damage, over the cap 2")]
    assert problems(_with_unit(position(rules="damage_cap=2"), 0, Unit(0, "cavalry", 1, damage=2))) == []
    st = _with_unit(position(), 2, Unit(0, "artillery", 1, spirit=3))
    assert problems(st) == [("units", "IA-8.1: A's artillery cannot hold 3 spirit")]
    st = _with_unit(position(), 0, Unit(0, "cavalry", 1, spirit=1))
    assert problems(st) == [("units", "IA-8.1: A's cavalry cannot hold 1 spirit")]
    assert problems(_with_unit(position(), 2, Unit(0, "artillery", 1, spirit=2))) == []


def test_IA_1_provisions_add_up():
    for prov, bank in (((2, 2), 4), ((5, -1), 3), ((4, 4), -1)):
        st = position()
        st.provisions, st.bank = prov, bank
        assert problems(st) == [("provisions", f"IA-1: provisions {prov} and bank {bank} do not add up to 7")]
    st = position()
    st.points = (1, 0)
    assert problems(st) == [("points", "IA-11: the provisions ruleset scores waza-ari, not points")]


def test_IA_12_dice_holds_no_provisions():
    for field, value in (("provisions", (1, 0)), ("bank", 1), ("waza", (0, 1))):
        st = position(ruleset="dice")
        setattr(st, field, value)
        assert problems(st) == [("provisions", "IA-12: the dice ruleset has no provisions, bank or waza-ari")], field


def test_IA_11_waza_ari_states():
    st = position()
    st.waza = (1, 1)
    assert problems(st) == [("waza-ari", "IA-11.1: both players hold waza-ari (1, 1) under the last-taker rule")]
    assert problems(position(rules="waza_ari_mode=cumulative", waza="A=1 B=1")) == []
    st = position()
    st.waza = (2, 0)
    assert problems(st) == [("waza-ari", "IA-11.4: waza-ari (2, 0) has won but the game goes on")]
    st = position()
    st.waza = (0, 2)
    assert problems(st) == [("waza-ari", "IA-11.4: waza-ari (0, 2) has won but the game goes on")]


def test_IA_12_7_points_won_but_the_game_goes_on():
    for points, seat in (((5, 4), "A"), ((3, 0), "A"), ((0, 3), "B"), ((1, 5), "B")):
        st = position(ruleset="dice")
        st.points = points
        assert problems(st) == [("points", f"IA-12.7: {seat} has won on points but the game goes on")], points
    st = position(ruleset="dice")
    st.points = (4, 2)
    assert problems(st) == []


def test_IA_11_4_phase_over_exactly_with_a_result():
    st = position()
    st.phase = "over"
    assert ("result", "IA-11.4: phase over with result None") in problems(st)
    st = position()
    st.result = Result(("A",), "ippon", (0, 0), 3)
    assert problems(st) == [("result", f"IA-11.4: phase act with result {st.result}")]


def _front(st, seat, rows=(0, 0, 0), living=(True, True, True)):
    for k in range(3):
        u = st.units[3 * seat + k]
        _with_unit(st, 3 * seat + k, Unit(seat, u.kind, rows[k], living[k]))
    return st


def test_IA_11_2_and_IA_12_6_unresolved_ippon_or_overwhelm():
    assert problems(_front(position(), 0)) == [("units", "IA-11.2: an ippon of A stands unresolved")]
    assert problems(_front(position(), 1)) == [("units", "IA-11.2: an ippon of B stands unresolved")]
    assert problems(_front(position(ruleset="dice"), 0)) == [("units", "IA-12.6: an overwhelm of A stands unresolved")]
    st = _front(position(), 0)
    _with_unit(st, 3, Unit(1, "cavalry", 0))
    assert problems(st) == []
    assert problems(_front(position(), 0, living=(True, True, False))) == []
    assert problems(_front(position(), 0, rows=(0, 0, 1))) == []


def test_IA_3_3_and_IA_4_turn_player_and_first():
    st = position()
    st.phase, st.turn, st.player, st.first = "first", 0, -1, -1
    st.legal_cache = None
    assert problems(st) == []
    for field, value in (("turn", 1), ("player", 0), ("first", 0)):
        st = position()
        st.phase, st.turn, st.player, st.first = "first", 0, -1, -1
        setattr(st, field, value)
        assert problems(st) == [("phase", "IA-3.3: before the first player is drawn: turn 0, no player")], field
    for field, value in (("turn", 0), ("player", -1), ("first", -1), ("first", 2)):
        st = position()
        setattr(st, field, value)
        assert ("phase", "IA-4: phase act needs a first player, a player and a turn >= 1") in problems(st), field
    st = position()
    st.player = 1
    assert ("player", "IA-4: turn 3 belongs to A") in problems(st)
    st = position(first="B", turn=4)
    assert problems(st) == [] and st.player == 0
    st = position(rules="turn_limit=4", turn=3)
    st.turn = 5
    assert problems(st) == [("turn", "IA-11.5: turn 5 is past the limit 4")]
    assert problems(position(rules="turn_limit=4", turn=4)) == []


def test_IA_8_3_the_opponents_pins_end_with_its_turn():
    st = _with_unit(position(), 4, Unit(1, "infantry", 1, pinned=True))
    assert problems(st) == [("units", "IA-8.3: B's pins should have ended with its turn")]
    st = _with_unit(position(turn=4), 1, Unit(0, "infantry", 1, pinned=True))
    assert problems(st) == [("units", "IA-8.3: A's pins should have ended with its turn")]
    assert problems(position({"A infantry": "middle living pinned"})) == []


def test_IA_5_pending_acts():
    st = position()
    do(st, "A infantry shoot cavalry")
    assert problems(st) == []
    for pending, message in ((None, "IA-5: phase cancel needs a pending act of A"),
                             (Action("B", "allow"), "IA-5: phase cancel needs a pending act of A"),
                             (Action("B", "shoot", "infantry", ("cavalry",)), "IA-5: phase cancel needs a pending act of A"),
                             (Action("A", "charge", "cavalry"), "IA-5: A cavalry charge is not an attack of this ruleset"),
                             (Action("A", "shoot", "infantry", ("warrior",)),
                              "IA-5: A infantry shoot warrior is not an attack of this ruleset")):
        st.pending = pending
        assert problems(st) == [("pending", message)], pending
    st = position()
    do(st, "A infantry shoot cavalry")
    st.units = st.units[:3] + (Unit(1, "cavalry", 1, living=False),) + st.units[4:]
    assert problems(st) == [("pending", "IA-6.5: the units of A infantry shoot cavalry must be living")]
    st = position()
    do(st, "A infantry shoot cavalry")
    st.provisions, st.bank = (0, 1), 6
    assert problems(st) == [("pending", "IA-5.3: no cancel window for A infantry shoot cavalry")]
    st = position()
    do(st, "A infantry shoot cavalry")
    st.phase = "roll"
    assert problems(st) == [("pending", "IA-12.8: a roll only follows a dice attack")]
    st = position()
    st.pending = Action("A", "shoot", "infantry", ("cavalry",))
    assert problems(st) == [("pending", "IA-5: nothing is pending in phase act")]


def test_IA_12_8_a_dice_attack_waits_for_its_roll():
    st = position(ruleset="dice")
    do(st, "A fire_mage fireball warrior")
    assert problems(st) == []
    st.phase = "cancel"
    assert problems(st) == [("pending", "IA-5.3: no cancel window for A fire_mage fireball warrior")]


def test_IA_4_6_an_act_phase_needs_a_legal_act():
    st = _front(position(), 0, rows=(1, 1, 2), living=(False, False, False))
    assert problems(st) == [("phase", "IA-4.6: A has no legal act, so the turn should have ended")]


def test_IA_4_7_last_activations():
    for last in ((3, False), (-2, False), (-1, True)):
        st = position()
        st.last = (last, (-1, False))
        assert problems(st) == [("last", "IA-4.7: bad last activation of A")], last
    st = position()
    st.last = ((-1, False), (2, True))
    assert problems(st) == []
    st.last = ((-1, False), (-1, True))
    assert check_invariants(st) == ["IA-4.7: bad last activation of B"]


def test_IA_8_1_the_message_names_Bs_cavalry():
    st = _with_unit(position(), 3, Unit(1, "cavalry", 1, damage=-2))
    assert problems(st) == [("units", "IA-8.1: B's cavalry has negative counters")]


def test_IA_5_a_window_without_a_player_names_P():
    st = position()
    do(st, "A infantry shoot cavalry")
    st.player, st.pending = -1, None
    assert ("pending", "IA-5: phase cancel needs a pending act of P") in problems(st)


def test_IA_8_3_pins_checked_in_every_deciding_phase_only():
    st = _with_unit(position(), 3, Unit(1, "cavalry", 1, pinned=True))
    assert problems(st) == [("units", "IA-8.3: B's pins should have ended with its turn")]
    st = position()
    do(st, "A infantry shoot artillery")                      # cancel window
    _with_unit(st, 3, Unit(1, "cavalry", 1, pinned=True))
    assert problems(st) == [("units", "IA-8.3: B's pins should have ended with its turn")]
    st = position(ruleset="dice")
    do(st, "A fire_mage fireball warrior")                    # roll
    _with_unit(st, 4, Unit(1, "fire_mage", 1, pinned=True))
    assert problems(st) == [("units", "IA-8.3: B's pins should have ended with its turn")]
    st = position({"A cavalry": "front living", "B cavalry": "front living"}, waza="A=1 B=0", prov="A=2 B=0 bank=5")
    do(st, "A cavalry melee cavalry", "B allow")              # over: a constructed pin is not a turn's leftover
    _with_unit(st, 4, Unit(1, "infantry", 1, pinned=True))
    assert problems(st) == []


def test_IA_4_6_B_with_no_legal_act():
    st = _front(position(turn=4), 1, rows=(1, 1, 2), living=(False, False, False))
    assert problems(st) == [("phase", "IA-4.6: B has no legal act, so the turn should have ended")]
