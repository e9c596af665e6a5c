"""TW-0: every number and switch of Trench War in one immutable record.

Defaults follow ``shared/rules/trench-war.md``.  A ruleset loads from a file of
``key = value`` lines (``#`` comments; TOML-compatible) and is overridden per
game with ``key=value`` strings (``--set gun_range=5``) and named variants
(``--variant civilians``).  Unknown keys, out-of-range values and combinations the
engine cannot play (:func:`validate`, :func:`check_players`) raise :class:`RulesetError`
naming the keys; :func:`allowed_values` lists every key's range or choices.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace

from ..core.errors import RulesetError
from ..core import rulesets
from ..core.rulesets import to_typed, unknown_key
from .model import WEAPON_KINDS

#: Cubes on a new board: one ground cube a cell and a second cube on each corner pillar (TW-2).
BOARD_CUBES = 7 * 7 + 4


def cube_floors(soldiers: int) -> str:
    """The least ``natural_cubes`` per player count: the board and one landing boat a soldier (TW-3.3)."""
    return ", ".join(f"{BOARD_CUBES + n * soldiers} for {n} players" for n in (2, 3, 4))


#: key -> (default, allowed range or choices, one-line meaning)
SPEC: dict[str, tuple] = {
    "board_size": (7, (7, 7), "board is board_size x board_size (only 7 is supported)"),
    "soldiers_per_player": (3, (1, 3), "soldiers per player"),
    "gun_rounds": (4, (0, 20), "rounds in each player's gun"),
    "gun_range": (4, (1, 7), "gun range in cells"),
    "night_range_penalty": (1, (0, 6), "gun range lost at night"),
    "mask_range_penalty": (1, (0, 6), "gun range lost while masked"),
    "destroy_extra_rounds": (1, (0, 20), "extra rounds to destroy the cube that stopped a shot"),
    "gas_shots": (2, (0, 20), "gas shots per player"),
    "gas_range": (1, (0, 1), "farthest cell a gas token is put (0 own cell, 1 front cell)"),
    "bombs": (2, (0, 20), "bombs per player [I]"),
    "bomb_range": (2, (0, 6), "farthest bomb target in cells"),
    "max_cubes_carried": (2, (0, 10), "cubes one soldier may carry"),
    "target_points": (3, (1, 50), "victory target with three or more players"),
    "target_points_2p": (2, (1, 50), "victory target with two players"),
    "kill_points": (1, (0, 10), "points for killing an enemy soldier"),
    "base_points": (1, (0, 10), "points for destroying an enemy base"),
    "escape_points": (1, (0, 10), "points for a soldier escaping (two players)"),
    "escape_points_3plus": (2, (0, 10), "points for a soldier escaping (three or more players)"),
    "empty_gun_points": (1, (0, 10), "points for first emptying the own starting gun"),
    "judgement_dead_2p": (4, (1, 20), "dead that trigger judgement with two players"),
    "judgement_dead_3p": (6, (1, 20), "dead that trigger judgement with three players"),
    "judgement_dead_4p": (8, (1, 20), "dead that trigger judgement with four players"),
    "sink_after_round": (3, (0, 60), "landing boats sink at the end of this round (0: never)"),
    "natural_cubes": (68, (BOARD_CUBES + 2, 200),
                      f"natural wooden cubes in the game; at least {BOARD_CUBES} (the board) + 1 a soldier: "
                      f"{cube_floors(3)} with 3 soldiers each"),
    "setup_food": (3, (0, 10), "neutral food tokens for the setup placement rounds [I]"),
    "placement_rounds": (2, (0, 5), "setup placement rounds (TW-3.6)"),
    "masks_per_soldier": (1, (0, 5), "gas masks each soldier starts with"),
    "drugs_per_soldier": (1, (0, 5), "drug tokens each soldier starts with"),
    "food_per_soldier": (1, (0, 5), "food each soldier starts with"),
    "centre_drug": (1, (0, 1), "a drug token lies on d4 at the start"),
    "forecasts": (1, (1, 3), "open wind forecasts with three or more players"),
    "forecasts_2p": (2, (1, 3), "open wind forecasts with two players"),
    "corpse_points": ("always", ("always", "judgement"), "when carried enemy corpses score [I]"),
    "civilian_penalty": (1, (0, 10), "points lost for killing a civilian or the village"),
    "round_limit": (60, (1, 1000), "judgement after this round [I]"),
    "first_game": (False, (False, True), "variant: 2 soldiers, gun and bomb, no gas/masks/drugs"),
    "civilians": (False, (False, True), "variant: 2 civilians and a village"),
    "guerrillas": (False, (False, True), "variant: civilians may fire and dig"),
    "open_teams": (False, (False, True), "variant: 4 players, S+W against N+E"),
    "hidden_teams": (False, (False, True), "variant: 4 players, two secret teams"),
}

#: Named variants and the settings each one implies (TW-11).
VARIANTS: dict[str, dict] = {
    "first-game": {"first_game": True, "soldiers_per_player": 2, "gas_shots": 0,
                   "masks_per_soldier": 0, "drugs_per_soldier": 0, "centre_drug": 0},
    "civilians": {"civilians": True},
    "guerrillas": {"civilians": True, "guerrillas": True},
    "open-teams": {"open_teams": True},
    "hidden-teams": {"hidden_teams": True},
}


@dataclass(frozen=True)
class Ruleset:
    """Every number and switch of the game (TW-0).  Build with :func:`make_ruleset`."""
    board_size: int = SPEC["board_size"][0]
    soldiers_per_player: int = SPEC["soldiers_per_player"][0]
    gun_rounds: int = SPEC["gun_rounds"][0]
    gun_range: int = SPEC["gun_range"][0]
    night_range_penalty: int = SPEC["night_range_penalty"][0]
    mask_range_penalty: int = SPEC["mask_range_penalty"][0]
    destroy_extra_rounds: int = SPEC["destroy_extra_rounds"][0]
    gas_shots: int = SPEC["gas_shots"][0]
    gas_range: int = SPEC["gas_range"][0]
    bombs: int = SPEC["bombs"][0]
    bomb_range: int = SPEC["bomb_range"][0]
    max_cubes_carried: int = SPEC["max_cubes_carried"][0]
    target_points: int = SPEC["target_points"][0]
    target_points_2p: int = SPEC["target_points_2p"][0]
    kill_points: int = SPEC["kill_points"][0]
    base_points: int = SPEC["base_points"][0]
    escape_points: int = SPEC["escape_points"][0]
    escape_points_3plus: int = SPEC["escape_points_3plus"][0]
    empty_gun_points: int = SPEC["empty_gun_points"][0]
    judgement_dead_2p: int = SPEC["judgement_dead_2p"][0]
    judgement_dead_3p: int = SPEC["judgement_dead_3p"][0]
    judgement_dead_4p: int = SPEC["judgement_dead_4p"][0]
    sink_after_round: int = SPEC["sink_after_round"][0]
    natural_cubes: int = SPEC["natural_cubes"][0]
    setup_food: int = SPEC["setup_food"][0]
    placement_rounds: int = SPEC["placement_rounds"][0]
    masks_per_soldier: int = SPEC["masks_per_soldier"][0]
    drugs_per_soldier: int = SPEC["drugs_per_soldier"][0]
    food_per_soldier: int = SPEC["food_per_soldier"][0]
    centre_drug: int = SPEC["centre_drug"][0]
    forecasts: int = SPEC["forecasts"][0]
    forecasts_2p: int = SPEC["forecasts_2p"][0]
    corpse_points: str = SPEC["corpse_points"][0]
    civilian_penalty: int = SPEC["civilian_penalty"][0]
    round_limit: int = SPEC["round_limit"][0]
    first_game: bool = SPEC["first_game"][0]
    civilians: bool = SPEC["civilians"][0]
    guerrillas: bool = SPEC["guerrillas"][0]
    open_teams: bool = SPEC["open_teams"][0]
    hidden_teams: bool = SPEC["hidden_teams"][0]

    # -- derived numbers -------------------------------------------------
    def target(self, players: int) -> int:
        return self.target_points_2p if players == 2 else self.target_points

    def judgement_dead(self, players: int) -> int:
        return {2: self.judgement_dead_2p, 3: self.judgement_dead_3p}.get(players, self.judgement_dead_4p)

    def escape_value(self, players: int) -> int:
        return self.escape_points if players == 2 else self.escape_points_3plus

    def forecast_count(self, players: int) -> int:
        return self.forecasts_2p if players == 2 else self.forecasts

    def weapon_kinds(self) -> tuple[str, ...]:
        """The weapon tiles each player assigns at setup (TW-3.2, TW-11 first game)."""
        if self.first_game:
            return ("gun", "bomb")[: self.soldiers_per_player]
        return WEAPON_KINDS[: self.soldiers_per_player]

    def ammo(self, kind: str) -> int:
        return {"gun": self.gun_rounds, "gas": self.gas_shots, "bomb": self.bombs}[kind]

    def variant_names(self) -> list[str]:
        """Names of the variants switched on, in canonical order."""
        names = []
        for name in VARIANTS:
            flag = name.replace("-", "_")
            if getattr(self, flag):
                if name == "civilians" and self.guerrillas:
                    continue  # implied by guerrillas
                names.append(name)
        return names

    def changes(self) -> dict:
        """Settings that differ from a plain ruleset with the same variants."""
        base = make_ruleset(variants=self.variant_names())
        return {f.name: getattr(self, f.name) for f in fields(self)
                if getattr(self, f.name) != getattr(base, f.name)}


def _coerce(key: str, raw):
    """Convert ``raw`` (str or value) to the type of ``key`` and check its range."""
    if key not in SPEC:
        raise unknown_key("TW-0", key, SPEC)
    default, allowed, _ = SPEC[key]
    try:
        return to_typed("TW-0", key, raw, default, allowed)
    except RulesetError as exc:
        if key == "natural_cubes" and "out of range" in str(exc):
            raise RulesetError(f"{exc}: the floor is {BOARD_CUBES} (the board) + 1 a soldier "
                               f"({cube_floors(3)} with 3 soldiers each)") from None
        raise


def allowed_values() -> dict:
    """Every ruleset key with its allowed values: ``{key: (kind, allowed, default)}``.

    ``kind`` is ``"int"`` (``allowed`` is the inclusive range ``(lo, hi)``), ``"bool"`` or
    ``"choice"`` (``allowed`` lists the choices).  Values inside these ranges may still be
    rejected together (see :func:`validate` and :func:`check_players`).
    """
    out = {}
    for key, (default, allowed, _) in SPEC.items():
        kind = "bool" if isinstance(default, bool) else "int" if isinstance(default, int) else "choice"
        out[key] = (kind, tuple(allowed), default)
    return out


def cubes_needed(rules: "Ruleset", players: int) -> int:
    """Natural cubes a game needs at least: the board and one landing boat per soldier (TW-3.3;
    cover cubes are taken only while the supply lasts)."""
    return BOARD_CUBES + players * rules.soldiers_per_player


def validate(rules: "Ruleset") -> "Ruleset":
    """Cross-key checks that hold whatever the player count; RulesetError naming the keys."""
    if rules.guerrillas and not rules.civilians:
        raise RulesetError("TW-11: guerrillas=true needs civilians=true (the guerrillas are the civilians)")
    if rules.open_teams and rules.hidden_teams:
        raise RulesetError("TW-11: open_teams and hidden_teams cannot both be on")
    least = cubes_needed(rules, 2)
    if rules.natural_cubes < least:
        raise RulesetError(f"TW-0: natural_cubes={rules.natural_cubes} is too few for "
                           f"soldiers_per_player={rules.soldiers_per_player}: the board takes "
                           f"{BOARD_CUBES} and each soldier's boat 1, so at least "
                           f"{cube_floors(rules.soldiers_per_player)}")
    return rules


def check_players(rules: "Ruleset", players: int) -> None:
    """Cross-key checks that depend on the player count (called by ``setup.new_game``)."""
    if (rules.open_teams or rules.hidden_teams) and players != 4:
        raise RulesetError("TW-11: open_teams and hidden_teams need 4 players")
    need = cubes_needed(rules, players)
    if rules.natural_cubes < need:
        raise RulesetError(f"TW-0: natural_cubes={rules.natural_cubes} is too few for {players} players "
                           f"with soldiers_per_player={rules.soldiers_per_player}: the board takes "
                           f"{BOARD_CUBES} and the boats {players * rules.soldiers_per_player} "
                           f"(at least {need})")


def parse_assignment(text: str) -> tuple[str, object]:
    """Parse ``"gun_range=5"`` into ``("gun_range", 5)``."""
    return rulesets.parse_assignment("TW-0", text, _coerce)


def make_ruleset(settings=None, variants=(), base: Ruleset | None = None) -> Ruleset:
    """A ruleset: ``base`` (default rules), then named variants, then settings.

    ``settings`` is a dict or an iterable of ``"key=value"`` strings.
    """
    values = rulesets.collect_values("TW-0", settings, variants, VARIANTS, _coerce, variant_rule="TW-11")
    return validate(replace(base or Ruleset(), **values))


def load_ruleset(path: str, variants=()) -> Ruleset:
    """Load ``key = value`` lines from a file (TOML-compatible subset)."""
    return make_ruleset(rulesets.read_settings_file("TW-0", path, _coerce), variants)


def describe() -> str:
    """A table of every key, its default, range and meaning (for ``--help``)."""
    lines = []
    for key, (default, allowed, meaning) in SPEC.items():
        rng = f"{allowed[0]}..{allowed[1]}" if isinstance(default, int) and not isinstance(default, bool) \
            else "|".join(map(str, allowed))
        lines.append(f"{key:22} {str(default):10} {rng:18} {meaning}")
    return "\n".join(lines)
