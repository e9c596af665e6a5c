"""Event-mode captions (issue 10, part 7): short words for the key moments, built from the
spectator's events only -- a secret never changes a caption (TW-10: hidden information)."""

from __future__ import annotations

import os
import re

import pytest

from game.core.events import make_event
from game.core.registry import get_game
from game.core.rng import Rng
from game.i18n import catalog, set_language
from game.trench.geometry import parse_cell
from game.tables.trench.captions import CaptionFeed, captions, spectator_captions
from game.ui.controller import Step
from game.trench.demo import action_weight
from game.tables.trench.ui import TrenchUI

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SPEC = get_game("trench-war")
#: verbs that may reveal which soldier holds which weapon (a legitimate public difference): they are
#: played only when they name no weapon tile, and the cards that fire or switch are never plotted
REVEALING = ("fire", "switch", "give", "console", "sink", "handover")


def _two_games(seed=4, steps=500):
    """Two games alike but for South's secret arming; the same later decisions in both as long as
    they are legal in both and reveal no weapon.  Returns the captions of each step, per game."""
    a = SPEC.new_game(2, seed, SPEC.make_ruleset([], []))
    b = a.clone()
    rng = Rng(99)
    caps_a, caps_b, kinds = [], [], set()
    for _ in range(steps):
        if a.is_over():
            break
        if a.current_player() == "chance":
            act_a = a.sample_chance()
            act_b = b.sample_chance()
        else:
            legal = a.legal_actions()
            if legal[0].verb == "arm" and legal[0].actor == "S":
                act_a, act_b = legal[0], b.legal_actions()[-1]  # different weapons, secretly
                assert str(act_a) != str(act_b)
            else:
                safe = [x for x in legal if not (x.verb in REVEALING and ":" in str(x))  # a weapon tile
                        and x.verb not in ("fire", "switch")
                        and not (x.verb == "plot" and {"fire", "equip"} & set(x.args))]
                if not safe:
                    break
                act_a = rng.weighted([(x, action_weight(a, x)) for x in safe])  # lively: soldiers land
                if act_a not in b.legal_actions():
                    break
                act_b = act_a
        ev_a, ev_b = a.apply(act_a), b.apply(act_b)
        kinds.update(e.kind for e in ev_a)
        caps_a.append(spectator_captions(SPEC, ev_a))
        caps_b.append(spectator_captions(SPEC, ev_b))
    assert SPEC.format_position(a) != SPEC.format_position(b)  # the secret is still there
    return caps_a, caps_b, kinds


def test_TW_10_a_secret_never_changes_the_captions():
    caps_a, caps_b, _kinds = _two_games()
    assert len(caps_a) > 80
    assert caps_a == caps_b
    flat = [c for cs in caps_a for c in cs]
    assert any("lands by" in c for c in flat) and any(c.startswith("Round ") for c in flat)
    assert any("sinks with its boat" in c for c in flat)


def test_TW_10_private_events_give_no_caption_even_when_passed_in():
    secret = make_event("death", "S2 dies", seen_by=frozenset({"S"}), sid="S2", cell=parse_cell("c3"),
                        cause="gas", killer="N")
    plot = make_event("plot-detail", "S plots move fire", seen_by=frozenset({"S"}), seat="S",
                      cards=("move", "fire"))
    assert captions([secret, plot]) == []
    assert spectator_captions(SPEC, [secret, plot]) == []


def test_TW_7_kill_gas_base_landing_and_winner_captions_in_english():
    events = [
        make_event("place", "S1 lands", sid="S1", cell=parse_cell("d1")),
        make_event("gas", "gas released", gid=1, owner="N", path=(parse_cell("c3"),), how="place", layer=2),
        make_event("death", "S2 dies", sid="S2", cell=parse_cell("c3"), cause="gas", killer="N"),
        make_event("death", "N1 dies", sid="N1", cell=parse_cell("c5"), cause="buried", killer=None),
        make_event("cube", "base destroyed", how="destroy", cause="bomb", frm=parse_cell("d7"), to=None, layer=1,
                   kind="N", sid=None),
        make_event("wind", "round 2", round=2, day=False, wind="e", forecasts=()),
        make_event("end", "game over", winners=("S",), reason="target"),
        make_event("move", "S3 steps", sid="S3"),  # not a key moment
    ]
    assert captions(events) == [
        "South's soldier 1 lands by d1.",
        "North releases poison gas on c3!",
        "North kills South's soldier 2 by poison gas!",
        "North's soldier 1 dies by an accident.",
        "North's base is destroyed!",
        "Round 2: night",
        "South wins the game!",
    ]


