"""SB-0.1: every number and switch of Smoke Blood Steel, and the card set (SB-0.2), as data.

``make_ruleset(settings, variants)`` builds an immutable :class:`Ruleset`; settings are
``"key=value"`` strings (``--set sp_max=4``) or a dict, variants are names from
:data:`VARIANTS`.  ``load_ruleset(path)`` reads ``key = value`` lines.  The key ``cards``
names the card file (``default``: the reconstructed set shipped in ``data/``); a designer
replaces every card by pointing it at another file.  Unknown keys and bad values raise
:class:`RulesetError` naming the key.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace

from ..core import rulesets
from ..core.errors import RulesetError
from ..core.rulesets import to_bool, to_choice, to_int, unknown_key
from .cards import DEFAULT_CARDS, CardSet, load_card_set

#: key -> (default, allowed range (lo, hi) or choices, meaning with its rule id)
SPEC: dict[str, tuple] = {
    "players": (2, (2, 2), "players (SB-1.1)"),
    "distance_start": (2, (1, 3), "starting distance: 1 near, 2 mid, 3 far (SB-2.1)"),
    "sp_start": (0, (0, 5), "SP each player starts with (SB-2.2)"),
    "sp_max": (5, (1, 20), "most SP a player may hold; a gain beyond is lost (SB-2.2)"),
    "clock_cells": (10, (2, 100), "battle clock cells; reaching the last ends the game [I] (SB-2.3)"),
    "recover_sp": (1, (0, 5), "SP gained per card a recover returns (SB-6.6)"),
    "recover_clock": (1, (1, 5), "clock cells per recover card played (SB-6.6)"),
    "recover_scope": ("all", ("all",), "a recover returns every own table card [I] (SB-6.6)"),
    "recover_empty": (True, (False, True), "a recover with an empty pile may be played [I] (SB-6.6)"),
    "escorts_dealt": (6, (4, 12), "escorts each player is dealt; must equal the card set's (SB-3.5)"),
    "escorts_used": (4, (4, 4), "escorts each player deploys, one per side (SB-3.5)"),
    "token_limit": (1, (1, 5), "tokens an escort holds; the next hit destroys it (SB-8.2)"),
    "mech_assignment": ("choose", None, "'choose' (chance picks the chooser [I]) or two mech ids 'A,B' "
                        "for seats I and II (SB-3.2)"),
    "effect_choice_at": ("resolution", ("resolution", "play"), "when an effect is chosen [I] (SB-7.1)"),
    "tie_break": ("lower", ("lower", "higher"), "equal speeds: the lower (higher) mech speed first (SB-5.2)"),
    "full_move_steps": (2, (1, 2), "cells of a full move whose card gives no steps [R] (SB-6.3)"),
    "trap_needs_effective_move": (True, (False, True), "a trap needs a move that would change d [I] (SB-9.1)"),
    "shielded_effect_pays": (False, (False, True), "an effect wholly nullified by smoke still pays [I] (SB-9.2)"),
    "smoke_shift_chooser": ("smoker", ("smoker", "opponent"), "who picks the smoke shift at d 2 [I] (SB-9.2)"),
    "replenish_needs_medic": (True, (False, True), "補充 needs the medic still on the table [I] (SB-9.3)"),
    "end_score": ("hp_escorts", ("hp_escorts", "hp"), "clock-end score: mech HP + escorts, or HP only (SB-10.3)"),
    "cards": ("default", None, "the card file (SB-0.2); 'default' is the reconstructed set"),
}

#: Named variants (switches over the [I] choices) and the settings each implies.
VARIANTS: dict[str, dict] = {
    "effect-at-play": {"effect_choice_at": "play"},
    "loose-traps": {"trap_needs_effective_move": False},
    "shield-pays": {"shielded_effect_pays": True},
    "lone-replenish": {"replenish_needs_medic": False},
}


@dataclass(frozen=True)
class Ruleset:
    """Every number and switch (SB-0.1) and the card set (SB-0.2).  Build with :func:`make_ruleset`."""
    players: int = SPEC["players"][0]
    distance_start: int = SPEC["distance_start"][0]
    sp_start: int = SPEC["sp_start"][0]
    sp_max: int = SPEC["sp_max"][0]
    clock_cells: int = SPEC["clock_cells"][0]
    recover_sp: int = SPEC["recover_sp"][0]
    recover_clock: int = SPEC["recover_clock"][0]
    recover_scope: str = SPEC["recover_scope"][0]
    recover_empty: bool = SPEC["recover_empty"][0]
    escorts_dealt: int = SPEC["escorts_dealt"][0]
    escorts_used: int = SPEC["escorts_used"][0]
    token_limit: int = SPEC["token_limit"][0]
    mech_assignment: str = SPEC["mech_assignment"][0]
    effect_choice_at: str = SPEC["effect_choice_at"][0]
    tie_break: str = SPEC["tie_break"][0]
    full_move_steps: int = SPEC["full_move_steps"][0]
    trap_needs_effective_move: bool = SPEC["trap_needs_effective_move"][0]
    shielded_effect_pays: bool = SPEC["shielded_effect_pays"][0]
    smoke_shift_chooser: str = SPEC["smoke_shift_chooser"][0]
    replenish_needs_medic: bool = SPEC["replenish_needs_medic"][0]
    end_score: str = SPEC["end_score"][0]
    cards: str = SPEC["cards"][0]
    card_set: CardSet | None = field(default=None, compare=False, repr=False)
    #: per-ruleset memo of derived tables (legal plays per hand, deployments); not a setting
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    def steps(self, half) -> int:
        """The signed cells a move half moves (SB-6.1 to 6.3)."""
        if half.steps is not None:
            return half.steps
        return -self.full_move_steps if "advance" in half.move else self.full_move_steps

    def fixed_mechs(self) -> tuple | None:
        """The mech ids of seats I and II when setup data fixes them, else None (SB-3.2)."""
        return None if self.mech_assignment == "choose" else tuple(self.mech_assignment.split(","))

    def variant_names(self) -> list[str]:
        return [name for name, values in VARIANTS.items()
                if all(getattr(self, k) == v for k, v in values.items())]

    def changes(self) -> dict:
        """Settings that differ from the defaults (what a position's ``rules:`` line prints)."""
        return {f.name: getattr(self, f.name) for f in fields(self)
                if f.name not in ("card_set", "memo") and getattr(self, f.name) != f.default}


def _coerce(key: str, raw):
    """Convert ``raw`` (a string or a value) to the type of ``key`` and check its range."""
    if key not in SPEC:
        raise unknown_key("SB-0", key, SPEC)
    default, allowed, _ = SPEC[key]
    if isinstance(default, bool):
        return to_bool("SB-0", key, raw)
    if isinstance(default, int):
        return to_int("SB-0", key, raw, allowed)
    value = to_choice("SB-0", key, raw, allowed) if allowed is not None else str(raw).strip().strip('"')
    if not value or any(c.isspace() for c in value):
        raise RulesetError(f"SB-0: {key} must be one word without spaces, not {raw!r}")
    return value


def parse_assignment(text: str) -> tuple[str, object]:
    """``"sp_max=4"`` -> ``("sp_max", 4)``."""
    return rulesets.parse_assignment("SB-0", text, _coerce)


_FINISHED: dict = {}


def _finish(rules: Ruleset) -> Ruleset:
    """Load the card set and check the settings against it and each other (once per
    settings and card file version, so games of one ruleset share its memo)."""
    path = DEFAULT_CARDS if rules.cards == "default" else rules.cards
    card_set = load_card_set(path)
    key = (rules, id(card_set))
    done = _FINISHED.get(key)
    if done is not None and done.card_set is card_set:
        return done
    if len(card_set.escorts) != rules.escorts_dealt:
        raise RulesetError(f"SB-0: escorts_dealt={rules.escorts_dealt} but the card set {path} has "
                           f"{len(card_set.escorts)} escorts")
    fixed = rules.fixed_mechs()
    if fixed is not None:
        if len(fixed) != 2 or fixed[0] == fixed[1] or any(card_set.mech(m) is None for m in fixed):
            kinds = ", ".join(m.id for m in card_set.mechs)
            raise RulesetError(f"SB-0: mech_assignment must be 'choose' or two different mech ids "
                               f"'A,B' from {kinds}, not {rules.mech_assignment!r}")
    if rules.sp_start > rules.sp_max:
        raise RulesetError(f"SB-0: sp_start={rules.sp_start} is above sp_max={rules.sp_max}")
    done = _FINISHED[key] = replace(rules, card_set=card_set, memo={})
    return done


def make_ruleset(settings=None, variants=(), base: Ruleset | None = None) -> Ruleset:
    """A ruleset: ``base`` (defaults), then named variants, then settings (dict or ``key=value`` strings)."""
    values = rulesets.collect_values("SB-0", settings, variants, VARIANTS, _coerce)
    return _finish(replace(base or Ruleset(), **values))


def load_ruleset(path: str, variants=()) -> Ruleset:
    """Load ``key = value`` lines from a file; a relative ``cards`` path is read beside the file."""
    settings = rulesets.read_settings_file("SB-0", path, _coerce)
    cards = settings.get("cards")
    if cards and cards != "default" and not os.path.isabs(cards):
        settings["cards"] = os.path.join(os.path.dirname(os.path.abspath(path)), cards)
    return make_ruleset(settings, variants)


def describe() -> str:
    """Every key, its default, range and meaning (for ``--help``)."""
    lines = []
    for key, (default, allowed, meaning) in SPEC.items():
        if allowed is None:
            rng = "text"
        elif isinstance(default, int) and not isinstance(default, bool):
            rng = f"{allowed[0]}..{allowed[1]}"
        else:
            rng = "|".join(str(a).lower() for a in allowed)
        lines.append(f"{key:26} {str(default):12} {rng:22} {meaning}")
    return "\n".join(lines)
