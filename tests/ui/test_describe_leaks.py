"""TW-10 leak tests: two games that differ only in one seat's secret describe every other seat's
view identically: log entries (text and cells), previews, soldier sheets, scores."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(__file__)), "trench"))

from trench_helpers import play, position, scene  # noqa: E402

from game.core.errors import IllegalActionError  # noqa: E402
from game.core.protocol import CHANCE  # noqa: E402
from game.core.rng import Rng  # noqa: E402
from game.i18n import LANGUAGES, set_language  # noqa: E402
from game.trench.setup import new_game  # noqa: E402
from game.trench.view import redact_events, view  # noqa: E402
from game.trench.demo import lively_action  # noqa: E402
from game.tables.trench.logtext import Log  # noqa: E402
from game.tables.trench.preview import preview  # noqa: E402
from game.tables.trench.sheet import seat_scores, soldier_sheet  # noqa: E402


def described(st, viewer, actions):
    """Everything the describe layer says to ``viewer`` about the position ``st``."""
    v = view(st, viewer)
    return {
        "sheets": [soldier_sheet(v, s.sid) for s in v.soldiers],
        "previews": [preview(v, a) for a in actions],
    }


def entries(log):
    return [(e.round, e.seat, e.key, e.args, e.text, e.cells) for e in log.entries]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_TW_10_a_secret_weapon_assignment_and_plot_never_reach_the_other_seat(lang):
    set_language(lang)
    # S's soldiers hold different weapons in the two games, and S plotted a different 2nd
    # card; N's soldiers never see S's (no shared line or adjacency), and S never fires.
    def text(weapons, second):
        return scene(soldiers=f"S1 board b2 n weapons=S:{weapons[0]}:2:S\nS2 board c1 n weapons=S:{weapons[1]}:2:S\n"
                              "N1 board f6 s weapons=N:gun:4:N\nN2 board e7 s weapons=N:gas:2:N",
                     turn=f"S cards=move,{second} slot=1 uses=0", plots={"N": "move"}, order="S N",
                     rules="target_points_2p=9")
    games = [position(text(("gun", "bomb"), "turn")), position(text(("bomb", "gun"), "build"))]
    logs = [Log(view(st, "N")) for st in games]
    probes = ["S1 fire", "S1 fire b3", "S1 fire here", "S2 step n", "N1 step w", "N1 dash", "N2 fire here"]
    assert described(games[0], "N", probes) == described(games[1], "N", probes)
    for actions in ("S1 step n", "S pass", "N1 step w"):
        for k, st in enumerate(games):
            _, events = play(st, actions)
            logs[k].add(redact_events(events, "N"))
        assert entries(logs[0]) == entries(logs[1])
        assert described(games[0], "N", probes) == described(games[1], "N", probes)
        assert seat_scores(view(games[0], "N")) == seat_scores(view(games[1], "N"))
    # the secret is real: S's own sheets differ
    assert soldier_sheet(view(games[0], "S"), "S1") != soldier_sheet(view(games[1], "S"), "S1")


def _counterpart(a, b, act):
    """``act`` for game ``b``: an S weapon tile named by its holder's place in game ``a``."""
    tokens = str(act).split()
    for i, tok in enumerate(tokens):
        if tok.startswith("S:"):
            for sa in a.soldiers:
                for k, w in enumerate(sa.weapons):
                    if w.tile == tok:
                        tokens[i] = b.soldier(sa.sid).weapons[k].tile
    return " ".join(tokens)


def _secret_kept(st, owner, other):
    return all(w.kind == "?" for s in view(st, other).soldiers if s.seat == owner for w in s.weapons)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_TW_10_random_games_differing_in_one_arming_describe_alike_for_the_others(lang):
    """Replay a lively 3-player game with S's weapons armed the other way round; while W and N
    have not learned S's weapons, their log, sheets, scores and previews are the same (in
    either language: a translation must not add what the English leaves out)."""
    set_language(lang)
    for seed in (8, 5, 3):
        a = new_game(3, seed=seed)
        b = new_game(3, seed=seed)
        rng = Rng(seed)
        logs = {k: {s: Log() for s in ("W", "N")} for k in "ab"}
        compared = 0
        for step in range(400):
            if a.is_over():
                break
            act = lively_action(a, rng)
            text = str(act)
            other = _counterpart(a, b, act)
            if a.current_player() != CHANCE and text.startswith("S arm"):
                act = "S arm gun gas bomb"
                other = "S arm bomb gun gas"
            try:
                ev_a = a.apply(act)
                ev_b = b.apply(other)
            except IllegalActionError:
                break  # the games part ways (a hidden weapon acted): nothing more to compare
            if not (_secret_kept(a, "S", "W") and _secret_kept(a, "S", "N")
                    and _secret_kept(b, "S", "W") and _secret_kept(b, "S", "N")):
                break
            for seat in ("W", "N"):
                logs["a"][seat].add(redact_events(ev_a, seat))
                logs["b"][seat].add(redact_events(ev_b, seat))
                assert entries(logs["a"][seat]) == entries(logs["b"][seat]), (seed, step, text)
            if a.phase == "turn" and a.current_player() in ("W", "N") and step % 3 == 0:
                probes = [str(x) for x in a.legal_actions()[:12]] + [f"S{i} fire" for i in (1, 2, 3)]
                for seat in ("W", "N"):
                    assert described(a, seat, probes) == described(b, seat, probes), (seed, step)
                    assert seat_scores(view(a, seat), logs["a"][seat].tally()) == \
                        seat_scores(view(b, seat), logs["b"][seat].tally())
                compared += 1
        assert compared >= 3, (seed, compared)
