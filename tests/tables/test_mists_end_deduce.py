"""Two Mists: the end explained (TM-2, TM-11), the deduction aid against an enumeration of the hidden
deals (TM-12.6), the greyed cards and previews of the viewing seat, the Rules pages, and privacy."""

from __future__ import annotations

import random
from itertools import permutations

import pytest

from game.mists.invariants import check_invariants
from game.mists.notation import format_position
from game.mists.scoring import finish
from game.mists.setup import new_game
from game.mists.ruleset import make_ruleset
from game.mists.view import redact_events, view
from game.tables.mists.deduce import deduce
from game.tables.mists.endtext import end_lines
from game.tables.mists.hints import pass_hint, slot_hints, take_preview, target_preview
from game.tables.mists.logtext import Log
from game.tables.mists.rules_text import rules_pages
from tests.mists.mists_helpers import do, make


def lines(phrases, lang="en"):
    return [p.text(lang) for p in phrases]


# -- the end ---------------------------------------------------------------------------------------
def test_end_fool_finishes_the_saint_and_wins_by_the_counter_blow_TM_2_4():
    s = make("FSKMW", display="attack scout attack spear axe", life={"B": 1})
    events = do(s, "A take A1; chance draw A1 attack; A target B")
    assert lines(end_lines(view(s, "C"))) == [
        "B's life reached 0: B, the Saint, died.",
        "Wrath of God: A, the Fool, dealt the Saint the finishing blow and died too.",
        "Every card is turned: A (Fool), B (Saint), C (Knight), D (Monster); the leftover card is the Witch.",
        "A Monster is in play (D): this is the front world, the world of Mist.",
        "A, the Fool (dead): the Fool itself must die: met, a winner.",
        "B, the Saint (dead): the Monster must die (she wins even if dead): not met.",
        "C, the Knight: the Monster must die: not met.",
        "D, the Monster: the Knight or the Witch must die: not met.",
        "A, the Fool, finished the Saint and died of the counter-blow: in the world of Mist that too is the Fool's win.",
        "Winners: A (Fool)."]
    curse = [e.get("seat") for e in events if e.kind == "curse"]
    assert end_lines(view(s, "C"), curse=curse[0]) == end_lines(view(s, "C"))


def test_end_in_japanese():
    s = make("FSKMW", display="attack scout attack spear axe", life={"B": 1})
    do(s, "A take A1; chance draw A1 attack; A target B")
    out = lines(end_lines(view(s, None)), "ja")
    assert out[1] == "神の怒り: 聖者にトドメを刺したA（愚者）も死亡しました。"
    assert out[3] == "怪物がいる（D）ので、世界は「表」（ミストの世界）です。"
    assert out[-1] == "勝者: A（愚者）。"


def test_end_saint_dies_of_her_own_sacrifice_no_curse_back_world_TM_2_4():
    s = make("SKWFM", display="sacrifice scout attack spear axe", life={"A": 2})
    do(s, "A take A1; chance draw A1 attack; A target B")
    assert lines(end_lines(view(s, "B"))) == [
        "A, the Saint, died of her own Sacrifice: she is her own finisher, so the wrath of God strikes no one.",
        "Every card is turned: A (Saint), B (Knight), C (Witch), D (Fool); the leftover card is the Monster.",
        "No Monster is in play (it is the leftover card): this is the back world, the world of Fog.",
        "A, the Saint (dead): she must survive to the end and the Fool must die: not met.",
        "B, the Knight: the Witch must die: not met.",
        "C, the Witch: the Knight must die: not met.",
        "D, the Fool: the Saint must die: met, a winner.",
        "Winners: D (Fool)."]


def test_end_fool_killed_wins_by_its_own_death_TM_2_2():
    s = make("MFKSW", display="attack scout attack spear axe", life={"B": 1})
    do(s, "A take A1; chance draw A1 attack; A target B")
    out = lines(end_lines(view(s, "A")))
    assert out[-2:] == ["B, the Fool, wins by its own death.", "Winners: B (Fool)."]


