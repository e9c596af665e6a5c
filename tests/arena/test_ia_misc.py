"""Rule ids the other files touch only in passing: IA-1, IA-5.2, IA-5.5, IA-6.3, IA-8.1, IA-13."""

from arena_helpers import do, event, kinds, position, surcharge_of, unit

from game.arena import make_ruleset, new_game
from game.arena.notation import format_position
from game.arena.view import view
from game.core.protocol import CHANCE, TERMINAL


def test_IA_1_perfect_information_views_hide_only_the_generator():
    st = position({"A cavalry": "front living damage=2 healing", "B artillery": "back living spirit=2 pinned"},
                  turn=4, prov="A=3 B=1 bank=3", waza="A=1 B=0")
    for viewer in ("A", "B", None):
        text = format_position(view(st, viewer))
        assert "rng: ?" in text and "0x0000000000001234" not in text
        assert text.split("rng: ?\n")[1] == format_position(st).split("rng: 0x0000000000001234\n")[1]


def test_IA_5_2_activation_pays_to_the_bank_and_heals_before_the_window():
    st = position({"A infantry": "middle living damage=2 healing pinned"}, prov="A=2 B=2 bank=3")
    events = do(st, "A infantry shoot cavalry")
    assert kinds(events) == ["act", "pay", "heal", "cancel-window"]
    assert event(events, "pay").get("amount") == 2 and st.bank == 5 and st.provisions == (0, 2)
    i = unit(st, "A", "infantry")
    assert i.damage == 0 and not i.healing and i.pinned   # the pin ends with A's turn, not at activation


def test_IA_5_5_ippon_is_checked_before_the_waza_ari_win():
    st = position({"A cavalry": "front living", "A infantry": "front living", "A artillery": "front living",
                   "B cavalry": "front living"}, waza="A=1 B=0", prov="A=2 B=0 bank=5")
    events = do(st, "A cavalry melee cavalry", "B allow")
    assert st.waza == (2, 0) and st.result.reason == "ippon"
    assert kinds(events)[-2:] == ["ippon", "over"]


def test_IA_6_3_charge_is_quick():
    st = position()
    events = do(st, "A cavalry charge")
    assert event(events, "act").get("quick") is True and st.last[0] == (0, True)
    do(st, "B infantry retreat")
    assert surcharge_of(st, "A", "cavalry") == 0


def test_IA_8_1_damage_has_no_limit_spirit_has_its_cap():
    st = position({"B cavalry": "middle living damage=5"}, prov="A=2 B=1 bank=4")
    do(st, "A infantry shoot cavalry")
    assert unit(st, "B", "cavalry").damage == 6
    st = position({"B cavalry": "middle living damage=2"}, prov="A=2 B=1 bank=4", rules="damage_cap=2")
    do(st, "A infantry shoot cavalry")
    assert unit(st, "B", "cavalry").damage == 2
    st = position({"A artillery": "middle living spirit=1"}, prov="A=2 B=1 bank=4", rules="spirit_cap=1")
    do(st, "A artillery shoot cavalry")
    assert unit(st, "A", "artillery").spirit == 1


def test_IA_13_who_decides_at_each_moment():
    st = new_game(2, seed=8)
    assert st.current_player() == CHANCE and st.phase == "first"
    st.apply("chance first B")
    assert st.current_player() == "B"
    st.apply("B infantry shoot cavalry")
    assert st.current_player() == "A" and st.phase == "cancel"
    st.apply("A cancel")
    assert st.current_player() == "A" and st.phase == "act"
    dice = new_game(2, seed=8, first="A", rules=make_ruleset(["ruleset=dice"]))
    dice.apply("A ice_mage chill warrior")
    assert dice.current_player() == CHANCE and dice.phase == "roll"
    dice.apply(dice.sample_chance())
    assert dice.current_player() == "B"
    over = position({"A cavalry": "front living", "A infantry": "front living", "B cavalry": "front fallen"},
                    waza="A=1 B=0")
    over.apply("A artillery advance")
    assert over.current_player() == TERMINAL and over.legal_actions() == []
