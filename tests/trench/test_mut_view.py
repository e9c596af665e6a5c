"""TW-10 hidden information, exactly: what each seat and the spectator (viewer None) sees (issue 14,
view.py).

The view of a position (hands, plotted cards, the turn's unrevealed cards, weapon tiles and who is
shown to know them), the event stream per viewer (``seen_by``; weapon tiles handed over or
discarded move face down), action texts per viewer (plotted cards, weapon assignments and tiles
moved face down become ``?``), and what a bot can and cannot do through a view.
"""

import pytest
from trench_helpers import play, position, scene

from game.core.errors import IllegalActionError, NotationError
from game.trench.model import Weapon
from game.trench.notation import format_position
from game.trench.view import TrenchView, redact_action, redact_events, view

UNKNOWN = Weapon("?", "?", None)
HIGH = "target_points_2p=9"

# S1 holds a gun only S has seen; S2 a gas N has seen too; N1 a bomb that has been fired (public);
# N2 a gun S has seen.  S is in its turn, its 1st card (move) revealed, fire still face down;
# N has plotted build and dig.
SOLDIERS = """
    S1 board d3 n weapons=S:gun:4:S
    S2 board e3 n weapons=S:gas:2:SN
    N1 board b6 s weapons=N:bomb:1:N!
    N2 board g6 s weapons=N:gun:4:SN
"""


def _state(turn="S cards=move,fire slot=1 uses=0"):
    return position(scene(soldiers=SOLDIERS, turn=turn, plots={"N": "build,dig"}))


def _weapons(v):
    return {s.sid: s.weapons for s in v.soldiers}


def _w(tile, ammo, known, public=False):
    return Weapon(tile, tile.split(":")[1], ammo, frozenset(known), public)


# -- the view of a position -------------------------------------------------------------------


def test_TW_10_a_seat_sees_its_own_hand_and_plot_and_only_the_count_of_the_others():
    st = _state()
    s, n, spectator = view(st, "S"), view(st, "N"), view(st, None)
    assert s.hands == {"S": st.hands["S"], "N": None}
    assert n.hands == {"S": None, "N": st.hands["N"]}
    assert spectator.hands == {"S": None, "N": None}
    assert s.plots == {"S": ("fire",), "N": ("?", "?")}
    assert n.plots == {"S": ("?",), "N": ("build", "dig")}
    assert spectator.plots == {"S": ("?",), "N": ("?", "?")}
    # discard piles are public (TW-10): S's revealed move card lies there for everyone
    assert s.discards == n.discards == spectator.discards == st.discards


def test_TW_10_the_turn_shows_the_revealed_card_and_hides_the_face_down_one():
    st = _state()
    assert view(st, "S").turn == st.turn  # the player in turn knows its own cards
    for viewer in ("N", None):
        assert view(st, viewer).turn.cards == ("move", "?")


def test_TW_10_weapon_tiles_show_as_each_viewer_knows_them():
    st = _state()
    assert _weapons(view(st, "S")) == {
        "S1": (_w("S:gun", 4, "S"),),
        "S2": (_w("S:gas", 2, "S"),),          # N has seen it too: not shown to S
        "N1": (_w("N:bomb", 1, "", True),),     # fired: public, but who saw it is not shown
        "N2": (_w("N:gun", 4, "S"),),
    }
    assert _weapons(view(st, "N")) == {
        "S1": (UNKNOWN,),
        "S2": (_w("S:gas", 2, "N"),),
        "N1": (_w("N:bomb", 1, "N", True),),
        "N2": (_w("N:gun", 4, "N"),),
    }
    assert _weapons(view(st, None)) == {
        "S1": (UNKNOWN,), "S2": (UNKNOWN,), "N1": (_w("N:bomb", 1, "", True),), "N2": (UNKNOWN,),
    }
    assert _weapons(st)["S2"] == (_w("S:gas", 2, "SN"),)  # the state itself is untouched


def test_TW_10_a_view_holds_no_generator_and_no_legal_list_of_the_full_state():
    st = _state()
    assert st.legal_actions()  # fills the state's cache with S's options
    for viewer in ("S", "N", None):
        v = view(st, viewer)
        assert v.rng is None and v.legal_cache is None and v.viewer == viewer
    assert st.rng is not None and st.legal_cache is not None


@pytest.mark.parametrize("seat", ["", "  "])
def test_TW_10_a_view_of_no_seat_is_refused_naming_the_seats(seat):
    with pytest.raises(NotationError) as info:
        view(_state(), seat)
    assert str(info.value) == (f"TW-10: no seat given for the view ({seat!r}): name a seat in play "
                               f"(S N) or None for the spectator")


def test_TW_10_a_view_of_a_non_text_seat_is_refused_naming_the_seats():
    with pytest.raises(NotationError) as info:
        view(_state(), 3)
    assert str(info.value) == "TW-10: no seat given for the view (3): name a seat in play (S N) or None for the spectator"


@pytest.mark.parametrize("seat", ["W", "X", "s"])
def test_TW_10_a_view_of_a_seat_not_in_play_is_refused_naming_the_seats(seat):
    with pytest.raises(NotationError) as info:
        view(_state(), seat)
    assert str(info.value) == f"TW-10: {seat!r} is not a seat in play (S N); None is the spectator"


