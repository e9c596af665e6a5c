"""SB-0: the ruleset data and the card-data format (SB-0.2): validation, replacement, errors."""

import os

import pytest

from game.core.errors import RulesetError
from game.steel import load_ruleset, make_ruleset, new_game
from game.steel.cards import DEFAULT_CARDS, parse_card_set

from .helpers import game, run, unit

DEFAULT_TEXT = open(DEFAULT_CARDS, encoding="utf-8").read()


def test_SB_0_default_data_validates():
    cs = make_ruleset().card_set
    assert [c.id for c in cs.commands] == ["C1", "C2", "C3", "C4", "C5", "C6"]
    assert [u.id for u in cs.escorts] == ["disruptor", "engineer", "medic", "infantry", "grenadier", "sniper"]
    assert sorted(m.speed for m in cs.mechs) == [3, 5, 7]
    assert [c.id for c in cs.commands if c.returns_to_hand] == ["C6"]
    assert {(m.id, m.hp, m.speed) for m in cs.mechs} == {("heavy", 6, 7), ("agile", 5, 3), ("standard", 6, 5)}
    assert [u.speed for u in cs.escorts] == [1, 2, 3, 4, 5, 6]


def test_SB_0_2_reconstructed_effects_match_the_tables():
    cs = make_ruleset().card_set
    focused = cs.escort("infantry").effect("focused")
    assert (focused.dist, focused.sp, [str(o) for o in focused.ops]) == ((1,), 0, ["hit 1 attacker"])
    mine = cs.escort("engineer").effect("mine")
    assert (mine.timing, mine.sp, [str(o) for o in mine.ops]) == ("trap", 1, ["cancel_move", "damage 2"])
    cannon = cs.mech("heavy").effect("cannon")
    assert (cannon.dist, cannon.sp, cannon.is_attack) == ((2, 3), 2, True)
    assert not cs.escort("disruptor").effect("jamming").is_attack


