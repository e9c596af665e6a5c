"""Immortal Arena's table on the front-end protocol (game/tables/arena/table.py), without a window:
every legal action has one place on screen and its actor and target are found again by picking
at the points the autoplay driver clicks; log sentences and the game-over lines in both languages."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from game.arena.view import view
from game.core.protocol import CHANCE
from game.core.registry import get_game
from game.i18n import set_language
from game.render.camera import CameraPose, project, seat_pose
from game.tables import CATALOG
from game.tables.arena.table import ArenaTable
from game.ui.choices import build_input_map

SPEC = get_game("immortal-arena")
W, H = 1280, 720


def positions(ruleset, games=3, steps=50, seed=3):
    rng = random.Random(seed)
    for g in range(games):
        st = SPEC.new_game(2, g, SPEC.make_ruleset([f"ruleset={ruleset}"], []))
        for _ in range(steps):
            if st.is_over():
                break
            if st.current_player() == CHANCE:
                st.apply(st.sample_chance())
                continue
            yield st
            st.apply(rng.choice(st.legal_actions()))


def test_the_catalog_makes_the_arena_table():
    assert CATALOG.info("immortal-arena").playable
    table = CATALOG.table("immortal-arena")
    assert table.game == "immortal-arena" and table.hidden_information is False
    assert not table.curtain_before("A")  # perfect information: no curtain in hot-seat


@pytest.mark.parametrize("ruleset", ["provisions", "dice"])
def test_every_legal_action_is_reachable_by_picking_its_actor_and_target(ruleset):
    table = ArenaTable()
    pose = seat_pose("S")
    for st in positions(ruleset, games=2, steps=30):
        seat = st.current_player()
        v = view(st, seat)
        imap = build_input_map(st.legal_actions(), v, table.target_of)
        assert len(imap) == len(st.legal_actions())
        scene = table.scene_from_view(v)
        for actor, cells in imap.board.items():
            screen = SimpleNamespace(view=v, actor=actor)
            for target in [actor] + list(cells):
                hit = False
                for world in table.target_world_points(screen, target):
                    sx, sy, _ = project(pose, world, W, H)
                    pk = table.pick(pose, sx, sy, W, H, scene)
                    got = table.actor_at(pk) if target == actor else (pk.cell if pk else None)
                    if got == target:
                        hit = True
                        break
                assert hit, (str(st), actor, target)
        for a in imap.buttons:
            assert a.verb in ("cancel", "allow", "pass")


def test_several_acts_on_one_target_share_it_for_the_menu():
    table = ArenaTable()
    from game.arena.notation import parse_position
    text = open(__file__.replace("test_arena_table.py", "test_arena_hand.py")).read().split('POS = """')[1]
    st = parse_position(text.split('"""')[0].replace("spirit=1 healing", "spirit=2"))
    imap = build_input_map(st.legal_actions(), view(st, "A"), table.target_of)
    acts = imap.actions_at("A.artillery", ("unit", "B.cavalry"))
    assert sorted(a.verb for a in acts) == ["bombard", "shoot"]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("ruleset", ["provisions", "dice"])
def test_log_sentences_cover_every_event_in_both_languages(lang, ruleset):
    set_language(lang)
    try:
        table = ArenaTable()
        rng = random.Random(5)
        st = SPEC.new_game(2, 9, SPEC.make_ruleset([f"ruleset={ruleset}"], []))
        steps = []
        while not st.is_over() and len(steps) < 400:
            a = st.sample_chance() if st.current_player() == CHANCE else rng.choice(st.legal_actions())
            steps.append(SimpleNamespace(events=st.apply(a)))
        ctl = SimpleNamespace(events_for=lambda seat: [(i, e) for i, s in enumerate(steps) for e in s.events])
        model = table.log_model(ctl, "A")
        texts = [t for _, rows in model["groups"] for _, t in rows]
        assert texts and not any("arena." in t or "{" in t for t in texts)
        kinds = {e.kind for s in steps for e in s.events} - {"turn"}
        from game.tables.arena.words import event_sentence
        for s in steps:
            for e in s.events:
                if e.kind != "turn":
                    assert event_sentence(e, lang, ruleset == "dice"), e.kind
        assert "act" in kinds
        r = SPEC.result(st)
        screen = SimpleNamespace(ctl=SimpleNamespace(result=lambda: r))
        lines = " ".join(table.end_lines(screen))
        assert str(r["scores"]["A"]) in lines and str(r["scores"]["B"]) in lines
    finally:
        set_language("en")


def test_cancel_button_words_name_the_cost():
    set_language("en")
    table = ArenaTable()
    for st in positions("provisions", games=6, steps=60, seed=11):
        if st.phase == "cancel":
            seat = st.current_player()
            v = view(st, seat)
            cancel = next(a for a in st.legal_actions() if a.verb == "cancel")
            assert "provisions" in table.words(cancel, v)
            return
    pytest.skip("no cancel window in these games")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("ruleset", ["provisions", "dice"])
def test_rules_pages_quote_the_ruleset_numbers(lang, ruleset):
    set_language(lang)
    try:
        rules = SPEC.make_ruleset([f"ruleset={ruleset}", "turn_limit=150"], [])
        pages = ArenaTable().rules_pages(rules)
        assert len(pages) == 4
        text = " ".join(t for _, blocks in pages for _, t in blocks)
        assert "150" in text and "{" not in text and "arena." not in text
        from game.tables.arena.words import act_name
        for name in (("fireball", "chill") if ruleset == "dice" else ("bombard", "charge")):
            assert act_name(name) in text
    finally:
        set_language("en")


REGROUP = """# Immortal Arena position (see docs/arena.md)
ruleset: provisions
rng: 0x9e3779b97f4a7c15
phase: act
turn: 7
player: A
first: A
provisions: A=3 B=1 bank=3
waza-ari: A=0 B=0
last: A=- B=-
units:
  A cavalry back living
  A infantry back living
  A artillery middle living
  B cavalry front living
  B infantry middle living
  B artillery middle living
"""


def test_regroup_is_animated_after_the_retreat_and_logged():
    """IA-10.2: the retreat into the back row plays first, then all three slide to the middle."""
    from game.arena.notation import parse_position
    from game.tables.arena import layout as L
    from game.tables.arena.words import event_sentence
    st = parse_position(REGROUP)
    old = view(st, None)
    events = st.apply(SPEC.parse_actions("A artillery retreat")[0])
    assert any(e.kind == "regroup" for e in events)
    assert any("regroup" in (event_sentence(e) or "") for e in events)
    anim = ArenaTable().animation(old, view(st, None), events)
    assert len(anim.steps) == 2
    mid, _ = anim.steps[0]
    back = L.row_y(0, 2)
    assert all(mid.find(("unit", f"A.{k}")).y == back for k in ("cavalry", "infantry", "artillery"))
    assert anim.scene_at(anim.duration).find(("unit", "A.artillery")).y == L.row_y(0, 1)
