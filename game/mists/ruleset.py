"""TM-0: every number and switch of Two Mists in one immutable record.

Defaults follow ``shared/rules/two-mists.md``.  A ruleset loads from a file of
``key = value`` lines (``#`` comments) and is overridden with ``key=value``
strings (``--set life_max=none``) and named variants (``--variant end-of-card``).
Deck compositions and the ``forbidden`` table (reconstructed, [R]) are data too,
so the real cards can replace them without code changes.  Unknown keys and bad
values raise :class:`RulesetError` naming them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..core import rulesets
from ..core.errors import RulesetError
from ..core.rulesets import to_bool, to_choice, to_int, unknown_key
from .model import ACTION_KINDS, ACTION_PILE, CARD_KINDS, CHARACTERS, EQUIPMENT_KINDS, EQUIPMENT_PILE, SEATS

_DEFAULT_FORBIDDEN = {
    "attack": "-", "scout": "-", "intimidate": "-",
    "charge_m": "monster", "charge_k": "knight", "charge_w": "witch", "charge_s": "saint",
    "charge_f": "fool",
    "sacrifice": "monster", "combo": "witch,saint", "arcana": "knight,fool",
    "spear": "witch", "grimoire": "knight", "axe": "saint", "staff": "fool", "poison": "monster",
}

_INT, _BOOL, _CHOICE, _CARDS, _CHARS, _LIFE = "int", "bool", "choice", "cards", "chars", "life"

#: key -> (default, kind, allowed (range or choices), one-line meaning)
SPEC: dict[str, tuple] = {
    "characters_3p": ("monster,knight,witch,saint", _CHARS, 4, "character set with 3 players [I]"),
    "characters_4p": ("monster,knight,witch,saint,fool", _CHARS, 5, "character set with 4 players"),
    "life_start": (7, _INT, (1, 30), "starting life"),
    "life_max": (7, _LIFE, (1, 30), "highest life healing reaches, or none [I]"),
    "action_slots": (3, _INT, (1, 5), "action slots in the display (A1..)"),
    "equipment_slots": (2, _INT, (0, 5), "equipment slots in the display (E1..)"),
    "action_deck": ("attack:6,scout:4,charge_m:2,charge_k:2,charge_w:2,charge_s:2,charge_f:2,"
                    "sacrifice:3,combo:3,arcana:3,intimidate:3", _CARDS, ACTION_KINDS,
                    "action deck composition [R]"),
    "equipment_deck": ("spear:3,grimoire:3,axe:3,staff:3,poison:3", _CARDS, EQUIPMENT_KINDS,
                       "equipment deck composition [R]"),
    **{f"forbidden_{card}": (chars, _CHARS, None, f"characters who may not take {card}"
                             + (" [R]" if card.startswith("charge") else ""))
       for card, chars in _DEFAULT_FORBIDDEN.items()},
    "damage_attack": (1, _INT, (0, 10), "Attack base damage"),
    "damage_scout": (1, _INT, (0, 10), "Scout base damage"),
    "damage_charge": (2, _INT, (0, 10), "Charge base damage"),
    "damage_sacrifice": (2, _INT, (0, 10), "Sacrifice base damage"),
    "damage_combo": (1, _INT, (0, 10), "Combo base damage"),
    "damage_arcana": (1, _INT, (0, 10), "Arcana base damage"),
    "arcana_heal": (2, _INT, (0, 10), "Arcana healing"),
    "weapon_bonus": (1, _INT, (0, 10), "damage added per weapon owned [I]"),
    "sacrifice_base": (5, _INT, (0, 30), "Sacrifice self-damage before equipment"),
    "sacrifice_floor": (0, _INT, (0, 30), "Sacrifice self-damage never below this"),
    "poison_damage": (1, _INT, (0, 10), "Holy Poison damage at the owner's later turns [I]"),
    "poison_floor": (1, _INT, (1, 30), "Holy Poison never brings life below this"),
    "pass_life": (1, _INT, (1, 30), "life after a pass"),
    "pass_reveals": (True, _BOOL, None, "a pass turns the character face up"),
    "intimidated_may_pass": (True, _BOOL, None, "an intimidated player may pass voluntarily [I]"),
    "equipment_once_per_player": (True, _BOOL, None, "one equipment card of each name per player [I]"),
    "death_check": ("immediate", _CHOICE, ("immediate", "end_of_card"), "when a life of 0 kills [I]"),
    "combo_extra_turn": ("optional", _CHOICE, ("optional", "always", "never"),
                         "Combo's extra turn: chosen, automatic or none [I]"),
    "scout_point_self": (False, _BOOL, None, "a Scout pointing may name oneself [I]"),
    "start_player": ("random", _CHOICE, ("random",) + SEATS, "start player: random or a seat [I]"),
    "turn_limit": (200, _INT, (1, 100000), "game ends with no death after this turn [I]"),
}

#: Named variants and the settings each one implies.
VARIANTS: dict[str, dict] = {
    "end-of-card": {"death_check": "end_of_card"},
    "strict-intimidation": {"intimidated_may_pass": False},
    "uncapped": {"life_max": None},
    "no-extra-turn": {"combo_extra_turn": "never"},
}


def _parse_cards(key: str, text: str, kinds) -> tuple:
    pile = ACTION_PILE if kinds == ACTION_KINDS else EQUIPMENT_PILE
    try:
        return pile.parse(text)
    except ValueError as exc:
        raise RulesetError(f"TM-0: {key}: {exc}") from None


def _parse_chars(key: str, text: str) -> tuple:
    text = text.strip()
    if text in ("", "-"):
        return ()
    names = tuple(t.strip() for t in text.split(","))
    for name in names:
        if name not in CHARACTERS:
            raise RulesetError(f"TM-0: {key}: unknown character {name!r} (known: {', '.join(CHARACTERS)})")
    if len(set(names)) != len(names):
        raise RulesetError(f"TM-0: {key}: a character is named twice in {text!r}")
    return names


def _coerce(key: str, raw):
    """Check ``raw`` (text or value) for ``key`` and return its canonical text-free value."""
    if key not in SPEC:
        raise unknown_key("TM-0", key, SPEC)
    _, kind, allowed, _ = SPEC[key]
    if kind == _BOOL:
        return to_bool("TM-0", key, raw)
    if kind == _INT:
        return to_int("TM-0", key, raw, allowed)
    if kind == _LIFE:
        if raw is None or str(raw).strip().lower() == "none":
            return None
        return to_int("TM-0", key, raw, allowed, what="an integer or none")
    if kind == _CHOICE:
        return to_choice("TM-0", key, raw, allowed)
    text = ",".join(raw) if isinstance(raw, (tuple, list)) else str(raw).strip().strip('"')
    if kind == _CARDS:
        _parse_cards(key, text, allowed)
        # canonical text: counts in card-kind order
        pile = ACTION_PILE if allowed == ACTION_KINDS else EQUIPMENT_PILE
        return ",".join(f"{k}:{n}" for k, n in zip(pile.kinds, _parse_cards(key, text, allowed)) if n) or "-"
    names = _parse_chars(key, text)
    if allowed is not None and len(names) != allowed:
        raise RulesetError(f"TM-0: {key} must name {allowed} characters, not {len(names)}")
    if key.startswith("characters") and "monster" not in names:
        raise RulesetError(f"TM-0: {key} must include the monster (TM-2.1)")
    return ",".join(names) or "-"


@dataclass(frozen=True)
class Ruleset:
    """Every number and switch of the game (TM-0).  Build with :func:`make_ruleset`.

    The text-valued keys (decks, character sets, ``forbidden_*``) are parsed once
    into the derived fields ``action_counts``, ``equipment_counts`` and ``forbid``.
    """
    characters_3p: str = SPEC["characters_3p"][0]
    characters_4p: str = SPEC["characters_4p"][0]
    life_start: int = SPEC["life_start"][0]
    life_max: int | None = SPEC["life_max"][0]
    action_slots: int = SPEC["action_slots"][0]
    equipment_slots: int = SPEC["equipment_slots"][0]
    action_deck: str = SPEC["action_deck"][0]
    equipment_deck: str = SPEC["equipment_deck"][0]
    forbidden_attack: str = SPEC["forbidden_attack"][0]
    forbidden_scout: str = SPEC["forbidden_scout"][0]
    forbidden_charge_m: str = SPEC["forbidden_charge_m"][0]
    forbidden_charge_k: str = SPEC["forbidden_charge_k"][0]
    forbidden_charge_w: str = SPEC["forbidden_charge_w"][0]
    forbidden_charge_s: str = SPEC["forbidden_charge_s"][0]
    forbidden_charge_f: str = SPEC["forbidden_charge_f"][0]
    forbidden_sacrifice: str = SPEC["forbidden_sacrifice"][0]
    forbidden_combo: str = SPEC["forbidden_combo"][0]
    forbidden_arcana: str = SPEC["forbidden_arcana"][0]
    forbidden_intimidate: str = SPEC["forbidden_intimidate"][0]
    forbidden_spear: str = SPEC["forbidden_spear"][0]
    forbidden_grimoire: str = SPEC["forbidden_grimoire"][0]
    forbidden_axe: str = SPEC["forbidden_axe"][0]
    forbidden_staff: str = SPEC["forbidden_staff"][0]
    forbidden_poison: str = SPEC["forbidden_poison"][0]
    damage_attack: int = SPEC["damage_attack"][0]
    damage_scout: int = SPEC["damage_scout"][0]
    damage_charge: int = SPEC["damage_charge"][0]
    damage_sacrifice: int = SPEC["damage_sacrifice"][0]
    damage_combo: int = SPEC["damage_combo"][0]
    damage_arcana: int = SPEC["damage_arcana"][0]
    arcana_heal: int = SPEC["arcana_heal"][0]
    weapon_bonus: int = SPEC["weapon_bonus"][0]
    sacrifice_base: int = SPEC["sacrifice_base"][0]
    sacrifice_floor: int = SPEC["sacrifice_floor"][0]
    poison_damage: int = SPEC["poison_damage"][0]
    poison_floor: int = SPEC["poison_floor"][0]
    pass_life: int = SPEC["pass_life"][0]
    pass_reveals: bool = SPEC["pass_reveals"][0]
    intimidated_may_pass: bool = SPEC["intimidated_may_pass"][0]
    equipment_once_per_player: bool = SPEC["equipment_once_per_player"][0]
    death_check: str = SPEC["death_check"][0]
    combo_extra_turn: str = SPEC["combo_extra_turn"][0]
    scout_point_self: bool = SPEC["scout_point_self"][0]
    start_player: str = SPEC["start_player"][0]
    turn_limit: int = SPEC["turn_limit"][0]
    # derived (not keys)
    action_counts: tuple = field(default=(), compare=False, repr=False)
    equipment_counts: tuple = field(default=(), compare=False, repr=False)
    forbid: dict = field(default=None, compare=False, repr=False)
    damage: dict = field(default=None, compare=False, repr=False)
    slots: tuple = field(default=(), compare=False, repr=False)
    charsets: dict = field(default=None, compare=False, repr=False)
    allowed: dict = field(default=None, compare=False, repr=False)

    def __post_init__(self):
        set_ = object.__setattr__
        set_(self, "action_counts", _parse_cards("action_deck", self.action_deck, ACTION_KINDS))
        set_(self, "equipment_counts", _parse_cards("equipment_deck", self.equipment_deck, EQUIPMENT_KINDS))
        set_(self, "forbid", {card: frozenset(_parse_chars(f"forbidden_{card}", getattr(self, f"forbidden_{card}")))
                              for card in CARD_KINDS})
        dmg = {"attack": self.damage_attack, "scout": self.damage_scout, "sacrifice": self.damage_sacrifice,
               "combo": self.damage_combo, "arcana": self.damage_arcana, "intimidate": 0}
        for card in ACTION_KINDS:
            if card.startswith("charge"):
                dmg[card] = self.damage_charge
        set_(self, "damage", dmg)
        set_(self, "slots", tuple(f"A{i + 1}" for i in range(self.action_slots)) +
             tuple(f"E{i + 1}" for i in range(self.equipment_slots)))
        set_(self, "allowed", {c: frozenset(k for k in CARD_KINDS if c not in self.forbid[k]) for c in CHARACTERS})
        set_(self, "charsets", {3: _parse_chars("characters_3p", self.characters_3p),
                                4: _parse_chars("characters_4p", self.characters_4p)})
        if self.life_max is not None and self.life_max < self.life_start:
            raise RulesetError(f"TM-0: life_max={self.life_max} is below life_start={self.life_start}")
        # TM-0 (interpretation): a life set by a pass or kept by Holy Poison never exceeds life_max.
        if self.life_max is not None and self.pass_life > self.life_max:
            raise RulesetError(f"TM-0: pass_life={self.pass_life} is above life_max={self.life_max}")
        if self.life_max is not None and self.poison_floor > self.life_max:
            raise RulesetError(f"TM-0: poison_floor={self.poison_floor} is above life_max={self.life_max}")

    def characters(self, players: int) -> tuple:
        """The character set dealt with ``players`` players (TM-0): players + 1 cards."""
        return self.charsets[3 if players == 3 else 4]

    def settings(self) -> dict:
        """Every key and its value."""
        return {key: getattr(self, key) for key in SPEC}

    def changes(self) -> dict:
        """Keys whose value differs from the default ruleset."""
        base = Ruleset()
        return {key: getattr(self, key) for key in SPEC if getattr(self, key) != getattr(base, key)}


def format_value(value) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_assignment(text: str) -> tuple[str, object]:
    """Parse ``"life_max=none"`` into ``("life_max", None)``."""
    return rulesets.parse_assignment("TM-0", text, _coerce)


def make_ruleset(settings=None, variants=(), base: Ruleset | None = None) -> Ruleset:
    """A ruleset: ``base`` (default rules), then named variants, then settings.

    ``settings`` is a dict or an iterable of ``"key=value"`` strings.
    """
    values = rulesets.collect_values("TM-0", settings, variants, VARIANTS, _coerce)
    if base is None:
        base = _DEFAULT if _DEFAULT is not None else Ruleset()
    return replace(base, **values) if values else base


_DEFAULT = None
_DEFAULT = make_ruleset()


def parse_ruleset_text(text: str, where: str = "ruleset", variants=()) -> Ruleset:
    """``key = value`` lines (``#`` comments) into a ruleset; errors name the line."""
    return make_ruleset(rulesets.parse_settings_text("TM-0", text, where, _coerce), variants)


def load_ruleset(path: str, variants=()) -> Ruleset:
    """Load a ruleset file of ``key = value`` lines."""
    return make_ruleset(rulesets.read_settings_file("TM-0", path, _coerce), variants)


def describe() -> str:
    """A table of every key, its default, allowed values and meaning (for ``--help``)."""
    lines = []
    for key, (default, kind, allowed, meaning) in SPEC.items():
        if kind in (_INT, _LIFE):
            rng = f"{allowed[0]}..{allowed[1]}" + ("|none" if kind == _LIFE else "")
        elif kind == _CHOICE:
            rng = "|".join(allowed)
        else:
            rng = kind
        lines.append(f"{key:26} {format_value(default)[:24]:24} {rng:22} {meaning}")
    return "\n".join(lines)


_ALTERNATIVES = {
    "characters_3p": ("monster,knight,witch,fool",),
    "characters_4p": ("monster,knight,witch,saint,fool",),
    "action_deck": ("attack:2,scout:2,charge_m:1,charge_f:1,sacrifice:1,combo:2,arcana:1,intimidate:1",
                    "attack:1", "-"),
    "equipment_deck": ("poison:4", "spear:1,grimoire:1,axe:1,staff:1,poison:1", "-"),
}


def ruleset_keys() -> dict:
    """For ``tools/simulate.py --extreme``: key -> (default, allowed, meaning), where
    allowed is ``(lo, hi)`` for integers and a tuple of choices otherwise (the text-valued
    data keys offer their default and a few alternatives)."""
    out = {}
    for key, (default, kind, allowed, meaning) in SPEC.items():
        if kind in (_INT, _LIFE):
            out[key] = (default, allowed, meaning)
        elif kind == _BOOL:
            out[key] = (default, (False, True), meaning)
        elif kind == _CHOICE:
            out[key] = (default, allowed, meaning)
        elif key.startswith("forbidden_"):
            out[key] = (default, (default, "-") if default != "-" else ("-", "monster"), meaning)
        else:
            out[key] = (default, (default,) + _ALTERNATIVES.get(key, ()), meaning)
    return out
