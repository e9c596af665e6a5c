"""The Two Mists invariants pinned exactly (issue 14): each broken fact of a position gives its own
message, keyed by the position-text line it concerns (TM-3, TM-5, TM-6.3, TM-10, TM-11)."""

from game.mists.invariants import check_invariants
from game.mists.model import SEATS, Result, Take
from game.mists.setup import new_game
from mists_helpers import make


def _state(**kw):
    s = make("MKWSF", **kw)      # display: attack scout attack spear axe
    assert check_invariants(s) == []
    return s


def test_TM_3_unknown_phase():
    s = _state()
    s.phase = "lunch"
    assert check_invariants(s) == ["phase: unknown phase 'lunch'"]


def test_TM_3_1_characters_must_be_distinct_cards_of_the_set():
    s = _state()
    s.chars = ("monster", "monster", "witch", "saint")
    assert check_invariants(s) == ["A: characters ['monster', 'monster', 'witch', 'saint'] are not distinct cards of the set"]
    t = make("MKWS")
    t.chars = ("monster", "knight", "witch", "fool")
    assert check_invariants(t) == ["A: characters ['monster', 'knight', 'witch', 'fool'] are not distinct cards of the set"]


def test_TM_3_1_the_leftover():
    s = _state()
    s.leftover = None
    assert check_invariants(s) == ["leftover: characters are not dealt"]
    assert check_invariants(s, view=True) == []
    s = _state()
    s.chars = ("monster", None, "witch", "saint")
    assert check_invariants(s) == ["leftover: characters are not dealt"]
    s.leftover = "monster"
    assert check_invariants(s, view=True) == ["leftover: monster is also a player's character"]
    t = make("MKWS")
    t.leftover = "fool"
    assert check_invariants(t) == ["leftover: fool is not in the character set"]


def test_TM_3_deal_phase_holds_nothing_yet():
    assert check_invariants(new_game(4, 1)) == []
    for field, value in (("turn", 1), ("leftover", "fool"), ("chars", ("monster", None, None, None)),
                         ("display", ("attack", None, None, None, None))):
        s = new_game(4, 1)
        setattr(s, field, value)
        assert "phase: deal phase with characters, display or turns already set" in check_invariants(s), field


def test_TM_12_revealed_needs_a_known_character():
    s = _state(revealed="B")
    s.chars = ("monster", None, "witch", "saint")
    assert check_invariants(s, view=True) == ["B: revealed but the character is unknown"]
    d = new_game(4, 1)
    d.revealed = (True, False, False, False)
    assert check_invariants(d) == []


def test_TM_6_3_life_range_and_life_0():
    s = _state()
    s.life = (7, 8, -1, 0)
    assert check_invariants(s) == ["B: life 8 out of range", "C: life -1 out of range", "D: life 0 in a game that goes on"]
    u = make("MKWSF", rules=["life_max=none"])
    u.life = (40, 7, 7, 7)
    assert check_invariants(u) == []


def test_TM_10_card_counts_add_up():
    s = _state()
    s.apile = (-1,) + s.apile[1:]
    assert check_invariants(s) == ["decks: a negative count",
                                   "decks: cards do not add up to the deck compositions for attack (1 != 6)"]
    s = _state()
    s.apile = (5,) + s.apile[1:]                 # one attack too many
    s.epile = s.epile[:4] + (2,)                 # one poison too few
    assert check_invariants(s) == ["decks: cards do not add up to the deck compositions for attack (7 != 6), "
                                   "poison (2 != 3)"]


def test_TM_10_1_a_card_in_the_wrong_row():
    s = _state()
    s.display = ("spear", "scout", "attack", "attack", "axe")   # the counts still add up
    assert check_invariants(s) == ["display: spear lies in the wrong row", "display: attack lies in the wrong row"]


def test_TM_5_3_records():
    s = _state(records={"A": "1:attack>B"}, turn=2, active="B")
    s.turn = 0
    assert check_invariants(s) == ["A: record turn 1 out of order"]
    s = _state(records={"A": "1:attack>B 5:scout@BCDB>B"}, turn=6, active="B")
    s.records = ((Take(5, "scout", points=(1, 2, 3, 1), target=1), Take(1, "attack", target=1)),) + s.records[1:]
    assert check_invariants(s) == ["A: record turn 1 out of order"]
    s = _state(records={"A": "1:attack>B 5:scout@BCDB>B"}, turn=6, active="B")
    s.records = ((Take(1, "attack", target=1), Take(1, "scout", points=(1, 2, 3, 1), target=1)),) + s.records[1:]
    assert check_invariants(s) == ["A: record turn 1 out of order"]     # two entries in one turn
    s = _state(records={"A": "1:attack>B"}, turn=2, active="B")
    s.records = ((Take(0, "attack", target=1),),) + s.records[1:]
    assert check_invariants(s) == ["A: record turn 0 out of order"]     # no entry before turn 1
    s = _state(records={"A": "1:pass"}, turn=2, active="B", revealed="A")
    s.revealed = (False,) * 4
    assert check_invariants(s) == ["A: passed but not revealed"]
    r = make("MKWSF", records={"A": "1:pass"}, turn=2, active="B", rules=["pass_reveals=false"])
    assert check_invariants(r) == []
    s = _state(turn=2, active="B")
    s.records = ((Take(1, "dragon"),),) + s.records[1:]
    assert check_invariants(s) == ["A: unknown card 'dragon' in the record"]


