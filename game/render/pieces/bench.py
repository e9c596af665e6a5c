"""The renderer benchmark's frames of a piece table (``TableFrontEnd.bench_scene``): a mid-game
view of a seeded random game, and frame ``i`` of it with pieces sliding or the light turning."""

from __future__ import annotations

import dataclasses
import math
import random


def random_game_view(game: str, players: int, seed: int, steps: int = 40):
    """The first seat's view after ``steps`` seeded random decisions and chance outcomes of ``game``
    (fewer if it ends): a busy table for the benchmark, the same in every process."""
    from game.core.registry import get_game
    spec = get_game(game)
    state = spec.new_game(players, seed, spec.make_ruleset([], []))
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            break
        acts = state.legal_actions() if state.current_player() != "chance" else [state.sample_chance()]
        state.apply(rng.choice(acts))
    return spec.view(state, spec.seats(state)[0])


def bench_frame(scene, i: int, moving: bool = False, relight: bool = False):
    """Frame ``i`` of ``scene``: every third piece sliding when ``moving``, the look turning to
    night when ``relight``."""
    if moving:
        scene = dataclasses.replace(scene, pieces=[dataclasses.replace(p, x=p.x + 0.05 * math.sin(i * 0.2 + k))
                                                   if k % 3 == 0 else p for k, p in enumerate(scene.pieces)])
    if relight:
        scene = dataclasses.replace(scene, day=False, look_from="day", look_mix=(i % 50) / 50.0)
    return scene
