"""The Two Mists position text pinned exactly (issue 14): every line it writes, every refusal's whole
message with its line number (TM-5.4 records, TM-12 views, TM-11 results)."""

import pytest

from game.core.errors import NotationError, RulesetError
from game.mists.model import Take
from game.mists.notation import format_position, format_take, parse_position, parse_take
from game.mists.ruleset import make_ruleset
from game.mists.setup import new_game
from game.mists.view import view
from mists_helpers import do, make

PHASES = "deal, first, take, target, heal, point, extra, over, end, again"
GOOD = format_position(make("MKWSF", records={"A": "1:arcana+A>C"}, turn=2, active="B"))
THREE = format_position(make("MKWS", turn=1))


def _broken(old, new, text=GOOD):
    assert old in text, old
    return text.replace(old, new, 1)


def _refused(text) -> str:
    with pytest.raises(NotationError) as info:
        parse_position(text)
    return str(info.value)


# -- formatting ----------------------------------------------------------------------------------
@pytest.mark.parametrize("take, text", [
    (Take(5, "arcana", heal=0, target=2), "5:arcana+A>C"),
    (Take(7, "scout", points=(2, 0, 3, 1), target=1), "7:scout@CADB>B"),
    (Take(3, "combo", target=2, choice="extra"), "3:combo>C/extra"),
    (Take(4, "combo", target=0, choice="decline"), "4:combo>A/decline"),
    (Take(6, "pass"), "6:pass"), (Take(12, "poison"), "12:poison"),
])
def test_TM_5_4_record_entries(take, text):
    assert format_take(take) == text
    assert parse_take(text, 4, "test") == take


def test_TM_12_position_text_line_by_line():
    s = make("MKWSF", display="scout - attack - axe", active="B", turn=2, marks="C", revealed="A", life={"A": 1},
             records={"A": "1:pass"}, restricted=True, rules=["life_max=9"])
    assert format_position(s).splitlines()[1:] == [
        "game: two-mists", "players: 4", "rules: life_max=9", "rng: 0x0000000000000001", "phase: take", "turn: 2",
        "active: B", "start: A", "intimidated: yes", "leftover: fool",
        "decks: actions=attack:5,scout:3,charge_m:2,charge_k:2,charge_w:2,charge_s:2,charge_f:2,sacrifice:3,"
        "combo:3,arcana:3,intimidate:3 equipment=spear:3,grimoire:3,axe:2,staff:3,poison:3",
        "display: A1=scout A2=- A3=attack E1=- E2=axe", "draws: -", "pointing: -",
        "A: monster life=1 revealed", "  1:pass", "B: knight life=7 hidden", "C: witch life=7 hidden mark",
        "D: saint life=7 hidden", "result: -"]
    assert parse_position(format_position(s)) == s


def test_TM_12_view_text_hides_with_question_marks_and_parses_back():
    s = make("MKWSF", display="scout attack attack spear axe", active="B")
    do(s, "B take A1")
    do(s, "chance draw A1 attack; B point C")
    v = view(s, "C")
    lines = format_position(v).splitlines()
    assert "viewer: C" in lines and "rng: ?" in lines and "leftover: ?" in lines
    assert "pointing: A=- B=? C=- D=-" in lines and "A: ? life=7 hidden" in lines and "C: witch life=7 hidden" in lines
    back = parse_position(format_position(v))
    assert back.viewer == "C" and back.pointing == (None, "?", None, None) and back.chars[2] == "witch"
    assert format_position(back) == format_position(v)
    spectator = format_position(view(s, None))
    assert "viewer: -" in spectator.splitlines() and parse_position(spectator).viewer is None


def test_TM_3_text_of_a_game_before_the_deal():
    text = format_position(new_game(3, 4))
    lines = text.splitlines()
    assert "start: -" in lines and "leftover: -" in lines and "draws: -" in lines
    assert "A: - life=7 hidden" in lines and "display: A1=- A2=- A3=- E1=- E2=-" in lines
    assert parse_position(text) == new_game(3, 4)


def test_TM_10_an_empty_deck_prints_a_dash_and_pending_draws_their_slots():
    s = make("MKWSF")
    s.apile = (0,) * 11
    s.draws = (1, 3)
    s.display = ("attack", None, "attack", None, "axe")
    s.epile = (3, 3, 2, 3, 3)
    text = format_position(s)
    assert "decks: actions=- equipment=spear:3,grimoire:3,axe:2,staff:3,poison:3" in text
    assert "draws: A2 E1" in text


