"""Every IllegalActionError names the rule that forbids it (protocol-level refusals cite TW-3 to
TW-5, TW-11 for civilians); a fuzz of well-formed, mostly illegal actions on random positions."""

import pytest
from trench_helpers import illegal, play, scene

from game.core.errors import IllegalActionError, NotationError
from game.core.playout import random_action
from game.core.rng import Rng
from game.trench import make_ruleset, new_game
from game.trench.actions import CARDS, TEAM_SPLITS, VERBS, WIND_CARDS, Action
from game.trench.notation import format_position

HIGH = "target_points_2p=9 target_points=9"

ACTORS = ["S", "W", "N", "E", "chance", "C1", "C2"] + [f"{s}{i}" for s in "SWNE" for i in (1, 2, 3, 4)]
ARGS = (list("nesw") + [f"{f}{r}" for f in "abcdefg" for r in "1234567"] + list(CARDS)
        + list(WIND_CARDS) + list(TEAM_SPLITS) + [f"{s}:{k}" for s in "SWNE" for k in ("gun", "gas", "bomb")]
        + ["gun", "gas", "bomb", "mask", "drug", "food", "cube", "none", "left", "right", "destroy",
           "spare", "point", "skip", "carry", "here", "front"]
        + [f"{s}{i}" for s in "SWNEC" for i in (1, 2, 3)])


def random_wellformed_action(rng: Rng, state) -> Action:
    """A random action that parses; most often by the player deciding now (to reach the turn checks)."""
    cp = state.current_player()
    while True:
        actor = ACTORS[rng.below(len(ACTORS))]
        if cp in ("S", "W", "N", "E") and rng.below(10) < 7:
            actor = cp if rng.below(2) else f"{cp}{1 + rng.below(3)}"
        words = [actor, VERBS[rng.below(len(VERBS))]] + [ARGS[rng.below(len(ARGS))] for _ in range(rng.below(4))]
        try:
            return Action.parse(" ".join(words))
        except NotationError:
            continue


VARIANTS = [(2, []), (3, []), (4, []), (2, ["civilians"]), (3, ["guerrillas"]), (4, ["open-teams"]),
            (4, ["hidden-teams"]), (2, ["first-game"])]


def test_TW_4_every_refusal_of_fuzzed_actions_names_a_rule():
    """Random positions (random games, several variants); at each, a few random well-formed actions:
    every refusal is an IllegalActionError whose message starts with a rule id, and leaves the
    position unchanged."""
    refused = 0
    for seed in range(16):
        players, variants = VARIANTS[seed % len(VARIANTS)]
        st = new_game(players, seed=seed, rules=make_ruleset(variants=variants))
        rng = Rng(1000 + seed)
        while not st.is_over():
            if rng.below(3) == 0:
                legal = st.legal_actions()
                before = format_position(st)
                for _ in range(3):
                    a = random_wellformed_action(rng, st)
                    if a in legal:
                        continue
                    with pytest.raises(IllegalActionError) as info:
                        st.apply(a)
                    assert str(info.value).startswith("TW-"), (str(a), str(info.value))
                    refused += 1
                assert format_position(st) == before
            st.apply(random_action(st, rng))
    assert refused > 1000


def test_TW_5_protocol_refusals_cite_the_phase_rule():
    text = scene(soldiers="S1 board d2 n\nN1 board b7 s", turn="S cards=move slot=1 uses=0", rules=HIGH)
    assert illegal(text, "N1 step s", "TW-5").startswith("TW-5: not N's decision: S decides now")
    assert illegal(text, "chance wind n", "TW-5").startswith("TW-5: no chance outcome is due now")
    assert illegal(text, "C1 step n", "TW-11").startswith("TW-11: there is no civilian C1")
    assert illegal(text, "S3 step n", "TW-1").startswith("TW-1: there is no soldier S3")
    assert illegal(text, "S wait", "TW-4.4").startswith("TW-4.4:")
    st = new_game(2, seed=1)
    assert illegal(st, "S arm gun gas bomb", "TW-3.1").startswith("TW-3.1: a chance outcome is due now")


def test_TW_11_a_civilian_acts_only_in_a_players_turn():
    st = new_game(2, seed=3, rules=make_ruleset(variants=["civilians"]))
    st.apply("chance first S")
    message = illegal(st, "C1 step n", "TW-11")
    assert message.startswith("TW-11: a civilian acts only in the turn of a player")


def test_TW_9_no_action_once_the_game_is_over():
    text = scene(cells={"d7": "nN"}, soldiers="S1 board d6 n\nN1 board b6 s", turn="S cards=move slot=1 uses=0",
                 points={"S": 1})
    st, _ = play(text, "S1 step n")
    assert st.is_over()
    with pytest.raises(IllegalActionError, match=r"^TW-9: the game is over"):
        st.apply("N1 step s")