# -- what a bot can and cannot do through a view ------------------------------------------------


def test_TW_10_a_view_cannot_be_played_on_nor_asked_for_legal_actions():
    st = _state()
    v = view(st, "S")
    before = format_position(v)
    with pytest.raises(IllegalActionError) as info:
        v.apply("S1 step n")
    assert str(info.value) == "TW-10: a view cannot be played on; apply actions to the game state"
    with pytest.raises(IllegalActionError) as info:
        v.legal_actions()
    assert str(info.value) == "TW-10: a view has no legal actions; ask the game state"
    assert format_position(v) == before
    # it still answers what is public: whose decision it is, whether the game is over
    assert v.current_player() == st.current_player() == "S" and not v.is_over()


def test_TW_10_a_clone_of_a_view_is_the_same_view_and_independent_of_it():
    v = view(_state(), "N")
    c = v.clone()
    assert type(c) is TrenchView and c.viewer == "N" and c.key() == v.key() and c is not v
    assert format_position(c) == format_position(v)
    c.columns[24] = ""
    c.points["S"] = 5
    assert v.columns[24] == "n" and v.points["S"] == 0
    with pytest.raises(IllegalActionError, match="TW-10: a view cannot be played on"):
        c.apply("S1 step n")
    with pytest.raises(IllegalActionError, match="TW-10: a view has no legal actions"):
        c.legal_actions()


def test_TW_10_views_of_different_seats_have_different_keys():
    st = _state()
    assert view(st, "S").key() != view(st, "N").key() != view(st, None).key()


# -- events per viewer --------------------------------------------------------------------------


def _seen(events, viewer):
    return [(e.kind, dict(e.data), e.text, e.seen_by) for e in redact_events(events, viewer)]


def test_TW_10_plotted_cards_are_seen_by_their_player_only():
    st, ev = play(scene(turn="", soldiers="S1 board d3 n\nN1 board b6 s", plots={"N": "build,dig"},
                        extra="queue: S"), "S plot move fire")
    plot = ("plot", {"seat": "S", "count": 2}, "S plots 2 card(s)", None)
    detail = ("plot-detail", {"seat": "S", "cards": ("move", "fire")}, "S plots move fire", frozenset({"S"}))
    public = [(e.kind, dict(e.data), e.text, e.seen_by) for e in ev if e.seen_by is None]
    assert public[0] == plot and len(public) == len(ev) - 1
    assert _seen(ev, "S") == [plot, detail] + public[1:]
    assert _seen(ev, "N") == public
    assert _seen(ev, None) == public


def test_TW_10_a_weapon_seen_at_a_step_is_learned_by_the_seeing_seat_only():
    # S1 steps to d5, adjacent to N1 on d6 (TW-10 vision, both ways): S learns N1's bomb and N
    # learns S1's gun; neither is told what the other learned, the spectator neither.
    st, ev = play(scene(soldiers="S1 board d4 n weapons=S:gun:4:S\nN1 board d6 e weapons=N:bomb:2:N"),
                  "S1 step n")
    s_saw = ("seen", {"seat": "S", "sid": "N1", "weapons": ("bomb",), "cell": 38},
             "S sees that N1 holds bomb", frozenset({"S"}))
    n_saw = ("seen", {"seat": "N", "sid": "S1", "weapons": ("gun",), "cell": 31},
             "N sees that S1 holds gun", frozenset({"N"}))
    everything = [(e.kind, dict(e.data), e.text, e.seen_by) for e in ev]
    assert s_saw in everything and n_saw in everything
    assert _seen(ev, "S") == [x for x in everything if x != n_saw]
    assert _seen(ev, "N") == [x for x in everything if x != s_saw]
    assert _seen(ev, None) == [x for x in everything if x not in (s_saw, n_saw)]


def test_TW_10_a_weapon_tile_handed_between_allies_moves_face_down():
    st, ev = play(scene(soldiers="S1 board d3 n weapons=S:gun:4:S,S:gas:2:S food=1\nS2 board e3 n\n"
                                 "N1 board b6 s"), "S1 give S2 S:gas; S1 give S2 food")
    tile = ("give", {"frm": "S1", "to": "S2", "what": "S:gas"}, "S1 hands S:gas to S2", None)
    hidden = ("give", {"frm": "S1", "to": "S2", "what": "weapon"}, "S1 hands a weapon to S2", None)
    food = ("give", {"frm": "S1", "to": "S2", "what": "food"}, "S1 hands food to S2", None)
    assert _seen(ev, "S") == [tile, food]
    assert _seen(ev, "N") == [hidden, food]
    assert _seen(ev, None) == [hidden, food]
    assert [type(e).__name__ for e in redact_events(ev, "N")] == ["Event", "Event"]
    assert ev[0].get("what") == "S:gas"  # the events themselves are untouched


