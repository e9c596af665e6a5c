"""IA-3: a new game."""

from __future__ import annotations


from ..core.errors import RulesetError
from ..core.rng import check_seed
from .model import ROW_INDEX, SEATS, Unit, unit_table
from .ruleset import Ruleset, make_ruleset
from .state import ArenaState


def empty_state(rules: Ruleset, rng: int = 0) -> ArenaState:
    """IA-3.1, IA-3.2: every unit living in its start row, provisions dealt, nothing decided."""
    st = object.__new__(ArenaState)
    st.rules = rules
    st.table = unit_table(rules)
    st.rng = rng & ((1 << 64) - 1)
    st.phase = "first"
    st.turn = 0
    st.player = -1
    st.first = -1
    row = ROW_INDEX[rules.start_row]
    st.units = tuple(Unit(s, kind, row) for s in range(2) for kind in st.table.types)
    if rules.dice:
        st.provisions, st.bank = (0, 0), 0
    else:
        st.provisions = (rules.start_provisions,) * 2
        st.bank = rules.provisions_total - 2 * rules.start_provisions
    st.waza = (0, 0)
    st.points = (0, 0)
    st.last = ((-1, False), (-1, False))
    st.pending = None
    st.result = None
    st.legal_cache = None
    return st


def new_game(players: int = 2, seed: int = 0, rules: Ruleset | None = None, first: str | None = None) -> ArenaState:
    """A new game.  The first player (IA-3.3) is ``first``, else the ruleset's ``first_player``,
    else the first decision is the chance outcome ``chance first A|B`` (1/2 each) [I]."""
    rules = rules or make_ruleset()
    if players != rules.players:
        raise RulesetError(f"IA-1: Immortal Arena is for {rules.players} players, not {players}")
    st = empty_state(rules, check_seed(seed))
    first = first or (rules.first_player if rules.first_player != "chance" else None)
    if first is not None:
        if first not in SEATS:
            raise RulesetError(f"IA-3: first player must be A or B, not {first!r}")
        from .flow import begin_turns
        st.first = st.player = SEATS.index(first)
        begin_turns(st, [])
    return st
