"""Smoke Blood Steel's table words (game/tables/steel): card faces from the card data, telegraphing,
the numbered resolution, the log, the end, the Rules pages; exact sentences in both languages, and
nothing that the viewer's view does not hold."""

from __future__ import annotations

import random

import pytest

from game.steel import make_ruleset, new_game
from game.steel.cards import DEFAULT_CARDS
from game.steel.view import redact_events, view
from game.tables.steel.endtext import end_lines
from game.tables.steel.faces import command_face, face_lines, unit_face
from game.tables.steel.logtext import KINDS, Log
from game.tables.steel.resolution import Resolution
from game.tables.steel.rules_text import rules_pages
from game.tables.steel.telegraph import card_preview, half_preview
from tests.steel.helpers import game, move, recover, run, unit


def texts(phrases, lang="en"):
    return [p.text(lang) for p in phrases]


def log_of(st, actions, viewer="I"):
    log = Log(st.rules).seed(view(st, viewer))
    for a in actions:
        log.add(redact_events(st.apply(a), viewer))
    return [e.text() for e in log.entries]


# -- card faces are data (issue 21, item 6) -----------------------------------------------------
def test_command_and_unit_faces_from_the_default_cards():
    rules = make_ruleset()
    cs = rules.card_set
    assert face_lines(command_face(cs.command("C3"), rules)) == [
        "Full advance / Left", "Full advance  [5]", "distance 2 nearer", "left", "your left escort acts"]
    assert face_lines(command_face(cs.command("C1"), rules), "ja") == [
        "前進 / 前", "前進  [2]", "距離を1マス近づける", "前", "前の随伴兵を指定"]
    assert face_lines(unit_face(cs.escort("infantry"))) == [
        "Combat infantry  [4]", "Focused attack · near · SP 0", "a hit on an enemy escort (the attacker chooses)",
        "Rifle fire · mid · SP 0", "a hit on an enemy escort (the defender chooses)"]
    assert face_lines(unit_face(cs.mech("heavy")), "ja") == [
        "重装型  [7]", "HP 6", "主砲・中、長・SP2", "相手機体に2ダメージ", "榴弾砲撃・長・SP1", "相手の随伴兵2隊に攻撃（受け側が選ぶ）"]


def edited_cards(tmp_path):
    text = open(DEFAULT_CARDS, encoding="utf-8").read()
    text = text.replace('unit medic class=escort name_jp="衛生兵" name_en="Medic" speed=3',
                        'unit medic class=escort name_jp="軍医" name_en="Field surgeon" speed=4')
    text = text.replace('effect heal name_jp="回復" name_en="Heal" dist=all sp=0',
                        'effect heal name_jp="手当" name_en="Patch up" dist=near sp=2')
    text = text.replace('command C1 name_jp="前進 / 前" name_en="Advance / Front"',
                        'command C1 name_jp="突進 / 前" name_en="Charge / Front"')
    text = text.replace("half kind=move move=advance steps=-1 speed=2", "half kind=move move=advance steps=-1 speed=3")
    path = tmp_path / "edited.cards"
    path.write_text(text, encoding="utf-8")
    return make_ruleset([f"cards={path}"])


def test_an_edited_card_file_shows_its_own_names_numbers_and_texts(tmp_path):
    rules = edited_cards(tmp_path)
    cs = rules.card_set
    assert face_lines(command_face(cs.command("C1"), rules))[:2] == ["Charge / Front", "Advance  [3]"]
    assert face_lines(unit_face(cs.escort("medic"))) == [
        "Field surgeon  [4]", "Patch up · near · SP 2", "remove the token of one own escort",
        "Replenish · any distance · SP 1", "at the end of the turn, if attacked this turn",
        "remove the token of every own escort"]
    assert face_lines(unit_face(cs.escort("medic")), "ja")[0] == "軍医  [4]"
    cards = [p.text() for _, p in rules_pages(rules)[3][1]]
    assert "Field surgeon, speed 4: Patch up (near, SP 2): remove the token of one own escort, " \
           "Replenish (any distance, SP 1): remove the token of every own escort." in cards


# -- telegraphing (issue 21, item 4; SB-5.3) ----------------------------------------------------
def test_telegraph_a_designated_mech_lack_of_sp_and_wrong_distance_SB_7_3():
    st = game(dist=2, sp=(1, 0))
    assert texts(half_preview(view(st, "I"), "I", "C5", "mech")) == [
        "Designates your mech: Heavy (speed 7).", "You choose one of its effects when it resolves.",
        "Main cannon: 2 damage to the enemy mech; works at mid, far; needs 2 SP.",
        "No effect for lack of SP: it needs 2, you have 1.",
        "HE barrage: hits on two enemy escorts (the defender chooses); works at far; needs 1 SP.",
        "No effect at this distance (mid).",
        "The distance may change before it resolves: faster moves and smoke come first (SB-5.3)."]


