"""flow.py pinned exactly (issue 14): each step's events with every data field (the animation and the
log read them), the state it leaves, and the turn's bookkeeping.  I plays Heavy (7), II Agile (3) unless
named; escorts front back left right are infantry medic engineer sniper unless named."""

import pytest

from game.core.protocol import TERMINAL
from game.steel import new_game
from game.steel.view import redact_events, view

from .helpers import game, has_token, kinds, legal_texts, move, on_table, recover, run, unit

SMOKER = "disruptor medic engineer sniper"


@pytest.fixture(autouse=True)
def cold_caches():
    """Start each test with the rules core's per-process memos empty (shared events, legal lists per
    ruleset), so that the code building them runs under the test: mutation testing forks a process
    whose memos are already warm."""
    from game.steel import actions, flow, ruleset, state
    flow._EVENTS.clear()
    state._PLAYS.clear()
    actions._SHARED.clear()
    for rules in ruleset._FINISHED.values():
        rules.memo.clear()


def dicts(events, *only):
    return [(e.as_dict(), e.seen_by) for e in events if not only or e.kind in only]


def test_SB_3_2_to_3_7_setup_event_stream():
    st = new_game(2, 1)
    events = run(st, "chance chooser II", "II mech standard", "I mech agile",
                 "I deploy infantry medic engineer sniper", "II deploy disruptor grenadier medic infantry")
    assert dicts(events) == [
        ({"kind": "chooser", "seat": "II", "text": "chance: II picks a mech first"}, None),
        ({"kind": "mech", "seat": "II", "mech": "standard", "hp": 6, "unit": "II:mech",
          "text": "II takes the Standard mech (6 HP)"}, None),
        ({"kind": "mech", "seat": "I", "mech": "agile", "hp": 5, "unit": "I:mech",
          "text": "I takes the Agile mech (5 HP)"}, None),
        ({"kind": "mechs_out", "mechs": ("heavy",), "text": "unused mech cards leave the game: heavy"}, None),
        ({"kind": "deployed", "seat": "I", "text": "I puts four escorts face down"}, None),
        ({"kind": "deploy", "seat": "I", "escorts": ("infantry", "medic", "engineer", "sniper"),
          "text": "I deploys infantry medic engineer sniper"}, frozenset({"I"})),
        ({"kind": "deployed", "seat": "II", "text": "II puts four escorts face down"}, None),
        ({"kind": "deploy", "seat": "II", "escorts": ("disruptor", "grenadier", "medic", "infantry"),
          "text": "II deploys disruptor grenadier medic infantry"}, frozenset({"II"})),
        ({"kind": "escorts", "seat": "I",
          "sides": (("front", "infantry"), ("back", "medic"), ("left", "engineer"), ("right", "sniper")),
          "leftover": ("disruptor", "grenadier"),
          "text": "I's escorts turn face up: front infantry, back medic, left engineer, right sniper"}, None),
        ({"kind": "escorts", "seat": "II",
          "sides": (("front", "disruptor"), ("back", "grenadier"), ("left", "medic"), ("right", "infantry")),
          "leftover": ("engineer", "sniper"),
          "text": "II's escorts turn face up: front disruptor, back grenadier, left medic, right infantry"}, None),
        ({"kind": "clock", "before": 1, "after": 1, "how": "start", "text": "the clock is formed; its piece on cell 1"},
         None),
        ({"kind": "turn", "turn": 1, "text": "turn 1"}, None)]
    assert st.chooser == 1 and st.mechs == ("agile", "standard") and st.hp == (5, 6)
    assert st.sides == ("infantry", "medic", "engineer", "sniper", "disruptor", "grenadier", "medic", "infantry")
    assert st.tokens == (0,) * 8 and st.phase == "play" and st.turn == 1 and st.clock == 1
    assert st.plays == (None, None) and st.piles == ((), ()) and st.sp == (0, 0) and st.dist == 2


