"""docs/arena.md: its example position parses, round-trips and behaves as the text says."""

import os
import re

from game.arena.notation import format_position, parse_position

DOC = os.path.join(os.path.dirname(__file__), "..", "..", "docs", "arena.md")


def _example():
    with open(DOC, encoding="utf-8") as handle:
        text = handle.read()
    return re.search(r"```\n(# Immortal Arena position.*?)```", text, re.S).group(1)


def test_doc_example_position_round_trips():
    text = _example()
    st = parse_position(text)
    assert format_position(st) == text


def test_doc_example_melee_kills_without_a_window_and_wins():
    st = parse_position(_example())
    kinds = [e.kind for e in st.apply("A cavalry melee cavalry")]
    assert "cancel-window" not in kinds and "kill" in kinds
    assert st.waza == (2, 0) and st.result.winners == ("A",) and st.result.reason == "waza-ari"


def test_doc_lists_every_event_kind():
    with open(DOC, encoding="utf-8") as handle:
        text = handle.read()
    import game.arena as pkg
    source = ""
    folder = os.path.dirname(pkg.__file__)
    for name in os.listdir(folder):
        if name.endswith(".py"):
            with open(os.path.join(folder, name), encoding="utf-8") as handle:
                source += handle.read()
    kinds = set(re.findall(r'make_event\(\s*"([a-z-]+)"', source))
    kinds |= {"overwhelm", "regroup"}
    assert kinds and all(f"`{k}`" in text for k in kinds), sorted(k for k in kinds if f"`{k}`" not in text)
