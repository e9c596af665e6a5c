"""TM-3: a new game, waiting for its first chance outcome (the character deal)."""

from __future__ import annotations

from ..core.errors import RulesetError
from ..core.rng import check_seed
from .ruleset import Ruleset, make_ruleset
from .state import MistsState


def new_game(players: int = 4, seed: int = 0, rules: Ruleset | None = None) -> MistsState:
    """A game of ``players`` (3 or 4) before setup: the deal, the display draws and the
    start player follow as chance outcomes drawn from the state's own generator."""
    rules = rules or make_ruleset()
    if players not in (3, 4):
        raise RulesetError(f"TM-1: Two Mists is for 3 or 4 players, not {players}")
    if len(rules.characters(players)) != players + 1:
        raise RulesetError(f"TM-0: characters_{players}p must name {players + 1} characters")
    s = object.__new__(MistsState)
    s.rules = rules
    s.n = players
    s.rng = check_seed(seed)
    s.phase = "deal"
    s.turn = 0
    s.active = 0
    s.start = None
    s.restricted = False
    s.chars = (None,) * players
    s.leftover = None
    s.revealed = (False,) * players
    s.life = (rules.life_start,) * players
    s.marks = (False,) * players
    s.records = ((),) * players
    s.apile = rules.action_counts
    s.epile = rules.equipment_counts
    s.display = (None,) * (rules.action_slots + rules.equipment_slots)
    s.draws = ()
    s.pointing = None
    s.result = None
    s.legal_cache = None
    return s


def play_setup(state: MistsState) -> MistsState:
    """Apply the setup's chance outcomes from the state's generator until the first decision."""
    from ..core.protocol import CHANCE
    while state.current_player() == CHANCE and state.turn == 0:
        state.apply(state.sample_chance())
    return state