def test_SB_3_5_first_deployment_waits_hidden():
    st = new_game(2, 1)
    run(st, "chance chooser I", "I mech heavy", "II mech agile")
    events = run(st, "I deploy sniper medic engineer infantry")
    assert kinds(events) == ["deployed", "deploy"] and st.phase == "deploy"
    assert st.current_player() == "II" and st.sides == (None,) * 8
    assert view(st, "II").deploys == ("?", None) and view(st, None).deploys == ("?", None)
    assert view(st, "I").deploys[0] == ("sniper", "medic", "engineer", "infantry")
    assert kinds(redact_events(events, "II")) == ["deployed"]


def test_SB_3_2_chooser_I_then_II_picks_from_the_rest():
    st = new_game(2, 4)
    events = run(st, "chance chooser I", "I mech agile")
    assert st.current_player() == "II" and st.mechs == ("agile", None) and st.hp == (5, 0)
    assert kinds(events) == ["chooser", "mech"] and st.phase == "mech"
    events = run(st, "II mech heavy")
    assert dicts(events) == [
        ({"kind": "mech", "seat": "II", "mech": "heavy", "hp": 6, "unit": "II:mech",
          "text": "II takes the Heavy mech (6 HP)"}, None),
        ({"kind": "mechs_out", "mechs": ("standard",), "text": "unused mech cards leave the game: standard"}, None)]
    assert st.mechs == ("agile", "heavy") and st.hp == (5, 6) and st.phase == "deploy"


def test_SB_4_1_play_events_public_and_private():
    st = game()
    events = run(st, "I play C1 front")
    assert dicts(events) == [
        ({"kind": "committed", "seat": "I", "text": "I plays a card face down"}, None),
        ({"kind": "play", "seat": "I", "card": "C1", "half": "front", "text": "I plays C1 front"}, frozenset({"I"}))]
    assert st.phase == "play" and st.plays[0].card == "C1" and st.plays[1] is None and st.piles == ((), ())
    events = run(st, "II play C4 full_retreat")
    assert dicts(events)[:2] == [
        ({"kind": "committed", "seat": "II", "text": "II plays a card face down"}, None),
        ({"kind": "play", "seat": "II", "card": "C4", "half": "full_retreat", "text": "II plays C4 full_retreat"},
         frozenset({"II"}))]
    assert dicts(events, "reveal") == [
        ({"kind": "reveal", "plays": (("C1", "front"), ("C4", "full_retreat")), "speeds": (4, 5), "order": ("I", "II"),
          "text": "I reveals C1 front, II reveals C4 full_retreat"}, None)]
    assert st.piles == ((("C1", "front"),), (("C4", "full_retreat"),))


def test_SB_5_1_reveal_with_both_sides_empty_has_no_item():
    st = game(removed=[("I", "infantry"), ("II", "infantry")])
    events = run(st, "I play C1 front", "II play C1 front")
    assert dicts(events, "reveal") == [
        ({"kind": "reveal", "plays": (("C1", "front"), ("C1", "front")), "speeds": (None, None), "order": (),
          "text": "I reveals C1 front, II reveals C1 front (I: an empty side, no item) (II: an empty side, no item)"},
         None)]
    assert kinds(events)[-2:] == ["reveal", "turn"] and st.turn == 2 and st.phase == "play"
    assert st.piles == ((("C1", "front"),), (("C1", "front"),))


def test_SB_5_1_reveal_with_II_side_empty():
    st = game(removed=[("II", "medic")])
    events = run(st, move("I", "retreat"), "II play C2 back")
    assert dicts(events, "reveal") == [
        ({"kind": "reveal", "plays": (("C2", "retreat"), ("C2", "back")), "speeds": (2, None), "order": ("I",),
          "text": "I reveals C2 retreat, II reveals C2 back (II: an empty side, no item)"}, None)]
    assert st.dist == 3 and st.phase == "play"


def test_SB_5_2_higher_speed_of_I_resolves_second():
    st = game()
    run(st, unit(st, "I", "sniper"), unit(st, "II", "infantry"))
    assert st.speeds == (6, 4) and st.order == (1, 0) and st.current_player() == "II"
    assert legal_texts(st) == ["II effect focused", "II effect rifle"]


