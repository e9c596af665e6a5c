"""cards.py pinned exactly (issue 14): the default set read field by field against SB-0.3 to SB-0.5, and
every malformed card file refused with the file, the line and the whole problem text (SB-0.2)."""

import os

import pytest

from game.core.errors import RulesetError
from game.steel.cards import DEFAULT_CARDS, Op, load_card_set, parse_card_set

DEFAULT_TEXT = open(DEFAULT_CARDS, encoding="utf-8").read()


def test_SB_0_3_command_cards_field_by_field():
    cs = parse_card_set(DEFAULT_TEXT, "d.cards")
    assert cs.path == "d.cards"
    got = [(c.id, c.name_jp, c.name_en, c.returns_to_hand,
            [(h.kind, h.speed, h.move, h.steps, h.target, h.token) for h in c.halves]) for c in cs.commands]
    assert got == [
        ("C1", "前進 / 前", "Advance / Front", False,
         [("move", 2, "advance", -1, "", "advance"), ("designate", 0, "", None, "front", "front")]),
        ("C2", "後退 / 後", "Retreat / Back", False,
         [("move", 2, "retreat", 1, "", "retreat"), ("designate", 0, "", None, "back", "back")]),
        ("C3", "全速前進 / 左", "Full advance / Left", False,
         [("move", 5, "full_advance", None, "", "full_advance"), ("designate", 0, "", None, "left", "left")]),
        ("C4", "全速後退 / 右", "Full retreat / Right", False,
         [("move", 5, "full_retreat", None, "", "full_retreat"), ("designate", 0, "", None, "right", "right")]),
        ("C5", "機体", "Mech", False,
         [("designate", 0, "", None, "mech", "mech"), ("designate", 0, "", None, "mech", "mech")]),
        ("C6", "回収", "Recover", True, [("recover", 9, "", None, "", "recover"), ("recover", 9, "", None, "", "recover")])]
    # SB-4.1: a card with identical halves is one option
    assert [len(c.options()) for c in cs.commands] == [2, 2, 2, 2, 1, 1]
    assert cs.command("C1").half("front").target == "front" and cs.command("C1").half("back") is None
    assert cs.command("C7") is None and cs.escort("heavy") is None and cs.mech("medic") is None
    assert [c.line for c in cs.commands] == [7, 10, 14, 17, 20, 23]


UNITS = [
    ("disruptor", "撹乱兵", "Disruptor", "escort", 1, 0, [
        ("smoke", "煙幕", "Smoke", (1, 2, 3), 1, "now", ["shield", "shift 1"], False),
        ("jamming", "妨害", "Jamming", (1, 2, 3), 0, "now", ["drain 2"], False)]),
    ("engineer", "工作兵", "Engineer", "escort", 2, 0, [
        ("drone", "対人ドローン", "AP drone", (1, 2, 3), 0, "trap", ["cancel_move", "hit 1 defender"], True),
        ("mine", "対戦車地雷", "AT mine", (1, 2, 3), 1, "trap", ["cancel_move", "damage 2"], True)]),
    ("medic", "衛生兵", "Medic", "escort", 3, 0, [
        ("heal", "回復", "Heal", (1, 2, 3), 0, "now", ["heal_one"], False),
        ("replenish", "補充", "Replenish", (1, 2, 3), 1, "if_attacked", ["heal_each"], False)]),
    ("infantry", "戦闘歩兵", "Combat infantry", "escort", 4, 0, [
        ("focused", "集中攻撃", "Focused attack", (1,), 0, "now", ["hit 1 attacker"], True),
        ("rifle", "小銃射撃", "Rifle fire", (2,), 0, "now", ["hit 1 defender"], True)]),
    ("grenadier", "擲弾兵", "Grenadier", "escort", 5, 0, [
        ("volley", "擲弾射撃", "Grenade volley", (1, 2), 1, "now", ["hit 2 defender"], True),
        ("at_grenade", "対戦車擲弾", "AT grenade", (1,), 1, "now", ["damage 1"], True)]),
    ("sniper", "狙撃兵", "Sniper", "escort", 6, 0, [
        ("snipe", "狙撃", "Snipe", (3,), 2, "now", ["destroy defender"], True),
        ("am_shot", "対物狙撃", "AM shot", (2, 3), 1, "now", ["damage 1"], True)]),
    ("heavy", "重装型", "Heavy", "mech", 7, 6, [
        ("cannon", "主砲", "Main cannon", (2, 3), 2, "now", ["damage 2"], True),
        ("barrage", "榴弾砲撃", "HE barrage", (3,), 1, "now", ["hit 2 defender"], True)]),
    ("agile", "機動型", "Agile", "mech", 3, 5, [
        ("melee", "格闘", "Melee", (1,), 1, "now", ["damage 2"], True),
        ("autocannon", "機関砲", "Autocannon", (1, 2), 0, "now", ["damage 1"], True)]),
    ("standard", "汎用型", "Standard", "mech", 5, 6, [
        ("long_gun", "長砲身砲", "Long gun", (1, 2, 3), 1, "now", ["damage 1"], True),
        ("suppress", "制圧射撃", "Suppressing fire", (2,), 0, "now", ["hit 1 defender"], True)]),
]


