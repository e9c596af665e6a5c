"""game.workbench.metrics on hand-made games: the lead metrics, rates and the skill gradient."""

from __future__ import annotations

from game.workbench import metrics


def line(standings, winners, actions=100, seats=None, ending="target", first="S"):
    return {"key": "A/main/0", "seats": seats or {"S": "normal", "N": "normal"}, "order": ["S", "N"],
            "result": {"winners": winners}, "standings": standings,
            "figures": {"ending": ending, "first": first, "actions": actions, "length": {"round": 5},
                        "sources": {"S": {"kill": 1}, "N": {"kill": 0}}, "questions": {"boats_sunk": 2,
                                                                                          "odd": True},
                        "fired": {"card": {"move": 3}}}}


def test_lead_of_a_comeback_win():
    # N leads first, S draws level at 40, leads from 60 to the end: one change of leader, a comeback
    g = line([[0, {"S": 0, "N": 0}], [20, {"S": 0, "N": 1}], [40, {"S": 1, "N": 1}], [60, {"S": 2, "N": 1}]], ["S"])
    f = metrics.lead_figures(g)
    assert f["lead_changes"] == 1
    assert f["decisiveness"] == 0.6
    assert f["comeback"] is True
    assert f["course"][:3] == [0, 0, -1] and f["course"][6:] == [1, 1, 1, 1, 1]


def test_lead_of_a_winner_by_tie_break_and_of_a_shared_win():
    level = [[0, {"S": 0, "N": 0}]]
    assert metrics.lead_figures(line(level, ["N"]))["decisiveness"] == 1.0     # never ahead: decided at the end
    assert metrics.lead_figures(line(level, ["N"]))["comeback"] is False
    assert "decisiveness" not in metrics.lead_figures(line(level, ["S", "N"]))
    assert metrics.lead_figures(line([], ["S"])) is None


def test_arm_metrics_rates_endings_and_fired():
    games = [line([[0, {"S": 0, "N": 0}], [50, {"S": 1, "N": 0}]], ["S"]),
             line([[0, {"S": 0, "N": 0}]], [], ending="judgement (points)"),
             line([[0, {"S": 0, "N": 0}], [30, {"S": 0, "N": 1}]], ["N"], first="N")]
    m = metrics.arm_metrics(games, ["S", "N"])
    assert m["win_rate_by_seat"]["S"]["count"] == 1 and m["win_rate_by_seat"]["S"]["n"] == 3
    assert m["draws"]["count"] == 1
    assert m["first_player"]["count"] == 2 and m["first_player"]["fair"] == 0.5
    assert m["win_rate_by_turn_order"]["1"]["count"] == 2 and m["win_rate_by_turn_order"]["2"]["count"] == 0
    assert m["endings"]["target"]["count"] == 2 and m["endings"]["judgement (points)"]["count"] == 1
    assert m["sources"]["kill"]["mean"] == 1.0 and m["sources"]["kill"]["winners_points"] == 1
    assert m["questions"]["odd"]["kind"] == "rate" and m["questions"]["odd"]["count"] == 3
    assert m["questions"]["boats_sunk"]["kind"] == "mean" and m["questions"]["boats_sunk"]["mean"] == 2
    assert m["fired"]["card"]["counts"] == {"move": 9}
    assert metrics.never_fired(m["fired"], {"card": ("move", "dig")}) == {"card": ["dig"]}


def test_skill_gradient_flags_a_stronger_bot_that_stops_winning_more():
    strong = {"S": "normal", "N": "easy"}
    weak_wins = [line([], ["N"], seats=strong) for _ in range(6)] + [line([], ["S"], seats=strong) for _ in range(4)]
    g = metrics.gradient_metrics(weak_wins, "normal", 2)
    assert g["rate"] == 0.4 and g["flag"] is True and g["verdict"].startswith("FLAG")
    clear = [line([], ["S"], seats=strong) for _ in range(30)]
    g = metrics.gradient_metrics(clear, "normal", 2)
    assert g["flag"] is False and "skill pays" in g["verdict"]
    unsure = [line([], ["S"], seats=strong) for _ in range(6)] + [line([], ["N"], seats=strong) for _ in range(4)]
    g = metrics.gradient_metrics(unsure, "normal", 2)
    assert g["flag"] is False and "more games are needed" in g["verdict"]
