"""The per-game metric adapters: figures that add up to the game's own result, and each game's
known question counted from the events that answer it."""

from __future__ import annotations

import pytest

from game.core.events import make_event
from game.workbench.adapters import adapter_for
from game.workbench.play import GameTask, play


@pytest.mark.parametrize("seed", range(8))
def test_trench_score_sources_add_up_to_each_seat_score(seed):
    line = play(GameTask("trench-war", 2, seed, ("easy", "easy")))
    sources = line["figures"]["sources"]
    for seat, score in line["result"]["scores"].items():
        assert sum(sources[seat].values()) == score, (seat, sources[seat], line["result"])


@pytest.mark.parametrize("seed", range(4))
def test_trench_judgement_names_its_tiebreak_step_and_counts_sunk_boats(seed):
    line = play(GameTask("trench-war", 2, seed, ("random", "random")))
    f = line["figures"]
    assert f["questions"]["boats_sunk"] == f["fired"]["event"].get("sink", 0)
    if line["result"]["reason"] == "judgement":
        assert f["ending"].startswith("judgement (") and f["ending"][11:-1] in (
            "points", "rows advanced", "enemy corpses", "survivors", "ammunition spent", "turn order")
    kills = sum(v for k, v in f["fired"]["event"].items() if k == "death")
    assert f["questions"]["kills"] == kills


def test_every_game_reports_its_first_player_length_and_fired_categories():
    for game, players in (("trench-war", 2), ("immortal-arena", 2), ("two-mists", 4), ("smoke-blood-steel", 2)):
        line = play(GameTask(game, players, 5, ("random",) * players))
        f = line["figures"]
        assert f["first"] in line["order"], game
        assert f["length"] and all(isinstance(v, int) and v > 0 for v in f["length"].values()), game
        assert f["actions"] == len(line["actions"]) and f["fired"]["event"], game
        assert set(f["fired"]) <= set(adapter_for(game).categories), game


def observe(game, events, actor=None):
    adapter = adapter_for(game)
    tally = adapter.new_tally()
    adapter.observe(tally, "x", actor, events)
    return adapter, tally


def test_arena_last_provision_awards_that_alternate_are_cycling():
    awards = [make_event("waza-ari", seat=s, why="last-provision", waza=(0, 1), wiped=0) for s in "BABA"]
    adapter, tally = observe("immortal-arena", awards)
    answers = adapter.answers(tally, None, {"reason": "turn-limit", "winners": []}, ("A", "B"))
    assert answers == {"award_cycles": 4, "award_alternations": 3, "award_cycling": True, "won_by_award": False}
    adapter, tally = observe("immortal-arena", [make_event("waza-ari", seat="A", why="kill", waza=(1, 0), wiped=0),
                                                make_event("waza-ari", seat="A", why="last-provision", waza=(2, 0),
                                                           wiped=0)])
    answers = adapter.answers(tally, None, {"reason": "waza-ari", "winners": ["A"]}, ("A", "B"))
    assert answers["award_cycling"] is False and answers["won_by_award"] is True
    assert adapter.sources(tally, None, {}, ("A", "B")) == {"A": {"waza-ari (kill)": 1, "waza-ari (last-provision)": 1},
                                                             "B": {}}


def test_mists_fool_cheap_sacrifice_win_needs_the_fool_killed_by_his_own_sacrifice():
    suicide = make_event("damage", seat="B", target="B", amount=5, life=0, card="sacrifice")
    result = {"winners": ["B"], "characters": {"A": "saint", "B": "fool", "C": "knight", "D": "witch"},
              "world": "front", "reason": "death"}
    adapter, tally = observe("two-mists", [suicide])
    assert adapter.answers(tally, None, result, "ABCD")["fool_cheap_sacrifice_win"] is True
    knight = dict(result, characters={"A": "saint", "B": "knight", "C": "fool", "D": "witch"})
    assert adapter.answers(tally, None, knight, "ABCD")["fool_cheap_sacrifice_win"] is False
    other = make_event("damage", seat="A", target="B", amount=5, life=0, card="sacrifice")
    adapter, tally = observe("two-mists", [other])
    assert adapter.answers(tally, None, result, "ABCD")["fool_sacrifice_death"] is False


def test_steel_jamming_played_and_won_by_its_side():
    jam = make_event("effect", seat="II", target="back", effect="jamming", sp=0, timing="now")
    adapter, tally = observe("smoke-blood-steel", [jam, jam])
    assert adapter.answers(tally, None, {"winners": ["II"]}, ("I", "II")) == {
        "jamming_played": True, "jamming_uses": 2, "jamming_won": True}
    assert adapter.answers(tally, None, {"winners": ["I"]}, ("I", "II"))["jamming_won"] is False
    assert tally.fired["effect"]["jamming"] == 2


def test_action_kinds_skip_the_actor_and_its_pieces():
    generic = adapter_for("trench-war")
    assert generic.action_kind("S1 boat d1", "S") == "boat"
    assert generic.action_kind("S plot dig equip", "S") == "plot"
    assert generic.action_kind("chance wind e", None) == "chance wind"
    assert adapter_for("immortal-arena").action_kind("A artillery shoot infantry", "A") == "shoot"