def test_SB_0_4_and_0_5_units_field_by_field():
    cs = parse_card_set(DEFAULT_TEXT)
    got = [(u.id, u.name_jp, u.name_en, u.cls, u.speed, u.hp,
            [(e.id, e.name_jp, e.name_en, e.dist, e.sp, e.timing, [str(o) for o in e.ops], e.is_attack)
             for e in u.effects]) for u in cs.escorts + cs.mechs]
    assert got == UNITS
    assert cs.path == "<cards>"
    assert cs.escort("medic").effect("replenish").ops == (Op("heal_each"),)
    assert cs.escort("infantry").effect("focused").ops == (Op("hit", 1, "attacker"),)
    assert cs.escort("medic").effect("snipe") is None


def test_SB_0_2_op_text():
    assert [str(o) for o in (Op("damage", 2), Op("hit", 2, "defender"), Op("destroy", 0, "attacker"),
                             Op("shift", 1), Op("drain", 2), Op("cancel_move"), Op("shield"), Op("heal_one"),
                             Op("heal_each"))] == \
        ["damage 2", "hit 2 defender", "destroy attacker", "shift 1", "drain 2", "cancel_move", "shield",
         "heal_one", "heal_each"]


def test_SB_0_2_distance_words_and_booleans():
    text = DEFAULT_TEXT.replace('dist=mid,far sp=2 timing=now ops="damage 2"',
                                'dist="far, middle" sp=2 timing=now ops="damage 2"')
    text = text.replace('dist=near sp=1 timing=now ops="damage 2"', 'dist=3,1 sp=1 timing=now ops="damage 2"')
    text = text.replace("returns_to_hand=true", "returns_to_hand=YES")
    text = text.replace('name_en="Mech"', 'name_en="Mech" returns_to_hand=0')
    cs = parse_card_set(text)
    assert cs.mech("heavy").effect("cannon").dist == (2, 3) and cs.mech("agile").effect("melee").dist == (1, 3)
    assert [c.returns_to_hand for c in cs.commands] == [False] * 5 + [True]
    for word in ("true", "1"):
        assert parse_card_set(DEFAULT_TEXT.replace("returns_to_hand=true", f"returns_to_hand={word}")).command(
            "C6").returns_to_hand
    for word in ("false", "no"):
        cs = parse_card_set(DEFAULT_TEXT.replace('name_en="Mech"', f'name_en="Mech" returns_to_hand={word}'))
        assert not cs.command("C5").returns_to_hand


def test_SB_0_2_effect_timing_defaults_to_now():
    text = DEFAULT_TEXT.replace('dist=far sp=2 timing=now ops="destroy defender"', 'dist=far sp=2 ops="destroy defender"')
    assert parse_card_set(text).escort("sniper").effect("snipe").timing == "now"


def line_of(text, hint):
    return next(i for i, line in enumerate(text.splitlines(), 1) if hint in line)


