"""``trench-war --game NAME`` (issue 19, part 1): every game's options, a misfitting one refused in one
line naming the game's own choices (exit 2), ``--help`` listing the games and ``--help --game NAME``
that game's variants and ruleset keys.  No window is opened: every case ends before one."""

from __future__ import annotations

import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def app(*args):
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    r = subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True,
                       timeout=120, env=env)
    return r.returncode, r.stdout, r.stderr


def test_help_lists_every_game_and_the_chosen_games_keys():
    rc, out, _ = app("--help")
    assert rc == 0
    for name in ("trench-war", "immortal-arena", "two-mists", "smoke-blood-steel"):
        assert f"  {name} " in out
    assert "trench-war: ruleset keys" in out and "gun_range" in out
    rc, out, _ = app("--help", "--game", "two-mists")
    assert rc == 0 and "two-mists: ruleset keys" in out and "damage_scout" in out and "gun_range" not in out


def test_an_option_that_does_not_fit_the_game_is_refused_naming_its_choices():
    rc, _, err = app("--game", "immortal-arena", "--players", "3")
    assert rc == 2 and err.strip() == "trench-war: --players 3 does not fit immortal-arena (players: 2)"
    rc, _, err = app("--game", "two-mists", "--variant", "civilians")
    assert rc == 2 and len(err.strip().splitlines()) == 1
    assert "--variant civilians is not a variant of two-mists" in err
    rc, _, err = app("--game", "trench-war", "--players", "5")
    assert rc == 2 and "(players: 2/3/4)" in err
    rc, _, err = app("--game", "chess")
    assert rc == 2 and "unknown game 'chess'" in err and "smoke-blood-steel" in err


def test_a_game_without_a_table_is_refused_in_one_line_naming_the_playable_ones(monkeypatch, capsys):
    # Every game has its table now: a catalog in which only Trench War's is registered stands in for
    # a game added to the rules before its table exists.
    import game.tables
    from game.app import main
    monkeypatch.setattr(game.tables, "CATALOG",
                        game.tables.Catalog(modules={"trench-war": game.tables.TABLE_MODULES["trench-war"]}))
    assert main(["--game", "smoke-blood-steel", "--seats", "human,easy"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "smoke-blood-steel cannot be played in the window yet" in err and "playable: trench-war" in err
    assert err.strip().endswith("playable: trench-war")


def test_every_game_on_the_table_is_playable():
    from game.tables import CATALOG, GAMES
    assert CATALOG.playable() == [g.name for g in GAMES]


def test_a_save_of_another_game_than_the_one_named_is_refused(tmp_path):
    from game.core.gamerecord import GameRecord, save_record
    path = tmp_path / "g.twr"
    save_record(str(path), GameRecord("trench-war", 2, 5, seats=("human", "easy"), actions=()))
    rc, _, err = app("--game", "two-mists", "--load", str(path))
    assert rc == 2 and f"{path} is a game of trench-war, not of --game two-mists" in err


def test_a_screenshot_draws_the_game_its_options_name(monkeypatch, tmp_path):
    """``--screenshot`` with seats, seed and rules draws that new game, not the demo position."""
    import game.ui.snapshot as snapshot
    from game.app import main
    drawn = {}

    def fake_render(out_path, **options):
        drawn.update(options)
        return out_path

    monkeypatch.setattr(snapshot, "render_screenshot", fake_render)
    out = str(tmp_path / "arena.png")
    assert main(["--game", "immortal-arena", "--set", "ruleset=dice", "--seats", "human,easy", "--seed", "5",
                 "--screenshot", out]) == 0
    ctl = drawn["ctl"]
    assert ctl.spec.name == "immortal-arena" and ctl.seed == 5 and list(ctl.settings) == ["ruleset=dice"]
    assert [ctl.is_human(seat) for seat in ctl.seats] == [True, False]
    drawn.clear()
    assert main(["--game", "two-mists", "--screenshot", out]) == 0
    assert drawn["ctl"] is None and drawn["game"] == "two-mists"   # the game's demo position
