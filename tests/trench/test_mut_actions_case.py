"""actions.py pinned exactly (issue 24, point 8: its first mutation run): tokens in any case read in
their canonical case, and an unknown verb is named with its actor's kind."""

import pytest

from game.core.errors import NotationError
from game.trench.actions import Action


@pytest.mark.parametrize("text, canonical", [("S1 step N", "S1 step n"), ("S base D1", "S base d1"),
                                             ("chance first n", "chance first N"),
                                             ("S interrupt s2", "S interrupt S2")])
def test_TW_5_action_tokens_read_in_their_canonical_case(text, canonical):
    assert str(Action.parse(text)) == canonical


@pytest.mark.parametrize("text, kind", [("chance dance", "chance"), ("S dance", "a seat"), ("S1 dance", "a sid")])
def test_TW_5_an_unknown_verb_names_the_kind_of_actor(text, kind):
    with pytest.raises(NotationError) as err:
        Action.parse(text)
    assert str(err.value) == f"malformed action {text!r}: unknown verb 'dance' for {kind}"
