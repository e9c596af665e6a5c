"""Trench War's pages of the Rules screen (``game.ui.rules_screen``), in the current language.

The words are catalog keys ``rules.*`` (``game/i18n/<lang>/rules.po``) with the numbers filled from
a Trench War ruleset (the default one unless given), and the card list (kinds and counts) from the
rules package's starting hand, each card told by its ``card.<kind>.help``.
"""

from __future__ import annotations

from game.i18n import tr

#: Pages in order: (tab key, [catalog keys; a key whose last part starts with ``h_`` is a heading]).
#: The cards page is built from the card list instead (:func:`card_blocks`).
PAGES = (
    ("aim", ("rules.aim.h_goal", "rules.goal", "rules.aim.h_points", "rules.aim.points", "rules.aim.penalty",
             "rules.aim.h_judgement", "rules.aim.judgement", "rules.aim.h_hidden", "rules.hidden")),
    ("round", ("rules.round.h_setup", "rules.round.setup", "rules.round.h_phases", "rules.round.p1",
               "rules.round.p2", "rules.round.p3", "rules.round.p4", "rules.round.p5", "rules.round.h_turn",
               "rules.round.turn1", "rules.round.turn2")),
    ("cards", ()),
    ("board", ("rules.board.h_board", "rules.board", "rules.board.h_move", "rules.board.move",
               "rules.board.h_trench", "rules.board.trench", "rules.board.h_assault", "rules.board.assault",
               "rules.board.h_death", "rules.board.death", "rules.board.h_cubes", "rules.board.cubes")),
    ("weapons", ("rules.weapons.h_gun", "rules.weapons.gun", "rules.weapons.h_gas", "rules.gas",
                 "rules.weapons.h_bomb", "rules.weapons.bomb", "rules.weapons.h_kit", "rules.weapons.kit",
                 "rules.weapons.h_wind", "rules.weapons.wind")),
    ("variants", ("rules.variants.h_first", "rules.variants.first", "rules.variants.h_civilians",
                  "rules.variants.civilians", "rules.variants.h_guerrillas", "rules.variants.guerrillas",
                  "rules.variants.h_teams", "rules.variants.teams")),
)

def is_heading(key: str) -> bool:
    return key.rsplit(".", 1)[-1].startswith("h_")


def rule_values(rules=None) -> dict:
    """The numbers the rules text quotes, from ``rules`` (default: Trench War's default ruleset)."""
    if rules is None:
        from game.trench.ruleset import Ruleset
        rules = Ruleset()
    from game.trench.state import START_HAND
    return {"target_2p": rules.target(2), "target": rules.target(3), "soldiers": rules.soldiers_per_player,
            "kill_points": rules.kill_points, "base_points": rules.base_points,
            "escape_2p": rules.escape_value(2), "escape_3p": rules.escape_value(3),
            "dead_2p": rules.judgement_dead(2), "dead_3p": rules.judgement_dead(3), "dead_4p": rules.judgement_dead(4),
            "sink": rules.sink_after_round, "cubes": rules.max_cubes_carried, "gun_range": rules.gun_range,
            "gun_range_short": max(0, rules.gun_range - rules.night_range_penalty), "gun_rounds": rules.gun_rounds,
            "gas_shots": rules.gas_shots, "bomb_range": rules.bomb_range, "bombs": rules.bombs,
            "total": sum(START_HAND)}


def card_list():
    """``[(kind, count)]`` of a starting hand, in the cards' order (from the rules package)."""
    from game.trench.state import ACTION_CARDS, START_HAND
    return [(k, ACTION_CARDS.count(START_HAND, k)) for k in ACTION_CARDS.kinds if ACTION_CARDS.count(START_HAND, k)]


def card_blocks(values) -> list:
    """The cards page: a heading, then each card's name and count and what it does."""
    blocks = [("h", tr("rules.cards", **values))]
    for kind, count in card_list():
        name = tr(f"card.{kind}")
        title = tr("rules.card_title.1", name=name) if count == 1 else tr("rules.card_title", name=name, count=count)
        blocks += [("c", title), ("p", tr(f"card.{kind}.help"))]
    return blocks


def page_blocks(page: int, values) -> list:
    """``[(kind, text)]`` of one page in the current language: ``h`` heading, ``c`` card name, ``p`` text."""
    name, keys = PAGES[page]
    if name == "cards":
        return card_blocks(values)
    return [("h" if is_heading(k) else "p", tr(k, **values)) for k in keys]


def rules_pages(rules=None) -> list:
    """``[(tab title, [(kind, text)])]`` of every page (``TableFrontEnd.rules_pages``)."""
    values = rule_values(rules)
    return [(tr(f"rules.tab.{name}"), page_blocks(i, values)) for i, (name, _) in enumerate(PAGES)]