def _write(tmp_path, text, name="set.cards"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_SB_0_one_effect_escorts_replace_the_set_without_code(tmp_path):
    # every escort keeps only its first effect: no Effect decision is asked
    lines, skip = [], False
    for line in DEFAULT_TEXT.splitlines():
        if line.startswith("unit ") and "class=escort" in line:
            skip = False
            lines.append(line)
            continue
        if line.strip().startswith("effect") and lines and "class=escort" in _last_unit(lines):
            if skip:
                continue
            skip = True
        lines.append(line)
    path = _write(tmp_path, "\n".join(lines))
    rules = make_ruleset([f"cards={path}"])
    assert all(len(u.effects) == 1 for u in rules.card_set.escorts)
    st = game(settings=[f"cards={path}"], escorts=("infantry medic engineer sniper",) * 2, dist=1)
    events = run(st, unit(st, "I", "infantry"), "II play C6 recover")
    # focused attack, the infantry's only effect, is taken without an Effect decision: I picks the target
    assert [e.get("effect") for e in events if e.kind == "effect"] == ["focused"]
    assert {a.verb for a in st.legal_actions()} == {"hit"}
    run(st, "I hit sniper")
    assert st.tokens[4:] == (0, 0, 0, 1) and st.phase == "play"


def _last_unit(lines):
    return next(line for line in reversed(lines) if line.startswith("unit "))


def test_SB_0_2_replaced_set_changes_the_game(tmp_path):
    text = DEFAULT_TEXT.replace("unit agile class=mech name_jp=\"機動型\" name_en=\"Agile\" speed=3 hp=5",
                                "unit agile class=mech name_jp=\"機動型\" name_en=\"Agile\" speed=3 hp=2")
    path = _write(tmp_path, text)
    st = game(settings=[f"cards={path}"])
    assert st.hp == (6, 2)


@pytest.mark.parametrize("old,new,line_hint,problem", [
    ("half kind=move move=advance steps=-1 speed=2", "half kind=move move=advance steps=1 speed=2",
     "half kind=move move=advance", "does not fit move=advance"),
    ("half kind=designate target=front", "half kind=designate target=top", "target=top", "target must be one of"),
    ('effect smoke name_jp="煙幕" name_en="Smoke" dist=all sp=1 timing=now ops="shield; shift 1"',
     'effect smoke name_jp="煙幕" name_en="Smoke" dist=all sp=1 timing=now ops="shield; warp 1"',
     "effect smoke", "unknown op 'warp'"),
    ('speed=3 hp=5', 'speed=3 hp=9', "unit agile", "hp=9 is out of range 1..6"),
    ('speed=3 hp=5', 'speed=7 hp=5', "unit agile", "mech speeds must differ"),
    ("command C6 name_jp=\"回収\" name_en=\"Recover\" returns_to_hand=true",
     "command C6 name_jp=\"回収\" name_en=\"Recover\" returns_to_hand=false", "command C6",
     "has a recover half but does not return to hand"),
    ('dist=near sp=0 timing=now ops="hit 1 attacker"', 'dist=close sp=0 timing=now ops="hit 1 attacker"',
     "effect focused", "bad distance 'close'"),
    ('ops="drain 2"', 'ops="cancel_move"', "effect jamming", "cancel_move is allowed in trap effects only"),
])
def test_SB_0_2_malformed_card_file_names_file_line_and_problem(tmp_path, old, new, line_hint, problem):
    assert old in DEFAULT_TEXT
    text = DEFAULT_TEXT.replace(old, new, 1)
    path = _write(tmp_path, text)
    number = next(i for i, line in enumerate(text.splitlines(), 1) if line_hint in line)
    with pytest.raises(RulesetError) as err:
        make_ruleset([f"cards={path}"])
    msg = str(err.value)
    assert msg.startswith(f"SB-0.2: {path}: line {number}: ") and problem in msg


def test_SB_0_2_missing_designation_and_third_half(tmp_path):
    text = DEFAULT_TEXT.replace("half kind=designate target=back", "half kind=designate target=front")
    with pytest.raises(RulesetError, match=r"line \d+: no half designates back"):
        parse_card_set(text, "x.cards")
    text = DEFAULT_TEXT.replace("half kind=designate target=back",
                                "half kind=designate target=back\n  half kind=designate target=back")
    with pytest.raises(RulesetError, match=r"x.cards: line 10: command C2 has 3 halves"):
        parse_card_set(text, "x.cards")
    with pytest.raises(RulesetError, match=r"line 1: a half must follow its command line"):
        parse_card_set("half kind=recover speed=9\n", "x.cards")
    with pytest.raises(RulesetError, match=r"line 1: cannot split the line"):
        parse_card_set('command C1 name_jp="open\n', "x.cards")


def test_SB_0_2_unreadable_card_file(tmp_path):
    with pytest.raises(RulesetError, match="SB-0.2: cannot read card file /nonexistent.cards"):
        make_ruleset(["cards=/nonexistent.cards"])
    path = tmp_path / "bad.cards"
    path.write_bytes(DEFAULT_TEXT.encode("utf-8")[:200] + b"\n\xff\xfe\n")
    with pytest.raises(RulesetError, match=rf"SB-0.2: {path}: line \d+: not UTF-8 text"):
        make_ruleset([f"cards={path}"])


def test_SB_0_1_unknown_key_and_bad_values_name_the_key():
    with pytest.raises(RulesetError, match="SB-0: unknown ruleset key 'sp_maxx'"):
        make_ruleset(["sp_maxx=3"])
    with pytest.raises(RulesetError, match=r"SB-0: sp_max=30 is out of range 1\.\.20"):
        make_ruleset(["sp_max=30"])
    with pytest.raises(RulesetError, match="SB-0: effect_choice_at must be one of resolution, play"):
        make_ruleset(["effect_choice_at=never"])
    with pytest.raises(RulesetError, match="SB-0: unknown variant 'fast'"):
        make_ruleset([], ["fast"])
    with pytest.raises(RulesetError, match="SB-0: mech_assignment must be"):
        make_ruleset(["mech_assignment=heavy,heavy"])
    with pytest.raises(RulesetError, match="SB-0: escorts_dealt=5 but the card set"):
        make_ruleset(["escorts_dealt=5"])


def test_SB_0_1_variants_and_settings():
    r = make_ruleset(["sp_max=4"], ["effect-at-play", "shield-pays"])
    assert (r.sp_max, r.effect_choice_at, r.shielded_effect_pays) == (4, "play", True)
    assert r.changes() == {"sp_max": 4, "effect_choice_at": "play", "shielded_effect_pays": True}
    assert make_ruleset().changes() == {}


def test_SB_0_1_ruleset_file_with_relative_card_file(tmp_path):
    _write(tmp_path, DEFAULT_TEXT.replace("speed=3 hp=5", "speed=3 hp=4"), "mine.cards")
    conf = tmp_path / "rules.conf"
    conf.write_text("# my rules\nsp_max = 4\ncards = mine.cards\n", encoding="utf-8")
    r = load_ruleset(str(conf))
    assert r.sp_max == 4 and r.card_set.mech("agile").hp == 4
    assert r.cards == os.path.join(str(tmp_path), "mine.cards")
    conf.write_text("sp_max = lots\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"sp_max must be an integer.*rules.conf:1"):
        load_ruleset(str(conf))


def test_SB_0_1_full_move_steps_applies_to_full_moves_without_steps():
    st = game(settings=["full_move_steps=1"], dist=3)
    run(st, "I play C3 full_advance", "II play C6 recover")
    assert st.dist == 2


def test_SB_0_1_new_game_checks_player_count():
    with pytest.raises(ValueError, match="2 players"):
        new_game(3, 0)