CMD1 = 'command C1 name_jp="前進 / 前" name_en="Advance / Front"'
ADV = "half kind=move move=advance steps=-1 speed=2"
RET = "half kind=move move=retreat steps=1 speed=2"
UNIT_SN = 'unit sniper class=escort name_jp="狙撃兵" name_en="Sniper" speed=6'
SNIPE = 'effect snipe name_jp="狙撃" name_en="Snipe" dist=far sp=2 timing=now ops="destroy defender"'
AGILE = 'unit agile class=mech name_jp="機動型" name_en="Agile" speed=3 hp=5'


@pytest.mark.parametrize("old,new,problem", [
    (ADV, ADV + " fast", "expected key=value, got 'fast'"),
    (CMD1, CMD1 + " colour=red", "unknown field 'colour' (known: name_jp, name_en, returns_to_hand)"),
    (ADV, ADV + " speed=3", "field 'speed' given twice"),
    (UNIT_SN, UNIT_SN.replace(' name_en="Sniper"', ""), "missing field 'name_en'"),
    (ADV, ADV.replace("speed=2", "speed=fast"), "speed must be an integer, not 'fast'"),
    (ADV, ADV.replace("speed=2", "speed=0"), "speed=0 is out of range 1..99"),
    (ADV, ADV.replace("speed=2", "speed=100"), "speed=100 is out of range 1..99"),
    (CMD1, CMD1.replace("C1", "1C"), "bad command id '1C' (a letter, then letters, digits or _)"),
    (UNIT_SN, UNIT_SN.replace("unit sniper", "unit _sniper"), "bad unit id '_sniper' (a letter, then letters, "
                                                               "digits or _)"),
    (SNIPE, SNIPE.replace("effect snipe", "effect snipe-1"), "bad effect id 'snipe-1' (a letter, then letters, "
                                                             "digits or _)"),
    (CMD1, "command name_jp=x name_en=y", "command needs an id first"),
    (UNIT_SN, "unit", "unit needs an id first"),
    (SNIPE, "  effect", "effect needs an id first"),
    (CMD1, CMD1 + " returns_to_hand=maybe", "returns_to_hand must be true or false, not 'maybe'"),
    (SNIPE, SNIPE.replace("dist=far", "dist=far,close"),
     "bad distance 'close' in dist=far,close (near, mid, far, 1-3 or all)"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"destroy defender;"'),
     "empty op in ops='destroy defender;'"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"warp 1"'),
     "unknown op 'warp' (known: damage, hit, destroy, cancel_move, shield, shift, drain, heal_one, heal_each)"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"damage"'), "op damage takes one amount, got 'damage'"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"drain 1 2"'), "op drain takes one amount, got 'drain 1 2'"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"damage 21"'), "damage amount=21 is out of range 1..20"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"drain 0"'), "drain amount=0 is out of range 1..20"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"hit 1"'),
     "op hit takes an amount and defender|attacker, got 'hit 1'"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"hit 1 nobody"'),
     "op hit takes an amount and defender|attacker, got 'hit 1 nobody'"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"hit 3 defender"'), "hit amount=3 is out of range 1..2"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"destroy"'), "op destroy takes defender|attacker, got 'destroy'"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"destroy me"'),
     "op destroy takes defender|attacker, got 'destroy me'"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"shift 2"'), "op shift takes the amount 1 (SB-9.2), got 'shift 2'"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"shield now"'), "op shield takes no arguments, got 'shield now'"),
    (SNIPE, SNIPE.replace('"destroy defender"', '"cancel_move"'), "op cancel_move is allowed in trap effects only"),
    (SNIPE, SNIPE.replace("timing=now", "timing=later"), "timing must be one of now, trap, if_attacked, not 'later'"),
    (SNIPE, SNIPE + "\n  " + SNIPE, "effect id 'snipe' repeated in unit sniper"),
    (UNIT_SN, UNIT_SN.replace("class=escort", "class=tank"), "class must be escort or mech, not 'tank'"),
    (AGILE, AGILE.replace(" hp=5", ""), "a mech needs hp"),
    (UNIT_SN, UNIT_SN + " hp=2", "an escort has no hp"),
    (ADV, "card C9", "unknown record 'card' (command, half, unit, effect)"),
    ("half kind=designate target=front", "half kind=designate target=front speed=1",
     "a designate half has exactly kind and target (no speed of its own)"),
    ("half kind=designate target=front", "half kind=designate target=top",
     "target must be one of front, back, left, right, mech, not 'top'"),
    (ADV, "half kind=move move=advance steps=-1", "a move half needs a speed"),
    ("half kind=recover speed=9", "half kind=recover speed=9 move=advance", "a recover half has exactly kind and speed"),
    (ADV, "half kind=jump speed=2", "half kind must be move, recover or designate, not 'jump'"),
    (ADV, "half kind=move move=hop steps=-1 speed=2",
     "move must be one of advance, retreat, full_advance, full_retreat, not 'hop'"),
    (ADV, "half kind=move steps=-1 speed=2",
     "move must be one of advance, retreat, full_advance, full_retreat, not ''"),
    (ADV, ADV + " target=front", "a move half has no target"),
    (ADV, ADV.replace("steps=-1", "steps=0"), "steps=0 does not fit move=advance (- is toward near)"),
    (RET, RET.replace("steps=1", "steps=-1"), "steps=-1 does not fit move=retreat (- is toward near)"),
    (ADV, ADV.replace("steps=-1", "steps=-3"), "steps=-3 is out of range -2..2"),
    (RET, RET.replace("steps=1", "steps=3"), "steps=3 is out of range -2..2"),
    (ADV, ADV.replace(" steps=-1", ""), "a advance half needs steps"),
    (CMD1, CMD1.replace('"Advance / Front"', '"Advance'), "cannot split the line: No closing quotation"),
])
def test_SB_0_2_line_errors_name_file_line_and_problem(old, new, problem):
    assert old in DEFAULT_TEXT
    text = DEFAULT_TEXT.replace(old, new, 1)
    number = line_of(DEFAULT_TEXT, old) + new.count("\n")
    with pytest.raises(RulesetError) as err:
        parse_card_set(text, "x.cards")
    assert str(err.value) == f"SB-0.2: x.cards: line {number}: {problem}"


