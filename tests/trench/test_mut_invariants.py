"""Each invariant of ``game/trench/invariants.py`` broken on purpose, one at a time, with the exact
message it must give (TW-1, TW-2, TW-3.3, TW-6.5, TW-7.4, TW-8, TW-9, TW-10, TW-11), and the event
audit's bookkeeping of escapes, penalties, sinkings and bases."""

import pytest
from trench_helpers import scene

from game.core.events import make_event
from game.trench.geometry import parse_cell
from game.trench.invariants import EventAudit, check_invariants, check_view
from game.trench.model import GasToken, Weapon, evolve
from game.trench.notation import parse_position
from game.trench.state import ACTION_CARDS
from game.trench.view import view

SOLDIERS = ("S1 board d3 n weapons=S:gun:4:S masks=1\nS2 board b2 n weapons=S:bomb:2:S\n"
            "N1 board d5 s weapons=N:gun:4:N\nN2 board b6 s")


def _state(soldiers=SOLDIERS, **kw):
    st = parse_position(scene(soldiers=soldiers, **kw))
    assert check_invariants(st) == []
    return st


def _set(st, sid, **changes):
    st.put(evolve(st.soldier(sid), **changes))


def test_TW_9_the_phase_is_over_exactly_when_there_is_a_result():
    st = _state()
    st.phase = "over"
    assert check_invariants(st) == ["TW-9: phase over with result None"]
    st = _state()
    st.result = ("S",)
    assert check_invariants(st) == ["TW-9: phase turn with result ('S',)"]


@pytest.mark.parametrize("supply, out", [(1, 0), (0, 1), ("-1", 16), (16, "-1")])
def test_TW_1_the_natural_cubes_add_up_and_no_pile_is_negative(supply, out):
    st = _state()
    assert (st.supply, st.out) == (15, 0)
    st.supply = -1 if supply == "-1" else st.supply + supply
    st.out = -1 if out == "-1" else out
    assert check_invariants(st) == [f"TW-1: natural cubes do not add up to 68: {st.cube_census()}"]


def test_TW_2_a_column_is_at_most_two_cubes_of_known_kinds():
    st = _state()
    d4 = parse_cell("d4")
    st.columns[d4] = "nnn"
    st.supply -= 2
    assert check_invariants(st) == ["TW-2: d4 is 3 high"]
    st.columns[d4] = "nX"
    st.supply += 2
    assert check_invariants(st) == ["TW-2: d4 holds an unknown cube 'X'"]


def test_TW_2_one_base_a_seat_in_play_and_no_base_of_a_seat_out_of_play():
    st = _state()
    st.columns[parse_cell("c2")] = "nS"
    assert check_invariants(st) == []
    st.columns[parse_cell("e2")] = "nS"
    assert check_invariants(st) == ["TW-2: 2 S cubes on the board"]
    st = _state()
    st.columns[parse_cell("c4")] = "nE"
    assert check_invariants(st) == ["TW-2: a base of E, not in play, on c4"]


def test_TW_11_a_village_needs_the_civilians_variant():
    st = _state()
    st.columns[parse_cell("c4")] = "nV"
    assert check_invariants(st) == ["TW-11: a village without the civilians variant"]
    st = _state(extra="variants: civilians", soldiers=SOLDIERS + "\nC1 unplaced - n\nC2 unplaced - n")
    st.columns[parse_cell("c4")] = "nV"
    assert check_invariants(st) == []
    st.columns[parse_cell("e4")] = "nV"
    assert check_invariants(st) == ["TW-2: 2 V cubes on the board"]


def test_TW_2_a_soldier_has_a_known_status_and_a_cell_only_where_it_should():
    st = _state()
    _set(st, "N2", status="flying")
    assert check_invariants(st) == ["TW-2: N2 has the status 'flying'"]
    for status in ("unplaced", "escaped"):
        st = _state()
        _set(st, "N2", status=status)
        assert check_invariants(st) == [f"TW-2: N2 is {status} but has a cell {parse_cell('b6')}"]
    st = _state()
    _set(st, "N2", status="escaped", cell=None)
    assert check_invariants(st) == []
    st = _state()
    _set(st, "N2", cell=None)
    assert check_invariants(st) == ["TW-2: N2 (board) is off the board: cell None"]


