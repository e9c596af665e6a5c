"""Position notation (docs/notation.md): round trip, malformed input, action text round trip."""

import pytest
from trench_helpers import scene

from game.core.errors import NotationError
from game.core.playout import random_steps
from game.core.rng import Rng
from game.trench import new_game
from game.trench.actions import Action, parse_actions
from game.trench.notation import format_position, parse_position
from game.trench.view import view

SAMPLE = scene(cells={"d4": "0", "c5": "2", "e7": "N", "c1": "nS"},
               soldiers="""
    S1 board d4 n weapons=S:gun:3:SN!,N:bomb:2:N masks=1 drugs=2 food=1 cubes=2 corpses=N2 gas-check=1
    S2 boat e1 n weapons=S:gas:2:S mask-on
    S3 corpse b3 e weapons=S:bomb:1:S
    N1 board b6 s weapons=N:gun:4:N
    N2 carried - s carrier=S1
    N3 escaped - s
""", items="a4 food drug\nb3 food", gas="3 N e4 2", turn="S cards=move,build slot=1 uses=1 ",
               extra="interrupt-used: N\nskip: N\nbonus: S\ndeclared: S\nnext-gas: 4\n"
                     "pending:\n  handover N N3", points={"S": 2}, spent={"N": 1})


def test_notation_round_trip_handmade_position():
    st = parse_position(SAMPLE)
    text = format_position(st)
    assert format_position(parse_position(text)) == text
    assert parse_position(text) == st and parse_position(text).key() == st.key()  # by state, not text
    s1 = st.soldier("S1")
    assert [w.tile for w in s1.weapons] == ["S:gun", "N:bomb"]
    assert s1.weapons[0].public and s1.weapons[0].known == frozenset("SN")
    assert (s1.masks, s1.drugs, s1.food, s1.cubes, s1.corpses, s1.gas_check) == (1, 2, 1, 2, ("N2",), 1)
    assert st.soldier("S2").mask_on and st.soldier("N2").carrier == "S1"
    assert st.columns[4 + 7 * 6] == "N" and st.columns[2] == "nS"


def test_notation_round_trip_through_playouts_and_views():
    for players in (2, 3, 4):
        st = new_game(players, seed=players)
        rng = Rng(players)
        for _ in range(12):
            text = format_position(st)
            again = parse_position(text)
            assert format_position(again) == text
            assert again.key() == st.key()
            assert [str(a) for a in again.legal_actions()] == [str(a) for a in st.legal_actions()]
            for seat in (None,) + st.seats:
                vtext = format_position(view(st, seat))
                assert format_position(parse_position(vtext)) == vtext
            if st.is_over():
                break
            random_steps(st, rng, 15)


def test_notation_view_hides_with_question_marks():
    st = parse_position(SAMPLE)
    v = format_position(view(st, "N"))
    assert "view: N" in v and "rng: ?" in v
    assert "S hand=? " in v and "S2 boat e1 n weapons=? " in v
    assert "N1 board b6 s weapons=N:gun:4:N" in v
    # a fired (public) weapon and one N has seen stay visible
    assert "S1 board d4 n weapons=S:gun:3:" in v and ",N:bomb:2:N" in v
    assert "S hand=? discard=move " in v  # discard piles are public (TW-10)
    assert "turn: S cards=move,? " in v


@pytest.mark.parametrize("broken,words", [
    ("phase: turn", ["phase", "nonsense"]),
    ("  S1 board d4 n", ["bad status 'boardd4'"]),
    ("  4   1  1  1  0  1  1  1", ["board"]),
    ("wind: calm", ["wind", "line"]),
])
def test_notation_malformed_positions_name_the_line_or_problem(broken, words):
    replacement = {
        "phase: turn": "phase: nonsense",
        "  S1 board d4 n": "  S1 boardd4 n",
        "  4   1  1  1  0  1  1  1": "  4   1  1  1  3  1  1  1",
        "wind: calm": "wind: sideways",
    }[broken]
    line = next(ln for ln in SAMPLE.splitlines() if ln.startswith(broken))
    bad = SAMPLE.replace(line, line.replace(broken, replacement), 1)
    with pytest.raises(NotationError) as info:
        parse_position(bad)
    msg = str(info.value)
    assert any(w in msg for w in words), msg


