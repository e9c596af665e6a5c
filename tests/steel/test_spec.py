"""The registry entry (game.core.registry): what the tools and bots reach the game through."""

from game.core.registry import get_game
from game.core.rng import Rng
from game.core.playout import random_game


def test_spec_entry_points_play_a_whole_game():
    spec = get_game("smoke-blood-steel")
    assert spec.players == (2,) and spec.default_players == 2
    rules = spec.make_ruleset(["sp_max=4"], ["effect-at-play"])
    st = spec.new_game(2, 11, rules)
    assert spec.seats(st) == ("I", "II") and spec.result(st) is None
    random_game(st, Rng(3))
    res = spec.result(st)
    assert set(res) >= {"winners", "reason", "scores", "mechs", "turns"}
    assert set(res["scores"]) == {"I", "II"} and spec.check_invariants(st) == []
    v = spec.view(st, "II")
    assert v.viewer == "II" and spec.parse_position(spec.format_view(v)) == v
    summary = spec.summarize([res, res])
    assert summary["draws"] in (0, 2) and summary["turns_mean"] == res["turns"]
    assert sum(summary["win_rate_by_mech"].values()) <= 2
    assert "cards" not in spec.extras["ruleset_keys"] and "effect-at-play" in spec.extras["variants"]


def test_spec_view_rejects_unknown_seat():
    spec = get_game("smoke-blood-steel")
    st = spec.new_game(2, 1, spec.make_ruleset([], []))
    try:
        spec.view(st, "N")
    except ValueError as exc:
        assert "'N' is not a seat" in str(exc)
    else:
        raise AssertionError("no error")