def test_SB_0_2_full_move_steps_given_in_the_file():
    text = DEFAULT_TEXT.replace("half kind=move move=full_advance speed=5",
                                "half kind=move move=full_advance steps=-1 speed=5")
    assert parse_card_set(text).command("C3").halves[0].steps == -1
    text = DEFAULT_TEXT.replace("half kind=move move=full_retreat speed=5",
                                "half kind=move move=full_retreat steps=2 speed=5")
    assert parse_card_set(text).command("C4").halves[0].steps == 2


def whole_set_error(text):
    with pytest.raises(RulesetError) as err:
        parse_card_set(text, "x.cards")
    return str(err.value)


LAST = DEFAULT_TEXT.count("\n") + 1


def test_SB_0_2_whole_set_errors():
    c1 = CMD1 + "\n  " + ADV + "\n  half kind=designate target=front\n"
    text = DEFAULT_TEXT.replace("command C2", c1 + "command C2", 1)
    assert whole_set_error(text) == "SB-0.2: x.cards: line 10: command id 'C1' repeated (first on line 7)"
    text = DEFAULT_TEXT.replace("  half kind=designate target=front\n", "", 1)
    assert whole_set_error(text) == "SB-0.2: x.cards: line 7: command C1 has 1 halves, needs exactly 2"
    text = DEFAULT_TEXT.replace("  half kind=designate target=front\n", "  half kind=move move=advance steps=-1 "
                                "speed=3\n", 1)
    assert whole_set_error(text) == "SB-0.2: x.cards: line 7: command C1: two different halves both read 'advance'"
    text = DEFAULT_TEXT.replace('name_en="Mech"', 'name_en="Mech" returns_to_hand=true')
    assert whole_set_error(text) == \
        "SB-0.2: x.cards: line 20: command C5 returns to hand, so both its halves must be recover"
    text = DEFAULT_TEXT.replace("  half kind=recover speed=9\n  half kind=recover speed=9",
                                "  half kind=recover speed=9\n  half kind=designate target=mech")
    assert whole_set_error(text) == \
        "SB-0.2: x.cards: line 23: command C6 returns to hand, so both its halves must be recover"
    cut = DEFAULT_TEXT.index("unit disruptor")
    assert whole_set_error(DEFAULT_TEXT[cut:]) == f"SB-0.2: x.cards: line {DEFAULT_TEXT[cut:].count(chr(10)) + 1}: " \
        "no command cards"


