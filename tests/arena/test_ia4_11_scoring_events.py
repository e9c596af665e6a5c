"""IA-4.1/4.2 gains, IA-10.2 regroup, IA-11 waza-ari, ippon, the last provision and the end, in
scoring.py: each event's fields and text as the log and the animation read them."""

from arena_helpers import do, position


def scoring(events):
    kinds = ("gain", "no-gain", "reset", "waza-ari", "ippon", "regroup", "points", "over")
    return [e.as_dict() for e in events if e.kind in kinds]


def test_IA_4_2_empty_bank_gives_nothing():
    st = position(prov="A=3 B=4 bank=0")
    events = do(st, "A cavalry retreat")
    assert scoring(events) == [{"kind": "no-gain", "seat": "B", "text": "B gains nothing: the bank is empty (IA-4.2)"}]
    assert st.provisions == (3, 4) and st.bank == 0


def test_IA_11_3_last_provision_award_and_reset():
    st = position(prov="A=4 B=2 bank=1")
    events = do(st, "A cavalry retreat")
    assert scoring(events) == [
        {"kind": "gain", "seat": "B", "amount": 1, "bank": 0, "text": "B takes 1 provision from the bank"},
        {"kind": "waza-ari", "seat": "A", "why": "last-provision", "waza": (1, 0), "wiped": 0,
         "text": "A gets a waza-ari (last-provision)"},
        {"kind": "reset", "provisions": 2, "bank": 3, "text": "provisions reset to 2 each, bank 3 (IA-11.3)"}]
    assert st.provisions == (2, 2) and st.bank == 3 and st.waza == (1, 0)


def test_IA_11_2_ippon_event_and_end():
    st = position({"A cavalry": "front living", "A infantry": "front living", "A artillery": "middle living"})
    events = do(st, "A artillery advance")
    assert scoring(events) == [
        {"kind": "ippon", "seat": "A", "text": "A takes ippon (IA-11.2)"},
        {"kind": "over", "winners": ("A",), "reason": "ippon", "scores": (0, 0), "text": "A wins (ippon)"}]
    assert st.result.winners == ("A",) and st.phase == "over"


def test_IA_10_2_regroup_event():
    st = position({"A cavalry": "back living", "A infantry": "back living", "A artillery": "middle living"})
    events = do(st, "A artillery retreat")
    assert scoring(events)[0] == {"kind": "regroup", "seat": "A", "row": 1,
                                  "units": ("A.cavalry", "A.infantry", "A.artillery"),
                                  "text": "A regroups in the middle row (IA-10.2)"}
    assert [st.unit("A", k).row for k in ("cavalry", "infantry", "artillery")] == [1, 1, 1]


def test_IA_11_1_last_taker_wipes_the_opponents_waza_ari():
    st = position({"A cavalry": "front living", "B infantry": "front living damage=1"}, waza="A=0 B=1",
                  rules="waza_ari_mode=last_taker")
    events = do(st, "A cavalry melee infantry", "B allow")
    assert scoring(events)[0] == {"kind": "waza-ari", "seat": "A", "why": "kill", "waza": (1, 0), "wiped": 1,
                                  "text": "A gets a waza-ari (kill); B loses 1"}
    assert st.waza == (1, 0)


def test_IA_11_4_second_waza_ari_wins():
    st = position({"A cavalry": "front living", "B infantry": "front living damage=1"}, waza="A=1 B=0")
    events = do(st, "A cavalry melee infantry", "B allow")
    assert scoring(events) == [
        {"kind": "waza-ari", "seat": "A", "why": "kill", "waza": (2, 0), "wiped": 0, "text": "A gets a waza-ari (kill)"},
        {"kind": "over", "winners": ("A",), "reason": "waza-ari", "scores": (2, 0), "text": "A wins (waza-ari)"}]
    assert st.result.winners == ("A",)


def test_IA_12_6_overwhelm_scores_two_and_returns_to_the_middle():
    st = position({"A warrior": "front living", "A fire_mage": "front living", "A ice_mage": "middle living"},
                  ruleset="dice")
    events = do(st, "A ice_mage advance")
    assert scoring(events) + [e.as_dict() for e in events if e.kind == "overwhelm"] == [
        {"kind": "points", "seat": "A", "amount": 2, "why": "overwhelm", "points": (2, 0), "text": "A scores 2 (overwhelm)"},
        {"kind": "overwhelm", "seat": "A", "row": 1, "units": ("A.warrior", "A.fire_mage", "A.ice_mage"),
         "text": "A overwhelms: its units return to the middle row (IA-12.6)"}]
    assert [st.unit("A", k).row for k in ("warrior", "fire_mage", "ice_mage")] == [1, 1, 1] and st.result is None


def test_IA_12_7_five_points_win():
    st = position({"A warrior": "front living", "B warrior": "front living strikes=2"}, ruleset="dice",
                  points="A=4 B=3")
    do(st, "A warrior melee warrior")
    events = do(st, "chance roll 1 1")
    assert scoring(events)[-1] == {"kind": "over", "winners": ("A",), "reason": "points", "scores": (5, 3),
                                   "text": "A wins (points)"}


def test_IA_12_7_a_lead_of_three_wins():
    st = position({"A warrior": "front living", "B warrior": "front living strikes=2"}, ruleset="dice",
                  points="A=2 B=0")
    do(st, "A warrior melee warrior")
    events = do(st, "chance roll 1 1")
    assert scoring(events)[-1] == {"kind": "over", "winners": ("A",), "reason": "lead", "scores": (3, 0),
                                   "text": "A wins (lead)"}


def test_IA_12_7_a_lead_of_two_goes_on():
    st = position({"A warrior": "front living", "B warrior": "front living strikes=2"}, ruleset="dice",
                  points="A=1 B=0")
    do(st, "A warrior melee warrior")
    do(st, "chance roll 1 1")
    assert st.result is None and st.points == (2, 0)


def test_IA_4_1_gain_of_two_plural_text():
    st = position(prov="A=3 B=1 bank=3", rules="gain_per_turn=2")
    events = do(st, "A cavalry retreat")
    assert scoring(events) == [{"kind": "gain", "seat": "B", "amount": 2, "bank": 1,
                                "text": "B takes 2 provisions from the bank"}]
    assert st.provisions == (3, 3)


def test_IA_10_2_second_player_regroups_its_own_units():
    st = position({"B cavalry": "back living", "B infantry": "back living", "B artillery": "middle living"}, turn=4)
    events = do(st, "B artillery retreat")
    assert scoring(events)[0] == {"kind": "regroup", "seat": "B", "row": 1,
                                  "units": ("B.cavalry", "B.infantry", "B.artillery"),
                                  "text": "B regroups in the middle row (IA-10.2)"}
    assert [st.unit("B", k).row for k in ("cavalry", "infantry", "artillery")] == [1, 1, 1]
    assert [st.unit("A", k).row for k in ("cavalry", "infantry", "artillery")] == [1, 1, 1]


def test_IA_11_1_cumulative_waza_ari_wipes_nothing():
    st = position({"A cavalry": "front living", "B infantry": "front living damage=1"}, waza="A=0 B=1",
                  rules="waza_ari_mode=cumulative")
    events = do(st, "A cavalry melee infantry", "B allow")
    assert scoring(events)[0] == {"kind": "waza-ari", "seat": "A", "why": "kill", "waza": (1, 1), "wiped": 0,
                                  "text": "A gets a waza-ari (kill)"}
    assert st.waza == (1, 1)
