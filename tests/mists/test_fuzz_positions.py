"""Mutated positions are refused with a NotationError naming a line, or parse into a playable state."""

from game.core.errors import NotationError
from game.core.playout import random_action, random_steps
from game.core.rng import Rng
from game.mists.invariants import check_invariants
from game.mists.notation import format_position, parse_position
from game.mists.setup import new_game

_TOKENS = ["-", "?", "0", "7", "99", "-3", "A", "E", "Z1", "A9", "attack", "poison", "monster", "x=y", "=",
           "1:attack>A", "3:scout@AB>C", "revealed", "mark", "life=", "0x", "dead=A", "death"]


def _mutate(text: str, rng: Rng) -> str:
    lines = text.splitlines()
    i = rng.below(len(lines))
    how = rng.below(5)
    if how == 0:
        del lines[i]
    elif how == 1:
        lines.insert(i, lines[i])
    elif how == 2:
        j = rng.below(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    else:
        words = lines[i].split(" ")
        k = rng.below(len(words))
        words[k] = _TOKENS[rng.below(len(_TOKENS))] if how == 3 else words[k] + _TOKENS[rng.below(len(_TOKENS))]
        lines[i] = " ".join(words)
    return "\n".join(lines) + "\n"


def test_mutated_positions_are_refused_cleanly_or_playable():
    rng = Rng(2024)
    refused = accepted = 0
    for seed in range(12):
        s = new_game(3 + seed % 2, seed)
        random_steps(s, Rng(seed), 4 + seed * 2)
        text = format_position(s)
        for _ in range(60):
            bad = _mutate(text, rng)
            try:
                t = parse_position(bad)
            except NotationError as exc:
                message = str(exc)
                assert message.startswith("line "), message
                refused += 1
                continue
            accepted += 1
            assert not check_invariants(t)
            assert format_position(parse_position(format_position(t))) == format_position(t)
            if type(t).__name__ == "MistsState":
                for _ in range(20):
                    if t.is_over():
                        break
                    t.apply(random_action(t, rng))
    assert refused > 100 and accepted > 0
