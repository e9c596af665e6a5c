"""view.py pinned exactly (issue 14): SB-11 hidden information, field by field, at each moment it changes
(deployment, committed plays, an effect named at play, the end).  I plays Heavy, II Agile."""

import pytest

from game.core.errors import IllegalActionError
from game.steel import make_ruleset, new_game
from game.steel.view import HIDDEN_PLAY, redact_action, view

from .helpers import game, recover, run, unit
from .test_mut_flow import cold_caches  # noqa: F401  (autouse)


def test_SB_11_view_refuses_unknown_viewer_and_play():
    st = game()
    with pytest.raises(ValueError) as err:
        view(st, "III")
    assert str(err.value) == "'III' is not a seat in play (I II)"
    v = view(st, "I")
    with pytest.raises(IllegalActionError) as err:
        v.apply("I play C1 front")
    assert str(err.value) == "SB-11: a view cannot be played on; apply actions to the game state"
    with pytest.raises(IllegalActionError) as err:
        v.legal_actions()
    assert str(err.value) == "SB-11: a view has no legal actions; ask the game state"


def test_SB_11_view_copies_public_fields_and_drops_the_generator():
    st = game(dist=3, sp=(2, 1), hp=(5, 4), clock=4, tokens={"II": ["medic"]}, piles={"I": ["C1:front"]})
    st.legal_actions()
    for viewer in ("I", "II", None):
        v = view(st, viewer)
        assert v.viewer == viewer and v.rng is None and v.legal_cache is None
        assert (v.dist, v.sp, v.hp, v.clock, v.tokens, v.piles, v.sides, v.mechs, v.phase, v.turn) == \
            (3, (2, 1), (5, 4), 4, st.tokens, st.piles, st.sides, st.mechs, "play", 1)
        c = v.clone()
        assert c.viewer == viewer and c == v and c.rng is None
    assert st.rng is not None and st.legal_cache is not None


def test_SB_3_5_deployment_hidden_until_both_are_down():
    st = new_game(2, 0, make_ruleset(["mech_assignment=heavy,agile"]))
    run(st, "I deploy infantry medic engineer sniper")
    dep = ("infantry", "medic", "engineer", "sniper")
    assert view(st, "I").deploys == (dep, None)
    assert view(st, "II").deploys == ("?", None) and view(st, None).deploys == ("?", None)
    run(st, "II deploy sniper medic engineer infantry")
    for viewer in ("I", "II", None):
        assert view(st, viewer).deploys == (dep, ("sniper", "medic", "engineer", "infantry"))


def test_SB_11_2_committed_play_hidden_whole():
    st = game()
    run(st, "I play C5 mech")
    assert view(st, "II").plays == (HIDDEN_PLAY, None) and view(st, None).plays == (HIDDEN_PLAY, None)
    assert (HIDDEN_PLAY.card, HIDDEN_PLAY.half, HIDDEN_PLAY.effect) == ("?", "?", "?")
    assert view(st, "I").plays[0] is st.plays[0]
    assert view(st, "I").plays[1] is None


def test_SB_7_1_effect_named_at_play_shows_when_its_item_begins():
    st = game(variants=["effect-at-play"], dist=2, sp=(2, 0))
    run(st, "I play C5 mech cannon", "II play C1 front rifle")
    # II's infantry (4) resolves first and waits on I's hit choice: II's effect shows, I's (7) does not
    assert st.current_player() == "I" and st.cursor[0] == 1
    for viewer in ("II", None):
        assert view(st, viewer).plays[0] == type(st.plays[0])("C5", "mech", "?")
        assert view(st, viewer).plays[1] == st.plays[1]
    assert view(st, "I").plays == st.plays
    run(st, "I hit medic")           # then I's cannon resolves at once and the turn ends
    assert st.phase == "play" and st.plays == (None, None)


def test_SB_7_1_effect_named_at_play_shows_while_its_item_waits():
    st = game(variants=["effect-at-play"], dist=2)
    run(st, "I play C1 front rifle", "II play C6 recover")
    # I's infantry (4) is the first item and waits on II's hit choice: the rifle shows to everyone
    assert st.current_player() == "II" and st.cursor[0] == 0 and st.step == 0
    for viewer in ("I", "II", None):
        assert view(st, viewer).plays[0].effect == "rifle"


def test_SB_7_1_effect_named_at_play_hidden_until_then_also_at_a_tie():
    st = game(variants=["effect-at-play"], dist=2)
    run(st, "I play C1 front rifle", "II play C1 front rifle")
    # tie at 4: II first; II's rifle waits on I's choice; I's rifle is the later item
    assert st.order == (1, 0) and st.cursor[0] == 1 and st.current_player() == "I"
    assert view(st, "II").plays[0].effect == "?" and view(st, None).plays[0].effect == "?"
    assert view(st, "I").plays[1].effect == "rifle"
    run(st, "I hit medic")
    assert st.current_player() == "II" and st.cursor[0] == 0 and st.step == 1
    assert view(st, "II").plays[0].effect == "rifle" and view(st, None).plays[0].effect == "rifle"


def test_SB_7_1_effect_named_at_play_shows_at_the_end_of_the_game():
    st = game(variants=["effect-at-play"], dist=1, sp=(0, 1), hp=(2, 5))
    run(st, "I play C1 front focused", "II play C5 mech melee")
    assert st.is_over()
    assert view(st, "II").plays[0].effect == "focused" and view(st, None).plays[0].effect == "focused"


def test_SB_7_1_effect_named_at_play_of_a_destroyed_unit_shows_at_its_item():
    st = game(variants=["effect-at-play"], dist=1, tokens={"I": ["sniper"]})
    run(st, "I play C4 right am_shot", "II play C1 front focused")
    assert view(st, "II").plays[0].effect == "?"
    run(st, "II hit sniper")
    assert st.phase == "play" and st.turn == 2       # I's item did nothing; the turn is over


def test_SB_11_2_redact_action():
    assert redact_action("I deploy infantry medic engineer sniper", "II") == "I deploy ?"
    assert redact_action("I deploy infantry medic engineer sniper", None) == "I deploy ?"
    assert redact_action("I deploy infantry medic engineer sniper", "I") == "I deploy infantry medic engineer sniper"
    assert redact_action("II play C5 mech cannon", "I") == "II play ?"
    assert redact_action("II play C5 mech cannon", "II") == "II play C5 mech cannon"
    assert redact_action("II effect cannon", "I") == "II effect cannon"
    assert redact_action("chance chooser I", None) == "chance chooser I"
    assert redact_action("II hit2 medic medic", "I") == "II hit2 medic medic"


def test_SB_7_1_own_effect_named_at_play_is_never_hidden_from_its_owner():
    st = game(variants=["effect-at-play"], dist=2, sp=(0, 1))
    run(st, "I play C1 front rifle", "II play C4 right am_shot")
    # I's infantry (4) waits on II's hit choice; II's sniper (6) comes later
    assert st.current_player() == "II" and st.step == 0
    assert view(st, "II").plays[1].effect == "am_shot" and view(st, "I").plays[1].effect == "?"
    assert view(st, None).plays[1].effect == "?" and view(st, "I").plays[0].effect == "rifle"