def test_TW_3_3_a_boat_lies_beside_its_own_edge_and_never_a_corner():
    st = _state()
    st.supply -= 1
    _set(st, "S2", status="boat", cell=parse_cell("c1"))
    assert check_invariants(st) == []
    _set(st, "S2", cell=parse_cell("c7"))
    assert check_invariants(st) == ["TW-3.3: S2's boat lies beside c7, not its own edge"]
    _set(st, "S2", cell=parse_cell("a1"))
    assert check_invariants(st) == ["TW-3.3: S2's boat lies beside a1, not its own edge"]
    _set(st, "S2", cell=parse_cell("a3"))
    assert check_invariants(st) == ["TW-3.3: S2's boat lies beside a3, not its own edge"]


def test_TW_2_no_soldier_or_corpse_on_a_wall_and_one_living_soldier_a_cell():
    st = _state()
    st.columns[parse_cell("b6")] = "nn"
    st.supply -= 1
    assert check_invariants(st) == ["TW-2: N2 stands on the wall b6"]
    _set(st, "N2", status="corpse")
    st.dead = 1
    assert check_invariants(st) == ["TW-2: N2 lies on the wall b6"]
    st = _state()
    _set(st, "N2", cell=parse_cell("d3"))
    assert check_invariants(st) == ["TW-2: N2 and S1 share d3"]
    _set(st, "N2", status="corpse")
    st.dead = 1
    assert check_invariants(st) == []


def test_TW_7_4_a_carried_corpse_and_its_carrier_agree():
    soldiers = ("S1 board d3 n weapons=S:gun:4:S corpses=N2\nS2 board b2 n\nN1 board d5 s\n"
                "N2 carried - s carrier=S1")
    st = _state(soldiers)
    _set(st, "S1", corpses=())
    assert check_invariants(st) == ["TW-7.4: the carried corpse N2 has no carrier holding it"]
    st = _state(soldiers)
    _set(st, "N2", carrier=None)
    assert check_invariants(st) == ["TW-7.4: the carried corpse N2 has no carrier holding it"]
    st = _state(soldiers)
    _set(st, "N2", status="corpse", cell=parse_cell("b6"), carrier=None)
    assert check_invariants(st) == ["TW-7.4: S1 carries N2, which is corpse"]
    st = _state(soldiers)
    _set(st, "N2", status="gone", carrier=None)
    assert check_invariants(st) == []


def test_TW_8_a_gas_token_rests_on_the_board_above_its_column():
    st = _state()
    d4 = parse_cell("d4")
    st.columns[d4] = ""
    st.supply += 1
    st.gas = (GasToken(1, "S", d4, 1),)
    assert check_invariants(st) == []
    st.gas = (GasToken(1, "S", d4, 2),)
    assert check_invariants(st) == []
    st.gas = (GasToken(1, "S", parse_cell("e4"), 1),)
    assert check_invariants(st) == [f"TW-8: gas 1 in layer 1 of e4, which is 1 high"]
    st.gas = (GasToken(2, "S", parse_cell("a1"), 2),)
    assert check_invariants(st) == ["TW-8: gas 2 in layer 2 of a1, which is 2 high"]
    st.gas = (GasToken(3, "S", 49, 1),)
    assert check_invariants(st) == ["TW-8: gas 3 is off the board (49, layer 1)"]
    st.gas = (GasToken(4, "S", d4, 3),)
    assert check_invariants(st) == [f"TW-8: gas 4 is off the board ({d4}, layer 3)"]
    st.gas = (GasToken(5, "S", d4, 0),)
    assert check_invariants(st) == [f"TW-8: gas 5 is off the board ({d4}, layer 0)"]


def test_TW_1_twelve_action_cards_a_player():
    st = _state()
    st.hands["N"] = ACTION_CARDS.remove(st.hands["N"], "move")
    assert check_invariants(st) == ["TW-1: N has 11 action cards, not 12"]
    st.interrupt_used = frozenset({"N"})
    assert check_invariants(st) == []
    st.plots["S"] = ("move",)
    assert check_invariants(st) == ["TW-1: S has 13 action cards, not 12"]


def test_TW_6_5_TW_1_belongings_within_the_ruleset():
    st = _state()
    _set(st, "S2", cubes=3)
    st.supply -= 3
    assert check_invariants(st) == ["TW-6.5: S2 carries 3 cubes"]
    _set(st, "S2", cubes=2)
    st.supply += 1
    assert check_invariants(st) == []
    for what in ("masks", "drugs", "food"):
        st = _state()
        _set(st, "S2", **{what: -1})
        assert check_invariants(st) == [f"TW-1: S2 has -1 {what}"]
    st = _state()
    _set(st, "S2", cubes=-1)
    st.supply += 1
    assert check_invariants(st) == ["TW-1: S2 has -1 cubes"]