def test_SB_9_1_mine_full_stream():
    st = game(dist=3, sp=(1, 0))
    events = run(st, unit(st, "I", "engineer"), move("II", "full_advance"), "I effect mine")
    assert dicts(events)[4:] == [
        ({"kind": "reveal", "plays": (("C3", "left"), ("C3", "full_advance")), "speeds": (2, 5), "order": ("I", "II"),
          "text": "I reveals C3 left, II reveals C3 full_advance"}, None),
        ({"kind": "item", "seat": "I", "target": "left", "speed": 2, "unit": "I:engineer",
          "text": "I's Engineer acts (speed 2)"}, None),
        ({"kind": "effect", "seat": "I", "target": "left", "effect": "mine", "sp": 1, "timing": "trap",
          "text": "I uses AT mine (対戦車地雷)"}, None),
        ({"kind": "sp", "seat": "I", "before": 1, "after": 0, "how": "pay", "text": "I pays 1 SP (0 left)"}, None),
        ({"kind": "cancel", "seat": "II", "text": "II's move is cancelled by a trap"}, None),
        ({"kind": "damage", "unit": "II:mech", "amount": 2, "hp": 3, "text": "II's mech loses 2 HP (3 left)"}, None),
        ({"kind": "move", "seat": "II", "move": "full_advance", "before": 3, "after": 3, "result": "cancelled",
          "text": "II's full_advance was cancelled: nothing happens"}, None),
        ({"kind": "turn", "turn": 2, "text": "turn 2"}, None)]
    assert st.dist == 3 and st.hp == (6, 3) and st.sp == (0, 0)


def test_SB_9_1_cancel_lasts_one_turn():
    st = game(dist=3, sp=(1, 0))
    run(st, unit(st, "I", "engineer"), move("II", "full_advance"), "I effect mine")
    assert st.cancelled == (False, False)
    events = run(st, recover("I"), move("II", "advance"))
    assert dicts(events, "move") == [
        ({"kind": "move", "seat": "II", "move": "advance", "before": 3, "after": 2, "result": "moved",
          "text": "II: advance 3 -> 2"}, None)]
    assert st.dist == 2


def test_SB_6_1_move_events_moved_and_void():
    st = game(dist=1)
    events = run(st, move("I", "retreat"), move("II", "advance"))
    # tie at 2: II (Agile, 3) first: advance at 1 is void; then I retreats 1 -> 2
    assert dicts(events, "move") == [
        ({"kind": "move", "seat": "II", "move": "advance", "before": 1, "after": 1, "result": "void",
          "text": "II: advance 1 -> 1 (void)"}, None),
        ({"kind": "move", "seat": "I", "move": "retreat", "before": 1, "after": 2, "result": "moved",
          "text": "I: retreat 1 -> 2"}, None)]
    assert st.dist == 2


def test_SB_5_4_gone_unit_item_event():
    st = game(dist=1, tokens={"I": ["sniper"]})
    events = run(st, unit(st, "I", "sniper"), unit(st, "II", "infantry"), "II effect focused", "II hit sniper")
    assert dicts(events, "item") == [
        ({"kind": "item", "seat": "II", "target": "front", "speed": 4, "unit": "II:infantry",
          "text": "II's Combat infantry acts (speed 4)"}, None),
        ({"kind": "item", "seat": "I", "target": "right", "speed": 6, "unit": None, "was": "I:sniper",
          "text": "I's Sniper is gone: the item does nothing"}, None)]
    assert "effect" not in kinds(events[-2:]) and st.turn == 2


def test_SB_7_1_effect_decision_then_effect_event():
    st = game(dist=2)
    events = run(st, unit(st, "I", "mech"), recover("II"))
    assert st.current_player() == "I" and legal_texts(st) == ["I effect cannon", "I effect barrage"]
    assert st.cursor == (0, "mech", "", 0, "item")
    assert dicts(events, "item") == [({"kind": "item", "seat": "I", "target": "mech", "speed": 7, "unit": "I:mech",
                                       "text": "I's Heavy acts (speed 7)"}, None)]
    events = run(st, "I effect barrage")
    assert dicts(events)[:2] == [
        ({"kind": "effect", "seat": "I", "target": "mech", "effect": "barrage", "sp": 1, "timing": "now",
          "text": "I uses HE barrage (榴弾砲撃)"}, None),
        ({"kind": "fizzle", "seat": "I", "effect": "barrage", "reason": "SB-7.3: barrage works at distance 3, not 2",
          "text": "HE barrage does nothing: SB-7.3: barrage works at distance 3, not 2"}, None)]
    assert st.phase == "play" and st.turn == 2 and st.sp == (0, 0) and st.cursor is None