def test_telegraph_in_japanese():
    st = game(dist=1)
    assert texts(half_preview(view(st, "II"), "II", "C1", "front"), "ja") == [
        "前の随伴兵「戦闘歩兵」を指定（優先速度4）。", "処理の時に効果を1つ選びます。",
        "集中攻撃: 相手の随伴兵1隊に攻撃（攻撃側が選ぶ）（近、SP0）。", "この距離で効果を発揮します。",
        "小銃射撃: 相手の随伴兵1隊に攻撃（受け側が選ぶ）（中、SP0）。", "この距離（近）では効果なし。",
        "処理までに距離が変わることがあります（優先速度の小さい移動や煙幕が先に処理されます、SB-5.3）。"]


def test_telegraph_moves_void_and_the_trap_SB_6_1_SB_9_1():
    st = game(dist=1)
    v = view(st, "I")
    assert texts(half_preview(v, "I", "C1", "advance"))[:2] == [
        "Priority speed 2.", "Advance: no effect at this distance (already near)."]
    assert texts(half_preview(v, "I", "C4", "full_retreat"))[1] == "Full retreat: distance near → far."
    assert texts(half_preview(v, "I", "C3", "left"))[2:4] == [
        "AP drone: cancel the enemy's move, a hit on an enemy escort (the defender chooses); works at any distance; "
        "needs 0 SP.",
        "Works now only if the enemy plays a move that has not resolved yet and would change the distance."]


def test_telegraph_recover_sp_cap_and_the_clock_end_SB_6_6():
    st = game(sp=(4, 0), clock=9, piles={"I": ["C1:front", "C2:back", "C3:left"]})
    assert texts(half_preview(view(st, "I"), "I", "C6", "recover")) == [
        "Priority speed 9.",
        "Recover: 3 card(s) return to your hand; SP 4 → 5 (at most 5); the clock 9 → 10 of 10.",
        "2 SP beyond the maximum would be lost.",
        "The clock would reach 作戦終了: the game ends at once and HP plus escorts are compared.",
        "The distance may change before it resolves: faster moves and smoke come first (SB-5.3)."]


def test_telegraph_an_empty_side_SB_5_1():
    st = game(removed=[("I", "infantry")])
    assert texts(half_preview(view(st, "I"), "I", "C1", "front")) == [
        "Your front escort is gone: this designates nobody and does nothing (SB-5.1)."]
    assert [tok for tok, _ in card_preview(view(st, "I"), "I", "C1")] == ["advance", "front"]
    assert [tok for tok, _ in card_preview(view(st, "I"), "I", "C5")] == ["mech"]


def test_telegraph_with_effect_at_play():
    st = game(variants=("effect-at-play",))
    assert texts(half_preview(view(st, "I"), "I", "C5", "mech"))[1] == \
        "You choose one of its effects now, with the play (hidden until it resolves)."


# -- the log and the numbered resolution ---------------------------------------------------------
def test_log_of_a_turn_with_a_hit_and_the_defenders_choice_SB_8_2():
    st = game(dist=2)
    out = log_of(st, [unit(st, "I", "infantry"), move("II", "advance"), ])
    assert out == ["I plays a command card face down.", "You (I) play Advance / Front with front upper.",
                   "II plays a command card face down.",
                   "Revealed together: I plays Advance / Front (front), II plays Advance / Front (Advance).",
                   "II: Advance, distance mid → near.", "I's Combat infantry acts (speed 4)."]
    assert log_of(st, ["I effect focused", "I hit infantry"]) == [
        "I uses Focused attack.", "II's Combat infantry is hit and takes a token.", "Turn 2."]


def test_the_other_seat_reads_only_that_a_card_was_played():
    st = game()
    assert log_of(st, [move("I", "advance")], viewer="II") == ["I plays a command card face down."]