@pytest.mark.parametrize("sid, tile, kind, ammo, most", [
    ("S1", "S:gun", "gun", 5, 4), ("S1", "S:gun", "gun", -1, 4), ("S1", "S:gun", "gun", None, 4),
    ("S2", "S:bomb", "bomb", 3, 2), ("S2", "S:gas", "gas", 3, 2)])
def test_TW_1_a_weapon_holds_no_more_than_its_ammunition(sid, tile, kind, ammo, most):
    st = _state()
    _set(st, sid, weapons=(Weapon(tile, kind, ammo, frozenset({"S"})),))
    assert check_invariants(st) == [f"TW-1: {sid}'s {tile} holds {ammo} (0..{most})"]
    _set(st, sid, weapons=(Weapon(tile, kind, most, frozenset({"S"})),))
    assert check_invariants(st) == []
    _set(st, sid, weapons=(Weapon(tile, kind, 0, frozenset({"S"})),))
    assert check_invariants(st) == []


def test_TW_1_each_weapon_tile_is_held_once_and_a_views_unknown_tile_is_skipped():
    st = _state()
    _set(st, "S2", weapons=(Weapon("S:gun", "gun", 4, frozenset({"S"})),))
    assert check_invariants(st) == ["TW-1: the weapon tile S:gun is held by S1 and S2"]
    st = _state()
    _set(st, "S2", weapons=(Weapon("?", "?", None),))
    _set(st, "N2", weapons=(Weapon("?", "?", None),))
    assert check_invariants(st) == []
    _set(st, "S2", weapons=(Weapon("?", "?", None), Weapon("S:gas", "gas", 9, frozenset({"S"}))))
    assert check_invariants(st) == ["TW-1: S2's S:gas holds 9 (0..2)"]


def test_TW_1_no_more_gas_masks_than_one_a_soldier():
    st = _state()
    _set(st, "S1", masks=0, mask_on=True)
    assert check_invariants(st) == []
    for sid in ("S2", "N1", "N2"):
        _set(st, sid, masks=1)
    assert check_invariants(st) == []
    _set(st, "S1", masks=1, mask_on=True)
    assert check_invariants(st) == ["TW-1: 5 gas masks, more than 1 per soldier"]
    st = _state(extra="variants: civilians", soldiers=SOLDIERS + "\nC1 board f4 n\nC2 board b4 n")
    _set(st, "C1", masks=1)
    _set(st, "S2", masks=1)
    _set(st, "N1", masks=1)
    _set(st, "N2", masks=1)
    assert check_invariants(st) == ["TW-1: 5 gas masks, more than 1 per soldier"]


def test_TW_9_the_dead_count_covers_every_dead_piece():
    st = _state()
    _set(st, "N2", status="corpse")
    assert check_invariants(st) == ["TW-9: 1 soldiers and civilians are dead but the count says 0"]
    st.dead = 1
    assert check_invariants(st) == []
    st.dead = 3  # more dead than shown (pieces removed): allowed
    assert check_invariants(st) == []
    for status in ("sunk", "gone"):
        st = _state()
        _set(st, "N2", status=status, cell=None)
        assert check_invariants(st) == ["TW-9: 1 soldiers and civilians are dead but the count says 0"]


# -- the event audit -----------------------------------------------------------------------------

def test_TW_9_the_audit_counts_an_escape_at_the_escape_value_and_nothing_with_hidden_teams():
    st = _state()
    audit = EventAudit(st)
    st.points["S"] += 1
    assert audit.check(st, [make_event("escape", seat="S", sid="S1")]) == []
    audit = EventAudit(_state(players="S W N E", soldiers="S1 board d3 n\nW1 board b4 e\nN1 board d5 s\nE1 board f4 w"))
    st = _state(players="S W N E", soldiers="S1 board d3 n\nW1 board b4 e\nN1 board d5 s\nE1 board f4 w")
    st.points["W"] += 2
    assert audit.check(st, [make_event("escape", seat="W", sid="W1")]) == []


def test_TW_11_the_audit_gives_no_escape_points_with_hidden_teams():
    text = scene(players="S W N E", soldiers="S1 board d3 n\nW1 board b4 e\nN1 board d5 s\nE1 board f4 w",
                 extra="variants: hidden-teams\nteams: S=a:S W=b:W N=a:N E=b:E")
    st = parse_position(text)
    audit = EventAudit(st)
    assert audit.check(st, [make_event("escape", seat="W", sid="W1")]) == []
    st.points["W"] += 2
    assert audit.check(st, [make_event("escape", seat="W", sid="W1")]) == [
        "TW-9: the events score {'S': 0, 'W': 0, 'N': 0, 'E': 0}, the scoreboard says "
        "{'S': 0, 'W': 2, 'N': 0, 'E': 0}"]


