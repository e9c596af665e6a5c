"""HUD pixel tests (issue 7, part 2): scores, the hand, the plot slots and the forecast
change the picture exactly where they are drawn (top bar / bottom bar), nowhere else."""

from __future__ import annotations

import numpy as np

from game.core.registry import get_game
from game.trench.state import ACTION_CARDS

SPEC = get_game("trench-war")
W, H = 640, 400
SCALE = 0.72  # game.ui.screen.hud_scale(640, 400)
TOP, BOTTOM = int(50 * SCALE) + 1, int(132 * SCALE) + 1


def plot_position():
    """South to plot in round 1 of a 2-player game (setup by first legal choices)."""
    state = SPEC.new_game(2, 21, SPEC.make_ruleset([], []))
    state.apply("chance first S")
    while not (state.phase == "plot" and state.current_player() == "S"):
        if state.current_player() == "chance":
            state.apply(state.sample_chance())
        else:
            legal = state.legal_actions()
            state.apply(next((x for x in legal if x.verb == "pass"), legal[0]))
    return state


def shot(autoplay, tmp_path, name, state, *extra):
    pos = tmp_path / f"{name}.pos"
    pos.write_text(SPEC.format_position(state))
    out = str(tmp_path / f"{name}.npy")
    rc, _s, err = autoplay("--seats", "human,bot", "--size", f"{W}x{H}", "--position", str(pos),
                           "--shot", out, *extra, timeout=120)
    assert rc == 0, err[-1500:]
    return np.load(out)


def changed_rows(a, b):
    rows = np.nonzero(np.any(a != b, axis=(1, 2)))[0]
    assert len(rows), "the change did not show at all"
    return rows.min(), rows.max()


def test_scores_show_in_the_top_bar(autoplay, tmp_path):
    state = plot_position()
    base = shot(autoplay, tmp_path, "base", state)
    state.points["N"] = 1
    lo, hi = changed_rows(base, shot(autoplay, tmp_path, "pts", state))
    assert hi < TOP  # rows counted from the top


def test_forecast_shows_in_the_top_bar(autoplay, tmp_path):
    state = plot_position()
    base = shot(autoplay, tmp_path, "base", state)
    state.forecasts = tuple(reversed(state.forecasts)) if len(set(state.forecasts)) > 1 else ("calm", "eclipse")
    lo, hi = changed_rows(base, shot(autoplay, tmp_path, "fc", state))
    assert hi < TOP


def test_hand_shows_in_the_bottom_bar(autoplay, tmp_path):
    state = plot_position()
    base = shot(autoplay, tmp_path, "base", state)
    state.hands["S"] = ACTION_CARDS.remove(state.hands["S"], "build")
    state.discards["S"] = ACTION_CARDS.add(state.discards["S"], "build")
    lo, hi = changed_rows(base, shot(autoplay, tmp_path, "hand", state))
    assert lo >= H - BOTTOM


def test_plot_slot_shows_in_the_bottom_bar(autoplay, tmp_path):
    state = plot_position()
    base = shot(autoplay, tmp_path, "base", state)
    slotted = shot(autoplay, tmp_path, "slot", state, "--press", "enter")  # the focused card into slot 1
    lo, hi = changed_rows(base, slotted)
    assert lo >= H - BOTTOM
