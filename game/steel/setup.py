"""SB-3: a new game, at its first decision (the mech chooser's chance draw, or the deployment
when setup data fixes the mechs)."""

from __future__ import annotations

from ..core.rng import check_seed
from .ruleset import Ruleset, make_ruleset
from .state import NSIDES, SteelState


def new_game(players: int = 2, seed: int = 0, rules: Ruleset | None = None) -> SteelState:
    """SB-3.1 to SB-3.4: the tracks at their start, hands full, mechs to pick (or fixed)."""
    rules = rules or make_ruleset()
    if players != rules.players:
        raise ValueError(f"Smoke Blood Steel is for {rules.players} players, not {players}")
    s = object.__new__(SteelState)
    s.rules = rules
    s.rng = check_seed(seed)
    s.turn = 0
    s.chooser = None
    s.mechs = (None, None)
    s.hp = (0, 0)
    s.sp = (rules.sp_start, rules.sp_start)
    s.dist = rules.distance_start
    s.clock = 1
    s.deploys = (None, None)
    s.sides = (None,) * (2 * NSIDES)
    s.tokens = (0,) * (2 * NSIDES)
    s.piles = ((), ())
    s.plays = (None, None)
    s.order = ()
    s.speeds = (None, None)
    s.step = 0
    s.cursor = None
    s.cancelled = s.shielded = s.attacked = (False, False)
    s.replenish = (None, None)
    s.result = None
    s.legal_cache = None
    fixed = rules.fixed_mechs()
    if fixed is None:
        s.phase = "chooser"
    else:
        cs = rules.card_set
        s.mechs = fixed
        s.hp = (cs.mech(fixed[0]).hp, cs.mech(fixed[1]).hp)
        s.phase = "deploy"
    return s
