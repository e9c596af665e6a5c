"""Random playouts with the invariants after every action; determinism; replay."""

import os
import subprocess
import sys

import pytest

from game.core.playout import random_action
from game.core.registry import get_game
from game.core.rng import Rng
from game.mists.invariants import check_invariants
from game.mists.notation import format_position, parse_position
from game.mists.ruleset import VARIANTS, make_ruleset
from game.mists.setup import new_game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _play(players, seed, rules, check=True):
    s = new_game(players, seed, rules)
    rng = Rng(seed ^ 0xBEEF)
    record = []
    while not s.is_over():
        action = random_action(s, rng)
        assert action in s.legal_actions()
        s.apply(action)
        record.append(str(action))
        if check:
            problems = check_invariants(s)
            assert not problems, (problems, record)
        assert len(record) < 5000
    return s, record


@pytest.mark.parametrize("variant", [None] + list(VARIANTS))
@pytest.mark.parametrize("players", [3, 4])
def test_random_playouts_keep_the_invariants(players, variant):
    rules = make_ruleset(variants=[variant] if variant else [])
    reasons = set()
    for seed in range(25):
        s, _ = _play(players, seed, rules)
        reasons.add(s.result.reason)
        assert s.result.world == ("front" if "monster" in s.chars else "back")
    assert "death" in reasons


def test_long_games_reach_stalemate_or_limit():
    # A cautious table: passing costs nothing but life 1, nobody deals damage.
    rules = make_ruleset(["damage_attack=0", "damage_scout=0", "damage_charge=0", "damage_sacrifice=0",
                          "damage_combo=0", "damage_arcana=0", "sacrifice_base=0", "weapon_bonus=0",
                          "turn_limit=60"])
    reasons = set()
    for seed in range(6):
        s, _ = _play(4, seed, rules)
        reasons.add(s.result.reason)
    assert reasons <= {"stalemate", "turn_limit"} and reasons


def test_replay_of_a_recorded_game_gives_the_identical_position():
    s, record = _play(4, 11, make_ruleset())
    t = new_game(4, 11)
    for text in record:
        t.apply(text)
    assert format_position(t) == format_position(s) and t == s
    # chance drawn again from the replayed state's own generator gives the same outcomes
    u = new_game(4, 11)
    for text in record:
        if text.startswith("chance"):
            assert str(u.sample_chance()) == text
        u.apply(text)
    assert u == s


def test_clone_is_independent():
    s, _ = _play(4, 3, make_ruleset())
    s = new_game(4, 3)
    c = s.clone()
    c.apply(c.sample_chance())
    assert s.phase == "deal" and c.phase == "first"


_SCRIPT = """
from game.core.playout import random_game
from game.core.rng import Rng
from game.mists.notation import format_position
from game.mists.setup import new_game
out = []
for seed in range(5):
    s = new_game(3 + seed % 2, seed)
    random_game(s, Rng(seed))
    out.append(format_position(s))
print("".join(out))
"""


def test_determinism_across_processes():
    texts = []
    for hashseed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        done = subprocess.run([sys.executable, "-c", _SCRIPT], cwd=ROOT, env=env, capture_output=True,
                              text=True, check=True)
        texts.append(done.stdout)
    assert texts[0] == texts[1] and "result: " in texts[0]


def test_registry_spec_entry_points():
    spec = get_game("two-mists")
    assert spec.players == (3, 4) and spec.name == "two-mists"
    rules = spec.make_ruleset(["life_max=none"], ["end-of-card"])
    s = spec.new_game(3, 4, rules)
    results = []
    rng = Rng(1)
    for seed in range(20):
        s = spec.new_game(3 + seed % 2, seed, spec.make_ruleset([], []))
        while not s.is_over():
            s.apply(random_action(s, rng))
        r = spec.result(s)
        assert set(r) >= {"winners", "reason", "scores", "characters", "world"}
        results.append(r)
        assert spec.parse_position(spec.format_position(s)) == s
        v = spec.view(s, "A")
        assert spec.format_view(v).startswith("# Two Mists")
        assert spec.evaluate(s, "A") in (-1.0, 1.0)
    summary = spec.summarize(results + [None])
    chars = summary["character_wins"]
    assert sum(c["games"] for c in chars.values()) == sum(len(r["characters"]) for r in results)
    assert sum(c["wins"] for c in chars.values()) == sum(len(r["winners"]) for r in results)
    worlds = summary["world_wins"]
    assert worlds["front"]["games"] + worlds["back"]["games"] == 20
    assert worlds["back"]["wins_by_character"]["monster"] == 0


def test_bots_order_and_evaluate_mid_game():
    spec = get_game("two-mists")
    s = new_game(4, 5)
    rng = Rng(2)
    while s.current_player() == "chance":
        s.apply(s.sample_chance())
    for _ in range(30):
        if s.is_over():
            break
        if s.current_player() != "chance":
            acts = s.legal_actions()
            ordered = spec.order_actions(s, acts)
            assert sorted(map(str, ordered)) == sorted(map(str, acts))
            value = spec.evaluate(s, s.current_player())
            assert -1.0 <= value <= 1.0
        s.apply(random_action(s, rng))
    assert parse_position(format_position(s)) == s
