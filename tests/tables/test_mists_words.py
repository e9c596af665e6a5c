"""Two Mists' table words (game/tables/mists): the log, the end, the hints and previews, the Rules
pages; exact sentences in both languages, and nothing that the viewer's view does not hold."""

from __future__ import annotations

import random

import pytest

from game.mists.setup import new_game
from game.mists.view import redact_events, view
from game.tables.mists.endtext import end_lines
from game.tables.mists.hints import pass_hint, slot_hints, take_preview, target_preview
from game.tables.mists.logtext import KINDS, Log, describe_events
from game.tables.mists.rules_text import rules_pages
from game.mists.ruleset import make_ruleset
from tests.mists.mists_helpers import do, make


def texts(entries, lang="en"):
    return [e.text(lang) for e in entries]


def seen(state, actions: str, viewer):
    """The log sentences ``viewer`` reads for ``actions`` applied to ``state``."""
    return texts(describe_events(redact_events(do(state, actions), viewer)))


# -- the log -------------------------------------------------------------------------------------
def test_log_take_damage_and_refill_TM_5_3():
    s = make("MKWSF", display="attack scout attack spear axe")
    assert seen(s, "A take A1; chance draw A1 combo; A target B", "C") == [
        "A takes Attack from A1.", "Combo is laid out in A1 (28 left in its deck).",
        "A's Attack deals 1 damage to B (6 life left).", "Turn 2: B's turn."]


def test_log_in_japanese_uses_the_designers_words():
    s = make("MKWSF", display="attack scout attack spear axe")
    events = redact_events(do(s, "A take A1; chance draw A1 combo; A target B"), "C")
    assert texts(describe_events(events), "ja") == [
        "AがA1の攻撃を取りました。", "A1に連撃が表になりました（山札の残り28枚）。", "Aの攻撃: Bに1ダメージ（ライフ6）。",
        "ターン2: Bの番です。"]


def test_log_sacrifice_self_damage_TM_7_4():
    s = make("KMWSF", display="sacrifice scout attack spear axe", records={"A": "1:poison"}, turn=2)
    assert seen(s, "A take A1; chance draw A1 attack; A target B", "B")[2:4] == [
        "A's Sacrifice deals 2 damage to B (5 life left).", "A takes 4 damage from their own Sacrifice (3 life left)."]


def test_log_intimidation_then_poison_and_the_restricted_turn_TM_7_7_TM_8_3():
    s = make("KMWSF", display="intimidate scout attack spear axe", records={"C": "1:poison"}, life={"C": 5},
             active="B")
    assert seen(s, "B take A1; chance draw A1 attack; B target C", "D")[2:] == [
        "B intimidates C: on their next turn they may take only equipment.", "Turn 2: C's turn.",
        "Holy Poison: C takes 1 damage (4 life left).", "C is intimidated: only equipment cards may be taken this turn."]


def test_log_pass_reveals_TM_9_2():
    s = make("KMWSF", display="attack scout attack spear axe", life={"A": 6})
    out = seen(s, "A pass", "C")
    assert out[:2] == ["A passes: life becomes 1.", "A's character card is turned face up: the Knight."]
    assert texts(describe_events(redact_events(do(make("KMWSF", life={"A": 6}), "A pass"), "C")), "ja")[:2] == [
        "Aがパスしました。ライフは1になります。", "Aのキャラクターカードが公開されました: 騎士。"]


def test_log_arcana_heal_then_damage_TM_7_6():
    s = make("WMKSF", display="arcana scout attack spear axe", life={"A": 5})
    out = seen(s, "A take A1; chance draw A1 attack; A heal A; A target C", "B")
    assert out[2:4] == ["A heals themself by 2 (7 life).", "A's Arcana deals 1 damage to C (6 life left)."]


def test_log_combo_extra_turn_TM_7_5():
    s = make("KMWSF", display="combo scout attack spear axe")
    out = seen(s, "A take A1; chance draw A1 attack; A target C; A extra", "B")
    assert out[2:5] == ["A's Combo deals 1 damage to C (6 life left).", "A takes the extra turn.",
                        "Turn 2: A's extra turn (Combo)."]


def test_log_pointing_shows_no_target_before_all_have_pointed_TM_7_2():
    s = make("KMWSF", display="scout attack attack spear axe")
    do(s, "A take A1; chance draw A1 attack")
    a_log, c_log = Log(), Log()
    for act in ("A point B", "B point A"):
        ev = s.apply(act)
        a_log.add(redact_events(ev, "A"))
        c_log.add(redact_events(ev, "C"))
    assert texts(a_log.entries) == ["You (A) point at B; nobody sees it until everyone has pointed."]
    assert c_log.entries == []
    ev = do(s, "C point B; D point A")
    assert texts(describe_events(redact_events(ev, "C"))) == [
        "You (C) point at B; nobody sees it until everyone has pointed.",
        "Everyone points at once (Scout of A): A → B, B → A, C → B, D → A."]


def test_pointing_lock_step_TM_12_3():
    """Two games that differ only in the targets already pointed read the same to a seat still to point."""
    logs = []
    for first in ("B", "C"):
        s = make("KMWSF", display="scout attack attack spear axe")
        ev = do(s, f"A take A1; chance draw A1 attack; A point {first}; B point {first if first != 'B' else 'A'}")
        v = view(s, "C")
        logs.append((texts(describe_events(redact_events(ev, "C"))), texts(describe_events(redact_events(ev, "D")))))
        assert v.pointing[:2] == ("?", "?")
    assert logs[0] == logs[1]


def test_log_death_and_curse_TM_2_4():
    s = make("KSWMF", display="attack scout attack spear axe", life={"B": 1})
    assert seen(s, "A take A1; chance draw A1 attack; A target B", "C")[2:] == [
        "A's Attack deals 1 damage to B (0 life left).", "B's life reaches 0: B dies. The card is turned: the Saint.",
        "Wrath of God: A, the Knight, dealt the Saint the finishing blow and dies too.",
        "The game is over (a death). Winners: D."]


def test_every_event_kind_has_a_sentence_and_unknown_kinds_are_refused():
    assert set(KINDS) >= {"deal", "character", "draw", "first", "turn", "poison", "intimidated", "take", "pass",
                          "reveal", "heal", "damage", "mark", "point", "pointing", "extra", "death", "curse", "end"}
    from game.core.events import make_event
    with pytest.raises(ValueError, match="no sentence for the Two Mists event 'boom'"):
        Log().add([make_event("boom")])
