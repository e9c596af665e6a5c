"""Hot-seat privacy (issue 7, part 5): the screen shows exactly one seat's view.

Two games that differ only in one seat's secret (how South armed its soldiers, which
cards South plotted) must give pixel-identical screens, HUD and log included, while
North decides; the curtain between two people hides everything; with one person at the
table no curtain is raised.
"""

from __future__ import annotations

import numpy as np
import pytest

from game.core.registry import get_game

SPEC = get_game("trench-war")


def setup_to_plot(seed=21):
    """Actions from a new 2-player game to South's first plot, with North plotting after South."""
    state = SPEC.new_game(2, seed, SPEC.make_ruleset([], []))
    done = ["chance first S"]
    state.apply(done[0])
    while not (state.phase == "plot" and state.current_player() == "S"):
        if state.current_player() == "chance":
            a = state.sample_chance()
        else:
            legal = state.legal_actions()
            a = next((x for x in legal if x.verb == "pass"), legal[0])
        state.apply(a)
        done.append(str(a))
    return done, state


def shot(autoplay, tmp_path, name, actions, *extra):
    out = str(tmp_path / f"{name}.npy")
    rc, _summary, err = autoplay("--seats", "human,human", "--seed", "21", "--size", "640x400",
                                 "--do", "; ".join(actions), "--shot", out, *extra, timeout=120)
    assert rc == 0, err[-1500:]
    return np.load(out)


def test_TW_10_south_arming_never_shows_on_north_screen(autoplay, tmp_path):
    a = shot(autoplay, tmp_path, "a", ["chance first S", "S arm gun gas bomb"])
    b = shot(autoplay, tmp_path, "b", ["chance first S", "S arm bomb gas gun"])
    assert a.shape == (400, 640, 3)
    assert np.array_equal(a, b)


def test_TW_10_south_plot_never_shows_on_north_screen(autoplay, tmp_path):
    prefix, state = setup_to_plot()
    first, second = state.clone(), state.clone()
    first.apply("S plot move turn")
    second.apply("S plot build fire")
    assert first.current_player() == "N" and second.current_player() == "N"
    a = shot(autoplay, tmp_path, "a", prefix + ["S plot move turn"])
    b = shot(autoplay, tmp_path, "b", prefix + ["S plot build fire"])
    assert np.array_equal(a, b)


def test_curtain_hides_the_table_and_differs_from_it(autoplay, tmp_path):
    acts = ["chance first S", "S arm gun gas bomb"]
    curtain = shot(autoplay, tmp_path, "c", acts, "--curtain")
    table = shot(autoplay, tmp_path, "t", acts)
    # the curtain: one dark background and a band in North's colour with text, no table
    assert np.abs(curtain.astype(int) - table.astype(int)).mean() > 20
    band = curtain[curtain.shape[0] // 2 - 40: curtain.shape[0] // 2 + 40]
    rest = np.concatenate([curtain[:60], curtain[-60:]])
    assert rest.std() < 3.0  # nothing of the table shows through
    assert band.std() > 10.0  # "Pass to North"


@pytest.mark.parametrize("seats,curtains", [("human,bot", 0), ("human,human", 1)])
def test_curtain_only_between_people(autoplay, tmp_path, seats, curtains):
    rc, summary, err = autoplay("--seats", seats, "--seed", "2", "--set", "round_limit=1",
                                "--set", "placement_rounds=0", "--burst", "8", "--out", str(tmp_path))
    assert rc == 0, err[-1500:]
    assert (summary["curtains"] > 0) == bool(curtains)