def test_captions_in_japanese_use_the_designers_words():
    set_language("ja")
    events = [make_event("gas", "gas", gid=1, owner="N", path=(parse_cell("c3"),), how="place", layer=2),
              make_event("death", "S2", sid="S2", cell=0, cause="assault", killer="N")]
    assert captions(events) == ["北軍がc3に毒ガスを放った！", "北軍が突撃で南軍の兵2を倒した！"]


def test_event_mode_hook_captions_a_step_from_spectator_events_only():
    from game.ui.event_mode import EventMode

    class Screen:  # the only things the hook reads
        class ctl:
            spec = SPEC
        ui = TrenchUI()

    mode = EventMode(lambda kinds, seed: None)
    mode.screen = Screen
    secret = make_event("death", "S2 dies", seen_by=frozenset({"N"}), sid="S2", cell=0, cause="gun", killer="N")
    public = make_event("escape", "S3 escapes", sid="S3", seat="S")
    mode._on_step(Step(0, "N", None, (secret, public)))
    assert mode.feed.texts() == ["South's soldier 3 breaks through and escapes!"]


def test_caption_feed_stays_bounded_and_expires():
    feed = CaptionFeed(limit=3, seconds=5.0)
    for i in range(1000):
        feed.add([f"c{i}"], now=float(i))
    assert feed.texts() == ["c997", "c998", "c999"]
    feed.expire(1003.5)
    assert feed.texts() == ["c999"]


def test_every_event_key_the_code_uses_is_in_both_catalogs():
    used = set()
    for name in ("game/ui/event_mode.py", "game/tables/trench/captions.py", "game/tables/trench/hints.py"):
        text = open(os.path.join(ROOT, name), encoding="utf-8").read()
        used |= set(re.findall(r'"(event\.[a-z0-9_.]+[a-z0-9_])"', text))
    from game.tables.trench.captions import CAUSES
    from game.ui.event_mode import ATTRACT_LEVELS, QUICK_LEVELS
    used |= {f"event.cause.{c}" for c in CAUSES + ("other",)}
    used |= {f"event.level.{lv}" for lv in ATTRACT_LEVELS + QUICK_LEVELS}
    used |= {f"event.offer.{lv}" for lv in QUICK_LEVELS}
    used |= {f"event.hint.{k}" for k in ("arm", "place", "base", "extra", "console", "handover", "sink", "gas",
                                         "interrupt", "penalty", "plot", "plot2", "confirm")}
    used |= {f"event.seat.{s}" for s in "SWNE"}
    for lang in ("en", "ja"):
        assert sorted(used - set(catalog(lang))) == [], lang


def test_TW_4_no_flicker_between_day_and_night_the_bots_wait_after_each_round_wind():
    from game.ui.event_mode import ROUND_HOLD, EventMode

    class Screen:
        class ctl:
            spec = SPEC
        ui = TrenchUI()

    mode = EventMode(lambda kinds, seed: None)
    mode.screen = Screen
    assert mode.pauses is False
    mode._on_step(Step(3, None, None, (make_event("wind", "round 2", round=2, day=False, wind="e"),)))
    assert mode.feed.texts() == ["Round 2: night"]
    mode.t += ROUND_HOLD - 0.1
    assert mode.pauses is True  # bots and chance wait: the night stays on screen
    mode.t += 0.2
    assert mode.pauses is False
    mode.quick_game = True  # a visitor's game is never held
    mode._on_step(Step(4, None, None, (make_event("wind", "round 3", round=3, day=True, wind="e"),)))
    assert mode.pauses is False