def test_TM_5_1_forbidden_and_twice_taken_cards_in_a_record():
    s = _state(records={"A": "1:attack>B"}, turn=2, active="B")
    s.records = ((Take(1, "sacrifice", target=1),),) + s.records[1:]
    s.apile = s.apile[:7] + (2,) + s.apile[8:]
    s.apile = (s.apile[0] + 1,) + s.apile[1:]
    assert check_invariants(s) == ["A: the monster holds sacrifice, which is forbidden to it"]
    s = _state(records={"C": "3:axe 7:grimoire"}, turn=8, active="D")
    s.records = s.records[:2] + ((Take(3, "axe"), Take(7, "axe")),) + s.records[3:]
    s.epile = (s.epile[0], s.epile[1] + 1, s.epile[2] - 1) + s.epile[3:]
    assert check_invariants(s) == ["C: axe taken twice"]
    t = make("MKWSF", records={"C": "3:axe 7:grimoire"}, turn=8, active="D", rules=["equipment_once_per_player=false"])
    t.records = t.records[:2] + ((Take(3, "axe"), Take(7, "axe")),) + t.records[3:]
    t.epile = (t.epile[0], t.epile[1] + 1, t.epile[2] - 1) + t.epile[3:]
    assert check_invariants(t) == []


def test_TM_10_1_pending_draws():
    d = new_game(4, 1)
    d.draws = (0,)
    assert check_invariants(d) == ["draws: draws pending before the deal"]
    s = _state()
    s.draws = (0,)
    assert check_invariants(s) == ["draws: a pending draw names a full or unknown slot"]
    s.draws = (7,)
    assert check_invariants(s) == ["draws: a pending draw names a full or unknown slot"]
    s.draws = (-1,)
    assert check_invariants(s) == ["draws: a pending draw names a full or unknown slot"]


def test_TM_7_2_pointings_only_while_collecting():
    s = _state()
    s.pointing = (None,) * 4
    assert check_invariants(s) == ["pointing: pointings exist exactly while a Scout collects them"]


def test_TM_4_2_a_choice_phase_needs_a_card_taken_this_turn():
    for phase in ("target", "heal", "extra"):
        s = _state()
        s.phase = phase
        assert check_invariants(s) == [f"phase: {phase} without a card taken this turn"], phase
    s = _state(records={"A": "1:attack>B"}, turn=2, active="A")
    s.phase = "target"
    assert check_invariants(s) == ["phase: target without a card taken this turn"]
    s = _state()
    s.phase = "end"
    s.draws = (0,)
    s.display = (None,) + s.display[1:]
    s.apile = (s.apile[0] + 1,) + s.apile[1:]
    assert check_invariants(s) == ["phase: end without a card taken this turn"]


def test_TM_3_5_start_and_active():
    s = _state()
    s.start = None
    assert check_invariants(s) == ["start: no start player in a started game"]
    s = _state()
    s.active = 4
    assert check_invariants(s) == ["active: not a seat"]
    s.active = -1
    assert check_invariants(s) == ["active: not a seat"]


def test_TM_11_result_checks():
    s = _state()
    s.phase = "over"
    assert check_invariants(s) == ["result: a result exactly when the game is over"]
    chars = ("monster", "knight", "witch", "saint")
    s = _state()
    s.life = (7, 0, 7, 7)
    s.phase = "over"
    s.result = Result("death", (1,), "front", (0,), chars, "fool")
    assert check_invariants(s) == []
    s.result = Result("death", (1,), "front", (0, 1), chars, "fool")
    assert check_invariants(s) == ["result: winners or world do not follow TM-2.2"]
    s.result = Result("death", (1,), "back", (0,), chars, "fool")
    assert check_invariants(s) == ["result: winners or world do not follow TM-2.2"]
    s.result = Result("death", (1, 2), "front", (0,), chars, "fool")
    assert check_invariants(s) == ["result: a dead player has life left"]
    s.result = Result("stalemate", (1,), "front", (0,), chars, "fool")
    assert check_invariants(s) == ["result: dead players in a game that ended without a death"]
    s.life = (7, 7, 7, 7)
    s.result = Result("death", (), "front", (), chars, "fool")
    assert check_invariants(s) == ["result: a death ending without a dead player"]
    s.result = Result("stalemate", (), "front", (), chars, "fool")
    assert check_invariants(s) == []


