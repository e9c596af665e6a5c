"""Rules core II, TW-10 hidden information: vision, revealing by firing, corpses, views and
redacted events; a view never holds another player's secret."""

import os
import subprocess
import sys

from trench_helpers import play, position, scene

from game.core.playout import random_action
from game.core.rng import Rng
from game.trench import make_ruleset, new_game
from game.trench.notation import format_position
from game.trench.view import redact_events, view
from game.trench.vision import sees

HIGH = "target_points_2p=9 target_points=9"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def known(st, sid):
    return st.soldier(sid).weapons[0].known


def test_TW_10_adjacent_soldier_shows_its_weapon_to_the_viewer_only():
    text = scene(players="S W N", soldiers="S1 board d2 w weapons=S:gun:4:S\nW1 board b6 e weapons=W:gas:2:W\n"
                 "N1 board d3 s weapons=N:bomb:2:N\nN2 board f6 s", turn="S cards=turn slot=1 uses=0",
                 rules=HIGH)
    st, ev = play(text, "S1 turn e")
    assert known(st, "N1") == {"N", "S"} and known(st, "S1") == {"S", "N"}
    assert known(st, "W1") == {"W"}
    seen = [e for e in ev if e.kind == "seen"]
    assert seen and all(e.seen_by in ({"S"}, {"N"}) for e in seen)
    assert view(st, "S").soldier("N1").weapons[0].kind == "bomb"
    assert view(st, "W").soldier("N1").weapons[0].kind == "?"
    assert view(st, None).soldier("N1").weapons[0].kind == "?"


def test_TW_10_facing_line_any_range_blocked_by_cubes_and_gun_layers():
    base = "S1 board d1 n weapons=S:gun:4:S\nN1 board d7 s weapons=N:bomb:2:N\nN2 board g5 w weapons=N:gas:2:N"
    st = position(scene(soldiers=base, turn="S cards=turn slot=1 uses=0"))
    assert sees(st, st.soldier("S1"), st.soldier("N1"))          # 6 cells away, nothing between
    st = position(scene(cells={"d4": "2"}, soldiers=base, turn="S cards=turn slot=1 uses=0"))
    assert not sees(st, st.soldier("S1"), st.soldier("N1"))      # a wall between
    st = position(scene(cells={"d4": "0"}, soldiers=base.replace("d7 s", "d4 s"),
                        turn="S cards=turn slot=1 uses=0"))
    assert not sees(st, st.soldier("S1"), st.soldier("N1"))      # in a trench under the line
    assert not sees(st, st.soldier("S1"), st.soldier("N2"))      # not on the line, not adjacent


def test_TW_10_firing_reveals_the_weapon_to_everyone():
    text = scene(players="S W N", soldiers="S1 board d2 e weapons=S:gun:4:S\nW1 board b6 e\nN1 board a4 s\n"
                 "N2 board f6 s", turn="S cards=fire slot=1 uses=0", rules=HIGH)
    st, _ = play(text, "S1 fire")
    assert st.soldier("S1").weapons[0].public
    assert view(st, "W").soldier("S1").weapons[0].kind == "gun"
    assert view(st, None).soldier("S1").weapons[0].kind == "gun"


def test_TW_10_a_corpses_unrevealed_weapon_stays_hidden_but_from_its_new_holder():
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 corpse d3 s weapons=N:bomb:2:N\nN2 board g6 s",
                 turn="S cards=move slot=1 uses=0", rules=HIGH)
    st = position(text)
    assert view(st, "S").soldier("N1").weapons[0].kind == "?"
    st, ev = play(st, "S1 step n")
    tiles = [w.tile for w in st.soldier("S1").weapons]
    assert "N:bomb" in tiles
    assert [w.kind for w in view(st, "S").soldier("S1").weapons] == ["gun", "bomb"]
    assert [w.kind for w in view(st, "N").soldier("S1").weapons][1] == "bomb"   # its owner knows it
    assert [w.kind for w in view(st, None).soldier("S1").weapons] == ["?", "?"]