def test_TW_5_quick_game_hints_follow_the_plot_slots():
    from game.tables.trench.hud_bench import _setup
    from game.ui.controller import GameController
    from game.tables.trench.hints import hint
    from game.ui.seats import parse_seats
    ctl = GameController(SPEC, SPEC.new_game(2, 3, SPEC.make_ruleset([], [])), parse_seats("human,easy"), {})
    _setup(ctl)  # up to South's first plot

    class Screen:
        anim, menu, actor = None, None, "none"
        plot_slots = [None, None]

        def deciding_human(self):
            return ctl.human_to_decide()

    screen = Screen()
    screen.ctl, screen.view = ctl, ctl.view_for("S")
    assert ctl.deciding() == "S" and screen.view.phase == "plot"
    assert hint(screen) == ("event.hint.plot", ())
    screen.plot_slots = ["move", None]
    assert hint(screen) == ("event.hint.plot2", ())
    screen.plot_slots = ["move", "fire"]
    assert hint(screen) == ("event.hint.confirm", ())
    ctl.submit("S", SPEC.parse_actions("S plot move fire")[0])
    screen.view = ctl.view_for("S")
    assert hint(screen) == ("event.hint.wait", (("name", "North"),))


def test_the_attract_loop_takes_turns_between_the_playable_games():
    """With several games on the table each attract game is the next game's, at its own player count."""
    from game.ui.event_mode import EventMode

    made = []

    class Screen:
        def set_controller(self, ctl):
            self.ctl = ctl

        class camera:
            class goal:
                azimuth = 0.0

            @staticmethod
            def snap(pose):
                pass

    def make(kinds, seed, game=None):
        made.append((game, len(kinds)))
        return None

    mode = EventMode(make, games=["trench-war", "two-mists"])
    mode.screen = Screen()
    for _ in range(3):
        mode._attract_game()
    assert made == [("trench-war", 2), ("two-mists", 4), ("trench-war", 2)]
    one = EventMode(lambda kinds, seed: made.append(("only", len(kinds))), games=["trench-war"])
    one.screen = Screen()
    one._attract_game()
    assert made[-1] == ("only", 2)  # one game: the maker's own, called as before


def test_the_quick_game_offers_the_choice_of_game_when_several_are_playable():
    from game.ui.event_mode import EventMode

    made = []

    class Screen:
        delay = speed = 0.0
        show_log = False

        def set_controller(self, ctl):
            self.ctl = ctl

    def make(kinds, seed, game=None):
        made.append((game, [k.kind for k in kinds]))

    mode = EventMode(make, games=["trench-war", "two-mists"])
    mode.screen = Screen()
    assert mode.offered_game() == "trench-war"
    mode.offer_game = 1
    mode._quick_game("easy")
    assert made[-1] == ("two-mists", ["human", "easy", "easy", "easy"])
    single = EventMode(lambda kinds, seed: made.append(("own", [k.kind for k in kinds])), games=["trench-war"])
    single.screen = Screen()
    assert single.offered_game() is None
    single._quick_game("normal")
    assert made[-1] == ("own", ["human", "normal"])


@pytest.mark.parametrize("variants, en, ja", [
    ([], "gun, gas gun, bombs", "銃・毒ガス・爆弾"),
    (["first-game"], "gun, bombs", "銃・爆弾"),
])
def test_TW_3_2_TW_11_the_arming_hint_names_the_weapons_this_ruleset_hands_out(variants, en, ja):
    from game.i18n import set_language, tr
    from game.tables.trench.hints import hint
    from game.ui.controller import GameController
    from game.ui.seats import parse_seats
    ctl = GameController(SPEC, SPEC.new_game(2, 3, SPEC.make_ruleset([], variants)), parse_seats("human,easy"), {})
    while ctl.deciding() == "chance":
        ctl.apply_chance()

    class Screen:
        anim, menu, actor = None, None, "none"

        def deciding_human(self):
            return ctl.human_to_decide()

    screen = Screen()
    screen.ctl, screen.view = ctl, ctl.view_for("S")
    assert screen.view.phase == "arm"
    assert hint(screen) == ("event.hint.arm", (("weapons", en),))
    key, params = hint(screen)
    assert "gas" not in tr(key, **dict(params)) or variants == []
    set_language("ja")
    try:
        assert hint(screen) == ("event.hint.arm", (("weapons", ja),))
    finally:
        set_language("en")
