"""Hand play at the Immortal Arena table (game/tables/arena/hand.py): every legal action is
reachable by mouse and by keyboard alone; forbidden acts are greyed with the core's reason;
targets, the mêlée restriction, the surcharge, the cancel window and the previews."""

from __future__ import annotations

import random

import pytest

from game.arena.notation import parse_position
from game.arena.view import view
from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.i18n import tr
from game.tables.arena.hand import ArenaHand
from game.tables.arena.preview import preview
from game.tables.arena.scene import unit_key

SPEC = get_game("immortal-arena")

POS = """# Immortal Arena position (see docs/arena.md)
ruleset: provisions
rng: 0x9e3779b97f4a7c15
phase: act
turn: 7
player: A
first: A
provisions: A=3 B=1 bank=3
waza-ari: A=1 B=0
last: A=cavalry:quick B=artillery
units:
  A cavalry front living damage=1
  A infantry middle living pinned
  A artillery middle living spirit=1 healing
  B cavalry front living damage=2
  B infantry back fallen
  B artillery middle living
"""


def perform(hand, gestures):
    """Feed inputs to a hand; the action it submits (None if none)."""
    out = None
    for kind, arg in gestures:
        assert out is None, "an action was submitted before the last input"
        if kind == "click":
            out = hand.click(arg)
        elif kind == "choose":
            out = hand.choose(arg)
        else:
            out = hand.key(arg)
    return out


@pytest.mark.parametrize("ruleset", ["provisions", "dice"])
@pytest.mark.parametrize("keyboard", [False, True], ids=["mouse", "keyboard"])
def test_every_legal_action_is_reachable(ruleset, keyboard):
    rng = random.Random(7)
    for game in range(3):
        st = SPEC.new_game(2, game, SPEC.make_ruleset([f"ruleset={ruleset}"], []))
        for _ in range(60):
            if st.is_over():
                break
            seat = st.current_player()
            if seat == CHANCE:
                st.apply(st.sample_chance())
                continue
            legal = st.legal_actions()
            for a in legal:  # every one of them, from a fresh hand
                hand = ArenaHand(view(st, seat), seat, legal)
                assert perform(hand, hand.gestures(a, keyboard)) == a, a
            st.apply(rng.choice(legal))


def test_forbidden_acts_are_greyed_with_the_core_reason():
    st = parse_position(POS)
    hand = ArenaHand(view(st, "A"), "A", st.legal_actions())
    hand.click(unit_key("A.cavalry"))
    ch = {c.key: c for c in hand.choices()}
    assert not ch["charge"].enabled and ch["charge"].reason.startswith("IA-6.1")
    assert ch["melee"].enabled and ch["retreat"].enabled
    assert not ch["revive"].enabled and ch["revive"].reason.startswith("IA-6.4")


def test_restricted_unit_shows_the_surcharge_and_its_reason():
    st = parse_position(POS)
    hand = ArenaHand(view(st, "A"), "A", st.legal_actions())
    hand.click(("pawn", "A.infantry"))  # the pawn on the card selects the unit too
    assert hand.unit == "A.infantry"
    shoot = next(c for c in hand.choices() if c.key == "shoot")
    assert tr("arena.cost.prov", n=2) in shoot.label  # 1 + the surcharge (IA-4.4)
    assert tr("arena.reason.surcharge", n=1) in shoot.label
    assert any(tr("arena.reason.pinned") in line for line in hand.info_lines())


def test_melee_restriction_marks_the_unreachable_target_and_explains_it():
    st = parse_position(POS)
    hand = ArenaHand(view(st, "A"), "A", st.legal_actions())
    hand.click(unit_key("A.cavalry"))
    hand.choose(next(i for i, c in enumerate(hand.choices()) if c.key == "melee"))
    assert [k for k, _ in hand.targets()] == [unit_key("B.cavalry")]
    blocked = hand.blocked_targets()
    assert blocked[unit_key("B.artillery")].startswith("IA-9.2")
    assert hand.marks().highlight[unit_key("B.artillery")] == "warn"
    hand.hovered = unit_key("B.artillery")
    assert tr("arena.melee_rule") in hand.info_lines()


def test_confirm_shows_the_preview_and_escape_steps_back():
    st = parse_position(POS)
    hand = ArenaHand(view(st, "A"), "A", st.legal_actions())
    hand.click(unit_key("A.cavalry"))
    hand.choose(next(i for i, c in enumerate(hand.choices()) if c.key == "melee"))
    assert hand.click(unit_key("B.cavalry")) is None and hand.stage == "confirm"
    lines = hand.info_lines()
    assert tr("arena.preview.kill", unit="B's Cavalry") in lines
    assert tr("arena.preview.no_cancel", seat="B", n=2, held=1) in lines
    hand.key("escape")
    assert hand.stage == "target"
    hand.key("escape")
    hand.key("escape")
    assert hand.stage == "unit" and hand.unit is None


