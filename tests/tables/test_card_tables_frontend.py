"""The Two Mists and Smoke Blood Steel tables on the shell's front-end protocol (game/ui/table.py):
every legal action has words in both languages and one route, every board route is found again by
picking the point the table names for it, the log panel and game-over lines come in sentences,
the Rules pages are the shell's blocks.  Pure: no window, no GL."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from game.core.registry import get_game
from game.i18n import set_language
from game.render.camera import CameraPose, project, side_azimuth, top_pose
from game.ui.choices import build_input_map
from game.ui.controller import new_controller
from game.ui.seats import parse_seats
from game.tables.mists.table import make_table as mists_table
from game.tables.steel.table import make_table as steel_table

W, H = 1280, 720


def play(spec_name, players, seed, variants=(), steps=400):
    spec = get_game(spec_name)
    ctl = new_controller(spec, parse_seats(",".join(["human"] * players), (players,)), seed, variants=variants)
    rng = random.Random(seed)
    for _ in range(steps):
        if ctl.is_over():
            break
        seat = ctl.deciding()
        if seat == "chance":
            ctl.apply_chance()
            continue
        yield ctl, seat
        ctl.submit(seat, rng.choice(ctl.legal_for(seat)))
    yield ctl, None


def check_routes(table, ctl, seat, lang):
    v = ctl.view_for(seat)
    legal = ctl.legal_for(seat)
    imap = build_input_map(legal, v, table.target_of)
    assert len(imap) == len(legal)
    scene = table.scene_from_view(v)
    pose = top_pose(CameraPose(azimuth=side_azimuth(table.seat_side(seat))))
    for a in legal:
        text = table.words(a, v)
        assert text and "{" not in text and text != str(a), (a, text)
        route = imap.route(a)
        assert route is not None
        if route[0] == "board":
            points = table.target_world_points(None, route[2])
            assert points, route
            sx, sy, _ = project(pose, points[0], W, H)
            hit = table.pick(pose, sx, sy, W, H, scene)
            assert hit is not None and hit.cell == route[2], (a, route, hit)


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2)])
def test_mists_every_legal_action_has_words_and_a_route_found_by_picking(players, seed):
    table = mists_table()
    seen = set()
    for i, (ctl, seat) in enumerate(play("two-mists", players, seed, steps=60)):
        if seat is None:
            break
        check_routes(table, ctl, seat, "en")
        seen |= {str(a).split()[1] for a in ctl.legal_for(seat)}
    assert {"take", "pass", "target"} <= seen and (players == 3 or {"point", "extra", "decline"} <= seen)


@pytest.mark.parametrize("variants", [(), ("effect-at-play",)])
def test_steel_every_legal_action_has_words_and_a_route_found_by_picking(variants):
    table = steel_table()
    seen = set()
    for ctl, seat in play("smoke-blood-steel", 2, 3, variants=variants, steps=80):
        if seat is None:
            break
        check_routes(table, ctl, seat, "en")
        seen |= {str(a).split()[1] for a in ctl.legal_for(seat)}
    assert {"mech", "deploy", "play", "hit2"} <= seen
    assert ({"hit", "shift"} if variants else {"destroy", "effect"}) <= seen


def test_words_in_japanese():
    set_language("ja")
    try:
        table = mists_table()
        for ctl, seat in play("two-mists", 4, 5, steps=3):
            if seat is None:
                break
            v = ctl.view_for(seat)
            words = [table.words(a, v) for a in ctl.legal_for(seat)]
            assert "パス" in words
            assert any(w.endswith("を取る") for w in words)
            break
        st = steel_table()
        for ctl, seat in play("smoke-blood-steel", 2, 5, steps=4):
            if seat is None or ctl.state.phase != "play":
                continue
            v = ctl.view_for(seat)
            assert "機体（機体を上に）" in [st.words(a, v) for a in ctl.legal_for(seat)]
            break
    finally:
        set_language("en")


def test_log_panel_and_end_lines_come_from_the_seats_events():
    table = mists_table()
    last = None
    for ctl, seat in play("two-mists", 4, 7, steps=400):
        last = ctl
    model = table.log_model(last, "A")
    assert model["groups"][0][0] == "Setup"
    assert model["groups"][1][0].startswith("Turn 1: ")
    texts = [text for _, rows in model["groups"] for _, text in rows]
    assert any(x.startswith("You, A, are the ") for x in texts)
    assert not any(x.startswith("You, B, are") for x in texts)
    lines = table.end_lines(SimpleNamespace(ctl=last))
    assert lines[-1].startswith(("Winners: ", "Nobody wins."))
    steel = steel_table()
    for ctl, seat in play("smoke-blood-steel", 2, 7, steps=400):
        last = ctl
    assert last.is_over()
    end = steel.end_lines(SimpleNamespace(ctl=last))
    assert end[-1] in ("I wins.", "II wins.", "A draw.")
    assert steel.resolution_lines(last, "I")[0].startswith("1. ")


def test_rules_pages_are_the_shells_blocks():
    for table, ruleset in ((mists_table(), get_game("two-mists").make_ruleset([], [])),
                           (steel_table(), get_game("smoke-blood-steel").make_ruleset([], []))):
        pages = table.rules_pages(ruleset)
        assert len(pages) == 4
        for title, blocks in pages:
            assert title and blocks and all(kind in ("h", "p") and text for kind, text in blocks)


def test_curtain_and_camera_sides():
    m, s = mists_table(), steel_table()
    assert m.hidden_information and s.hidden_information
    assert [m.seat_side(x) for x in "ABCD"] == ["S", "W", "N", "E"]
    assert [s.seat_side(x) for x in ("I", "II")] == ["S", "N"]


@pytest.mark.parametrize("n", [3, 4])
def test_mists_each_seats_camera_looks_from_behind_its_own_place_and_the_number_keys_snap_there(n):
    import math
    from game.mists.setup import new_game
    from game.mists.view import view
    from game.render.camera import seat_pose
    from game.tables.mists.scene import seat_frame
    table = mists_table()
    st = new_game(n, 3)
    st.apply(st.sample_chance())
    seats = "ABCD"[:n]
    for i, seat in enumerate(seats):
        sc = table.scene_from_view(view(st, seat))
        eye = seat_pose(table.seat_side(seat)).basis()[0]
        x, y, yaw = seat_frame(i, n)
        # straight behind the seat, square to its cards (yaw - 90: the way its place faces out)
        gap = (math.degrees(math.atan2(eye[1], eye[0])) - (yaw - 90.0) + 180.0) % 360.0 - 180.0
        assert abs(gap) < 0.5, (n, seat, gap)
        # the shared display turns to read from that seat, as its own cards do
        slot = next(p for p in sc.pieces if isinstance(p.key, tuple) and p.key[0] == "slotname")
        assert (slot.yaw - yaw + 1e-6) % 360.0 == pytest.approx(0.0, abs=1e-5)
    assert len(table.seat_keys) == n
    assert table.seat_keys == tuple(table.seat_side(s) for s in seats)
    if n == 3:
        assert table.seat_keys == (0.0, 120.0, 240.0)


def test_both_tables_are_registered_and_made_by_name():
    from game.tables import CATALOG
    assert {"two-mists", "smoke-blood-steel"} <= set(CATALOG.playable())
    assert type(CATALOG.table("two-mists")).__name__ == "MistsTable"
    assert type(CATALOG.table("smoke-blood-steel")).__name__ == "SteelTable"
    assert mists_table().camera_distance > 13.0 and steel_table().camera_distance > 13.0


def test_mists_lights_the_seats_a_target_may_be_chosen_from():
    from tests.mists.mists_helpers import do, make
    from game.mists.view import view
    s = make("KMWSF", display="attack scout arcana spear axe")
    do(s, "A take A1; chance draw A1 attack")
    table = mists_table()
    lit = {p.key for p in table.scene_from_view(view(s, "A")).pieces if p.highlight == "legal"}
    assert lit == {("char", "B"), ("char", "C"), ("char", "D")}
    assert not [p for p in table.scene_from_view(view(s, "B")).pieces if p.highlight == "legal"]


def test_the_end_turns_every_card_over_and_the_reveal_slides_the_plays_onto_the_piles():
    from tests.mists.mists_helpers import make
    from tests.steel.helpers import game
    from game.mists.view import view as mview
    from game.steel.view import view as sview
    s = make("KMWSF", display="attack scout attack spear axe", life={"B": 1})
    before = mview(s, "C")
    events = s.apply("A take A1") + s.apply("chance draw A1 attack") + s.apply("A target B")
    table = mists_table()
    anim = table.animation(before, mview(s, "C"), events)
    mid = {p.key: p for p in anim.scene_at(anim.duration / 2).pieces}
    assert 0.0 < mid[("char", "D")].flip < 1.0 and not anim.done(0.0) and anim.done(anim.duration)
    st = game()
    st.apply("I play C1 front")
    before = sview(st, "II")
    events = st.apply("II play C2 retreat")
    steel = steel_table()
    anim = steel.animation(before, sview(st, "II"), events)
    a, b = ({p.key: p for p in sc.pieces}[("pile", "I", 0)] for sc in (anim.scene_at(0.0), anim.scene_at(anim.duration)))
    m = {p.key: p for p in anim.scene_at(anim.duration / 2).pieces}[("pile", "I", 0)]
    assert a.flip == 1.0 and b.flip == 0.0 and 0.0 < m.flip < 1.0 and (a.x, a.y) != (b.x, b.y)


class FakeCtl:
    """The few controller answers the HUD reads, over a rules state."""

    def __init__(self, state, humans=("A", "B", "C", "D", "I", "II")):
        self.state, self.humans, self.thinking = state, humans, None

    def deciding(self):
        return self.state.current_player()

    def is_human(self, seat):
        return seat in self.humans

    def legal_for(self, seat):
        return list(self.state.legal_actions()) if seat == self.deciding() else []

    def events_for(self, seat):
        return []


def fake_screen(view, ctl, hover_pick=None, hover_region=None):
    return SimpleNamespace(view=view, ctl=ctl, message="", hover_pick=hover_pick, hover_region=hover_region)


def test_mists_hud_own_character_prompt_and_the_hovered_cards_reason_or_preview():
    from tests.mists.mists_helpers import make
    from game.mists.view import view
    from game.render.pieces.picking import TargetPick as Pick
    s = make("WMKSF", display="combo attack scout spear axe")
    table, ctl = mists_table(), FakeCtl(s)
    v = view(s, "A")
    lines = [x[0] for x in table.hud_lines(fake_screen(v, ctl, Pick(("slot", "A1"), ("slot", "A1"))))]
    assert lines[:2] == ["You (A) are the Witch.", "Your turn: take a card from the display (click it) or pass."]
    assert "TM-5.1: the Witch may not take Combo" in lines
    lines = [x[0] for x in table.hud_lines(fake_screen(v, ctl, Pick(("slot", "A2"), ("slot", "A2"))))]
    assert "Deal 1 damage to another player." in lines
    other = [x[0] for x in table.hud_lines(fake_screen(view(s, "B"), ctl))]
    assert other[0] == "You (B) are the Monster." and "Waiting for A." in other
    assert not any("Witch" in x for x in other[:2])


def test_steel_hud_telegraphs_the_hovered_half():
    from tests.steel.helpers import game
    from game.steel.view import view
    from game.render.hud import Region
    st = game(dist=1)
    table, ctl = steel_table(), FakeCtl(st)
    hov = Region(0, 0, 10, 10, ("card", "C1:advance"))
    lines = [x[0] for x in table.hud_lines(fake_screen(view(st, "I"), ctl, hover_region=hov))]
    assert lines[0].startswith("Play a command card face down")
    assert "Advance: no effect at this distance (already near)." in lines
    assert "The distance may change before it resolves: faster moves and smoke come first (SB-5.3)." in lines


def test_the_pointings_are_turned_up_together_before_they_join_the_record_TM_7_2():
    from tests.mists.mists_helpers import do, make
    from game.mists.view import view
    s = make("KMWSF", display="scout attack attack spear axe")
    do(s, "A take A1; chance draw A1 attack; A point B; B point C; C point B")
    before = view(s, "C")
    events = s.apply("D point A")
    anim = mists_table().animation(before, view(s, "C"), events)
    shown = {p.key: p for p in anim.scene_at(anim.steps[0][1] * 0.999).pieces}
    assert [shown[("point", x)].face.title for x in "ABCD"] == ["→B", "→C", "→B", "→A"]
    assert not [p for p in anim.scene_at(anim.duration).pieces if p.key[0] == "point"]


def test_steel_effect_buttons_tell_what_each_effect_does_now_SB_7_3():
    from tests.steel.helpers import game
    from game.steel.view import view
    st = game(dist=2, sp=(0, 0))
    st.apply("I play C5 mech")
    st.apply("II play C2 retreat")
    while st.cursor is None or st.cursor[2]:
        st.apply(st.legal_actions()[0])
    v = view(st, "I")
    tips = {str(a): steel_table().button_tip(a, v) for a in st.legal_actions()}
    assert tips["I effect cannon"] == ("Main cannon: 2 damage to the enemy mech; works at mid, far; needs 2 SP. "
                                       "No effect for lack of SP: it needs 2, you have 0.")
    assert v.dist == 3      # II's retreat (speed 2) came first
    assert tips["I effect barrage"] == ("HE barrage: hits on two enemy escorts (the defender chooses); works at far; "
                                        "needs 1 SP. No effect for lack of SP: it needs 1, you have 0.")


def test_mists_deduction_aid_on_by_default_off_in_the_event_mode_and_on_d():
    from tests.mists.mists_helpers import make
    from game.mists.view import view
    s = make("KMWSF")
    table, ctl = mists_table(), FakeCtl(s)
    screen = fake_screen(view(s, "A"), ctl)
    aid = "Deduction aid (D): what you know for certain"
    assert aid in [x[0] for x in table.hud_lines(screen)]
    EventMode = type("EventMode", (), {})
    screen.modals = [EventMode()]
    assert aid not in [x[0] for x in table.hud_lines(screen)]
    table.key(screen, ord("d"), 0)
    assert aid in [x[0] for x in table.hud_lines(screen)]
