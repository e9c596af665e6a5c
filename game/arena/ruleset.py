"""IA-0: every number and switch of Immortal Arena, as data.

Two named rulesets (IA-0.1): ``provisions`` (Prototype 2 with every adjustment A1-A9; the
default) and ``dice`` (the older dice prototype, IA-12).  ``ruleset`` is itself a key, so
``--set ruleset=dice`` switches; it is applied first, then the other settings on top.  A
ruleset loads from a file of ``key = value`` lines (``#`` comments), and variants name bundles
of settings (``dice``, ``provisions``, ``prototype-2``: every A-switch at its "before" value,
IA-0.2).  An unknown key or a bad value raises :class:`RulesetError` naming the key.

Keys marked ``[provisions]`` or ``[dice]`` in their meaning only act under that ruleset and are
ignored under the other.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..core import rulesets
from ..core.errors import RulesetError
from ..core.rulesets import to_typed, unknown_key

PROVISIONS, DICE = "provisions", "dice"
RULESETS = (PROVISIONS, DICE)
ROW_NAMES = ("front", "middle", "back")
#: The unit types of each ruleset, in their canonical order (IA-6, IA-12.1).
UNIT_TYPES = {PROVISIONS: ("cavalry", "infantry", "artillery"),
              DICE: ("warrior", "fire_mage", "ice_mage")}

#: key -> (provisions default, dice default, allowed, meaning).  ``allowed`` is ``(lo, hi)`` for
#: an integer, a tuple of words for a choice; booleans take true/false.
KEYS: dict[str, tuple] = {
    "ruleset": (PROVISIONS, DICE, RULESETS, "named ruleset: provisions (Prototype 2 + A1-A9) or dice (IA-0.1)"),
    "players": (2, 2, (2, 2), "players (IA-1)"),
    "rows": (3, 3, (3, 3), "rows per side: front, middle, back (IA-2)"),
    "start_row": ("middle", "middle", ROW_NAMES, "row every unit starts in (IA-3)"),
    "first_player": ("chance", "chance", ("chance", "A", "B"), "first player, or a chance outcome 1/2 (IA-3) [I]"),
    "must_act": (True, True, None, "no voluntary pass while a legal act exists (IA-4.5, A9)"),
    "restrict_last_activated": (True, True, None, "the unit activated last turn is restricted (IA-4.3)"),
    "restricted_surcharge": (1, -1, (-1, 5), "provisions to activate a restricted unit; -1 or none: it cannot act (IA-4.4, A4; always none in dice)"),
    "edge_moves": ("illegal", "illegal", ("illegal", "no_op"), "Advance/Charge from the front, Retreat from the back (IA-6.1, A8)"),
    "revive_step": ("mandatory", "optional", ("mandatory", "optional"), "Revive's 1-row step (IA-6.4, A7; IA-12.5)"),
    "heavy_armour_units": ("cavalry", "warrior", ("none",) + UNIT_TYPES[PROVISIONS] + UNIT_TYPES[DICE],
                           "the unit type with heavy armour (IA-7.2, IA-12.3)"),
    "heavy_armour": ("zero_at_one", "fewer_kill_dice", ("none", "minus_one", "zero_at_one", "fewer_kill_dice"),
                     "heavy armour: provisions none|minus_one|zero_at_one (A5), dice none|fewer_kill_dice (IA-7.2, IA-12.3)"),
    "provisions_total": (7, 7, (0, 50), "[provisions] provision tokens in the game (IA-1)"),
    "start_provisions": (2, 2, (0, 25), "[provisions] provisions each player starts with (IA-3)"),
    "gain_per_turn": (1, 1, (0, 5), "[provisions] provisions taken from the bank each turn (IA-4.1)"),
    "first_turn_gain": (0, 0, (0, 5), "[provisions] the gain on the first player's first turn (IA-4.1)"),
    "last_provision_award": (True, False, None, "[provisions] taking the bank's last provision: waza-ari and reset (IA-11.3, A2)"),
    "reset_provisions": (2, 2, (0, 25), "[provisions] each player's provisions after the last-provision award (IA-11.3)"),
    "waza_ari_mode": ("last_taker", "last_taker", ("last_taker", "cumulative"), "[provisions] a waza-ari wipes the opponent's (IA-11.1, A1)"),
    "win_waza_ari": (2, 2, (1, 20), "[provisions] waza-ari that win (IA-11.4)"),
    "win_ippon": (1, 1, (1, 1), "[provisions] ippon that win (IA-11.4; only 1: the ippon is a state)"),
    "back_row_regroup": (True, False, None, "[provisions] all living in the back row move to the middle (IA-10.2, A3)"),
    "bombard_knockback": (1, 0, (0, 2), "[provisions] rows a Bombard kill pushes its target back (IA-10.1, A6)"),
    "cancel_keeps_spirit": (False, False, None, "[provisions] a cancelled artillery Shoot still gains spirit (IA-7.3) [I]"),
    "range_melee": (1, 1, (0, 4), "range of Melee (IA-9.1)"),
    "range_shoot": (2, 2, (0, 4), "range of Shoot, Fireball, Chill (IA-9.1)"),
    "range_bombard": (2, 2, (0, 4), "range of Bombard, Inferno (IA-9.1)"),
    "shoot_cost": (1, 1, (0, 7), "[provisions] provisions a Shoot costs (IA-6)"),
    "shoot_cancel": (2, 2, (0, 7), "[provisions] provisions to cancel a Shoot (IA-7.1)"),
    "melee_cost": (0, 0, (0, 7), "[provisions] provisions a Melee costs (IA-6)"),
    "kill_cancel": ("damage", "damage", ("damage",), "[provisions] cancel cost of a kill: the target's damage (IA-7.2)"),
    "damage_per_hit": (1, 1, (1, 3), "damage (strikes) a Shoot or a hit gives (IA-6.6, IA-12.2)"),
    "damage_cap": (0, 0, (0, 20), "most damage (strikes) on a unit; 0: no cap (IA-8.1, IA-12.4) [I]"),
    "spirit_gain": (1, 1, (0, 2), "spirit an artillery Shoot / a Fireball gives (IA-8.1)"),
    "spirit_cap": (2, 2, (0, 5), "most spirit on the artillery / fire mage (IA-8.1)"),
    "bombard_spirit_cost": (2, 2, (0, 5), "spirit a Bombard / Inferno spends (IA-6.7, IA-12.3)"),
    "hit_dice": (2, 2, (1, 4), "[dice] dice of the hit roll (IA-12.2)"),
    "hit_at_least": (4, 4, (1, 7), "[dice] a hit if any die shows at least this (IA-12.2)"),
    "kill_dice": (3, 3, (1, 4), "[dice] dice of the kill roll (IA-12.3)"),
    "kill_dice_heavy": (2, 2, (1, 4), "[dice] kill-roll dice against heavy armour (IA-12.3)"),
    "points_kill": (1, 1, (0, 5), "[dice] points for a kill (IA-12.4)"),
    "points_overwhelm": (2, 2, (0, 5), "[dice] points for an overwhelm (IA-12.6)"),
    "win_points": (5, 5, (1, 50), "[dice] points that win (IA-12.7)"),
    "win_lead": (3, 3, (1, 50), "[dice] a lead that wins (IA-12.7)"),
    "overwhelm_return_row": ("middle", "middle", ("middle", "back"), "[dice] where overwhelming units return (IA-12.6)"),
    "turn_limit": (200, 200, (1, 10000), "turns (both players') before a draw (IA-11.5) [I]"),
}

#: Named bundles of settings (``--variant NAME``).
VARIANTS: dict[str, dict] = {
    PROVISIONS: {"ruleset": PROVISIONS},
    DICE: {"ruleset": DICE},
    # IA-0.2: every adjustment at its "before" value (A9's must_act stays on).
    "prototype-2": {"waza_ari_mode": "cumulative", "last_provision_award": False, "back_row_regroup": False,
                    "restricted_surcharge": -1, "heavy_armour": "minus_one", "bombard_knockback": 0,
                    "revive_step": "optional", "edge_moves": "no_op"},
}


@dataclass(frozen=True)
class Ruleset:
    """Every number and switch (IA-0).  Build with :func:`make_ruleset`."""
    ruleset: str = KEYS["ruleset"][0]
    players: int = KEYS["players"][0]
    rows: int = KEYS["rows"][0]
    start_row: str = KEYS["start_row"][0]
    first_player: str = KEYS["first_player"][0]
    must_act: bool = KEYS["must_act"][0]
    restrict_last_activated: bool = KEYS["restrict_last_activated"][0]
    restricted_surcharge: int = KEYS["restricted_surcharge"][0]
    edge_moves: str = KEYS["edge_moves"][0]
    revive_step: str = KEYS["revive_step"][0]
    heavy_armour_units: str = KEYS["heavy_armour_units"][0]
    heavy_armour: str = KEYS["heavy_armour"][0]
    provisions_total: int = KEYS["provisions_total"][0]
    start_provisions: int = KEYS["start_provisions"][0]
    gain_per_turn: int = KEYS["gain_per_turn"][0]
    first_turn_gain: int = KEYS["first_turn_gain"][0]
    last_provision_award: bool = KEYS["last_provision_award"][0]
    reset_provisions: int = KEYS["reset_provisions"][0]
    waza_ari_mode: str = KEYS["waza_ari_mode"][0]
    win_waza_ari: int = KEYS["win_waza_ari"][0]
    win_ippon: int = KEYS["win_ippon"][0]
    back_row_regroup: bool = KEYS["back_row_regroup"][0]
    bombard_knockback: int = KEYS["bombard_knockback"][0]
    cancel_keeps_spirit: bool = KEYS["cancel_keeps_spirit"][0]
    range_melee: int = KEYS["range_melee"][0]
    range_shoot: int = KEYS["range_shoot"][0]
    range_bombard: int = KEYS["range_bombard"][0]
    shoot_cost: int = KEYS["shoot_cost"][0]
    shoot_cancel: int = KEYS["shoot_cancel"][0]
    melee_cost: int = KEYS["melee_cost"][0]
    kill_cancel: str = KEYS["kill_cancel"][0]
    damage_per_hit: int = KEYS["damage_per_hit"][0]
    damage_cap: int = KEYS["damage_cap"][0]
    spirit_gain: int = KEYS["spirit_gain"][0]
    spirit_cap: int = KEYS["spirit_cap"][0]
    bombard_spirit_cost: int = KEYS["bombard_spirit_cost"][0]
    hit_dice: int = KEYS["hit_dice"][0]
    hit_at_least: int = KEYS["hit_at_least"][0]
    kill_dice: int = KEYS["kill_dice"][0]
    kill_dice_heavy: int = KEYS["kill_dice_heavy"][0]
    points_kill: int = KEYS["points_kill"][0]
    points_overwhelm: int = KEYS["points_overwhelm"][0]
    win_points: int = KEYS["win_points"][0]
    win_lead: int = KEYS["win_lead"][0]
    overwhelm_return_row: str = KEYS["overwhelm_return_row"][0]
    turn_limit: int = KEYS["turn_limit"][0]

    @property
    def dice(self) -> bool:
        """The dice ruleset (economy none, combat dice, scoring points)."""
        return self.ruleset == DICE

    @property
    def economy(self) -> str:
        return "none" if self.dice else "provisions"

    @property
    def combat(self) -> str:
        return "dice" if self.dice else "cancel"

    @property
    def scoring(self) -> str:
        return "points" if self.dice else "waza_ari"

    @property
    def unit_types(self) -> tuple:
        return UNIT_TYPES[self.ruleset]

    def variant_names(self) -> list[str]:
        return [self.ruleset]

    def changes(self) -> dict:
        """Settings that differ from the named ruleset's defaults (``ruleset`` excluded)."""
        base = base_ruleset(self.ruleset)
        return {f.name: getattr(self, f.name) for f in fields(self)
                if f.name != "ruleset" and getattr(self, f.name) != getattr(base, f.name)}