@pytest.mark.parametrize("text,fragment", [
    ("", "no 'players:' line"),
    ("players: S N\nphase: turn\nboard:\nsoldiers:\ncards:\n", "board needs the 7 ranks"),
    (SAMPLE + "colour: red\n", "unknown section 'colour'"),
    (SAMPLE + "round: 3\n", "appears twice"),
    (SAMPLE.replace("players: S N", "players: S X"), "players are S N, S W N or S W N E"),
    (SAMPLE.replace("  N1 board b6 s", "  N1 board d4 s"), "N1 and S1 stand on d4"),
    (SAMPLE.replace("  N1 board b6 s", "  N1 board c5 s"), "wall c5"),
    (SAMPLE.replace("  N1 board b6 s", "  N1 board z9 s"), "not a cell"),
    (SAMPLE.replace("  N1 board b6 s", "  N1 floating b6 s"), "bad status"),
    (SAMPLE.replace("  N1 board b6 s", "  N1 board b6 up"), "bad facing"),
    (SAMPLE.replace("  N1 board b6 s", "  N1 board b6 s colour=red"), "unknown key 'colour'"),
    (SAMPLE.replace("weapons=N:gun:4:N", "weapons=N:sword:4:N"), "bad weapon"),
    (SAMPLE.replace("a4 food drug", "a4 food cake"), "with items food, drug"),
    (SAMPLE.replace("3 N e4 2", "3 N e4 5"), "gas"),
    (SAMPLE.replace("hand=", "hand=move:x,"), "bad card count"),
    (SAMPLE.replace("rng: 0x1", "rng: 0x1\nrules: gun_range=99"), "gun_range"),
    (SAMPLE.replace("wind-card: calm", "wind-card: typhoon"), "unknown wind card"),
    ("  indented first\n", "indented line outside a block"),
    ("players S N\n", "expected 'key: value'"),
])
def test_notation_malformed_position_messages(text, fragment):
    with pytest.raises(NotationError) as info:
        parse_position(text)
    assert fragment in str(info.value)


def test_notation_malformed_column_too_tall():
    line = next(ln for ln in SAMPLE.splitlines() if ln.startswith("  4 "))
    bad = SAMPLE.replace(line, line.replace(" 0 ", "nnn", 1), 1)
    with pytest.raises(NotationError, match="bad column|taller"):
        parse_position(bad)


def test_action_text_round_trip_for_every_legal_action_seen():
    seen = set()
    for players, seed in ((2, 11), (4, 12), (3, 13)):
        st = new_game(players, seed=seed)
        rng = Rng(seed)
        for _ in range(150):
            if st.is_over():
                break
            for a in st.legal_actions():
                text = str(a)
                assert Action.parse(text) == a and str(Action.parse(text)) == text
                seen.add(a.verb)
            random_steps(st, rng, 1)
    assert {"first", "arm", "boat", "base", "plot", "step"} <= seen
    assert parse_actions("S1 step n; S reveal\n# comment\nS pass") == [
        Action("S1", "step", ("n",)), Action("S", "reveal"), Action("S", "pass")]


def test_notation_hidden_parts_only_in_a_view():
    text = format_position(view(parse_position(SAMPLE), "N")).replace("view: N\n", "")
    with pytest.raises(NotationError, match="only in a view"):
        parse_position(text)


def test_notation_spectator_view_says_so_and_round_trips():
    vtext = format_position(view(parse_position(SAMPLE), None))
    assert "view: spectator" in vtext
    assert format_position(parse_position(vtext)) == vtext


def test_notation_a_position_must_name_who_decides():
    st = parse_position(SAMPLE)
    text = format_position(st)
    with pytest.raises(NotationError, match="phase: over"):
        parse_position(text.replace(f"phase: {st.phase}", "phase: over"))
    no_turn = "\n".join(line for line in text.splitlines() if not line.startswith("turn:"))
    if st.phase == "turn" and not st.pending:
        with pytest.raises(NotationError, match="'turn:' line"):
            parse_position(no_turn)