def test_TW_10_a_consolation_weapon_moves_face_down_for_the_killer():
    # S1 assaults N1 (TW-7.1); N hands N1's gun to N2 as consolation (TW-7.2).
    st, ev = play(scene(soldiers="S1 board d3 n\nN1 board d4 s weapons=N:gun:4:N food=1\nN2 board g6 s",
                        rules=HIGH), "S1 step n")
    st, ev = play(st, "N console N2 N:gun")
    give = [e for e in ev if e.kind == "give"]
    assert [(dict(e.data), e.text) for e in give] == [
        ({"frm": "N1", "to": "N2", "what": "N:gun"}, "N1 hands N:gun to N2")]
    i = ev.index(give[0])
    assert _seen(ev, "N")[i] == ("give", {"frm": "N1", "to": "N2", "what": "N:gun"}, "N1 hands N:gun to N2", None)
    for viewer in ("S", None):
        assert _seen(ev, viewer)[i] == ("give", {"frm": "N1", "to": "N2", "what": "weapon"},
                                        "N1 hands a weapon to N2", None)
        assert all("N:gun" not in e.text for e in redact_events(ev, viewer))


def test_TW_10_a_weapon_tile_discarded_for_a_sunk_soldier_is_hidden_from_the_others():
    st, ev = play(scene(soldiers="S1 board d3 n weapons=S:gun:4:S food=1\nN1 board b6 s",
                        extra="pending:\n  sink S"), "S sink S1 S:gun")
    discard = [e for e in ev if e.kind == "discard"]
    assert [(dict(e.data), e.text) for e in discard] == [({"sid": "S1", "what": "S:gun"}, "S1 discards its S:gun")]
    i = ev.index(discard[0])
    assert _seen(ev, "S")[i] == ("discard", {"sid": "S1", "what": "S:gun"}, "S1 discards its S:gun", None)
    for viewer in ("N", None):
        kind, data, text, seen_by = _seen(ev, viewer)[i]
        assert (kind, data, seen_by) == ("discard", {"sid": "S1", "what": "weapon"}, None)
        assert text == "S1 discards a weapon"


def test_TW_10_other_discards_and_handovers_stay_public():
    st, ev = play(scene(soldiers="S1 board d3 n food=1 masks=1\nN1 board b6 s", extra="pending:\n  sink S"),
                  "S sink S1 food")
    for viewer in ("S", "N", None):
        assert redact_events(ev, viewer) == ev


# -- action texts per viewer --------------------------------------------------------------------


@pytest.mark.parametrize("action, hidden", [
    ("S plot move fire", "S plot ? ?"),
    ("S plot camp", "S plot ?"),
    ("S arm gun gas bomb", "S arm ? ? ?"),
    ("S arm bomb", "S arm ?"),
])
def test_TW_10_plotted_cards_and_weapon_assignments_are_hidden_from_the_others(action, hidden):
    assert redact_action(action, "S") == action
    assert redact_action(action, "N") == hidden
    assert redact_action(action, None) == hidden


@pytest.mark.parametrize("action", [
    "chance wind n", "chance first N", "S1 step n", "S1 fire S:bomb d4", "S1 fire destroy",
    "S reveal", "S1 give S2 food", "S sink S1 mask", "N console none", "S camp S1 food",
])
def test_TW_10_public_actions_read_the_same_for_everyone(action):
    # firing names its tile: firing reveals the weapon to all (TW-10)
    for viewer in ("S", "N", None):
        assert redact_action(action, viewer) == action


@pytest.mark.parametrize("action, hidden", [
    ("S1 switch N:gas", "S1 switch ?"),
    ("S1 give S2 S:gun", "S1 give S2 ?"),
    ("S sink S1 S:gun", "S sink S1 ?"),
    ("S console S2 S:bomb", "S console S2 ?"),
])
def test_TW_10_a_tile_moved_face_down_is_hidden_without_a_position(action, hidden):
    assert redact_action(action, "S") == action
    assert redact_action(action, "N") == hidden
    assert redact_action(action, None) == hidden


def test_TW_10_a_tile_moved_face_down_shows_to_who_knows_it_in_the_position():
    # N has seen S1's gun, not its gas; N2's gas was fired (public); nobody holds S:bomb.
    st = position(scene(soldiers="S1 board d3 n weapons=S:gun:4:SN,S:gas:2:S\nS2 board e3 n\n"
                                 "N1 board b6 s\nN2 board g6 s weapons=N:gas:1:N!"))
    assert redact_action("S1 give S2 S:gun", "N", st) == "S1 give S2 S:gun"
    assert redact_action("S1 give S2 S:gas", "N", st) == "S1 give S2 ?"
    assert redact_action("S sink S1 S:gas", "N", st) == "S sink S1 ?"
    assert redact_action("S sink S1 S:bomb", "N", st) == "S sink S1 ?"
    assert redact_action("N1 switch N:gas", "S", st) == "N1 switch N:gas"
    assert redact_action("S1 give S2 S:gas", "S", st) == "S1 give S2 S:gas"  # its own action
    # the spectator knows only fired tiles
    assert redact_action("S1 give S2 S:gun", None, st) == "S1 give S2 ?"
    assert redact_action("N1 switch N:gas", None, st) == "N1 switch N:gas"
