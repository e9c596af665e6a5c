"""Random playouts with invariants, determinism, replay, information (leaks) and the bots' hooks."""

import os
import subprocess
import sys

import pytest

from game.arena import make_ruleset, new_game
from game.arena.ai import determinize, evaluate, order_actions
from game.arena.invariants import check_invariants
from game.arena.notation import format_position, parse_position
from game.arena.view import redact_action, redact_events, view
from game.core.playout import random_action, random_game
from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.core.rng import Rng

RULESETS = {
    "provisions": [],
    "dice": ["ruleset=dice"],
    "prototype-2": None,
    "odd": ["shoot_cost=0", "restricted_surcharge=0", "must_act=false", "damage_cap=2", "range_shoot=4",
            "provisions_total=9", "start_provisions=1", "gain_per_turn=2", "turn_limit=60"],
    "dice-odd": ["ruleset=dice", "edge_moves=no_op", "revive_step=mandatory", "hit_dice=1", "kill_dice=1",
                 "heavy_armour=none", "restrict_last_activated=false", "win_lead=50", "win_points=9"],
}


def _rules(name):
    return make_ruleset(variants=["prototype-2"]) if RULESETS[name] is None else make_ruleset(RULESETS[name])


@pytest.mark.parametrize("name", list(RULESETS))
def test_random_playouts_keep_every_invariant(name):
    rules = _rules(name)
    for seed in range(25):
        st = new_game(2, seed=seed, rules=rules)

        def check(state, action, events):
            assert check_invariants(state) == [], (seed, str(action), format_position(state))
            if state.is_over():
                assert state.legal_actions() == [] and state.result is not None

        random_game(st, Rng(seed ^ 77), on_step=check)
        assert st.is_over()


def test_sampling_chance_does_not_change_the_state():
    st = new_game(2, seed=9)
    before = format_position(st)
    first = st.sample_chance()
    assert st.sample_chance() == first and format_position(st) == before
    st.apply(first)
    assert format_position(st) != before     # the generator advanced


def test_replay_of_a_recorded_game_including_chance():
    for rules in (make_ruleset(), make_ruleset(["ruleset=dice"])):
        original = new_game(2, seed=31, rules=rules)
        record = []
        rng = Rng(5)
        while not original.is_over():
            a = random_action(original, rng)
            original.apply(a)
            record.append(str(a))
        replay = new_game(2, seed=31, rules=rules)
        for text in record:
            replay.apply(text)
        assert format_position(replay) == format_position(original)
        # and from a mid-game position text
        half = new_game(2, seed=31, rules=rules)
        for text in record[:len(record) // 2]:
            half.apply(text)
        resumed = parse_position(format_position(half))
        for text in record[len(record) // 2:]:
            resumed.apply(text)
        assert format_position(resumed) == format_position(original)


_SCRIPT = """
from game.arena import make_ruleset, new_game
from game.core.playout import random_game
from game.core.rng import Rng
from game.arena.notation import format_position
for name in ([], ["ruleset=dice"]):
    st = new_game(2, seed=77, rules=make_ruleset(name))
    random_game(st, Rng(3))
    print(format_position(st))
"""


def test_determinism_across_processes():
    outputs = set()
    for hashseed in ("0", "4242"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = subprocess.run([sys.executable, "-c", _SCRIPT], env=env, capture_output=True, text=True, check=True,
                             cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
        outputs.add(out.stdout)
    assert len(outputs) == 1 and "result:" in outputs.pop()


# -- information (IA-1: perfect information; only the generator is not part of the game) --------
@pytest.mark.parametrize("ruleset", [[], ["ruleset=dice"]])
def test_states_differing_only_in_the_generator_look_identical_to_everyone(ruleset):
    rules = make_ruleset(ruleset)
    for seed in range(8):
        a = new_game(2, seed=seed, rules=rules)
        b = new_game(2, seed=seed + 1000, rules=rules)
        rng = Rng(seed)
        while not a.is_over():
            assert a.current_player() == b.current_player()
            for viewer in ("A", "B", None):
                assert view(a, viewer) == view(b, viewer)
                assert format_position(view(a, viewer)) == format_position(view(b, viewer))
                assert [redact_action(x, viewer) for x in a.legal_actions()] == \
                    [redact_action(x, viewer) for x in b.legal_actions()]
            action = random_action(a, rng) if a.current_player() != CHANCE else a.sample_chance()
            ea, eb = a.apply(action), b.apply(action)   # the same outcome given to both
            for viewer in ("A", "B", None):
                assert redact_events(ea, viewer) == redact_events(eb, viewer)
        assert b.is_over() and a.result == b.result


def test_views_show_everything_but_the_generator():
    st = new_game(2, seed=3, first="A")
    st.apply("A infantry shoot cavalry")
    for viewer in ("A", "B", None):
        v = view(st, viewer)
        assert v.viewer == viewer and v.rng is None
        assert v.units == st.units and v.provisions == st.provisions and v.pending == st.pending
        text = format_position(v)
        assert text.replace("rng: ?", f"rng: 0x{st.rng:016x}").split("\n", 2)[2] == \
            format_position(st).split("\n", 1)[1]
    with pytest.raises(ValueError):
        view(st, "C")
    events = st.apply("B allow")
    assert all(e.seen_by is None for e in events)
    assert redact_events(events, "A") == redact_events(events, None) == events


@pytest.mark.parametrize("ruleset", [[], ["ruleset=dice"]])
def test_determinize_gives_a_state_with_the_same_view(ruleset):
    rules = make_ruleset(ruleset)
    pick = Rng(11)
    for seed in range(10):
        st = new_game(2, seed=seed, rules=rules)
        while not st.is_over():
            for viewer in ("A", "B", None):
                v = view(st, viewer)
                full = determinize(v, pick)
                assert view(full, viewer) == v
                assert full.legal_actions() == st.legal_actions()
                assert check_invariants(full) == []
            st.apply(random_action(st, pick))


def test_evaluate_and_order_actions():
    st = new_game(2, seed=2, first="A")
    assert -1 <= evaluate(st, "A") <= 1 and evaluate(st, "A") == pytest.approx(-evaluate(st, "B"), abs=0.1)
    st.apply("A cavalry charge")
    st.apply("B cavalry charge")
    ordered = [str(a) for a in order_actions(st, st.legal_actions())]
    assert ordered[0] == "A cavalry melee cavalry" and sorted(ordered) == sorted(map(str, st.legal_actions()))
    random_game(st, Rng(1))
    winner = st.result.winners[0] if st.result.winners else None
    if winner:
        assert evaluate(st, winner) == 1.0 and evaluate(st, "AB".replace(winner, "")) == -1.0


def test_registry_spec():
    game = get_game("immortal-arena")
    assert game.players == (2,) and game.title.startswith("Immortal Arena")
    rules = game.make_ruleset(["ruleset=dice"], [])
    st = game.new_game(2, 5, rules)
    random_game(st, Rng(2))
    result = game.result(st)
    assert set(result) >= {"winners", "reason", "scores", "turns", "first"}
    assert game.summarize([result])["turns_mean"] == result["turns"]
    assert "ruleset_keys" in game.extras and game.extras["ruleset_keys"]["shoot_cost"][:2] == (1, (0, 7))
    assert game.format_view(game.view(st, None)).startswith("# Immortal Arena position")