def test_TM_5_3_entries_after_a_pass_are_checked_too():
    s = _state(records={"A": "1:pass 5:attack>B"}, turn=6, active="B", revealed="A")
    s.records = ((Take(1, "pass"), Take(5, "sacrifice", target=1)),) + s.records[1:]
    s.apile = (s.apile[0] + 1,) + s.apile[1:7] + (s.apile[7] - 1,) + s.apile[8:]
    assert check_invariants(s) == ["A: the monster holds sacrifice, which is forbidden to it"]


def test_TM_10_1_a_draw_just_past_the_display():
    s = _state()
    s.draws = (5,)
    assert check_invariants(s) == ["draws: a pending draw names a full or unknown slot"]


def test_TM_7_2_a_pointing_phase_needs_the_scout_taken_this_turn():
    s = _state()
    s.phase = "point"
    s.pointing = (None,) * 4
    assert check_invariants(s) == ["phase: point without a card taken this turn"]


def test_TM_6_3_uncapped_life_has_a_generous_bound():
    u = make("MKWSF", rules=["life_max=none"])
    u.life = (100, 10 ** 6, 7, 10 ** 6 + 1)
    assert check_invariants(u) == ["D: life 1000001 out of range"]


def test_TM_5_3_entries_after_an_unknown_card_are_still_counted():
    s = _state(records={"A": "1:attack>B 5:attack>B"}, turn=6, active="B")
    s.records = ((Take(1, "dragon"), Take(5, "attack", target=1)),) + s.records[1:]
    assert check_invariants(s) == ["A: unknown card 'dragon' in the record",
                                   "decks: cards do not add up to the deck compositions for attack (5 != 6)"]


# -- issue 24: check_view (TM-12) -------------------------------------------------------------------
def _pointing_under_way():
    from game.core.playout import random_action
    from game.core.rng import Rng
    from game.mists import make_ruleset, new_game
    rng = Rng(4)
    for seed in range(60):
        st = new_game(4, seed, make_ruleset())
        while not st.is_over():
            if st.pointing is not None and any(p is not None for p in st.pointing):
                return st
            st.apply(random_action(st, rng))
    raise AssertionError("no Scout pointing under way")


def test_TM_12_check_view_names_each_secret_shown():
    from game.mists.invariants import check_view
    from game.mists.view import view
    st = _pointing_under_way()
    pointer = next(s for s, p in enumerate(st.pointing) if p is not None)
    other = SEATS[(pointer + 1) % 4]
    for viewer in (None, *SEATS[:4]):
        assert check_view(st, view(st, viewer)) == []
    v = view(st, other)
    v.pointing = st.pointing
    assert check_view(st, v) == [f"TM-12.3: the view of {other} shows {SEATS[pointer]}'s Scout pointing before the reveal"]
    hidden = next(s for s in range(4) if not st.revealed[s] and SEATS[s] != other)
    v = view(st, other)
    v.chars, v.leftover, v.rng = st.chars, st.leftover, st.rng
    assert check_view(st, v) == [f"TM-12: the view of {other} shows the generator",
                                 f"TM-12: the view of {other} shows the leftover character"] + [
        f"TM-12: the view of {other} shows {SEATS[s]}'s hidden character"
        for s in range(4) if not st.revealed[s] and SEATS[s] != other]
    v = view(st, None)
    v.chars = st.chars
    assert f"TM-12: the view of the spectator shows {SEATS[hidden]}'s hidden character" in check_view(st, v)
    masked = st.clone()
    masked.revealed = (False,) * 4
    v = view(masked, None)
    v.chars = masked.chars
    assert check_view(masked, v) == [f"TM-12: the view of the spectator shows {seat}'s hidden character"
                                     for seat in SEATS[:4]]


def test_TM_12_5_check_view_after_the_end_finds_nothing_hidden():
    from game.core.playout import random_game
    from game.core.rng import Rng
    from game.mists import make_ruleset, new_game
    from game.mists.invariants import check_view
    from game.mists.view import view
    st = new_game(3, 2, make_ruleset())
    random_game(st, Rng(2))
    v = view(st, "A")
    v.rng, v.chars, v.leftover = st.rng, st.chars, st.leftover
    assert st.result is not None and check_view(st, v) == []