def test_SB_7_1_single_effect_unit_is_not_asked(tmp_path):
    from game.steel import make_ruleset
    from game.steel.cards import DEFAULT_CARDS
    text = open(DEFAULT_CARDS, encoding="utf-8").read()
    cut = text.index("  effect snipe")
    rest = text[cut:].split("\n", 1)[1]          # drop the Snipe: the Sniper keeps AM shot only
    path = tmp_path / "one.cards"
    path.write_text(text[:cut] + rest, encoding="utf-8")
    rules = make_ruleset([f"cards={path}", "mech_assignment=heavy,agile"])
    st = new_game(2, 0, rules)
    run(st, "I deploy infantry medic engineer sniper", "II deploy infantry medic engineer sniper")
    st.sp = (1, 0)
    events = run(st, "I play C4 right", recover("II"))
    assert [e.get("effect") for e in events if e.kind == "effect"] == ["am_shot"]     # no Effect decision
    assert st.hp == (6, 4) and st.sp == (0, 0) and st.phase == "play"


def test_SB_9_3_pending_then_sp_short_fizzle():
    st = game(sp=(0, 0))
    events = run(st, unit(st, "I", "medic"), unit(st, "II", "infantry"), "I effect replenish", "II effect rifle",
                 "I hit sniper")
    assert dicts(events, "pending", "fizzle", "trigger") == [
        ({"kind": "pending", "seat": "I", "target": "back", "effect": "replenish",
          "text": "Replenish waits for the end of the turn"}, None),
        ({"kind": "fizzle", "seat": "I", "effect": "replenish", "reason": "SB-7.3: replenish costs 1 SP, I has 0",
          "text": "Replenish does nothing: SB-7.3: replenish costs 1 SP, I has 0"}, None)]
    assert st.sp == (0, 0) and has_token(st, "I", "sniper") == 1 and st.replenish == (None, None)


def test_SB_9_3_trigger_event_and_heals():
    st = game(sp=(2, 0), tokens={"I": ["engineer"]})
    events = run(st, unit(st, "I", "medic"), unit(st, "II", "infantry"), "I effect replenish", "II effect rifle",
                 "I hit sniper")
    assert dicts(events)[-5:] == [
        ({"kind": "trigger", "seat": "I", "target": "back", "effect": "replenish",
          "text": "I's Replenish triggers"}, None),
        ({"kind": "sp", "seat": "I", "before": 2, "after": 1, "how": "pay", "text": "I pays 1 SP (1 left)"}, None),
        ({"kind": "heal", "unit": "I:engineer", "tokens": 0, "text": "I's engineer loses a token"}, None),
        ({"kind": "heal", "unit": "I:sniper", "tokens": 0, "text": "I's sniper loses a token"}, None),
        ({"kind": "turn", "turn": 2, "text": "turn 2"}, None)]
    assert st.sp == (1, 0) and st.tokens == (0,) * 8


def test_SB_9_3_lone_replenish_triggers_without_the_medic():
    st = game(sp=(1, 0), dist=1, tokens={"I": ["medic", "engineer"]}, variants=["lone-replenish"])
    events = run(st, unit(st, "I", "medic"), unit(st, "II", "infantry"), "I effect replenish",
                 "II effect focused", "II hit medic")
    assert dicts(events, "trigger", "heal", "sp") == [
        ({"kind": "trigger", "seat": "I", "target": "back", "effect": "replenish",
          "text": "I's Replenish triggers"}, None),
        ({"kind": "sp", "seat": "I", "before": 1, "after": 0, "how": "pay", "text": "I pays 1 SP (0 left)"}, None),
        ({"kind": "heal", "unit": "I:engineer", "tokens": 0, "text": "I's engineer loses a token"}, None)]
    assert not on_table(st, "I", "medic") and st.sp == (0, 0)


