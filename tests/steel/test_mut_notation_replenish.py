"""The position's replenish line pinned exactly (issue 24 point 8: mutation survivors of parse_position)."""

from game.steel.notation import parse_position
from game.core.notation import NotationError

import pytest

from .test_mut_notation import replaced


def test_replenish_of_the_mech_is_read():
    st = parse_position(replaced("replenish", "I=mech:cannon II=-"))
    assert st.replenish == (("mech", "cannon"), None)


def test_replenish_effect_holding_a_colon_is_split_at_the_first():
    with pytest.raises(NotationError) as exc:
        parse_position(replaced("replenish", "I=back:heal:x II=-"))
    assert str(exc.value) == "line 26: replenish: SB-9.3: I's recorded effect is not its unit's"
