"""docs/notation.md: its examples are real (they parse, round-trip, and cover every verb and event)."""

import ast
import glob
import os
import re

from game.trench.actions import VERBS, Action
from game.trench.notation import format_position, parse_position
from game.trench.view import view

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = open(os.path.join(ROOT, "docs", "notation.md"), encoding="utf-8").read()


def _block(label):
    m = re.search(r"```" + label + r"\n(.*?)```", DOC, re.S)
    assert m, label
    return m.group(1)


def test_docs_example_position_is_real():
    text = _block("position")
    st = parse_position(text)
    assert format_position(st) == text
    excerpt = _block("view-excerpt").splitlines()
    shown = format_position(view(st, "N")).splitlines()
    assert excerpt and all(line in shown for line in excerpt)


def _action_examples():
    part = DOC[DOC.index("## Action text"):DOC.index("## Events")]
    out = []
    for line in part.splitlines():
        if line.startswith("| `"):
            first = line.split("|")[1]
            out += re.findall(r"`([^`]+)`", first)
    return out


def test_docs_action_examples_parse_and_cover_every_verb():
    examples = _action_examples()
    assert len(examples) > 40
    verbs = set()
    for text in examples:
        a = Action.parse(text)
        assert str(a) == text
        verbs.add(a.verb)
    assert set(VERBS) <= verbs, set(VERBS) - verbs


def test_docs_events_table_lists_every_event_kind():
    part = DOC[DOC.index("## Events"):]
    listed = set()
    for line in part.splitlines():
        if line.startswith("| `"):
            listed |= set(re.findall(r"`([a-z-]+)`", line.split("|")[1]))
    kinds = set()
    for path in glob.glob(os.path.join(ROOT, "game", "trench", "*.py")):
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "make_event":
                if isinstance(node.args[0], ast.Constant):
                    kinds.add(node.args[0].value)
    assert kinds <= listed, kinds - listed