def test_TM_5_4_long_records_wrap_ten_entries_a_line():
    cards = ["attack"] * 6 + ["charge_k", "charge_k", "charge_w", "charge_w", "charge_s"]
    entries = [f"{4 * i + 1}:{c}>B" for i, c in enumerate(cards)]
    s = make("MKWSF", records={"A": " ".join(entries)}, turn=45, display="scout scout scout spear axe")
    lines = format_position(s).splitlines()
    i = lines.index("A: monster life=7 hidden")
    assert lines[i + 1] == "  " + " ".join(entries[:10])
    assert lines[i + 2] == "  41:charge_s>B" and lines[i + 3].startswith("B: ")
    assert parse_position("\n".join(lines) + "\n").records[0] == s.records[0]


def test_TM_11_result_line_of_a_death_and_of_a_stalemate():
    s = make("MKWSF", display="attack attack attack spear axe", life={"D": 1})
    do(s, "A take A1; chance draw A1 attack; A target D")
    text = format_position(s)
    assert text.endswith("result: death dead=D,A\n")
    assert parse_position(text) == s and parse_position(text).result == s.result
    s = make("KWSM", display="- - - - -")
    do(s, "A pass")
    assert format_position(s).endswith("result: stalemate dead=-\n")
    assert parse_position(format_position(s)).result == s.result


# -- refusals -------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, message", [
    (GOOD + "B: knight life=7 hidden\n", "line 22: seat B appears twice"),
    (_broken("turn: 2", "turn: 2\n  3"), "line 7: section 'turn' takes no indented lines"),
    (GOOD + "turn: 3\n", "line 22: 'turn' appears twice"),
    (GOOD + "colour: red\n", "line 22: unknown section 'colour'"),
    (_broken("rng: 0x0000000000000001\n", ""),
     "line 5: missing section 'rng' (a line 'rng: ...'), expected after line 4 ('rules:'); see docs/mists.md"),
    (_broken("result: -\n", ""),
     "line 21: missing section 'result' (a line 'result: ...'), expected after line 20 ('D:'); see docs/mists.md"),
    (_broken("result: -", "result:"),
     "line 21: expected 'result: REASON dead=SEATS' (reasons: death, stalemate, turn_limit)"),
    (_broken("game: two-mists", "game: trench-war"), "line 2: not a Two Mists position (game: trench-war)"),
    (_broken("players: 4", "players: 5"), "line 3: players must be 3 or 4, not 5"),
    (_broken("rules: -", "rules: -\nviewer: E"), "line 5: 'E' is not a seat in play (A B C D)"),
    (_broken("rng: 0x0000000000000001", "rng: ?"), "line 5: the generator is hidden only in a view"),
    (_broken("rng: 0x0000000000000001", "rng: 0x10000000000000000"), "line 5: the generator state must fit in 64 bits"),
    (_broken("rng: 0x0000000000000001", "rng: -1"), "line 5: the generator state must fit in 64 bits"),
    (_broken("phase: take", "phase: dance"), f"line 6: unknown phase 'dance' (known: {PHASES})"),
    (_broken("turn: 2", "turn: -1"), "line 7: the turn is never negative"),
    (_broken("active: B", "active: E"), "line 8: 'E' is not a seat in play (A B C D)"),
    (_broken("start: A", "start: b"), "line 9: 'b' is not a seat in play (A B C D)"),
    (_broken("intimidated: no", "intimidated: maybe"), "line 10: intimidated must be yes or no, not 'maybe'"),
    (_broken("leftover: fool", "leftover: ?"), "line 11: the leftover is hidden only in a view"),
    (_broken("leftover: fool", "leftover: dragon"), "line 11: unknown character 'dragon'"),
    (_broken("decks: actions=", "decks: cards=-  actions="), "line 12: expected 'actions=... equipment=...'"),
    (_broken(" equipment=", " "), "line 12: expected 'actions=... equipment=...'"),
    (_broken("decks: actions=attack:4", "decks: actions=dragon:4"), "line 12: unknown card 'dragon'"),
    (_broken("decks: actions=attack:4", "decks: actions=attack:x"), "line 12: bad card count in 'attack:x'"),
    (_broken("display: A1=attack A2=scout", "display: A2=scout A1=attack"),
     "line 13: expected slots A1 A2 A3 E1 E2 in order"),
    (_broken("display: A1=attack", "display: A1=spear"), "line 13: 'spear' cannot lie in slot A1"),
    (_broken("E1=spear", "E1=attack"), "line 13: 'attack' cannot lie in slot E1"),
    (_broken("draws: -", "draws: Q1"), "line 14: unknown slot 'Q1'"),
    (_broken("pointing: -", "pointing: A=- B=-"), "line 15: expected one pointing per seat, A.. in order"),
    (_broken("pointing: -", "pointing: B=- A=- C=- D=-"), "line 15: expected one pointing per seat, A.. in order"),
    (_broken("pointing: -", "pointing: A=? B=- C=- D=-"), "line 15: a hidden pointing appears only in another player's view"),
    (_broken("pointing: -", "pointing: A=E B=- C=- D=-"), "line 15: 'E' is not a seat in play (A B C D)"),
    (_broken("D: saint life=7 hidden\n", ""), "line 20: missing the line of seat D (a line 'D: CHARACTER "
                                              "life=N revealed|hidden'), expected after line 19 ('C:'); see docs/mists.md"),
    (_broken("B: knight life=7 hidden", "B:"), "line 18: seat B needs its character"),
    (_broken("B: knight life=7 hidden", "B: ? life=7 hidden"), "line 18: a character is hidden only in a view"),
    (_broken("B: knight life=7 hidden", "B: dragon life=7 hidden"), "line 18: unknown character 'dragon'"),
    (_broken("B: knight life=7 hidden", "B: knight life=7 hidden sleepy"), "line 18: unknown seat token 'sleepy'"),
    (_broken("B: knight life=7 hidden", "B: knight hidden"), "line 18: seat B needs life= and revealed/hidden"),
    (_broken("B: knight life=7 hidden", "B: knight life=7"), "line 18: seat B needs life= and revealed/hidden"),
    (_broken("  1:arcana+A>C", "  1:arcana+A>C!"),
     "line 17: bad record entry '1:arcana+A>C!' (turn:card[+heal][@points][>target][/choice])"),
    (_broken("  1:arcana+A>C", "  1:dragon"), "line 17: unknown card 'dragon' in '1:dragon'"),
    (_broken("  1:arcana+A>C", "  1:scout@AB>C"), "line 17: '1:scout@AB>C' needs one pointing per seat (4)"),
    (_broken("result: -", "result: win dead=-"),
     "line 21: expected 'result: REASON dead=SEATS' (reasons: death, stalemate, turn_limit)"),
    (_broken("result: -", "result: death"),
     "line 21: expected 'result: REASON dead=SEATS' (reasons: death, stalemate, turn_limit)"),
    (_broken("result: -", "result: death A"),
     "line 21: expected 'result: REASON dead=SEATS' (reasons: death, stalemate, turn_limit)"),
    (_broken("result: -", "result: death dead=A x"),
     "line 21: expected 'result: REASON dead=SEATS' (reasons: death, stalemate, turn_limit)"),
    (_broken("result: -", "result: death dead=E"), "line 21: 'E' is not a seat in play (A B C D)"),
    (_broken("leftover: fool", "leftover: knight"), "line 11: leftover: knight is also a player's character"),
    (_broken("B: knight life=7 hidden", "B: knight life=0 hidden"), "line 18: B: life 0 in a game that goes on"),
])
def test_TM_12_malformed_position_message(text, message):
    assert _refused(text) == message