def test_SB_4_4_end_of_turn_effects_lower_mech_speed_first():
    st = game()
    events = run(st, unit(st, "I", "medic"), unit(st, "II", "medic"), "II effect replenish", "I effect replenish")
    assert dicts(events, "fizzle") == [
        ({"kind": "fizzle", "seat": "II", "effect": "replenish", "reason": "SB-9.3: II was not attacked this turn",
          "text": "Replenish does nothing: SB-9.3: II was not attacked this turn"}, None),
        ({"kind": "fizzle", "seat": "I", "effect": "replenish", "reason": "SB-9.3: I was not attacked this turn",
          "text": "Replenish does nothing: SB-9.3: I was not attacked this turn"}, None)]


def test_SB_9_3_attacked_flag_is_per_turn():
    st = game(sp=(2, 0), tokens={"I": ["engineer"]})
    run(st, unit(st, "I", "infantry"), unit(st, "II", "infantry"), "II effect rifle", "I hit sniper",
        "I effect rifle", "II hit medic")
    assert st.attacked == (False, False) and has_token(st, "I", "sniper") == 1
    events = run(st, unit(st, "I", "medic"), move("II", "retreat"), "I effect replenish")
    assert [e.get("reason") for e in events if e.kind == "fizzle"] == ["SB-9.3: I was not attacked this turn"]
    assert st.sp == (2, 0) and has_token(st, "I", "engineer") == 1


def test_SB_9_2_shield_lasts_for_the_rest_of_the_turn_only():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), dist=2, sp=(0, 1))
    run(st, recover("I"), unit(st, "II", "disruptor"), "II effect smoke", "II shift 1")
    assert st.shielded == (False, False) and st.dist == 1
    events = run(st, unit(st, "I", "infantry"), recover("II"), "I effect focused", "I hit medic")
    assert dicts(events, "token") == [({"kind": "token", "unit": "II:medic", "tokens": 1,
                                        "text": "II's medic is hit and takes a token"}, None)]


def test_SB_8_6_attack_against_a_smoker_does_not_count_as_attacked():
    # shield-pays: I's focused attack passes its checks but smoke nullifies it wholly, so II is not attacked
    st = game(escorts=("infantry medic engineer sniper", SMOKER), dist=2, sp=(0, 1), variants=["shield-pays"])
    run(st, unit(st, "I", "infantry"), unit(st, "II", "disruptor"), "II effect smoke", "II shift 1",
        "I effect focused")
    assert st.attacked == (False, False) and st.tokens == (0,) * 8


def test_SB_6_6_recover_and_clock_events():
    st = game(sp=(3, 0), clock=4, piles={"I": ["C2:back", "C5:mech"]})
    events = run(st, recover("I"), move("II", "advance"))
    assert dicts(events, "recover", "clock") == [
        ({"kind": "recover", "seat": "I", "cards": ("C2", "C5"), "before": 3, "after": 5,
          "text": "I recovers 2 card(s): SP 3 -> 5"}, None),
        ({"kind": "clock", "before": 4, "after": 5, "how": "recover", "text": "the clock advances 4 -> 5"}, None)]
    assert st.piles == ((), (("C1", "advance"),)) and st.hand(0) == ("C1", "C2", "C3", "C4", "C5", "C6")


def test_SB_6_6_recover_settings_sp_and_clock_steps():
    st = game(piles={"I": ["C2:back", "C5:mech"]}, settings=["recover_sp=2", "recover_clock=3"])
    events = run(st, recover("I"), move("II", "advance"))
    assert [(e.kind, e.get("before"), e.get("after")) for e in events if e.kind in ("recover", "clock")] == \
        [("recover", 0, 4), ("clock", 1, 4)]
    assert st.sp == (4, 0) and st.clock == 4


def test_SB_6_6_clock_end_returns_the_pile_before_the_game_ends():
    # SB-6.6 (a) the other cards return to hand, (b) SP, (c) clock 10 ends the game at once, (d) not reached
    st = game(clock=9, piles={"II": ["C1:advance", "C2:back"]})
    events = run(st, move("I", "advance"), recover("II"))
    assert st.is_over() and st.clock == 10
    assert st.piles == ((("C1", "advance"),), (("C6", "recover"),))
    assert st.hand(1) == ("C1", "C2", "C3", "C4", "C5") and st.sp == (0, 2)
    assert dicts(events, "end") == [
        ({"kind": "end", "winners": ("I",), "reason": "clock", "scores": (10, 9),
          "text": "game over (clock): I wins"}, None)]
    assert st.result.as_dict() == {"winners": ["I"], "reason": "clock", "scores": {"I": 10, "II": 9}}