def test_preview_of_a_bombard_shows_knockback_and_cancel_cost():
    st = parse_position(POS.replace("spirit=1 healing", "spirit=2").replace("B cavalry front living damage=2",
                                                                              "B cavalry front living damage=1"))
    pv = preview(view(st, "A"), "A artillery bombard cavalry")
    assert pv.kills == ("B.cavalry",)
    assert ("B.cavalry", "front", "middle", "knockback") in pv.moves
    assert pv.cancel == ("B", 0, 1, True)  # heavy armour at 1 damage: free (A5)


def test_dice_preview_gives_the_exact_chances():
    st = SPEC.new_game(2, 1, SPEC.make_ruleset(["ruleset=dice"], []))
    st.apply(st.sample_chance())
    seat = st.current_player()
    a = next(x for x in st.legal_actions() if x.verb == "fireball")
    pv = preview(view(st, seat), a)
    assert pv.p_hit == pytest.approx(3 / 4)  # IA-12.8: 1 - (3/6)^2


def test_cancel_window_prompt_offers_both_choices_with_the_cost():
    st = parse_position(POS.replace("provisions: A=3 B=1", "provisions: A=3 B=2").replace("bank=3", "bank=2"))
    st.apply(SPEC.parse_actions("A infantry shoot cavalry")[0])
    assert st.phase == "cancel"
    hand = ArenaHand(view(st, "B"), "B", st.legal_actions())
    labels = [c.label for c in hand.choices()]
    assert labels[0].endswith(tr("arena.cost.prov", n=2)) and len(labels) == 2
    assert "2" in hand.prompt()
    assert hand.key("a").verb == "allow"
    assert any("3" in line for line in hand.info_lines())  # the damage it would stop: 2 -> 3


def test_refusals_are_worded_in_japanese_from_the_core_refusal_ia_6_1_ia_6_4_ia_9_2():
    """The core's refusal reaches a Japanese table as a sentence of its own catalog, rule id first
    (the same fields as the English one, every unit, row and act named in Japanese)."""
    st = parse_position(POS)
    hand = ArenaHand(view(st, "A"), "A", st.legal_actions(), lang="ja")
    hand.click(unit_key("A.cavalry"))
    ch = {c.key: c for c in hand.choices()}
    assert ch["charge"].reason == "IA-6.1: Aの騎兵は前列にいて突撃できない (A8)".replace(
        "突撃", tr("arena.act.charge", lang="ja"))
    from game.arena.actions import make_action
    from game.tables.arena.preview import reason
    revive = make_action("A", "revive", "cavalry", ("back", "infantry"))
    assert reason(view(st, "A"), revive, "ja") == "IA-6.4: Aの歩兵は倒れていない"
    assert reason(view(st, "A"), revive, "en") == "IA-6.4: A's infantry is not fallen"
    hand.choose(next(i for i, c in enumerate(hand.choices()) if c.key == "melee"))
    assert hand.blocked_targets()[unit_key("B.artillery")] == \
        "IA-9.2: 前列のAの騎兵は、Bの前列に生存ユニットがいる間、Bの前列しか狙えない"


def test_every_act_refusal_has_both_languages_with_the_same_fields():
    import string

    from game.arena.explain import ACT_REFUSALS
    for key, english in ACT_REFUSALS.items():
        fields = {f for _, f, _, _ in string.Formatter().parse(english) if f}
        for lang in ("en", "ja"):
            text = tr(f"arena.refuse.{key}", lang=lang)
            assert text != f"arena.refuse.{key}", (lang, key)
            assert {f for _, f, _, _ in string.Formatter().parse(text) if f} == {f.split("!")[0] for f in fields}


def test_english_refusals_stay_the_core_message():
    st = parse_position(POS)
    hand = ArenaHand(view(st, "A"), "A", st.legal_actions(), lang="en")
    hand.click(unit_key("A.cavalry"))
    ch = {c.key: c for c in hand.choices()}
    import pytest as _pytest

    from game.arena.actions import make_action
    from game.core.errors import IllegalActionError
    with _pytest.raises(IllegalActionError) as err:
        st.apply(make_action("A", "charge", "cavalry", ()))
    assert ch["charge"].reason == str(err.value) == "IA-6.1: A's cavalry is in the front row and cannot charge (A8)"