@pytest.mark.parametrize("old, new, message", [
    ("  1:arcana+A>C", "  1:arcana+D>C", "line 17: 'D' is not a seat in play (A B C)"),
    ("C: witch life=7 hidden", "C: witch life=7 hidden\nD: fool life=7 hidden", "line 20: seat D is not in play"),
    ("active: B", "active: D", "line 8: 'D' is not a seat in play (A B C)"),
    ("  1:arcana+A>C", "  1:scout@ABCA>B", "line 17: '1:scout@ABCA>B' needs one pointing per seat (3)"),
])
def test_TM_1_three_player_position_refusals(old, new, message):
    text = format_position(make("MKWS", records={"A": "1:arcana+A>C"}, turn=2, active="B"))
    assert _refused(_broken(old, new, text)) == message


def test_TM_0_ruleset_errors_name_their_line():
    with pytest.raises(RulesetError) as info:
        make_ruleset(["colour=red"])
    assert _refused(_broken("rules: -", "rules: colour=red")) == f"line 4: {info.value}"


def test_TM_11_a_result_needs_every_character_and_the_leftover():
    text = format_position(new_game(3, 4)).replace("result: -", "result: stalemate dead=-")
    assert _refused(text) == "line 19: a finished game shows every character and the leftover"


@pytest.mark.parametrize("old, new, message", [
    ("players: 4", "players: four", "line 3: not an integer: 'four'"),
    ("rng: 0x0000000000000001", "rng: zz", "line 5: not an integer: 'zz'"),
    ("decks: actions=", "decks: =3 actions=", "line 12: empty key in '=3'"),
    ("equipment=spear:2", "equipment=dragon:2", "line 12: unknown card 'dragon'"),
    ("display: A1=attack", "display: =attack A1=attack", "line 13: empty key in '=attack'"),
    ("pointing: -", "pointing: =A", "line 15: empty key in '=A'"),
    ("B: knight life=7 hidden", "B: knight life=x hidden", "line 18: not an integer: 'x'"),
    ("result: -", "result: -\nx: 1", "line 22: unknown section 'x'"),
])
def test_TM_12_bad_values_name_their_line(old, new, message):
    assert _refused(_broken(old, new)) == message