def test_SB_0_2_returning_card_count():
    c7 = 'command C7 name_jp=x name_en=y returns_to_hand=true\n  half kind=recover speed=9\n' \
         '  half kind=recover speed=9\n'
    text = DEFAULT_TEXT.replace("\n# -- SB-0.4", "\n" + c7 + "# -- SB-0.4", 1)
    assert whole_set_error(text) == "SB-0.2: x.cards: line 27: exactly one command card must return to hand, found 2"
    text = DEFAULT_TEXT.replace('command C6 name_jp="回収" name_en="Recover" returns_to_hand=true\n'
                                '  half kind=recover speed=9\n  half kind=recover speed=9\n', "")
    assert whole_set_error(text) == \
        f"SB-0.2: x.cards: line {LAST - 3}: exactly one command card must return to hand, found 0"


def test_SB_0_2_every_side_and_the_mech_designated():
    text = DEFAULT_TEXT.replace("half kind=designate target=back", "half kind=designate target=front")
    text = text.replace("half kind=designate target=right", "half kind=designate target=left")
    assert whole_set_error(text) == f"SB-0.2: x.cards: line {LAST}: no half designates back, right"
    text = DEFAULT_TEXT.replace("half kind=designate target=mech", "half kind=designate target=front")
    assert whole_set_error(text) == f"SB-0.2: x.cards: line {LAST}: no half designates mech"


def test_SB_0_2_unit_errors():
    text = DEFAULT_TEXT.replace("unit sniper", "unit medic", 1)
    assert whole_set_error(text) == "SB-0.2: x.cards: line 43: unit id 'medic' repeated (first on line 34)"
    text = DEFAULT_TEXT.replace("  " + SNIPE + "\n", "")
    text = text.replace('  effect am_shot name_jp="対物狙撃" name_en="AM shot" dist=mid,far sp=1 timing=now '
                        'ops="damage 1"\n', "")
    assert whole_set_error(text) == "SB-0.2: x.cards: line 43: unit sniper has 0 effects, needs one or two"
    text = DEFAULT_TEXT.replace("  " + SNIPE, "  " + SNIPE + "\n  " + SNIPE.replace("snipe", "snipe2"))
    assert whole_set_error(text) == "SB-0.2: x.cards: line 43: unit sniper has 3 effects, needs one or two"
    text = DEFAULT_TEXT.replace(UNIT_SN, UNIT_SN.replace("speed=6", "speed=x"))
    assert whole_set_error(text) == "SB-0.2: x.cards: line 43: speed must be an integer, not 'x'"
    text = DEFAULT_TEXT.replace(AGILE, AGILE.replace("hp=5", "hp=0"))
    assert whole_set_error(text) == "SB-0.2: x.cards: line 51: hp=0 is out of range 1..6"
    text = DEFAULT_TEXT.replace(AGILE, AGILE.replace("hp=5", "hp=7"))
    assert whole_set_error(text) == "SB-0.2: x.cards: line 51: hp=7 is out of range 1..6"
    assert parse_card_set(DEFAULT_TEXT.replace(AGILE, AGILE.replace("hp=5", "hp=1"))).mech("agile").hp == 1
    assert parse_card_set(DEFAULT_TEXT.replace(AGILE, AGILE.replace("hp=5", "hp=6"))).mech("agile").hp == 6
    text = DEFAULT_TEXT.replace(AGILE, AGILE.replace("speed=3", "speed=5"))
    assert whole_set_error(text) == \
        "SB-0.2: x.cards: line 54: mech standard has speed 5 like mech agile; mech speeds must differ (SB-5.2)"


def test_SB_0_2_too_few_mechs_and_escorts():
    cut = DEFAULT_TEXT.index("unit agile")
    text = DEFAULT_TEXT[:cut]
    assert whole_set_error(text) == f"SB-0.2: x.cards: line {text.count(chr(10)) + 1}: needs at least 2 mech kinds, " \
        "found 1"
    two = DEFAULT_TEXT[:DEFAULT_TEXT.index("unit standard")]
    assert len(parse_card_set(two).mechs) == 2
    a, b = DEFAULT_TEXT.index("unit infantry"), DEFAULT_TEXT.index("\n# -- SB-0.5")
    text = DEFAULT_TEXT[:a] + DEFAULT_TEXT[b + 1:]
    assert whole_set_error(text) == f"SB-0.2: x.cards: line {text.count(chr(10)) + 1}: needs at least 4 escorts, " \
        "found 3"
    a = DEFAULT_TEXT.index("unit grenadier")
    text = DEFAULT_TEXT[:a] + DEFAULT_TEXT[b + 1:]
    assert len(parse_card_set(text).escorts) == 4


