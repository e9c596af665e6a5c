"""TW-0 / TW-11 ruleset scenarios the mutation run needs: every refusal's exact text, the help table,
file loading with variants, ``key=value`` parsing and the variant names a ruleset reports.

Fast on purpose (no playouts): ``tools/mutation.py`` leaves the slow ``test_tw0_*`` files out, so the
ruleset module's score rests on these."""

import pytest

from game.core.errors import RulesetError
from game.trench import new_game
from game.trench.ruleset import (SPEC, allowed_values, check_players, describe, load_ruleset, make_ruleset,
                                 parse_assignment)


def _refusal(*args, **kwargs) -> str:
    with pytest.raises(RulesetError) as info:
        make_ruleset(*args, **kwargs)
    return str(info.value)


def test_TW_0_an_unknown_key_is_refused_with_close_names():
    assert _refusal(["gun_rnge=5"]) == "TW-0: unknown ruleset key 'gun_rnge' (did you mean gun_rounds, gun_range, empty_gun_points?)"
    assert _refusal({"zzz": 1}) == "TW-0: unknown ruleset key 'zzz'"


def test_TW_0_out_of_range_values_name_the_range_and_only_natural_cubes_adds_its_floor():
    assert _refusal(["gun_range=99"]) == "TW-0: gun_range=99 is out of range 1..7"
    assert _refusal(["natural_cubes=lots"]) == "TW-0: natural_cubes must be an integer, not 'lots'"
    assert _refusal(["natural_cubes=201"]) == (
        "TW-0: natural_cubes=201 is out of range 55..200: the floor is 53 (the board) + 1 a soldier "
        "(59 for 2 players, 62 for 3 players, 65 for 4 players with 3 soldiers each)")


def test_TW_0_a_setting_without_equals_is_refused():
    assert _refusal(["gun_range"]) == "TW-0: expected key=value, got 'gun_range'"


def test_TW_0_parse_assignment_reads_a_key_value_pair():
    assert parse_assignment("gun-range = 5") == ("gun_range", 5)
    assert parse_assignment("civilians=on") == ("civilians", True)
    assert parse_assignment("corpse_points=judgement") == ("corpse_points", "judgement")
    with pytest.raises(RulesetError) as info:
        parse_assignment("bombs")
    assert str(info.value) == "TW-0: expected key=value, got 'bombs'"
    with pytest.raises(RulesetError) as info:
        parse_assignment("bomb_rng=1")
    assert str(info.value) == "TW-0: unknown ruleset key 'bomb_rng' (did you mean bombs, bomb_range?)"


def test_TW_11_an_unknown_variant_is_refused_under_the_variant_rule():
    assert _refusal(variants=["nosuch"]) == (
        "TW-11: unknown variant 'nosuch' (known: first-game, civilians, guerrillas, open-teams, hidden-teams)")


def test_TW_11_contradictory_switches_are_refused_with_their_reason():
    assert _refusal({"guerrillas": True}) == (
        "TW-11: guerrillas=true needs civilians=true (the guerrillas are the civilians)")
    assert _refusal(variants=["open-teams", "hidden-teams"]) == "TW-11: open_teams and hidden_teams cannot both be on"


@pytest.mark.parametrize("variant, players", [("open-teams", 2), ("hidden-teams", 3), ("open-teams", 3)])
def test_TW_11_team_variants_need_four_players(variant, players):
    rules = make_ruleset(variants=[variant])
    with pytest.raises(RulesetError) as info:
        check_players(rules, players)
    assert str(info.value) == "TW-11: open_teams and hidden_teams need 4 players"
    with pytest.raises(RulesetError) as info:
        new_game(players, seed=1, rules=rules)
    assert str(info.value) == "TW-11: open_teams and hidden_teams need 4 players"
    check_players(rules, 4)


@pytest.mark.parametrize("variants, names", [
    (["civilians"], ["civilians"]),
    (["guerrillas"], ["guerrillas"]),
    (["first-game", "guerrillas"], ["first-game", "guerrillas"]),
    (["guerrillas", "hidden-teams"], ["guerrillas", "hidden-teams"]),
    (["first-game", "civilians", "open-teams"], ["first-game", "civilians", "open-teams"]),
])
def test_TW_11_variant_names_in_canonical_order_guerrillas_implying_civilians(variants, names):
    rules = make_ruleset(variants=variants)
    assert rules.variant_names() == names
    assert rules.changes() == {}


def test_TW_0_allowed_values_gives_kind_range_and_default():
    table = allowed_values()
    assert list(table) == list(SPEC)
    assert table["gun_range"] == ("int", (1, 7), 4)
    assert table["natural_cubes"] == ("int", (55, 200), 68)
    assert table["corpse_points"] == ("choice", ("always", "judgement"), "always")
    assert table["hidden_teams"] == ("bool", (False, True), False)
    assert {kind for kind, _, _ in table.values()} == {"int", "bool", "choice"}


def test_TW_0_describe_lists_every_key_with_default_range_and_meaning():
    lines = describe().split("\n")
    assert len(lines) == len(SPEC)
    assert lines[0] == f"{'board_size':22} {'7':10} {'7..7':18} board is board_size x board_size (only 7 is supported)"
    assert f"{'gun_range':22} {'4':10} {'1..7':18} gun range in cells" in lines
    assert f"{'corpse_points':22} {'always':10} {'always|judgement':18} when carried enemy corpses score [I]" in lines
    assert f"{'civilians':22} {'False':10} {'False|True':18} variant: 2 civilians and a village" in lines
    assert lines[SPEC.__len__() - 1].startswith("hidden_teams ")


def test_TW_0_a_ruleset_file_loads_with_variants_and_refusals_name_file_and_line(tmp_path):
    f = tmp_path / "house.toml"
    f.write_text("# house rules\n[rules]\ngun_range = 5   # longer guns\ncorpse_points = \"judgement\"\n",
                 encoding="utf-8")
    r = load_ruleset(str(f), variants=["civilians"])
    assert (r.gun_range, r.corpse_points, r.civilians) == (5, "judgement", True)
    assert r.variant_names() == ["civilians"]
    assert r.changes() == {"gun_range": 5, "corpse_points": "judgement"}
    assert load_ruleset(str(f)).civilians is False
    bad = tmp_path / "bad.toml"
    bad.write_text("gun_range = 5\nbomb_rnage = 2\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(bad))
    assert str(info.value) == (f"TW-0: unknown ruleset key 'bomb_rnage' (did you mean bombs, bomb_range?) ({bad}:2)")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(tmp_path / "missing.toml"))
    assert str(info.value).startswith(f"TW-0: cannot read ruleset file {tmp_path / 'missing.toml'}: ")
    guerrilla = tmp_path / "g.toml"
    guerrilla.write_text("guerrillas = true\n", encoding="utf-8")
    with pytest.raises(RulesetError) as info:
        load_ruleset(str(guerrilla))
    assert str(info.value) == "TW-11: guerrillas=true needs civilians=true (the guerrillas are the civilians)"
    assert load_ruleset(str(guerrilla), variants=["civilians"]).variant_names() == ["guerrillas"]