def test_TW_10_states_differing_only_in_secrets_give_identical_views_and_events():
    soldiers_a = "S1 board d2 n weapons=S:gun:4:S\nN1 board f6 s weapons=N:gun:4:N\nN2 board b6 s weapons=N:bomb:2:N"
    soldiers_b = "S1 board d2 n weapons=S:gun:4:S\nN1 board f6 s weapons=N:bomb:2:N\nN2 board b6 s weapons=N:gun:4:N"
    a = scene(soldiers=soldiers_a, turn="", extra="queue: N", plots={"S": "move"},
              hands={"N": "move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt"})
    b = scene(soldiers=soldiers_b, turn="", extra="queue: N", plots={"S": "move"},
              hands={"N": "move:2,turn:2,build:2,fire:2,dig,equip,camp,interrupt"})
    sa, sb = position(a), position(b)
    sb.rng = 12345
    assert format_position(view(sa, "S")) == format_position(view(sb, "S"))
    assert format_position(view(sa, None)) == format_position(view(sb, None))
    assert format_position(view(sa, "N")) != format_position(view(sb, "N"))
    ea = sa.apply("N plot fire turn")
    eb = sb.apply("N plot move")
    ra = [e for e in redact_events(ea, "S") if e.kind.startswith("plot")]
    rb = [e for e in redact_events(eb, "S") if e.kind.startswith("plot")]
    assert [e.kind for e in ra] == ["plot"] and ra[0].get("count") == 2 and rb[0].get("count") == 1
    sb2 = position(b)
    eb2 = sb2.apply("N plot turn fire")
    assert redact_events(ea, "S") == redact_events(eb2, "S")
    assert redact_events(ea, "N") != redact_events(eb2, "N")


def _secrets(st, seat):
    """Strings that must not appear in ``seat``'s view text."""
    out = []
    for s in st.soldiers:
        for w in s.weapons:
            if not w.public and (seat is None or seat not in w.known):
                out.append(w.tile)
    return out


def test_TW_10_no_view_of_a_random_game_holds_another_players_secret():
    for players, variants in ((2, ()), (4, ("hidden-teams",)), (3, ("guerrillas",))):
        st = new_game(players, seed=7, rules=make_ruleset(variants=variants))
        rng = Rng(99)
        steps = 0
        while not st.is_over() and steps < 400:
            for seat in (None,) + st.seats:
                v = view(st, seat)
                text = format_position(v)
                assert "rng: ?" in text
                for tile in _secrets(st, seat):
                    assert tile not in text, (seat, tile)
                for other in st.seats:
                    if other != seat:
                        assert v.hands[other] is None
                        assert all(c == "?" for c in v.plots[other])
                for other, (team, knowers, public) in st.teams.items():
                    if not public and seat not in knowers:
                        assert v.teams[other][0] == "?"
            events = st.apply(random_action(st, rng))
            for seat in (None,) + st.seats:
                for e in redact_events(events, seat):
                    if e.kind in ("give", "discard"):
                        assert ":" not in str(e.get("what")) or seat == str(e.get("frm") or e.get("sid"))[0] \
                            or seat == str(e.get("to"))[0]
            steps += 1


def test_TW_10_scenario_tool_prints_a_view_with_hidden_parts_as_question_marks(tmp_path):
    text = scene(soldiers="S1 board d2 n weapons=S:gun:4:S\nN1 board f6 s weapons=N:bomb:2:N\nN2 board b7 s")
    path = tmp_path / "p.txt"
    path.write_text(text)
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "scenario.py"), str(path), "--view", "S"],
                         capture_output=True, text=True, check=True).stdout
    assert "N:bomb" not in out and "weapons=?" in out and "rng: ?" in out and "view: S" in out
    assert "S:gun" in out