def test_TW_9_the_audit_takes_the_civilian_penalty_only_for_a_point_choice():
    st = _state(rules="civilian_penalty=2 target_points_2p=9")
    audit = EventAudit(st)
    st.points["S"] -= 2
    assert audit.check(st, [make_event("penalty", seat="S", choice="point")]) == []
    assert audit.check(st, [make_event("penalty", seat="S", choice="card")]) == []
    assert st.points["S"] == -2 and audit.points["S"] == -2


def test_TW_9_the_audit_counts_deaths_and_sinkings_and_resyncs_after_a_mismatch():
    st = _state()
    audit = EventAudit(st)
    st.dead = 2
    assert audit.check(st, [make_event("death", sid="N1"), make_event("sink", sid="N2")]) == []
    st.dead = 3
    assert audit.check(st, [make_event("cube", how="destroy", kind="n")]) == [
        "TW-9: the events report 2 dead, the count says 3"]
    assert audit.check(st, []) == []
    st.points["N"] = 4
    assert audit.check(st, []) == ["TW-9: the events score {'S': 0, 'N': 0}, the scoreboard says {'S': 0, 'N': 4}"]
    assert audit.check(st, []) == []


@pytest.mark.parametrize("destroyed, errors", [
    ("N", []),
    ("S", ["TW-9: S scores a base, but the base destroyed is 'S', not an enemy's"]),
    ("E", ["TW-9: S scores a base, but the base destroyed is 'E', not an enemy's"]),
    (None, ["TW-9: S scores a base, but the base destroyed is None, not an enemy's"]),
])
def test_TW_9_the_audit_checks_a_base_score_follows_an_enemy_base_destroyed(destroyed, errors):
    st = _state()
    audit = EventAudit(st)
    st.points["S"] += 1
    events = ([make_event("cube", how="destroy", kind=destroyed)] if destroyed else [])
    events += [make_event("cube", how="place", kind="n"), make_event("score", seat="S", points=1, why="base")]
    assert audit.check(st, events) == errors


def test_TW_9_the_audit_adds_scores_and_escapes_to_the_points_already_held():
    st = _state(points={"S": 1, "N": 1}, rules="target_points_2p=9")
    audit = EventAudit(st)
    st.points["S"] += 2
    st.points["N"] += 1
    assert audit.check(st, [make_event("score", seat="S", points=2, why="kill"),
                            make_event("escape", seat="N", sid="N1")]) == []
    assert audit.points == {"S": 3, "N": 2}


def test_TW_1_an_empty_supply_is_no_broken_invariant():
    st = _state()
    st.out += st.supply
    st.supply = 0
    assert check_invariants(st) == []


def test_TW_9_a_kill_score_needs_no_destroyed_base():
    st = _state()
    audit = EventAudit(st)
    st.points["S"] += 1
    assert audit.check(st, [make_event("score", seat="S", points=1, why="kill")]) == []


# -- check_view ----------------------------------------------------------------------------------

def _viewed(viewer="N", **kw):
    st = _state(**kw)
    v = view(st, viewer)
    assert check_view(st, v) == []
    return st, v


def test_TW_10_check_view_catches_the_generator_and_another_seats_plot():
    st, v = _viewed(plots={"S": "move,fire"}, turn="", extra="queue: N")
    v.rng = 7
    assert check_view(st, v) == ["TW-10: the view of N shows the generator"]
    v.rng = None
    v.plots = dict(v.plots, S=("?", "fire"))
    assert check_view(st, v) == ["TW-10: the view of N shows S's plotted cards"]
    v.plots = dict(v.plots, S=("?", "?"), N=("move",))
    assert check_view(st, v) == []