def test_end_stalemate_three_players_back_world_saint_wins_TM_10_3():
    s = make("KWSM", display="attack scout attack spear axe")
    finish(s, "stalemate", (), [])
    assert lines(end_lines(view(s, "A"))) == [
        "No one can die any more (the display is empty, or no one can take a card left there, TM-10.3): "
        "the game ends with nobody dead.",
        "Every card is turned: A (Knight), B (Witch), C (Saint); the leftover card is the Monster.",
        "No Monster is in play (it is the leftover card): this is the back world, the world of Fog.",
        "A, the Knight: the Witch must die: not met.",
        "B, the Witch: the Knight must die: not met.",
        "C, the Saint: she must survive to the end: met, a winner.",
        "Winners: C (Saint)."]


def test_end_turn_limit_names_the_limit_and_nobody_wins():
    s = make("MKWSF", rules=("turn_limit=30",))
    finish(s, "turn_limit", (), [])
    out = lines(end_lines(view(s, "A")))
    assert out[0] == "The turn limit (30 turns) is reached: the game ends with nobody dead."
    assert out[-1] == "Nobody wins."


def test_end_lines_refuse_a_game_in_progress():
    with pytest.raises(ValueError, match="not over"):
        end_lines(view(make("MKWSF"), "A"))


# -- the deduction aid ------------------------------------------------------------------------------
def oracle(state, viewer):
    """Per seat (and the leftover, last): the characters some hidden deal consistent with the viewer's
    view gives it; and the worlds.  A deal is consistent iff it gives the same view and a valid state."""
    n = state.n
    target = format_position(view(state, viewer))
    possible = [set() for _ in range(n + 1)]
    worlds = set()
    for deal in permutations(state.rules.characters(n)):
        s2 = state.clone()
        s2.chars, s2.leftover = tuple(deal[:n]), deal[n]
        if format_position(view(s2, viewer)) != target or check_invariants(s2):
            continue
        for i, c in enumerate(deal):
            possible[i].add(c)
        worlds.add("front" if deal[n] != "monster" else "back")
    return possible, worlds


def random_positions(seed: int, players: int, every: int = 2):
    rng = random.Random(seed)
    s = new_game(players, seed)
    step = 0
    while not s.is_over():
        if s.current_player() == "chance":
            s.apply(s.sample_chance())
            continue
        step += 1
        if step % every == 0:
            yield s
        s.apply(rng.choice(s.legal_actions()))


@pytest.mark.parametrize("seed,players", [(1, 3), (2, 4), (3, 4), (4, 3), (5, 4), (6, 4)])
def test_deduction_aid_equals_the_enumeration_of_consistent_deals_TM_12_6(seed, players):
    checked = 0
    for s in random_positions(seed, players):
        for viewer in (None,) + tuple(s.seats):
            d = deduce(view(s, viewer))
            possible, worlds = oracle(s, viewer)
            got = {sd.seat: set(sd.possible) for sd in d.seats}
            want = {seat: possible[i] for i, seat in enumerate(s.seats) if seat != viewer}
            assert got == want, (viewer, format_position(s))
            assert set(d.leftover) == possible[s.n] and set(d.worlds) == worlds
            for sd in d.seats:
                assert {c for c, _ in sd.excluded} == set(s.rules.characters(s.n)) - set(sd.possible)
            checked += 1
    assert checked >= 8


def test_deduction_reasons_name_the_card_and_the_turn_TM_5_4():
    s = make("KFWSM", records={"B": "1:sacrifice>C 5:combo>A"}, turn=6)
    d = deduce(view(s, "A"))
    b = d.seats[0]
    assert b.seat == "B" and set(b.possible) == {"fool"}
    why = {c: r.text() for c, r in b.excluded}
    assert why == {"knight": "you are the Knight, and the deal has no repeats",
                   "monster": "B took Sacrifice in turn 1, which the Monster may not take (TM-5.1)",
                   "witch": "B took Combo in turn 5, which the Witch may not take (TM-5.1)",
                   "saint": "B took Combo in turn 5, which the Saint may not take (TM-5.1)"}
    assert lines(d.lines())[0] == "B: certainly the Fool."
    assert lines(d.lines())[-1] == "Both worlds are still possible (front: a Monster is in play; back: none is)."