def test_SB_6_6_clock_cells_setting_ends_earlier():
    st = game(clock=4, settings=["clock_cells=5"])
    events = run(st, recover("I"), move("II", "advance"))
    assert st.is_over() and st.clock == 5 and kinds(events)[-1] == "end"
    assert [e.kind for e in events].count("move") == 1          # II's advance (2) came first


def test_SB_10_3_clock_end_II_wins_and_draw_text():
    st = game(clock=9, hp=(3, 5))
    events = run(st, recover("I"), move("II", "advance"))
    assert dicts(events, "end") == [
        ({"kind": "end", "winners": ("II",), "reason": "clock", "scores": (7, 9),
          "text": "game over (clock): II wins"}, None)]
    st = game(clock=9, hp=(5, 5))
    events = run(st, recover("I"), move("II", "advance"))
    assert dicts(events, "end") == [
        ({"kind": "end", "winners": (), "reason": "clock", "scores": (9, 9), "text": "game over (clock): a draw"},
         None)]
    assert st.phase == "over" and st.cursor is None and st.legal_actions() == []


def test_SB_10_1_mech_win_end_event():
    st = game(hp=(2, 5), sp=(0, 1), dist=1)
    events = run(st, unit(st, "I", "infantry"), unit(st, "II", "mech"), "II effect melee")
    assert dicts(events, "end") == [
        ({"kind": "end", "winners": ("II",), "reason": "mech", "scores": (4, 9), "text": "game over (mech): II wins"},
         None)]
    assert st.cursor is None and st.current_player() == TERMINAL


def test_SB_10_2_escorts_win_end_event():
    st = game(dist=3, sp=(0, 1), mechs=("agile", "heavy"),
              removed=[("I", "infantry"), ("I", "medic"), ("I", "engineer")])
    events = run(st, recover("I"), unit(st, "II", "mech"), "II effect barrage")
    assert dicts(events, "destroyed", "end") == [
        ({"kind": "destroyed", "unit": "I:sniper", "side": "right", "how": "hit",
          "text": "I's sniper is destroyed (hit)"}, None),
        ({"kind": "end", "winners": ("II",), "reason": "escorts", "scores": (5, 10),
          "text": "game over (escorts): II wins"}, None)]
    assert st.is_over() and st.sides[:4] == (None,) * 4


def test_SB_5_5_victory_mid_item_stops_the_later_ops_and_items():
    st = game(dist=3, sp=(1, 0), hp=(6, 2))
    events = run(st, unit(st, "I", "engineer"), move("II", "full_advance"), "I effect mine")
    assert kinds(events)[-3:] == ["cancel", "damage", "end"]
    assert st.hp == (6, 0) and st.result.winners == ("I",) and st.result.reason == "mech"
    assert "move" not in kinds(events)


def _cards(tmp_path, old, new):
    from game.steel.cards import DEFAULT_CARDS
    text = open(DEFAULT_CARDS, encoding="utf-8").read()
    assert old in text
    path = tmp_path / "x.cards"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return str(path)


REPLENISH = 'effect replenish name_jp="補充" name_en="Replenish" dist=all'


@pytest.mark.parametrize("dist,shown", [("near", "1"), ("near,far", "1,3")])
def test_SB_7_3_if_attacked_effect_checks_the_distance_at_its_item(tmp_path, dist, shown):
    path = _cards(tmp_path, REPLENISH, REPLENISH.replace("dist=all", f"dist={dist}"))
    st = game(settings=[f"cards={path}"], sp=(1, 0), tokens={"I": ["engineer"]})
    events = run(st, unit(st, "I", "medic"), unit(st, "II", "infantry"), "I effect replenish", "II effect rifle",
                 "I hit sniper")
    reason = f"SB-7.3: replenish works at distance {shown}, not 2"
    assert dicts(events, "pending", "fizzle", "trigger") == [
        ({"kind": "fizzle", "seat": "I", "effect": "replenish", "reason": reason,
          "text": f"Replenish does nothing: {reason}"}, None)]
    assert st.replenish == (None, None) and st.sp == (1, 0) and has_token(st, "I", "engineer") == 1
    assert has_token(st, "I", "sniper") == 1 and st.turn == 2


