"""Malformed positions: any one-line mutation of a real position parses (and plays on) or raises
NotationError naming its line (never a crash)."""

from game.core.errors import NotationError
from game.core.playout import random_action
from game.core.rng import Rng
from game.steel import make_ruleset, new_game
from game.steel.notation import format_position, parse_position
from game.steel.invariants import check_invariants
from game.steel.view import SteelView, view

GARBAGE = ["", "-", "?", "x", "I=", "=", "I=? II=?", "I=1 II=-1", "I=C1:front:smoke II=-", "0", "99", "I II I",
           "I front - 0 item", "winners=II reason=clock scores=1", "front=", "I=a,b,c,d II=-", "I=C6:recover,C6:recover"]


def _positions():
    rules = make_ruleset([], ["effect-at-play"])
    out = []
    for seed in range(3):
        st = new_game(2, seed, rules)
        rng = Rng(seed)
        n = 0
        while not st.is_over():
            if n % 7 == 0:
                out.append(format_position(st))
                out.append(format_position(view(st, "I")))
            st.apply(random_action(st, rng))
            n += 1
        out.append(format_position(st))
    return out


def test_fuzz_one_line_mutations_never_crash():
    rng = Rng(2024)
    tried = errors = 0
    for text in _positions():
        lines = text.splitlines()
        for _ in range(6):
            i = rng.below(len(lines))
            line = lines[i]
            key, sep, _value = line.partition(":")
            choice = rng.below(4)
            if choice == 0 and sep:
                new = f"{key}: {GARBAGE[rng.below(len(GARBAGE))]}"
            elif choice == 1:
                new = None                                          # drop the line
            elif choice == 2:
                words = line.split()
                new = " ".join(words[:-1]) if len(words) > 1 else line + " extra"
            else:
                new = line.replace("=", "=" + GARBAGE[rng.below(len(GARBAGE))], 1)
            mutated = lines[:i] + ([] if new is None else [new]) + lines[i + 1:]
            tried += 1
            try:
                st = parse_position("\n".join(mutated) + "\n")
            except NotationError as exc:
                assert str(exc).startswith("line "), str(exc)
                errors += 1
            else:
                assert parse_position(format_position(st)) == st
                if not isinstance(st, SteelView):       # a position that parses also plays on
                    for _ in range(10):
                        if st.is_over():
                            break
                        st.apply(random_action(st, rng))
                        assert check_invariants(st) == []
    assert tried > 100 and errors > tried // 3