def test_deduction_the_monster_knows_the_world_is_front():
    d = deduce(view(make("MKWSF"), "A"))
    assert d.worlds == ("front",) and "monster" not in d.leftover
    assert lines(d.lines(), "ja")[-1] == "あり得る世界は「表」（ミストの世界）だけです。怪物がいます。"


def test_deduction_a_pass_reveals_TM_9_2():
    s = make("KMWSF", life={"B": 6}, active="B")
    do(s, "B pass")
    d = deduce(view(s, "C"))
    assert d.seats[1].known == "monster" and d.worlds == ("front",)
    assert d.seats[1].excluded[0][1].text() == "B is known to be the Monster"


# -- greyed cards, the pass and previews (the viewer only) ------------------------------------------
def test_greyed_cards_carry_the_reason_and_rule_id_TM_5_1():
    s = make("WMKSF", display="combo attack scout spear axe")
    hints = slot_hints(view(s, "A"))
    assert [(h.slot, h.legal, h.rule) for h in hints] == [
        ("A1", False, "TM-5.1"), ("A2", True, None), ("A3", True, None), ("E1", False, "TM-5.1"), ("E2", True, None)]
    assert hints[0].why.text() == "TM-5.1: the Witch may not take Combo"
    assert hints[3].why.text("ja") == "TM-5.1: 魔女は巨人の槍を使用できません"


def test_greyed_owned_equipment_and_intimidated_turn_TM_5_1_TM_7_7():
    s = make("KMWSF", display="attack scout attack spear axe", records={"A": "1:axe"}, turn=2, restricted=True)
    hints = slot_hints(view(s, "A"))
    assert [h.why.text() if h.why else None for h in hints] == [
        "TM-7.7: you are intimidated: this turn only equipment may be taken, not Attack",
        "TM-7.7: you are intimidated: this turn only equipment may be taken, not Scout",
        "TM-7.7: you are intimidated: this turn only equipment may be taken, not Attack",
        None, "TM-5.1: you already own Axe of Greed (each equipment card once per player)"]


def test_forced_pass_explained_TM_9_1():
    s = make("KMWSF", display="arcana arcana charge_k grimoire -")
    assert pass_hint(view(s, "A")).text() == (
        "No displayed card is legal for you, so you must pass (TM-9.1). "
        "Pass: your character card is turned face up for everyone and your life becomes 1.")
    s = make("KMWSF", display="attack arcana charge_k grimoire -", revealed="A")
    assert pass_hint(view(s, "A")).text() == "Pass: your life becomes 1."


def test_previews_sacrifice_cost_combo_arcana():
    s = make("KMWSF", display="sacrifice combo arcana spear poison", records={"A": "1:spear 2:axe 3:poison"},
             turn=4, life={"A": 5})
    v = view(s, "A")
    assert lines(take_preview(v, "A1")) == [
        "Deal 4 damage to another player, then take 2 yourself (5 minus your 3 equipment cards; your life is 5).",
        "Taking it shows everyone you are not: Monster."]
    assert lines(take_preview(v, "A2")) == [
        "Deal 3 damage to another player.", "Then you may act one more turn at once.",
        "Taking it shows everyone you are not: Witch, Saint."]
    assert lines(take_preview(v, "A3"))[0] == "Heal 2 to any one player (you too), then deal 3 damage to another player."
    assert lines(take_preview(v, "E2"), "ja") == [
        "聖なる毒: 次回以降の毎ターン開始時に自身に1ダメージ（ライフは1より下がりません）。",
        "これを取ると、あなたが怪物ではないことが全員に分かります。"]
    no_extra = make("KMWSF", display="sacrifice combo arcana spear poison", variants=("no-extra-turn",))
    assert lines(take_preview(view(no_extra, "A"), "A2"))[1] == "No extra turn in this ruleset."