def test_SB_10_1_a_mech_at_one_hp_fights_on():
    st = game(dist=3, sp=(2, 0), hp=(6, 3))
    events = run(st, unit(st, "I", "mech"), recover("II"), "I effect cannon")
    assert st.hp == (6, 1) and not st.is_over() and "end" not in kinds(events) and st.turn == 2


def test_SB_10_2_escorts_loss_at_one_hp_is_an_escorts_loss():
    st = game(dist=3, sp=(0, 1), hp=(1, 5), mechs=("agile", "heavy"),
              removed=[("I", "infantry"), ("I", "medic"), ("I", "engineer")])
    st.hp = (1, 6)
    events = run(st, recover("I"), unit(st, "II", "mech"), "II effect barrage")
    assert dicts(events, "end") == [
        ({"kind": "end", "winners": ("II",), "reason": "escorts", "scores": (1, 10),
          "text": "game over (escorts): II wins"}, None)]


def test_SB_9_4_jamming_is_no_attack_so_replenish_waits_in_vain():
    st = game(escorts=("infantry medic engineer sniper", SMOKER), sp=(3, 0), tokens={"I": ["engineer"]})
    events = run(st, unit(st, "I", "medic"), unit(st, "II", "disruptor"), "II effect jamming", "I effect replenish")
    assert st.attacked == (False, False)
    assert [e.get("reason") for e in events if e.kind == "fizzle"] == ["SB-9.3: I was not attacked this turn"]
    assert st.sp == (1, 0) and has_token(st, "I", "engineer") == 1


def test_SB_7_4_ops_after_a_decision_apply_in_order(tmp_path):
    rifle = 'dist=mid sp=0 timing=now ops="hit 1 defender"'
    path = _cards(tmp_path, rifle, rifle.replace('"hit 1 defender"', '"hit 1 defender; drain 1; damage 1"'))
    st = game(settings=[f"cards={path}"], sp=(0, 2))
    run(st, unit(st, "I", "infantry"), recover("II"), "I effect rifle")
    assert st.dist == 2 and st.current_player() == "II"
    events = run(st, "II hit sniper")
    assert [e.kind for e in events if e.kind in ("token", "sp", "damage")] == ["token", "sp", "damage"]
    assert st.sp == (0, 1) and st.hp == (6, 4) and has_token(st, "II", "sniper") == 1


def test_SB_3_2_unused_mechs_listed(tmp_path):
    scout = 'unit scout class=mech name_jp="偵察型" name_en="Scout" speed=4 hp=3\n' \
            '  effect spot name_jp="観測" name_en="Spot" dist=all sp=0 timing=now ops="drain 1"\n'
    from game.steel import make_ruleset
    from game.steel.cards import DEFAULT_CARDS
    path = tmp_path / "four.cards"
    path.write_text(open(DEFAULT_CARDS, encoding="utf-8").read() + scout, encoding="utf-8")
    st = new_game(2, 0, make_ruleset([f"cards={path}"]))
    events = run(st, "chance chooser I", "I mech scout", "II mech agile")
    assert dicts(events, "mechs_out") == [
        ({"kind": "mechs_out", "mechs": ("heavy", "standard"),
          "text": "unused mech cards leave the game: heavy, standard"}, None)]
    text = open(DEFAULT_CARDS, encoding="utf-8").read()
    path = tmp_path / "two.cards"
    path.write_text(text[:text.index("unit standard")], encoding="utf-8")
    st = new_game(2, 0, make_ruleset([f"cards={path}"]))
    events = run(st, "chance chooser II", "II mech heavy")
    assert dicts(events, "mechs_out") == [
        ({"kind": "mechs_out", "mechs": (), "text": "unused mech cards leave the game: -"}, None)]


