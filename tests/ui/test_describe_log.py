"""The log in words (game.tables.trench.logtext): scenario tests named after the rules they describe."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "trench"))

from trench_helpers import play, position, scene  # noqa: E402

from game.trench.geometry import parse_cell  # noqa: E402
from game.trench.view import redact_events, view  # noqa: E402
from game.i18n import LANGUAGES, catalog, set_language  # noqa: E402
from game.tables.trench.logtext import PREFIX, Log, describe_events, group_entries  # noqa: E402

HIGH = "target_points_2p=9 target_points=9"


def cells(*names):
    return tuple(parse_cell(n) for n in names)


def logged(text, actions, viewer="S"):
    """The log entries ``viewer`` reads after ``actions`` on the position ``text``."""
    st = position(text)
    log = Log(view(st, viewer))
    st, events = play(st, actions)
    log.add(redact_events(events, viewer))
    return log


def test_TW_6_1_step_pushing_a_wall_cube_is_one_sentence_with_its_three_cells():
    text = scene(cells={"c4": "2"}, soldiers="S1 board c3 n weapons=S:gun:4:S\nN1 board f7 s",
                 turn="S cards=move slot=1 uses=0")
    entries = logged(text, "S1 step n").entries
    assert [e.text for e in entries] == ["S1 stepped north to c4, pushing a cube to c5."]
    assert entries[0].cells == cells("c3", "c4", "c5")
    assert entries[0].key == "move.step.push" and entries[0].round == 5 and entries[0].seat == "S"


def test_TW_6_1_drop_climb_and_ally_push():
    text = scene(cells={"c4": "0"}, soldiers="S1 board c3 n\nS2 board d3 e\nS3 board e3 n\nN1 board f7 s",
                 turn="S cards=move slot=1 uses=0")
    # S1 drops into the trench; S2 pushes its ally S3 (in front, east) one cell further
    texts = [e.text for e in logged(text, "S1 step n; S2 step e").entries]
    assert texts == ["S1 dropped north into the trench on c4.", "S2 stepped east to e3, pushing S3 to f3."]
    text = scene(cells={"c3": "0"}, soldiers="S1 board c3 n\nN1 board f7 s", turn="S cards=move slot=1 uses=0")
    assert [e.text for e in logged(text, "S1 step n").entries] == ["S1 climbed north out onto c4."]


def test_TW_6_6a_a_shot_death_names_the_shooter_and_where_it_stood():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s weapons=N:bomb:2:N\nN2 board f7 s",
                 turn="S cards=fire slot=1 uses=0", rules=HIGH)
    log = logged(text, "S1 fire", viewer="N")
    texts = [e.text for e in log.entries]
    assert texts == ["S1 shot north with S's gun from d2 and hit N1 on d5.",
                     "N1 died on d5: shot by S1 from d2.",
                     "S scored a point for the kill."]
    death = log.deaths()[0]
    assert death.cells == cells("d5", "d2")
    assert log.entries[0].cells == cells("d2", "d3", "d4", "d5")
    assert log.tally() == {"S": {"kills": 1, "bases": 0, "bonus": 0, "penalties": 0}}


def test_TW_6_6a_a_shot_that_destroys_its_stopping_wall_is_one_sentence():
    text = scene(cells={"d4": "2"}, soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board f7 s",
                 turn="S cards=fire slot=1 uses=0", rules=HIGH)
    texts = [e.text for e in logged(text, "S1 fire destroy").entries]
    assert texts == ["S1 shot north with S's gun from d2 and destroyed the cube on d4."]


def test_TW_6_6c_a_bomb_death_names_the_thrower_and_the_cube_blown_up():
    text = scene(soldiers="S2 board c2 n weapons=S:bomb:2:S\nN1 board c4 s weapons=N:gun:4:N\nN2 board f7 s",
                 turn="S cards=fire slot=1 uses=0", rules=HIGH)
    entries = logged(text, "S2 fire c4").entries
    # TW-6.6c: every soldier in the target cell dies, then the top cube of the cell is destroyed
    assert [e.text for e in entries] == ["S2 threw one of S's bombs from c2 at c4.",
                                         "N1 died on c4: bombed by S2 from c2.",
                                         "S scored a point for the kill.",
                                         "The cube on c4 was blown up."]
    assert entries[1].cells == cells("c4", "c2")


def test_TW_8_a_gas_death_names_the_token_its_owner_and_who_fired_it_where():
    # wind north: released on d2, the token drifts to d3 (N1 there, unmasked: dies), then on
    text = scene(soldiers="S1 board d2 n weapons=S:gas:2:S\nN1 board d3 s weapons=N:gun:4:N\nN2 board b7 s",
                 turn="S cards=fire slot=1 uses=0", wind="n", rules=HIGH)
    log = logged(text, "S1 fire here", viewer="N")
    texts = [e.text for e in log.entries]
    assert "N1 died on d3: gassed by S's gas 1, fired by S1 on d2." in texts
    assert texts[0] == "S1 fired S's gas gun on d2: gas 1 is released."
    assert "Gas 1 of S drifted from d2 to d7." in texts
    assert "Gas 1 of S blew off the board from d7." in texts
    assert log.deaths()[0].cells == cells("d3", "d2")


def test_TW_8_a_masked_soldier_exposed_to_gas_is_logged_with_its_cell():
    text = scene(soldiers="S1 board d2 n weapons=S:gas:2:S\nN1 board d3 s mask-on\nN2 board b7 s",
                 turn="S cards=fire slot=1 uses=0", wind="n", rules=HIGH)
    texts = [e.text for e in logged(text, "S1 fire here", viewer="N").entries]
    assert ("N1's mask was used up by gas on d3; it must leave the gas by the end of its player's next turn."
            in texts)


def test_TW_7_1_assault_is_told_by_the_move_and_by_the_death():
    text = scene(soldiers="S1 board d4 n\nN1 board d5 s weapons=N:gun:4:N\nN2 board b7 s",
                 turn="S cards=move slot=1 uses=0", rules=HIGH)
    texts = [e.text for e in logged(text, "S1 step n").entries]
    assert texts[:3] == ["S1 stepped north to d5, killing N1 with the shovel.",
                         "N1 died on d5: assaulted by S1 from d4.",
                         "S scored a point for the kill."]


def test_TW_6_1_tunnelling_under_an_enemy_kills_the_tunneller_and_says_why():
    text = scene(cells={"d3": "0"}, soldiers="S1 board d3 n\nN1 board d4 s\nN2 board b7 s",
                 turn="S cards=move slot=1 uses=0", rules=HIGH)
    log = logged(text, "S1 tunnel n", viewer="N")
    texts = [e.text for e in log.entries]
    assert texts[:3] == ["S1 tunnelled north under d4, where N1 stood.",
                         "N1 fell into the new trench on d4.",
                         "S1 died on d4: it tunnelled under N1, who fell onto it."]


def test_TW_6_7_dig_under_oneself_and_the_remote_dig():
    text = scene(soldiers="S1 board c3 n\nS2 board e2 n\nN1 board d4 s\nN2 board f7 s",
                 turn="S cards=dig slot=1 uses=0")
    entries = logged(text, "S1 dig").entries
    assert [e.text for e in entries] == ["S1 dug out the ground under itself on c3."]
    assert entries[0].cells == cells("c3")
    # the remote dig takes both actions; the soldier standing there drops into the new hole
    texts = [e.text for e in logged(text, "S dig d4", viewer="N").entries]
    assert texts == ["S dug out the ground on d4 (remote dig).", "N1 dropped into the new hole on d4."]


def test_TW_5_entries_group_by_round_and_turn():
    text = scene(soldiers="S1 board c3 n\nN1 board f7 s", turn="S cards=move slot=1 uses=0",
                 plots={"N": "turn"}, order="S N")
    st = position(text)
    log = Log(view(st, "N"))
    st, events = play(st, "S1 step n")  # S1 was S's only soldier: the turn ends (TW-5)
    log.add(redact_events(events, "N"))
    groups = log.groups()
    assert [g.title for g in groups] == ["Round 5: S's turn", "Round 5: N's turn"]
    assert [e.text for e in groups[0].entries] == ["S1 stepped north to c4."]
    assert [e.text for e in groups[1].entries] == ["N revealed its 1st card: Turn."]
    assert group_entries(log.entries) == groups


def test_TW_10_private_events_reach_only_their_seat():
    text = scene(soldiers="S1 board c3 n\nN1 board f7 s", turn="S cards=move slot=1 uses=0",
                 plots={"N": "turn"}, order="S N")
    st, events = play(text, "S1 step n")
    for e in events:
        assert e.kind != "plot-detail"
    # a plot: everyone reads that S plotted; only S which cards
    st = position(scene(soldiers="S1 board c3 n\nN1 board f7 s", turn="", order="", extra="queue: S N"))
    events = st.apply("S plot move turn")
    assert [e.text for e in describe_events(redact_events(events, "S"))] == ["S plotted Move, then Turn."]
    assert [e.text for e in describe_events(redact_events(events, "N"))] == ["S plotted two cards."]


def test_every_template_fills_with_named_fields_only():
    import string
    for lang in LANGUAGES:
        for key, template in catalog(lang).items():
            if key.startswith(PREFIX):
                for _, field, _, _ in string.Formatter().parse(template):
                    assert field is None or field.isidentifier(), (lang, key, field)


def test_TW_9_escape_and_the_escapers_weapons():
    text = scene(soldiers="S1 board d7 n weapons=S:gun:4:S\nS2 board g2 n\nN1 board f6 s\nN2 board b7 s",
                 turn="S cards=move slot=1 uses=0", rules=HIGH)
    texts = [e.text for e in logged(text, "S1 step n", viewer="N").entries]
    # TW-9: over the far edge; its weapons go to the one surviving soldier, face down for N
    assert texts == ["S1 escaped over the far edge from d7.", "S1's weapons went to S2."]


def test_TW_7_1_assaulting_a_base_destroys_it_and_scores():
    text = scene(cells={"d7": "nN"}, soldiers="S1 board d6 n\nN1 board f6 s\nN2 board b6 s",
                 turn="S cards=move slot=1 uses=0", rules=HIGH)
    texts = [e.text for e in logged(text, "S1 step n").entries]
    assert texts == ["S1 stepped north to d7, destroying N's base.", "S scored a point for destroying a base."]


def test_TW_6_3_turning_carries_an_ally_round():
    text = scene(soldiers="S1 board c3 n\nS2 board c4 n\nN1 board f7 s", turn="S cards=turn slot=1 uses=0")
    entries = logged(text, "S1 turn e carry").entries
    assert [e.text for e in entries] == ["S1 turned east, carrying S2 from c4 to d3."]
    assert entries[0].cells == cells("c3", "c4", "d3")


def test_TW_7_2_consolation_names_the_weapon_only_for_its_owner():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s weapons=N:bomb:2:N\nN2 board f7 s",
                 turn="S cards=fire slot=1 uses=0", rules=HIGH)
    own = logged(text, "S1 fire; N console N2 N:bomb", viewer="N")
    other = logged(text, "S1 fire; N console N2 N:bomb", viewer="S")
    assert own.entries[-1].text == "N2 took N's bombs from the corpse of N1."
    assert other.entries[-1].text == "N2 took a weapon from the corpse of N1."


def test_TW_4_6_a_soldier_left_on_its_boat_sinks_after_round_3():
    text = scene(soldiers="S1 boat c1 n masks=1\nS2 board e3 n masks=1\nN1 board f7 s", round=3,
                 turn="S cards=move slot=1 uses=0", order="S", rules=HIGH)
    log = logged(text, "S2 step n; S pass", viewer="N")
    assert [e.text for e in log.deaths()] == ["S1 sank with its boat beside c1."]
    assert log.deaths()[0].cells == cells("c1") and log.deaths()[0].round == 3


def test_TW_6_9_camp_by_night_returns_every_discard():
    text = scene(soldiers="S1 board c3 n food=1\nN1 board f7 s", turn="S cards=camp slot=1 uses=0",
                 discards={"S": "move:2,fire"}, time="night")
    texts = [e.text for e in logged(text, "S camp S1 food").entries]
    assert texts[0] == "S camped, paying S1's food; back to hand: Move ×2, Fire, Camp."


# -- Japanese: whole sentences in the designer's words, and a switch that rewords what is logged --
@pytest.fixture
def ja():
    set_language("ja")
    yield
    set_language("en")


def test_TW_8_a_gas_death_in_japanese(ja):
    text = scene(soldiers="S1 board d2 n weapons=S:gas:2:S\nN1 board d3 s weapons=N:gun:4:N\nN2 board b7 s",
                 turn="S cards=fire slot=1 uses=0", wind="n", rules=HIGH)
    log = logged(text, "S1 fire here", viewer="N")
    assert [e.text for e in log.entries] == ["S1がd2に南軍の毒ガスを発射した。毒ガス1が発生。",
                                             "N1がd3で死亡: 南軍の毒ガス1（S1がd2に発射）。",
                                             "南軍が殺害で1点獲得。",
                                             "南軍の毒ガス1がd2からd7へ流れた。",
                                             "南軍の毒ガス1がd7から盤外へ流れ去った。"]
    assert [g.title for g in log.groups()] == ["第5ラウンド: 南軍の手番"]


def test_TW_6_6a_and_TW_7_1_shot_and_assault_in_japanese(ja):
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board d5 s weapons=N:bomb:2:N\nN2 board f7 s",
                 turn="S cards=fire slot=1 uses=0", rules=HIGH)
    assert [e.text for e in logged(text, "S1 fire", viewer="N").entries] == [
        "S1がd2から北へ南軍の銃を撃ち、d5のN1に命中した。", "N1がd5で死亡: d2からS1に撃たれた。", "南軍が殺害で1点獲得。"]
    text = scene(soldiers="S1 board d4 n\nN1 board d5 s weapons=N:gun:4:N\nN2 board b7 s",
                 turn="S cards=move slot=1 uses=0", rules=HIGH)
    assert [e.text for e in logged(text, "S1 step n").entries][:2] == [
        "S1が北へ移動してd5に突撃し、N1をシャベルで撲殺した。", "N1がd5で死亡: S1がd4から突撃した。"]


def test_TW_6_9_camp_and_TW_10_plots_in_japanese(ja):
    text = scene(soldiers="S1 board c3 n food=1\nN1 board f7 s", turn="S cards=camp slot=1 uses=0",
                 discards={"S": "move:2,fire"}, time="night")
    assert logged(text, "S camp S1 food").entries[0].text == \
        "南軍が野営し、S1の食糧を払った。手札に戻った札: 移動 ×2、発射、野営。"
    st = position(scene(soldiers="S1 board c3 n\nN1 board f7 s", turn="", order="", extra="queue: S N"))
    events = st.apply("S plot dig turn")
    assert [e.text for e in describe_events(redact_events(events, "S"))] == ["南軍が「潜る」「旋回」の順に伏せた。"]
    assert [e.text for e in describe_events(redact_events(events, "N"))] == ["南軍が札を2枚伏せた。"]


def test_a_language_switch_rewords_the_entries_already_logged():
    text = scene(cells={"c4": "2"}, soldiers="S1 board c3 n weapons=S:gun:4:S\nN1 board f7 s",
                 turn="S cards=move slot=1 uses=0")
    log = logged(text, "S1 step n")
    entry, group = log.entries[0], log.groups()[0]
    assert (entry.text, group.title) == ("S1 stepped north to c4, pushing a cube to c5.", "Round 5: S's turn")
    set_language("ja")
    assert (entry.text, group.title) == ("S1が北へ移動してc4に入り、立方体をc5へ押した。", "第5ラウンド: 南軍の手番")
    set_language("en")
    assert entry.text == "S1 stepped north to c4, pushing a cube to c5."