def test_target_preview_life_kill_curse_and_sacrifice_self():
    s = make("KSWMF", display="sacrifice attack attack spear axe", life={"B": 2, "C": 6})
    do(s, "A take A1; chance draw A1 attack")
    s.revealed = (False, True, False, False)
    v = view(s, "A")
    assert lines(target_preview(v, "B")) == ["B: life 2 → 0.", "B dies: the game ends at once.",
                                             "B is the Saint: whoever finishes her dies too (wrath of God)."]
    assert lines(target_preview(v, "C")) == ["C: life 6 → 4.", "Then you take 5: life 7 → 2."]


def test_hints_refuse_the_spectator():
    with pytest.raises(ValueError, match="spectator"):
        slot_hints(view(make("MKWSF"), None))


# -- the Rules screen --------------------------------------------------------------------------------
def test_rules_pages_in_both_languages_with_the_ruleset_numbers():
    pages = rules_pages()
    assert [t.text() for t, _ in pages] == ["Aim & worlds", "A turn", "Cards", "Pass & end"]
    assert [t.text("ja") for t, _ in pages] == ["目的と世界", "ターンの流れ", "カード", "パスと終了"]
    for lang in ("en", "ja"):
        for _, blocks in pages:
            for _, p in blocks:
                text = p.text(lang)
                assert text and "{" not in text
    setup = [p.text() for _, p in pages[1][1]][1]
    assert "Everyone starts with 7 life." in setup


def test_rules_card_page_follows_a_designers_ruleset():
    rules = make_ruleset(["forbidden_attack=fool", "damage_charge=3", "life_start=5"])
    cards = [p.text() for _, p in rules_pages(rules)[2][1]]
    assert "Attack ×6: deal 1 damage to another player (Fool may not take it)." in cards
    assert "Charge (M) ×2: deal 3 damage to another player (Monster may not take it)." in cards
    assert "Scout ×4: everyone points at the suspected Monster at once, then deal 1 damage to another player " \
           "(anyone may take it)." in cards
    assert "Everyone starts with 5 life." in [p.text() for _, p in rules_pages(rules)[1][1]][1]


# -- privacy: another seat's secret changes no text -------------------------------------------------
def texts_for(s, log, viewer):
    v = view(s, viewer)
    out = [e.text() for e in log.entries] + [p.text() for p in deduce(v).lines()]
    if viewer is not None and not s.is_over():
        out += [h.why.text() if h.why else "" for h in slot_hints(v)]
        if s.phase == "take" and s.active == v.active and s.current_player() == viewer:
            out.append(pass_hint(v).text())
            out += [p.text() for slot, c in zip(s.rules.slots, s.display) if c for p in take_preview(v, slot)]
    return out


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_two_deals_differing_in_another_seats_character_read_the_same_TM_12_1(seed):
    """D is the Saint in one game and the Fool in the other (the leftover swapped): A, B and C and the
    spectator read identical logs, aids and hints until the game ends."""
    games = []
    for deal in ("MKWSF", "MKWFS"):
        s = new_game(4, seed)
        s.apply(f"chance deal {deal}")
        games.append(s)
    viewers = ("A", "B", "C", None)
    logs = [{v: Log() for v in viewers} for _ in games]
    rng = random.Random(seed)
    steps = 0
    while not any(g.is_over() for g in games) and steps < 400:
        steps += 1
        g0 = games[0]
        if g0.current_player() == "chance":
            action = g0.sample_chance()
        else:
            # D never passes: a pass would reveal the one thing the games differ in (TM-9.2)
            common = [a for a in g0.legal_actions() if a in games[1].legal_actions() and str(a) != "D pass"]
            if not common:
                break
            action = rng.choice(common)
        for g, lg in zip(games, logs):
            ev = g.apply(action)
            for v in viewers:
                lg[v].add(redact_events(ev, v))
        if any(g.is_over() for g in games):
            break
        for v in viewers:
            assert texts_for(games[0], logs[0][v], v) == texts_for(games[1], logs[1][v], v), (steps, v)
    assert steps > 5