def base_ruleset(name: str = PROVISIONS) -> Ruleset:
    """The named ruleset with its defaults (IA-0.1)."""
    if name not in RULESETS:
        raise RulesetError(f"IA-0: ruleset must be one of {', '.join(RULESETS)}, not {name!r}")
    column = 0 if name == PROVISIONS else 1
    return Ruleset(**{key: spec[column] for key, spec in KEYS.items()})


def format_value(value) -> str:
    """A value as a ruleset text writes it (``true``, ``none`` for a surcharge of -1)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def coerce(key: str, raw):
    """``raw`` (text or value) as the type of ``key``, range-checked; RulesetError naming the key."""
    if key not in KEYS:
        raise unknown_key("IA-0", key, KEYS)
    default, _dice_default, allowed, _meaning = KEYS[key]
    if key == "restricted_surcharge" and str(raw).strip().lower() == "none":
        return -1
    return to_typed("IA-0", key, raw, default, allowed)


def _check_whole(r: Ruleset) -> Ruleset:
    """Cross-key checks: a ruleset that cannot be played raises RulesetError naming the key."""
    if r.heavy_armour_units != "none" and r.heavy_armour_units not in r.unit_types:
        raise RulesetError(f"IA-0: heavy_armour_units={r.heavy_armour_units} is not a unit of ruleset={r.ruleset} "
                           f"({', '.join(r.unit_types)} or none)")
    fits = ("none", "fewer_kill_dice") if r.dice else ("none", "minus_one", "zero_at_one")
    if r.heavy_armour not in fits:
        raise RulesetError(f"IA-0: heavy_armour={r.heavy_armour} does not apply to ruleset={r.ruleset} "
                           f"({' or '.join(fits)})")
    if not r.dice:
        for key in ("start_provisions", "reset_provisions"):
            if 2 * getattr(r, key) > r.provisions_total:
                raise RulesetError(f"IA-0: {key}={getattr(r, key)} for each player exceeds "
                                   f"provisions_total={r.provisions_total}")
    return r


def make_ruleset(settings=None, variants=(), base: Ruleset | None = None) -> Ruleset:
    """A ruleset: the named ruleset (``ruleset=`` in settings or a variant, else ``base`` or
    ``provisions``), then the variants' settings, then ``settings`` (a dict or ``"key=value"``
    strings)."""
    values = rulesets.collect_values("IA-0", settings, variants, VARIANTS, coerce)
    name = values.pop("ruleset", None)
    start = base_ruleset(name) if name is not None else (base or base_ruleset(PROVISIONS))
    return _check_whole(replace(start, **values))


def parse_assignment(text: str) -> tuple[str, object]:
    """``"shoot_cost=2"`` -> ``("shoot_cost", 2)``."""
    return rulesets.parse_assignment("IA-0", text, coerce)


def load_ruleset(path: str, variants=()) -> Ruleset:
    """Load ``key = value`` lines from a file; errors name the file, line and key."""
    return make_ruleset(rulesets.read_settings_file("IA-0", path, coerce), variants)


#: Keys whose valid values depend on ``ruleset`` (unit names, heavy-armour modes): left out of
#: the list the tools soak at random, where most picks would be rejected as a whole.
RULESET_BOUND = ("heavy_armour_units", "heavy_armour")


def ruleset_keys() -> dict:
    """``key -> (default, allowed, meaning)`` with the provisions defaults, for the tools'
    soaks (``simulate.py --extreme``); the keys of ``RULESET_BOUND`` are left out."""
    return {key: (spec[0], spec[2] if spec[2] is not None else (False, True), spec[3])
            for key, spec in KEYS.items() if key not in RULESET_BOUND}


def describe() -> str:
    """A table of every key: provisions and dice defaults, range, meaning (for ``--help``)."""
    lines = []
    for key, (prov, dice, allowed, meaning) in KEYS.items():
        rng = ("true|false" if allowed is None else
               f"{allowed[0]}..{allowed[1]}" if isinstance(prov, int) else "|".join(allowed))
        lines.append(f"{key:24} {format_value(prov):12} {format_value(dice):16} {rng:22} {meaning}")
    return "\n".join(lines)
