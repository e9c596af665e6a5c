"""The legal lists the flow keeps for the decision it stops at (the turn's card, a drug's extra
actions, a pending decision) are the very lists ``legal`` computes from the position alone
(TW-5, TW-6.8, TW-4.4): a clone without its kept list, a view or a replayed position gets the
same decisions in the same order."""

import pytest

from game.core.playout import random_action
from game.core.rng import Rng
from game.trench import legal, make_ruleset, new_game


@pytest.mark.parametrize("players,variants", [(2, []), (3, []), (4, ["hidden-teams"]), (3, ["guerrillas"])])
def test_TW_5_kept_legal_lists_are_the_computed_ones(players, variants):
    kept = {"turn": 0, "drug": 0, "pending": 0}
    for seed in range(30):
        st = new_game(players, seed=seed, rules=make_ruleset(variants=variants))
        rng = Rng(seed)
        while not st.is_over():
            if st.legal_cache is not None:
                assert legal._legal(st) == st.legal_cache, f"seed {seed}: {st.phase}"
                if st.pending:
                    kept["pending"] += 1
                elif st.phase == "turn":
                    kept["drug" if st.turn.extra else "turn"] += 1
            st.apply(random_action(st, rng))
    assert min(kept.values()) > 0, kept
