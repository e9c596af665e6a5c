"""Actions in words for the choice menu, and refusals with their rule id (game.tables.trench.actiontext)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "trench"))

from trench_helpers import illegal, position, scene  # noqa: E402

from game.i18n import LANGUAGES, catalog, set_language  # noqa: E402
from game.trench.view import redact_action, view  # noqa: E402
from game.tables.trench.actiontext import PREFIX, action_words, reason_words, rule_words, split_reason  # noqa: E402


def menu(text, actions, viewer="S"):
    v = view(position(text), viewer)
    return [action_words(a, v) for a in actions]


def test_TW_6_3_turn_with_or_without_carrying_the_cube():
    text = scene(cells={"c4": "2"}, soldiers="S1 board c3 n\nS2 board e4 n\nS3 board e3 n\nN1 board f7 s",
                 turn="S cards=turn slot=1 uses=0")
    assert menu(text, ["S1 turn e", "S1 turn e carry", "S1 turn s carry w"]) == [
        "Turn east", "Turn east carrying the cube", "Turn south carrying the cube past the west side"]
    # an ally in front is carried by name
    assert menu(text, ["S3 turn w carry"]) == ["Turn west carrying S2"]


def test_TW_6_6a_fire_and_destroy_the_wall_or_let_it_stand():
    text = scene(cells={"d4": "2"}, soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s",
                 turn="S cards=fire slot=1 uses=0")
    assert menu(text, ["S1 fire", "S1 fire destroy"]) == [
        "Fire the gun north; the wall at d4 stands", "Fire and destroy the wall at d4"]
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s", turn="S cards=fire slot=1 uses=0")
    assert menu(text, ["S1 fire"]) == ["Fire the gun north at N1 on d5"]


def test_TW_6_6_gas_and_bomb_targets_are_named():
    text = scene(soldiers="S1 board d2 n weapons=S:gas:2:S\nS2 board b2 n weapons=S:bomb:2:S\nN1 board f7 s",
                 turn="S cards=fire slot=1 uses=0")
    assert menu(text, ["S1 fire here", "S1 fire front", "S2 fire b2", "S2 fire b4"]) == [
        "Fire gas on the own cell d2", "Fire gas on the front cell d3",
        "Throw a bomb at the own cell b2", "Throw a bomb at b4"]


def test_TW_6_8_switch_names_the_weapon():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S,S:gas:2:S,N:bomb:1:SN\nN1 board f7 s",
                 turn="S cards=equip slot=1 uses=0")
    assert menu(text, ["S1 switch S:gas", "S1 switch N:bomb", "S1 mask", "S1 drug"]) == [
        "Switch to the gas gun", "Switch to N's bombs", "Put on a gas mask", "Take a drug (two extra actions)"]


def test_TW_6_1_steps_say_what_they_do():
    text = scene(cells={"c4": "2", "e3": "0"},
                 soldiers="S1 board c3 n\nS2 board d3 e\nS3 board d5 n\nN1 board d6 s\nN2 board b7 s",
                 turn="S cards=move slot=1 uses=0")
    assert menu(text, ["S1 step n", "S2 step e", "S3 step n", "S1 step s"]) == [
        "Step north to c4, pushing the cube to c5", "Drop east into the trench on e3",
        "Step north to d6 and assault N1", "Step south to c2"]


def test_TW_7_5_give_and_TW_6_9_camp_and_pending_choices():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S food=1\nS2 board d3 n\nN1 board f7 s",
                 turn="S cards=camp slot=1 uses=0")
    assert menu(text, ["S1 give S2 food", "S1 give S2 S:gun", "S camp S1 food move", "S gas left",
                       "S penalty skip", "S plot move turn", "S plot build"]) == [
        "Give S2 a food token", "Give S2 the gun", "Camp: eat S1's food and take back Move",
        "Turn the gas to the left of the wind", "Skip the next turn", "Plot Move, then Turn", "Plot Build alone"]


def test_TW_10_redacted_actions_and_unseen_tiles_reveal_nothing():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S,S:gas:2:S\nN1 board f7 s", turn="S cards=equip slot=1 uses=0")
    assert action_words(redact_action("S plot move turn", "N")) == "Plot two cards"
    assert action_words(redact_action("S arm gun gas bomb", "N")) == "Arm the soldiers"
    assert menu(text, ["S1 switch S:gas"], viewer="N") == ["Switch weapons"]
    assert menu(text, ["S1 fire"], viewer="N") == ["Fire the weapon"]


def test_refusals_lead_with_the_rule_id_as_the_core_gives_it():
    text = scene(cells={"c4": "2", "c5": "2"}, soldiers="S1 board c3 n\nN1 board f7 s",
                 turn="S cards=move slot=1 uses=0")
    message = illegal(text, "S1 step n", "TW-6.1")
    assert split_reason(message) == ("TW-6.1", "cannot push the cube onto c5: it is already a wall")
    assert reason_words(message) == "TW-6.1: cannot push the cube onto c5: it is already a wall"
    assert split_reason("not S's decision: N decides now") == (None, "not S's decision: N decides now")


def test_every_template_fills_with_named_fields_only():
    import string
    for lang in LANGUAGES:
        for key, template in catalog(lang).items():
            if key.startswith(PREFIX):
                for _, field, _, _ in string.Formatter().parse(template):
                    assert field is None or field.isidentifier(), (lang, key, field)


def test_TW_3_setup_and_TW_7_2_TW_4_6_TW_9_pending_choices_in_words():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S,S:bomb:1:S masks=1\nS2 board b2 n\nN1 board f7 s",
                 turn="S cards=move slot=1 uses=0")
    assert menu(text, ["S arm gun gas bomb", "S arm gun bomb", "S1 boat c1", "S base d1", "S food e4",
                       "S cube e4", "S village c4", "S sink S1 mask", "S sink S1 S:bomb", "S handover S2",
                       "S console none", "S penalty point", "chance wind eclipse", "chance first N"]) == [
        "Arm S1 with the gun, S2 with the gas gun and S3 with the bombs",
        "Arm S1 with the gun and S2 with the bombs",
        "Land S1 on a boat beside c1", "Build the base on d1", "Put a food token on e4", "Put a cube on e4",
        "Put the village on c4", "Discard all of S1's masks", "Discard the bombs held by S1",
        "The escaper's weapons go to S2", "Take nothing from the corpse", "Lose a point",
        "Chance: the wind card eclipse is drawn", "Chance: N is the first player"]


def test_actions_and_refusals_in_japanese():
    set_language("ja")
    text = scene(cells={"c4": "2", "e3": "0"},
                 soldiers="S1 board c3 n\nS2 board d3 e\nS3 board d5 n\nN1 board d6 s\nN2 board b7 s",
                 turn="S cards=move slot=1 uses=0")
    assert menu(text, ["S1 step n", "S2 step e", "S3 step n", "S1 turn e carry"]) == [
        "北のc4へ移動し、立方体をc5へ押す", "東のe3の塹壕へ降りる", "北のd6へ移動し、N1に突撃", "立方体を運んで東へ旋回"]
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S,S:gas:2:S,N:bomb:1:SN\nN1 board f7 s",
                 turn="S cards=equip slot=1 uses=0")
    assert menu(text, ["S1 switch S:gas", "S1 switch N:bomb", "S plot dig", "S camp S1 food move"]) == [
        "毒ガスに持ち替える", "北軍の爆弾に持ち替える", "「潜る」だけを伏せる", "野営: S1の食糧を食べ、「移動」を手札に戻す"]
    assert action_words("S1 mask", actor=True) == "S1: ガスマスクを付ける"
    # a refusal: the rule id with the rule's name; the reason itself is the core's (English)
    text = scene(cells={"c4": "2", "c5": "2"}, soldiers="S1 board c3 n\nN1 board f7 s",
                 turn="S cards=move slot=1 uses=0")
    message = illegal(text, "S1 step n", "TW-6.1")
    assert reason_words(message) == "TW-6.1（移動）: cannot push the cube onto c5: it is already a wall"
    # an id without its own name goes by its section; an unknown one as it is
    assert [rule_words(r) for r in ("TW-6.6a", "TW-3.3", "TW-99")] == ["TW-6.6a（銃）", "TW-3.3（準備）", "TW-99"]
    set_language("en")
    assert [rule_words(r) for r in ("TW-6.6a", "TW-3.3", "TW-99")] == ["TW-6.6a", "TW-3.3", "TW-99"]