def test_SB_0_2_effect_and_half_must_follow_their_record():
    text = DEFAULT_TEXT.replace("# -- SB-0.4 escorts", "  " + SNIPE + "\n# -- SB-0.4 escorts")
    assert whole_set_error(text) == "SB-0.2: x.cards: line 27: an effect must follow its unit line"
    text = DEFAULT_TEXT.replace(UNIT_SN, UNIT_SN + "\n  half kind=recover speed=9")
    assert whole_set_error(text) == "SB-0.2: x.cards: line 44: a half must follow its command line"


def test_SB_0_2_load_card_set_caches_per_file_version(tmp_path):
    path = tmp_path / "a.cards"
    path.write_text(DEFAULT_TEXT, encoding="utf-8")
    first = load_card_set(str(path))
    assert load_card_set(str(path)) is first and first.path == str(path)
    path.write_text(DEFAULT_TEXT.replace(AGILE, AGILE.replace("hp=5", "hp=4")), encoding="utf-8")
    os.utime(path, ns=(1, 1))
    second = load_card_set(str(path))
    assert second is not first and second.mech("agile").hp == 4
    bad = tmp_path / "b.cards"
    bad.write_bytes(b"command C1\n\n\xff\n")
    with pytest.raises(RulesetError) as err:
        load_card_set(str(bad))
    assert str(err.value) == f"SB-0.2: {bad}: line 3: not UTF-8 text (byte 12)"
    with pytest.raises(RulesetError) as err:
        load_card_set(str(tmp_path / "none.cards"))
    assert str(err.value) == f"SB-0.2: cannot read card file {tmp_path / 'none.cards'}: No such file or directory"


def test_SB_0_2_every_record_keeps_its_line():
    cs = parse_card_set(DEFAULT_TEXT)
    for u in cs.escorts + cs.mechs:
        assert u.line == line_of(DEFAULT_TEXT, f"unit {u.id} "), u.id
        for e in u.effects:
            assert e.line == line_of(DEFAULT_TEXT, f"  effect {e.id} "), e.id
    assert [u.line for u in cs.mechs] == [48, 51, 54]


def test_SB_0_2_destroy_by_the_attacker():
    text = DEFAULT_TEXT.replace('ops="destroy defender"', 'ops="destroy attacker"')
    snipe = parse_card_set(text).escort("sniper").effect("snipe")
    assert snipe.ops == (Op("destroy", 0, "attacker"),) and str(snipe.ops[0]) == "destroy attacker"
    assert parse_card_set(DEFAULT_TEXT).escort("sniper").effect("snipe").ops == (Op("destroy", 0, "defender"),)


def test_SB_0_2_a_value_may_hold_an_equals_sign():
    text = DEFAULT_TEXT.replace('name_en="Sniper"', 'name_en="Sniper (range=far)"')
    assert parse_card_set(text).escort("sniper").name_en == "Sniper (range=far)"


def test_SB_0_2_effect_sp_range():
    number = line_of(DEFAULT_TEXT, SNIPE)
    for sp, problem in (("21", "sp=21 is out of range 0..20"), ("-1", "sp=-1 is out of range 0..20"),
                        ("two", "sp must be an integer, not 'two'")):
        with pytest.raises(RulesetError) as err:
            parse_card_set(DEFAULT_TEXT.replace(SNIPE, SNIPE.replace("sp=2", f"sp={sp}")), "x.cards")
        assert str(err.value) == f"SB-0.2: x.cards: line {number}: {problem}"
    assert parse_card_set(DEFAULT_TEXT.replace(SNIPE, SNIPE.replace("sp=2", "sp=20"))).escort(
        "sniper").effect("snipe").sp == 20