def test_TW_10_check_view_catches_an_unrevealed_card_of_the_turn():
    st, v = _viewed(turn="S cards=move,fire slot=1 uses=0")
    assert v.turn.cards == ("move", "?") and v.turn.slot == 0
    v.turn = evolve(v.turn, cards=("move", "fire"))
    assert check_view(st, v) == ["TW-10: the view of N shows S's unrevealed cards"]
    v.turn = evolve(v.turn, cards=("move", "?"), slot=None)
    assert check_view(st, v) == ["TW-10: the view of N shows S's unrevealed cards"]
    v.turn = evolve(v.turn, cards=("?", "?"), slot=None)
    assert check_view(st, v) == []
    v.turn = evolve(v.turn, cards=("move", "fire"), slot=1)
    assert check_view(st, v) == []
    st, v = _viewed("S", turn="S cards=move,fire slot=1 uses=0")
    assert v.turn.cards == ("move", "fire") and check_view(st, v) == []


def test_TW_10_check_view_catches_a_weapon_seen_by_others_and_who_saw_it():
    st, v = _viewed()
    n1 = st.soldier("N1")
    i = st.index["N1"]
    v.soldiers[i] = evolve(v.soldiers[i], weapons=(Weapon("N:gun", "gun", 4, frozenset({"N", "S"})),))
    assert check_view(st, v) == ["TW-10: the view of N shows who else has seen N:gun"]
    j = st.index["S1"]
    v.soldiers[i] = evolve(v.soldiers[i], weapons=n1.weapons)
    v.soldiers[j] = st.soldier("S1")
    assert check_view(st, v) == ["TW-10: the view of N shows S1's unseen S:gun",
                                 "TW-10: the view of N shows who else has seen S:gun"]
    st.put(evolve(st.soldier("S1"), weapons=(Weapon("S:gun", "gun", 4, frozenset({"S"}), public=True),)))
    v.soldiers[j] = evolve(st.soldier("S1"), weapons=(Weapon("S:gun", "gun", 4, frozenset(), public=True),))
    assert check_view(st, v) == []
    spectator = view(st, None)
    assert check_view(st, spectator) == []
    spectator.soldiers[i] = evolve(spectator.soldiers[i], weapons=(Weapon("N:gun", "gun", 4, frozenset()),))
    assert check_view(st, spectator) == ["TW-10: the view of None shows N1's unseen N:gun"]


def test_TW_10_check_view_catches_a_hidden_side_and_who_knows_it():
    text = scene(players="S W N E", soldiers="S1 board d3 n\nW1 board b4 e\nN1 board d5 s\nE1 board f4 w",
                 extra="variants: hidden-teams\nteams: S=a:S W=b:WN N=a:N E=b:E!")
    st = parse_position(text)
    v = view(st, "N")
    assert check_view(st, v) == []
    assert v.teams["W"][0] == "b" and v.teams["S"][0] == "?"
    v.teams = dict(v.teams, S=("a", frozenset(), False))
    assert check_view(st, v) == ["TW-10: the view of N shows S's hidden side"]
    v.teams = dict(v.teams, S=("?", frozenset({"S"}), False))
    assert check_view(st, v) == ["TW-10: the view of N shows who else knows S's side"]
    spectator = view(st, None)
    assert check_view(st, spectator) == []
    spectator.teams = dict(spectator.teams, W=("b", frozenset(), False))
    assert check_view(st, spectator) == ["TW-10: the view of None shows W's hidden side"]


@pytest.mark.parametrize("changes, first", [
    (dict(status="flying"), ["TW-2: S2 has the status 'flying'"]),
    (dict(status="escaped", cell=None), []),
    (dict(status="unplaced"), ["TW-2: S2 is unplaced but has a cell 8"]),
    (dict(cell=None), ["TW-2: S2 (board) is off the board: cell None"]),
    (dict(status="boat", cell=2), []),
    (dict(status="corpse"), []),
], ids=["bad-status", "escaped", "unplaced-with-cell", "off-board", "boat", "corpse"])
def test_TW_2_every_soldier_is_checked_after_one_that_is_not_on_the_board(changes, first):
    st = _state()
    assert st.soldiers[1].sid == "S2" and parse_cell("b2") == 8 and parse_cell("c1") == 2
    _set(st, "S2", **changes)
    if changes.get("status") == "boat":
        st.supply -= 1
    if changes.get("status") == "corpse":
        st.dead = 1
    st.columns[parse_cell("b6")] = "nn"
    st.supply -= 1
    assert check_invariants(st) == first + ["TW-2: N2 stands on the wall b6"]


def test_TW_10_check_view_checks_the_seats_after_the_viewer_and_a_missing_plot_is_no_plot():
    st, v = _viewed("S")
    v.hands = dict(st.hands)
    assert check_view(st, v) == ["TW-10: the view of S shows N's hand"]
    v.hands = {"S": st.hands["S"]}
    v.plots = {}
    assert check_view(st, v) == []