def test_fizzles_explained_lack_of_sp_and_distance_SB_7_3():
    st = game(dist=3, sp=(1, 0))
    log = Log(st.rules).seed(view(st, None))
    log.add(redact_events(run(st, "I play C5 mech", move("II", "advance"), "I effect cannon"), None))
    assert [e.text() for e in log.entries][-3:] == [
        "I uses Main cannon.",
        "Main cannon does nothing for lack of SP: it needs 2, I has 1 (SB-7.3); no SP is spent.", "Turn 2."]
    st = game(dist=3, sp=(2, 0))
    log = Log(st.rules).seed(view(st, None))
    log.add(redact_events(run(st, "I play C4 right", move("II", "full_advance"), "I effect snipe"), None))
    assert "Snipe does nothing at this distance: it works at far, the distance is near (SB-7.3); no SP is spent." \
        in [e.text() for e in log.entries]


def test_fizzle_trap_without_a_move_and_replenish_not_attacked_SB_9_1_SB_9_3():
    st = game(dist=2, sp=(1, 1), escorts=("infantry medic engineer sniper", "infantry medic engineer sniper"))
    log = Log(st.rules).seed(view(st, None))
    log.add(redact_events(run(st, unit(st, "I", "engineer"), unit(st, "II", "medic"), "I effect drone",
                              "II effect replenish"), None))
    out = [e.text() for e in log.entries]
    assert "AP drone does nothing: II plays no move this turn (SB-9.1)." in out
    assert "Replenish does nothing: II was not attacked this turn (SB-9.3)." in out


def test_resolution_numbered_steps_SB_5_2():
    st = game(dist=2)
    res = Resolution(st.rules)
    res.log.seed(view(st, "II"))
    for a in (unit(st, "I", "infantry"), move("II", "advance"), "I effect focused"):
        res.add(redact_events(st.apply(a), "II"))
    lines = res.lines()
    assert lines[:4] == ["1. II: Advance (speed 2)", "   II: Advance, distance mid → near.",
                         "2. I: Combat infantry (front) (speed 4)", "   I's Combat infantry acts (speed 4)."]
    assert lines[4] == "   I uses Focused attack."
    assert res.current.number == 2
    assert res.lines("ja")[0] == "1. II: 前進（優先速度2）"


def test_resolution_notes_an_empty_side_and_the_end_of_turn_step():
    st = game(removed=[("II", "infantry")], sp=(0, 1))
    res = Resolution(st.rules)
    res.log.seed(view(st, None))
    for a in (unit(st, "I", "medic"), "II play C1 front", "I effect replenish"):
        res.add(redact_events(st.apply(a), None))
    assert res.notes[0].text() == "II designated the empty front side: no item (SB-5.1)."
    assert res.lines()[0] == "1. I: Medic (back) (speed 3)"
    assert res.steps[-1].number is None and res.steps[-1].title.text() == "End of turn: I"
    assert res.steps[-1].lines[0].text() == "Replenish does nothing: I was not attacked this turn (SB-9.3)."


def test_every_event_kind_has_a_sentence():
    from game.core.events import make_event
    with pytest.raises(ValueError, match="no sentence for the Smoke Blood Steel event 'boom'"):
        Log(make_ruleset()).add([make_event("boom")])
    assert len(KINDS) == 28


# -- the end (SB-10) ----------------------------------------------------------------------------
def test_end_clock_draw_scores_SB_10_3():
    st = game(hp=(4, 3), clock=9, removed=[("I", "infantry"), ("I", "medic"), ("II", "sniper")],
              tokens={"II": ["infantry", "medic"]})
    run(st, recover("I"), move("II", "advance"))
    assert texts(end_lines(view(st, "I"))) == [
        "The clock reached 作戦終了: each side's mech HP plus its escorts on the table are compared.",
        "I: HP 4 + 2 escort(s) = 6.", "II: HP 3 + 3 escort(s) = 6.", "A draw."]


def test_end_mech_destroyed_SB_10_1():
    st = game(hp=(2, 5), dist=1, sp=(0, 1))
    run(st, "I play C5 mech", "II play C5 mech", "II effect melee")
    out = texts(end_lines(view(st, None)))
    assert out == ["I's mech (Heavy) is destroyed: its HP reached 0.", "II wins."]
    assert texts(end_lines(view(st, None)), "ja") == ["Iの機体（重装型）が破壊されました（HP0）。", "IIの勝利です。"]


def test_end_all_escorts_gone_SB_10_2():
    st = game(dist=3, sp=(1, 0), removed=[("II", "infantry"), ("II", "medic"), ("II", "engineer")])
    run(st, "I play C5 mech", move("II", "retreat"), "I effect barrage")
    assert texts(end_lines(view(st, "II"))) == ["II has no escort left on the table.", "I wins."]