def test_TM_12_3_a_view_never_hides_its_own_pointing():
    s = make("MKWSF", display="scout attack attack spear axe", active="B")
    do(s, "B take A1; chance draw A1 attack; B point C; C point D")
    text = format_position(view(s, "C"))
    assert "pointing: A=- B=? C=D D=-" in text
    bad = text.replace("pointing: A=- B=? C=D D=-", "pointing: A=- B=? C=? D=-")
    line = [n for n, t in enumerate(bad.splitlines(), 1) if t.startswith("pointing:")][0]
    assert _refused(bad) == f"line {line}: a hidden pointing appears only in another player's view"


def test_TM_12_a_parsed_position_plays_on_with_the_same_legal_actions():
    s = make("MKWSF", display="scout attack combo spear axe", active="C", records={"A": "1:pass"}, turn=3,
             revealed="A", start="A")
    t = parse_position(format_position(s))
    assert t.legal_actions() == s.legal_actions() and [str(a) for a in t.legal_actions()] == [
        "C take A1", "C take A2", "C take E2", "C pass"]   # the Witch may not take Combo or the Spear (TM-0)


def test_TM_0_rules_line_lists_every_change():
    s = make("MKWSF", rules=["life_max=9", "death_check=end_of_card"])
    text = format_position(s)
    assert "rules: life_max=9 death_check=end_of_card\n" in text
    assert parse_position(text).rules == s.rules


def test_TM_12_a_view_before_the_deal_prints_dashes():
    lines = format_position(view(new_game(3, 4), "B")).splitlines()
    assert "leftover: -" in lines and "B: - life=7 hidden" in lines and "A: - life=7 hidden" in lines


@pytest.mark.parametrize("old, new, message", [
    ("  1:arcana+A>C", "  1:arcana+A>D", "line 17: 'D' is not a seat in play (A B C)"),
    ("  1:arcana+A>C", "  1:scout@ABD>C", "line 17: 'D' is not a seat in play (A B C)"),
])
def test_TM_5_4_record_seats_not_in_play(old, new, message):
    text = format_position(make("MKWS", records={"A": "1:arcana+A>C"}, turn=2, active="B"))
    assert _refused(_broken(old, new, text)) == message


def test_TM_5_4_a_bad_entry_on_a_records_second_line_names_that_line():
    cards = ["attack"] * 6 + ["charge_k", "charge_k", "charge_w", "charge_w", "charge_s"]
    entries = [f"{4 * i + 1}:{c}>B" for i, c in enumerate(cards)]
    text = format_position(make("MKWSF", records={"A": " ".join(entries)}, turn=45, display="scout scout scout spear axe"))
    lines = text.splitlines()
    second = lines.index("A: monster life=7 hidden") + 3     # line numbers count from 1
    bad = text.replace("  41:charge_s>B", "  41:charge_s>B!")
    assert _refused(bad) == f"line {second}: bad record entry '41:charge_s>B!' (turn:card[+heal][@points][>target][/choice])"


def test_TM_11_a_finished_game_must_show_every_character():
    s = make("KWSFM", display="- - - - -")
    do(s, "A pass")
    text = format_position(s)
    bad = _broken("B: witch life=7 revealed", "B: - life=7 revealed", text)
    line = [n for n, t in enumerate(bad.splitlines(), 1) if t.startswith("result:")][0]
    assert _refused(bad) == f"line {line}: a finished game shows every character and the leftover"


def test_TM_2_2_a_parsed_4p_back_world_result_keeps_the_saint_losing():
    s = make("KWSFM", display="- - - - -")
    do(s, "A pass")
    t = parse_position(format_position(s))
    assert t.result == s.result and t.result.winners == () and t.result.world == "back"
