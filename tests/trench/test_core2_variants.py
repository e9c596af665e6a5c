"""Rules core II, TW-11 variants and the TW-9 penalties: first game, civilians, farmer
guerrillas, open teams, hidden teams; each plays to the end."""

import pytest
from trench_helpers import illegal, legal, play, position, scene

from game.core.playout import random_game
from game.core.rng import Rng
from game.trench import make_ruleset, new_game
from game.trench.invariants import check_invariants
from game.trench.view import view

HIGH = "target_points_2p=9 target_points=9"
FIRE = "S cards=fire slot=1 uses=0"


@pytest.mark.parametrize("variant,players", [("first-game", 2), ("civilians", 3), ("guerrillas", 2),
                                             ("open-teams", 4), ("hidden-teams", 4)])
def test_TW_11_each_variant_plays_to_the_end(variant, players):
    for seed in range(4):
        st = new_game(players, seed=seed, rules=make_ruleset(variants=[variant]))
        random_game(st, Rng(seed), on_step=lambda s, a, e: (check_invariants(s) == [] or
                                                             pytest.fail(str(check_invariants(s)))))
        assert st.is_over()


def test_TW_11_first_game_gun_and_bomb_two_soldiers_no_gas():
    st = new_game(2, seed=1, rules=make_ruleset(variants=["first-game"]))
    st.apply("chance first S")
    arms = {str(a) for a in st.legal_actions()}
    assert arms == {"S arm gun bomb", "S arm bomb gun"}
    assert all(s.masks == 0 and s.drugs == 0 for s in st.soldiers) and not st.items


def test_TW_9_killing_a_civilian_is_penalised_by_the_killers_choice():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN2 board b7 s\nC1 board d4 s", turn=FIRE,
                 rules=HIGH, extra="variants: civilians")
    st, _ = play(text, "S1 fire")
    assert st.soldier("C1").status == "corpse" and st.current_player() == "S"
    assert legal(st) == {"S penalty point", "S penalty skip"}
    st2, _ = play(st.clone(), "S penalty point")
    assert st2.points["S"] == -1
    st3, _ = play(st.clone(), "S penalty skip")
    assert "S" in st3.skip and st3.points["S"] == 0


def test_TW_9_gas_killing_a_civilian_and_bombing_the_village_are_penalised():
    text = scene(soldiers="S1 board d2 n weapons=S:gas:2:S\nN2 board b7 s\nC1 board d3 s", turn=FIRE,
                 rules=HIGH, extra="variants: civilians")
    st, _ = play(text, "S1 fire front")
    assert st.soldier("C1").status == "corpse" and st.pending[0].kind == "penalty"
    text = scene(cells={"d4": "nV"}, soldiers="S1 board d2 n weapons=S:bomb:2:S\nN2 board b7 s\nC1 board a4 s",
                 turn=FIRE, rules=HIGH, extra="variants: civilians")
    st, ev = play(text, "S1 fire d4")
    assert st.columns[st.soldier("S1").cell + 14] == "n" and st.pending[0].kind == "penalty"


def test_TW_11_guerrilla_fires_a_weapon_of_the_acting_player_and_scores():
    text = scene(soldiers="S1 board b2 n weapons=S:gun:4:S\nN1 board d6 s\nN2 board b7 s\nC1 board d3 n",
                 turn=FIRE, rules=HIGH, extra="variants: guerrillas")
    st = position(text)
    assert "C1 fire S:gun" in legal(st)
    illegal(st, "C1 fire", "TW-11")
    st, _ = play(st, "C1 fire S:gun")
    assert st.soldier("N1").status == "corpse" and st.points["S"] == 1
    assert st.soldier("S1").weapons[0].ammo == 3 and st.soldier("S1").weapons[0].public
    assert not st.pending or st.pending[0].kind != "penalty"


def test_TW_11_guerrilla_deaths_are_not_penalised():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN2 board b7 s\nC1 board d4 s", turn=FIRE,
                 rules=HIGH, extra="variants: guerrillas")
    st, _ = play(text, "S1 fire")
    assert st.soldier("C1").status == "corpse" and not any(p.kind == "penalty" for p in st.pending)


def test_TW_11_open_teams_pool_points_and_allies_score_nothing():
    soldiers = ("S1 board d2 n weapons=S:gun:4:S\nW1 board d4 s\nN1 board f6 s\nE1 board f4 w")
    text = scene(players="S W N E", soldiers=soldiers, turn=FIRE, rules=HIGH, extra="variants: open-teams",
                 points={"W": 1})
    st, _ = play(text, "S1 fire")
    assert st.soldier("W1").status == "corpse" and st.points["S"] == 0
    from game.trench.variants import team_score
    assert team_score(st, "S") == 1 and team_score(st, "W") == 1


def test_TW_11_hidden_teams_are_dealt_secretly_and_seen_only_by_the_viewer():
    st = new_game(4, seed=3, rules=make_ruleset(variants=["hidden-teams"]))
    outcomes = {str(a) for a in st.legal_actions()}
    assert len(outcomes) == 6 and "chance teams sw" in outcomes
    ev = st.apply("chance teams sn")
    assert st.teams["S"][0] == st.teams["N"][0] != st.teams["W"][0]
    assert all(e.seen_by for e in ev if e.kind == "team")
    v = view(st, "S")
    assert v.teams["S"][0] == "a" and v.teams["N"][0] == "?" and v.teams["W"][0] == "?"


def _hidden(soldiers, teams="S=a:S W=b:W N=a:N E=b:E", **kw):
    return scene(players="S W N E", soldiers=soldiers, rules=HIGH,
                 extra=f"variants: hidden-teams\nteams: {teams}", **kw)


def test_TW_11_hidden_teams_vision_reveals_the_side_to_the_viewer_only():
    text = _hidden("S1 board d2 e\nW1 board e2 w\nN1 board f6 s\nE1 board b6 e", turn="S cards=turn slot=1 uses=0")
    st, ev = play(text, "S1 turn n")
    assert "S" in st.teams["W"][1] and "W" in st.teams["S"][1]
    assert view(st, "S").teams["W"][0] == "b" and view(st, "N").teams["W"][0] == "?"
    assert all(e.seen_by for e in ev if e.kind == "team-seen")


def test_TW_11_hidden_teams_killing_an_ally_scores_for_the_enemy_and_reveals_the_killer():
    soldiers = "S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s\nW1 board a4 e\nE1 board g4 w"
    st, _ = play(_hidden(soldiers, turn=FIRE), "S1 fire")
    assert st.soldier("N1").status == "corpse"
    assert st.points["S"] == 0 and st.points["W"] == 1          # side b scores
    assert st.teams["S"][2] is True                             # the killer's side is public
    assert view(st, "E").teams["S"][0] == "a"
    soldiers = "S1 board d2 n weapons=S:gun:4:S\nW1 board d5 s\nN1 board a4 e\nE1 board g4 w"
    st, _ = play(_hidden(soldiers, turn=FIRE), "S1 fire")
    assert st.points["S"] == 1


def test_TW_11_hidden_teams_no_escape_scoring():
    soldiers = "S1 board d7 n\nS2 board b2 n\nW1 board a4 e\nN1 board f6 s\nE1 board g4 w"
    st, ev = play(_hidden(soldiers, turn="S cards=move slot=1 uses=0", points={"S": 1}), "S1 step n")
    assert st.soldier("S1").status == "escaped" and st.points["S"] == 1