def test_SB_8_6_a_counter_attack_at_the_end_of_the_turn_is_an_attack(tmp_path):
    old = 'timing=if_attacked ops="heal_each"'
    path = _cards(tmp_path, old, 'timing=if_attacked ops="hit 1 defender"')
    st = game(settings=[f"cards={path}"], sp=(1, 0))
    run(st, unit(st, "I", "medic"), unit(st, "II", "infantry"), "I effect replenish", "II effect rifle")
    events = run(st, "I hit sniper")
    assert dicts(events, "trigger") == [({"kind": "trigger", "seat": "I", "target": "back", "effect": "replenish",
                                          "text": "I's Replenish triggers"}, None)]
    # the counter's hit waits on II's choice, in the end-of-turn stage; both players are attacked now
    assert st.cursor == (0, "back", "replenish", 0, "end") and st.current_player() == "II"
    assert st.attacked == (True, True) and st.sp == (0, 0)
    run(st, "II hit medic")
    assert has_token(st, "II", "medic") == 1 and st.turn == 2


def test_SB_5_1_item_event_names_the_unit_even_when_speeds_agree(tmp_path):
    # a card set where the grenadier is as fast as the infantry (4): the item event still names the unit
    old = 'unit grenadier class=escort name_jp="擲弾兵" name_en="Grenadier" speed=5'
    path = _cards(tmp_path, old, old.replace("speed=5", "speed=4"))
    items = []
    for front in ("infantry", "grenadier"):
        st = game(settings=[f"cards={path}"], escorts=(f"{front} medic engineer sniper",) * 2)
        events = run(st, "I play C1 front", recover("II"))
        items += [e.as_dict() for e in events if e.kind == "item"]
    assert items == [
        {"kind": "item", "seat": "I", "target": "front", "speed": 4, "unit": "I:infantry",
         "text": "I's Combat infantry acts (speed 4)"},
        {"kind": "item", "seat": "I", "target": "front", "speed": 4, "unit": "I:grenadier",
         "text": "I's Grenadier acts (speed 4)"}]


def test_SB_8_6_counter_attack_by_II(tmp_path):
    old = 'timing=if_attacked ops="heal_each"'
    path = _cards(tmp_path, old, 'timing=if_attacked ops="hit 1 defender"')
    st = game(settings=[f"cards={path}"], sp=(0, 1))
    run(st, unit(st, "I", "infantry"), unit(st, "II", "medic"), "II effect replenish", "I effect rifle", "II hit sniper")
    assert st.cursor == (1, "back", "replenish", 0, "end") and st.current_player() == "I"
    assert st.attacked == (True, True) and st.sp == (0, 0)
    run(st, "I hit medic")
    assert has_token(st, "I", "medic") == 1 and st.turn == 2


def test_SB_8_6_a_non_attack_at_the_end_of_the_turn_attacks_nobody(tmp_path):
    old = 'timing=if_attacked ops="heal_each"'
    path = _cards(tmp_path, old, 'timing=if_attacked ops="heal_one"')
    st = game(settings=[f"cards={path}"], sp=(1, 0), tokens={"I": ["engineer", "sniper"]})
    run(st, unit(st, "I", "medic"), unit(st, "II", "infantry"), "I effect replenish", "II effect rifle", "I hit infantry")
    # I's heal_one asks which token: I was attacked, II was not
    assert st.cursor == (0, "back", "replenish", 0, "end") and st.attacked == (True, False)
    assert legal_texts(st) == ["I heal infantry", "I heal engineer", "I heal sniper"]
    run(st, "I heal sniper")
    assert has_token(st, "I", "sniper") == 0 and has_token(st, "I", "engineer") == 1 and st.turn == 2


def test_SB_4_2_the_reveal_follows_the_last_commit_whoever_it_is():
    # a position written by hand (plays are simultaneous, SB-4.1): II has committed, I has not
    from game.steel.state import make_play
    st = game()
    st.plays = (None, make_play("C2", "retreat"))
    assert st.current_player() == "I"
    events = run(st, "I play C1 advance")
    assert dicts(events, "reveal") == [
        ({"kind": "reveal", "plays": (("C1", "advance"), ("C2", "retreat")), "speeds": (2, 2), "order": ("II", "I"),
          "text": "I reveals C1 advance, II reveals C2 retreat"}, None)]
    assert st.dist == 2 and st.turn == 2 and st.piles == ((("C1", "advance"),), (("C2", "retreat"),))
