"""docs/mists.md: its example position and view are real, its tables name every verb and event."""

import os
import re

from game.core.playout import random_steps
from game.core.rng import Rng
from game.mists.actions import VERBS, Action
from game.mists.notation import format_position, parse_position
from game.mists.setup import new_game
from game.mists.view import view

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = open(os.path.join(ROOT, "docs", "mists.md"), encoding="utf-8").read()


def _block(label):
    m = re.search(r"```" + label + r"\n(.*?)```", DOC, re.S)
    assert m, label
    return m.group(1)


def test_docs_example_position_is_real():
    text = _block("position")
    st = parse_position(text)
    assert format_position(st) == text
    shown = format_position(view(st, "C")).splitlines()
    excerpt = _block("view-excerpt").splitlines()
    assert excerpt and all(line in shown for line in excerpt)
    assert st.current_player() == "C"


def test_docs_action_table_covers_every_verb():
    part = DOC[DOC.index("## Action text"):DOC.index("## Position text")]
    examples = [a for line in part.splitlines() if line.startswith("| `")
                for a in re.findall(r"`([^`]+)`", line.split("|")[1])]
    assert {Action.parse(a).verb for a in examples} == set(VERBS)


def test_docs_event_table_covers_every_event():
    part = DOC[DOC.index("## Events"):DOC.index("## Rule ids")]
    documented = {re.findall(r"`([a-z_]+)`", line)[0] for line in part.splitlines() if line.startswith("| `")}
    seen = set()
    for seed in range(60):
        s = new_game(3 + seed % 2, seed)
        random_steps(s, Rng(seed), 400, lambda st, a, ev: seen.update(e.kind for e in ev))
    assert seen <= documented
    assert len(seen) >= 15