def test_end_lines_refuse_a_game_in_progress():
    with pytest.raises(ValueError, match="not over"):
        end_lines(view(game(), "I"))


# -- the Rules screen ----------------------------------------------------------------------------
def test_rules_pages_in_both_languages():
    pages = rules_pages()
    assert [t.text() for t, _ in pages] == ["Aim & setup", "A turn", "Recover & escorts", "Cards"]
    for lang in ("en", "ja"):
        for _, blocks in pages:
            for _, p in blocks:
                assert "{" not in p.text(lang)
    assert "at most 5" in pages[2][1][1][1].text()


# -- privacy: the other seat's hidden deployment and play change no text -------------------------
def _texts(st, log, res, viewer):
    v = view(st, viewer)
    out = [e.text() for e in log.entries] + res.lines()
    if st.phase == "play":
        me = ("I", "II").index(viewer)
        out += [p.text() for c in st.hand(me) for _, ps in card_preview(v, viewer, c) for p in ps]
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_two_games_differing_only_in_Is_hidden_play_read_the_same_to_II_SB_4_1(seed):
    """I commits first; until II commits (the reveal), II reads the same log, steps and previews."""
    rng = random.Random(seed)
    games = [game(mechs=("standard", "agile")), game(mechs=("standard", "agile"))]
    plays = [str(p) for p in games[0].legal_actions()]
    first, second = rng.sample(plays, 2)
    seen = []
    for g, play in zip(games, (first, second)):
        res = Resolution(g.rules)
        res.log.seed(view(g, "II"))
        res.add(redact_events(g.apply(play), "II"))
        seen.append(_texts(g, res.log, res, "II"))
    assert seen[0] == seen[1]
    assert seen[0][0] == "I plays a command card face down."


def test_setup_privacy_the_others_deployment_is_not_read_until_the_reveal():
    texts_seen = []
    for dep in ("grenadier disruptor medic sniper", "sniper medic disruptor grenadier"):
        st = new_game(2, 3, make_ruleset(["mech_assignment=heavy,agile"]))
        log = Log(st.rules)
        log.add(redact_events(st.apply(f"I deploy {dep}"), "II"))
        texts_seen.append(([e.text() for e in log.entries], str(view(st, "II").deploys)))
    assert texts_seen[0] == texts_seen[1]
    assert texts_seen[0][0] == ["I places four escorts face down."]


@pytest.mark.parametrize("lang, sp, line", [
    ("en", 0, "I has no SP left for jamming to take."),
    ("ja", 0, "IのSPは0のため、妨害で失うSPはありません。"),
    ("en", 1, "I loses 1 SP to jamming (0 left)."),
])
def test_jamming_with_nothing_to_take_says_so_plainly(lang, sp, line):
    st = game(sp=(sp, 0), escorts=(DEFAULT, "infantry medic disruptor sniper"))
    log = Log(st.rules).seed(view(st, None))
    log.add(redact_events(run(st, unit(st, "I", "medic"), unit(st, "II", "disruptor"), "II effect jamming"), None))
    out = [e.text(lang) for e in log.entries]
    assert line in out
    assert not any("0 SP" in x or "SPを0失" in x for x in out)


DEFAULT = "infantry medic engineer sniper"


def test_a_recover_with_nothing_to_take_back_says_so_in_both_languages_SB_6_6():
    """Never "recovers 0 card(s)": no card, one card, n cards."""
    from game.i18n import set_language, language
    st = game()
    assert "I recovers no card (SP stays 0)." in log_of(st, [recover("I"), move("II", "advance")])
    st = game(piles={"I": ["C1:front"]})
    assert "I recovers 1 card: SP 0 → 1." in log_of(st, [recover("I"), move("II", "advance")])
    before = language()
    set_language("ja")
    try:
        st = game()
        assert "Iが回収した命令カードはありません（SPは0のまま）。" in log_of(st, [recover("I"), move("II", "advance")])
    finally:
        set_language(before)


def test_the_title_bar_names_a_chance_draw_in_words_not_by_its_id():
    from game.i18n import set_language, language
    from game.tables.steel.table import SteelTable
    st = new_game(2, 2, make_ruleset())
    assert st.current_player() == "chance" and st.turn == 0
    before = language()
    try:
        set_language("ja")
        assert SteelTable().head_words(view(st, "I"), "chance") == "煙血鋼撃 — 準備: 抽選"
        set_language("en")
        assert SteelTable().head_words(view(st, "I"), "chance") == "Smoke Blood Steel — setup: chance"
    finally:
        set_language(before)
