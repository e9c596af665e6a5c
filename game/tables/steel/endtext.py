"""The end of a game of Smoke Blood Steel explained (SB-10), from a finished view.

Public API::

    end_lines(view) -> list[Phrase]
        # how it ended: a mech destroyed (HP 0), all escorts gone, or the clock at 作戦終了 with
        # each side's HP plus escorts compared (or HP only, ``end_score = hp``), the draw;
        # then the winner, or the draw.

The scores are the rules core's own (``view.result.scores``, ``view.score``).
"""

from __future__ import annotations

from game.steel.actions import SEATS

from .words import named, phrase


def end_lines(view) -> list:
    r = view.result
    if r is None:
        raise ValueError("the game is not over")
    cs = view.rules.card_set
    out = []
    if r.reason == "mech":
        loser = next(s for s in (0, 1) if view.hp[s] <= 0)
        out.append(phrase("end.mech", seat=SEATS[loser], mech=named(cs.mech(view.mechs[loser]))))
    elif r.reason == "escorts":
        loser = next(s for s in (0, 1) if not view.escorts_of(s))
        out.append(phrase("end.escorts", seat=SEATS[loser]))
    elif r.reason == "both":
        out.append(phrase("end.both"))
    else:
        out.append(phrase("end.clock"))
        for s in (0, 1):
            if view.rules.end_score == "hp":
                out.append(phrase("end.score.hp", seat=SEATS[s], hp=view.hp[s], score=r.scores[s]))
            else:
                out.append(phrase("end.score", seat=SEATS[s], hp=view.hp[s], escorts=len(view.escorts_of(s)),
                                  score=r.scores[s]))
    if r.winners:
        out.append(phrase("end.winner", seat=r.winners[0]))
    else:
        out.append(phrase("end.draw"))
    return out
