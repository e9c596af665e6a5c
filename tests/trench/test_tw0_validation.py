"""TW-0 ruleset validation as a whole: cross-key constraints, the player-dependent ones checked by
``new_game``, and a cube supply that never goes below 0."""

import pytest
from trench_helpers import scene

from game.core.errors import NotationError, RulesetError
from game.core.playout import random_game
from game.core.rng import Rng
from game.trench import make_ruleset, new_game
from game.trench.invariants import check_invariants
from game.trench.notation import parse_position
from game.trench.ruleset import SPEC, allowed_values, cubes_needed
from game.trench.setup import take_from_supply


def test_TW_0_allowed_values_lists_every_key_with_its_range():
    table = allowed_values()
    assert list(table) == list(SPEC)
    assert table["natural_cubes"] == ("int", (55, 200), 68)
    assert table["corpse_points"] == ("choice", ("always", "judgement"), "always")
    assert table["civilians"] == ("bool", (False, True), False)


def test_TW_0_natural_cubes_must_cover_the_board_and_the_boats():
    # 49 ground cubes + 4 corner pillars, and one boat a soldier: 65 with four players of three.
    assert cubes_needed(make_ruleset(), 4) == 65 and cubes_needed(make_ruleset(), 2) == 59
    rules = make_ruleset({"natural_cubes": 64})
    new_game(2, rules=rules)
    new_game(3, rules=rules)
    with pytest.raises(RulesetError, match=r"natural_cubes=64 .*4 players.*soldiers_per_player=3"):
        new_game(4, rules=rules)
    new_game(4, rules=make_ruleset({"natural_cubes": 65}))
    with pytest.raises(RulesetError, match=r"natural_cubes=58.*soldiers_per_player=3"):
        make_ruleset({"natural_cubes": 58})
    make_ruleset({"natural_cubes": 55, "soldiers_per_player": 1})


def test_TW_0_at_the_least_cubes_a_game_plays_to_the_end_with_the_supply_never_negative():
    rules = make_ruleset({"natural_cubes": 65})
    st = new_game(4, seed=2, rules=rules)

    def check(s, action, events):
        assert s.supply >= 0 and check_invariants(s) == [], action

    random_game(st, Rng(2), on_step=check)
    assert st.is_over()


def test_TW_0_the_supply_never_goes_below_zero():
    st = new_game(2, seed=1)
    st.supply = 0
    with pytest.raises(RulesetError, match="natural_cubes"):
        take_from_supply(st)
    assert st.supply == 0


def test_TW_11_contradictory_variant_switches_are_rejected():
    with pytest.raises(RulesetError, match="guerrillas=true needs civilians"):
        make_ruleset({"guerrillas": True})
    with pytest.raises(RulesetError, match="open_teams and hidden_teams"):
        make_ruleset(variants=["open-teams", "hidden-teams"])
    with pytest.raises(RulesetError, match="need 4 players"):
        new_game(3, rules=make_ruleset(variants=["open-teams"]))
    assert make_ruleset(variants=["guerrillas"]).civilians


def test_TW_0_a_position_with_too_few_cubes_is_rejected_naming_the_rules_line():
    text = scene(soldiers="S1 board d2 n\nN1 board b7 s", rules="natural_cubes=58")
    with pytest.raises(NotationError, match=r"^line 2: TW-0: natural_cubes=58"):
        parse_position(text)


def _extreme_rulesets():
    """Every key at its minimum and at its maximum (the others at their defaults), all keys at
    their minimum, all at their maximum, with each variant switch on alone."""
    table = allowed_values()
    out = []
    for key, (kind, allowed, default) in table.items():
        for value in ((allowed[0], allowed[1]) if kind == "int" else allowed):
            if value != default:
                out.append({key: value})
    for end in (0, 1):
        out.append({k: a[end] for k, (kind, a, d) in table.items() if kind == "int"})
    return out


def test_TW_0_extreme_rulesets_are_refused_clearly_or_play_to_the_end():
    """A short soak: each extreme ruleset either raises RulesetError naming a key, or plays a random
    game to the end with the invariants holding after every action."""
    played = refused = 0
    for i, settings in enumerate(_extreme_rulesets()):
        players = (2, 3, 4)[i % 3]
        try:
            rules = make_ruleset(settings)
            st = new_game(players if not (rules.open_teams or rules.hidden_teams) else 4, seed=i, rules=rules)
        except RulesetError as exc:
            assert any(key in str(exc) for key in settings), (settings, str(exc))
            refused += 1
            continue

        def check(s, action, events, settings=settings):
            assert check_invariants(s) == [], (settings, str(action), check_invariants(s))

        random_game(st, Rng(i), max_actions=20_000, on_step=check)
        assert st.is_over(), settings
        played += 1
    assert played > 60 and refused >= 1
